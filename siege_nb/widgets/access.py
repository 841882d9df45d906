"""Keyboard and screen-reader access for a board widget: shortcut keys, a live region and the
board's accessible name.

A board drawn on a canvas says nothing to a screen reader and takes only clicks. One small
browser-side helper, :class:`Access`, placed inside a widget, makes up for it:

* **Keys.** While the keyboard focus is anywhere inside the widget (a button, the board),
  a single letter does what a button does (*U* undoes, *R* redoes, *K* shows the key, *L*
  the large board, *H* high contrast, *D* describes, *M* goes to the move box; *N* and *P*
  step a scenario). A key typed into a text box or a selector stays there; *Escape* leaves
  the box. JupyterLab's own one-letter shortcuts (*A*, *B*, *D D*...) are held off inside
  the widget, so that a key never adds or deletes a notebook cell.
* **Live region.** :meth:`Access.say` puts a sentence in a region that screen readers
  announce politely (``role="status"``), out of sight: what a move changed, why a move is
  refused, what stands on a point.
* **Accessible name.** The board's canvas is named (``role="img"``, ``aria-label``) by a
  short sentence from the engine: the game and whose turn it is.

The words come from :mod:`siege_nb.games.describe`, the engine's text, never from the drawing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from html import escape, unescape
from typing import Any

import ipywidgets as w
import traitlets

from siege_nb.errors import ArgumentError, check_type
from siege_nb.games.base import Game, result_words
from siege_nb.games.describe import capital, side_name
from siege_nb.i18n import N_, tr
from siege_nb.rules import title as game_title
from siege_nb.widgets.common import PANEL_CLASS

__all__ = [
    "HOST_CLASS",
    "KEY_WORDS",
    "Access",
    "board_label",
    "keys_help",
    "keys_note",
    "plain_text",
]

HOST_CLASS = "siege-keys"
"""The class a widget that takes shortcut keys carries (the helper finds its widget by it)."""

MOVE_BOX_CLASS = "siege-move-box"
"""The class of the move box, which the *M* key focuses."""

# What each action is called on screen, for the line that lists the keys.
KEY_WORDS: dict[str, str] = {
    "undo": N_("undo"),
    "redo": N_("redo"),
    "next": N_("next step"),
    "previous": N_("previous step"),
    "key": N_("key"),
    "large": N_("large board"),
    "contrast": N_("high contrast"),
    "describe": N_("describe"),
    "move-box": N_("move box"),
}

# The browser side. It finds the widget it serves (its closest ancestor with the host
# class), listens for keys there, keeps the live region and names the canvases. The widget
# may be attached to the page after this view renders, and ipympl may draw its canvas later
# still, so it looks again until it finds them.
ACCESS_ESM = r"""
export default {
  render({ model, el }) {
    el.dataset.siegeAccess = '';
    const live = document.createElement('div');
    live.setAttribute('role', 'status');
    live.setAttribute('aria-live', 'polite');
    live.className = 'siege-live';
    // Out of sight, not out of the accessibility tree (display:none would hide it there).
    live.style.cssText = 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;' +
      'overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0;';
    el.appendChild(live);
    let timer = null;
    const speak = () => {
      live.textContent = '';
      clearTimeout(timer);
      // Emptied first, then filled: the same sentence twice is announced twice.
      timer = setTimeout(() => { live.textContent = model.get('spoken'); }, 60);
    };
    let host = null;
    // A field whose label is hidden (a dropdown under a heading of its own) is named by
    // its tooltip or by the words just above it, so that a screen reader names it too.
    const nameFields = () => {
      host.querySelectorAll('select, input').forEach((f) => {
        if (f.getAttribute('aria-label')) return;
        const shown = [...(f.labels || [])].some(
          (l) => l.offsetParent !== null && l.textContent.trim());
        if (shown) return;
        const holder = f.closest('.jupyter-widgets');
        let words = f.title || (holder && holder.title) || '';
        if (!words && holder && holder.previousElementSibling) {
          words = holder.previousElementSibling.textContent.trim();
        }
        if (words) f.setAttribute('aria-label', words.replace(/\s+/g, ' ').slice(0, 150));
      });
    };
    const name = () => {
      if (!host) return;
      const label = model.get('board_label');
      host.querySelectorAll('.jupyter-matplotlib-canvas-div canvas, canvas').forEach((c) => {
        if (c.closest('.' + model.get('host_class')) !== host) return;
        c.setAttribute('role', 'img');
        c.setAttribute('aria-label', label);
      });
      nameFields();
    };
    const typing = (t) => t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' ||
      t.tagName === 'SELECT' || t.isContentEditable);
    // Heard on the way down (the capture phase), before ipympl's canvas, which takes every
    // key pressed on it for matplotlib: Tab then moves the focus on (no keyboard trap), and
    // a shortcut pressed on the board works.
    const onKey = (ev) => {
      if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
      const onCanvas = ev.target && ev.target.closest &&
        ev.target.closest('.jupyter-matplotlib-canvas-div');
      if (ev.key === 'Tab') {
        if (onCanvas) ev.stopPropagation();
        return;
      }
      if (typing(ev.target)) {
        if (ev.key === 'Escape') {
          ev.target.blur();
          host.focus();
          ev.stopPropagation();
        }
        return;
      }
      const action = model.get('shortcuts')[ev.key.toLowerCase()];
      if (!action) return;
      ev.preventDefault();
      ev.stopPropagation();
      if (action === 'move-box') {
        const box = host.querySelector('.' + model.get('move_box_class') + ' input');
        if (box) box.focus();
        return;
      }
      model.send({ kind: 'key', action: action });
    };
    let observer = null;
    let tries = 0;
    const attach = () => {
      host = el.closest('.' + model.get('host_class'));
      if (!host) {
        if (tries++ < 100) setTimeout(attach, 100);
        return;
      }
      // Lumino (JupyterLab) leaves keys pressed inside this element to it.
      host.setAttribute('data-lm-suppress-shortcuts', 'true');
      if (!host.hasAttribute('tabindex')) host.setAttribute('tabindex', '-1');
      host.addEventListener('keydown', onKey, true);
      name();
      observer = new MutationObserver(name);
      observer.observe(host, { childList: true, subtree: true });
    };
    attach();
    model.on('change:spoken', speak);
    model.on('change:said', speak);
    model.on('change:board_label', name);
    return () => {
      clearTimeout(timer);
      if (observer) observer.disconnect();
      if (host) host.removeEventListener('keydown', onKey, true);
      model.off('change:spoken', speak);
      model.off('change:said', speak);
      model.off('change:board_label', name);
    };
  }
};
"""

try:
    from anywidget import AnyWidget as _Base
except ImportError:  # pragma: no cover - anywidget is a dependency
    _Base = w.Box  # type: ignore[misc]


def keys_help(keys: Mapping[str, str]) -> str:
    """The line that tells a reader the keys, in the language in force:
    ``"Keys: U undo · R redo · …"``.

    >>> keys_help({"u": "undo", "r": "redo"})
    'Keys (with the focus on this board): U undo · R redo'
    """
    said = " · ".join(f"{key.upper()} {tr(KEY_WORDS[action])}" for key, action in keys.items())
    if "move-box" in keys.values():
        said += " · " + tr("Esc leaves the move box")
    return tr("Keys (with the focus on this board): {keys}", keys=said)


def plain_text(html: str) -> str:
    """A panel's HTML as the plain words a screen reader should read (tags dropped, line
    breaks as spaces, ✕ marks named).

    >>> plain_text("Played <b>C0-f5</b>.<br>Captured on f6.")
    'Played C0-f5. Captured on f6.'
    """
    text = re.sub(r"<(br|/div|/p|/li)\s*/?>", " ", html, flags=re.I)
    text = re.sub(r"<details.*?</details>", " ", text, flags=re.S | re.I)
    text = unescape(re.sub(r"<[^>]+>", "", text))
    return " ".join(text.split())


def board_label(g: Game, playable: bool = True) -> str:
    """The board's accessible name: the game and whose turn it is, in the language in
    force (a screen reader says it when the board takes the focus)."""
    if g.result is not None:
        turn = tr("The game is over: {who}.", who=result_words(g.result.winner))
    else:
        turn = capital(tr("{side} to move", side=side_name(g.to_move))) + "."
    if not playable:  # a board shown to compare readings: nothing to type into
        return tr("The {game} board. {turn}", game=game_title(g.game), turn=turn)
    return tr(
        "The {game} board. {turn} Type moves in the move box; press D to hear the position.",
        game=game_title(g.game),
        turn=turn,
    )


def keys_note(keys: Mapping[str, str]) -> w.HTML:
    """The small line under a panel that lists its keys (:func:`keys_help`)."""
    note = w.HTML(
        f"<span style='font-size:13px;color:#444'>{escape(keys_help(keys))}</span>",
        layout=w.Layout(width="auto"),
    )
    note.add_class(PANEL_CLASS)
    return note


class Access(_Base):  # type: ignore[misc, valid-type]
    """The browser-side helper of one widget: shortcut keys, a live region, the canvas's name.

    ``keys`` maps a lower-case letter to an action name (one of :data:`KEY_WORDS`), kept as
    ``shortcuts``;
    ``on_key(action)`` is called with the action when the reader presses its key inside the
    widget that carries :data:`HOST_CLASS`. :meth:`say` announces a sentence; ``board_label``
    is the canvas's accessible name.

    >>> seen = []
    >>> a = Access({"u": "undo"}, seen.append)
    >>> a.press("u"); a.press("x"); seen
    ['undo']
    >>> a.say("The garrison played C0-f5."); a.spoken
    'The garrison played C0-f5.'
    """

    _esm = ACCESS_ESM
    shortcuts = traitlets.Dict().tag(sync=True)
    spoken = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Int(0).tag(sync=True)
    board_label = traitlets.Unicode("").tag(sync=True)
    host_class = traitlets.Unicode(HOST_CLASS).tag(sync=True)
    move_box_class = traitlets.Unicode(MOVE_BOX_CLASS).tag(sync=True)

    def __init__(self, keys: Mapping[str, str], on_key: Callable[[str], None]) -> None:
        check_type(keys, Mapping, "keys")
        for key, action in keys.items():
            if not (isinstance(key, str) and len(key) == 1 and key.islower()):
                raise ArgumentError("keys", key, "one lower-case letter a key")
            if action not in KEY_WORDS:
                raise ArgumentError("keys", action, f"an action: {', '.join(KEY_WORDS)}")
        if not callable(on_key):
            raise TypeError(f"on_key must be callable, not {type(on_key).__name__}")
        super().__init__(shortcuts=dict(keys), layout=w.Layout(width="0px", height="0px"))
        self._on_key = on_key
        self.on_msg(self._heard)

    def say(self, text: str) -> None:
        """Announce ``text`` (plain words) to a screen reader, even if it was said before."""
        check_type(text, str, "text")
        with self.hold_sync():  # one message to the browser, not one per trait
            self.spoken = text
            self.said += 1

    def press(self, key: str) -> None:
        """Do what pressing ``key`` in the browser does (the tests' and a notebook's way)."""
        action = self.shortcuts.get(key.lower())
        if action is not None and action != "move-box":
            self._on_key(action)

    def _heard(self, _: Any, content: Any, buffers: Any = None) -> None:
        if isinstance(content, dict) and content.get("kind") == "key":
            action = content.get("action")
            if action in self.shortcuts.values() and action != "move-box":
                self._on_key(str(action))
