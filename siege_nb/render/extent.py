"""The part of the plane a board drawing shows, in the board's own drawing units."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Extent"]


class Extent(NamedTuple):
    """The view limits of a drawing: ``x0..x1`` across, ``y0..y1`` up, in board units.

    >>> Extent(0.0, 4.0, -1.0, 1.0).width, Extent(0.0, 4.0, -1.0, 1.0).height
    (4.0, 2.0)
    """

    x0: float
    x1: float
    y0: float
    y1: float

    @property
    def width(self) -> float:
        """How wide the drawing is, in board units."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """How tall the drawing is, in board units."""
        return self.y1 - self.y0

    @property
    def aspect(self) -> float:
        """Width over height."""
        return self.width / self.height
