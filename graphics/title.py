"""The title screen: layout as pure math on window size, drawing, the window loop and off-screen capture.

The table and the rest of the GUI come in later versions; this is what `python main.py` opens for now.
"""

import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pygame

from graphics.tiles import TILE_ASPECT, TileArt

TITLE = "Riichi Mahjong"
SUBTITLE = "An offline riichi mahjong game"
NOTICE = (
    "The table arrives in a later version.",
    "Available now:  python main.py score",
    "the hand calculator: JSON Lines in, one scored hand per line out",
)
FOOTER = "Esc or closing the window quits"
# (kind 0..33, red five): 1m, red 5p, 3s, E, haku, chun, 9p
TITLE_TILES = ((0, False), (13, True), (20, False), (27, False), (31, False), (33, False), (17, False))
DEFAULT_SIZE = (1280, 720)
FPS = 60
WAVE_PERIOD_S = 5.0
WAVE_CROSS_S = (
    2.4  # the wave crosses the row, then the tiles rest (and nothing is redrawn) until the period ends
)
MAX_LIFT = 0.18  # of the tile height

FELT_CENTER = (40, 112, 78)
FELT_EDGE = (10, 44, 32)
TITLE_INK = (250, 236, 200)
TEXT_INK = (222, 232, 220)
DIM_INK = (150, 180, 160)


class ScreenError(RuntimeError):
    """The screen could not be opened or written; the message is one line for the user."""


class Box(NamedTuple):
    """An axis-aligned rectangle in window pixels."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """One past the last column."""
        return self.x + self.w

    @property
    def bottom(self) -> int:
        """One past the last row."""
        return self.y + self.h

    def contains(self, other: "Box") -> bool:
        """Whether `other` lies entirely inside this box."""
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def overlaps(self, other: "Box") -> bool:
        """Whether the two boxes share at least one pixel."""
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )


@dataclass(frozen=True)
class TitleLayout:
    """Where everything on the title screen goes; each text box is one line, its height the font size."""

    window: Box
    title: Box
    subtitle: Box
    tiles: tuple[Box, ...]
    notice: tuple[Box, ...]
    footer: Box


def title_layout(width: int, height: int, tile_count: int = len(TITLE_TILES)) -> TitleLayout:
    """Lay the title screen out in a window of width x height pixels (any size, any aspect)."""
    width, height = max(width, 16), max(height, 16)
    unit = min(width / 13, height / 9)  # 80 px at 1280x720; everything scales with it
    text_w = round(width * 0.92)
    text_x = (width - text_w) // 2

    def line(top: float, size: float) -> Box:
        return Box(text_x, round(top), text_w, max(1, round(size)))

    tile_h = 1.9 * unit
    tile_w = tile_h * TILE_ASPECT
    gap = tile_w * 0.14
    row_w = tile_count * tile_w + (tile_count - 1) * gap
    if row_w > width * 0.9:  # a narrow window: shrink the tiles, never the margins
        shrink = width * 0.9 / row_w
        tile_w, tile_h, gap, row_w = tile_w * shrink, tile_h * shrink, gap * shrink, row_w * shrink

    # block heights in order: title, gap, subtitle, gap (room for the tile wave), tiles, gap, notice lines
    stack = (1.3 * unit, 0.3 * unit, 0.45 * unit, 0.75 * unit, tile_h, 0.7 * unit, 0.36 * unit, 0.16 * unit)
    footer_h = 0.3 * unit
    block = sum(stack) + 2 * (0.36 * unit + 0.16 * unit)
    top = max(0.0, (height - footer_h * 2.5 - block) / 2)
    title = line(top, stack[0])
    subtitle = line(top + sum(stack[:2]), stack[2])
    tiles_top = round(top + sum(stack[:4]))
    left = (width - row_w) / 2
    tiles = tuple(
        Box(round(left + i * (tile_w + gap)), tiles_top, max(1, round(tile_w)), max(1, round(tile_h)))
        for i in range(tile_count)
    )
    notice_top = top + sum(stack[:6])
    notice = tuple(line(notice_top + i * (stack[6] + stack[7]), stack[6]) for i in range(len(NOTICE)))
    footer = line(height - footer_h * 1.6, footer_h)
    return TitleLayout(Box(0, 0, width, height), title, subtitle, tiles, notice, footer)


def tile_lift(time_s: float, index: int, count: int = len(TITLE_TILES)) -> float:
    """How far tile `index` is raised at `time_s`, as a fraction of its height: a wave crossing the row.

    >>> tile_lift(0.0, 0)
    0.0
    """
    position = (time_s % WAVE_PERIOD_S) / WAVE_CROSS_S * (count + 1) - 1.0
    distance = abs(position - index)
    if distance >= 1.0:
        return 0.0
    return MAX_LIFT * (0.5 + 0.5 * math.cos(math.pi * distance))


def felt_background(width: int, height: int) -> pygame.Surface:
    """A table-felt background with a soft vignette, computed small and smooth-scaled to the window."""
    small = pygame.Surface((32, 18))
    for y in range(18):
        for x in range(32):
            r = min(1.0, math.hypot((x - 15.5) / 16, (y - 8.5) / 9) / 1.25)
            t = r * r
            small.set_at(
                (x, y), tuple(round(c + (e - c) * t) for c, e in zip(FELT_CENTER, FELT_EDGE, strict=True))
            )
    return pygame.transform.smoothscale(small, (width, height))


class TitleScreen:
    """Draws the title screen onto a surface, redrawing only what moved since the previous frame."""

    def __init__(self) -> None:
        self._size = (0, 0)
        self._layout = title_layout(*DEFAULT_SIZE)
        self._static = pygame.Surface((1, 1))  # felt and text: everything that does not move
        self._tiles: list[pygame.Surface] = []
        self._art = TileArt("classic")
        self._row = pygame.Rect(0, 0, 0, 0)  # the band the rising tiles can touch
        self._lifts: list[int] | None = (
            None  # tile lifts on screen now; None = the screen needs a full redraw
        )

    def invalidate(self) -> None:
        """Make the next draw repaint everything (the window was exposed or its surface replaced)."""
        self._lifts = None

    def draw(self, surface: pygame.Surface, time_s: float) -> list[pygame.Rect]:
        """Draw the frame at `time_s` seconds after opening; return the areas that changed."""
        if surface.get_size() != self._size:
            self._rebuild(surface.get_size())
        lifts = [round(tile_lift(time_s, index) * box.h) for index, box in enumerate(self._layout.tiles)]
        previous, self._lifts = self._lifts, lifts
        if previous is None:
            surface.blit(self._static, (0, 0))
            for box, sprite, lift in zip(self._layout.tiles, self._tiles, lifts, strict=True):
                surface.blit(sprite, (box.x, box.y - lift))
            return [surface.get_rect()]
        dirty = []
        # tiles never overlap sideways, so a moved tile repaints only its own column of the row
        for index, (box, sprite) in enumerate(zip(self._layout.tiles, self._tiles, strict=True)):
            if lifts[index] != previous[index]:
                column = pygame.Rect(box.x, self._row.y, box.w, self._row.h)
                surface.blit(self._static, column, column)
                surface.blit(sprite, (box.x, box.y - lifts[index]))
                dirty.append(column)
        return dirty

    def _rebuild(self, size: tuple[int, int]) -> None:
        self._size = size
        self._lifts = None
        layout = self._layout = title_layout(*size)
        first, last = layout.tiles[0], layout.tiles[-1]
        rise = math.ceil(MAX_LIFT * first.h) + 1
        self._row = pygame.Rect(first.x, first.y - rise, last.right - first.x, first.h + rise)
        self._static = felt_background(*size)
        lines = [
            (TITLE, layout.title, TITLE_INK, True),
            (SUBTITLE, layout.subtitle, TEXT_INK, False),
            (NOTICE[0], layout.notice[0], TEXT_INK, False),
            (NOTICE[1], layout.notice[1], TITLE_INK, False),
            (NOTICE[2], layout.notice[2], DIM_INK, False),
            (FOOTER, layout.footer, DIM_INK, False),
        ]
        for text, box, ink, serif in lines:
            image, shadow, position = _render_line(text, box, ink, serif)
            self._static.blit(shadow, (position[0] + 2, position[1] + 3))
            self._static.blit(image, position)
        self._tiles = [
            _fit(self._art.face(kind, box.h, red=red), box)
            for (kind, red), box in zip(TITLE_TILES, layout.tiles, strict=True)
        ]


def _fit(sprite: pygame.Surface, box: Box) -> pygame.Surface:
    # the layout rounds width and height separately; a tile must fill its box exactly (the repaint is per box)
    if sprite.get_size() == (box.w, box.h):
        return sprite
    return pygame.transform.smoothscale(sprite, (box.w, box.h))


def _font(size: int, serif: bool) -> pygame.font.Font:
    # system fonts where present (they space letters better); SysFont falls back to pygame's bundled font
    if serif:
        return pygame.font.SysFont("dejavuserif,georgia,timesnewroman,serif", size, bold=True)
    return pygame.font.SysFont("dejavusans,segoeui,helvetica,arial", size)


def _render_line(
    text: str, box: Box, ink: tuple[int, int, int], serif: bool
) -> tuple[pygame.Surface, pygame.Surface, tuple[int, int]]:
    size = max(6, round(box.h * 0.8))  # font sizes run taller than the glyphs' cap height
    image = _font(size, serif).render(text, True, ink)
    if image.get_width() > box.w:  # too wide for the window: shrink to fit the box
        size = max(6, int(size * box.w / image.get_width()))
        image = _font(size, serif).render(text, True, ink)
    shadow = _font(size, serif).render(text, True, (0, 0, 0))
    shadow.set_alpha(110)
    position = (box.x + (box.w - image.get_width()) // 2, box.y + (box.h - image.get_height()) // 2)
    return image, shadow, position


def run_window(size: tuple[int, int] = DEFAULT_SIZE, max_frames: int | None = None) -> int:
    """Run the resizable title window until Esc or close (or `max_frames`, for tests); return frames drawn."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("SDL_VIDEODRIVER") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):  # SDL would fall back to an invisible 'offscreen' window and leave the user staring at nothing
        raise ScreenError("cannot open a window: no display (neither DISPLAY nor WAYLAND_DISPLAY is set)")
    try:
        pygame.display.init()
        if pygame.display.get_driver() == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
            raise pygame.error("SDL found no display, only its invisible 'offscreen' driver")
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(TileArt("classic").face(33, 64))
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        pygame.display.quit()
        raise ScreenError(f"cannot open a window ({exc}); is a display available?") from exc
    try:
        title = TitleScreen()
        clock = pygame.time.Clock()
        time_s, frames = 0.0, 0
        while max_frames is None or frames < max_frames:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                ):
                    return frames
                if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED):
                    title.invalidate()
            dirty = title.draw(
                pygame.display.get_surface() or screen, time_s
            )  # resizing replaces the surface
            if dirty:
                pygame.display.update(dirty)
            time_s += clock.tick(FPS) / 1000
            frames += 1
        return frames
    finally:
        pygame.display.quit()


def capture_title(path: Path, size: tuple[int, int] = DEFAULT_SIZE, time_s: float = 0.0) -> None:
    """Render the title screen off-screen at `time_s` and save it as an image file (PNG by its name)."""
    pygame.font.init()
    surface = pygame.Surface(size)
    TitleScreen().draw(surface, time_s)
    try:
        pygame.image.save(surface, str(path))
    except (pygame.error, OSError) as exc:
        raise ScreenError(f"cannot write {path}: {exc}") from exc
