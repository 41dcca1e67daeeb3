"""Menu screen layouts as pure math on the window size: each screen is drawn in a design space, then scaled.

A screen has one or two arrangements (landscape, and portrait for tall windows); the one with the larger scale
wins. Scaling rounds edges, not sizes, so boxes apart in design space never overlap on screen.
No pygame here: the layouts are unit-tested without a display.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import NamedTuple

from graphics.layout import TILE_ASPECT, Box

MARGIN = 0.02  # of the window side, kept free around the design
TOGGLE_INSET = (
    12.0  # a toggle row's label is inset (its hover band); rows start this far left to align labels
)


class Frame(NamedTuple):
    """Where the design space lands in the window: design (x, y) -> (ox + x * scale, oy + y * scale)."""

    scale: float
    ox: int
    oy: int

    def box(self, x: float, y: float, w: float, h: float) -> Box:
        """The window box of a design rectangle (edges rounded, so neighbours stay apart)."""
        left, top = round(self.ox + x * self.scale), round(self.oy + y * self.scale)
        right, bottom = round(self.ox + (x + w) * self.scale), round(self.oy + (y + h) * self.scale)
        return Box(left, top, max(1, right - left), max(1, bottom - top))

    def px(self, value: float) -> int:
        """A design length in window pixels (at least 1)."""
        return max(1, round(value * self.scale))


def fit_frame(design_w: int, design_h: int, width: int, height: int) -> Frame:
    """The largest uniform scale that fits the design inside the window's margins, centred."""
    width, height = max(1, width), max(1, height)
    margin_x, margin_y = width * MARGIN, height * MARGIN
    scale = max(0.05, min((width - 2 * margin_x) / design_w, (height - 2 * margin_y) / design_h))
    ox = round((width - design_w * scale) / 2)
    oy = round((height - design_h * scale) / 2)
    return Frame(scale, ox, oy)


def _best(designs: tuple[tuple[int, int], ...], width: int, height: int) -> tuple[int, Frame]:
    """Index and frame of the design that fits the window at the largest scale (the first on a tie)."""
    frames = [fit_frame(w, h, width, height) for w, h in designs]
    best = max(range(len(frames)), key=lambda index: (frames[index].scale, -index))
    return best, frames[best]


class Row(NamedTuple):
    """A labelled control: the label on the left, the control on the right."""

    label: Box
    control: Box


def _row(frame: Frame, x: float, y: float, w: float, h: float, label_w: float, gap: float = 12) -> Row:
    return Row(frame.box(x, y, label_w, h), frame.box(x + label_w + gap, y, w - label_w - gap, h))


@dataclass(frozen=True)
class ScreenLayout:
    """Fields every menu layout has: the window, the scale and the heading."""

    width: int
    height: int
    scale: float
    heading: Box

    def boxes(self) -> list[Box]:
        """Every box of the layout (for checks: inside the window)."""
        found: list[Box] = []
        for item in fields(self):
            _collect(getattr(self, item.name), found)
        return found

    def controls(self) -> list[Box]:
        """The boxes a player can point at; they never overlap."""
        raise NotImplementedError

    def text_px(self, design_px: float) -> int:
        """A font size in window pixels for a design size."""
        return max(9, round(design_px * self.scale))


def _collect(value: object, found: list[Box]) -> None:
    if isinstance(value, Box):
        found.append(value)
    elif isinstance(value, tuple):  # Row and tuples of boxes or rows
        for item in value:
            _collect(item, found)


# ----------------------------------------------------------------------------------------------------------
# title


@dataclass(frozen=True)
class TitleLayout(ScreenLayout):
    """The title screen: name, subtitle, a row of tiles that waves, the menu panel and a footer line."""

    subtitle: Box
    tiles: tuple[Box, ...]
    tile_lift: int  # the highest a waving tile rises, in pixels
    panel: Box
    buttons: tuple[Box, ...]
    footer: Box

    def controls(self) -> list[Box]:
        """The menu buttons."""
        return list(self.buttons)


TITLE_DESIGN = (1000, 760)


def title_layout(width: int, height: int, tiles: int = 7, buttons: int = 4) -> TitleLayout:
    """The title screen for a window of `width` x `height` pixels; up to four buttons at full size, more
    (Continue, Tournaments) share the space below the tiles."""
    frame = fit_frame(*TITLE_DESIGN, width, height)
    design_w = TITLE_DESIGN[0]
    roomy = buttons <= 4
    tile_h = 112.0 if roomy else 96.0
    tile_w = tile_h * TILE_ASPECT
    gap = 12.0
    row_w = tiles * tile_w + (tiles - 1) * gap
    x0 = (design_w - row_w) / 2
    tile_y = 262.0 if roomy else 246.0
    panel_y = 404.0 if roomy else 372.0
    button_gap, pad = (12.0, 22.0) if roomy else (9.0, 18.0)
    button_h = min(54.0, (704.0 - panel_y - 2 * pad - (buttons - 1) * button_gap) / max(1, buttons))
    panel_h = buttons * button_h + (buttons - 1) * button_gap + 2 * pad
    return TitleLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(40, 56, design_w - 80, 124),
        subtitle=frame.box(100, 186, design_w - 200, 36),
        tiles=tuple(frame.box(x0 + index * (tile_w + gap), tile_y, tile_w, tile_h) for index in range(tiles)),
        tile_lift=frame.px(tile_h * 0.18),
        panel=frame.box(330, panel_y, 340, panel_h),
        buttons=tuple(
            frame.box(352, panel_y + pad + index * (button_h + button_gap), 296, button_h)
            for index in range(buttons)
        ),
        footer=frame.box(100, max(716.0, panel_y + panel_h + 12), design_w - 200, 28),
    )


# ----------------------------------------------------------------------------------------------------------
# new game


class SeatRow(NamedTuple):
    """One seat of the new-game screen: its wind, who plays it, and the player's name."""

    label: Box
    kind: Box
    name: Box


@dataclass(frozen=True)
class NewGameLayout(ScreenLayout):
    """The new-game screen: players and their timer on one panel, rules on the other, Back and Start below."""

    portrait: bool
    players_panel: Box
    players_title: Box
    count: Row
    seats: tuple[SeatRow, ...]
    note: Box
    timer: Row
    rules_panel: Box
    rules_title: Box
    details: Box  # "All rules": every option of the chosen rule set, in a panel over the screen
    preset: Row
    preset_note: Box
    length: Row
    options: tuple[Box, ...]
    seed: Row
    seed_roll: Box
    back: Box
    practice: Box  # the practice coach's switch (the same setting as in Settings), between Back and Start
    start: Box

    def controls(self) -> list[Box]:
        """Everything clickable."""
        boxes = [self.count.control, *(box for seat in self.seats for box in (seat.kind, seat.name))]
        boxes.append(self.timer.control)
        boxes += [self.details, self.preset.control, self.length.control, *self.options]
        boxes += [self.seed.control, self.seed_roll]
        return [*boxes, self.back, self.practice, self.start]


OPTION_ROWS = 3  # option toggles per column on the new-game screen
NEWGAME_DESIGNS = ((1280, 720), (720, 1250))
PANEL_H = 524.0


def new_game_layout(width: int, height: int, options: int = 6) -> NewGameLayout:
    """The new-game screen for a window of `width` x `height` pixels, with `options` rule toggles."""
    which, frame = _best(NEWGAME_DESIGNS, width, height)
    design_w, design_h = NEWGAME_DESIGNS[which]
    portrait = which == 1
    side = 30.0 if portrait else 40.0
    panel_w = design_w - 2 * side if portrait else 590.0
    players_xy = (side, 96.0)
    rules_xy = (side, 96.0 + PANEL_H + 16) if portrait else (side + panel_w + 20, 96.0)
    pad = 24.0
    inner = panel_w - 2 * pad

    px, py = players_xy[0] + pad, players_xy[1]
    seat_label_w = 0.2 * inner
    kind_w = 0.39 * inner
    seats = []
    seats_y, seat_step = 130.0, 60.0
    note_y = seats_y + 3 * seat_step + 50 + 10
    timer_y = PANEL_H - pad - 50 - 6  # the last row: the note above it moves up when a seat is empty
    for index in range(4):
        y = py + seats_y + index * seat_step
        seats.append(
            SeatRow(
                frame.box(px, y, seat_label_w, 50),
                frame.box(px + seat_label_w + 12, y, kind_w, 50),
                frame.box(px + seat_label_w + kind_w + 24, y, inner - seat_label_w - kind_w - 24, 50),
            )
        )

    rx, ry = rules_xy[0] + pad, rules_xy[1]
    label_w = 0.33 * inner
    column_w = (inner - 16) / 2
    option_boxes = tuple(
        frame.box(
            rx - TOGGLE_INSET + (index // OPTION_ROWS) * (column_w + 16),
            ry + 266 + (index % OPTION_ROWS) * 56,
            column_w + TOGGLE_INSET,
            48,
        )
        for index in range(options)
    )
    seed_y = ry + 266 + OPTION_ROWS * 56 + 12
    roll_w = 0.22 * inner
    seed_w = inner - label_w - 12 - roll_w - 12
    bottom_y = design_h - 76
    gap = 16.0 if portrait else 40.0
    practice_w = min(300.0, design_w - 2 * side - 460 - 2 * gap)  # beside Start, clear of Back
    details_w = 200.0  # the "All rules" button, right of the rules panel's title
    return NewGameLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(side, 18, design_w - 2 * side, 64),
        portrait=portrait,
        players_panel=frame.box(*players_xy, panel_w, PANEL_H),
        players_title=frame.box(px, py + 16, inner, 40),
        count=_row(frame, px, py + 68, inner, 50, 0.36 * inner),
        seats=tuple(seats),
        note=frame.box(px, py + note_y, inner, timer_y - 8 - note_y),
        timer=_row(frame, px, py + timer_y, inner, 50, 0.36 * inner),
        rules_panel=frame.box(*rules_xy, panel_w, PANEL_H),
        rules_title=frame.box(rx, ry + 16, inner - details_w - 12, 40),
        details=frame.box(rx + inner - details_w, ry + 14, details_w, 42),
        preset=_row(frame, rx, ry + 70, inner, 50, label_w),
        preset_note=frame.box(rx, ry + 128, inner, 64),
        length=_row(frame, rx, ry + 200, inner, 50, label_w),
        options=option_boxes,
        seed=Row(frame.box(rx, seed_y, label_w, 50), frame.box(rx + label_w + 12, seed_y, seed_w, 50)),
        seed_roll=frame.box(rx + inner - roll_w, seed_y, roll_w, 50),
        back=frame.box(side, bottom_y, 220, 56),
        practice=frame.box(design_w - side - 240 - gap - practice_w, bottom_y + 3, practice_w, 50),
        start=frame.box(design_w - side - 240, bottom_y, 240, 56),
    )


@dataclass(frozen=True)
class RuleDetailsLayout(ScreenLayout):
    """The new-game screen's "All rules" panel over the screen: the rule set's name as its heading, a note,
    the scrolling list of options and its scrollbar, a hint, and the yaku reference and Back buttons."""

    portrait: bool
    panel: Box
    note: Box
    viewport: Box
    scrollbar: Box
    hint: Box
    reference: Box
    close: Box

    def controls(self) -> list[Box]:
        """The list, its scrollbar and the two buttons."""
        return [self.viewport, self.scrollbar, self.reference, self.close]


RULE_DETAILS_DESIGNS = ((1000, 600), (660, 1100))  # the panel alone: landscape and portrait


def rule_details_layout(width: int, height: int) -> RuleDetailsLayout:
    """The "All rules" panel for a window of `width` x `height` pixels: as large as the window allows below
    the new-game screen's heading, which stays in sight (a scale of its own, so text is larger than the
    screen's where the window has room the screen's design does not use)."""
    top = new_game_layout(width, height).heading.bottom + max(2, round(height * MARGIN / 2))
    side, bottom = round(width * MARGIN * 2), height - round(height * MARGIN * 2)  # clear of the gold inlay
    area = Box(side, top, max(1, width - 2 * side), max(1, bottom - top))
    frames = [_fit_area(w, h, area) for w, h in RULE_DETAILS_DESIGNS]
    which = max(range(len(frames)), key=lambda index: (frames[index].scale, -index))
    frame = frames[which]
    design_w, design_h = RULE_DETAILS_DESIGNS[which]
    portrait = which == 1
    pad = 28.0
    x, inner = pad, design_w - 2 * pad
    buttons_y = design_h - 16 - 50
    note_h = 64.0 if portrait else 42.0
    list_y = 14 + 50 + 4 + note_h + 8
    reference_w, close_w = 320.0, 200.0
    if portrait:  # the hint has a row of its own above the buttons
        hint = frame.box(x, buttons_y - 40, inner, 30)
        list_bottom = buttons_y - 48
    else:
        hint = frame.box(x + reference_w + 20, buttons_y, inner - reference_w - close_w - 40, 50)
        list_bottom = buttons_y - 12
    return RuleDetailsLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(x, 14, inner, 50),
        portrait=portrait,
        panel=frame.box(0, 0, design_w, design_h),
        note=frame.box(x, 14 + 50 + 4, inner, note_h),
        viewport=frame.box(x, list_y, inner - 30, list_bottom - list_y),
        scrollbar=frame.box(x + inner - 10, list_y + 4, 10, list_bottom - list_y - 8),
        hint=hint,
        reference=frame.box(x, buttons_y, reference_w, 50),
        close=frame.box(x + inner - close_w, buttons_y, close_w, 50),
    )


def _fit_area(design_w: int, design_h: int, area: Box) -> Frame:
    """The largest uniform scale that fits the design inside `area`, centred in it."""
    scale = max(0.05, min(area.w / design_w, area.h / design_h))
    ox = round(area.x + (area.w - design_w * scale) / 2)
    oy = round(area.y + (area.h - design_h * scale) / 2)
    return Frame(scale, ox, oy)


# ----------------------------------------------------------------------------------------------------------
# settings


@dataclass(frozen=True)
class SettingsLayout(ScreenLayout):
    """The settings screen: display and sound on one panel, tiles and play on the other, Back below."""

    portrait: bool
    sound_panel: Box
    sound_title: Box
    language: Row
    speed: Row
    master: Row
    effects: Row
    mute: Box
    display: Row
    play_panel: Box
    play_title: Box
    theme: Row
    preview: Box
    timer: Row
    toggles: tuple[Box, ...]
    back: Box
    hint: Box

    def controls(self) -> list[Box]:
        """Everything clickable."""
        rows = (self.language, self.speed, self.master, self.effects, self.display, self.theme, self.timer)
        return [*(row.control for row in rows), self.mute, *self.toggles, self.back]


SETTINGS_DESIGNS = ((1280, 720), (720, 1250))


def settings_layout(width: int, height: int, toggles: int = 3) -> SettingsLayout:
    """The settings screen for a window of `width` x `height` pixels."""
    which, frame = _best(SETTINGS_DESIGNS, width, height)
    design_w, design_h = SETTINGS_DESIGNS[which]
    portrait = which == 1
    side = 30.0 if portrait else 40.0
    panel_w = design_w - 2 * side if portrait else 590.0
    sound_xy = (side, 96.0)
    play_xy = (side, 96.0 + PANEL_H + 16) if portrait else (side + panel_w + 20, 96.0)
    pad = 24.0
    inner = panel_w - 2 * pad
    label_w = 0.34 * inner
    sx, sy = sound_xy[0] + pad, sound_xy[1]

    def sound_row(index: int) -> Row:
        return _row(frame, sx, sy + 70 + index * 72, inner, 50, label_w)

    qx, qy = play_xy[0] + pad, play_xy[1]
    step = min(58.0, 196.0 / max(1, toggles))  # the rows share what is left of the panel
    toggle_boxes = tuple(
        frame.box(qx - TOGGLE_INSET, qy + 322 + index * step, inner + TOGGLE_INSET, min(50.0, step - 6))
        for index in range(toggles)
    )
    bottom_y = design_h - 76
    return SettingsLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(side, 18, design_w - 2 * side, 64),
        portrait=portrait,
        sound_panel=frame.box(*sound_xy, panel_w, PANEL_H),
        sound_title=frame.box(sx, sy + 16, inner, 40),
        language=sound_row(0),
        speed=sound_row(1),
        master=sound_row(2),
        effects=sound_row(3),
        mute=frame.box(sx - TOGGLE_INSET, sy + 70 + 4 * 72, inner + TOGGLE_INSET, 50),
        display=sound_row(5),
        play_panel=frame.box(*play_xy, panel_w, PANEL_H),
        play_title=frame.box(qx, qy + 16, inner, 40),
        theme=_row(frame, qx, qy + 70, inner, 50, label_w),
        preview=frame.box(qx, qy + 134, inner, 110),
        timer=_row(frame, qx, qy + 258, inner, 50, label_w),
        toggles=toggle_boxes,
        back=frame.box(side, bottom_y, 220, 56),
        hint=frame.box(side + 240, bottom_y, design_w - 2 * side - 240, 56),
    )


# ----------------------------------------------------------------------------------------------------------
# yaku reference


@dataclass(frozen=True)
class ReferenceLayout(ScreenLayout):
    """The yaku reference: the rule set it shows, an index of the han groups, the scrolling list and its
    scrollbar, Back, a hint."""

    portrait: bool
    rule_set: Row  # the rule set whose local yaku are marked on or off
    index_panel: Box
    groups: tuple[Box, ...]
    list_panel: Box
    viewport: Box
    scrollbar: Box
    back: Box
    hint: Box

    def controls(self) -> list[Box]:
        """The rule set, group buttons, the list and Back."""
        return [self.rule_set.control, *self.groups, self.viewport, self.scrollbar, self.back]

    @property
    def tile_h(self) -> int:
        """The height of the example tiles in the list."""
        return max(14, round(self.viewport.w / (17 * TILE_ASPECT + 3.2)))


REFERENCE_DESIGNS = ((1280, 720), (720, 1250))


def reference_layout(width: int, height: int, groups: int = 9) -> ReferenceLayout:
    """The yaku reference for a window of `width` x `height` pixels, with `groups` index buttons."""
    which, frame = _best(REFERENCE_DESIGNS, width, height)
    design_w, design_h = REFERENCE_DESIGNS[which]
    portrait = which == 1
    side = 30.0 if portrait else 40.0
    bottom_y = design_h - 76
    top = 96.0 + 56  # the panels start below the rule set's row
    # the label over the index, the cycler over the list
    rule_label_w, rule_w = (200.0, design_w - 2 * side - 200) if portrait else (256.0, 420.0)
    index_panel: tuple[float, float, float, float]
    list_panel: tuple[float, float, float, float]
    if portrait:
        columns = 3
        rows = -(-groups // columns)
        index_h = 16.0 + rows * 46 + 16
        index_panel = (side, top, design_w - 2 * side, index_h)
        button_w = (design_w - 2 * side - 32 - (columns - 1) * 10) / columns
        group_boxes = tuple(
            frame.box(
                side + 16 + (index % columns) * (button_w + 10),
                top + 16 + (index // columns) * 46,
                button_w,
                38,
            )
            for index in range(groups)
        )
        list_panel = (side, top + index_h + 16, design_w - 2 * side, bottom_y - 16 - (top + index_h + 16))
    else:
        panel_h = PANEL_H - 56
        index_panel = (side, top, 240.0, panel_h)
        step = min(56.0, (panel_h - 32) / max(1, groups))
        group_boxes = tuple(
            frame.box(side + 16, top + 16 + index * step, 208, step - 8) for index in range(groups)
        )
        list_panel = (side + 256, top, design_w - 2 * side - 256, panel_h)
    lx, ly, lw, lh = list_panel
    return ReferenceLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(side, 18, design_w - 2 * side, 64),
        portrait=portrait,
        rule_set=_row(frame, side + 16, 94, rule_label_w - 16 + rule_w, 46, rule_label_w - 28),
        index_panel=frame.box(*index_panel),
        groups=group_boxes,
        list_panel=frame.box(*list_panel),
        viewport=frame.box(lx + 14, ly + 12, lw - 14 - 30, lh - 24),
        scrollbar=frame.box(lx + lw - 24, ly + 16, 10, lh - 32),
        back=frame.box(side, bottom_y, 220, 56),
        hint=frame.box(side + 240, bottom_y, design_w - 2 * side - 240, 56),
    )


# ----------------------------------------------------------------------------------------------------------
# final results

RESULT_COLUMNS = ("rank", "name", "score", "before_uma", "uma", "total")
_COLUMN_SHARES = (0.09, 0.31, 0.15, 0.16, 0.13, 0.16)  # of the table's inner width, in RESULT_COLUMNS order
# a rule set with chips (RULES.md §12): each player's chips before the total, which includes them
CHIP_RESULT_COLUMNS = ("rank", "name", "score", "before_uma", "uma", "chips", "total")
_CHIP_COLUMN_SHARES = (0.08, 0.24, 0.14, 0.15, 0.14, 0.09, 0.16)


@dataclass(frozen=True)
class ResultsLayout(ScreenLayout):
    """The final results: a table of ranks and points, a line on oka and uma, and the buttons."""

    panel: Box
    header: tuple[Box, ...]  # one cell per RESULT_COLUMNS
    rows: tuple[Box, ...]  # a whole row per player, by rank
    cells: tuple[tuple[Box, ...], ...]  # cells[rank][column]
    info: Box
    new_game: Box
    title: Box
    review: Box | None = None  # the Review button, for a match a person played
    replay: Box | None = None  # the Replay button, for a match in the records
    columns: tuple[str, ...] = RESULT_COLUMNS  # what each cell of a row shows: CHIP_RESULT_COLUMNS with chips

    def controls(self) -> list[Box]:
        """The buttons."""
        extra = [box for box in (self.review, self.replay) if box is not None]
        return [self.new_game, self.title, *extra]


RESULTS_DESIGNS = ((1280, 720), (720, 800))


def results_layout(
    width: int, height: int, players: int = 4, review: bool = False, replay: bool = False, chips: bool = False
) -> ResultsLayout:
    """The final results for a window of `width` x `height` pixels and `players` players; ``review`` and
    ``replay`` add their buttons between the two; ``chips`` a column for each player's chips."""
    which, frame = _best(RESULTS_DESIGNS, width, height)
    design_w = RESULTS_DESIGNS[which][0]
    portrait = which == 1
    side = 30.0 if portrait else 140.0
    panel_w = design_w - 2 * side
    pad = 36.0
    inner = panel_w - 2 * pad
    row_h = 84.0 if portrait else 78.0
    panel_y = 110.0
    header_y = panel_y + 20
    first_row_y = header_y + 52
    panel_h = 20 + 52 + players * (row_h + 8) + 64
    columns = CHIP_RESULT_COLUMNS if chips else RESULT_COLUMNS
    edges = [0.0]
    for share in _CHIP_COLUMN_SHARES if chips else _COLUMN_SHARES:
        edges.append(edges[-1] + share * inner)
    x0 = side + pad

    def cells_at(y: float, h: float) -> tuple[Box, ...]:
        return tuple(
            frame.box(x0 + edges[index] + 4, y, edges[index + 1] - edges[index] - 8, h)
            for index in range(len(columns))
        )

    row_ys = [first_row_y + index * (row_h + 8) for index in range(players)]
    buttons_y = panel_y + panel_h + 24
    middle = int(review) + int(replay)
    count = 2 + middle
    button_w, gap = {2: (240.0, 20.0), 3: (210.0, 12.0) if portrait else (240.0, 20.0)}.get(
        count, (159.0, 12.0) if portrait else (230.0, 18.0)
    )
    left = design_w / 2 - (count * button_w + (count - 1) * gap) / 2
    xs = [left + index * (button_w + gap) for index in range(count)]  # new game, the middle ones, title
    return ResultsLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(40, 18, design_w - 80, 72),
        panel=frame.box(side, panel_y, panel_w, panel_h),
        header=cells_at(header_y, 40),
        rows=tuple(frame.box(x0 - 12, y, inner + 24, row_h) for y in row_ys),
        cells=tuple(cells_at(y, row_h) for y in row_ys),
        info=frame.box(x0, panel_y + panel_h - 54, inner, 40),
        new_game=frame.box(xs[0], buttons_y, button_w, 56),
        title=frame.box(xs[-1], buttons_y, button_w, 56),
        review=frame.box(xs[1], buttons_y, button_w, 56) if review else None,
        replay=frame.box(xs[1 + int(review)], buttons_y, button_w, 56) if replay else None,
        columns=columns,
    )
