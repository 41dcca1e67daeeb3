"""The statistics page: every person and AI level of the records with their figures, the yaku they make most,
and three charts (rank distribution, rank over the recent matches, win and deal-in rates beside the AIs).

The figures come from ``game.stats`` (the ones ``stats`` and ``simulate`` print). The matches are replayed a
few per frame when the screen opens, so it never freezes; filters then only pool them again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game.records import RecordsError
from game.stats import MatchReader, PlayerEntry, StatsFilter, days_ago, pool
from game.terms import PRESET_NAMES
from graphics import i18n
from graphics.app import App
from graphics.fonts import render_text
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import (
    ERROR_INK,
    MEDALS,
    MINUS,
    PLUS,
    backdrop,
    band_surface,
    draw_heading,
    draw_panel,
    draw_scrollbar,
)
from graphics.screens.form import Field, Form
from graphics.screens.layouts import Frame, Row, ScreenLayout, _best
from graphics.widgets import DIM_INK, GOLD, INK, Button, Cycler, Segmented, draw_fitted, fitted_text

STATS_DESIGNS = ((1280, 720), (720, 1250))
TABLE_SIZES = (4, 3)  # the choices of the table-size filter, in its order
PERIOD_DAYS = (None, 30, 7)  # the date filter: all time, the last 30 days, the last 7 days
PERIOD_KEYS = ("stats.all_time", "stats.last_30_days", "stats.last_7_days")
FIGURES = (
    "avg_rank",
    "avg_score",
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "call_rate",
    "tsumo_share",
    "avg_win",
    "avg_deal_in",
    "tenpai_at_draw",
)
TOP_YAKU = 5
TREND_MATCHES = 20  # the rank chart shows this many of the latest matches
TREND_WINDOW = 5  # its line: the average rank of this many matches up to each one
READ_BUDGET_S = 0.03  # replaying matches: at most this long per frame (one match at least)
AXIS = (150, 170, 160)
GRID = (60, 90, 78)
FOURTH = (132, 150, 160)  # the last place's bar (1st to 3rd take the medal colours)


class Chart(NamedTuple):
    """A chart's boxes: its title, a legend line, the plot and the labels under it."""

    title: Box
    legend: Box
    plot: Box
    labels: Box


@dataclass(frozen=True)
class StatsLayout(ScreenLayout):
    """The statistics page for one window size: filters on top, the players, the figures and the charts."""

    seats: Box  # the table-size filter
    preset: Box
    period: Box
    list_panel: Box
    list_title: Box
    list_count: Box  # the "Matches" caption over the counts
    rows: tuple[Box, ...]
    scrollbar: Box
    figures_panel: Box
    figures_title: Box
    figures_sub: Box
    figure_rows: tuple[Row, ...]
    yaku_title: Box
    yaku_rows: tuple[Box, ...]
    chart_panels: tuple[Box, ...]
    dist: Chart
    versus: Chart
    trend: Chart
    content: Box  # figures and charts together: where an empty, loading or error state is shown
    back: Box
    note: Box

    def controls(self) -> list[Box]:
        """The filters, the player rows and Back."""
        return [self.seats, self.preset, self.period, *self.rows, self.back]


def stats_layout(width: int, height: int) -> StatsLayout:
    """The statistics page for a window of ``width`` x ``height``: landscape, or portrait for tall windows."""
    index, frame = _best(STATS_DESIGNS, width, height)
    return _portrait(frame, width, height) if index else _landscape(frame, width, height)


def _rows(
    frame: Frame, x: float, y: float, w: float, row_h: float, gap: float, count: int
) -> tuple[Box, ...]:
    return tuple(frame.box(x, y + slot * (row_h + gap), w, row_h) for slot in range(count))


def _figures(frame: Frame, x: float, y: float, w: float, row_h: float) -> tuple[Row, ...]:
    return tuple(
        Row(
            frame.box(x, y + n * row_h, w * 0.66, row_h),
            frame.box(x + w * 0.66, y + n * row_h, w * 0.34, row_h),
        )
        for n in range(len(FIGURES))
    )


def _landscape(frame: Frame, width: int, height: int) -> StatsLayout:
    box = frame.box
    return StatsLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=box(40, 10, 1200, 76),
        seats=box(40, 92, 280, 42),
        preset=box(336, 92, 340, 42),
        period=box(692, 92, 548, 42),
        list_panel=box(40, 146, 280, 486),
        list_title=box(58, 152, 160, 36),
        list_count=box(218, 152, 84, 36),
        rows=_rows(frame, 52, 198, 248, 40, 5, 9),
        scrollbar=box(306, 198, 6, 400),
        figures_panel=box(336, 146, 320, 486),
        figures_title=box(354, 152, 284, 36),
        figures_sub=box(354, 190, 284, 22),
        figure_rows=_figures(frame, 354, 218, 284, 25),
        yaku_title=box(354, 474, 284, 26),
        yaku_rows=_rows(frame, 354, 504, 284, 22, 2, TOP_YAKU),
        chart_panels=(box(672, 146, 568, 486),),
        dist=Chart(
            box(690, 152, 254, 36), box(690, 190, 254, 20), box(700, 222, 234, 130), box(700, 354, 234, 24)
        ),
        versus=Chart(
            box(968, 152, 254, 36), box(968, 190, 254, 20), box(978, 222, 234, 130), box(978, 354, 234, 24)
        ),
        trend=Chart(
            box(690, 392, 532, 36), box(690, 430, 532, 20), box(740, 460, 470, 128), box(740, 594, 470, 24)
        ),
        content=box(336, 146, 904, 486),
        back=box(40, 648, 240, 56),
        note=box(300, 648, 940, 56),
    )


def _portrait(frame: Frame, width: int, height: int) -> StatsLayout:
    box = frame.box
    return StatsLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=box(20, 16, 680, 90),
        seats=box(30, 116, 320, 48),
        preset=box(366, 116, 324, 48),
        period=box(30, 174, 660, 48),
        list_panel=box(30, 234, 660, 226),
        list_title=box(48, 240, 460, 36),
        list_count=box(508, 240, 150, 36),
        rows=_rows(frame, 42, 282, 624, 32, 2, 5),
        scrollbar=box(672, 282, 6, 166),
        figures_panel=box(30, 472, 320, 480),
        figures_title=box(48, 478, 284, 36),
        figures_sub=box(48, 514, 284, 22),
        figure_rows=_figures(frame, 48, 540, 284, 24),
        yaku_title=box(48, 784, 284, 26),
        yaku_rows=_rows(frame, 48, 814, 284, 24, 2, TOP_YAKU),
        chart_panels=(box(366, 472, 324, 480), box(30, 964, 660, 200)),
        dist=Chart(
            box(382, 478, 292, 36), box(382, 514, 292, 18), box(392, 544, 272, 128), box(392, 674, 272, 24)
        ),
        versus=Chart(
            box(382, 706, 292, 36), box(382, 742, 292, 20), box(392, 774, 272, 138), box(392, 914, 272, 24)
        ),
        trend=Chart(
            box(48, 970, 624, 32), box(48, 1002, 624, 18), box(104, 1036, 560, 94), box(104, 1134, 560, 24)
        ),
        content=box(30, 472, 660, 692),
        back=box(30, 1176, 300, 58),
        note=box(346, 1176, 344, 58),
    )


# ---- what the page shows ----------------------------------------------------------------------------------


def entry_name(entry: PlayerEntry) -> str:
    """A player's name as the page shows it: the person's own, or the AI level's in the player's language."""
    return entry.name if entry.is_human else tr(f"newgame.level.{entry.level}")


def short_name(entry: PlayerEntry) -> str:
    """The name under a chart's bars: an AI's level alone ("Normal"), a person's name."""
    return entry.name if entry.is_human else tr(f"level.{entry.level}")


def percent(value: float | None) -> str:
    """A rate as shown: one decimal ("22.5%"), or a dash when there is nothing to count.

    >>> percent(0.225), percent(None)
    ('22.5%', '—')
    """
    return "—" if value is None else f"{value * 100:.1f}%"


def figure_text(entry: PlayerEntry, figure: str) -> str:
    """One figure of ``FIGURES`` for ``entry`` as its row shows it."""
    stats = entry.stats
    if figure == "avg_rank":
        return f"{stats.avg_rank:.2f}"
    if figure == "avg_score":
        return f"{stats.avg_score:,.0f}"
    if figure in ("avg_win", "avg_deal_in"):
        value = stats.avg_win_points if figure == "avg_win" else stats.avg_deal_in_points
        return "—" if value is None else f"{value:,.0f}"
    rates = {
        "win_rate": stats.per_hand(stats.wins),
        "deal_in_rate": stats.per_hand(stats.deal_ins),
        "riichi_rate": stats.per_hand(stats.riichi),
        "call_rate": stats.per_hand(stats.calls),
        "tsumo_share": stats.tsumo_share,
        "tenpai_at_draw": stats.tenpai_at_draw_rate if stats.draws else None,
    }
    return percent(rates[figure])


def moving_average(ranks: Sequence[int], window: int) -> list[float]:
    """The mean of up to ``window`` ranks ending at each rank.

    >>> moving_average([1, 3, 2, 4], 2)
    [1.0, 2.0, 2.5, 3.0]
    """
    averages = []
    for end in range(1, len(ranks) + 1):
        recent = ranks[max(0, end - window) : end]
        averages.append(sum(recent) / len(recent))
    return averages


def scale_top(values: Sequence[float], step: float, least: float) -> float:
    """The top of a bar chart's scale: the largest value rounded up to ``step``, at least ``least``.

    >>> scale_top([0.21, 0.08], 0.1, 0.2)
    0.3
    """
    top = max([least, *values])
    return round(-(-top // step) * step, 6)


class StatsScene:
    """The statistics page; Back (or Esc) returns to where it was opened from."""

    def __init__(
        self,
        app: App,
        back: Callable[[], None] | None = None,
        players: int | None = None,
        ruleset: str | None = None,
        period: int = 0,
    ) -> None:
        """``players`` (3 or 4) and ``ruleset`` start the filters; ``period`` indexes PERIOD_DAYS. Without
        ``players`` the table size with more matches is shown."""
        self.app = app
        self.back = back if back is not None else navigation.back_to(app, "title")
        self.players = players if players in TABLE_SIZES else TABLE_SIZES[0]
        self._players_given = players in TABLE_SIZES
        self.ruleset = ruleset
        self.period = period if 0 <= period < len(PERIOD_DAYS) else 0
        self.form = Form(app.services.play_cue)
        self.layout: StatsLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self.error = ""
        self.reader: MatchReader | None = None
        try:
            self.reader = MatchReader(app.records())
        except RecordsError as error:
            self.error = " ".join(str(error).split())
        self.entries: list[PlayerEntry] = []
        self.everyone: list[PlayerEntry] = []  # every table size and rule set, for the filters' choices
        self.selected: tuple[str, str] | None = None  # (level, name) of the entry shown
        self.counted = 0  # the matches the filters let through
        self.offset = 0
        self.hover = -1
        if self.reader is not None and self.reader.done:
            self.refresh()

    # ---- data ----------------------------------------------------------------------------------------------

    @property
    def loading(self) -> bool:
        """Whether matches are still being replayed."""
        return self.reader is not None and not self.reader.done

    def load_all(self) -> None:
        """Replay every match now (tests and screenshots; the screen reads a few per frame)."""
        if self.reader is not None and not self.reader.done:
            self.reader.read()
            self.refresh()

    def refresh(self) -> None:
        """Pool the replayed matches again under the filters; the shown player stays when still there."""
        if self.reader is None:
            return
        matches = self.reader.matches
        if not self._players_given:
            counts = {size: sum(match.players == size for match in matches) for size in TABLE_SIZES}
            self.players = max(TABLE_SIZES, key=lambda size: (counts[size], size == TABLE_SIZES[0]))
            self._players_given = True
        if self.ruleset is not None and self.ruleset not in self.presets():
            self.ruleset = None
        days = PERIOD_DAYS[self.period]
        chosen = StatsFilter(self.ruleset, self.players, days_ago(days) if days is not None else None)
        self.counted = sum(chosen.accepts(match) for match in matches)
        self.entries = pool(matches, chosen)
        keys = [(entry.level, entry.name) for entry in self.entries]
        if self.selected not in keys:
            self.selected = keys[0] if keys else None  # people come first: the most played of them
        self._built = None
        self.offset = 0
        self._show(max(0, self.index))

    def presets(self) -> tuple[str, ...]:
        """The rule presets of the matches at the chosen table size, in the presets' own order."""
        if self.reader is None:
            return ()
        played = {match.ruleset for match in self.reader.matches if match.players == self.players}
        return tuple(name for name in (*PRESET_NAMES, *sorted(played - set(PRESET_NAMES))) if name in played)

    @property
    def entry(self) -> PlayerEntry | None:
        """The entry shown."""
        for entry in self.entries:
            if (entry.level, entry.name) == self.selected:
                return entry
        return None

    @property
    def index(self) -> int:
        """The position of the entry shown in the list (-1: none)."""
        keys = [(entry.level, entry.name) for entry in self.entries]
        return keys.index(self.selected) if self.selected in keys else -1

    def select(self, index: int) -> None:
        """Show the entry at ``index`` of the list (clamped) and scroll it into view."""
        if not self.entries:
            return
        index = max(0, min(index, len(self.entries) - 1))
        entry = self.entries[index]
        self.selected = (entry.level, entry.name)
        self._show(index)

    def _show(self, index: int) -> None:
        shown = len(self.layout.rows) if self.layout is not None else 1
        if index < self.offset:
            self.offset = index
        elif index >= self.offset + shown:
            self.offset = index - shown + 1

    def scroll(self, rows: int) -> None:
        """Move the list by whole rows."""
        shown = len(self.layout.rows) if self.layout is not None else 1
        self.offset = max(0, min(self.offset + rows, len(self.entries) - shown))

    # ---- controls ------------------------------------------------------------------------------------------

    def build(self) -> StatsLayout:
        """The layout and the filters for the current size, language and data."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or self._built != (width, height, lang):
            self.layout = stats_layout(width, height)
            self._built = (width, height, lang)
            self.form.set_fields(self._fields(self.layout), default_focus="seats")
            self.offset = 0
            self._show(max(0, self.index))
        return self.layout

    def _fields(self, layout: StatsLayout) -> list[Field]:
        ready = self.reader is not None and not self.loading
        seats = Segmented(
            layout.seats,
            (tr("stats.four_players"), tr("stats.three_players")),
            TABLE_SIZES.index(self.players),
            enabled=ready,
        )
        presets = self.presets()
        names = (None, *presets)
        preset = Cycler(
            layout.preset,
            (tr("stats.all_rules"), *(tr(f"preset.{name}") for name in presets)),
            names.index(self.ruleset) if self.ruleset in names else 0,
            enabled=ready and bool(presets),
        )
        period = Segmented(layout.period, tuple(tr(key) for key in PERIOD_KEYS), self.period, enabled=ready)

        def set_seats() -> None:
            self.players = TABLE_SIZES[seats.index]
            self.refresh()

        def set_preset() -> None:
            self.ruleset = names[preset.index]
            self.refresh()

        def set_period() -> None:
            self.period = period.index
            self.refresh()

        return [
            Field("seats", seats, set_seats),
            Field("preset", preset, set_preset),
            Field("period", period, set_period),
            Field("back", Button(layout.back, tr("menu.back"), "back"), self.back),
        ]

    def row_at(self, pos: tuple[int, int]) -> int:
        """The list entry under a point (-1: none)."""
        layout = self.build()
        for slot, box in enumerate(layout.rows):
            if box.contains_point(*pos) and self.offset + slot < len(self.entries):
                return self.offset + slot
        return -1

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Up/Down/Page keys and clicks pick a player, the wheel scrolls; Tab and the arrows work the filters;
        Esc goes back."""
        layout = self.build()
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -len(layout.rows),
                pygame.K_PAGEDOWN: len(layout.rows),
                pygame.K_HOME: -len(self.entries),
                pygame.K_END: len(self.entries),
            }
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in moves:
                self.select(max(0, self.index) + moves[event.key])
                return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index >= 0:
                self.app.services.play_cue("click")
                self.select(index)
                return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Replay a few more matches while loading; the focus ring's clock."""
        if self.reader is not None and not self.reader.done and self.reader.read(READ_BUDGET_S):
            self.refresh()
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Every frame while the matches load; then only input changes the page."""
        return 0.0 if self.loading else self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole page."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        draw_heading(surface, tr("stats.title"), layout.heading, lang)
        self.draw_list(surface, layout, lang)
        entry = self.entry
        if self.error or self.loading or entry is None:
            draw_panel(surface, layout.content)
            self.draw_state(surface, layout, lang)
        else:
            self.draw_figures(surface, layout, entry, lang)
            for panel in layout.chart_panels:
                draw_panel(surface, panel)
            self.draw_distribution(surface, layout.dist, entry, lang)
            self.draw_versus(surface, layout.versus, entry, lang)
            self.draw_trend(surface, layout.trend, entry, lang)
        draw_fitted(surface, self.note(), layout.text_px(15), DIM_INK, layout.note, "midright", lang=lang)
        self.form.draw(surface, lang)

    def note(self) -> str:
        """The line beside Back: what was counted (and what was left out)."""
        if self.reader is None or self.loading:
            return ""
        text = tr("stats.counted", n=self.counted)
        if self.reader.skipped:
            text += " · " + tr("stats.skipped", n=len(self.reader.skipped))
        return text

    # ---- drawing -------------------------------------------------------------------------------------------

    def draw_list(self, surface: pygame.Surface, layout: StatsLayout, lang: str) -> None:
        """The players: people first, then the AI levels, each with its number of matches."""
        draw_panel(surface, layout.list_panel, tr("stats.players"), layout.list_title, lang)
        caption_px = max(9, round(layout.list_count.h * 0.42))
        draw_fitted(
            surface, tr("stats.matches"), caption_px, DIM_INK, layout.list_count, "midright", lang=lang
        )
        size = layout.text_px(17)
        for slot, box in enumerate(layout.rows):
            index = self.offset + slot
            if index >= len(self.entries):
                break
            entry = self.entries[index]
            chosen = index == self.index
            fill = (*GOLD, 40) if chosen else (255, 255, 255, 24 if index == self.hover else 10)
            edge = (*GOLD, 190) if chosen else None
            band = band_surface(box.w, box.h, fill, edge, 2, max(4, box.h // 5))
            surface.blit(band, (box.x, box.y))
            pad = max(4, round(10 * layout.scale))
            count_w = max(24, round(52 * layout.scale))
            name_box = Box(box.x + pad, box.y, box.w - 2 * pad - count_w, box.h)
            count_box = Box(box.right - pad - count_w, box.y, count_w, box.h)
            ink = GOLD if chosen else INK if entry.is_human else DIM_INK
            _text_at(
                surface,
                entry_name(entry),
                size,
                ink,
                (name_box.x, name_box.y),
                "topleft",
                lang,
                name_box.w,
                True,
                name_box.h,
            )
            draw_fitted(surface, str(entry.stats.games), size, INK, count_box, "midright", lang=lang)
        draw_scrollbar(surface, layout.scrollbar, self.offset, len(layout.rows), len(self.entries))

    def draw_state(self, surface: pygame.Surface, layout: StatsLayout, lang: str) -> None:
        """What shows instead of figures: the error, the loading bar, or an empty page."""
        box = layout.content
        inner = Box(box.x + box.w // 8, box.y, box.w * 3 // 4, box.h)
        title_box = Box(inner.x, box.y + box.h * 3 // 10, inner.w, layout.text_px(40))
        body = Box(inner.x, title_box.bottom + layout.text_px(14), inner.w, box.h // 3)
        if self.error:
            draw_fitted(
                surface,
                tr("stats.unreadable"),
                layout.text_px(26),
                ERROR_INK,
                title_box,
                "center",
                True,
                lang,
            )
            draw_centred_paragraph(surface, self.error, body, layout.text_px(17), lang)
            return
        reader = self.reader
        if reader is not None and self.loading:
            line = Box(inner.x, box.y + box.h * 2 // 5, inner.w, layout.text_px(30))
            text = tr("stats.loading", done=reader.position, total=reader.total)
            draw_fitted(surface, text, layout.text_px(20), INK, line, "center", lang=lang)
            bar = pygame.Rect(
                inner.x, line.bottom + layout.text_px(12), inner.w, max(4, round(8 * layout.scale))
            )
            pygame.draw.rect(surface, (8, 20, 16), bar, border_radius=bar.h // 2)
            filled = bar.copy()
            filled.w = max(bar.h, round(bar.w * reader.position / max(1, reader.total)))
            pygame.draw.rect(surface, GOLD, filled, border_radius=bar.h // 2)
            return
        nothing = reader is None or not reader.matches
        title = tr("stats.empty_title") if nothing else tr("stats.none_filtered_title")
        text = tr("stats.empty") if nothing else tr("stats.none_filtered")
        draw_fitted(surface, title, layout.text_px(28), GOLD, title_box, "center", True, lang)
        draw_centred_paragraph(surface, text, body, layout.text_px(18), lang)

    def draw_figures(
        self, surface: pygame.Surface, layout: StatsLayout, entry: PlayerEntry, lang: str
    ) -> None:
        """The player's name, matches and hands, every figure and the most frequent yaku."""
        stats = entry.stats
        draw_panel(surface, layout.figures_panel, entry_name(entry), layout.figures_title, lang)
        summary = tr("stats.summary", matches=stats.games, hands=stats.hands)
        draw_fitted(surface, summary, layout.text_px(15), DIM_INK, layout.figures_sub, "midleft", lang=lang)
        size = layout.text_px(16)
        for figure, row in zip(FIGURES, layout.figure_rows, strict=True):
            draw_fitted(surface, tr(f"stats.figure.{figure}"), size, DIM_INK, row.label, "midleft", lang=lang)
            draw_fitted(surface, figure_text(entry, figure), size, INK, row.control, "midright", True, lang)
        title = layout.yaku_title
        draw_fitted(surface, tr("stats.yaku_seen"), layout.text_px(16), GOLD, title, "midleft", True, lang)
        seen = stats.top_yaku(TOP_YAKU)
        if not seen:
            draw_fitted(
                surface, tr("stats.no_wins"), size, DIM_INK, layout.yaku_rows[0], "midleft", lang=lang
            )
            return
        most = seen[0][1]
        for (name, count), box in zip(seen, layout.yaku_rows, strict=False):
            bar_w = max(box.h // 3, round(box.w * count / most))
            bar = band_surface(bar_w, box.h, (*GOLD, 34), None, 1, max(3, box.h // 4))
            surface.blit(bar, (box.x, box.y))
            inset = Box(box.x + max(4, box.h // 4), box.y, box.w - max(8, box.h // 2), box.h)
            count_w = round(inset.w * 0.22)
            name_box = Box(inset.x, inset.y, inset.w - count_w, inset.h)
            count_box = Box(inset.right - count_w, inset.y, count_w, inset.h)
            draw_fitted(surface, tr(f"yaku.{name}"), layout.text_px(15), INK, name_box, "midleft", lang=lang)
            draw_fitted(surface, f"×{count}", layout.text_px(15), INK, count_box, "midright", True, lang)

    def draw_distribution(self, surface: pygame.Surface, chart: Chart, entry: PlayerEntry, lang: str) -> None:
        """One bar per place, its share of the matches over it and the place under it."""
        _chart_title(surface, chart, tr("stats.rank_chart"), lang)
        stats = entry.stats
        shares = stats.rank_dist
        top = scale_top([share * 1.12 for share in shares], 0.1, 0.4)  # room for the value over the bar
        plot = chart.plot
        _grid(surface, plot, (0.5, 1.0))
        places = len(shares)
        slot_w = plot.w / places
        bar_w = max(4, round(slot_w * 0.56))
        label_px = _label_px(chart)
        for place, share in enumerate(shares):
            centre = round(plot.x + slot_w * (place + 0.5))
            height = round(plot.h * share / top)
            color = MEDALS.get(place + 1, FOURTH)
            rect = pygame.Rect(centre - bar_w // 2, plot.bottom - height, bar_w, height)
            if height > 0:
                pygame.draw.rect(surface, color, rect, border_top_left_radius=3, border_top_right_radius=3)
            value = f"{share * 100:.0f}%"
            _text_at(surface, value, label_px, INK, (centre, rect.y - 2), "midbottom", lang, round(slot_w))
            label = tr(f"stats.place_{place + 1}")
            _text_at(
                surface, label, label_px, DIM_INK, (centre, chart.labels.y + 2), "midtop", lang, round(slot_w)
            )
        pygame.draw.line(surface, AXIS, (plot.x, plot.bottom), (plot.right, plot.bottom), 1)
        caption = tr("stats.average_rank", rank=f"{stats.avg_rank:.2f}")
        draw_fitted(surface, caption, label_px, DIM_INK, chart.legend, "midleft", lang=lang)

    def draw_versus(self, surface: pygame.Surface, chart: Chart, entry: PlayerEntry, lang: str) -> None:
        """Win and deal-in rates of the player beside those of each AI level at the same tables."""
        _chart_title(surface, chart, tr("stats.versus_chart"), lang)
        groups = [entry] if entry.is_human else []
        groups += [other for other in self.entries if not other.is_human]
        rates = [
            (group.stats.per_hand(group.stats.wins), group.stats.per_hand(group.stats.deal_ins))
            for group in groups
        ]
        top = scale_top([value * 1.12 for pair in rates for value in pair], 0.05, 0.2)
        plot = chart.plot
        _grid(surface, plot, (0.5, 1.0))
        label_px = _label_px(chart)
        _legend(
            surface, chart.legend, ((PLUS, tr("stats.win")), (MINUS, tr("stats.deal_in"))), label_px, lang
        )
        slot_w = plot.w / max(1, len(groups))
        bar_w = max(3, round(min(slot_w * 0.3, plot.w * 0.09)))
        for position, (group, pair) in enumerate(zip(groups, rates, strict=True)):
            centre = round(plot.x + slot_w * (position + 0.5))
            for side, (value, color) in enumerate(zip(pair, (PLUS, MINUS), strict=True)):
                height = round(plot.h * value / top)
                x = centre - bar_w - 1 if side == 0 else centre + 1
                if height > 0:
                    rect = pygame.Rect(x, plot.bottom - height, bar_w, height)
                    pygame.draw.rect(
                        surface, color, rect, border_top_left_radius=2, border_top_right_radius=2
                    )
                _text_at(
                    surface,
                    f"{value * 100:.0f}",
                    max(9, label_px - 2),
                    INK,
                    (x + bar_w // 2, plot.bottom - height - 2),
                    "midbottom",
                    lang,
                    bar_w + 8,
                )
            shown = group is entry
            ink = GOLD if shown else DIM_INK
            _text_at(
                surface,
                short_name(group),
                label_px,
                ink,
                (centre, chart.labels.y + 2),
                "midtop",
                lang,
                round(slot_w) - 4,
                bold=shown,
            )
        pygame.draw.line(surface, AXIS, (plot.x, plot.bottom), (plot.right, plot.bottom), 1)

    def draw_trend(self, surface: pygame.Surface, chart: Chart, entry: PlayerEntry, lang: str) -> None:
        """The ranks of the latest matches as dots, the average of the last few as a gold line and the
        overall average as a dashed one; 1st at the top."""
        ranks = entry.stats.ranks_in_order
        shown = ranks[-TREND_MATCHES:]
        averages = moving_average(ranks, TREND_WINDOW)[-len(shown) :]
        _chart_title(surface, chart, tr("stats.trend_chart", n=len(shown)), lang)
        plot = chart.plot
        places = entry.players
        label_px = _label_px(chart)

        def to_y(rank: float) -> int:
            return round(plot.y + (rank - 1) / max(1, places - 1) * plot.h)

        def to_x(position: int) -> int:
            return round(plot.x + plot.w * (position + 0.5) / max(1, len(shown)))

        for place in range(1, places + 1):
            y = to_y(place)
            pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
            label = tr(f"stats.place_{place}")
            _text_at(
                surface,
                label,
                label_px,
                DIM_INK,
                (plot.x - 6, y),
                "midright",
                lang,
                plot.x - chart.title.x - 6,
            )
        overall = to_y(entry.stats.avg_rank)
        dash = max(4, round(plot.w / 60))
        for x in range(plot.x, plot.right, dash * 2):
            pygame.draw.line(surface, AXIS, (x, overall), (min(plot.right, x + dash), overall), 1)
        line_w = max(2, round(plot.h / 45))
        points = [(to_x(position), to_y(value)) for position, value in enumerate(averages)]
        if len(points) > 1:
            pygame.draw.lines(surface, GOLD, False, points, line_w)
        radius = max(3, round(plot.h / 28))
        for position, rank in enumerate(shown):
            centre = (to_x(position), to_y(rank))
            pygame.draw.circle(surface, (8, 20, 16), centre, radius + 1)
            pygame.draw.circle(surface, MEDALS.get(rank, FOURTH), centre, radius)
        legend = (
            (GOLD, tr("stats.trend_line", n=TREND_WINDOW)),
            (AXIS, tr("stats.trend_overall", rank=f"{entry.stats.avg_rank:.2f}")),
        )
        _legend(surface, chart.legend, legend, label_px, lang)
        older, newer = tr("stats.older"), tr("stats.newer")
        _text_at(
            surface, older, label_px, DIM_INK, (plot.x, chart.labels.y + 2), "topleft", lang, plot.w // 2
        )
        _text_at(
            surface, newer, label_px, DIM_INK, (plot.right, chart.labels.y + 2), "topright", lang, plot.w // 2
        )


# ---- drawing helpers --------------------------------------------------------------------------------------


def _label_px(chart: Chart) -> int:
    return max(9, round(chart.labels.h * 0.58))


def _chart_title(surface: pygame.Surface, chart: Chart, text: str, lang: str) -> None:
    size = max(10, round(chart.title.h * 0.5))
    draw_fitted(surface, text, size, GOLD, chart.title, "midleft", True, lang)


def _grid(surface: pygame.Surface, plot: Box, shares: Sequence[float]) -> None:
    for share in shares:
        y = round(plot.bottom - plot.h * share)
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)


def _text_at(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: tuple[int, int, int],
    at: tuple[int, int],
    anchor: str,
    lang: str,
    max_w: int,
    bold: bool = False,
    line_h: int = 0,
) -> None:
    """Text at a point, within ``max_w``: shrunk a little, then shortened with "…" (a long name keeps its
    end); ``line_h`` centres it in a line of that height below the point."""
    shown, fitted = fitted_text(text, size, max(8, max_w), bold, lang, min(11, size))
    image = render_text(shown, fitted, color, bold=bold, lang=lang)
    rect = image.get_rect(**{anchor: at})
    if line_h:
        rect.y = at[1] + (line_h - rect.h) // 2
    surface.blit(image, rect)


def _legend(
    surface: pygame.Surface, box: Box, items: Sequence[tuple[tuple[int, int, int], str]], size: int, lang: str
) -> None:
    """Colour swatches with their names, side by side from the left of ``box``."""
    share = box.w // max(1, len(items))
    swatch = max(6, round(box.h * 0.5))
    for position, (color, text) in enumerate(items):
        x = box.x + position * share
        pygame.draw.rect(
            surface, color, pygame.Rect(x, box.y + (box.h - swatch) // 2, swatch, swatch), border_radius=2
        )
        label = Box(x + swatch + 6, box.y, share - swatch - 12, box.h)
        draw_fitted(surface, text, size, DIM_INK, label, "midleft", lang=lang)


def draw_centred_paragraph(surface: pygame.Surface, text: str, box: Box, size: int, lang: str) -> None:
    """Wrapped text, each line centred, from the top of ``box``."""
    from graphics.widgets import wrap_text

    line_h = round(size * 1.4)
    y = box.y
    for line in wrap_text(text, size, box.w, lang):
        if y + line_h > box.bottom:
            break
        image = render_text(line, size, DIM_INK, lang=lang)
        surface.blit(image, image.get_rect(midtop=(box.x + box.w // 2, y)))
        y += line_h
