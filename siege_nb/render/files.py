"""Writing a finished file in one step, so a failed or interrupted export never leaves half a
handout or half a GIF where a teacher expects a whole one; and the checks on the paths the
drawing layer reads and writes.

A path that cannot be used raises a :class:`PathError`: an
:class:`~siege_nb.ArgumentError` naming the argument that is also the :class:`OSError` a
caller would expect (:class:`FileNotFoundError` for a missing folder or file,
:class:`IsADirectoryError` for a folder where a file should be, :class:`PermissionError`).
Its message quotes the path short (the end of a long one, where the file's name is).
"""

from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from siege_nb.errors import ArgumentError, shorten

__all__ = [
    "MAX_NAME_BYTES",
    "MAX_PATH_CHARS",
    "PathError",
    "PathIsFolder",
    "PathNotAllowed",
    "PathNotFound",
    "check_path",
    "path_tail",
    "write_atomically",
]

MAX_NAME_BYTES = 200
"""The longest file name written (in bytes): file systems allow 255, and the temporary file
written beside it needs a longer name than the file itself."""

MAX_PATH_CHARS = 4000
"""The longest path accepted (Linux refuses paths over 4096 bytes)."""


class PathError(ArgumentError, OSError):
    """A path that cannot be read or written: an :class:`~siege_nb.ArgumentError` (the
    argument is named) and an :class:`OSError`; it pickles and copies as every project error
    does (:class:`~siege_nb.SiegeError`)."""


class PathNotFound(PathError, FileNotFoundError):
    """The folder of a file to write, or a file to read, does not exist."""


class PathIsFolder(PathError, IsADirectoryError):
    """A folder stands where a file should be."""


class PathNotAllowed(PathError, PermissionError):
    """The file system does not let the file be written (or read)."""


_KINDS: dict[int, type[PathError]] = {
    errno.ENOENT: PathNotFound,
    errno.ENOTDIR: PathNotFound,
    errno.EISDIR: PathIsFolder,
    errno.EACCES: PathNotAllowed,
    errno.EPERM: PathNotAllowed,
    errno.EROFS: PathNotAllowed,
}


def path_tail(path: str | os.PathLike[str], limit: int = 80) -> str:
    """The end of a path, where its file's name is, cut to ``limit`` characters."""
    text = os.fspath(path)
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def check_path(
    value: Any, argument: str, *, what: str, suffixes: tuple[str, ...] | None = None
) -> Path:
    """``value`` as a :class:`~pathlib.Path` (``~`` expanded) if it is text or a path that
    a file could have: no NUL character, every character one the file system can store, a
    name of at most :data:`MAX_NAME_BYTES` bytes and, with ``suffixes``, one of those endings.
    ``what`` names the file in messages ("handout"). Nothing on disk is looked at.

    >>> check_path("rules.png", "path", what="handout", suffixes=(".pdf",))
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: path: 'rules.png' is not accepted; a .pdf file (the handout \
is written to a .pdf file; this one ends in '.png')
    """
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(
            f"the {what}'s path is text or a Path, not {type(value).__name__} ({shorten(value)})"
        )
    text = os.fspath(value)
    if not isinstance(text, str):
        raise TypeError(f"the {what}'s path is text or a Path, not a path of bytes")
    if "\x00" in text:
        raise ArgumentError(argument, text, "a path without NUL characters")
    if len(text) > MAX_PATH_CHARS:
        raise ArgumentError(argument, text, f"a path of at most {MAX_PATH_CHARS} characters")
    try:
        os.fsencode(text)
    except UnicodeError:
        raise ArgumentError(
            argument, text, "a path of characters the file system can store"
        ) from None
    path = Path(text).expanduser()
    if suffixes is not None and path.suffix.lower() not in suffixes:
        allowed = " or ".join(suffixes)
        found = f"ends in {path.suffix!r}" if path.suffix else "has no ending"
        raise ArgumentError(
            argument,
            text,
            f"a {allowed} file (the {what} is written to a {allowed} file; this one {found})",
        )
    if len(os.fsencode(path.name)) > MAX_NAME_BYTES:
        raise ArgumentError(
            argument, text, f"a file name of at most {MAX_NAME_BYTES} bytes (UTF-8)"
        )
    return path


def os_refusal(err: OSError, argument: str, path: Path, doing: str) -> PathError:
    """The :class:`PathError` for the file system's refusal ``err`` to ``doing`` ``path``."""
    kind = _KINDS.get(err.errno or 0, PathError)
    reason = err.strerror or type(err).__name__
    return kind(argument, str(path), f"a path that can be {doing}; {path_tail(path)}: {reason}")


def write_atomically(
    path: str | os.PathLike[str],
    write: Callable[[Path], None],
    *,
    what: str,
    suffixes: tuple[str, ...],
    argument: str = "path",
) -> Path:
    """Call ``write(temporary)`` to fill a temporary file beside ``path``, then rename it to
    ``path`` (one step on every file system), and return ``path``.

    ``what`` names the file in error messages ("handout"); ``suffixes`` are the endings the
    file may have (the temporary file keeps the same ending, since some writers choose the
    format by it). A path of the wrong type is a ``TypeError``; a wrong ending, a missing
    folder, a folder in the file's place or a folder that cannot be written a
    :class:`PathError` naming ``argument``, all raised before ``write`` is called. If
    ``write`` fails, the temporary file is removed and ``path`` is left as it was.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = write_atomically(Path(folder) / "a.txt", lambda p: p.write_text("hi"),
    ...                            what="note", suffixes=(".txt",))
    ...     out.read_text(), sorted(q.name for q in Path(folder).iterdir())
    ('hi', ['a.txt'])
    """
    target = check_path(path, argument, what=what, suffixes=suffixes)
    try:
        if target.is_dir():
            raise PathIsFolder(
                argument, str(target), f"a file, not a folder: {path_tail(target)} is a folder"
            )
        folder = target.parent
        if not folder.is_dir():
            raise PathNotFound(
                argument,
                str(target),
                f"a file in a folder that exists: there is no folder {path_tail(folder)}",
            )
        temporary = folder / f".{target.stem}.{secrets.token_hex(4)}.part{target.suffix}"
        # Opened here, so an unwritable folder is reported before any drawing is done.
        temporary.open("xb").close()
    except PathError:
        raise
    except OSError as err:
        raise os_refusal(err, argument, target, f"written ({what})") from None
    try:
        write(temporary)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return target
