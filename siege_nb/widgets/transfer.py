"""Game records in and out of a page: a download the kernel starts, and a record file read.

ipywidgets has an upload button (``FileUpload``) but no download: a link made in an HTML
widget would have to hold the whole record from the start and be remade after every move.
:class:`Downloader` is a tiny front-end widget instead: the kernel sends it the record when
the reader asks, and the browser saves it as a file.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from siege_nb.errors import check_type
from siege_nb.games.base import Game
from siege_nb.records import MAX_CHARACTERS, RecordError, load_game

__all__ = ["Downloader", "read_upload", "record_filename"]

# The browser side: on a "download" message, save its text as a file named as the message
# says (a link to a blob, clicked and removed at once).
DOWNLOAD_ESM = """
export default {
  render({ model, el }) {
    el.dataset.siegeDownloader = '';
    const save = (msg) => {
      if (!msg || msg.kind !== 'download') return;
      const blob = new Blob([msg.text], {type: 'application/json'});
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = msg.filename;
      a.style.display = 'none';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 30000);
    };
    model.on('msg:custom', save);
    return () => model.off('msg:custom', save);
  }
};
"""

try:
    from anywidget import AnyWidget as _Base
except ImportError:  # pragma: no cover - anywidget is a dependency
    _Base = w.Box  # type: ignore[misc]


class Downloader(_Base):  # type: ignore[misc,valid-type]
    """An invisible widget that makes the browser save a text as a file.

    Put it anywhere in a displayed widget; :meth:`save` sends the text, and every view of the
    widget in the page saves it (one view: one file). ``last`` keeps the last file sent, as
    ``(filename, text)``, for tests and for a reader who asks again.
    """

    _esm = DOWNLOAD_ESM

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=w.Layout(width="0px", height="0px", overflow="hidden"), **kwargs)
        self.last: tuple[str, str] | None = None

    def save(self, filename: str, text: str) -> None:
        """Ask the browser to save ``text`` as the file ``filename``."""
        check_type(filename, str, "filename")
        check_type(text, str, "text")
        self.last = (filename, text)
        self.send({"kind": "download", "filename": filename, "text": text})


def record_filename(game: Game) -> str:
    """The file name a game's record is saved under: the game and how far it has got.

    >>> import siege_nb as sn
    >>> record_filename(sn.new_game("belagerung"))
    'belagerung-move-0.json'
    """
    return f"{game.game}-move-{game.ply}.json"


def read_upload(value: Any) -> Game:
    """The game recorded in the file a ``FileUpload`` holds (its ``value``: one file).

    Raises :class:`~siege_nb.records.RecordError` (a ``ValueError``) with the reason in words
    for a file that is no game record: too large, not text, not a record, or a record whose
    rules, set-up or moves are not valid.
    """
    if not value:
        raise RecordError("no file was chosen")
    item = value[0]
    name = str(item.get("name", "the file"))
    content = item.get("content")
    data = bytes(content) if content is not None else b""
    # A record is text: four bytes per character at the very most.
    if len(data) > 4 * MAX_CHARACTERS:
        raise RecordError(
            f"{name} is {len(data):,} bytes, larger than any game record this board reads"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{name} is not a text file (a game record is JSON text)") from None
    try:
        return load_game(text)
    except RecordError as err:
        raise RecordError(f"{name} is not a game record this board can read: {err}") from None
