"""The end-of-hand panels over the table: a win (yaku one by one, han counting up, the fu/han/points banner),
an exhaustive draw (tenpai or noten, the tenpai hands laid open with their waits, payments), an abortive
draw, and the score changes counting up and down.

Each panel runs on its own clock, fed by the table screen; ``ready`` once all is shown, then it waits for a
click (or, watching AIs, lingers a moment and moves on). Everything is pre-rendered once; frames only blit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.advice import hand_status
from game.terms import AbortiveDraw, ExhaustiveDraw, HandWon, Meld, RoundEnded, is_red
from graphics import i18n
from graphics.fonts import text_size
from graphics.layout import Box, tile_width
from graphics.tween import clamp01, ease_out_back, ease_out_cubic
from graphics.widgets import DIM_INK, GOLD, INK, draw_text, fitted_size, panel_surface

if TYPE_CHECKING:
    from graphics.table_screen import TableScreen

LINGER_S = 1.6  # watching AIs: how long a finished panel stays before the game moves on
YAKU_STEP_S = 0.42
GAIN = (120, 224, 140)
LOSS = (240, 116, 104)


class Overlay:
    """A timed panel; subclasses draw it."""

    total_s = 1.0

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.t = 0.0
        self.dismissed = False
        self.reported = False  # the screen told its watcher this panel is fully shown
        layout = screen.layout
        w = round(min(layout.width * 0.94, max(layout.width * 0.6, 640)))
        h = round(layout.height * 0.74)
        self.box = Box((layout.width - w) // 2, round(layout.height * 0.06), w, h)
        self.lang = i18n.language()

    def update(self, dt_s: float) -> None:
        """Advance the panel's clock."""
        self.t += dt_s

    def skip(self) -> None:
        """Show everything at once."""
        self.t = max(self.t, self.total_s)

    @property
    def shown(self) -> bool:
        """Whether everything has been revealed."""
        return self.t >= self.total_s

    @property
    def ready(self) -> bool:
        """Whether everything has been shown (and, when the game moves on by itself, read)."""
        linger = LINGER_S if self.screen.auto_continue else 0.0
        return self.t >= self.total_s + linger

    @property
    def hint_size(self) -> int:
        """The font size of the continue prompt."""
        return max(11, round(self.box.h * 0.03))

    @property
    def content_bottom(self) -> int:
        """The lowest y the panel's content may reach: below it is the continue prompt's strip."""
        _, height = text_size(i18n.tr("overlay.continue"), self.hint_size, False, self.lang)
        return self.box.bottom - round(self.box.h * 0.03) - height - max(4, round(self.box.h * 0.015))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the panel at its clock's time."""
        fade = clamp01(self.t / 0.25)
        shade = panel_surface(self.box.w, self.box.h, (7, 16, 14), round(248 * fade), 18)
        surface.blit(shade, (self.box.x, self.box.y))
        if fade >= 1.0:
            self.draw_content(surface)
            if self.t >= self.total_s and not self.screen.auto_continue:
                at = (self.box.center[0], self.box.bottom - round(self.box.h * 0.03))
                draw_text(
                    surface,
                    i18n.tr("overlay.continue"),
                    self.hint_size,
                    DIM_INK,
                    at,
                    "midbottom",
                    False,
                    self.lang,
                )

    def draw_content(self, surface: pygame.Surface) -> None:
        """The panel's own content."""

    def tiles_row(
        self,
        surface: pygame.Surface,
        tiles: Sequence[int | None],
        x: int,
        y: int,
        height: int,
        gap_before_last: bool,
    ) -> int:
        """Draw tiles left to right (None: a back); return the x after the row."""
        width = tile_width(height)
        art = self.screen.art
        red_fives = self.screen.rules.red_fives
        for index, tile in enumerate(tiles):
            if gap_before_last and index == len(tiles) - 1:
                x += width // 3
            image = (
                art.back(height, 0)
                if tile is None
                else art.face(tile >> 2, height, 0, is_red(tile, red_fives))
            )
            surface.blit(image, (x, y))
            x += width
        return x

    def deltas_row(self, surface: pygame.Surface, deltas: tuple[int, ...], box: Box, lang: str) -> None:
        """Each seat's name and its gain or loss, side by side, within ``box``."""
        setups = self.screen.session.setups
        col = box.w // len(setups)
        size = max(8, int(box.h / 2.95))  # a line is about 1.45 times its size: both lines fit the box
        for seat, delta in enumerate(deltas):
            x = box.x + col * seat + col // 2
            name = setups[seat].name
            name_size = fitted_size(name, size, col - 8, False, lang)  # long names in narrow columns
            draw_text(surface, name, name_size, DIM_INK, (x, box.y), "midtop", False, lang)
            ink = GAIN if delta > 0 else LOSS if delta < 0 else DIM_INK
            draw_text(surface, i18n.signed_points(delta), size, ink, (x, box.bottom), "midbottom", True, lang)


class WinOverlay(Overlay):
    """A win: who, how, the hand, dora and ura dora, the yaku one by one, then the value and payments."""

    def __init__(self, screen: TableScreen, event: HandWon) -> None:
        super().__init__(screen)
        self.event = event
        self.riichi = screen.show is not None and screen.show.view.players[event.seat].riichi
        value = event.value
        self.yaku = [(i18n.tr(f"yaku.{name}"), han) for name, han in value.yaku]
        self.ura_at = 0.6
        self.yaku_at = 0.9 + (0.7 if self.riichi and event.ura_indicators else 0.0)
        self.banner_at = self.yaku_at + YAKU_STEP_S * len(self.yaku) + 0.2
        self.total_s = self.banner_at + 0.8
        screen.app.services.play_cue("win_tsumo" if event.discarder is None else "win_ron")

    def draw_content(self, surface: pygame.Surface) -> None:
        event, box, lang, t = self.event, self.box, self.lang, self.t
        setups = self.screen.session.setups
        unit = box.h / 24
        title_key = "win.tsumo" if event.discarder is None else "win.ron"
        title = i18n.tr(title_key, name=setups[event.seat].name)
        draw_text(
            surface,
            title,
            round(unit * 1.3),
            GOLD,
            (box.center[0], box.y + round(unit * 0.8)),
            "midtop",
            True,
            lang,
        )
        if event.discarder is not None:
            sub = i18n.tr("win.dealt_in", name=setups[event.discarder].name)
            draw_text(
                surface,
                sub,
                round(unit * 0.7),
                DIM_INK,
                (box.center[0], box.y + round(unit * 2.4)),
                "midtop",
                False,
                lang,
            )
        # the hand: concealed tiles, the winning tile apart, then the melds
        height = round(min(unit * 2.6, box.w / 22 / 0.75))
        hand = sorted(tile for tile in event.hand if tile != event.win_tile)
        tiles: list[int | None] = [*hand, event.win_tile]
        meld_tiles = [tile for meld in event.melds for tile in sorted(meld.tiles)]
        width = tile_width(height)
        total = (len(tiles) + len(meld_tiles)) * width + width // 3 + width // 2 * len(event.melds)
        x = box.center[0] - total // 2
        y = box.y + round(unit * 3.6)
        x = self.tiles_row(surface, tiles, x, y, height, True)
        for meld in event.melds:
            x = self.tiles_row(surface, sorted(meld.tiles), x + width // 2, y, height, False)
        # dora and ura dora indicators
        small = round(height * 0.7)
        indicators = list(self.screen.show.wall.indicators) if self.screen.show is not None else []
        y2 = y + height + round(unit * 0.6)
        left = box.x + round(box.w * 0.08)
        draw_text(
            surface,
            i18n.tr("win.dora"),
            round(unit * 0.62),
            INK,
            (left, y2 + small // 3),
            "topleft",
            True,
            lang,
        )
        self.tiles_row(surface, indicators, left + round(box.w * 0.1), y2, small, False)
        if self.riichi and event.ura_indicators:
            right = box.center[0] + round(box.w * 0.06)
            draw_text(
                surface,
                i18n.tr("win.ura"),
                round(unit * 0.62),
                INK,
                (right, y2 + small // 3),
                "topleft",
                True,
                lang,
            )
            # the ura dora indicators turn over one after another
            x = right + round(box.w * 0.1)
            art, red_fives = self.screen.art, self.screen.rules.red_fives
            for index, tile in enumerate(event.ura_indicators):
                step = round(clamp01((t - self.ura_at - index * 0.15) / 0.4) * 8)
                frame = art.flip_frame(tile >> 2, is_red(tile, red_fives), small, step)
                surface.blit(frame, (x + index * tile_width(small), y2))
        # the yaku, one by one, with han counting up
        y3 = y2 + small + round(unit * 0.8)
        shown = [entry for index, entry in enumerate(self.yaku) if t >= self.yaku_at + index * YAKU_STEP_S]
        # the payments sit just above the continue prompt, the banner and points just above them; the yaku
        # list takes a second column, then tighter lines, when one column would run into the banner
        pay_h = round(unit * 1.8)
        pay_top = self.content_bottom - pay_h
        room = max(1, pay_top - y3 - round(unit * 5.8))
        columns = 2 if len(self.yaku) > 7 or len(self.yaku) * unit * 1.05 > room else 1
        line_h = round(min(unit * 1.05, room / max(1, (len(self.yaku) + columns - 1) // columns)))
        yaku_size = unit * 0.78 * line_h / (unit * 1.05)
        col_w = round(box.w * (0.4 if columns == 2 else 0.5))
        for index, (name, han) in enumerate(shown):
            col, row = divmod(index, (len(self.yaku) + columns - 1) // columns)
            x0 = box.center[0] - (col_w * columns) // 2 + col * col_w + round(unit * 0.6)
            yy = y3 + row * line_h
            age = clamp01((t - self.yaku_at - index * YAKU_STEP_S) / 0.25)
            draw_text(
                surface,
                name,
                round(yaku_size * (0.8 + 0.2 * ease_out_back(age))),
                INK,
                (x0, yy),
                "topleft",
                False,
                lang,
            )
            han_text = (
                i18n.tr("yakuman_count", count=han // 13)
                if self.event.value.yakuman
                else i18n.tr("score.han", han=han)
            )
            draw_text(
                surface,
                han_text,
                round(yaku_size),
                GOLD,
                (x0 + col_w - round(unit * 1.2), yy),
                "topright",
                True,
                lang,
            )
        # han counting up, then the banner
        value = self.event.value
        rows = (len(self.yaku) + columns - 1) // columns
        y4 = y3 + rows * line_h + round(unit * 0.5)
        counted = sum(han for _, han in shown)
        if value.yakuman:
            count_text = i18n.tr("yakuman_count", count=value.yakuman)
        else:
            count_text = i18n.tr("score.han", han=counted)
        if shown:
            draw_text(surface, count_text, round(unit * 1.0), GOLD, (box.center[0], y4), "midtop", True, lang)
        if t >= self.banner_at:
            pop = ease_out_back(clamp01((t - self.banner_at) / 0.35))
            if value.yakuman:
                banner = (
                    i18n.tr("limit.yakuman")
                    if value.yakuman == 1
                    else i18n.tr(f"limit.{value.limit}")
                    if value.limit
                    else i18n.tr("limit.yakuman")
                )
            elif value.limit:
                banner = i18n.tr(
                    "score.fu_han_limit", fu=value.fu, han=value.han, limit=i18n.tr(f"limit.{value.limit}")
                )
            else:
                banner = i18n.tr("score.han_fu", fu=value.fu, han=value.han)
            points = i18n.tr("score.points", points=f"{value.points:,}")  # the hand; payments show below
            size = round(unit * 1.35 * max(pop, 0.2))
            draw_text(
                surface,
                banner,
                size,
                (255, 236, 170),
                (box.center[0], y4 + round(unit * 1.5)),
                "midtop",
                True,
                lang,
            )
            draw_text(
                surface, points, size, GOLD, (box.center[0], y4 + round(unit * 3.0)), "midtop", True, lang
            )
            self.deltas_row(
                surface,
                self.event.deltas,
                Box(box.x, pay_top, box.w, pay_h),
                lang,
            )


class DrawOverlay(Overlay):
    """An exhaustive draw, a row per seat: name, tenpai or noten, a tenpai hand laid open (concealed tiles,
    then its melds) with its waits, and the noten payments (or nagashi mangan) once the rows are shown."""

    def __init__(self, screen: TableScreen, event: ExhaustiveDraw) -> None:
        super().__init__(screen)
        self.event = event
        self.total_s = 1.4
        view = screen.show.view if screen.show is not None else None
        n = len(screen.session.setups)
        self.melds: list[tuple[Meld, ...]] = [
            view.players[seat].melds if view is not None else () for seat in range(n)
        ]
        self.waits: list[tuple[int, ...]] = [self._waits(seat) for seat in range(n)]
        self._tile_h: int | None = None  # the laid-open hands' tile height, found when first drawn
        screen.app.services.play_cue("exhaustive_draw")

    def _waits(self, seat: int) -> tuple[int, ...]:
        """The kinds a tenpai seat's hand waits on (its melds counted as held), from the table's view."""
        show = self.screen.show
        hand = self.event.hands[seat] if seat < len(self.event.hands) else ()
        if show is None or seat not in self.event.tenpai or len(hand) % 3 != 1:
            return ()
        view = dataclasses.replace(show.view, seat=seat, hand=tuple(sorted(hand)), drawn=None)
        return hand_status(view, self.screen.rules).waits

    def _row_tiles(self, seat: int) -> tuple[list[int], tuple[Meld, ...], tuple[int, ...]]:
        """A seat's concealed tiles, melds and waits as laid open (nothing for a noten seat)."""
        if seat not in self.event.tenpai or seat >= len(self.event.hands) or not self.event.hands[seat]:
            return [], (), ()
        return sorted(self.event.hands[seat]), self.melds[seat], self.waits[seat]

    def draw_content(self, surface: pygame.Surface) -> None:
        event, box, lang = self.event, self.box, self.lang
        unit = box.h / 24
        title = i18n.tr("draw.nagashi_mangan") if event.nagashi else i18n.tr("draw.exhaustive")
        draw_text(
            surface,
            title,
            round(unit * 1.3),
            GOLD,
            (box.center[0], box.y + round(unit * 0.7)),
            "midtop",
            True,
            lang,
        )
        setups = self.screen.session.setups
        n = len(setups)
        top = box.y + round(unit * 3.3)
        row_h = (self.content_bottom - round(unit * 0.3) - top) / n
        left, right = box.x + round(box.w * 0.05), box.right - round(box.w * 0.05)
        text_px = min(unit * 0.8, row_h * 0.22)
        line_h = round(text_px * 1.5)
        label = i18n.tr("draw.waits")
        label_size = max(8, round(text_px * 0.85))
        label_w = text_size(label, label_size, False, lang)[0]
        # one tile size for every row: as large as the row's height allows, and the widest row fits (the box
        # and the language are the panel's own: found on the first frame, then kept)
        if self._tile_h is None:
            height = max(8, round(min(row_h - line_h - unit * 0.5, unit * 2.4)))
            while (
                height > 8 and max(self._row_width(seat, height, label_w) for seat in range(n)) > right - left
            ):
                height -= 1
            self._tile_h = height
        height = self._tile_h
        for seat in range(n):
            y = round(top + row_h * seat)
            tenpai = seat in event.tenpai
            name = setups[seat].name
            name_w = round(box.w * 0.28)
            draw_text(
                surface,
                name,
                fitted_size(name, round(text_px), name_w - 8, True, lang),
                INK,
                (left, y),
                "topleft",
                True,
                lang,
            )
            state = (
                i18n.tr("draw.nagashi_mangan")
                if seat in event.nagashi
                else i18n.tr("tenpai" if tenpai else "noten")
            )
            draw_text(
                surface,
                state,
                round(text_px),
                GOLD if tenpai else DIM_INK,
                (left + name_w, y),
                "topleft",
                True,
                lang,
            )
            if self.t >= 0.6:
                delta = event.deltas[seat]
                ink = GAIN if delta > 0 else LOSS if delta < 0 else DIM_INK
                draw_text(
                    surface,
                    i18n.signed_points(delta),
                    round(text_px),
                    ink,
                    (right, y),
                    "topright",
                    True,
                    lang,
                )
            hand, melds, waits = self._row_tiles(seat)
            if not hand:
                continue
            ty = y + line_h
            width = tile_width(height)
            x = self.tiles_row(surface, hand, left, ty, height, False)
            for meld in melds:
                x = self.tiles_row(surface, sorted(meld.tiles), x + width // 2, ty, height, False)
            if waits:
                x += width
                draw_text(surface, label, label_size, DIM_INK, (x, ty + height // 2), "midleft", False, lang)
                x += label_w + width // 3
                self.tiles_row(surface, [kind * 4 + 3 for kind in waits], x, ty, height, False)

    def _row_width(self, seat: int, height: int, label_w: int) -> int:
        """How wide a seat's laid-open hand, melds and waits are at tile ``height``."""
        hand, melds, waits = self._row_tiles(seat)
        if not hand:
            return 0
        width = tile_width(height)
        tiles = len(hand) + sum(len(meld.tiles) for meld in melds) + len(waits)
        return tiles * width + len(melds) * (width // 2) + (width + label_w + width // 3 if waits else 0)


class AbortiveOverlay(Overlay):
    """An abortive draw, by name."""

    def __init__(self, screen: TableScreen, event: AbortiveDraw) -> None:
        super().__init__(screen)
        self.event = event
        self.total_s = 1.2
        self.box = Box(self.box.x, self.box.y + self.box.h // 3, self.box.w, self.box.h // 3)
        screen.app.services.play_cue("abortive_draw")

    def draw_content(self, surface: pygame.Surface) -> None:
        box, lang = self.box, self.lang
        unit = box.h / 8
        draw_text(
            surface,
            i18n.tr("draw.abortive"),
            round(unit * 0.9),
            DIM_INK,
            (box.center[0], box.y + round(unit * 1.2)),
            "midtop",
            False,
            lang,
        )
        name = i18n.tr(f"abortive.{self.event.kind}")
        draw_text(
            surface,
            name,
            round(unit * 1.5),
            GOLD,
            (box.center[0], box.y + round(unit * 3.2)),
            "midtop",
            True,
            lang,
        )


class ScoreOverlay(Overlay):
    """The hand's score changes: every seat's points counting from the old total to the new one."""

    def __init__(self, screen: TableScreen, event: RoundEnded) -> None:
        super().__init__(screen)
        self.event = event
        self.before = tuple(score - delta for score, delta in zip(event.scores, event.deltas, strict=True))
        self.total_s = 1.3 if any(event.deltas) else 0.4
        self.box = Box(
            self.box.x + self.box.w // 6,
            self.box.y + self.box.h // 5,
            self.box.w * 2 // 3,
            self.box.h * 3 // 5,
        )
        self._ticks = 0

    def update(self, dt_s: float) -> None:
        """Advance, ticking while the numbers run."""
        super().update(dt_s)
        ticks = int(clamp01((self.t - 0.2) / 0.9) * 12) if any(self.event.deltas) else 0
        if ticks > self._ticks and ticks < 12:
            self.screen.app.services.play_cue("score_tick")
        self._ticks = ticks

    def draw_content(self, surface: pygame.Surface) -> None:
        event, box, lang = self.event, self.box, self.lang
        setups = self.screen.session.setups
        unit = box.h / (4 + 2 * len(setups))
        draw_text(
            surface,
            i18n.tr("overlay.scores"),
            round(unit * 1.1),
            GOLD,
            (box.center[0], box.y + round(unit * 0.6)),
            "midtop",
            True,
            lang,
        )
        progress = ease_out_cubic(clamp01((self.t - 0.2) / 0.9))
        order = sorted(range(len(setups)), key=lambda seat: -event.scores[seat])
        for row, seat in enumerate(order):
            y = box.y + round(unit * (2.6 + row * 1.8))
            shown = round(self.before[seat] + event.deltas[seat] * progress)
            draw_text(
                surface,
                setups[seat].name,
                round(unit * 0.9),
                INK,
                (box.x + round(box.w * 0.08), y),
                "topleft",
                True,
                lang,
            )
            draw_text(
                surface,
                f"{shown:,}",
                round(unit * 0.95),
                INK,
                (box.x + round(box.w * 0.7), y),
                "topright",
                True,
                lang,
            )
            delta = event.deltas[seat]
            if delta:
                ink = GAIN if delta > 0 else LOSS
                draw_text(
                    surface,
                    i18n.signed_points(delta),
                    round(unit * 0.85),
                    ink,
                    (box.right - round(box.w * 0.06), y),
                    "topright",
                    True,
                    lang,
                )


def make_overlay(event: object, screen: TableScreen) -> Overlay | None:
    """The panel for an end-of-hand event (None for anything else)."""
    if isinstance(event, HandWon):
        return WinOverlay(screen, event)
    if isinstance(event, ExhaustiveDraw):
        return DrawOverlay(screen, event)
    if isinstance(event, AbortiveDraw):
        return AbortiveOverlay(screen, event)
    if isinstance(event, RoundEnded):
        return ScoreOverlay(screen, event)
    return None
