"""The yaku reference: every yaku grouped by value, with its han, a one-line description and an example hand.

Examples are drawn with the game's own tiles: concealed tiles, then the called melds (the called tile turned
toward its source), then the winning tile set apart. Each entry is rendered once into a surface, lazily as it
scrolls into view (a bounded cache keeps memory flat on 4K screens); scrolling only blits.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.rule_text import RuleLine, is_on, phrase_text, switched_example, yaku_switch
from game.terms import (
    PRESET_NAMES,
    YAKU_ORDER,
    YAKUMAN_IDS,
    HandValue,
    Meld,
    MeldType,
    RuleSet,
    is_red,
    preset,
)
from game.yaku_reference import (
    EXAMPLES,
    WITHOUT_EXAMPLE,
    YakuExample,
    example_for,
    example_rules,
    example_tiles,
    score_example,
)
from graphics import i18n
from graphics.app import App
from graphics.fonts import render_text, text_size
from graphics.i18n import tr
from graphics.layout import Box, tile_width
from graphics.screens.chrome import BarDrag, backdrop, dragged_offset, draw_heading, draw_label, draw_panel
from graphics.screens.form import Field, Form
from graphics.screens.layouts import ReferenceLayout, reference_layout
from graphics.tiles import FLOWER_KINDS, TileArt
from graphics.widgets import DIM_INK, GOLD, INK, Button, Cycler, draw_fitted, fitted_size, wrap_text

log = logging.getLogger(__name__)

DORA_KINDS = (
    "dora",
    "aka_dora",
    "ura_dora",
    "kita",
    "flower",
)  # worth han, but not yaku: a group of their own
GROUP_ORDER = ("1", "2", "3", "4", "mangan", "6", "yakuman", "dora")
ENTRY_CACHE = 16  # rendered entries kept; the list shows at most a handful at once
SCROLL_EASE = 14.0  # per second: how fast the shown offset catches up with the target


class Group(NamedTuple):
    """One heading of the reference and the yaku under it, in YAKU_ORDER."""

    key: str
    yaku: tuple[str, ...]


def group_of(yaku: str) -> str:
    """Which group a yaku (or dora kind) is listed under."""
    if yaku in DORA_KINDS:
        return "dora"
    if yaku in WITHOUT_EXAMPLE:  # nagashi mangan: paid as a mangan at the draw
        return "mangan"
    example = example_for(yaku)
    han = example.han_closed if example.han_closed is not None else example.han_open
    assert han is not None
    if yaku in YAKUMAN_IDS or han >= 13:
        return "yakuman"
    if han == 5:  # renhou under the mangan rule
        return "mangan"
    return str(han)


def reference_groups() -> tuple[Group, ...]:
    """Every yaku id of YAKU_ORDER in exactly one group, the groups ordered by value."""
    members: dict[str, list[str]] = {key: [] for key in GROUP_ORDER}
    for yaku in YAKU_ORDER:
        members[group_of(yaku)].append(yaku)
    return tuple(Group(key, tuple(members[key])) for key in GROUP_ORDER if members[key])


def group_label(key: str) -> str:
    """A group's heading: "2 han", "Mangan", "Yakuman", "Dora"."""
    if key == "mangan":
        return tr("limit.mangan")
    if key == "yakuman":
        return tr("limit.yakuman")
    if key == "dora":
        return tr("reference.group_dora")
    return tr("score.han", han=int(key))


def value_text(yaku: str, rules: RuleSet | None = None) -> str:
    """What a yaku is worth closed: "2 han", "Mangan", "Yakuman", "Double yakuman"; under `rules` that give an
    optional yaku a value of their own, that value (renhou as "Baiman")."""
    if yaku in WITHOUT_EXAMPLE:
        return tr("limit.mangan")
    setting = _setting(yaku, rules)
    if setting is not None:
        value = _score(yaku, setting)
        if value is not None and value.yakuman:
            return tr("limit.yakuman") if value.yakuman == 1 else tr("limit.double_yakuman")
        if value is not None and value.limit:
            return tr(f"limit.{value.limit}")
    example = example_for(yaku)
    han = example.han_closed if example.han_closed is not None else example.han_open
    assert han is not None
    if yaku in YAKUMAN_IDS or han >= 13:
        return tr("limit.double_yakuman") if han >= 26 else tr("limit.yakuman")
    if han == 5:
        return tr("limit.mangan")
    return tr("score.han", han=han)


def condition_text(yaku: str) -> str:
    """When the value holds: closed only, open too, or less when open ("open: 1 han"); dora count per tile."""
    if yaku in DORA_KINDS:
        return tr("reference.per_tile")
    if yaku in WITHOUT_EXAMPLE:
        return tr("reference.at_draw")
    example = example_for(yaku)
    if example.han_open is None:
        return tr("reference.closed_only")
    if example.han_closed is None or example.han_open == example.han_closed:
        return tr("reference.open_too")
    return tr("reference.open_less", han=example.han_open)


def example_value(yaku: str, rules: RuleSet | None = None) -> tuple[str, str] | None:
    """The example hand's score in words: ("3 han 40 fu", "5,200 points"); None when it has no hand. Under
    `rules` that give an optional yaku a value of their own (renhou as a baiman), scored with it."""
    value = _score(yaku, _setting(yaku, rules))
    if value is None:
        return None
    if value.yakuman:
        worth = tr("limit.yakuman") if value.yakuman == 1 else tr("yakuman_count", count=value.yakuman)
    elif value.limit in ("mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman"):
        worth = f"{tr('score.han', han=value.han)} · {tr(f'limit.{value.limit}')}"
    else:
        worth = tr("score.han_fu", han=value.han, fu=value.fu)
    return worth, tr("score.points", points=f"{value.points:,}")


def switch_line(yaku: str, rules: RuleSet) -> RuleLine | None:
    """The option that switches a local or optional yaku on, with its value under `rules` (None: no such)."""
    return None if yaku in WITHOUT_EXAMPLE else yaku_switch(example_for(yaku), rules)


def switch_mark(yaku: str, rules: RuleSet) -> tuple[str, bool] | None:
    """The mark on a local or optional yaku's card: "On", "Off" or the value `rules` give it ("Baiman"), and
    whether it is on; None for a yaku every rule set has."""
    line = switch_line(yaku, rules)
    if line is None:
        return None
    return phrase_text(line.value, tr, i18n.has_key), is_on(getattr(rules, line.option))


def _setting(yaku: str, rules: RuleSet | None) -> str | None:
    """The value `rules` give an optional yaku whose option is a choice (renhou's "baiman") if they have it
    on; None for any other yaku, for a switch, or with no rules."""
    line = None if rules is None else switch_line(yaku, rules)
    if rules is None or line is None:
        return None
    value = getattr(rules, line.option)
    return value if isinstance(value, str) and is_on(value) else None


@lru_cache(maxsize=128)
def _score(yaku: str, setting: str | None = None) -> HandValue | None:
    if yaku in WITHOUT_EXAMPLE:
        return None
    try:
        example = example_for(yaku)
        if setting is not None:  # the value its option has in the rule set shown
            option = example.rules[0][0]
            example = switched_example(example, preset("standard").with_overrides({option: setting}))
        return score_example(example)
    except ValueError as exc:  # a broken example must not take the screen down; the tests catch it
        log.warning("cannot score the reference example of %s: %s", yaku, exc)
        return None


# ----------------------------------------------------------------------------------------------------------
# the example's tiles, placed in a row: pure geometry, tested without a display


class Piece(NamedTuple):
    """One tile of an example row: where it lies, what it shows, and the caption under it (if any)."""

    x: int
    y: int  # top, measured down from the top of the row; sideways tiles sit low, an added kan tile on top
    kind: int | None  # None: face down (the outer tiles of an ankan)
    red: bool
    sideways: bool
    caption: str = ""  # "win", "dora", "ura", "kita" or "flower"


def meld_slots(meld: Meld) -> list[tuple[int, bool, bool]]:
    """(tile, sideways, stacked on the previous) left to right: the called tile turned toward its source."""
    tiles = sorted(meld.tiles)
    if meld.type is MeldType.ANKAN:
        return [(tile, False, False) for tile in tiles]
    called = meld.called if meld.called is not None else tiles[0]
    rest = [tile for tile in tiles if tile != called]
    added = rest.pop() if meld.type is MeldType.SHOUMINKAN else None  # the fourth tile lies on the called one
    slot = {3: 0, 2: 1, 1: len(rest)}.get(meld.from_seat or 3, 0)
    row: list[tuple[int, bool, bool]] = [(tile, False, False) for tile in rest]
    row.insert(slot, (called, True, False))
    if added is not None:
        row.insert(slot + 1, (added, True, True))
    return row


def example_pieces(
    example: YakuExample, tile_h: int, caption_w: Callable[[str], int] = lambda caption: 0
) -> tuple[list[Piece], int]:
    """The example laid out left to right at `tile_h`, and the row's width in pixels.

    `caption_w` gives a caption's width ("win", "dora", "ura", "kita"): a captioned group sits far enough
    right of the one before that their centred captions never touch.
    """
    tiles = example_tiles(example)
    red_fives = example_rules(example).red_fives
    tw = tile_width(tile_h)
    gap = max(2, round(tw * 0.4))
    pieces: list[Piece] = []
    x = 0
    hand = list(tiles.hand)
    hand.remove(tiles.win_tile)
    lift = tw if any(meld.type is MeldType.SHOUMINKAN for meld in tiles.melds) else 0
    for tile in hand:
        pieces.append(Piece(x, lift, tile >> 2, is_red(tile, red_fives), False))
        x += tw
    for meld in tiles.melds:
        x += gap
        for index, (tile, sideways, stacked) in enumerate(meld_slots(meld)):
            hidden = meld.type is MeldType.ANKAN and index in (0, 3)
            kind = None if hidden else tile >> 2
            if stacked:
                pieces.append(Piece(x - tile_h, lift + tile_h - 2 * tw, kind, is_red(tile, red_fives), True))
                continue
            y = lift + (tile_h - tw if sideways else 0)
            pieces.append(Piece(x, y, kind, is_red(tile, red_fives), sideways))
            x += tile_h if sideways else tw
    groups: list[tuple[str, list[tuple[int, bool]]]] = [
        ("win", [(tiles.win_tile >> 2, is_red(tiles.win_tile, red_fives))]),
        ("dora", [(tile >> 2, is_red(tile, red_fives)) for tile in tiles.dora_indicators]),
        ("ura", [(tile >> 2, is_red(tile, red_fives)) for tile in tiles.ura_indicators]),
        ("kita", [(30, False)] * example.kita),
        ("flower", [(FLOWER_KINDS[index], False) for index in range(example.flowers)]),
    ]
    caption_right = -(10**6)
    for caption, faces in groups:
        if not faces:
            continue
        span = len(faces) * tw
        width = caption_w(caption)
        x = max(x + round(gap * 1.4), caption_right + gap + (width - span) // 2)
        for kind, red in faces:
            pieces.append(Piece(x, lift, kind, red, False, caption))
            x += tw
        caption_right = x - span // 2 + width // 2 + (span % 2)
    return pieces, max(x, caption_right)


def caption_words(example: YakuExample) -> dict[str, str]:
    """The captions under an example's tiles: how it was won, and what the indicators are."""
    return {
        "win": tr("call.tsumo") if example.tsumo else tr("call.ron"),
        "dora": tr("reference.dora_indicator"),
        "ura": tr("reference.ura_indicator"),
        "kita": tr("yaku.kita"),
        "flower": tr("yaku.flower"),
    }


def caption_measure(example: YakuExample, m: Metrics, lang: str) -> Callable[[str], int]:
    """The width of each of an example's captions at the list's caption size."""
    words = caption_words(example)

    def width(caption: str) -> int:
        bold = caption == "win"
        return text_size(words[caption], m.caption_px, bold, lang)[0] + m.caption_px // 2

    return width


def row_height(example: YakuExample, tile_h: int) -> int:
    """The height of an example's tile row (taller when an added kan tile lies on top of a called one)."""
    stacked = any(text.startswith("shouminkan") for text in example.melds)
    return tile_h + (tile_width(tile_h) if stacked else 0)


# ----------------------------------------------------------------------------------------------------------
# entries: measured without rendering, rendered once when first shown


@dataclass(frozen=True)
class Entry:
    """A line of the list: a group heading (yaku None) or one yaku, at `y` in the list, `h` tall."""

    group: str
    yaku: str | None
    y: int
    h: int


class Metrics(NamedTuple):
    """Sizes of the list's text and tiles for one viewport width."""

    width: int
    tile_h: int
    pad: int
    name_px: int
    text_px: int
    caption_px: int
    heading_h: int
    spacing: int


def metrics_for(width: int, tile_h: int, min_text_px: int = 10) -> Metrics:
    """The list's sizes for a viewport `width` wide with tiles `tile_h` tall (text at least `min_text_px`)."""
    return Metrics(
        width=width,
        tile_h=tile_h,
        pad=max(6, round(tile_h * 0.3)),
        name_px=max(11, round(tile_h * 0.4), round(min_text_px * 1.3)),
        text_px=max(10, round(tile_h * 0.29), min_text_px),
        caption_px=max(9, round(tile_h * 0.27), round(min_text_px * 0.85)),
        heading_h=max(20, round(tile_h * 0.95)),
        spacing=max(4, round(tile_h * 0.16)),
    )


def fit_metrics(width: int, tile_h: int, min_text_px: int, lang: str) -> Metrics:
    """The list's sizes with the largest tiles (up to `tile_h`) at which every example row fits `width`."""
    for height in range(tile_h, 11, -1):
        m = metrics_for(width, height, min_text_px)
        widest = max(example_pieces(e, height, caption_measure(e, m, lang))[1] for e in EXAMPLES)
        if widest + 2 * m.pad <= width:
            return m
    return metrics_for(width, 12, min_text_px)


def entry_height(yaku: str, m: Metrics, lang: str, rules: RuleSet | None = None) -> int:
    """How tall a yaku's entry is, from its wrapped description and its example row (under `rules`)."""
    lines = wrap_text(tr(f"yaku_desc.{yaku}"), m.text_px, m.width - 2 * m.pad, lang)
    height = m.pad + round(m.name_px * 1.5) + len(lines) * round(m.text_px * 1.4)
    if yaku not in WITHOUT_EXAMPLE:
        height += m.pad // 2 + row_height(example_for(yaku), m.tile_h) + round(m.caption_px * 1.6)
        if value_placement(yaku, m, lang, rules) == "below":
            height += round(m.text_px * 1.4)
    return height + m.pad


def value_placement(yaku: str, m: Metrics, lang: str, rules: RuleSet | None = None) -> str | None:
    """Where the example's score goes: "beside" the tiles if it fits, else "below" them; None: no score."""
    value = example_value(yaku, rules)
    if value is None:
        return None
    _, row_w = example_pieces(example_for(yaku), m.tile_h, caption_measure(example_for(yaku), m, lang))
    room = m.width - 2 * m.pad - row_w - m.tile_h // 2
    widest = max(
        text_size(value[0], m.text_px, False, lang)[0], text_size(value[1], m.text_px, True, lang)[0]
    )
    return "beside" if widest <= room else "below"


def list_entries(
    groups: tuple[Group, ...], m: Metrics, lang: str, rules: RuleSet | None = None
) -> tuple[list[Entry], int]:
    """Every heading and entry with its place in the list (under `rules`), and the list's whole height."""
    entries: list[Entry] = []
    y = 0
    for group in groups:
        entries.append(Entry(group.key, None, y, m.heading_h))
        y += m.heading_h + m.spacing
        for yaku in group.yaku:
            h = entry_height(yaku, m, lang, rules)
            entries.append(Entry(group.key, yaku, y, h))
            y += h + m.spacing
    return entries, max(0, y - m.spacing)


def render_heading(label: str, m: Metrics, lang: str) -> pygame.Surface:
    """A group heading: gold text and a fine rule to the right."""
    surface = pygame.Surface((m.width, m.heading_h), pygame.SRCALPHA)
    size = round(m.heading_h * 0.55)
    text = render_text(label, size, GOLD, bold=True, lang=lang)
    rect = text.get_rect(midleft=(m.pad // 2, m.heading_h // 2 + 2))
    surface.blit(text, rect)
    y = rect.centery + 1
    pygame.draw.line(surface, (*GOLD, 90), (rect.right + m.pad, y), (m.width - m.pad // 2, y), 1)
    return surface


def render_entry(
    yaku: str, m: Metrics, height: int, art: TileArt, lang: str, rules: RuleSet | None = None
) -> pygame.Surface:
    """One yaku's card: name, local mark (and under `rules` whether they have it on), value, description and
    the example hand with captions."""
    surface = pygame.Surface((m.width, height), pygame.SRCALPHA)
    radius = max(6, m.pad)
    pygame.draw.rect(surface, (255, 255, 255, 14), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, (255, 255, 255, 30), surface.get_rect(), width=1, border_radius=radius)
    x, y = m.pad, m.pad
    line_h = round(m.name_px * 1.5)
    name = render_text(tr(f"yaku.{yaku}"), m.name_px, INK, bold=True, lang=lang)
    surface.blit(name, name.get_rect(midleft=(x, y + line_h // 2)))
    right = m.width - m.pad
    value = render_text(value_text(yaku, rules), m.name_px, GOLD, bold=True, lang=lang)
    value_rect = value.get_rect(midright=(right, y + line_h // 2))
    surface.blit(value, value_rect)
    condition = render_text(condition_text(yaku), m.text_px, DIM_INK, lang=lang)
    surface.blit(condition, condition.get_rect(midright=(value_rect.left - m.pad // 2, y + line_h // 2 + 1)))
    example = None if yaku in WITHOUT_EXAMPLE else example_for(yaku)
    if example is not None and example.local:
        tag = local_tag(tr("reference.local"), m.caption_px, lang)
        rect = tag.get_rect(midleft=(x + name.get_width() + m.pad // 2, y + line_h // 2))
        surface.blit(tag, rect)
        mark = None if rules is None else switch_mark(yaku, rules)
        if mark is not None:
            state = state_tag(mark[0], mark[1], m.caption_px, lang)
            surface.blit(state, state.get_rect(midleft=(rect.right + m.pad // 3, rect.centery)))
    y += line_h
    text_h = round(m.text_px * 1.4)
    for line in wrap_text(tr(f"yaku_desc.{yaku}"), m.text_px, m.width - 2 * m.pad, lang):
        surface.blit(render_text(line, m.text_px, DIM_INK, lang=lang), (x, y))
        y += text_h
    if example is not None:
        y += m.pad // 2
        draw_example(surface, example, x, y, m, art, lang, rules)
    return surface


def draw_example(
    surface: pygame.Surface,
    example: YakuExample,
    x: int,
    y: int,
    m: Metrics,
    art: TileArt,
    lang: str,
    rules: RuleSet | None = None,
) -> None:
    """The example's tiles at (x, y), captions under the win tile and indicators, the score (under `rules`)
    on the right."""
    pieces, _ = example_pieces(example, m.tile_h, caption_measure(example, m, lang))
    row_h = row_height(example, m.tile_h)
    captions: dict[str, list[Piece]] = {}
    for piece in pieces:
        turns = 1 if piece.sideways else 0
        image = (
            art.back(m.tile_h, turns)
            if piece.kind is None
            else art.face(piece.kind, m.tile_h, turns, piece.red)
        )
        surface.blit(image, (x + piece.x, y + piece.y))
        if piece.caption:
            captions.setdefault(piece.caption, []).append(piece)
    caption_y = y + row_h + round(m.caption_px * 0.2)
    words = caption_words(example)
    for caption, group in captions.items():
        centre = x + (group[0].x + group[-1].x + tile_width(m.tile_h)) // 2
        text = render_text(
            words[caption],
            m.caption_px,
            GOLD if caption == "win" else DIM_INK,
            bold=caption == "win",
            lang=lang,
        )
        surface.blit(text, text.get_rect(midtop=(centre, caption_y)))
    value = example_value(example.yaku, rules)
    placement = value_placement(example.yaku, m, lang, rules)
    if value is None or placement is None:
        return
    worth, points = value
    right = m.width - m.pad
    if placement == "beside":  # two short lines right of the tiles: the han and fu, then the points
        line_h = round(m.text_px * 1.35)
        top = y + row_h // 2 - line_h
        surface.blit(*_right(render_text(worth, m.text_px, DIM_INK, lang=lang), right, top))
        surface.blit(*_right(render_text(points, m.text_px, INK, bold=True, lang=lang), right, top + line_h))
    else:
        joined = f"{worth} · {points}"
        size = fitted_size(joined, m.text_px, m.width - 2 * m.pad, False, lang)
        line = render_text(joined, size, DIM_INK, lang=lang)
        surface.blit(*_right(line, right, caption_y + round(m.caption_px * 1.4)))


def _right(image: pygame.Surface, right: int, top: int) -> tuple[pygame.Surface, pygame.Rect]:
    return image, image.get_rect(topright=(right, top))


@lru_cache(maxsize=4)
def fade_mask(w: int, h: int, top: int, bottom: int) -> pygame.Surface:
    """White, with alpha ramping from 0 to full over `top` pixels at the top and `bottom` at the bottom."""
    mask = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    for edge, start, step in ((top, 0, 1), (bottom, h - 1, -1)):
        for row in range(edge):
            alpha = round(255 * (row + 1) / (edge + 1))
            mask.fill((255, 255, 255, alpha), pygame.Rect(0, start + step * row, w, 1))
    return mask


@lru_cache(maxsize=16)
def local_tag(label: str, size: int, lang: str) -> pygame.Surface:
    """A small gold-outlined pill marking a local yaku."""
    text = render_text(label, size, GOLD, bold=True, lang=lang)
    pad_x, pad_y = max(4, size // 2), max(2, size // 5)
    surface = pygame.Surface((text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y), pygame.SRCALPHA)
    radius = surface.get_height() // 2
    pygame.draw.rect(surface, (*GOLD, 36), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, GOLD, surface.get_rect(), width=1, border_radius=radius)
    surface.blit(text, (pad_x, pad_y))
    return surface


ON_FILL = (96, 176, 120)  # a switched-on mark: green, the colour of a switch that is on
ON_INK = (14, 30, 20)


@lru_cache(maxsize=32)
def state_tag(label: str, on: bool, size: int, lang: str) -> pygame.Surface:
    """A small pill beside the local mark saying whether the rule set shown has the yaku: filled when on
    ("On", "Baiman"), a grey outline when off."""
    text = render_text(label, size, ON_INK if on else DIM_INK, bold=True, lang=lang)
    pad_x, pad_y = max(4, size // 2), max(2, size // 5)
    surface = pygame.Surface((text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y), pygame.SRCALPHA)
    radius = surface.get_height() // 2
    if on:
        pygame.draw.rect(surface, ON_FILL, surface.get_rect(), border_radius=radius)
    else:
        pygame.draw.rect(surface, (*DIM_INK, 150), surface.get_rect(), width=1, border_radius=radius)
    surface.blit(text, (pad_x, pad_y))
    return surface


def name_row_fits(yaku: str, m: Metrics, lang: str, rules: RuleSet | None) -> bool:
    """Whether a card's first row fits its width: the name, the local and on/off marks on the left, the
    condition and value on the right, with a gap between."""
    size = m.caption_px
    pad_x = max(4, size // 2)
    left = m.pad + text_size(tr(f"yaku.{yaku}"), m.name_px, True, lang)[0]
    example = None if yaku in WITHOUT_EXAMPLE else example_for(yaku)
    if example is not None and example.local:
        left += m.pad // 2 + text_size(tr("reference.local"), size, True, lang)[0] + 2 * pad_x
        mark = None if rules is None else switch_mark(yaku, rules)
        if mark is not None:
            left += m.pad // 3 + text_size(mark[0], size, True, lang)[0] + 2 * pad_x
    value_w = text_size(value_text(yaku, rules), m.name_px, True, lang)[0]
    condition_w = text_size(condition_text(yaku), m.text_px, False, lang)[0]
    right = m.width - m.pad - value_w - m.pad // 2 - condition_w
    return left + m.pad // 2 <= right


# ----------------------------------------------------------------------------------------------------------
# the scene


def rule_choices(rules: RuleSet | None) -> list[tuple[str, bool, RuleSet]]:
    """The rule sets the reference offers: every preset, as (name, changed, rule set); `rules` (the rule set
    it was opened with) right after its preset when it is not that preset exactly (changed: True)."""
    choices = [(name, False, preset(name)) for name in PRESET_NAMES]
    if rules is not None and all(rules != chosen for _, _, chosen in choices):
        place = PRESET_NAMES.index(rules.name) + 1 if rules.name in PRESET_NAMES else 0
        name = rules.name if rules.name in PRESET_NAMES else "standard"
        choices.insert(place, (name, True, rules))
    return choices


def rule_choice_label(name: str, changed: bool) -> str:
    """A rule set as the reference's chooser names it: "Net-mahjong rulebook", "Standard (as chosen)"."""
    label = tr(f"preset.{name}")
    return tr("reference.chosen", name=label) if changed else label


class ReferenceScene:
    """Browse the yaku under a rule set (`rules`, standard if None; another can be chosen), which marks each
    local or optional yaku on or off; `back` leaves the screen."""

    def __init__(self, app: App, back: Callable[[], None], rules: RuleSet | None = None) -> None:
        self.app = app
        self.back = back
        self.groups = reference_groups()
        self.rule_choices = rule_choices(rules)
        wanted = rules if rules is not None else preset("standard")
        self.rule_index = next(i for i, (_, _, chosen) in enumerate(self.rule_choices) if chosen == wanted)
        self.form = Form(app.services.play_cue)
        self.layout: ReferenceLayout | None = None
        self._built: tuple[int, int, str, str, int] | None = None
        self.metrics = metrics_for(1, 14)
        self.entries: list[Entry] = []
        self.content_h = 0
        self.offset = 0.0  # the list's shown scroll position, in pixels
        self.target = 0.0  # where it is heading
        self.bar_drag = BarDrag()
        self._art: TileArt | None = None
        self._rendered: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[int, int, int] | None = None

    # ---- building ------------------------------------------------------------------------------------------

    def build(self) -> ReferenceLayout:
        """Layout, list metrics and buttons for the current size, language and theme."""
        width, height = self.app.size
        lang = i18n.language()
        theme = self.app.settings.theme
        if self.layout is None or self._built != (width, height, lang, theme, self.rule_index):
            fraction = self.offset / self.content_h if self.content_h else 0.0
            self.layout = reference_layout(width, height, len(self.groups))
            self._built = (width, height, lang, theme, self.rule_index)
            self._art = TileArt(theme)
            self.metrics = fit_metrics(
                self.layout.viewport.w, self.layout.tile_h, self.layout.text_px(15), lang
            )
            self.entries, self.content_h = list_entries(self.groups, self.metrics, lang, self.rules)
            self._rendered.clear()
            self._layer_key = None
            self.offset = self.target = self.clamp(fraction * self.content_h)
            chooser = Cycler(
                self.layout.rule_set.control,
                tuple(rule_choice_label(name, changed) for name, changed, _ in self.rule_choices),
                self.rule_index,
            )
            fields = [Field("rules", chooser, lambda: self.choose_rules(chooser.index))]
            fields += [
                Field(
                    ("group", group.key),
                    Button(box, group_label(group.key), group.key),
                    self._jumper(group.key),
                )
                for group, box in zip(self.groups, self.layout.groups, strict=True)
            ]
            fields.append(Field("back", Button(self.layout.back, tr("menu.back"), "back"), self.back))
            self.form.set_fields(fields, default_focus="back")
        return self.layout

    def _jumper(self, key: str) -> Callable[[], None]:
        return lambda: self.jump_to(key)

    @property
    def rules(self) -> RuleSet:
        """The rule set the reference is shown under."""
        return self.rule_choices[self.rule_index][2]

    def choose_rules(self, index: int) -> None:
        """Show the reference under another of the offered rule sets (the list keeps its place)."""
        self.rule_index = index % len(self.rule_choices)
        self.build()

    @property
    def max_offset(self) -> int:
        """The furthest the list scrolls."""
        viewport = self.layout.viewport.h if self.layout is not None else 0
        return max(0, self.content_h - viewport)

    def clamp(self, offset: float) -> float:
        """An offset kept within the list."""
        return min(float(self.max_offset), max(0.0, offset))

    def scroll(self, pixels: float) -> None:
        """Scroll the list by `pixels` (positive: down the list)."""
        self.target = self.clamp(self.target + pixels)

    def jump_to(self, group: str) -> None:
        """Scroll so the group's heading is at the top."""
        for entry in self.entries:
            if entry.yaku is None and entry.group == group:
                self.target = self.clamp(entry.y)
                return

    def current_group(self) -> str:
        """The group whose heading is at or above the top of the view."""
        current = self.entries[0].group if self.entries else ""
        for entry in self.entries:
            if entry.y > self.target + 1:
                break
            current = entry.group
        return current

    def surface_for(self, index: int) -> pygame.Surface:
        """Entry `index` rendered (once; the least recently shown are dropped beyond ENTRY_CACHE)."""
        image = self._rendered.get(index)
        if image is not None:
            self._rendered.move_to_end(index)
            return image
        entry = self.entries[index]
        lang = i18n.language()
        assert self._art is not None
        if entry.yaku is None:
            image = render_heading(group_label(entry.group), self.metrics, lang)
        else:
            image = render_entry(entry.yaku, self.metrics, entry.h, self._art, lang, self.rules)
        self._rendered[index] = image
        while len(self._rendered) > ENTRY_CACHE:
            self._rendered.popitem(last=False)
        return image

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Scrolling by wheel, keys and scrollbar; buttons through the form; Esc goes back."""
        layout = self.build()
        line = self.metrics.tile_h * 1.5
        page = layout.viewport.h * 0.9
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -line,
                pygame.K_DOWN: line,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -float(self.content_h),
                pygame.K_END: float(self.content_h),
            }
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in steps:
                self.scroll(steps[event.key])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.form.focus_key != "rules":
                self.form.move_focus(1 if event.key == pygame.K_RIGHT else -1)  # arrows step between buttons
                return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * line)
            return
        elif self.layout is not None and self.bar_drag.handle(
            event, self.layout.scrollbar if self.max_offset > 0 else None, self._drag_to
        ):
            return
        self.form.handle(event)

    @property
    def dragging_bar(self) -> bool:
        """Whether the list's scrollbar thumb is being dragged."""
        return self.bar_drag.active

    def _drag_to(self, y: int) -> None:
        """Put the thumb's middle under the pointer."""
        assert self.layout is not None
        self.target = self.clamp(
            dragged_offset(self.layout.scrollbar, self.thumb_height(), y, self.max_offset)
        )
        self.offset = self.target

    def thumb_height(self) -> int:
        """The scrollbar thumb's length: the shown share of the list."""
        assert self.layout is not None
        bar, view = self.layout.scrollbar, self.layout.viewport
        return max(bar.w * 2, round(bar.h * min(1.0, view.h / max(1, self.content_h))))

    def update(self, dt_s: float) -> None:
        """Ease the list toward its target position."""
        self.form.update(dt_s)
        gap = self.target - self.offset
        if abs(gap) < 0.5:
            self.offset = self.target
        else:
            self.offset += gap * min(1.0, dt_s * SCROLL_EASE)

    def next_frame_s(self) -> float | None:
        """Every frame while the list glides to where it was scrolled; then only input changes it."""
        return 0.0 if self.offset != self.target else self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen: only the entries in view are blitted."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        draw_heading(surface, tr("reference.title"), layout.heading, lang)
        if layout.portrait:
            draw_label(surface, tr("option.preset"), layout.rule_set.label, lang)
        else:  # beside the chooser, over the list: the index below is a panel of its own
            size = max(10, round(layout.rule_set.label.h * 0.4))
            draw_fitted(surface, tr("option.preset"), size, INK, layout.rule_set.label, "midright", lang=lang)
        draw_panel(surface, layout.index_panel)
        draw_panel(surface, layout.list_panel)
        current = self.current_group()
        for field in self.form.fields:
            if isinstance(field.control, Button) and field.key not in ("back", "rules"):
                field.control.selected = field.control.value == current
        self.form.draw(surface, lang)
        view = layout.viewport
        surface.blit(self.list_layer(view), (view.x, view.y))
        self.draw_scrollbar(surface, layout)
        draw_fitted(
            surface, tr("reference.hint"), layout.text_px(16), DIM_INK, layout.hint, "midright", lang=lang
        )

    def list_layer(self, view: Box) -> pygame.Surface:
        """The entries in view, faded at the edges where the list goes on (redrawn only after a scroll)."""
        top = round(self.offset)
        key = (top, view.w, view.h)
        if self._layer is not None and self._layer_key == key and self._layer.get_size() == (view.w, view.h):
            return self._layer
        if self._layer is None or self._layer.get_size() != (view.w, view.h):
            self._layer = pygame.Surface((view.w, view.h), pygame.SRCALPHA)
        layer = self._layer
        layer.fill((0, 0, 0, 0))
        for index, entry in enumerate(self.entries):
            if entry.y + entry.h < top:
                continue
            if entry.y > top + view.h:
                break
            layer.blit(self.surface_for(index), (0, entry.y - top))
        fade = max(4, self.metrics.pad * 2)
        mask = fade_mask(view.w, view.h, fade if top > 0 else 0, fade if top < self.max_offset else 0)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self._layer_key = key
        return layer

    def draw_scrollbar(self, surface: pygame.Surface, layout: ReferenceLayout) -> None:
        """The track and the thumb (only when the list is longer than the view)."""
        if self.max_offset <= 0:
            return
        bar = layout.scrollbar
        radius = bar.w // 2
        pygame.draw.rect(surface, (8, 20, 16), pygame.Rect(bar.x, bar.y, bar.w, bar.h), border_radius=radius)
        thumb_h = self.thumb_height()
        y = bar.y + round((bar.h - thumb_h) * self.offset / self.max_offset)
        color = GOLD if self.dragging_bar else (196, 182, 140)
        pygame.draw.rect(surface, color, pygame.Rect(bar.x, y, bar.w, thumb_h), border_radius=radius)
