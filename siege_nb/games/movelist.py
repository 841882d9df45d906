"""The list that :meth:`Game.legal_moves` returns: a ``list`` of Moves that, where the moves run
to millions, holds the first of them at once and finds the rest only when they are needed.

The hunt games' jump chains can have millions of distinct outcomes in positions built for it
(a chain may turn and stop after any jump), and no list of millions of objects is made in a
few milliseconds. A :class:`MoveList` answers at once with the moves of a search stopped after
:data:`~siege_nb.games.base.MOVES_AT_ONCE`; asking whether it is empty, whether a move is in it
(unless it is a chain beyond those first moves), reading one of the first moves, or iterating
over them costs nothing more. Anything
that needs the whole list (its length, its last move, comparing, sorting, printing it) lists the
rest first, once, as ``legal_moves()`` always used to. In every other position the list is
complete from the start and is an ordinary list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, SupportsIndex, overload

if TYPE_CHECKING:
    from siege_nb.games.base import Move

__all__ = ["MoveList"]


class MoveList(list["Move"]):
    """The legal moves of a position, as :meth:`Game.legal_moves` returns them: a ``list`` of
    :class:`Move` in every way a Python caller can see.

    ``complete`` tells whether the moves are all in hand. When they are not (more than
    :data:`~siege_nb.games.base.MOVES_AT_ONCE` moves, which only the hunt games' jump chains
    reach), ``bool(moves)``, ``moves[i]`` among the first moves, ``move in moves`` for any move
    but a jump chain beyond the first moves, and the first steps of ``for move in moves`` answer
    at once; anything else lists the remaining moves first, once.

    >>> import siege_nb as sn
    >>> moves = sn.new_game("pyramid-siege").legal_moves()
    >>> isinstance(moves, list), moves.complete, len(moves), moves[0].text
    (True, True, 6, 'r4c1-r4c2')

    Code written in C that reads a list's items without asking the list (``json``, ``heapq``,
    NumPy) sees only the first moves of an incomplete list: call ``list(moves)`` first there.
    """

    # A complete list overrides nothing of list's, so that it costs what a list costs: the
    # public API hands one out on every ply. An incomplete one is a _Pending until it is filled;
    # the slots are its own (declared here so that both classes share one layout).
    __slots__ = ("_find", "_rest")

    @classmethod
    def pending(
        cls,
        first: Iterable[Move],
        every: Callable[[], list[Move]],
        find: Callable[[Move], Move | None],
    ) -> MoveList:
        """An incomplete list: ``first`` holds the first moves (more than one), ``every()``
        lists them all (in the same order, ``first`` among them) and ``find(move)`` gives the
        legal move a Move names or ``None`` (:meth:`Game.find`), without listing the moves."""
        moves = _Pending(first)
        moves._rest, moves._find = every, find
        return moves

    @property
    def complete(self) -> bool:
        """True once every move is in the list (from the start, unless there are very many)."""
        return True

    def __getstate__(self) -> None:
        """No state but the moves themselves. Pickling a list subclass with ``__slots__``
        under protocols 0 and 1 asks for this and fails without it; with it, a MoveList
        pickles and copies under every protocol as a plain list does. A complete list's
        slots are empty (an incomplete one fills itself first, in its ``__reduce_ex__``)."""
        return None


class _Pending(MoveList):
    """A :class:`MoveList` that holds only its first moves, until something needs them all.
    It shares MoveList's layout: once filled, it becomes a plain MoveList (``__class__`` is
    reassigned) and drops every override below."""

    __slots__ = ()
    _rest: Callable[[], list[Move]]
    _find: Callable[[Move], Move | None]

    @property
    def complete(self) -> bool:
        """False: the moves after the first are still to be listed."""
        return False

    def _fill(self) -> None:
        """Lists the moves after the first, once, and becomes a plain MoveList. Called as
        ``_Pending._fill(moves)``: a method bound before the list was filled (``moves.index``
        in ``moves.index(moves[-1])``) runs after it, on a plain MoveList."""
        if type(self) is not _Pending:
            return  # already filled
        have = list.__len__(self)
        # The class changes only once the list is whole, so an interrupted listing can run
        # again.
        list.extend(self, self._rest()[have:])
        del self._rest, self._find
        self.__class__ = MoveList  # type: ignore[assignment]

    # -- answered from the first moves -------------------------------------------------------
    def __bool__(self) -> bool:
        return True  # more moves than the first, which are not none

    def __iter__(self) -> Iterator[Move]:
        # The moves one by one: the first at once, the rest once they are listed.
        i = 0
        while True:
            if i >= list.__len__(self):
                if type(self) is not _Pending:
                    return
                _Pending._fill(self)
                continue
            yield list.__getitem__(self, i)
            i += 1

    def __contains__(self, item: object) -> bool:
        if list.__contains__(self, item):
            return True
        if isinstance(item, _move_type()):
            found = self._find(item)
            if found is None:
                return False  # not a legal move, so equal to none of them
            if item.kind != "jump":
                return True  # the legal move found is equal to it (Game.find)
            # A legal chain outcome, but a move lists it along one path only: read the list.
        _Pending._fill(self)
        return list.__contains__(self, item)

    @overload
    def __getitem__(self, index: SupportsIndex, /) -> Move: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[Move]: ...
    def __getitem__(self, index: SupportsIndex | slice, /) -> Move | list[Move]:
        if not self._among_first(index):
            _Pending._fill(self)
        return list.__getitem__(self, index)

    def _among_first(self, index: SupportsIndex | slice) -> bool:
        """True if ``index`` picks only from the first moves, counted from the start."""
        have = list.__len__(self)
        if isinstance(index, slice):
            start, stop, step = index.start, index.stop, index.step
            return (
                stop is not None
                and all(isinstance(v, int) and v >= 0 for v in (start or 0, stop))
                and (step is None or (isinstance(step, int) and step > 0))
                and stop <= have
            )
        try:
            i = index.__index__()
        except (AttributeError, TypeError):
            return False  # list's own error, after the listing
        return 0 <= i < have

    # -- answers that need every move ---------------------------------------------------------
    def __radd__(self, other: object) -> Any:
        # list + MoveList: Python asks the right-hand subclass first; list's own addition
        # would read only the first moves.
        _Pending._fill(self)
        if isinstance(other, list):
            return list.__add__(other, self)
        return NotImplemented

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        _Pending._fill(self)
        return (MoveList, (list(list.__iter__(self)),))

    def __copy__(self) -> MoveList:
        _Pending._fill(self)
        return MoveList(list.__iter__(self))


def _move_type() -> type[Move]:
    from siege_nb.games.base import Move  # imported late: base imports this module

    return Move


def _whole_list(name: str) -> Callable[..., Any]:
    """``list``'s method ``name``, run once the moves are all listed (those of another incomplete
    MoveList among the arguments too, since list's C code reads them directly)."""
    method = getattr(list, name)

    def whole(self: _Pending, *args: Any, **kwargs: Any) -> Any:
        _Pending._fill(self)
        for arg in args:
            if isinstance(arg, _Pending):
                _Pending._fill(arg)
        return method(self, *args, **kwargs)

    whole.__name__ = whole.__qualname__ = name
    whole.__doc__ = method.__doc__
    return whole


for _name in (
    "__len__", "__repr__", "__reversed__",
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    "__add__", "__iadd__", "__mul__", "__rmul__", "__imul__",
    "__setitem__", "__delitem__",
    "append", "extend", "insert", "pop", "remove", "clear",
    "sort", "reverse", "index", "count", "copy",
):  # fmt: skip
    setattr(_Pending, _name, _whole_list(_name))
del _name
