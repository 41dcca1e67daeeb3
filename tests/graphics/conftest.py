"""Fixtures the graphics tests share."""

from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture
def display() -> Iterator[None]:
    """A 1x1 display (the dummy video driver in tests), so images take its pixel format; closed after."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()
