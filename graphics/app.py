"""The window loop: one scene at a time gets input, time and the screen; the app owns settings and services.

Scenes never sleep and never block. ``run`` drives the loop from a real clock and draws only when something
changes: while the scene moves, when input arrives, or at the time the scene asked for (``next_frame_s``); in
between it sleeps, looking for input every few milliseconds. ``tick`` advances one frame with a given dt so
tests, ``selftest`` and capture runs drive the same loop headless at top speed.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import pygame

from game.records import Records
from game.terms import Event
from graphics import i18n
from graphics.settings import Settings, save_settings

logger = logging.getLogger(__name__)

FPS = 60
TITLE = "Riichi Mahjong"
MAX_DT_S = 0.1  # a stall while things move (a window drag) must not skip their animations
# how often a sleeping loop looks for input: more often than a drawing loop does (once a frame), at a tenth of
# the wake-ups of pygame.event.wait (every millisecond); a stop signal cuts the sleep short, its handler runs
POLL_S = 0.01


class ScreenError(RuntimeError):
    """The window could not be opened; the message is one line for the user."""


class Scene(Protocol):
    """One screen of the game (title, new game, table, results, settings, reference).

    A scene may also have ``next_frame_s() -> float | None``, read by `frame_due_s`: when it next changes with
    no input. A scene without it is drawn every frame.
    """

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""
        ...

    def update(self, dt_s: float) -> None:
        """Advance this scene's time by `dt_s` seconds."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (never changes game state)."""
        ...


def frame_due_s(scene: Scene) -> float | None:
    """Seconds until `scene` needs a frame with no input: 0.0 while something moves (and for a scene that does
    not say), the time to its next timed change (a countdown's next second), or None when only input changes
    it."""
    next_frame_s = getattr(scene, "next_frame_s", None)
    if next_frame_s is None:
        return 0.0
    due: float | None = next_frame_s()
    return due


def sooner(*dues_s: float | None) -> float | None:
    """The earliest of several `frame_due_s` answers (None: never).

    >>> sooner(None, 0.5, 2.0), sooner(None, None)
    (0.5, None)
    """
    times = [due for due in dues_s if due is not None]
    return min(times) if times else None


@dataclass
class LoopStats:
    """What the window loop did: frames drawn, and the waits it slept through when nothing changed."""

    frames: int = 0  # frames drawn (input, update, draw)
    waits: int = 0  # times the loop slept until input or the scene's next timed change
    waited_s: float = 0.0  # the time spent in those waits

    @property
    def frames_skipped(self) -> int:
        """The frames a loop drawing at FPS all the time would have drawn during the waits."""
        return math.floor(self.waited_s * FPS)


@dataclass
class Services:
    """What scenes may use besides the screen: sounds and the settings' side effects, wired by main.py."""

    play_cue: Callable[[str], None] = lambda cue: None
    show_event: Callable[[Event], None] = lambda event: None  # sounds for an event as it is shown
    set_volumes: Callable[[float, float, bool], None] = lambda master, effects, muted: None


@dataclass
class App:
    """The running game: window surface, current scene, settings and services."""

    surface: pygame.Surface
    settings: Settings
    services: Services = field(default_factory=Services)
    scene: Scene | None = None
    running: bool = True
    windowed: bool = True  # False when drawing to an off-screen surface (capture, benchmarks)
    frame_hooks: list[Callable[[App], None]] = field(default_factory=list)
    records_path: Path | None = None  # the match database (None: records.sqlite3 in the settings folder)
    stats: LoopStats = field(default_factory=LoopStats)
    _records: Records | None = None
    _drawn_scene: Scene | None = None  # the scene the last frame showed

    def records(self) -> Records:
        """The match database, opened on first use and kept open; RecordsError (one line) if it cannot be."""
        if self._records is None:
            self._records = Records(self.records_path)
        return self._records

    def close_records(self) -> None:
        """Close the match database (every write is committed already)."""
        if self._records is not None:
            self._records.close()
            self._records = None

    def switch(self, scene: Scene) -> None:
        """Show another scene from the next frame."""
        self.scene = scene

    def quit(self) -> None:
        """Leave the loop after this frame."""
        self.running = False

    def apply_settings(self, settings: Settings, save: bool = True) -> None:
        """Take new settings: language, volumes and window mode at once; write them unless `save` is False."""
        old = self.settings
        self.settings = settings
        i18n.set_language(settings.language)
        self.services.set_volumes(settings.master_volume, settings.effects_volume, settings.muted)
        if self.windowed and settings.fullscreen != old.fullscreen:
            self.set_mode(settings.window, settings.fullscreen)
        if save:
            try:
                save_settings(settings)
            except OSError as exc:
                logger.warning("cannot save the settings: %s", exc)

    def set_mode(self, size: tuple[int, int], fullscreen: bool) -> None:
        """Switch between a resizable window and fullscreen."""
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        self.surface = pygame.display.set_mode((0, 0) if fullscreen else size, flags)

    @property
    def size(self) -> tuple[int, int]:
        """The drawing surface's size."""
        return self.surface.get_size()

    def tick(self, dt_s: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: input, time, drawing."""
        scene = self.scene
        if scene is None:
            self.running = False
            return
        for event in events if events is not None else []:
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11 and self.windowed:
                fullscreen = not self.settings.fullscreen
                self.apply_settings(_replace(self.settings, fullscreen=fullscreen))
                continue
            if event.type == pygame.VIDEORESIZE and self.windowed and not self.settings.fullscreen:
                surface = pygame.display.get_surface()
                if surface is not None:
                    self.surface = surface
                continue
            scene.handle(event)
        scene = self.scene
        if scene is None:
            return
        scene.update(dt_s)
        scene.draw(self.surface)
        self._drawn_scene = scene
        self.stats.frames += 1
        for hook in self.frame_hooks:
            hook(self)

    def advance(self, dt_s: float) -> None:
        """Let `dt_s` seconds pass in the scene with no input and nothing drawn (the time the loop slept)."""
        if self.scene is not None:
            self.scene.update(dt_s)

    def run(self, max_frames: int | None = None, until: Callable[[], bool] | None = None) -> int:
        """Run the window until the player quits (or `max_frames` are drawn, or `until()` is true after a
        frame); return the frames drawn.

        A frame is drawn at FPS while the scene moves, at once when input arrives or the scene changes, and at
        the time the scene asked for; otherwise the loop sleeps (counted in ``stats``).
        """
        clock = pygame.time.Clock()
        first = self.stats.frames
        last_s = time.perf_counter()  # when the scene's time was last advanced
        while (
            self.running
            and (max_frames is None or self.stats.frames - first < max_frames)
            and (until is None or not until())
        ):
            events = pygame.event.get()
            scene = self.scene
            if not events and scene is not None and scene is self._drawn_scene:
                due_s = frame_due_s(scene)
                if due_s is None or due_s > 1 / FPS:  # nothing moves: sleep until input or the change
                    events = self.sleep(None if due_s is None else last_s + due_s)
                    now = time.perf_counter()
                    self.advance(now - last_s)  # all of it: nothing moved, and a decision clock counts it
                    last_s = now
            clock.tick(FPS)
            now = time.perf_counter()
            dt_s = min(now - last_s, MAX_DT_S)
            last_s = now
            surface = pygame.display.get_surface()
            if surface is not None:
                self.surface = surface
            self.tick(dt_s, events)
            pygame.display.flip()
        return self.stats.frames - first

    def sleep(self, until_s: float | None) -> list[pygame.event.Event]:
        """Sleep until input arrives or time.perf_counter() reaches `until_s` (None: until input); the events
        that came (none when the time came first)."""
        start = now = time.perf_counter()
        events: list[pygame.event.Event] = []
        while until_s is None or now < until_s:
            time.sleep(POLL_S if until_s is None else min(POLL_S, until_s - now))
            events = pygame.event.get()
            if events:
                break
            now = time.perf_counter()
        self.stats.waits += 1
        self.stats.waited_s += time.perf_counter() - start
        return events


def _replace(settings: Settings, **changes: object) -> Settings:
    import dataclasses

    return dataclasses.replace(settings, **changes)  # type: ignore[arg-type]


def open_window(settings: Settings) -> pygame.Surface:
    """Open the game window (resizable, or fullscreen); ScreenError with one line when there is no display."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("SDL_VIDEODRIVER") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):  # SDL would fall back to an invisible 'offscreen' window and leave the user staring at nothing
        raise ScreenError("cannot open a window: no display (neither DISPLAY nor WAYLAND_DISPLAY is set)")
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
            raise pygame.error("SDL found no display, only its invisible 'offscreen' driver")
        if driver == "x11":
            # frames are drawn in software: show them through X11 shared memory, not an OpenGL texture that a
            # software OpenGL (VMs, remote desktops, Xvfb) redraws whole for every update, at 5 ms of CPU a
            # frame. Read when the window's surface is made (set_mode), so only for X11: a driver without a
            # framebuffer of its own (Wayland, KMSDRM) would then have none and open no window.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.set_caption(TITLE)
        if settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(settings.window, pygame.RESIZABLE)
    except pygame.error as exc:
        pygame.display.quit()
        raise ScreenError(f"cannot open a window ({exc}); is a display available?") from exc
