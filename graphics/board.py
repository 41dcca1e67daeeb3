"""What lies on the table as sprite placements: a pure function of what is shown and the layout (no pygame).

Keys name a tile's place so the animator can follow it: ``("w", stack, level)`` a wall tile, ``("r", id)`` a
discard, ``("m", id)`` a meld tile, ``("k", id)`` a kita, ``("h", id)`` a face-up concealed tile and ``("b",
seat, i)`` a face-down one. A tile id that leaves one key for another (a claimed discard leaves the river for
the meld) is how the animator knows where a new sprite comes from.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field

from game.terms import Meld, MeldType
from game.view import SeatView
from graphics.layout import RIVER_ROW, RIVER_ROWS, Box, TableLayout, tile_width

# z-order bands: lower draws first
Z_WALL, Z_RIVER, Z_MELD, Z_HAND = 0, 20, 40, 60


@dataclass(frozen=True)
class WallState:
    """The physical wall: where it was broken and how many tiles left it from either end."""

    stacks: int  # 68 for four players, 54 for three
    break_stack: int  # ring stack where live drawing starts (the ring runs clockwise from seat 0's right end)
    live_drawn: int = 0  # tiles taken from the live end (the deal included)
    rinshan_drawn: int = 0  # replacement tiles taken from the dead wall's far end
    indicators: tuple[int, ...] = ()  # dora indicators turned face up, in order
    dead_stacks: int = 7  # 9 with flowers: four stacks of replacement tiles before the first indicator


@dataclass(frozen=True)
class Show:
    """Everything the table screen draws for one moment of a hand (beyond overlays and the centre panel)."""

    view: SeatView  # public information (melds, rivers, scores ...)
    bottom: int  # the seat drawn at the bottom
    wall: WallState
    red_fives: tuple[int, int, int]
    hands: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # face-up concealed tiles per seat
    drawn: Mapping[int, int] = field(default_factory=dict)  # a face-up seat's just-drawn tile (set apart)
    dealt: tuple[int, ...] | None = None  # during the deal: tiles each seat holds so far
    sticks: frozenset[int] = frozenset()  # seats whose riichi stick lies on the table
    claimable: int | None = None  # a discard others may claim now (highlighted)
    open_hands: frozenset[int] = frozenset()  # face-up hands laid down flat (a win or a tenpai at the draw)


@dataclass(frozen=True)
class Sprite:
    """One tile on screen: where, which face (None: its back), turned how, drawn in which order."""

    key: Hashable
    box: Box
    tile: int | None
    height: int  # the tile's upright height (the art size)
    turns: int  # counter-clockwise quarter turns
    z: int
    mark: str = ""  # "claim" (claimable now), "tsumogiri", "dora"
    standing: bool = False  # an opponent's concealed tile, standing on its edge (drawn foreshortened)


def side_stacks(stacks: int) -> tuple[int, int, int, int]:
    """Stacks on each absolute side (seat 0..3) of a wall of `stacks` stacks.

    >>> side_stacks(68), side_stacks(54)
    ((17, 17, 17, 17), (14, 13, 14, 13))
    """
    base, extra = divmod(stacks, 4)
    a, b, c, d = (base + (1 if side % 2 == 0 and side // 2 < extra else 0) for side in range(4))
    return a, b, c, d


RING_SIDES = (0, 3, 2, 1)  # clockwise: the wall is drawn clockwise while turns pass counter-clockwise


def ring_position(ring_stack: int, stacks: int) -> tuple[int, int]:
    """(absolute side, index from that side's owner's right end) of a ring stack."""
    sizes = side_stacks(stacks)
    ring_stack %= stacks
    for side in RING_SIDES:
        if ring_stack < sizes[side]:
            return side, ring_stack
        ring_stack -= sizes[side]
    raise AssertionError("unreachable: the ring covers every stack")


def break_stack_for(dice_total: int, dealer: int, stacks: int) -> int:
    """The ring stack where live drawing starts after the dealer's dice show `dice_total`.

    Counting counter-clockwise from the dealer picks the wall's side; the break is that many stacks from the
    side's right end, and the dealer draws from the stacks to its left (clockwise on).
    """
    side = (dealer + dice_total - 1) % 4
    start = 0
    sizes = side_stacks(stacks)
    for ring_side in RING_SIDES:
        if ring_side == side:
            break
        start += sizes[ring_side]
    return (start + min(dice_total, sizes[side])) % stacks


def wall_slots(wall: WallState) -> dict[tuple[int, int], int | None]:
    """Every wall tile still on the table: (ring stack, level) -> its face if turned up, else None."""
    order: list[tuple[int, int]] = []
    for i in range(wall.stacks):  # live order: from the break clockwise, upper tile first
        stack = (wall.break_stack + i) % wall.stacks
        order.extend(((stack, 0), (stack, 1)))
    present: dict[tuple[int, int], int | None] = dict.fromkeys(order[wall.live_drawn :])
    dead_end = wall.break_stack - 1
    for k in range(wall.rinshan_drawn):  # replacement tiles come from the far end of the dead wall
        stack = (dead_end - k // 2) % wall.stacks
        present.pop((stack, k % 2), None)
    replacement_stacks = wall.dead_stacks - 5
    for i, indicator in enumerate(wall.indicators):
        slot = ((wall.break_stack - 1 - replacement_stacks - i) % wall.stacks, 0)
        if slot in present:
            present[slot] = indicator
    return present


def build_sprites(show: Show, layout: TableLayout) -> dict[Hashable, Sprite]:
    """Every tile sprite of `show` laid out by `layout`."""
    sprites: dict[Hashable, Sprite] = {}
    _add_wall(sprites, show, layout)
    for seat in range(show.view.n):
        rel = layout.rel_of(seat, show.bottom)
        player = show.view.players[seat]
        _add_river(sprites, show, layout, seat, rel)
        _add_melds(sprites, layout, seat, rel, player.melds, (*player.kita, *player.flowers))
        _add_hand(sprites, show, layout, seat, rel)
    return sprites


def _add_wall(sprites: dict[Hashable, Sprite], show: Show, layout: TableLayout) -> None:
    wall = show.wall
    sizes = side_stacks(wall.stacks)
    dead = {(wall.break_stack - 1 - i) % wall.stacks for i in range(wall.dead_stacks)}
    gap = tile_width(layout.wall_h) * 0.3  # the wall is broken: the dead wall stands a little apart
    for (stack, level), face in wall_slots(wall).items():
        side, index = ring_position(stack, wall.stacks)
        rel = layout.rel_of(side, show.bottom)
        box = layout.wall_stack_box(rel, index, sizes[side], level, gap if stack in dead else 0.0)
        z = Z_WALL + (10 if level == 0 else 0) + (index if rel in (0, 3) else sizes[side] - index) // 4
        sprites[("w", stack, level)] = Sprite(
            ("w", stack, level), box, face, layout.wall_h, rel, z, "dora" if face is not None else ""
        )


def _add_river(sprites: dict[Hashable, Sprite], show: Show, layout: TableLayout, seat: int, rel: int) -> None:
    """Lay out a seat's discards; a claimed one has left the river for the caller's meld (as Tenhou and
    Mahjong Soul show it), so the rest close up behind it."""
    river = show.view.players[seat].river
    sideways_before = 0
    pending_sideways = False  # a called riichi tile passes the sideways turn to the next discard
    index = 0
    for entry in river:
        sideways = entry.riichi or pending_sideways
        pending_sideways = sideways and entry.called
        if entry.called:
            continue
        if index % RIVER_ROW == 0 and index < RIVER_ROWS * RIVER_ROW:  # a new row (the last one grows on)
            sideways_before = 0
        box = layout.river_box(rel, index, sideways_before, sideways)
        if sideways:
            sideways_before += 1
        mark = "claim" if entry.tile == show.claimable else "tsumogiri" if entry.tsumogiri else ""
        turns = (rel + (1 if sideways else 0)) % 4
        key = ("r", entry.tile)
        sprites[key] = Sprite(key, box, entry.tile, layout.river_h, turns, Z_RIVER + index, mark)
        index += 1


def _meld_slots(meld: Meld) -> list[tuple[int, bool, bool]]:
    """(tile, sideways, stacked on the previous) left to right as the owner sees the meld."""
    tiles = sorted(meld.tiles)
    if meld.type is MeldType.ANKAN:
        return [(tile, False, False) for tile in tiles]
    called = meld.called if meld.called is not None else tiles[0]
    rest = [tile for tile in tiles if tile != called]
    added: int | None = None
    if meld.type is MeldType.SHOUMINKAN:
        added = rest.pop()  # the fourth tile lies on the sideways one
    slot = {3: 0, 2: 1, 1: len(rest)}.get(meld.from_seat or 3, 0)
    row: list[tuple[int, bool, bool]] = [(tile, False, False) for tile in rest]
    row.insert(slot, (called, True, False))
    if added is not None:
        row.insert(slot + 1, (added, True, True))
    return row


def _add_melds(
    sprites: dict[Hashable, Sprite],
    layout: TableLayout,
    seat: int,
    rel: int,
    melds: tuple[Meld, ...],
    kita: tuple[int, ...],
) -> None:
    """Lay out melds from the owner's right edge leftward, kita and flowers set aside beside them."""
    own = rel == 0
    height = layout.meld_h if own else layout.other_h
    width = tile_width(height)
    frame = layout.frame(rel)
    # the bottom row is in screen coordinates; the others in their seat frame
    right = float(layout.meld_right) if own else layout.opponent_meld_origin(rel)
    v_base = float(layout.hand_y + layout.hand_h - height) if own else float(layout.hand_v)
    if not own:
        v_base += layout.other_h - height
    for meld_index, meld in enumerate(melds):
        row = _meld_slots(meld)
        span = sum(height if sideways and not stacked else width for _, sideways, stacked in row)
        left = right - span
        u = left
        for tile_index, (tile, sideways, stacked) in enumerate(row):
            hidden = meld.type is MeldType.ANKAN and tile_index in (0, 3)
            if stacked:
                u -= height  # back onto the sideways tile below it
                v = v_base - width
            elif sideways:
                v = v_base + height - width
            else:
                v = v_base
            w, h = (height, width) if sideways else (width, height)
            box = Box(round(u), round(v), round(w), round(h)) if own else frame.box(u, v, w, h)
            turns = (rel + (1 if sideways else 0)) % 4
            key = ("m", tile)
            sprites[key] = Sprite(
                key, box, None if hidden else tile, height, turns, Z_MELD + meld_index * 5 + tile_index
            )
            u += w
        right = left - height * 0.12
    if kita:
        for index, tile in enumerate(kita):
            u = right - (index + 1) * width * 0.55 - width * 0.5
            v = v_base - height * 0.15
            box = Box(round(u), round(v), width, height) if own else frame.box(u, v, width, height)
            key = ("k", tile)
            sprites[key] = Sprite(key, box, tile, height, rel, Z_MELD + 30 + index)


def _add_hand(sprites: dict[Hashable, Sprite], show: Show, layout: TableLayout, seat: int, rel: int) -> None:
    view = show.view
    face_up = seat in show.hands
    tiles: list[int | None]
    apart = False  # the last tile sits apart: just drawn (or, face down, the 3n+2nd tile held)
    if show.dealt is not None:
        count = show.dealt[seat]
        tiles = list(show.hands[seat][:count]) if face_up else [None] * count
    elif face_up:
        drawn = show.drawn.get(seat)
        hand = list(show.hands[seat])
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
            hand.append(drawn)
            apart = True
        tiles = list(hand)
    else:
        tiles = [None] * view.players[seat].concealed
        apart = len(tiles) % 3 == 2
    if rel == 0:
        for index, tile in enumerate(tiles):
            box = layout.hand_tile_box(index, len(tiles), apart)
            key = ("h", tile) if tile is not None else ("b", seat, index)
            sprites[key] = Sprite(key, box, tile, layout.hand_h, 0, Z_HAND + index)
        return
    for index, tile in enumerate(tiles):
        standing = tile is None
        box = layout.opponent_tile_box(rel, index, len(tiles), apart and index == len(tiles) - 1, standing)
        key = ("h", tile) if tile is not None else ("b", seat, index)
        sprites[key] = Sprite(key, box, tile, layout.other_h, rel, Z_HAND + index, standing=standing)
