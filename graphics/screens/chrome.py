"""The look every menu screen shares: the felt backdrop, the gold heading, panels with titles, shadowed text.

Everything is rendered once per size, text and language and then blitted, so a menu frame costs a few blits.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from graphics.fonts import render_text
from graphics.layout import Box
from graphics.widgets import DIM_INK, GOLD, INK, draw_fitted, fitted_size, panel_surface

MEDALS = {1: (236, 196, 92), 2: (200, 204, 210), 3: (196, 132, 80)}  # gold, silver, bronze
PLUS = (150, 220, 160)  # points won
MINUS = (236, 130, 120)  # points lost
ERROR_INK = (236, 120, 110)  # a line saying what went wrong
FELT_LIGHT = (38, 110, 78)
FELT_DARK = (7, 34, 25)
SHADOW = (6, 16, 12)
TITLE_GOLD = (244, 210, 120)


@lru_cache(maxsize=4)
def backdrop(width: int, height: int) -> pygame.Surface:
    """The room: green felt lit from above the middle, darker toward the corners, with a thin gold inlay."""
    small_w, small_h = 80, 45
    small = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            dx = (x - (small_w - 1) / 2) / (small_w / 2)
            dy = (y - (small_h - 1) * 0.42) / (small_h / 2)
            t = min(1.0, math.hypot(dx * 0.9, dy) / 1.25) ** 1.5
            small.set_at(
                (x, y), tuple(round(a + (b - a) * t) for a, b in zip(FELT_LIGHT, FELT_DARK, strict=True))
            )
    surface = pygame.transform.smoothscale(small, (max(1, width), max(1, height)))
    # the weave of the cloth: faint diagonal lines, far apart enough to read as texture, not as a pattern
    weave = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    step = max(6, round(min(width, height) / 120))
    for offset in range(-height, width, step):
        pygame.draw.line(weave, (255, 255, 255, 6), (offset, 0), (offset + height, height))
    surface.blit(weave, (0, 0))
    inset = max(6, round(min(width, height) * 0.018))
    radius = max(8, inset * 2)
    rect = surface.get_rect().inflate(-2 * inset, -2 * inset)
    inlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(inlay, (*GOLD, 70), rect, width=max(1, inset // 6), border_radius=radius)
    pygame.draw.rect(inlay, (*GOLD, 30), rect.inflate(-inset, -inset), width=1, border_radius=radius)
    surface.blit(inlay, (0, 0))
    return surface.convert() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=64)
def shadowed_text(
    text: str, size: int, color: tuple[int, int, int], lang: str, bold: bool = True, gilded: bool = False
) -> pygame.Surface:
    """Text with a soft dark shadow below it, for titles over the felt; `gilded` shades it like gold leaf."""
    if gilded:
        white = render_text(text, size, (255, 255, 255), bold=bold, lang=lang)
        ink = white.copy()
        ramp = pygame.transform.scale(_gold_gradient(white.get_height()), white.get_size())
        ink.blit(ramp, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    else:
        ink = render_text(text, size, color, bold=bold, lang=lang)
    dark = render_text(text, size, SHADOW, bold=bold, lang=lang)
    offset = max(1, size // 26)
    blur = max(2, size // 16)
    w, h = ink.get_width() + 2 * blur + offset, ink.get_height() + 2 * blur + offset
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow.blit(dark, (blur + offset, blur + offset))
    # a blur by shrinking and growing again: cheap, and soft at any size
    factor = max(2, blur)
    small = pygame.transform.smoothscale(shadow, (max(1, w // factor), max(1, h // factor)))
    shadow = pygame.transform.smoothscale(small, (w, h))
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(2):  # twice: the blurred shadow alone is too faint to lift the letters
        surface.blit(shadow, (0, 0))
    surface.blit(ink, (blur, blur))
    return surface


@lru_cache(maxsize=8)
def _gold_gradient(height: int) -> pygame.Surface:
    """A one-pixel-wide vertical gold ramp, light at the top and deep at the bottom, to multiply text by."""
    column = pygame.Surface((1, max(1, height)), pygame.SRCALPHA)
    top, middle, bottom = (255, 236, 168), (244, 206, 110), (196, 142, 52)
    for y in range(height):
        t = y / max(1, height - 1)
        a, b, u = (top, middle, t / 0.55) if t < 0.55 else (middle, bottom, (t - 0.55) / 0.45)
        column.set_at((0, y), (*(round(p + (q - p) * u) for p, q in zip(a, b, strict=True)), 255))
    return column


@lru_cache(maxsize=32)
def heading_surface(text: str, w: int, h: int, lang: str) -> pygame.Surface:
    """A screen's heading: gold text centred in a w x h strip, with a fine ornamental rule on either side."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    size = fitted_size(text, max(12, round(h * 0.62)), round(w * 0.7), True, lang)
    image = shadowed_text(text, size, TITLE_GOLD, lang, gilded=True)
    rect = image.get_rect(center=(w // 2, h // 2))
    surface.blit(image, rect)
    gap = max(8, h // 4)
    y = h // 2 + max(1, h // 20)
    diamond = max(3, h // 12)
    for side in (-1, 1):
        inner_x = rect.left - gap if side < 0 else rect.right + gap
        outer_x = inner_x + side * round(w * 0.16)
        if (outer_x < 0) or (outer_x > w):
            continue
        pygame.draw.line(
            surface, (*GOLD, 160), (inner_x - side * diamond * 2, y), (outer_x, y), max(1, h // 40)
        )
        cx = inner_x
        points = [(cx, y - diamond), (cx + diamond, y), (cx, y + diamond), (cx - diamond, y)]
        pygame.draw.polygon(surface, GOLD, points)
    return surface


def draw_heading(surface: pygame.Surface, text: str, box: Box, lang: str) -> None:
    """Blit the heading strip into `box`."""
    surface.blit(heading_surface(text, box.w, box.h, lang), (box.x, box.y))


def draw_panel(
    surface: pygame.Surface, box: Box, title: str = "", title_box: Box | None = None, lang: str = "en"
) -> None:
    """A translucent rounded panel, with an optional title and a gold rule under it."""
    radius = max(6, min(box.w, box.h) // 28)
    surface.blit(panel_surface(box.w, box.h, radius=radius), (box.x, box.y))
    if title and title_box is not None:
        size = max(10, round(title_box.h * 0.62))
        draw_fitted(surface, title, size, GOLD, title_box, "midleft", bold=True, lang=lang)
        y = title_box.bottom + max(1, title_box.h // 8)
        rule = pygame.Surface((title_box.w, max(1, title_box.h // 20)), pygame.SRCALPHA)
        rule.fill((*GOLD, 60))
        surface.blit(rule, (title_box.x, y))


def draw_label(surface: pygame.Surface, text: str, box: Box, lang: str, dim: bool = False) -> None:
    """A control's label, left-aligned and vertically centred in `box`."""
    size = max(10, round(box.h * 0.4))
    draw_fitted(surface, text, size, DIM_INK if dim else INK, box, "midleft", lang=lang)


def draw_paragraph(
    surface: pygame.Surface, text: str, box: Box, size: int, lang: str, color: tuple[int, int, int] = DIM_INK
) -> None:
    """Wrapped text from the top of `box`, in a smaller size if it needs more lines than the box holds."""
    from graphics.widgets import wrap_text

    smallest = max(9, round(size * 0.7))
    while True:
        line_h = round(size * 1.35)
        lines = wrap_text(text, size, box.w, lang)
        if len(lines) * line_h <= box.h + size * 0.3 or size <= smallest:
            break
        size -= 1
    y = box.y
    for line in lines:
        if y + line_h > box.bottom + size * 0.3:
            break  # only below the smallest size: the box is too small for the text at all
        surface.blit(render_text(line, size, color, lang=lang), (box.x, y))
        y += line_h


def draw_rank(
    surface: pygame.Surface, rank: int, box: Box, radius: int, size: int, lang: str, medal: bool = True
) -> None:
    """A rank in a standings row: 1st to 3rd on a gold, silver or bronze disc (when ``medal``), else plain."""
    color = MEDALS.get(rank) if medal else None
    if color is None:
        draw_fitted(surface, str(rank), size, DIM_INK, box, "center", True, lang)
        return
    pygame.draw.circle(surface, color, box.center, radius)
    draw_fitted(surface, str(rank), max(9, round(radius * 1.15)), (30, 24, 14), box, "center", True, lang)


def thumb_length(bar: Box, shown: float, total: float) -> int:
    """A scrollbar thumb's length: the shown share of the list, never shorter than three widths."""
    return max(bar.w * 3, round(bar.h * shown / max(1, total)))


def scrollbar_grabbed(bar: Box, pos: tuple[int, int]) -> bool:
    """Whether a press lands on a scrollbar (a little wider than drawn, so it is easy to grab)."""
    return Box(bar.x - bar.w, bar.y, bar.w * 3, bar.h).contains_point(*pos)


def dragged_offset(bar: Box, thumb_h: int, y: int, max_offset: float) -> float:
    """The list offset that puts a dragged thumb's middle under the pointer at ``y`` (not yet clamped)."""
    return (y - bar.y - thumb_h / 2) / max(1, bar.h - thumb_h) * max_offset


class BarDrag:
    """A scrollbar thumb dragged with the mouse: a press on the bar starts it, moves follow it, a release
    ends it."""

    def __init__(self) -> None:
        self.active = False

    def handle(self, event: pygame.event.Event, bar: Box | None, move: Callable[[int], None]) -> bool:
        """Whether ``event`` belonged to the drag; ``move`` gets the pointer's y. ``bar`` None: nothing to
        scroll (the list fits), so a press never starts a drag."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if bar is None or not scrollbar_grabbed(bar, event.pos):
                return False
            self.active = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.active:
            self.active = False
            return True
        elif event.type != pygame.MOUSEMOTION or not self.active:
            return False
        move(event.pos[1])
        return True


def draw_scrollbar(surface: pygame.Surface, bar: Box, first: int, shown: int, total: int) -> None:
    """A thin track with a thumb for a list showing rows first..first+shown of total (none if all fit)."""
    if total <= shown:
        return
    radius = max(1, bar.w // 2)
    pygame.draw.rect(surface, (8, 20, 16), pygame.Rect(bar.x, bar.y, bar.w, bar.h), border_radius=radius)
    thumb_h = thumb_length(bar, shown, total)
    y = bar.y + round((bar.h - thumb_h) * first / max(1, total - shown))
    pygame.draw.rect(surface, (196, 182, 140), pygame.Rect(bar.x, y, bar.w, thumb_h), border_radius=radius)


def points_ink(points: float) -> tuple[int, int, int]:
    """The colour of settlement points as shown with one decimal: green above zero, red below, else ink."""
    shown = round(points, 1)
    return PLUS if shown > 0 else MINUS if shown < 0 else INK


@lru_cache(maxsize=4)
def veil(width: int, height: int, alpha: int = 130) -> pygame.Surface:
    """A dark translucent sheet over the whole window, behind a dialog that takes all input."""
    sheet = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, alpha))
    return sheet


@lru_cache(maxsize=64)
def band_surface(
    w: int,
    h: int,
    fill: tuple[int, int, int, int],
    edge: tuple[int, int, int, int] | None = None,
    edge_w: int = 1,
    radius: int = 4,
) -> pygame.Surface:
    """A row's rounded band in a table (lit when selected or under the mouse), with an optional edge."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, surface.get_rect(), edge_w, radius)
    return surface
