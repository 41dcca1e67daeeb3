"""The wall: a seeded shuffle, the deal, live draws, the 14-tile dead wall with replacements and indicators.

Layout (RULES.md §1.3 engine model): ``tiles`` holds every tile in draw order. The deal takes 13 per seat
from the front, starting with the dealer; live draws follow. The last 14 tiles are the dead wall: its first
four are the replacement (rinshan) tiles, then five dora indicators, then the five ura indicators beneath. A
replacement draw moves the live wall's last tile to the dead wall, so the live wall ends one tile earlier; the
fifth and later replacement draws (three players' kita) take those moved tiles in turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.tiles import THREE_PLAYER_ABSENT

DEAD_WALL = 14
RINSHAN_SLOTS = 4
DORA_OFFSET = 4
URA_OFFSET = 9
HAND_SIZE = 13


class WallError(ValueError):
    """A wall that cannot be used: wrong size, a tile twice, or more replacement draws than there are."""


@dataclass(frozen=True)
class Wall:
    """Every tile of one hand in draw order, and the dice that were rolled for it."""

    tiles: tuple[int, ...]
    players: int = 4
    dice: tuple[int, int] = (1, 1)

    def __post_init__(self) -> None:
        expected = tile_set(self.players)
        if sorted(self.tiles) != list(expected):
            raise WallError(
                f"a {self.players}-player wall needs each of its {len(expected)} tiles exactly once"
            )

    @property
    def size(self) -> int:
        """How many tiles the wall holds (136, or 108 with three players)."""
        return len(self.tiles)

    def hand(self, offset: int) -> tuple[int, ...]:
        """The 13 tiles dealt to the seat ``offset`` places after the dealer."""
        start = HAND_SIZE * offset
        return self.tiles[start : start + HAND_SIZE]

    def live_tile(self, draw: int) -> int:
        """The ``draw``-th live draw after the deal (0 is the dealer's 14th tile)."""
        return self.tiles[HAND_SIZE * self.players + draw]

    def live_draws(self, replacements: int) -> int:
        """How many live draws the hand has in all, after ``replacements`` replacement draws."""
        return self.size - DEAD_WALL - HAND_SIZE * self.players - replacements

    def rinshan_tile(self, index: int) -> int:
        """The ``index``-th replacement tile of the hand (0-based)."""
        if index < RINSHAN_SLOTS:
            return self.tiles[self.size - DEAD_WALL + index]
        moved = index - RINSHAN_SLOTS
        if moved >= 4:
            raise WallError("no replacement tile is left")
        return self.tiles[self.size - DEAD_WALL - 1 - moved]

    def dora_indicator(self, index: int) -> int:
        """The ``index``-th dora indicator (0 is the first, 1-4 the kan dora)."""
        return self.tiles[self.size - DEAD_WALL + DORA_OFFSET + index]

    def ura_indicator(self, index: int) -> int:
        """The ura indicator beneath the ``index``-th dora indicator."""
        return self.tiles[self.size - DEAD_WALL + URA_OFFSET + index]


def tile_set(players: int) -> tuple[int, ...]:
    """Every tile id of the set: 136 tiles, or 108 without 2m-8m for three players."""
    if players == 3:
        return tuple(tile for tile in range(136) if tile >> 2 not in THREE_PLAYER_ABSENT)
    return tuple(range(136))


def shuffled_wall(seed: int, players: int = 4) -> Wall:
    """A wall shuffled from a seed alone (its own generator: no global random state)."""
    rng = random.Random(seed)
    tiles = list(tile_set(players))
    rng.shuffle(tiles)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return Wall(tuple(tiles), players, dice)


def arranged_wall(
    players: int,
    hands: Sequence[Sequence[int]],
    *,
    dealer: int = 0,
    draws: Sequence[int] = (),
    rinshan: Sequence[int] = (),
    dora: Sequence[int] = (),
    ura: Sequence[int] = (),
) -> Wall:
    """A wall with these tiles in place and every other tile after them in id order (scenarios and replays).

    ``hands`` are by seat (13 each), ``draws`` the live draws in order (the dealer's 14th first), ``rinshan``
    the replacement tiles in order, ``dora``/``ura`` the indicators in order.
    """
    size = len(tile_set(players))
    slots: list[int | None] = [None] * size
    for offset in range(players):
        hand = hands[(dealer + offset) % players]
        if len(hand) != HAND_SIZE:
            raise WallError(f"seat {(dealer + offset) % players} needs 13 tiles, got {len(hand)}")
        slots[HAND_SIZE * offset : HAND_SIZE * (offset + 1)] = list(hand)
    dead = size - DEAD_WALL
    first_live = HAND_SIZE * players
    moved = max(0, len(rinshan) - RINSHAN_SLOTS)
    if first_live + len(draws) > dead - moved or len(rinshan) > RINSHAN_SLOTS + 4:
        raise WallError(f"{len(draws)} live draws and {len(rinshan)} replacement tiles do not fit the wall")
    if len(dora) > 5 or len(ura) > 5:
        raise WallError("at most 5 dora and 5 ura indicators")
    slots[first_live : first_live + len(draws)] = list(draws)
    for index, tile in enumerate(rinshan):
        slots[dead + index if index < RINSHAN_SLOTS else dead - 1 - (index - RINSHAN_SLOTS)] = tile
    for index, tile in enumerate(dora):
        slots[dead + DORA_OFFSET + index] = tile
    for index, tile in enumerate(ura):
        slots[dead + URA_OFFSET + index] = tile
    placed = [tile for tile in slots if tile is not None]
    if len(set(placed)) != len(placed):
        repeated = sorted({tile for tile in placed if placed.count(tile) > 1})
        raise WallError(f"tile ids placed twice: {repeated[:5]}")
    if not set(placed) <= set(tile_set(players)):
        strangers = sorted(set(placed) - set(tile_set(players)))
        raise WallError(f"tile ids that are not in the {players}-player set: {strangers[:5]}")
    rest = iter(sorted(set(tile_set(players)) - set(placed)))
    return Wall(tuple(tile if tile is not None else next(rest) for tile in slots), players)
