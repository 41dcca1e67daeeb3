"""The window loop: one scene at a time gets input, time and the screen; the app owns settings and services.

Scenes never sleep and never block. ``run`` drives the loop from a real clock; ``tick`` advances one frame
with a given dt so tests, ``selftest`` and capture runs drive the same loop headless at top speed.
"""

from __future__ import annotations

import logging
import os
import sys
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


class ScreenError(RuntimeError):
    """The window could not be opened; the message is one line for the user."""


class Scene(Protocol):
    """One screen of the game (title, new game, table, results, settings, reference)."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""
        ...

    def update(self, dt_s: float) -> None:
        """Advance this scene's time by `dt_s` seconds."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (never changes game state)."""
        ...


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
    _records: Records | None = None

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
        for hook in self.frame_hooks:
            hook(self)

    def run(self, max_frames: int | None = None) -> int:
        """Run the window until the player quits (or `max_frames`); return the frames drawn."""
        clock = pygame.time.Clock()
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            dt_s = min(clock.tick(FPS) / 1000.0, 0.1)  # a stall (window drag) must not skip animations
            surface = pygame.display.get_surface()
            if surface is not None:
                self.surface = surface
            self.tick(dt_s, pygame.event.get())
            pygame.display.flip()
            frames += 1
        return frames


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
        if pygame.display.get_driver() == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
            raise pygame.error("SDL found no display, only its invisible 'offscreen' driver")
        pygame.display.set_caption(TITLE)
        if settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(settings.window, pygame.RESIZABLE)
    except pygame.error as exc:
        pygame.display.quit()
        raise ScreenError(f"cannot open a window ({exc}); is a display available?") from exc
