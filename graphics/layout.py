"""Table layout as pure math on the window size: tile sizes, seat frames, rivers, wall, hands and panels.

No pygame here, so it is unit-tested without a display. Each seat has a frame: ``u`` runs to its owner's
right, ``v`` away from the centre toward its owner; a local rectangle maps to one axis-aligned screen box.
Relative seat positions are 0 bottom (the viewer), 1 right, 2 top, 3 left; three players leave one empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

TILE_ASPECT = 0.75  # sprite width / height (graphics/tiles.py draws the art in this shape)
RIVER_ROW = 6  # discards per river row
RIVER_ROWS = 3  # rows of a river; the last one grows on to the right, as on Tenhou, once the others are full
MIN_SIZE = (640, 400)  # the smallest window the layout is designed for; smaller ones are clamped

# The owner's right (a) and toward the owner (b), per relative position; screen y grows downward.
_AXES = {0: ((1, 0), (0, 1)), 1: ((0, -1), (1, 0)), 2: ((-1, 0), (0, -1)), 3: ((0, 1), (-1, 0))}


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

    @property
    def center(self) -> tuple[int, int]:
        """The middle pixel."""
        return self.x + self.w // 2, self.y + self.h // 2

    def contains_point(self, x: float, y: float) -> bool:
        """Whether the point lies inside."""
        return self.x <= x < self.right and self.y <= y < self.bottom

    def contains(self, other: Box) -> bool:
        """Whether `other` lies entirely inside this box."""
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share at least one pixel."""
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )


@dataclass(frozen=True)
class SeatFrame:
    """One relative seat's coordinate frame around the table centre."""

    rel: int
    cx: float
    cy: float

    @property
    def quarter_turns(self) -> int:
        """Counter-clockwise quarter turns of this seat's upright tiles on screen."""
        return self.rel

    def point(self, u: float, v: float) -> tuple[float, float]:
        """The screen point of local (u, v)."""
        (ax, ay), (bx, by) = _AXES[self.rel]
        return self.cx + u * ax + v * bx, self.cy + u * ay + v * by

    def box(self, u: float, v: float, w: float, h: float) -> Box:
        """The screen box of the local rectangle u..u+w (to the owner's right), v..v+h (toward the owner)."""
        x0, y0 = self.point(u, v)
        x1, y1 = self.point(u + w, v + h)
        left, top = min(x0, x1), min(y0, y1)
        return Box(round(left), round(top), round(max(x0, x1) - left), round(max(y0, y1) - top))


STANDING = 0.62  # a standing tile's drawn height as a fraction of a lying one's


def standing_height(height: int) -> int:
    """The drawn height of a standing tile that would be `height` pixels tall lying flat."""
    return round(height * STANDING)


def tile_width(height: int) -> int:
    """The sprite width of a tile `height` pixels tall."""
    return round(height * TILE_ASPECT)


@dataclass(frozen=True)
class TableLayout:
    """Every size and anchor of the table screen for one window size."""

    width: int
    height: int
    players: int
    side: int  # the table square
    cx: int
    cy: int
    river_h: int  # discards, dora indicators, opponents' melds
    wall_h: int  # wall stacks
    other_h: int  # opponents' concealed hands
    hand_h: int  # the viewer's concealed hand
    meld_h: int  # the viewer's melds
    panel: Box  # the centre panel: round, sticks, tiles left, winds and scores
    stick_v: int  # local distance from the centre to a riichi stick (between the panel and the river)
    stick_h: int  # a riichi stick's thickness
    river_v: int  # local distance from the centre to the first river row
    wall_v: int  # local distance from the centre to the near edge of the wall
    hand_v: int  # local distance from the centre to opponents' hands
    hand_y: int  # top of the viewer's hand tiles
    hand_x: int  # left of the viewer's first hand tile
    meld_right: int  # right edge of the viewer's meld row
    buttons: Box  # call and win buttons: the right margin's lower part, beside the hand
    button_h: int  # an action button's height
    clock: Box  # the decision clock's highest place (``clock_box`` puts it on the buttons)
    toggles: Box  # auto-win / no-calls / auto-discard toggles, the right margin's top
    menu: Box  # the menu button, top left
    status: Box  # the line over the hand (riichi prompt, tenpai, furiten, no yaku), under the viewer's wall
    overlay: Box  # end-of-hand panels: over the table square, clear of the name plates
    pad: int  # the gap between the table, its margins' contents and the window's edge
    plate_w: int  # a name plate's widest
    plate_h: int
    plate_top: int  # top of the top seat's plate (under the menu button and its warning line)

    def frame(self, rel: int) -> SeatFrame:
        """The frame of relative seat `rel` (0 bottom .. 3 left)."""
        return SeatFrame(rel, self.cx, self.cy)

    def rel_of(self, seat: int, bottom_seat: int) -> int:
        """Relative position of `seat` with `bottom_seat` at the bottom (three players leave north empty)."""
        return (seat - bottom_seat) % 4

    def river_box(self, rel: int, index: int, sideways_before: int, sideways: bool) -> Box:
        """Screen box of the `index`-th discard of a river; `sideways_before` counts sideways tiles earlier in
        its row (a riichi tile is laid on its side and pushes the rest of the row along)."""
        row, col = divmod(index, RIVER_ROW)
        if row >= RIVER_ROWS:  # a long river (calls, kans, three players) keeps extending its last row
            row, col = RIVER_ROWS - 1, index - (RIVER_ROWS - 1) * RIVER_ROW
        w = tile_width(self.river_h)
        u = -RIVER_ROW * w / 2 + col * w + sideways_before * (self.river_h - w)
        v = self.river_v + row * self.river_h
        if sideways:
            return self.frame(rel).box(u, v + self.river_h - w, self.river_h, w)
        return self.frame(rel).box(u, v, w, self.river_h)

    def stick_box(self, rel: int) -> Box:
        """Screen box of the riichi stick lying in front of relative seat `rel`: in the lane between the
        centre panel and its river, along the river (so upright on screen for the side seats)."""
        length = 3 * tile_width(self.river_h)
        return self.frame(rel).box(-length / 2, self.stick_v, length, self.stick_h)

    def wall_stack_box(self, rel: int, index: int, stacks: int, level: int, shift: float = 0.0) -> Box:
        """Screen box of one tile of a wall stack: `index` 0.. from the owner's right end, `level` 0 top;
        `shift` moves it toward the owner's right (the dead wall stands apart at the break)."""
        w = tile_width(self.wall_h)
        length = stacks * w
        u = length / 2 - (index + 1) * w + shift
        lift = self.wall_h * 0.14  # the upper tile sits a little toward the centre to show the stack
        v = self.wall_v - (lift if level == 0 else 0)
        return self.frame(rel).box(u, v, w, self.wall_h)

    def opponent_tile_box(
        self, rel: int, index: int, count: int, gap_before: bool, standing: bool = False
    ) -> Box:
        """Screen box of an opponent's `index`-th concealed tile of `count` (the drawn tile set apart).

        The row starts at the owner's left; melds run from the right end (``opponent_meld_origin``). A
        standing tile (face hidden) shows foreshortened: ``STANDING`` of its height, at the far edge.
        """
        w = tile_width(self.other_h)
        u = -self.side * 0.43 + index * w + (w * 0.4 if gap_before else 0)
        if standing:
            h = standing_height(self.other_h)
            return self.frame(rel).box(u, self.hand_v + self.other_h - h, w, h)
        return self.frame(rel).box(u, self.hand_v, w, self.other_h)

    def opponent_meld_origin(self, rel: int) -> float:
        """Local u where an opponent's meld row ends (melds grow to the owner's left from here)."""
        return self.side * 0.46

    @property
    def table(self) -> Box:
        """The table square."""
        return Box(self.cx - self.side // 2, self.cy - self.side // 2, self.side, self.side)

    def plate_box(self, rel: int) -> Box:
        """The box a seat's name plate may fill: beside the table at its own side, the left margin holding
        the top (near its row's end), left and bottom seats and the right margin the right seat. A plate
        narrower than the box keeps to the table's edge."""
        table = self.table
        x = table.x - self.pad - self.plate_w if rel in (0, 2, 3) else table.right + self.pad
        y = {
            0: table.bottom - self.pad - self.plate_h,
            1: self.cy - self.plate_h // 2,
            2: self.plate_top,
            3: self.cy - self.plate_h // 2,
        }[rel]
        return Box(x, y, self.plate_w, self.plate_h)

    @property
    def coach(self) -> Box:
        """The practice coach's panel: the left margin between the left seat's plate and the bottom seat's."""
        top = self.plate_box(3).bottom + self.pad
        bottom = self.plate_box(0).y - self.pad
        return Box(self.pad, top, self.table.x - 2 * self.pad, max(0, bottom - top))

    def clock_box(self, buttons_top: int | None) -> Box:
        """The decision clock, just above the top row of buttons shown (`buttons_top`), or at the foot of
        the buttons' area when none is: by the buttons, away from the right seat's plate."""
        top = self.buttons.bottom if buttons_top is None else buttons_top
        return self.clock._replace(y=max(self.clock.y, top - self.pad - self.clock.h))

    def hand_tile_box(self, index: int, count: int, drawn_apart: bool) -> Box:
        """Screen box of the viewer's `index`-th concealed tile; the last sits apart when just drawn."""
        w = tile_width(self.hand_h)
        x = self.hand_x + index * w
        if drawn_apart and index == count - 1:
            x += round(w * 0.45)
        return Box(round(x), self.hand_y, w, self.hand_h)


PLATE_SHARE = 0.2  # a name plate's width as a share of the table's side: the margins beside it keep that much


def compute_layout(width: int, height: int, players: int = 4) -> TableLayout:
    """The layout for a window of `width` x `height` pixels (clamped to MIN_SIZE).

    The table square is as large as the height allows once the viewer's hand has its strip along the
    bottom, and narrow enough that both side margins take a name plate (4:3 and 5:4 give a few pixels of
    the table for that). The hand is centred under the table with the melds to its right; the right margin
    holds the toggles at the top and the action buttons at the bottom, beside the hand.
    """
    width, height = max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    pad = max(6, round(min(width, height) * 0.01))
    hand_h = round(min(height * 0.092, width * 0.95 / (14.6 * TILE_ASPECT + 12 * TILE_ASPECT * 0.72 + 1.2)))
    strip = round(hand_h * 1.2)
    side = min(height - strip, round((width - 4 * pad) / (1 + 2 * PLATE_SHARE)))
    cx, cy = width // 2, (height - strip) // 2
    table = Box(cx - side // 2, cy - side // 2, side, side)
    margin = table.x
    river_h = max(18, round(side * 0.068))
    river_side = RIVER_ROW * tile_width(river_h)
    river_v = river_side // 2 + max(2, round(river_h * 0.06))
    # A lane between the panel and each river holds that seat's riichi stick, clear of the panel's text.
    stick_h = max(4, round(river_h * 0.15))
    stick_gap = max(2, round(river_h * 0.08))
    stick_v = river_v - stick_gap - stick_h
    panel_side = 2 * (stick_v - stick_gap)
    panel = Box(cx - panel_side // 2, cy - panel_side // 2, panel_side, panel_side)
    wall_h = max(14, round(side * 0.05))
    wall_v = river_v + RIVER_ROWS * river_h + round(river_h * 0.25)
    other_h = max(14, round(side * 0.046))
    hand_v = wall_v + wall_h + max(3, round(wall_h * 0.2))  # clear of the wall, kita lifted a little included
    meld_h = round(hand_h * 0.72)
    hand_y = height - hand_h - round(hand_h * 0.1)
    hand_w = round(14.45 * tile_width(hand_h))
    hand_x = cx - hand_w // 2
    # the melds end where the fullest row (a pair, four kans and four kita) still fits
    meld_right = min(width - pad, hand_x + round(hand_h * 13.4))
    plate_size = max(12, round(river_h * 0.36))
    plate_w = min(margin - 2 * pad, round(plate_size * 11))
    plate_h = round(plate_size * 2.7)
    menu_h = max(22, round(river_h * 0.6))
    menu = Box(pad, pad, round(menu_h * 3.2), menu_h)
    plate_top = max(table.y + pad, menu.bottom + round(menu_h * 1.1))  # the save warning fits between
    button_h = max(24, round(hand_h * 0.55))
    # the right margin under the right seat's plate: the clock's highest place, then the buttons' area
    clock = Box(table.right + pad, cy + (plate_h + 1) // 2 + pad, round(button_h * 3.2), button_h)
    buttons_w = min(margin - 2 * pad, round(button_h * 9))
    buttons = Box(clock.x, clock.bottom + pad, buttons_w, table.bottom - 2 * pad - clock.bottom)
    small = max(16, round(button_h * 0.62))
    row = max(27, round(small * 1.3))  # the toggles' labels stay readable in the narrow margins of 4:3
    toggles_w = min(margin - 2 * pad, round(small * 8))
    toggles = Box(width - pad - toggles_w, pad, toggles_w, row * 3)
    status_h = max(12, round(hand_h * 0.24))
    band_top = cy + wall_v + wall_h
    status = Box(
        cx - round(side * 0.3), max(band_top, table.bottom - status_h - pad), round(side * 0.6), status_h
    )
    overlay = Box(table.x + pad, table.y + pad, side - 2 * pad, side - 2 * pad)
    return TableLayout(
        width=width,
        height=height,
        players=players,
        side=side,
        cx=cx,
        cy=cy,
        river_h=river_h,
        wall_h=wall_h,
        other_h=other_h,
        hand_h=hand_h,
        meld_h=meld_h,
        panel=panel,
        stick_v=stick_v,
        stick_h=stick_h,
        river_v=river_v,
        wall_v=wall_v,
        hand_v=hand_v,
        hand_y=hand_y,
        hand_x=hand_x,
        meld_right=meld_right,
        buttons=buttons,
        button_h=button_h,
        clock=clock,
        toggles=toggles,
        menu=menu,
        status=status,
        overlay=overlay,
        pad=pad,
        plate_w=plate_w,
        plate_h=plate_h,
        plate_top=plate_top,
    )
