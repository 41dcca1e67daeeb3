"""The wall: a seeded shuffle, the deal, live draws, the 14-tile dead wall with replacements and indicators.

Layout (RULES.md §1.3 engine model): ``tiles`` holds every tile in draw order. The deal takes 13 per seat
from the front, starting with the dealer; live draws follow. The last 14 tiles are the dead wall: its first
four are the replacement (rinshan) tiles, then five dora indicators, then the five ura indicators beneath. A
replacement draw moves the live wall's last tile to the dead wall, so the live wall ends one tile earlier; the
fifth and later replacement draws (three players' kita) take those moved tiles in turn.

With flowers (RULES.md §1.1, 140 tiles) the dead wall is 18 tiles: eight replacement tiles, so the first dora
indicator is the top tile of the fifth stack, then the five indicators and the five ura indicators. The live
wall keeps its 70 draws; every replacement draw still ends it one tile earlier.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.tiles import FLOWER_IDS, THREE_PLAYER_ABSENT

DEAD_WALL = 14
RINSHAN_SLOTS = 4
DORA_OFFSET = 4
URA_OFFSET = 9
HAND_SIZE = 13
FLOWER_RINSHAN_SLOTS = 8  # four kans and four flowers: the dora indicator moves to the fifth stack
MOVED_REPLACEMENTS = (
    4  # replacement draws past the slots take the live wall's last tiles (three players' kita)
)


def dead_wall_size(flowers: bool) -> int:
    """The dead wall's tiles: 14, or 18 with flowers."""
    return DEAD_WALL + (FLOWER_RINSHAN_SLOTS - RINSHAN_SLOTS if flowers else 0)


def rinshan_slots(flowers: bool) -> int:
    """The replacement tiles lying in the dead wall before the first dora indicator."""
    return FLOWER_RINSHAN_SLOTS if flowers else RINSHAN_SLOTS


class WallError(ValueError):
    """A wall that cannot be used: wrong size, a tile twice, or more replacement draws than there are."""


@dataclass(frozen=True)
class Wall:
    """Every tile of one hand in draw order, and the dice that were rolled for it."""

    tiles: tuple[int, ...]
    players: int = 4
    dice: tuple[int, int] = (1, 1)
    flowers: bool = False
    # Positions fixed by the set, worked out once (the engine asks for the live draws at every step).
    _dead: int = field(init=False, repr=False, compare=False)  # where the dead wall starts
    _live: int = field(init=False, repr=False, compare=False)  # live draws before any replacement
    _slots: int = field(init=False, repr=False, compare=False)  # replacement tiles before the indicators

    def __post_init__(self) -> None:
        expected = tile_set(self.players, self.flowers)
        if sorted(self.tiles) != list(expected):
            with_flowers = " with flowers" if self.flowers else ""
            raise WallError(
                f"a {self.players}-player wall{with_flowers} needs each of its {len(expected)} tiles "
                "exactly once"
            )
        dead = len(self.tiles) - dead_wall_size(self.flowers)
        object.__setattr__(self, "_dead", dead)
        object.__setattr__(self, "_live", dead - HAND_SIZE * self.players)
        object.__setattr__(self, "_slots", rinshan_slots(self.flowers))

    @property
    def size(self) -> int:
        """How many tiles the wall holds (136, or 108 with three players; 4 more with flowers)."""
        return len(self.tiles)

    @property
    def dead_wall(self) -> int:
        """The dead wall's size (14, or 18 with flowers)."""
        return dead_wall_size(self.flowers)

    def hand(self, offset: int) -> tuple[int, ...]:
        """The 13 tiles dealt to the seat ``offset`` places after the dealer."""
        start = HAND_SIZE * offset
        return self.tiles[start : start + HAND_SIZE]

    def live_tile(self, draw: int) -> int:
        """The ``draw``-th live draw after the deal (0 is the dealer's 14th tile)."""
        return self.tiles[HAND_SIZE * self.players + draw]

    def live_draws(self, replacements: int) -> int:
        """How many live draws the hand has in all, after ``replacements`` replacement draws."""
        return self._live - replacements

    def rinshan_tile(self, index: int) -> int:
        """The ``index``-th replacement tile of the hand (0-based)."""
        dead, slots = self._dead, self._slots
        if index < slots:
            return self.tiles[dead + index]
        moved = index - slots
        if moved >= MOVED_REPLACEMENTS:
            raise WallError("no replacement tile is left")
        return self.tiles[dead - 1 - moved]

    def dora_indicator(self, index: int) -> int:
        """The ``index``-th dora indicator (0 is the first, 1-4 the kan dora)."""
        return self.tiles[self._dead + self._slots + index]

    def ura_indicator(self, index: int) -> int:
        """The ura indicator beneath the ``index``-th dora indicator."""
        return self.tiles[self._dead + self._slots + 5 + index]


def tile_set(players: int, flowers: bool = False) -> tuple[int, ...]:
    """Every tile id of the set: 136 tiles, or 108 without 2m-8m for three players; and the four flowers."""
    extra = FLOWER_IDS if flowers else ()
    if players == 3:
        return (*(tile for tile in range(136) if tile >> 2 not in THREE_PLAYER_ABSENT), *extra)
    return (*range(136), *extra)


def shuffled_wall(seed: int, players: int = 4, flowers: bool = False) -> Wall:
    """A wall shuffled from a seed alone (its own generator: no global random state)."""
    rng = random.Random(seed)
    tiles = list(tile_set(players, flowers))
    rng.shuffle(tiles)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return Wall(tuple(tiles), players, dice, flowers)


def arranged_wall(
    players: int,
    hands: Sequence[Sequence[int]],
    *,
    dealer: int = 0,
    draws: Sequence[int] = (),
    rinshan: Sequence[int] = (),
    dora: Sequence[int] = (),
    ura: Sequence[int] = (),
    flowers: bool = False,
) -> Wall:
    """A wall with these tiles in place and every other tile after them in id order (scenarios and replays).

    ``hands`` are by seat (13 each), ``draws`` the live draws in order (the dealer's 14th first), ``rinshan``
    the replacement tiles in order, ``dora``/``ura`` the indicators in order; ``flowers`` adds the four
    flowers to the set (and the dead wall grows to 18).
    """
    everything = tile_set(players, flowers)
    size = len(everything)
    slots_before_dora = rinshan_slots(flowers)
    slots: list[int | None] = [None] * size
    for offset in range(players):
        hand = hands[(dealer + offset) % players]
        if len(hand) != HAND_SIZE:
            raise WallError(f"seat {(dealer + offset) % players} needs 13 tiles, got {len(hand)}")
        slots[HAND_SIZE * offset : HAND_SIZE * (offset + 1)] = list(hand)
    dead = size - dead_wall_size(flowers)
    first_live = HAND_SIZE * players
    moved = max(0, len(rinshan) - slots_before_dora)
    if first_live + len(draws) > dead - moved or len(rinshan) > slots_before_dora + MOVED_REPLACEMENTS:
        raise WallError(f"{len(draws)} live draws and {len(rinshan)} replacement tiles do not fit the wall")
    if len(dora) > 5 or len(ura) > 5:
        raise WallError("at most 5 dora and 5 ura indicators")
    slots[first_live : first_live + len(draws)] = list(draws)
    for index, tile in enumerate(rinshan):
        moved_index = dead - 1 - (index - slots_before_dora)
        slots[dead + index if index < slots_before_dora else moved_index] = tile
    for index, tile in enumerate(dora):
        slots[dead + slots_before_dora + index] = tile
    for index, tile in enumerate(ura):
        slots[dead + slots_before_dora + 5 + index] = tile
    placed = [tile for tile in slots if tile is not None]
    if len(set(placed)) != len(placed):
        repeated = sorted({tile for tile in placed if placed.count(tile) > 1})
        raise WallError(f"tile ids placed twice: {repeated[:5]}")
    if not set(placed) <= set(everything):
        strangers = sorted(set(placed) - set(everything))
        raise WallError(f"tile ids that are not in the {players}-player set: {strangers[:5]}")
    rest = iter(sorted(set(everything) - set(placed)))
    return Wall(tuple(tile if tile is not None else next(rest) for tile in slots), players, flowers=flowers)
