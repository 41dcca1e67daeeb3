"""The headless window the screen benchmarks draw into (SDL's dummy video and audio drivers, as in CI)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from graphics.app import App


def headless_app(size: tuple[int, int]) -> App:
    """An App with a dummy-driver window of `size`, default settings and no sounds."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # before pygame is first imported
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from graphics.app import App, Services
    from graphics.settings import Settings

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    return App(surface=surface, settings=Settings(window=size), services=Services())
