"""Nothing lost in a classroom: the page keeps the game, and says when its kernel has stopped.

A pupil's page in the classroom app is a kernel of its own on the teacher's machine. When
the page reloads, or its kernel is culled or dies, the game in that kernel is gone. Two
small jobs in the browser make up for it:

* **Keeping**: after every move the kernel sends the game's record (the JSON of
  :meth:`siege_nb.Game.to_json`) and the page stores it in the browser's local storage. A
  fresh page tells its kernel what the browser kept, and the app offers to restore it.
* **Heartbeat**: the page asks every few seconds whether its kernel is there, and the
  kernel answers. While the kernel is busy with a long computation (and so cannot answer),
  a thread of its own answers instead, for at most :data:`BUSY_BEATS` seconds after the
  page was last heard: a kernel whose page has gone stops beating, falls idle and is culled
  as the server's settings say. A page that hears nothing for :data:`STOPPED_AFTER` seconds
  covers itself with a plain message (*the game stopped; press New game*) and a button that
  reloads the page: a frozen board that ignores clicks is never left on a pupil's screen. A
  kernel that was only slow (under a whole class at once, answers have taken longer than
  that) is heard again, and the cover goes by itself.

:class:`Keeper` is the kernel's side; it draws nothing of its own until the page is stopped.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import traitlets

from siege_nb.errors import check_type
from siege_nb.games.base import Game
from siege_nb.i18n import tr

__all__ = ["BEAT_SECONDS", "BUSY_BEATS", "STOPPED_AFTER", "Keeper"]

BEAT_SECONDS = 3.0
"""How often a live kernel tells its page so."""

BUSY_BEATS = 120.0
"""How long the kernel's thread goes on beating after the page was last heard: longer than
any computation a page starts (the finder's targets are a minute), short enough that a
kernel whose page has gone is culled soon after the server's idle time."""

STOPPED_AFTER = 15.0
"""Seconds without a beat after which the page says that its game has stopped: five beats
missed, so that a network hiccup or a garbage collection does not alarm a pupil."""

# The browser side. On render it reads what the browser kept and tells the kernel ("hello");
# it stores what the kernel sends ("keep", "forget"); it watches the beats. A timer that
# itself ran late (a laptop asleep, a tab in the background) restarts the watch instead of
# blaming the kernel.
KEEPER_ESM = """
export default {
  render({ model, el }) {
    el.dataset.siegeKeeper = '';
    const key = model.get('storage_key');
    let kept = null;
    try { kept = window.localStorage.getItem(key); } catch (e) { kept = null; }
    model.send({kind: 'hello', kept: kept});
    let last = performance.now();
    let tick = performance.now();
    let cover = null;
    const stop = () => {
      if (cover) return;
      cover = document.createElement('div');
      cover.dataset.siegeStopped = '';
      cover.setAttribute('role', 'alertdialog');
      cover.setAttribute('aria-live', 'assertive');
      cover.style.cssText = 'position:fixed;inset:0;z-index:10000;display:flex;' +
        'align-items:center;justify-content:center;background:rgba(255,255,255,0.92);';
      const box = document.createElement('div');
      box.style.cssText = 'max-width:32em;padding:24px;border:2px solid #D55E00;' +
        'background:white;font-size:20px;line-height:1.4;text-align:center;';
      const words = document.createElement('p');
      words.textContent = model.get('stopped_text');
      const button = document.createElement('button');
      button.className = 'jupyter-widgets jupyter-button widget-button mod-primary';
      button.style.cssText = 'font-size:20px;height:auto;padding:8px 16px;width:auto;';
      button.textContent = model.get('new_game_text');
      button.addEventListener('click', () => window.location.reload());
      box.appendChild(words);
      box.appendChild(button);
      cover.appendChild(box);
      document.body.appendChild(cover);
      button.focus();
    };
    const watch = setInterval(() => {
      const now = performance.now();
      if (now - tick > 2 * 1000 * model.get('beat_seconds') + 1000) last = now;
      tick = now;
      if (now - last > 1000 * model.get('stopped_after')) stop();
    }, 1000);
    const ask = setInterval(() => model.send({kind: 'ping'}), 1000 * model.get('beat_seconds'));
    // A kernel only slow to answer (a machine crowded by a whole class) is heard again:
    // the cover goes and the board is the pupil's again.
    const heard = () => {
      last = performance.now();
      if (cover) { cover.remove(); cover = null; }
    };
    const hear = (msg) => {
      if (!msg) return;
      if (msg.kind === 'beat') {
        heard();
      } else if (msg.kind === 'keep') {
        heard();
        // A full or forbidden storage keeps nothing: the game lives on in the kernel.
        try { window.localStorage.setItem(key, msg.record); } catch (e) { /* as above */ }
      } else if (msg.kind === 'forget') {
        try { window.localStorage.removeItem(key); } catch (e) { /* nothing kept */ }
      }
    };
    model.on('msg:custom', hear);
    return () => {
      clearInterval(watch);
      clearInterval(ask);
      model.off('msg:custom', hear);
      if (cover) cover.remove();
    };
  }
};
"""

try:
    from anywidget import AnyWidget as _Base
except ImportError:  # pragma: no cover - anywidget is a dependency
    _Base = w.Box  # type: ignore[misc]


def _beat(ref: weakref.ref[Keeper], done: threading.Event, every: float) -> None:
    # A weak reference: the thread must not keep a closed app alive.
    while not done.wait(every):
        keeper = ref()
        if keeper is None or keeper.comm is None:
            return
        quiet = time.monotonic() - keeper.heard
        # The main thread answers the page's pings itself; beat for it only while it has
        # not (busy), and not for ever (a page that has gone must let its kernel idle).
        if 1.5 * every < quiet < keeper.busy_beats:
            try:
                keeper.send({"kind": "beat"})
            except Exception:  # the kernel is shutting down: nothing left to tell
                return
        del keeper


class Keeper(_Base):  # type: ignore[misc,valid-type]
    """The kernel's side of the page's memory and heartbeat (see the module's text).

    ``on_kept(record)`` is called once, with the record text the browser kept from an
    earlier page (``None`` when it kept none), when the page first shows the widget.
    :meth:`keep` stores a game in the browser; it waits for the page's hello, so that a
    fresh board never overwrites what the browser kept before the app could offer it.

    >>> keeper = Keeper()
    >>> found = []
    >>> keeper.on_kept = found.append
    >>> keeper.receive({"kind": "hello", "kept": None}); found
    [None]
    >>> keeper.close()
    """

    _esm = KEEPER_ESM
    storage_key = traitlets.Unicode("siege_nb.classroom.game").tag(sync=True)
    beat_seconds = traitlets.Float(BEAT_SECONDS).tag(sync=True)
    stopped_after = traitlets.Float(STOPPED_AFTER).tag(sync=True)
    busy_beats = traitlets.Float(BUSY_BEATS)
    stopped_text = traitlets.Unicode("").tag(sync=True)
    new_game_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_kept: Callable[[str | None], None] | None = None, **kwargs: Any):
        super().__init__(layout=w.Layout(width="0px", height="0px", overflow="hidden"), **kwargs)
        self.on_kept = on_kept
        self.greeted = False
        self.heard = time.monotonic()  # when the page last asked
        self.kept: str | None = None  # the record last sent to the browser
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self.label()
        self.on_msg(self._on_message)

    def label(self) -> None:
        """Word the stopped page's message in the language in force."""
        self.stopped_text = tr(
            "The game stopped (the computer that runs this page no longer answers). Press "
            "New game to start again; your game can be restored."
        )
        self.new_game_text = tr("New game")

    def _on_message(self, _: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict):
            self.receive(content)

    def receive(self, content: dict[str, Any]) -> None:
        """Take a message from the page, as the browser sends it (tests call this)."""
        kind = content.get("kind")
        if kind == "ping":
            self.heard = time.monotonic()
            self.send({"kind": "beat"})
            return
        if kind != "hello" or self.greeted:
            return
        self.heard = time.monotonic()
        self.greeted = True
        kept = content.get("kept")
        self._start_beating()
        if self.on_kept is not None:
            self.on_kept(kept if isinstance(kept, str) and kept else None)

    def keep(self, game: Game) -> bool:
        """Store ``game``'s record in the browser, if the page has said hello and the record
        changed; return whether it was sent."""
        check_type(game, Game, "game")
        if not self.greeted:
            return False
        record = game.to_json()
        if record == self.kept:
            return False
        self.kept = record
        self.send({"kind": "keep", "record": record})
        return True

    def forget(self) -> None:
        """Remove the record the browser keeps."""
        self.kept = None
        if self.greeted:
            self.send({"kind": "forget"})

    def _start_beating(self) -> None:
        if self._thread is not None or self.beat_seconds <= 0:
            return
        self._thread = threading.Thread(
            target=_beat,
            args=(weakref.ref(self), self._done, float(self.beat_seconds)),
            name="siege_nb keeper beat",
            daemon=True,
        )
        self._thread.start()

    @property
    def beating(self) -> bool:
        """True while the heartbeat thread runs."""
        return self._thread is not None and self._thread.is_alive()

    def close(self) -> None:
        """Stop the heartbeat and close the widget."""
        self._done.set()
        super().close()
