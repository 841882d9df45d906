"""Replays for slides (``sn.animate``): a GIF with one frame for the set-up and one per move,
from a game, a record's text or a record file."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import itertools

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

import siege_nb as sn
from siege_nb.render import animate as animate_module
from siege_nb.render.animate import _fit_caption, replay, replay_captions
from siege_nb.render.view import BoardView

ORANGE = (0xE6, 0x9F, 0x00)  # the garrison's colour (render/style.py)


def _paris_game() -> sn.Game:
    g = sn.new_game("siege-of-paris")
    for move in ("C0-f5", "b3-a4", "f5-e5"):
        g.play(move)
    return g


def _frames(path: Path) -> list[Image.Image]:
    with Image.open(path) as gif:
        out = []
        for n in range(gif.n_frames):
            gif.seek(n)
            out.append(gif.convert("RGB"))
        return out


def _is_orange(pixel: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(pixel[:3], ORANGE, strict=True))


def test_one_frame_for_the_set_up_and_one_per_move(tmp_path: Path) -> None:
    g = _paris_game()
    before = g.to_json()
    out = sn.animate(g, tmp_path / "game.gif", fps=4, dpi=60)
    assert out == tmp_path / "game.gif"
    assert g.to_json() == before  # the game is left as it was
    frames = _frames(out)
    assert len(frames) == len(g.moves) + 1 == 4
    with Image.open(out) as gif:
        assert gif.info["duration"] == 250 and gif.info["loop"] == 0

    # Where C0 and f5 are drawn, from a view of the set-up at the same size.
    start = replay(g)[0]
    view = BoardView(start, legend=True)
    FigureCanvasAgg(view.fig).draw()
    width, height = frames[0].size
    # Matplotlib makes a picture of whole pixels by dropping the fraction.
    assert (width, height) == (
        int(view.fig.get_figwidth() * 60),
        int(view.fig.get_figheight() * 60),
    )

    def pixel(frame: Image.Image, node: str) -> tuple[int, ...]:
        fx, fy = view.fraction_of(node)
        return frame.getpixel((int(fx * width), int(fy * height)))  # type: ignore[return-value]

    # The set-up: the garrison colonel on C0, nothing on f5; after move 1 the other way round.
    assert _is_orange(pixel(frames[0], "C0")) and not _is_orange(pixel(frames[0], "f5"))
    assert not _is_orange(pixel(frames[1], "C0")) and _is_orange(pixel(frames[1], "f5"))
    assert _is_orange(pixel(frames[3], "e5")) and not _is_orange(pixel(frames[3], "f5"))
    # Every frame differs from the one before (a caption at least), so none was merged away.
    for a, b in itertools.pairwise(frames):
        assert a.tobytes() != b.tobytes()


def test_captions_say_which_move_and_the_result() -> None:
    g = _paris_game()
    assert replay_captions(g) == [
        "Set-up · garrison to move",
        "Move 1 of 3 · garrison: C0-f5",
        "Move 2 of 3 · white: b3-a4",
        "Move 3 of 3 · garrison: f5-e5",
    ]
    assert (
        replay_captions(g, stop=1)[-1] == "Move 1 of 3 · garrison: C0-f5 · 2 more moves not shown"
    )
    won = sn.new_game("siege-of-paris", position={"k7": "garrison soldier", "j8": "black soldier"})
    won.play("k7xj8")
    assert replay_captions(won)[-1] == "Move 1 of 1 · garrison: k7xj8 · garrison win"


@pytest.mark.parametrize("form", ["text", "bytes", "str path", "Path"])
def test_a_record_is_replayed_from_text_or_a_file(tmp_path: Path, form: str) -> None:
    g = sn.new_game("pyramid-siege")
    for _ in range(3):
        g.play(g.legal_moves()[0])
    record = tmp_path / "game.json"
    record.write_text(g.to_json())
    source = {
        "text": g.to_json(),
        "bytes": g.to_json().encode(),
        "str path": str(record),
        "Path": record,
    }[form]
    out = sn.animate(source, tmp_path / "replay.gif", dpi=40)
    assert len(_frames(out)) == 4


def test_the_key_is_beside_the_board_unless_left_out(tmp_path: Path) -> None:
    g = _paris_game()
    with_key = _frames(sn.animate(g, tmp_path / "key.gif", dpi=40))[0]
    without = _frames(sn.animate(g, tmp_path / "plain.gif", dpi=40, legend=False))[0]
    assert with_key.size[0] > without.size[0] + 60  # the key's room beside the tall board


def test_long_games_are_refused_or_shortened_as_asked(tmp_path: Path) -> None:
    g = _paris_game()
    with pytest.raises(ValueError, match=r"3 moves, 4 frames.*max_frames=3.*truncate=True"):
        sn.animate(g, tmp_path / "long.gif", max_frames=3)
    assert not list(tmp_path.iterdir())  # refused before anything was written
    out = sn.animate(g, tmp_path / "long.gif", max_frames=3, truncate=True, dpi=40)
    assert len(_frames(out)) == 3
    assert animate_module.DEFAULT_MAX_FRAMES > 100


@pytest.mark.parametrize(
    ("source", "path", "kwargs", "error", "message"),
    [
        (42, "a.gif", {}, TypeError, "not int"),
        ("no-such-record.json", "a.gif", {}, FileNotFoundError, "no file"),
        ("{not json", "a.gif", {}, sn.RecordError, "not valid JSON"),
        (None, "a.png", {}, ValueError, "a .gif file"),
        (None, "a.gif", {"max_frames": 0}, ValueError, "max_frames"),
        (None, "a.gif", {"fps": 0}, ValueError, "fps"),
        (None, "a.gif", {"legend": "left"}, ValueError, "legend"),
    ],
)
def test_clear_errors(
    tmp_path: Path, source: object, path: str, kwargs: dict, error: type, message: str
) -> None:
    if source is None:
        source = _paris_game()
    elif isinstance(source, str) and source.endswith(".json"):
        source = str(tmp_path / source)
    with pytest.raises(error, match=message):
        sn.animate(source, tmp_path / path, **kwargs)  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())


def test_a_failure_leaves_no_half_written_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.gif"
    target.write_bytes(b"yesterday's replay")

    def broken(self: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(animate_module._GifWriter, "finish", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        sn.animate(_paris_game(), target, dpi=40)
    assert target.read_bytes() == b"yesterday's replay"
    assert [p.name for p in tmp_path.iterdir()] == ["game.gif"]


def test_a_long_caption_is_set_smaller_to_stay_on_the_figure() -> None:
    view = BoardView(sn.new_game("siege-of-paris"))
    canvas = FigureCanvasAgg(view.fig)
    canvas.draw()
    view.update(caption="Move 199 of 200 · garrison: c7xc5xe5xe7xg7 · 1 more move not shown")
    _fit_caption(view, canvas.get_renderer())
    box = view.ax.title.get_window_extent(canvas.get_renderer())
    assert view.ax.title.get_fontsize() < 15
    assert box.x0 >= 0 and box.x1 <= view.fig.bbox.width
