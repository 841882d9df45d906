"""A drawing as a notebook shows it: the picture, and words for a reader who cannot see it.

JupyterLab draws a ``image/png`` output as an ``<img>`` without alternative text (its image
renderer reads no ``alt``), so a screen reader meets an unnamed picture. :func:`picture_bundle`
gives the same picture three ways: as HTML whose ``<img>`` carries the words (what JupyterLab
and Voila show), as PNG with the words in its metadata (what ``nbconvert`` puts in exported
HTML), and as plain text.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

__all__ = ["picture_bundle"]


def picture_bundle(png: bytes, alt: str, plain: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``(data, metadata)`` a ``_repr_mimebundle_`` returns for a picture ``png`` described
    by ``alt``, with ``plain`` as its text.

    >>> data, meta = picture_bundle(b"\\x89PNG", "A board & its pieces", "<board>")
    >>> sorted(data), meta["image/png"]["alt"]
    (['image/png', 'text/html', 'text/plain'], 'A board & its pieces')
    >>> 'alt="A board &amp; its pieces"' in data["text/html"]
    True
    """
    encoded = base64.b64encode(png).decode("ascii")
    html = f'<img src="data:image/png;base64,{encoded}" alt="{escape(alt, quote=True)}">'
    return (
        {"text/plain": plain, "image/png": encoded, "text/html": html},
        {"image/png": {"alt": alt}},
    )
