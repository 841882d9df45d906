"""Game records: JSON text that stores the rules, the set-up and the moves.

A record is data only: loading parses JSON (never pickle, never eval), checks every field,
rebuilds the set-up through the same validation as :func:`siege_nb.new_game` and replays
every move through :meth:`Game.play`, so a tampered record cannot produce an impossible game.

>>> import siege_nb as sn
>>> g = sn.new_game("siege-of-paris", preset="ludosofia")
>>> _ = g.play("C0-f5")
>>> h = sn.load_game(g.to_json())
>>> h.rules.preset, [m.text for m in h.moves], h.to_move
('ludosofia', ['C0-f5'], 'white')
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from siege_nb.errors import SiegeError
from siege_nb.games.base import RECORD_FORMAT, RECORD_VERSION, IllegalMove
from siege_nb.games.catalogue import CATALOGUE

if TYPE_CHECKING:
    from siege_nb.games.base import Game

__all__ = ["FORMAT", "RecordError", "game_to_json", "load_game"]

FORMAT, VERSION = RECORD_FORMAT, RECORD_VERSION
_KEYS = {"format", "version", "game", "preset", "options", "players", "setup", "moves", "undone"}
_MAX_BYTES = 2_000_000


class RecordError(SiegeError):
    """A game record that cannot be read: malformed JSON, a missing or wrong field, an
    impossible set-up or an illegal move. The message says which."""


def game_to_json(game: Game) -> str:
    """The record of ``game`` as JSON text (the same as ``game.to_json()``)."""
    return game.to_json()


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise RecordError(f"the record gives {key!r} twice")
        seen[key] = value
    return seen


def _expect(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(f"{where} must be {names}, not {type(value).__name__}")
    return value


def load_game(text: str | bytes) -> Game:
    """Rebuild a :class:`Game` from :meth:`Game.to_json` text; raises :class:`RecordError`."""
    from siege_nb.games.registry import new_game

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(f"a game record is UTF-8 text: {err}") from None
    _expect(text, str, "a game record")
    if len(text) > _MAX_BYTES:
        raise RecordError("the record is too large to be a game record")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as err:
        raise RecordError(f"the record is not valid JSON: {err}") from None
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None
    _expect(data, dict, "a game record")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a siege_nb game record (its 'format' must be {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"unsupported record version {version!r} (this is version {VERSION})")
    if set(data) != _KEYS:
        missing, extra = sorted(_KEYS - set(data)), sorted(set(data) - _KEYS)
        raise RecordError(f"record fields wrong: missing {missing}, unexpected {extra}")
    game_name = _expect(data["game"], str, "'game'")
    preset = _expect(data["preset"], str, "'preset'")
    options = _expect(data["options"], dict, "'options'")
    players = _expect(data["players"], int, "'players'")
    setup = _expect(data["setup"], dict, "'setup'")
    moves = _expect(data["moves"], list, "'moves'")
    undone = _expect(data["undone"], list, "'undone'")
    for i, m in enumerate(moves + undone):
        _expect(m, str, f"move {i + 1}")
    if game_name not in CATALOGUE:
        raise RecordError(f"unknown game {game_name!r}; the games are {', '.join(CATALOGUE)}")
    unknown = set(setup) - CATALOGUE[game_name].record_setup_keys
    if unknown:
        raise RecordError(f"'setup' has unknown fields: {', '.join(sorted(unknown))}")
    position = _expect(setup.get("position"), dict, "'setup.position'")
    for node, piece in position.items():
        _expect(piece, str, f"the piece on {node}")
    try:
        game = new_game(game_name, preset=preset, players=players, **setup, **options)
    except (ValueError, TypeError, NotImplementedError) as err:
        raise RecordError(f"the record's rules or set-up are not valid: {err}") from None
    missing = sorted(set(game.rules.settings) - set(options))
    if missing:
        raise RecordError(f"the record does not give the options {', '.join(missing)}")
    for name, value in options.items():
        canonical = game.rules[name]
        if value != canonical or type(value) is not type(canonical):
            raise RecordError(
                f"option {name} is written {value!r}; a record writes it {canonical!r}"
            )
    for label, seq in (("move", moves), ("undone move", undone)):
        for i, move in enumerate(seq, 1):
            try:
                game.play(move)
            except IllegalMove as err:
                raise RecordError(f"{label} {i} ({move!r}) is illegal: {err.reason}") from None
    for _ in undone:
        game.undo()
    return game
