"""Game records in and out of a page: a download the kernel starts, and a record file read.

ipywidgets has no download, and a link made in an HTML widget would have to hold the whole
record from the start and be remade after every move: :class:`Downloader` is a tiny
front-end widget instead, which the kernel sends the record when the reader asks, and the
browser saves it as a file. ipywidgets' upload button counts the files it holds in its label
("Load (0)") and keeps them: :class:`FilePicker` is a plain button that sends the chosen
file's bytes once and keeps nothing.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import traitlets

from siege_nb.errors import check_type
from siege_nb.games.base import Game
from siege_nb.i18n import tr
from siege_nb.records import MAX_CHARACTERS, RecordError, load_game

__all__ = ["Downloader", "FilePicker", "read_record", "read_upload", "record_filename"]

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


# The browser side of the file picker: a button in the style of ipywidgets' buttons and a
# hidden file input; the chosen file's bytes go to the kernel in one message (a file larger
# than the kernel accepts is not read: only its name and size go).
PICK_ESM = """
export default {
  render({ model, el }) {
    el.dataset.siegeFilePicker = '';
    const button = document.createElement('button');
    button.className = 'jupyter-widgets jupyter-button widget-button';
    button.style.width = 'auto';
    button.title = model.get('tooltip');
    const icon = document.createElement('i');
    icon.className = 'fa fa-' + model.get('icon');
    button.appendChild(icon);
    button.appendChild(document.createTextNode(' ' + model.get('description')));
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = model.get('accept');
    input.style.display = 'none';
    button.addEventListener('click', () => input.click());
    input.addEventListener('change', async () => {
      const file = input.files[0];
      input.value = '';
      if (!file) return;
      if (file.size > model.get('max_bytes')) {
        model.send({kind: 'file', name: file.name, size: file.size, read: false});
        return;
      }
      const data = await file.arrayBuffer();
      model.send({kind: 'file', name: file.name, size: file.size, read: true}, undefined, [data]);
    });
    el.appendChild(button);
    el.appendChild(input);
  }
};
"""


class FilePicker(_Base):  # type: ignore[misc,valid-type]
    """A button that opens the browser's file chooser and hands the chosen file to
    ``on_file(name, data)`` in the kernel (``data`` the file's bytes, or ``None`` for a file
    larger than ``max_bytes``, which the browser does not read). Nothing is kept: the same
    file can be chosen again. Tests call :meth:`receive` as the browser's message does."""

    _esm = PICK_ESM
    description = traitlets.Unicode("Load").tag(sync=True)
    icon = traitlets.Unicode("upload").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode(".json,application/json").tag(sync=True)
    max_bytes = traitlets.Int(4 * MAX_CHARACTERS).tag(sync=True)

    def __init__(self, on_file: Any = None, **kwargs: Any) -> None:
        super().__init__(layout=w.Layout(width="auto"), **kwargs)
        self.on_file = on_file
        self.on_msg(self._on_message)

    def _on_message(self, _: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("kind") != "file":
            return
        data = bytes(buffers[0]) if content.get("read") and buffers else None
        self.receive(str(content.get("name", "the file")), data, int(content.get("size", 0)))

    def receive(self, name: str, data: bytes | None, size: int | None = None) -> None:
        """Hand a chosen file to ``on_file``: its name and bytes (``None`` if too large to
        read; ``size`` then says how large)."""
        if self.on_file is not None:
            self.on_file(name, data, len(data) if data is not None else size or 0)


def read_record(name: str, data: bytes | None, size: int = 0) -> Game:
    """The game recorded in the file ``name`` whose bytes are ``data`` (``None``: too large
    to be read, ``size`` bytes).

    Raises :class:`~siege_nb.records.RecordError` (a ``ValueError``) with the reason in words
    for a file that is no game record: too large, not text, not a record, or a record whose
    rules, set-up or moves are not valid.
    """
    if data is None or len(data) > 4 * MAX_CHARACTERS:
        size = len(data) if data is not None else size
        raise RecordError(
            tr(
                "{file} is {size} bytes, larger than any game record this board reads",
                file=name,
                size=format(size, ","),
            )
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(
            tr("{file} is not a text file (a game record is JSON text)", file=name)
        ) from None
    try:
        return load_game(text)
    except RecordError as err:
        raise RecordError(
            tr("{file} is not a game record this board can read: {error}", file=name, error=err)
        ) from None


def record_filename(game: Game) -> str:
    """The file name a game's record is saved under: the game and how far it has got.

    >>> import siege_nb as sn
    >>> record_filename(sn.new_game("belagerung"))
    'belagerung-move-0.json'
    """
    return f"{game.game}-move-{game.ply}.json"


def read_upload(value: Any) -> Game:
    """The game recorded in the file an ipywidgets ``FileUpload`` holds (its ``value``: one
    file); see :func:`read_record`."""
    if not value:
        raise RecordError(tr("no file was chosen"))
    item = value[0]
    content = item.get("content")
    return read_record(str(item.get("name", "the file")), bytes(content or b""))
