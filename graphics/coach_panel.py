"""The practice coach's panel at the table: the candidate discards best first (shanten, ukeire, waits, danger
with its reason), the strong AI's choice marked, its push or fold call, and a one-line reason; on a call or
riichi decision, what the AI does and why. Drawn into the left margin, between the left and bottom plates."""

from __future__ import annotations

import pygame

from game.coach import Advice, DiscardOption
from game.terms import Ankan, Chi, Daiminkan, Discard, Flower, Kita, Kyuushu, Pon, Ron, Shouminkan, Tsumo
from graphics import i18n
from graphics.fonts import text_size
from graphics.layout import Box
from graphics.tiles import TileArt
from graphics.widgets import draw_text, fitted_text, panel_surface

GOLD = (240, 200, 90)
INK = (228, 232, 222)
DIM = (160, 176, 166)
DANGER_COLOURS = ((110, 200, 120), (200, 200, 90), (236, 150, 60), (230, 80, 70))  # safe .. high


def action_name(action: object) -> str:
    """The catalogue name of the AI's action, for the panel's head."""
    if isinstance(action, Discard):
        return i18n.tr("action.riichi") if action.riichi else i18n.tr("action.discard")
    for kind, key in ((Chi, "action.chi"), (Pon, "action.pon"), (Daiminkan, "action.kan")):
        if isinstance(action, kind):
            return i18n.tr(key)
    if isinstance(action, Tsumo):
        return i18n.tr("action.tsumo")
    if isinstance(action, Ron):
        return i18n.tr("action.ron")
    if isinstance(action, Flower):
        return i18n.tr("action.flower")
    if isinstance(action, Kita):
        return i18n.tr("action.kita")
    if isinstance(action, Ankan | Shouminkan):
        return i18n.tr("action.kan")
    if isinstance(action, Kyuushu):
        return i18n.tr("action.kyuushu")
    return i18n.tr("action.skip")


def why_line(advice: Advice) -> str:
    """The one-line reason, in the player's language."""
    if not advice.why or not i18n.has_key(advice.why):
        return ""
    fields = dict(advice.fields)
    if "call" in fields:
        fields["call"] = i18n.tr(f"action.{fields['call']}")
        for name in ("from", "to"):  # shanten counts as words: "2-shanten", "tenpai"
            count = int(str(fields[name]))
            fields[name] = i18n.tr("tenpai") if count == 0 else i18n.tr("coach.shanten", count=count)
    return i18n.tr(advice.why, **fields)


def _shanten_text(option: DiscardOption) -> str:
    return i18n.tr("tenpai") if option.shanten == 0 else i18n.tr("coach.shanten", count=option.shanten)


def draw_coach(surface: pygame.Surface, box: Box, advice: Advice, art: TileArt) -> None:
    """The whole panel inside ``box`` (nothing when the box is too small to read)."""
    if box.w < 120 or box.h < 90:
        return
    lang = i18n.language()
    pad = max(6, box.h // 36)
    text = max(11, min(18, box.h // 14))
    # as tall as its content: the full box for a discard list, three lines for a call; on the box's foot
    if not advice.options:
        height = min(box.h, 2 * pad + round(text * 1.5) + 2 * round(text * 1.45))
        box = Box(box.x, box.bottom - height, box.w, height)
    surface.blit(panel_surface(box.w, box.h, (10, 24, 20), 225, radius=10), (box.x, box.y))
    x, y, right = box.x + pad, box.y + pad, box.right - pad
    head = i18n.tr("coach.title")
    draw_text(surface, head, text, GOLD, (x, y), "topleft", True, lang)
    call = advice.fold
    if call is not None:
        label = i18n.tr("coach.fold") if call else i18n.tr("coach.push")
        draw_text(
            surface,
            label,
            text,
            DANGER_COLOURS[3] if call else DANGER_COLOURS[0],
            (right, y),
            "topright",
            True,
            lang,
        )
    y += round(text * 1.5)
    bottom = box.bottom - pad
    why = why_line(advice)
    if why:
        shown, size = fitted_text(why, text - 1, right - x, lang=lang)
        bottom -= round(size * 1.4)
        draw_text(surface, shown, size, INK, (x, bottom), "topleft", False, lang)
    if not advice.options:
        choice = i18n.tr("coach.ai_does", action=action_name(advice.choice))
        shown, size = fitted_text(choice, text, right - x, lang=lang)
        draw_text(surface, shown, size, INK, (x, y), "topleft", False, lang)
        return
    row_h = max(16, round(text * 1.55))
    rows = max(1, (bottom - y - pad // 2) // row_h)
    if len(advice.options) > rows:
        rows = max(1, rows - 1)  # the last row says how many more there are
    chosen = advice.choice.tile >> 2 if isinstance(advice.choice, Discard) else None
    tile_h = row_h - 2
    size = text - 2
    shown_options = advice.options[:rows]
    columns = _columns(x, tile_h, size, lang, shown_options)
    for index, option in enumerate(shown_options):
        top = y + index * row_h
        if option.kind == chosen:
            band = pygame.Surface((right - x + pad, row_h), pygame.SRCALPHA)
            band.fill((240, 200, 90, 46))
            surface.blit(band, (x - pad // 2, top))
        surface.blit(art.face(option.kind, tile_h), (columns[0], top + 1))
        colour = GOLD if option.kind == chosen else INK
        mid = top + row_h // 2
        draw_text(surface, _shanten_text(option), size, colour, (columns[1], mid), "midleft", False, lang)
        count = i18n.tr("coach.tiles", count=option.ukeire)
        draw_text(
            surface, count, size, colour if option.ukeire else DIM, (columns[2], mid), "midleft", False, lang
        )
        if columns[3] >= right - 12:
            continue  # too narrow for the danger or waits column
        if option.danger is not None:
            danger = option.danger
            level = i18n.tr(f"coach.danger.{danger.level}")
            reason = i18n.tr(f"coach.reason.{danger.reason}") if danger.reason != "none" else ""
            label = f"{level} · {reason}" if reason else level
            shown, fit = fitted_text(label, size, right - columns[3], lang=lang, min_size=9)
            draw_text(
                surface, shown, fit, DANGER_COLOURS[danger.level], (columns[3], mid), "midleft", False, lang
            )
        elif option.waits:
            wait_h = max(10, round(tile_h * 0.8))
            step = art.face(option.waits[0], wait_h).get_width()
            for number, kind in enumerate(option.waits[: max(1, (right - columns[3]) // step)]):
                surface.blit(art.face(kind, wait_h), (columns[3] + number * step, mid - wait_h // 2))
    hidden = len(advice.options) - rows
    if hidden > 0:
        more = i18n.tr("coach.more", count=hidden)
        draw_text(surface, more, text - 3, DIM, (x, y + rows * row_h + row_h // 2), "midleft", False, lang)


def _columns(
    x: int, tile_h: int, size: int, lang: str, options: tuple[DiscardOption, ...]
) -> tuple[int, int, int, int]:
    """Where the tile, the shanten, the ukeire and the danger (or waits) start in a row: each column as wide
    as its widest text."""
    shanten_w = max(text_size(_shanten_text(option), size, False, lang)[0] for option in options)
    count_w = max(
        text_size(i18n.tr("coach.tiles", count=option.ukeire), size, False, lang)[0] for option in options
    )
    first = x + round(tile_h * 0.75) + 6
    second = first + shanten_w + max(6, size // 2)
    return (x, first, second, second + count_w + max(8, size))
