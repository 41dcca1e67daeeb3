"""Tournament screen layouts as pure math on the window size: the list, the setup form, the lobby's table
cards, the standings with their chart, and the ceremony's podium.

Each screen is drawn in a 1280 x 720 design space scaled to the window (``fit_frame``), so boxes apart in
design space stay apart on screen. No pygame here: the layouts are unit-tested without a display.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from graphics.layout import TILE_ASPECT, Box
from graphics.screens.layouts import (  # _row: a label on the left and its control on the right
    TOGGLE_INSET,
    Frame,
    Row,
    ScreenLayout,
    _row,
    fit_frame,
)

DESIGN = (1280, 720)
SIDE = 40.0  # the design's left and right margin
PAD = 24.0  # inside a panel
BOTTOM_Y = 644.0  # the row of screen buttons
BUTTON_H = 56.0


def _frame(width: int, height: int) -> Frame:
    return fit_frame(*DESIGN, width, height)


def _columns(
    frame: Frame, x: float, y: float, widths: tuple[float, ...], h: float, gap: float = 8
) -> tuple[Box, ...]:
    """Cells side by side from `x`, each `widths[i]` wide with `gap` between them."""
    cells = []
    for width in widths:
        cells.append(frame.box(x, y, width, h))
        x += width + gap
    return tuple(cells)


def visible_rows(viewport_h: float, row_h: float, gap: float) -> int:
    """How many rows of `row_h` with `gap` between them fit in a viewport `viewport_h` tall (at least 1).

    >>> visible_rows(448, 54, 6)
    7
    """
    return max(1, int((viewport_h + gap) // (row_h + gap)))


# ----------------------------------------------------------------------------------------------------------
# the list of tournaments

LIST_COLUMNS = ("name", "participants", "preset", "rounds", "status", "leader")
_LIST_SHARES = (0.29, 0.11, 0.19, 0.11, 0.12, 0.18)  # of a row's inner width, in LIST_COLUMNS order


@dataclass(frozen=True)
class ListLayout(ScreenLayout):
    """Every tournament as a row of a scrolling table; New tournament, Open and Back below."""

    panel: Box
    header: tuple[Box, ...]  # one cell per LIST_COLUMNS
    viewport: Box
    rows: tuple[Box, ...]  # the visible row slots, top to bottom
    cells: tuple[tuple[Box, ...], ...]  # cells[slot][column]
    scrollbar: Box
    back: Box
    delete: Box
    open: Box
    new: Box

    def controls(self) -> list[Box]:
        """The row slots and the buttons."""
        return [*self.rows, self.back, self.delete, self.open, self.new]


def list_layout(width: int, height: int) -> ListLayout:
    """The list of tournaments for a window of `width` x `height` pixels."""
    frame = _frame(width, height)
    panel_y, panel_h = 96.0, 524.0
    x0 = SIDE + PAD
    inner = DESIGN[0] - 2 * SIDE - 2 * PAD - 24  # room on the right for the scrollbar
    view_y = panel_y + 64
    view_h = panel_h - 64 - 16
    row_h, gap = 54.0, 6.0
    count = visible_rows(view_h, row_h, gap)
    edges = [0.0]
    for share in _LIST_SHARES:
        edges.append(edges[-1] + share * inner)

    def cells_at(y: float, h: float) -> tuple[Box, ...]:
        return tuple(
            frame.box(x0 + edges[index] + 12, y, edges[index + 1] - edges[index] - 20, h)
            for index in range(len(LIST_COLUMNS))
        )

    row_ys = [view_y + index * (row_h + gap) for index in range(count)]
    right = DESIGN[0] - SIDE
    return ListLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(SIDE, 18, DESIGN[0] - 2 * SIDE, 64),
        panel=frame.box(SIDE, panel_y, DESIGN[0] - 2 * SIDE, panel_h),
        header=cells_at(panel_y + 18, 36),
        viewport=frame.box(x0, view_y, inner, view_h),
        rows=tuple(frame.box(x0, y, inner, row_h) for y in row_ys),
        cells=tuple(cells_at(y, row_h) for y in row_ys),
        scrollbar=frame.box(right - PAD - 8, view_y, 8, view_h),
        back=frame.box(SIDE, BOTTOM_Y, 220, BUTTON_H),
        delete=frame.box(SIDE + 220 + 16, BOTTOM_Y, 220, BUTTON_H),
        open=frame.box(right - 280 - 16 - 220, BOTTOM_Y, 220, BUTTON_H),
        new=frame.box(right - 280, BOTTOM_Y, 280, BUTTON_H),
    )


# ----------------------------------------------------------------------------------------------------------
# creating a tournament


class EntryRow(NamedTuple):
    """One participant of the setup form: its number, name field, level choice and remove button."""

    number: Box
    name: Box
    level: Box
    remove: Box


CREATE_SETTINGS = ("name", "preset", "options", "length", "rounds", "seating", "fill", "clock", "seed")
OPTION_COLUMNS = 2  # the rule option switches of the options panel, side by side


class OptionsPanel(NamedTuple):
    """The panel drawn over the rules while the preset's options are changed: switches, a note and Done."""

    panel: Box
    title: Box
    note: Box  # which preset the switches change
    toggles: tuple[Box, ...]  # column by column, top to bottom
    detail: Box  # what the focused (or hovered) switch does
    done: Box

    def controls(self) -> list[Box]:
        """The switches and Done: all that takes input while the panel is open."""
        return [*self.toggles, self.done]


@dataclass(frozen=True)
class CreateLayout(ScreenLayout):
    """The setup form: participants (a scrolling list) on the left, the rules and schedule on the right."""

    people_panel: Box
    people_title: Box
    people_count: Box
    entries: tuple[EntryRow, ...]  # the visible row slots
    entries_view: Box  # the area the rows scroll in
    scrollbar: Box
    add: Box
    page: Box
    rules_panel: Box
    rules_title: Box
    settings: tuple[Row, ...]  # one per CREATE_SETTINGS
    roll: Box
    back: Box
    create: Box
    error: Box
    options: OptionsPanel  # drawn over the rules panel while open

    def controls(self) -> list[Box]:
        """Everything clickable while the options panel is closed."""
        rows = [box for row in self.entries for box in (row.name, row.level, row.remove)]
        settings = [row.control for row in self.settings]
        return [*rows, self.add, *settings, self.roll, self.back, self.create]

    def setting(self, name: str) -> Row:
        """The row of one of CREATE_SETTINGS."""
        return self.settings[CREATE_SETTINGS.index(name)]


def create_layout(width: int, height: int, options: int = 6) -> CreateLayout:
    """The tournament setup form for a window of `width` x `height` pixels, with `options` rule switches."""
    frame = _frame(width, height)
    top, panel_h = 96.0, 524.0
    people_w, rules_w = 640.0, 540.0
    px = SIDE + PAD
    inner = people_w - 2 * PAD
    rows_y = top + 70
    footer_y = top + panel_h - PAD - 48
    row_h, gap = 44.0, 8.0
    count = visible_rows(footer_y - 12 - rows_y, row_h, gap)
    content_w = inner - 22  # the scrollbar keeps the last 22
    number_w, level_w, remove_w = 40.0, 196.0, 44.0
    name_w = content_w - number_w - level_w - remove_w - 3 * 8
    entries = []
    for index in range(count):
        y = rows_y + index * (row_h + gap)
        number, name, level, remove = _columns(frame, px, y, (number_w, name_w, level_w, remove_w), row_h)
        entries.append(EntryRow(number, name, level, remove))
    view_h = count * (row_h + gap) - gap

    rules_x = SIDE + people_w + 20
    rx = rules_x + PAD
    rules_inner = rules_w - 2 * PAD
    label_w = 0.34 * rules_inner
    settings_y, setting_h, setting_step = top + 66, 42.0, 50.0  # nine rows fill the panel to 16 from its foot
    settings = tuple(
        _row(frame, rx, settings_y + index * setting_step, rules_inner, setting_h, label_w)
        for index in range(len(CREATE_SETTINGS))
    )
    roll_w = 104.0
    seed_y = settings_y + CREATE_SETTINGS.index("seed") * setting_step
    seed_control_x = rx + label_w + 12
    seed_w = rx + rules_inner - roll_w - 12 - seed_control_x
    settings = (
        *settings[:-1],
        Row(settings[-1].label, frame.box(seed_control_x, seed_y, seed_w, setting_h)),
    )
    right = DESIGN[0] - SIDE
    return CreateLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(SIDE, 18, DESIGN[0] - 2 * SIDE, 64),
        people_panel=frame.box(SIDE, top, people_w, panel_h),
        people_title=frame.box(px, top + 16, inner, 40),
        people_count=frame.box(px + inner * 0.5, top + 16, inner * 0.5, 40),
        entries=tuple(entries),
        entries_view=frame.box(px, rows_y, content_w, view_h),
        scrollbar=frame.box(px + inner - 10, rows_y, 8, view_h),
        add=frame.box(px, footer_y, 250, 48),
        page=frame.box(px + 266, footer_y, inner - 266, 48),
        rules_panel=frame.box(rules_x, top, rules_w, panel_h),
        rules_title=frame.box(rx, top + 16, rules_inner, 40),
        settings=settings,
        roll=frame.box(rx + rules_inner - roll_w, seed_y, roll_w, setting_h),
        back=frame.box(SIDE, BOTTOM_Y, 220, BUTTON_H),
        create=frame.box(right - 260, BOTTOM_Y, 260, BUTTON_H),
        error=frame.box(SIDE + 240, BOTTOM_Y - 4, DESIGN[0] - 2 * SIDE - 240 - 280, BUTTON_H + 8),
        options=_options_panel(frame, (rules_x, top, rules_w, panel_h), options),
    )


def _options_panel(frame: Frame, area: tuple[float, float, float, float], options: int) -> OptionsPanel:
    """The options panel covering `area` (the rules panel): title, note, switches in columns, detail, Done."""
    x, y, w, h = area
    ix, inner = x + PAD, w - 2 * PAD
    rows = -(-options // OPTION_COLUMNS)
    column_gap, toggle_h, toggle_step = 16.0, 44.0, 56.0  # labels at the rules panel's size
    column_w = (inner - (OPTION_COLUMNS - 1) * column_gap) / OPTION_COLUMNS
    toggles_y = y + 150
    toggles = tuple(
        frame.box(
            ix - TOGGLE_INSET + (index // rows) * (column_w + column_gap),
            toggles_y + (index % rows) * toggle_step,
            column_w + TOGGLE_INSET,
            toggle_h,
        )
        for index in range(options)
    )
    done_w, done_h = 180.0, 52.0
    done_y = y + h - PAD - done_h
    detail_y = toggles_y + rows * toggle_step + 8
    return OptionsPanel(
        panel=frame.box(x, y, w, h),
        title=frame.box(ix, y + 16, inner, 40),
        note=frame.box(ix, y + 72, inner, 66),
        toggles=toggles,
        detail=frame.box(ix, detail_y, inner, done_y - 12 - detail_y),
        done=frame.box(ix + inner - done_w, done_y, done_w, done_h),
    )


# ----------------------------------------------------------------------------------------------------------
# the lobby


class SeatLine(NamedTuple):
    """One seat on a table card: the wind tile, the name, and the score and points (or who plays)."""

    tile: Box
    name: Box
    score: Box
    points: Box
    who: Box  # score and points together: who plays the seat, while the match is not finished


class TableCard(NamedTuple):
    """One table of the round: its title and status, four seat lines and its buttons."""

    box: Box
    title: Box
    status: Box
    seats: tuple[SeatLine, ...]
    first: Box  # the left button (Watch)
    second: Box  # the right button (Play, or Play out)

    @property
    def inner(self) -> list[Box]:
        """Every box drawn inside the card."""
        return [
            self.title,
            self.status,
            *(box for line in self.seats for box in line),
            self.first,
            self.second,
        ]


class AdjustPanel(NamedTuple):
    """The inline form that gives a participant a points adjustment."""

    participant: Row
    points: Row
    reason: Row
    cancel: Box
    apply: Box
    error: Box


class PlayOutPanel(NamedTuple):
    """The dialog shown while the AI tables are played out."""

    panel: Box
    title: Box
    detail: Box
    bar: Box
    cancel: Box


@dataclass(frozen=True)
class LobbyLayout(ScreenLayout):
    """The lobby: the round's table cards on the left, the standings (or the adjust form) on the right."""

    subtitle: Box
    tables_panel: Box
    prev: Box
    next: Box
    round_label: Box
    cards_view: Box
    cards: tuple[TableCard, ...]  # the visible card slots (CARD_COLUMNS per row)
    cards_scrollbar: Box
    byes: Box
    side_panel: Box
    side_title: Box
    standings: tuple[tuple[Box, ...], ...]  # (rank, name, points) of each visible standings row
    adjust: AdjustPanel
    message: Box
    back: Box
    actions: tuple[Box, ...]  # ceremony, export, adjust, standings: right to left from the window's edge
    play_out: PlayOutPanel

    def controls(self) -> list[Box]:
        """What the player can click outside the play-out dialog (the adjust form replaces the standings)."""
        cards = [box for card in self.cards for box in (card.first, card.second)]
        adjust = self.adjust
        form = [adjust.participant.control, adjust.points.control, adjust.reason.control]
        return [self.prev, self.next, *cards, *form, adjust.cancel, adjust.apply, self.back, *self.actions]


CARD_COLUMNS = 2
CARD_ROWS = 2


def _card(frame: Frame, x: float, y: float, w: float, h: float) -> TableCard:
    pad = 14.0
    seat_h, seat_step = 25.0, 26.0
    score_w, points_w = 78.0, 62.0
    tile_h = seat_h
    tile_w = tile_h * TILE_ASPECT
    name_x = x + pad + tile_w + 10
    points_x = x + w - pad - points_w
    score_x = points_x - 8 - score_w
    seats = []
    for index in range(4):
        sy = y + 42 + index * seat_step
        seats.append(
            SeatLine(
                tile=frame.box(x + pad, sy, tile_w, tile_h),
                name=frame.box(name_x, sy, score_x - 10 - name_x, seat_h),
                score=frame.box(score_x, sy, score_w, seat_h),
                points=frame.box(points_x, sy, points_w, seat_h),
                who=frame.box(score_x, sy, x + w - pad - score_x, seat_h),
            )
        )
    button_h, button_y = 30.0, y + h - 10 - 30
    second_w, first_w = 112.0, 96.0
    second_x = x + w - pad - second_w
    return TableCard(
        box=frame.box(x, y, w, h),
        title=frame.box(x + pad, y + 8, 0.36 * (w - 2 * pad), 28),
        status=frame.box(x + pad + 0.36 * (w - 2 * pad) + 8, y + 8, 0.64 * (w - 2 * pad) - 8, 28),
        seats=tuple(seats),
        first=frame.box(second_x - 8 - first_w, button_y, first_w, button_h),
        second=frame.box(second_x, button_y, second_w, button_h),
    )


def lobby_layout(width: int, height: int) -> LobbyLayout:
    """The tournament lobby for a window of `width` x `height` pixels."""
    frame = _frame(width, height)
    top, panel_h = 102.0, 504.0
    tables_w = 824.0
    tx = SIDE + PAD
    tables_inner = tables_w - 2 * PAD
    select_y = top + 12
    cards_y = top + 62
    byes_h = 28.0
    cards_h = panel_h - 62 - byes_h - 18
    cards_w = tables_inner - 16
    col_gap, row_gap = 14.0, 12.0
    card_w = (cards_w - (CARD_COLUMNS - 1) * col_gap) / CARD_COLUMNS
    card_h = (cards_h - (CARD_ROWS - 1) * row_gap) / CARD_ROWS
    cards = tuple(
        _card(
            frame,
            tx + column * (card_w + col_gap),
            cards_y + row * (card_h + row_gap),
            card_w,
            card_h,
        )
        for row in range(CARD_ROWS)
        for column in range(CARD_COLUMNS)
    )
    side_x = SIDE + tables_w + 16
    side_w = DESIGN[0] - SIDE - side_x
    sx = side_x + 20
    side_inner = side_w - 40
    rows_y = top + 66
    row_h, row_gap_s = 30.0, 3.0
    count = visible_rows(top + panel_h - 16 - rows_y, row_h, row_gap_s)
    standings = tuple(
        _columns(
            frame, sx, rows_y + index * (row_h + row_gap_s), (34, side_inner - 34 - 86 - 12, 86), row_h, 6
        )
        for index in range(count)
    )
    label_w = 104.0
    adjust = AdjustPanel(
        participant=_row(frame, sx, top + 70, side_inner, 44, label_w, 10),
        points=_row(frame, sx, top + 124, side_inner, 44, label_w, 10),
        reason=_row(frame, sx, top + 178, side_inner, 44, label_w, 10),
        cancel=frame.box(sx, top + 238, (side_inner - 10) / 2, 46),
        apply=frame.box(sx + (side_inner + 10) / 2, top + 238, (side_inner - 10) / 2, 46),
        error=frame.box(sx, top + 296, side_inner, 80),
    )
    right = DESIGN[0] - SIDE
    action_w, action_gap = 196.0, 12.0
    actions = tuple(
        frame.box(right - (index + 1) * action_w - index * action_gap, BOTTOM_Y, action_w, BUTTON_H)
        for index in range(4)
    )
    dialog = (DESIGN[0] / 2 - 310, 228.0, 620.0, 252.0)
    dx, dy, dw, _ = dialog
    return LobbyLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(SIDE, 10, DESIGN[0] - 2 * SIDE, 58),
        subtitle=frame.box(SIDE + 100, 68, DESIGN[0] - 2 * SIDE - 200, 28),
        tables_panel=frame.box(SIDE, top, tables_w, panel_h),
        prev=frame.box(tx, select_y, 56, 40),
        next=frame.box(tx + tables_inner - 56, select_y, 56, 40),
        round_label=frame.box(tx + 72, select_y, tables_inner - 144, 40),
        cards_view=frame.box(tx, cards_y, cards_w, cards_h),
        cards=cards,
        cards_scrollbar=frame.box(tx + tables_inner - 8, cards_y, 8, cards_h),
        byes=frame.box(tx, top + panel_h - 12 - byes_h, tables_inner, byes_h),
        side_panel=frame.box(side_x, top, side_w, panel_h),
        side_title=frame.box(sx, top + 14, side_inner, 38),
        standings=standings,
        adjust=adjust,
        message=frame.box(SIDE, top + panel_h + 6, DESIGN[0] - 2 * SIDE, 28),
        back=frame.box(SIDE, BOTTOM_Y, 200, BUTTON_H),
        actions=actions,
        play_out=PlayOutPanel(
            panel=frame.box(*dialog),
            title=frame.box(dx + 28, dy + 20, dw - 56, 40),
            detail=frame.box(dx + 28, dy + 72, dw - 56, 30),
            bar=frame.box(dx + 28, dy + 116, dw - 56, 26),
            cancel=frame.box(DESIGN[0] / 2 - 100, dy + 170, 200, 52),
        ),
    )


# ----------------------------------------------------------------------------------------------------------
# standings and the chart

# "chips" only under a rule set with chips (RULES.md §12)
STANDING_COLUMNS = ("rank", "name", "points", "chips", "matches", "places", "avg_rank", "adjust")


@dataclass(frozen=True)
class StandingsLayout(ScreenLayout):
    """The full standings (a scrolling table) on the left, the points chart on the right, Back below."""

    table_panel: Box
    header: tuple[Box, ...]  # rank, name, points, matches, 1st..nth, avg rank, adjustments
    rows: tuple[tuple[Box, ...], ...]  # the same cells for each visible row slot
    row_bands: tuple[Box, ...]  # each visible row as a whole
    scrollbar: Box
    note: Box  # the adjustment reason of the row under the mouse
    chart_panel: Box
    chart_title: Box
    plot: Box  # the plotting area (axes along its left and bottom edges)
    y_labels: Box  # left of the plot
    x_labels: Box  # below the plot
    legend: tuple[Box, ...]
    back: Box

    def controls(self) -> list[Box]:
        """The row bands (hover shows a reason) and Back."""
        return [*self.row_bands, self.back]


def standings_layout(width: int, height: int, places: int = 4, chips: bool = False) -> StandingsLayout:
    """The standings screen for a window of `width` x `height` pixels and tables of `places` players;
    ``chips`` (a rule set with chips) adds a column for them after the points."""
    frame = _frame(width, height)
    top, panel_h = 96.0, 524.0
    table_w = 760.0
    tx = SIDE + 20
    inner = table_w - 40 - 18  # the scrollbar keeps the last 18
    place_w = 42.0
    fixed = (40.0, 0.0, 82.0, *((56.0,) if chips else ()), 72.0, *(place_w,) * places, 80.0, 58.0)
    gap = 6.0
    name_w = inner - sum(fixed) - gap * (len(fixed) - 1)
    widths = (fixed[0], name_w, *fixed[2:])
    header = _columns(frame, tx, top + 16, widths, 34, gap)
    rows_y = top + 58
    note_h = 34.0
    row_h, row_gap = 30.0, 3.0
    count = visible_rows(top + panel_h - 14 - note_h - 8 - rows_y, row_h, row_gap)
    rows = tuple(
        _columns(frame, tx, rows_y + index * (row_h + row_gap), widths, row_h, gap) for index in range(count)
    )
    bands = tuple(
        frame.box(tx - 8, rows_y + index * (row_h + row_gap), inner + 16, row_h) for index in range(count)
    )
    view_h = count * (row_h + row_gap) - row_gap
    chart_x = SIDE + table_w + 16
    chart_w = DESIGN[0] - SIDE - chart_x
    cx = chart_x + 20
    chart_inner = chart_w - 40
    label_w = 52.0
    plot_y, plot_h = top + 66, 290.0
    legend_y = plot_y + plot_h + 36
    legend_rows = 4
    legend_h = 26.0
    legend = tuple(
        frame.box(
            cx + column * (chart_inner / 2 + 4),
            legend_y + row * (legend_h + 2),
            chart_inner / 2 - 4,
            legend_h,
        )
        for column in range(2)
        for row in range(legend_rows)
    )
    return StandingsLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(SIDE, 18, DESIGN[0] - 2 * SIDE, 64),
        table_panel=frame.box(SIDE, top, table_w, panel_h),
        header=header,
        rows=rows,
        row_bands=bands,
        scrollbar=frame.box(SIDE + table_w - 20 - 8, rows_y, 8, view_h),
        note=frame.box(tx, top + panel_h - 14 - note_h, inner, note_h),
        chart_panel=frame.box(chart_x, top, chart_w, panel_h),
        chart_title=frame.box(cx, top + 14, chart_inner, 38),
        plot=frame.box(cx + label_w + 8, plot_y, chart_inner - label_w - 16, plot_h),
        y_labels=frame.box(cx, plot_y - 10, label_w, plot_h + 20),
        x_labels=frame.box(cx + label_w - 16, plot_y + plot_h + 4, chart_inner - label_w + 8, 24),
        legend=legend,
        back=frame.box(SIDE, BOTTOM_Y, 220, BUTTON_H),
    )


# ----------------------------------------------------------------------------------------------------------
# the ceremony


class Step(NamedTuple):
    """One step of the podium: the block, and the name and points shown above it."""

    block: Box
    name: Box
    points: Box


@dataclass(frozen=True)
class CeremonyLayout(ScreenLayout):
    """The final ceremony: the champion's name, the podium (1st in the middle), the others, two buttons."""

    champion: Box
    subtitle: Box
    podium: tuple[Step, ...]  # 1st, 2nd, 3rd
    rest: tuple[Box, ...]  # the cells of the list of everyone else, column by column
    standings: Box
    title: Box

    def controls(self) -> list[Box]:
        """The two buttons."""
        return [self.standings, self.title]


REST_COLUMNS, REST_ROWS = 3, 3


def ceremony_layout(width: int, height: int) -> CeremonyLayout:
    """The ceremony screen for a window of `width` x `height` pixels."""
    frame = _frame(width, height)
    centre = DESIGN[0] / 2
    block_w, floor = 250.0, 532.0
    heights = (190.0, 140.0, 104.0)  # 1st, 2nd, 3rd
    xs = (centre - block_w / 2, centre - block_w * 1.5 - 10, centre + block_w / 2 + 10)
    podium = []
    for x, block_h in zip(xs, heights, strict=True):
        y = floor - block_h
        podium.append(
            Step(
                block=frame.box(x, y, block_w, block_h),
                name=frame.box(x + 6, y - 78, block_w - 12, 40),
                points=frame.box(x + 6, y - 36, block_w - 12, 30),
            )
        )
    rest_w = 900.0
    cell_w = (rest_w - (REST_COLUMNS - 1) * 24) / REST_COLUMNS
    rest = tuple(
        frame.box(centre - rest_w / 2 + column * (cell_w + 24), floor + 14 + row * 30, cell_w, 28)
        for column in range(REST_COLUMNS)
        for row in range(REST_ROWS)
    )
    return CeremonyLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(SIDE, 14, DESIGN[0] - 2 * SIDE, 66),
        champion=frame.box(centre - 420, 90, 840, 64),
        subtitle=frame.box(centre - 420, 156, 840, 28),
        podium=tuple(podium),
        rest=rest,
        standings=frame.box(centre - 250, BOTTOM_Y, 240, BUTTON_H),
        title=frame.box(centre + 10, BOTTOM_Y, 240, BUTTON_H),
    )
