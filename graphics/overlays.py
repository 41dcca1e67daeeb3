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
from game.terms import AbortiveDraw, ExhaustiveDraw, HandWon, Meld, RoundEnded, chips_per_payer, is_red
from graphics import i18n
from graphics.fonts import text_size
from graphics.layout import Box, tile_width
from graphics.tiles import art_kind
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
        # over the table square, never the name plates beside it: players read the scores behind a panel
        w = min(layout.overlay.w, round(max(layout.width * 0.6, 640)))
        h = round(layout.height * 0.74)
        self.box = Box(layout.cx - w // 2, round(layout.height * 0.06), w, h)
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
    def scale_h(self) -> int:
        """The height the continue prompt is sized by: the panel's own."""
        return self.box.h

    @property
    def hint_size(self) -> int:
        """The font size of the continue prompt."""
        return max(11, round(self.scale_h * 0.03))

    def hint_strip_h(self) -> int:
        """How tall the continue prompt's strip at the panel's foot is: a margin, the prompt, a gap above it
        (only the margin when the game moves on by itself and no prompt is shown)."""
        margin = round(self.scale_h * 0.03)
        if self.screen.auto_continue:
            return margin
        _, height = text_size(i18n.tr("overlay.continue"), self.hint_size, False, self.lang)
        return margin + height + max(4, round(self.scale_h * 0.015))

    @property
    def content_bottom(self) -> int:
        """The lowest y the panel's content may reach: below it is the continue prompt's strip."""
        return self.box.bottom - self.hint_strip_h()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the panel at its clock's time."""
        fade = clamp01(self.t / 0.25)
        shade = panel_surface(self.box.w, self.box.h, (7, 16, 14), round(248 * fade), 18)
        surface.blit(shade, (self.box.x, self.box.y))
        if fade >= 1.0:
            self.draw_content(surface)
            if self.t >= self.total_s and not self.screen.auto_continue:
                at = (self.box.center[0], self.box.bottom - round(self.scale_h * 0.03))
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
                else art.face(art_kind(tile), height, 0, is_red(tile, red_fives))
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


@dataclasses.dataclass(frozen=True)
class WinLayout:
    """Where each part of the win panel goes, fitted once to its content (y values are window pixels)."""

    unit: float  # the panel's type scale: a 24th of the tallest panel the window allows
    title_y: int
    sub_y: int  # the "Dealt in" line (a ron only)
    hand_y: int
    hand_h: int  # the hand's tile height
    dora_y: int
    dora_h: int  # the indicators' tile height
    yaku_y: int
    line_h: int  # one yaku line
    yaku_px: int
    columns: int
    col_w: int
    value_y: int  # the han count, then the value banner in its place
    points_y: int
    pay: Box  # the payments row
    chips_y: int = 0  # the chips line, under the points (a rule set with chips, a win that earns some)


class WinOverlay(Overlay):
    """A win: who, how, the hand, dora and ura dora, the yaku one by one, then the value and payments.

    The panel is as tall as its content (up to the usual panel's height) and centred on the table; the han
    count runs up where the value banner then lands, so the total is shown once.
    """

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
        self.indicators = list(screen.show.wall.indicators) if screen.show is not None else []
        self.ura = list(event.ura_indicators) if self.riichi else []
        # the flowers the winner set aside (each a dora), shown beside the indicators
        self.flowers = list(screen.show.view.players[event.seat].flowers) if screen.show is not None else []
        # the usual panel's size: this one fits inside it, and its type keeps the usual panel's scale
        self.full_w, self.full_h = self.box.w, self.box.h
        self.fit = self._fit()
        screen.app.services.play_cue("win_tsumo" if event.discarder is None else "win_ron")

    @property
    def scale_h(self) -> int:
        """The continue prompt keeps the usual panel's size however short this fitted one is."""
        return self.full_h

    def title(self) -> str:
        """Who won, and how."""
        key = "win.tsumo" if self.event.discarder is None else "win.ron"
        return i18n.tr(key, name=self.screen.session.setups[self.event.seat].name)

    def banner(self) -> str:
        """The hand's value: han and fu, a limit's name, or the yakuman."""
        value = self.event.value
        if value.yakuman:
            if value.yakuman > 1 and value.limit:
                return i18n.tr(f"limit.{value.limit}")
            return i18n.tr("limit.yakuman")
        if value.limit:
            return i18n.tr(
                "score.han_fu_limit", fu=value.fu, han=value.han, limit=i18n.tr(f"limit.{value.limit}")
            )
        return i18n.tr("score.han_fu", fu=value.fu, han=value.han)

    def points(self) -> str:
        """The hand's points (the payments show each seat's share below)."""
        return i18n.tr("score.points", points=f"{self.event.value.points:,}")

    def han_text(self, han: int) -> str:
        """A yaku's han, or its yakuman count."""
        if self.event.value.yakuman:
            return i18n.tr("yakuman_count", count=han // 13)
        return i18n.tr("score.han", han=han)

    def dealt_in(self) -> str | None:
        """Who dealt in (a ron), or None for a tsumo."""
        if self.event.discarder is None:
            return None
        return i18n.tr("win.dealt_in", name=self.screen.session.setups[self.event.discarder].name)

    def chips_text(self) -> str | None:
        """The chips the win earns (RULES.md §12), or None when it earns none: "Chips: 3 from each", "Chips:
        2 from the discarder"; a pao tsumo names who pays the yakuman's chips."""
        event = self.event
        chips, seat = event.chips, event.seat
        if not chips or chips[seat] <= 0:
            return None
        if event.discarder is not None:
            return i18n.tr("win.chips_discarder", count=chips[seat])
        payers = {-chips[other] for other in range(len(chips)) if other != seat}
        if len(payers) == 1:
            return i18n.tr("win.chips_each", count=chips_per_payer(chips, seat, True))
        pao = min(range(len(chips)), key=lambda other: chips[other])  # the one who pays the most
        each = min(payers)  # the others pay the chips besides the yakuman's
        name = self.screen.session.setups[pao].name
        if each == 0:
            return i18n.tr("win.chips_pao", count=-chips[pao], name=name)
        return i18n.tr("win.chips_each_pao", count=each, more=-chips[pao] - each, name=name)

    def _fit(self) -> WinLayout:
        """Lay the panel out from the top down, fit its size to the content, and centre it on the window."""
        lang, unit, layout = self.lang, self.full_h / 24, self.screen.layout

        def line(text: str, px: float, bold: bool) -> int:
            return text_size(text, round(px), bold, lang)[1]

        y = round(unit * 0.6)
        title_y = y
        y += line(self.title(), unit * 1.3, True)
        sub_y = y
        sub = self.dealt_in()
        if sub is not None:
            y += line(sub, unit * 0.7, False)
        y += round(unit * 0.5)
        hand_y = y
        hand_h = round(min(unit * 2.6, self.full_w / 22 / 0.75))
        y += hand_h + round(unit * 0.7)
        dora_y = y
        dora_h = round(hand_h * 0.7)
        y += dora_h + round(unit * 0.8)
        yaku_y = y
        # below the yaku: the value, the points, the payments and the continue prompt's strip
        value_h = line(self.banner(), unit * 1.35, True)
        points_h = line(self.points(), unit * 1.35, True)
        chips = self.chips_text()
        chips_h = line(chips, unit * 0.8, True) if chips is not None else 0
        pay_h = round(unit * 1.8)
        below = (
            round(unit * 0.5) + value_h + points_h + chips_h + round(unit * 0.5) + pay_h + self.hint_strip_h()
        )
        # the yaku take a second column, then tighter lines, when one column would make the panel too tall
        count = max(1, len(self.yaku))
        room = max(1, self.full_h - yaku_y - below)
        yaku_line = line("".join(name for name, _ in self.yaku) or "Ag", unit * 0.78, False)
        full_line = max(round(unit * 1.05), yaku_line)
        columns = 2 if len(self.yaku) > 7 or count * full_line > room else 1
        rows = (count + columns - 1) // columns
        line_h = min(full_line, room // rows)
        yaku_px = max(8, round(unit * 0.78 * min(1.0, line_h / full_line)))
        y += rows * line_h + round(unit * 0.5)
        value_y = y
        y += value_h
        points_y = y
        y += points_h
        chips_y = y
        y += chips_h + round(unit * 0.5)
        pay_y = y
        height = min(self.full_h, y + pay_h + self.hint_strip_h())
        width = self._fitted_width(hand_h, dora_h, yaku_px, columns, unit)
        left, top = (layout.width - width) // 2, max(0, (layout.height - height) // 2)
        self.box = Box(left, top, width, height)
        return WinLayout(
            unit,
            top + title_y,
            top + sub_y,
            top + hand_y,
            hand_h,
            top + dora_y,
            dora_h,
            top + yaku_y,
            line_h,
            yaku_px,
            columns,
            self._column_width(yaku_px, columns, unit),
            top + value_y,
            top + points_y,
            Box(left, top + pay_y, width, pay_h),
            top + chips_y,
        )

    def _fitted_width(self, hand_h: int, dora_h: int, yaku_px: int, columns: int, unit: float) -> int:
        """The panel's width: its widest line with a margin each side, between a floor (so a short hand does
        not make a cramped panel) and the usual panel's width (a wide window no longer hides the plates)."""
        lang = self.lang
        texts = [(self.title(), unit * 1.3, True), (self.banner(), unit * 1.35, True)]
        texts.append((self.points(), unit * 1.35, True))
        chips = self.chips_text()
        if chips is not None:
            texts.append((chips, unit * 0.8, True))
        sub = self.dealt_in()
        if sub is not None:
            texts.append((sub, unit * 0.7, False))
        widths = [text_size(text, round(px), bold, lang)[0] for text, px, bold in texts]
        widths.append(self._hand_width(hand_h))
        widths.append(self._dora_width(dora_h, self._dora_label_px(unit)))
        widths.append(self._wanted_column(yaku_px, unit) * columns)
        names = self.screen.session.setups
        pay_px = max(8, int(unit * 1.8 / 2.95))
        widths.append(len(names) * max(text_size(setup.name, pay_px, False, lang)[0] for setup in names))
        wanted = max(widths) + round(unit * 4)
        return min(self.full_w, max(wanted, min(self.full_w, 640)))

    def _wanted_column(self, yaku_px: int, unit: float) -> int:
        """How wide a yaku column would like to be: its longest name and han, a gap between."""
        names = max((text_size(name, yaku_px, False, self.lang)[0] for name, _ in self.yaku), default=0)
        hans = max(
            (text_size(self.han_text(han), yaku_px, True, self.lang)[0] for _, han in self.yaku), default=0
        )
        return names + hans + round(unit * 3)

    def _column_width(self, yaku_px: int, columns: int, unit: float) -> int:
        """A yaku column as wide as it wants, within the panel."""
        widest = round(self.box.w * (0.46 if columns == 2 else 0.7))
        return min(widest, max(self._wanted_column(yaku_px, unit), round(self.box.w * 0.3)))

    def _hand_width(self, height: int) -> int:
        """How wide the hand row is at tile `height`: the tiles, the winning tile's gap, a gap per meld."""
        event = self.event
        width = tile_width(height)
        tiles = len(event.hand) + sum(len(meld.tiles) for meld in event.melds)
        return tiles * width + width // 3 + width // 2 * len(event.melds)

    def draw_content(self, surface: pygame.Surface) -> None:
        box, lang, fit = self.box, self.lang, self.fit
        unit = fit.unit
        cx = box.center[0]
        draw_text(surface, self.title(), round(unit * 1.3), GOLD, (cx, fit.title_y), "midtop", True, lang)
        sub = self.dealt_in()
        if sub is not None:
            draw_text(surface, sub, round(unit * 0.7), DIM_INK, (cx, fit.sub_y), "midtop", False, lang)
        self.draw_hand(surface)
        self.draw_dora(surface)
        self.draw_yaku(surface)
        self.draw_value(surface)

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The hand: concealed tiles, the winning tile apart, then the melds."""
        event, fit = self.event, self.fit
        height = fit.hand_h
        hand = sorted(tile for tile in event.hand if tile != event.win_tile)
        tiles: list[int | None] = [*hand, event.win_tile]
        width = tile_width(height)
        x = self.box.center[0] - self._hand_width(height) // 2
        x = self.tiles_row(surface, tiles, x, fit.hand_y, height, True)
        for meld in event.melds:
            x = self.tiles_row(surface, sorted(meld.tiles), x + width // 2, fit.hand_y, height, False)

    def dora_groups(self) -> list[tuple[str, list[int]]]:
        """The labelled tile groups: dora, ura dora for a riichi winner, then the winner's flowers."""
        groups = [(i18n.tr("win.dora"), self.indicators)]
        if self.ura:
            groups.append((i18n.tr("win.ura"), self.ura))
        if self.flowers:
            groups.append((i18n.tr("yaku.flower"), self.flowers))
        return groups

    @staticmethod
    def _dora_label_px(unit: float) -> int:
        return max(10, round(unit * 0.62))

    def _dora_group_widths(self, height: int, label_px: int) -> tuple[list[int], int, int]:
        """Each dora group's width (label, gap, tiles), the gap after a label and the gap between groups."""
        width = tile_width(height)
        label_gap = max(4, width // 2)
        widths = [
            text_size(label, label_px, True, self.lang)[0] + label_gap + len(tiles) * width
            for label, tiles in self.dora_groups()
        ]
        return widths, label_gap, width * 2

    def _dora_width(self, height: int, label_px: int) -> int:
        """How wide the dora row is: its groups side by side."""
        widths, _, group_gap = self._dora_group_widths(height, label_px)
        return sum(widths) + group_gap * (len(widths) - 1)

    def draw_dora(self, surface: pygame.Surface) -> None:
        """Dora and ura dora as two labelled groups, side by side and centred; the ura dora turn over one
        after another."""
        fit, lang = self.fit, self.lang
        height = fit.dora_h
        label_px = self._dora_label_px(fit.unit)
        widths, label_gap, group_gap = self._dora_group_widths(height, label_px)
        x = self.box.center[0] - self._dora_width(height, label_px) // 2
        middle = fit.dora_y + height // 2
        art, red_fives = self.screen.art, self.screen.rules.red_fives
        for index, ((label, tiles), group_w) in enumerate(zip(self.dora_groups(), widths, strict=True)):
            rect = draw_text(surface, label, label_px, DIM_INK, (x, middle), "midleft", True, lang)
            tiles_x = rect.right + label_gap
            if index == 0 or tiles is self.flowers:  # only the ura dora turn over
                self.tiles_row(surface, tiles, tiles_x, fit.dora_y, height, False)
            else:
                for order, tile in enumerate(tiles):
                    step = round(clamp01((self.t - self.ura_at - order * 0.15) / 0.4) * 8)
                    frame = art.flip_frame(art_kind(tile), is_red(tile, red_fives), height, step)
                    surface.blit(frame, (tiles_x + order * tile_width(height), fit.dora_y))
            x += group_w + group_gap

    def draw_yaku(self, surface: pygame.Surface) -> None:
        """The yaku, one by one as the clock passes each, in one or two columns."""
        fit, lang, t = self.fit, self.lang, self.t
        rows = (len(self.yaku) + fit.columns - 1) // fit.columns
        han_w = max(
            (text_size(self.han_text(han), fit.yaku_px, True, lang)[0] for _, han in self.yaku), default=0
        )
        pad = round(fit.unit * 0.4)
        for index, (name, han) in enumerate(self.yaku):
            if t < self.yaku_at + index * YAKU_STEP_S:
                break
            col, row = divmod(index, rows)
            x0 = self.box.center[0] - (fit.col_w * fit.columns) // 2 + col * fit.col_w + pad
            x1 = x0 + fit.col_w - 2 * pad
            yy = fit.yaku_y + row * fit.line_h
            age = clamp01((t - self.yaku_at - index * YAKU_STEP_S) / 0.25)
            size = fitted_size(name, fit.yaku_px, x1 - x0 - han_w - pad, False, lang)
            draw_text(
                surface,
                name,
                round(size * (0.8 + 0.2 * ease_out_back(age))),
                INK,
                (x0, yy),
                "topleft",
                False,
                lang,
            )
            draw_text(surface, self.han_text(han), fit.yaku_px, GOLD, (x1, yy), "topright", True, lang)

    def draw_value(self, surface: pygame.Surface) -> None:
        """The han counting up as the yaku appear; then, in its place, the value banner, the points and the
        payments."""
        fit, lang, t = self.fit, self.lang, self.t
        cx = self.box.center[0]
        value = self.event.value
        if t < self.banner_at:
            shown = [
                han for index, (_, han) in enumerate(self.yaku) if t >= self.yaku_at + index * YAKU_STEP_S
            ]
            if shown:
                count = (
                    i18n.tr("yakuman_count", count=value.yakuman)
                    if value.yakuman
                    else i18n.tr("score.han", han=sum(shown))
                )
                draw_text(
                    surface, count, round(fit.unit * 1.0), GOLD, (cx, fit.value_y), "midtop", True, lang
                )
            return
        pop = ease_out_back(clamp01((t - self.banner_at) / 0.35))
        size = round(fit.unit * 1.35 * max(pop, 0.2))
        draw_text(surface, self.banner(), size, (255, 236, 170), (cx, fit.value_y), "midtop", True, lang)
        draw_text(surface, self.points(), size, GOLD, (cx, fit.points_y), "midtop", True, lang)
        chips = self.chips_text()
        if chips is not None:
            chips_px = round(fit.unit * 0.8 * max(pop, 0.2))
            draw_text(surface, chips, chips_px, INK, (cx, fit.chips_y), "midtop", True, lang)
        self.deltas_row(surface, self.event.deltas, fit.pay, lang)


class DrawOverlay(Overlay):
    """An exhaustive draw, a row per seat: name, tenpai or noten, a tenpai hand laid open (concealed tiles,
    then its melds) with its waits, and the noten payments (or nagashi mangan) once the rows are shown.

    A noten row is one line and a tenpai row a line over its tiles; the panel is as tall as its rows (up to
    the usual panel's height) and centred on the window."""

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
        self.full_h = self.box.h  # the type keeps the usual panel's scale however short this one is
        self.unit = self.full_h / 24
        self.text_px = self.unit * 0.8
        self.line_h = round(self.text_px * 1.5)
        self.tile_h = 8  # the laid-open hands' tile height, one for every row
        self.rows_y: list[int] = []  # each seat's row top
        self._fit()
        screen.app.services.play_cue("exhaustive_draw")

    @property
    def scale_h(self) -> int:
        """The continue prompt keeps the usual panel's size however short this fitted one is."""
        return self.full_h

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

    def _label(self) -> tuple[str, int, int]:
        """The waits label, its size and its width."""
        label = i18n.tr("draw.waits")
        size = max(8, round(self.text_px * 0.85))
        return label, size, text_size(label, size, False, self.lang)[0]

    def _row_h(self, seat: int, tile_h: int) -> int:
        """A row's height: its line, and its laid-open tiles for a tenpai hand."""
        if self._row_tiles(seat)[0]:
            return self.line_h + tile_h + round(self.unit * 0.6)
        return self.line_h + round(self.unit * 0.3)

    def _fit(self) -> None:
        """One tile size for every row, as large as the widest row and the usual panel's height allow; then
        the panel's height fitted to its rows, centred on the window."""
        box, unit = self.box, self.unit
        n = len(self.screen.session.setups)
        room_w = box.w - 2 * round(box.w * 0.05)
        label_w = self._label()[2]
        top = round(unit * 3.3)
        foot = round(unit * 0.3) + self.hint_strip_h()

        def height_at(tile_h: int) -> int:
            return top + sum(self._row_h(seat, tile_h) for seat in range(n)) + foot

        tile_h = max(8, round(unit * 2.4))
        while tile_h > 8 and (
            max(self._row_width(seat, tile_h, label_w) for seat in range(n)) > room_w
            or height_at(tile_h) > self.full_h
        ):
            tile_h -= 1
        self.tile_h = tile_h
        height = min(self.full_h, height_at(tile_h))
        y0 = max(0, (self.screen.layout.height - height) // 2)
        self.box = Box(box.x, y0, box.w, height)
        y = y0 + top
        self.rows_y = []
        for seat in range(n):
            self.rows_y.append(y)
            y += self._row_h(seat, tile_h)

    def draw_content(self, surface: pygame.Surface) -> None:
        event, box, lang, unit = self.event, self.box, self.lang, self.unit
        title = i18n.tr("draw.nagashi_mangan") if event.nagashi else i18n.tr("draw.exhaustive")
        at = (box.center[0], box.y + round(unit * 0.7))
        draw_text(surface, title, round(unit * 1.3), GOLD, at, "midtop", True, lang)
        setups = self.screen.session.setups
        left, right = box.x + round(box.w * 0.05), box.right - round(box.w * 0.05)
        text_px = round(self.text_px)
        label, label_size, label_w = self._label()
        height = self.tile_h
        name_w = round(box.w * 0.28)
        for seat, y in enumerate(self.rows_y):
            tenpai = seat in event.tenpai
            name = setups[seat].name
            name_size = fitted_size(name, text_px, name_w - 8, True, lang)
            draw_text(surface, name, name_size, INK, (left, y), "topleft", True, lang)
            state = (
                i18n.tr("draw.nagashi_mangan")
                if seat in event.nagashi
                else i18n.tr("tenpai" if tenpai else "noten")
            )
            ink = GOLD if tenpai else DIM_INK
            draw_text(surface, state, text_px, ink, (left + name_w, y), "topleft", True, lang)
            if self.t >= 0.6:
                delta = event.deltas[seat]
                ink = GAIN if delta > 0 else LOSS if delta < 0 else DIM_INK
                draw_text(
                    surface, i18n.signed_points(delta), text_px, ink, (right, y), "topright", True, lang
                )
            hand, melds, waits = self._row_tiles(seat)
            if not hand:
                continue
            ty = y + self.line_h
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
