"""A game replayed as an animated GIF, for slides: one frame for the set-up, then one per move,
each with the last move's arrow and a caption saying which move it is.

One :class:`~siege_nb.render.view.BoardView` is drawn once and updated in place for every
frame (matplotlib's ``FuncAnimation``), and Pillow, which matplotlib itself depends on,
writes the GIF.

>>> import siege_nb as sn, tempfile, pathlib
>>> g = sn.new_game("pyramid-siege")
>>> _ = g.play(g.legal_moves()[0])
>>> with tempfile.TemporaryDirectory() as folder:
...     out = sn.animate(g, pathlib.Path(folder, "game.gif"))
...     out.name, out.read_bytes()[:6]
('game.gif', b'GIF89a')
"""

from __future__ import annotations

import os
from io import BytesIO
from pathlib import Path
from typing import Any

from matplotlib.animation import FuncAnimation, PillowWriter
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from siege_nb.errors import ArgumentError, check_int, shorten
from siege_nb.games.base import Game, result_words, side_words
from siege_nb.i18n import ngettext, tr, using
from siege_nb.records import load_game
from siege_nb.render import check_game
from siege_nb.render.checks import check_dpi, check_flag, check_number
from siege_nb.render.files import (
    PathError,
    PathNotFound,
    check_path,
    os_refusal,
    path_tail,
    write_atomically,
)
from siege_nb.render.view import BoardView, key_side

__all__ = ["DEFAULT_MAX_FRAMES", "animate", "replay", "replay_captions"]

DEFAULT_MAX_FRAMES = 201
"""The set-up and 200 moves: at two frames a second, a replay of nearly two minutes."""


class _GifWriter(PillowWriter):
    """matplotlib's Pillow writer, keeping each frame in the 256 colours a GIF stores anyway:
    a quarter of the memory of full-colour frames, so a long replay stays light."""

    def __init__(self, fps: float) -> None:
        # matplotlib counts whole frames a second; the GIF keeps the exact duration.
        super().__init__(fps=max(1, round(fps)))
        self._duration = round(1000 / fps)

    def setup(self, fig: Any, outfile: Any, dpi: float | None = None) -> None:
        super().setup(fig, outfile, dpi=dpi)
        self._gif_frames: list[Image.Image] = []

    def grab_frame(self, **savefig_kwargs: Any) -> None:
        buffer = BytesIO()
        self.fig.savefig(buffer, **{**savefig_kwargs, "format": "rgba", "dpi": self.dpi})
        size = self.frame_size
        rgba = Image.frombuffer("RGBA", size, buffer.getvalue(), "raw", "RGBA", 0, 1)
        # No dithering: boards are flat colours, and dots would blur the pieces' edges.
        frame = rgba.convert("RGB").quantize(256, dither=Image.Dither.NONE)
        self._gif_frames.append(frame)

    def finish(self) -> None:
        first, *rest = self._gif_frames
        first.save(self.outfile, save_all=True, append_images=rest, duration=self._duration, loop=0)


def _as_game(game_or_record: Any) -> Game:
    """A :class:`Game` from a game, a record's JSON text (or bytes), or a record file's path."""
    argument = "game_or_record"
    if isinstance(game_or_record, Game):
        return game_or_record
    if isinstance(game_or_record, bytes):
        return load_game(game_or_record)
    if isinstance(game_or_record, str) and game_or_record.lstrip().startswith("{"):
        return load_game(game_or_record)
    if isinstance(game_or_record, (str, os.PathLike)):
        path = check_path(game_or_record, argument, what="record")
        try:
            if not path.is_file():
                raise PathNotFound(
                    argument,
                    str(path),
                    "a Game, a game record (JSON text) or the path of a record file: "
                    f"there is no file {path_tail(path)}",
                )
            data = path.read_bytes()
        except PathError:
            raise
        except OSError as err:
            raise os_refusal(err, argument, path, "read (a game record)") from None
        return load_game(data)
    raise TypeError(
        f"{argument}: animate replays a Game, a game record (JSON text) or the path of a "
        f"record file, not {type(game_or_record).__name__} ({shorten(game_or_record)})"
    )


def replay(game: Game) -> list[Game]:
    """The game at its set-up and after each of its moves: ``len(game.moves) + 1`` games,
    each an independent copy (``game`` itself is left as it is).

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris")
    >>> _ = g.play("C0-f5")
    >>> [len(step.moves) for step in replay(g)]
    [0, 1]
    """
    check_game(game)
    start = game.clone()
    while start.can_undo:
        start.undo()
    steps = [start.clone()]
    for move in game.moves:
        start.play(move)
        steps.append(start.clone())
    return steps


def _result_words(game: Game) -> str:
    if game.result is None:
        return ""
    return tr("a draw") if game.result.winner is None else result_words(game.result.winner)


def replay_captions(game: Game, stop: int | None = None) -> list[str]:
    """The caption of every frame: the set-up, then ``Move n of N · side: move``; the last
    frame adds the result, or says how many moves a shortened replay leaves out.

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris")
    >>> _ = g.play("C0-f5")
    >>> replay_captions(g)
    ['Set-up · garrison to move', 'Move 1 of 1 · garrison: C0-f5']
    """
    check_game(game)
    if stop is not None:
        check_int(stop, "stop", minimum=0)
    steps = replay(game)
    total = len(game.moves)
    shown = total if stop is None else min(stop, total)
    captions = [tr("Set-up · {side} to move", side=side_words(steps[0].to_move))]
    for n in range(1, shown + 1):
        side = side_words(steps[n - 1].to_move)
        captions.append(
            tr(
                "Move {n} of {total} · {side}: {move}",
                n=n,
                total=total,
                side=side,
                move=game.moves[n - 1].text,
            )
        )
    if shown < total:
        left = total - shown
        captions[-1] += " · " + ngettext(
            "{n} more move not shown", "{n} more moves not shown", left
        )
    elif _result_words(game):
        captions[-1] += f" · {_result_words(game)}"
    return captions


def _fit_caption(view: BoardView, renderer: Any) -> None:
    """Shrink the caption's type until it fits the figure's width (long chains, results)."""
    caption = view.ax.title
    size = 15.0
    caption.set_fontsize(size)
    room = view.fig.bbox.width * 0.96
    while caption.get_window_extent(renderer).width > room and size > 8:
        size -= 1
        caption.set_fontsize(size)


def animate(
    game_or_record: Game | str | bytes | os.PathLike[str],
    path: str | os.PathLike[str],
    *,
    fps: float = 2,
    dpi: float = 80,
    max_frames: int = DEFAULT_MAX_FRAMES,
    truncate: bool = False,
    legend: bool | str = True,
    language: str | None = None,
) -> Path:
    """Replay a game move by move into an animated GIF at ``path`` and return the path.

    ``game_or_record`` is a :class:`~siege_nb.Game`, a game record (the JSON text of
    ``Game.to_json()``) or the path of a file holding one. The GIF has one frame for the
    set-up and one per move, ``fps`` frames a second, ``dpi`` pixels per inch of the usual
    board figure, and loops. A game longer than ``max_frames`` frames raises a
    ``ValueError`` saying so, unless ``truncate=True``: the replay then stops after
    ``max_frames - 1`` moves and its last caption says how many are left out. ``legend``
    puts the key beside or below the board, as :func:`siege_nb.draw` does (``False`` leaves
    it out, ``"right"``/``"below"`` choose its side). The captions are in ``language``
    (``"en"``, ``"fr"``, ``"pt"``; the language in force by default).

    The file is written whole or not at all (see :func:`siege_nb.handout`). Every argument
    is checked before the game is replayed: ``fps`` from 0.01 to 50, ``dpi``
    from 10 to 600, ``max_frames`` a whole number of at least 1, ``truncate`` ``True`` or
    ``False``; a wrong one is a ``TypeError`` or an :class:`~siege_nb.ArgumentError`.
    """
    if language is not None:
        with using(language):
            return animate(
                game_or_record,
                path,
                fps=fps,
                dpi=dpi,
                max_frames=max_frames,
                truncate=truncate,
                legend=legend,
            )
    target = check_path(path, "path", what="animation", suffixes=(".gif",))
    fps = check_number(fps, "fps", minimum=0.01, maximum=50)
    dpi = check_dpi(dpi)
    check_int(max_frames, "max_frames", minimum=1)
    check_flag(truncate, "truncate")
    key_side(legend, 1.0)  # a clear error for a wrong value, before anything is drawn
    game = _as_game(game_or_record)
    total = len(game.moves)
    if total + 1 > max_frames and not truncate:
        raise ArgumentError(
            "max_frames",
            max_frames,
            f"this game has {total} moves, {total + 1} frames with the set-up, more than "
            f"max_frames={max_frames}: pass max_frames={total + 1} to replay it all, or "
            f"truncate=True to stop after {max_frames - 1} moves",
        )
    shown = min(total, max_frames - 1)
    steps = replay(game)[: shown + 1]
    captions = replay_captions(game, stop=shown)

    def write(temporary: Path) -> None:
        view = BoardView(steps[0], caption=captions[0], legend=legend)
        canvas = FigureCanvasAgg(view.fig)
        # Lay the figure out once, then keep it: a caption of another length must not move
        # the board between frames.
        canvas.draw()
        view.fig.set_layout_engine("none")
        renderer = canvas.get_renderer()

        def frame(n: int) -> list[Any]:
            view.update(steps[n], caption=captions[n])
            _fit_caption(view, renderer)
            return view.dynamic_artists()

        animation = FuncAnimation(
            view.fig, frame, frames=len(steps), init_func=lambda: [], repeat=False
        )
        animation.save(str(temporary), writer=_GifWriter(fps=fps), dpi=dpi)

    return write_atomically(target, write, what="animation", suffixes=(".gif",))
