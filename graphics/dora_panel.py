"""The dora indicator panel: every revealed indicator upright in one row, the kan dora slots still face
down, a new indicator turning over, and the dora an indicator points to when the mouse rests on it.

A self-contained component: the table screen gives it a box (in the drawing surface's coordinates) and its
animation clock; slot geometry is pure math, so it is tested without a display.
"""

from __future__ import annotations

import pygame

from game.terms import RuleSet, dora_from_indicator, is_red
from graphics import i18n
from graphics.fonts import text_size
from graphics.layout import Box
from graphics.tiles import TileArt, art_kind, tile_size
from graphics.tween import clamp01
from graphics.widgets import GOLD, INK, draw_text, panel_surface

KAN_DORA_SLOTS = 4  # at most four kans in a hand, each turning one more indicator
FLIP_S = 0.4  # a new indicator turning over
STAGGER_S = 0.15  # indicators revealed together turn one after another
GLOW_S = 0.6  # after its flip, a new indicator's gold frame fades out
FLIP_STEPS = 8
GAP_RATIO = 0.14  # the gap between slots, as a fraction of a tile's width
TOOLTIP_TILE_RATIO = 1.3  # the tooltip's tile against a slot's tile: larger, so the dora reads at a glance
MIN_TEXT_PX = 12  # the smallest label still readable at 1280x720
BACK_DIM = (150, 150, 150)  # unrevealed backs are dimmed so the revealed faces stand out


def slot_count(rules: RuleSet) -> int:
    """How many indicator slots a rule set shows: the first indicator, plus four when kans reveal kan dora."""
    return 1 + KAN_DORA_SLOTS if rules.kan_dora else 1


def slot_boxes(box: Box, slots: int) -> list[Box]:
    """Where each slot's upright tile goes: one centred row, as large as `box` allows, with a small margin
    for the highlight frame and a gap between slots (pure geometry).

    >>> slot_boxes(Box(0, 0, 190, 40), 5)[0]
    Box(x=22, y=3, w=26, h=34)
    """
    if slots <= 0:
        return []
    pad = max(1, round(min(box.w, box.h) * 0.08))
    room_w, room_h = box.w - 2 * pad, box.h - 2 * pad
    height = max(1, room_h)
    while height > 1 and _row_width(height, slots) > room_w:
        height -= 1
    width = tile_size(height)[0]
    gap = _gap(width)
    x = box.x + (box.w - _row_width(height, slots)) // 2
    y = box.y + (box.h - height) // 2
    return [Box(x + index * (width + gap), y, width, height) for index in range(slots)]


def _gap(tile_w: int) -> int:
    return max(1, round(tile_w * GAP_RATIO))


def _row_width(height: int, slots: int) -> int:
    width = tile_size(height)[0]
    return slots * width + (slots - 1) * _gap(width)


class DoraPanel:
    """The revealed dora indicators of the hand on screen, with the flips of new ones on the animation clock.

    Feed it with ``set_indicators`` whenever the shown wall changes; ``draw`` it every frame (it is cheap:
    one blit a slot), and keep frames coming while ``busy``.
    """

    def __init__(self, three_player: bool = False) -> None:
        self.three_player = three_player  # in three-player, a 1m indicator points to 9m
        self.indicators: tuple[int, ...] = ()  # tile ids, in the order they were revealed
        self._flips: dict[int, float] = {}  # slot -> animation time its flip starts
        self._dimmed: dict[tuple[str, int], pygame.Surface] = {}  # (theme, height) -> a dimmed back

    def reset(self) -> None:
        """A new hand: no indicator shown yet, nothing turning."""
        self.indicators = ()
        self._flips.clear()

    def set_indicators(self, indicators: tuple[int, ...], now_s: float, animate: bool) -> None:
        """Show `indicators` (tile ids) from animation time `now_s`; each slot whose tile is new turns over
        when `animate` (several at once turn one after another), else appears at once."""
        indicators = tuple(indicators)
        if indicators == self.indicators:
            return
        changed = [
            index
            for index, tile in enumerate(indicators)
            if index >= len(self.indicators) or self.indicators[index] != tile
        ]
        self._flips = {index: start for index, start in self._flips.items() if index < len(indicators)}
        for order, index in enumerate(changed):
            if animate:
                self._flips[index] = now_s + order * STAGGER_S
            else:
                self._flips.pop(index, None)
        self.indicators = indicators

    def busy(self, now_s: float) -> bool:
        """Whether a flip (or the glow after it) is still running at `now_s`: the screen keeps drawing."""
        return any(now_s < start + FLIP_S + GLOW_S for start in self._flips.values())

    def slot_at(self, box: Box, slots: int, point: tuple[int, int] | None) -> int | None:
        """The revealed indicator's slot under `point`, if any."""
        if point is None:
            return None
        for index, slot in enumerate(slot_boxes(box, slots)[: len(self.indicators)]):
            if slot.contains_point(*point):
                return index
        return None

    def hovered_dora(self, box: Box, slots: int, point: tuple[int, int] | None) -> int | None:
        """The kind (0..33) the revealed indicator under `point` makes dora, or None.

        >>> panel = DoraPanel()
        >>> panel.set_indicators((35,), 0.0, False)  # 9m
        >>> panel.hovered_dora(Box(0, 0, 190, 40), 5, (30, 20))
        0
        """
        index = self.slot_at(box, slots, point)
        return None if index is None else self._dora(index)

    def _dora(self, index: int) -> int:
        """The kind slot `index`'s indicator makes dora."""
        return dora_from_indicator(self.indicators[index] >> 2, self.three_player)

    def flip_progress(self, index: int, now_s: float) -> float:
        """How far slot `index`'s tile has turned at `now_s`: 0 face down, 1 face up."""
        if index >= len(self.indicators):
            return 0.0
        start = self._flips.get(index)
        return 1.0 if start is None else clamp01((now_s - start) / FLIP_S)

    # ---- drawing ------------------------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        box: Box,
        art: TileArt,
        now_s: float,
        slots: int,
        hover: tuple[int, int] | None,
        red_fives: tuple[int, int, int],
        lang: str,
    ) -> None:
        """Every slot in `box` at animation time `now_s`: revealed indicators face up (turning when new), the
        rest face down; with `hover` on an indicator, its frame lit and the dora it points to in a tooltip.

        `box` and `hover` are in `surface`'s coordinates; draw it after the table's tiles so the tooltip,
        which may reach beyond `box`, lies on top.
        """
        boxes = slot_boxes(box, slots)
        hovered = self.slot_at(box, slots, hover)
        for index, slot in enumerate(boxes):
            if index >= len(self.indicators):
                surface.blit(self._dimmed_back(art, slot.h), (slot.x, slot.y))
                continue
            tile = self.indicators[index]
            red = is_red(tile, red_fives)
            progress = self.flip_progress(index, now_s)
            if progress < 1.0:
                step = round(progress * FLIP_STEPS)
                surface.blit(art.flip_frame(art_kind(tile), red, slot.h, step, FLIP_STEPS), (slot.x, slot.y))
                continue
            surface.blit(art.face(art_kind(tile), slot.h, 0, red), (slot.x, slot.y))
            glow = self._glow(index, now_s)
            if index == hovered:
                _frame(surface, slot, GOLD, 255)
            elif glow > 0.0:
                _frame(surface, slot, GOLD, round(255 * glow))
        if hovered is not None:
            self.draw_tooltip(surface, boxes[hovered], art, hovered, lang)

    def draw_tooltip(
        self, surface: pygame.Surface, slot: Box, art: TileArt, index: int, lang: str
    ) -> pygame.Rect:
        """A small panel above slot `index`'s tile (below it when there is no room), kept inside `surface`:
        the "Dora" label over the tile the indicator points to. Returns where it was drawn."""
        kind = self._dora(index)
        tile_h = max(20, round(slot.h * TOOLTIP_TILE_RATIO))
        tile_w = tile_size(tile_h)[0]
        label = i18n.tr("dora.tooltip")
        label_px = max(MIN_TEXT_PX, round(tile_h * 0.32))
        label_w, label_h = text_size(label, label_px, True, lang)
        pad = max(4, round(tile_h * 0.16))
        width = max(label_w, tile_w) + 2 * pad
        height = pad + label_h + pad // 2 + tile_h + pad
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (slot.center[0], slot.y - pad)
        if rect.top < 0:  # no room above (the panel at the window's top edge): below the tile instead
            rect.midtop = (slot.center[0], slot.bottom + pad)
        rect.clamp_ip(surface.get_rect())
        surface.blit(panel_surface(width, height, (10, 24, 20), 240, pad), rect.topleft)
        draw_text(surface, label, label_px, INK, (rect.centerx, rect.y + pad), "midtop", True, lang)
        surface.blit(
            art.face(kind, tile_h, 0, False), (rect.centerx - tile_w // 2, rect.bottom - pad - tile_h)
        )
        return rect

    def _glow(self, index: int, now_s: float) -> float:
        """The fading highlight of a just-turned indicator: 1 as its flip ends, 0 after GLOW_S."""
        start = self._flips.get(index)
        if start is None:
            return 0.0
        return 1.0 - clamp01((now_s - start - FLIP_S) / GLOW_S)

    def _dimmed_back(self, art: TileArt, height: int) -> pygame.Surface:
        """A face-down tile, dimmed (cached per theme and height)."""
        key = (art.theme, height)
        image = self._dimmed.get(key)
        if image is None:
            image = art.back(height).copy()
            image.fill(BACK_DIM, special_flags=pygame.BLEND_RGB_MULT)
            if len(self._dimmed) > 16:  # a few window sizes and themes at most
                self._dimmed.clear()
            self._dimmed[key] = image
        return image


def _frame(surface: pygame.Surface, slot: Box, color: tuple[int, int, int], alpha: int) -> None:
    """A rounded frame just around a slot's tile, `alpha` opaque."""
    width = max(2, round(slot.w * 0.08))
    rect = pygame.Rect(0, 0, slot.w + 2 * width, slot.h + 2 * width)
    ring = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(ring, (*color, alpha), rect, width, border_radius=width * 2)
    surface.blit(ring, (slot.x - width, slot.y - width))
