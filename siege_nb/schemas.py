"""jsonschema, imported quickly: the validators of game records and scenario files.

``import jsonschema`` also imports, when it is installed, ``rfc3987_syntax`` (a checker of
IRI formats, which Jupyter's event system brings along), and that compiles some forty
grammars at import: 4-7 seconds on a 2-core machine, in every classroom kernel, before a
pupil sees a board. Neither schema here uses those formats (format checking is off in
jsonschema's validators unless asked for), so the module is hidden while jsonschema loads,
and put back for anyone else who wants it afterwards.
"""

from __future__ import annotations

import sys
from types import ModuleType

__all__ = ["jsonschema"]

_SLOW = "rfc3987_syntax"


def jsonschema() -> ModuleType:
    """The ``jsonschema`` package, imported without its IRI grammars if it is not yet
    imported.

    >>> jsonschema().Draft202012Validator.__name__
    'Draft202012Validator'
    """
    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    hidden = _SLOW not in sys.modules
    if hidden:
        sys.modules[_SLOW] = None  # type: ignore[assignment]  # an import of it fails at once
    try:
        import jsonschema as module  # type: ignore[import-untyped]
        import jsonschema.exceptions  # type: ignore[import-untyped]
    finally:
        if hidden:
            del sys.modules[_SLOW]
    return module
