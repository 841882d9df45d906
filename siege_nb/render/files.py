"""Writing a finished file in one step, so a failed or interrupted export never leaves half a
handout or half a GIF where a teacher expects a whole one."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path

__all__ = ["write_atomically"]


def write_atomically(
    path: str | os.PathLike[str],
    write: Callable[[Path], None],
    *,
    what: str,
    suffixes: tuple[str, ...],
) -> Path:
    """Call ``write(temporary)`` to fill a temporary file beside ``path``, then rename it to
    ``path`` (one step on every file system), and return ``path``.

    ``what`` names the file in error messages ("handout"); ``suffixes`` are the endings the
    file may have (the temporary file keeps the same ending, since some writers choose the
    format by it). A folder that is missing or cannot be written gives an ``OSError`` naming
    ``path``; if ``write`` fails, the temporary file is removed and ``path`` is left as it
    was.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = write_atomically(Path(folder) / "a.txt", lambda p: p.write_text("hi"),
    ...                            what="note", suffixes=(".txt",))
    ...     out.read_text(), sorted(q.name for q in Path(folder).iterdir())
    ('hi', ['a.txt'])
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"the {what}'s path is text or a Path, not {type(path).__name__}")
    target = Path(path).expanduser()
    if target.suffix.lower() not in suffixes:
        allowed = " or ".join(suffixes)
        found = repr(target.suffix) if target.suffix else "no ending"
        raise ValueError(f"the {what} is written to a {allowed} file; {target} has {found}")
    if target.is_dir():
        raise IsADirectoryError(f"cannot write the {what} to {target}: it is a folder")
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"cannot write the {what} to {target}: there is no folder {folder}")
    temporary = folder / f".{target.stem}.{secrets.token_hex(4)}.part{target.suffix}"
    try:
        # Opened here, so an unwritable folder is reported before any drawing is done.
        temporary.open("xb").close()
    except OSError as err:
        reason = err.strerror or str(err)
        raise type(err)(f"cannot write the {what} to {target}: {reason}") from None
    try:
        write(temporary)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return target
