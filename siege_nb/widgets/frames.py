"""The pictures a widget's canvas sends the browser, made quickly.

ipympl sends every new picture as a PNG: the whole figure the first time, then only the
pixels that changed, the rest left transparent (a "diff" frame the browser paints over what
it shows). Matplotlib encodes these with Pillow's defaults, which try five row filters on every
row and compress hard: on a board of 470 x 620 pixels that took about 3 ms of a selecting
click's 5 ms in the kernel, and the browser spent time undoing the filters. A diff frame is
mostly blank rows. :class:`QuickCanvas` writes its PNGs unfiltered, copies the runs of blank
rows from deflate pieces made once and kept, and compresses only the rows with drawing in
them, at zlib's fastest level: well under a millisecond for such a frame, and about 2 KB.
"""

from __future__ import annotations

import functools
import struct
import zlib
from typing import Any

import numpy as np
from ipympl.backend_nbagg import Canvas

__all__ = ["QuickCanvas", "png_rgba"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def png_rgba(pixels: np.ndarray, level: int = 1) -> bytes:
    """``pixels`` (height x width x 4, ``uint8``, RGBA) as PNG bytes, each row unfiltered,
    compressed at zlib ``level`` (1: fastest).

    >>> png = png_rgba(np.zeros((2, 3, 4), np.uint8))
    >>> png[:8] == _SIGNATURE, png[16:24] == struct.pack(">II", 3, 2)
    (True, True)
    """
    if pixels.ndim != 3 or pixels.shape[2] != 4 or pixels.dtype != np.uint8:
        raise ValueError(
            f"expected height x width x 4 uint8 pixels, got {pixels.shape} {pixels.dtype}"
        )
    height, width = pixels.shape[:2]
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        _SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", _zlib_rows(pixels.reshape(height, 4 * width), level))
        + _chunk(b"IEND", b"")
    )


_ADLER = 65521  # the Adler-32 modulus


def _zlib_rows(rows: np.ndarray, level: int) -> bytes:
    """The zlib stream of PNG scanlines (a 0 "no filter" byte before each row of ``rows``).

    Most rows of a diff frame are blank (all zero). The stream is built from independent
    deflate pieces: a run of blank rows is copied from pieces compressed once and kept
    (:func:`_blank_deflated`); only the bands with drawing in them are compressed now. Each
    piece starts afresh and ends byte-aligned (a full flush), so pieces can follow each other;
    the checksum of the whole is carried across them.
    """
    height, width4 = rows.shape
    line = width4 + 1
    blank = np.logical_not(np.any(rows, axis=1))
    edges = np.flatnonzero(np.diff(blank.astype(np.int8))) + 1
    starts = [0, *edges.tolist()]
    stops = [*edges.tolist(), height]
    parts = [b"\x78\x01"]  # zlib header: deflate, 32 KiB window, fastest
    a, b = 1, 0  # the Adler-32 sums
    for start, stop in zip(starts, stops, strict=True):
        if stop <= start:
            continue
        if blank[start]:
            count = (stop - start) * line
            parts.extend(_blank_deflated(line, stop - start))
            b = (b + count * a) % _ADLER  # zeros add a to b once each, and nothing to a
        else:
            band = np.zeros((stop - start, line), np.uint8)
            band[:, 1:] = rows[start:stop]
            data = band.tobytes()
            piece = zlib.compressobj(level, zlib.DEFLATED, -15)  # raw deflate, no header
            parts.append(piece.compress(data) + piece.flush(zlib.Z_FULL_FLUSH))
            checksum = zlib.adler32(data, (b << 16) | a)
            a, b = checksum & 0xFFFF, checksum >> 16
    parts.append(b"\x03\x00")  # an empty last block ends the deflate data
    parts.append(struct.pack(">I", (b << 16) | a))
    return b"".join(parts)


@functools.lru_cache(maxsize=128)
def _blank_piece(line: int, rows: int) -> bytes:
    """``rows`` blank scanlines of ``line`` bytes, deflated on their own and fully flushed.
    Made once and kept, so compressed as tightly as zlib can."""
    piece = zlib.compressobj(9, zlib.DEFLATED, -15)
    return piece.compress(bytes(line * rows)) + piece.flush(zlib.Z_FULL_FLUSH)


def _blank_deflated(line: int, rows: int) -> list[bytes]:
    """Deflate pieces for ``rows`` blank scanlines: one kept piece per binary digit of
    ``rows``, so a few kept pieces per frame width serve every run length."""
    return [_blank_piece(line, 1 << k) for k in range(rows.bit_length()) if rows >> k & 1]


class QuickCanvas(Canvas):  # type: ignore[misc]
    """An ipympl canvas that writes its frames with :func:`png_rgba`.

    It keeps ipympl's protocol exactly: a full frame first, after a resize, or when any
    pixel is not opaque; otherwise a diff frame, in which unchanged pixels are transparent.
    """

    # The state ipympl and matplotlib keep for the protocol (declared there; typed here).
    _png_is_old: bool
    _force_full: bool
    _last_buff: Any

    def get_diff_image(self) -> bytes | None:
        """The next frame for the browser as PNG bytes, or ``None`` if nothing was drawn
        since the last one."""
        if not self._png_is_old:
            return None
        pixels = np.asarray(self.get_renderer().buffer_rgba())
        # One 32-bit word per pixel, so that a whole pixel compares in one step.
        frame = pixels.view(np.uint32).squeeze(2)
        if (
            self._force_full
            or frame.shape != self._last_buff.shape
            or (pixels[:, :, 3] != 255).any()
        ):
            self.set_image_mode("full")
            sent = frame
        else:
            self.set_image_mode("diff")
            sent = np.where(frame != self._last_buff, frame, 0)
        self._last_buff = frame.copy()
        self._force_full = False
        self._png_is_old = False
        return png_rgba(sent.view(np.uint8).reshape(*sent.shape, 4))
