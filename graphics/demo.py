"""Watching and checking the GUI: the all-AI demo (with screenshots at the moments that matter) and the
selftest.

Both run the real loop: the same App, TableScreen and scenes a player gets. ``fast`` feeds a fixed time step
per frame instead of the wall clock, so a whole match plays headless at top speed with identical pictures.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.terms import (
    Discard,
    DoraRevealed,
    Kyuushu,
    MeldCalled,
    Pass,
    Ron,
    RuleSet,
    TileDiscarded,
    TileDrawn,
    Tsumo,
    preset,
)
from graphics import i18n
from graphics.app import App, Services
from graphics.overlays import DrawOverlay, Overlay, WinOverlay
from graphics.presenter import Step
from graphics.screens import navigation
from graphics.session import GameSession, SeatSetup
from graphics.settings import Settings
from graphics.table_screen import TableScreen

logger = logging.getLogger(__name__)

SHOTS = (
    "01-deal",
    "02-first-call",
    "03-first-riichi",
    "04-first-kan-dora-flip",
    "05-first-win",
    "06-first-exhaustive-draw",
    "07-final-results",
)
"""The screenshots a capture run saves, in the order they usually happen (file name without .png)."""

MAX_MATCHES = 12  # a capture run plays further matches until every moment has happened at least once


class DemoError(RuntimeError):
    """The demo could not run or write its pictures; the message is one line."""


@dataclass
class Capture:
    """Saves the first screenshot of each listed moment into a folder."""

    folder: Path
    taken: dict[str, Path] = field(default_factory=dict)
    _kan_pending: bool = False

    def save(self, name: str, surface: pygame.Surface) -> None:
        """Save `surface` as `name`.png unless that moment was already taken."""
        if name in self.taken:
            return
        path = self.folder / f"{name}.png"
        try:
            pygame.image.save(surface, str(path))
        except (pygame.error, OSError) as exc:
            raise DemoError(f"cannot write {path}: {exc}") from exc
        self.taken[name] = path

    def on_step(self, step: Step | None, screen: TableScreen) -> None:
        """After a step has finished moving: is it one of the moments?"""
        if step is None:
            return
        event = step.event
        surface = screen.app.surface
        if isinstance(event, TileDrawn) and "01-deal" not in self.taken:
            self._draw(screen)
            self.save("01-deal", surface)
        elif isinstance(event, MeldCalled):
            if event.discarder is not None:
                self._draw(screen)
                self.save("02-first-call", surface)
            if event.meld.type.value in ("daiminkan", "shouminkan", "ankan"):
                self._kan_pending = True
        elif isinstance(event, TileDiscarded) and event.riichi:
            self._draw(screen)
            self.save("03-first-riichi", surface)
        elif isinstance(event, DoraRevealed) and self._kan_pending:
            self._draw(screen)
            self.save("04-first-kan-dora-flip", surface)
            self._kan_pending = False

    def on_overlay(self, overlay: Overlay, screen: TableScreen) -> None:
        """A panel is fully shown: the win and exhaustive-draw screens."""
        if isinstance(overlay, WinOverlay):
            self._draw(screen)
            self.save("05-first-win", screen.app.surface)
        elif isinstance(overlay, DrawOverlay):
            self._draw(screen)
            self.save("06-first-exhaustive-draw", screen.app.surface)

    def _draw(self, screen: TableScreen) -> None:
        screen.draw(screen.app.surface)

    @property
    def missing(self) -> list[str]:
        """Moments not captured yet (the final results come last)."""
        return [name for name in SHOTS if name not in self.taken]


def ensure_headless_drivers() -> None:
    """Use SDL's dummy video and audio drivers unless the caller chose others."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def demo_rules(players: int, ruleset: str | None, length: str) -> RuleSet:
    """The rule set of a demo match."""
    name = ruleset or ("standard" if players == 4 else "tenhou-3p")
    rules = preset(name)
    if rules.players != players:
        raise DemoError(f"rule preset {name!r} is for {rules.players} players, not {players}")
    return rules.with_overrides({"game_length": length})


def run_demo(
    app: App,
    seed: int,
    players: int = 4,
    ruleset: str | None = None,
    length: str = "hanchan",
    capture_dir: Path | None = None,
    fast: bool = False,
    level: str = "strong",
    max_frames: int | None = None,
) -> Capture | None:
    """Play all-AI matches on `app`: one, or with a capture folder as many as it takes to see every moment."""
    rules = demo_rules(players, ruleset, length)
    capture = Capture(capture_dir) if capture_dir is not None else None
    if capture_dir is not None:
        try:
            capture_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DemoError(f"cannot create {capture_dir}: {exc}") from exc
    names = [
        i18n.tr("demo.ai_name", level=i18n.tr(f"level.{level}"), seat=seat + 1) for seat in range(players)
    ]
    for match in range(MAX_MATCHES if capture is not None else 1):
        setups = tuple(SeatSetup(name, level) for name in names)
        session = GameSession(rules, setups, seed + match, spectator=True)
        screen = TableScreen(
            app,
            session,
            on_step_shown=capture.on_step if capture is not None else None,
            on_overlay_shown=capture.on_overlay if capture is not None else None,
            auto_continue=True,
        )
        app.switch(screen)
        app.running = True
        frames = drive(app, screen_finished(screen), fast, max_frames)
        if not app.running and not screen.finished:
            return capture  # the player closed the window
        if max_frames is not None and frames >= max_frames:
            return capture
        if capture is None:
            # let the final results stay up until the player leaves
            drive(app, lambda: False, fast, None if not fast else 1)
            return None
        if not [name for name in capture.missing if name != "07-final-results"]:
            for _ in range(150):  # five seconds of the results screen: its rows and totals have come in
                app.tick(1 / 30)
            capture.save("07-final-results", app.surface)
            return capture
        logger.info("capture: match %d had no %s yet; playing another", match + 1, ", ".join(capture.missing))
    missing = ", ".join(capture.missing) if capture is not None else "end"
    raise DemoError(f"no {missing} in {MAX_MATCHES} matches from seed {seed}")


def screen_finished(screen: TableScreen) -> Callable[[], bool]:
    """A test for `drive`: has this table screen's match ended?"""
    return lambda: screen.finished


def drive(app: App, done: Callable[[], bool], fast: bool, max_frames: int | None) -> int:
    """Run the app's loop until `done()` (or the window closes); `fast` uses a fixed 1/30 s per frame."""
    if app.windowed and not fast:
        return app.run(max_frames, until=done)  # the real loop: it sleeps while nothing moves
    clock = pygame.time.Clock()
    frames = 0
    while app.running and not done() and (max_frames is None or frames < max_frames):
        events = pygame.event.get() if app.windowed else []
        dt_s = 1 / 30 if fast else min(clock.tick(60) / 1000.0, 0.1)
        app.tick(dt_s, events)
        if app.windowed:
            pygame.display.flip()
        frames += 1
    return frames


def scripted_answer(screen: TableScreen) -> list[pygame.event.Event]:
    """Keys a test player presses for the decision on screen: win, else pass, else discard the cursor tile."""
    if screen.privacy_seat is not None:
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")]
    if screen.overlay is not None and screen.overlay.ready:
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")]
    if screen.decision is None:
        return []
    legal = screen.mapper.legal
    if any(isinstance(action, Tsumo | Ron) for action in legal):
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t")]
    if any(isinstance(action, Pass) for action in legal):
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")]
    if any(isinstance(action, Discard) for action in legal):
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")]
    if any(isinstance(action, Kyuushu) for action in legal):
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q")]
    return []


def run_selftest(app: App, seed: int = 7, interrupt_after: int | None = 60) -> tuple[int, str]:
    """A whole east-only match through the real loop: two humans (scripted keys, privacy screen) and two AIs,
    saved in a records file of its own; after ``interrupt_after`` answers the window is "closed" and the
    match continued from the title's Continue, as a player would after a crash.

    Returns (frames, standings line). Raises DemoError if the match stalls or does not continue.
    """
    rules = preset("standard").with_overrides({"game_length": "east"})
    setups = (
        SeatSetup("Alice"),
        SeatSetup("Normal AI", "normal"),
        SeatSetup("Bob"),
        SeatSetup("Strong AI", "strong"),
    )
    session = GameSession(rules, setups, seed)
    if app.records_path is not None:
        session.save_to(app.records())
        if session.save_error is not None:
            raise DemoError(f"selftest: cannot save the match: {session.save_error}")
    screen = TableScreen(app, session)
    app.switch(screen)
    frames = play_scripted(
        app,
        screen,
        lambda: (
            screen.finished
            or (
                interrupt_after is not None
                and session.match_id is not None
                and len(session.table.actions) >= interrupt_after
            )
        ),
    )
    if not screen.finished:
        app.close_records()  # the window closes: nothing but the file is left
        navigation.go(app, "title")
        app.tick(1 / 20)
        title = app.scene
        if "continue" not in getattr(title, "menu", lambda: ())():
            raise DemoError("selftest: the title offers no Continue for the interrupted match")
        navigation.go(app, "continue_latest")
        resumed = app.scene
        if not isinstance(resumed, TableScreen):
            raise DemoError(f"selftest: Continue did not reopen the match ({type(resumed).__name__})")
        if len(resumed.session.table.actions) < (interrupt_after or 0):
            raise DemoError("selftest: the continued match lost answers")
        screen, session = resumed, resumed.session
        frames += play_scripted(app, screen, lambda: screen.finished)
    standings = session.standings
    assert standings is not None
    line = " ".join(f"{setup.name}={score}" for setup, score in zip(setups, standings.scores, strict=True))
    return frames, line


def play_scripted(app: App, screen: TableScreen, done: Callable[[], bool]) -> int:
    """Tick the loop with scripted answers until ``done()``; the frames it took. DemoError if it stalls."""
    session = screen.session
    frames = 0
    idle = 0
    last_actions = 0
    while not done():
        app.tick(1 / 20, scripted_answer(screen))
        frames += 1
        progressed = len(session.table.actions) != last_actions
        last_actions = len(session.table.actions)
        idle = 0 if progressed else idle + 1
        if idle > 20000:
            raise DemoError(f"selftest: the match stalled after {frames} frames")
        if not app.running:
            raise DemoError("selftest: the loop stopped before the match ended")
    return frames


def offscreen_app(size: tuple[int, int], settings: Settings | None = None) -> App:
    """An App drawing to an off-screen surface (no window): for benchmarks and tests."""
    pygame.font.init()
    return App(
        surface=pygame.Surface(size), settings=settings or Settings(), services=Services(), windowed=False
    )
