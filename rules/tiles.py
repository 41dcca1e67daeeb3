"""Tiles: the 34 kinds, the 136 tile ids with their red fives, the flowers, and mpsz notation in and out.

Kinds 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 E S W N haku hatsu chun. A tile id is ``kind * 4 + copy``;
red fives take the lowest copies of a five (ids 16, 52, 88 with one red five per suit, as Tenhou has them).
The four flowers of the boxed game's option (RULES.md §1.1) are ids 136-139 (``1f``-``4f``: spring, summer,
autumn, winter). They belong to no kind: they are never counted in a 34-count and never form a set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

KIND_COUNT = 34
TILE_COUNT = 136
FLOWER_IDS = (136, 137, 138, 139)
FLOWER_SUIT = "f"
SUITS = "mpsz"
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
FIVES = (4, 13, 22)
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + tuple(range(27, 34))
# 2m-8m are taken out of the three-player set (seed [000], RULES.md §10).
THREE_PLAYER_ABSENT = tuple(range(1, 8))
WIND_LETTERS = "ESWN"
STANDARD_RED_FIVES = (1, 1, 1)


class NotationError(ValueError):
    """Tile notation that cannot be read; the message says what is wrong and where."""


def kind_of(tile: int) -> int:
    """The kind (0..33) of a tile id.

    >>> kind_of(16), kind_of(135)
    (4, 33)
    """
    return tile >> 2


def is_flower(tile: int) -> bool:
    """Whether a tile id is one of the four flowers.

    >>> is_flower(135), is_flower(136)
    (False, True)
    """
    return tile >= TILE_COUNT


def without_flowers(tiles: Iterable[int]) -> tuple[int, ...]:
    """The tiles that are not flowers (a hand may hold a flower it has not set aside yet)."""
    return tuple(tile for tile in tiles if tile < TILE_COUNT)


def tile_name(tile: int) -> str:
    """The mpsz name of a tile id: its kind's name, or ``1f``-``4f`` for a flower.

    >>> tile_name(16), tile_name(138)
    ('5m', '3f')
    """
    if is_flower(tile):
        return f"{tile - TILE_COUNT + 1}{FLOWER_SUIT}"
    return kind_name(tile >> 2)


def suit_of(kind: int) -> int:
    """The suit index of a kind: 0 m, 1 p, 2 s, 3 honors."""
    return kind // 9


def is_honor(kind: int) -> bool:
    """Whether a kind is a wind or a dragon."""
    return kind >= 27


def is_terminal_or_honor(kind: int) -> bool:
    """Whether a kind is a 1, a 9 or an honor (a yaochuu tile)."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_red(tile: int, red_fives: Sequence[int] = STANDARD_RED_FIVES) -> bool:
    """Whether a tile id is a red five under a per-suit red five count (m, p, s).

    >>> is_red(16), is_red(17), is_red(17, (2, 1, 1))
    (True, False, True)
    """
    kind = tile >> 2
    if kind not in FIVES:
        return False
    return (tile & 3) < red_fives[kind // 9]


def kind_name(kind: int) -> str:
    """The mpsz name of a kind, e.g. ``3m`` or ``7z``."""
    if not 0 <= kind < KIND_COUNT:
        raise ValueError(f"no tile kind {kind}")
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def dora_from_indicator(indicator_kind: int, three_player: bool = False) -> int:
    """The dora kind an indicator points at (9 wraps to 1, winds and dragons cycle, 1m -> 9m in 3-player).

    >>> [kind_name(dora_from_indicator(k)) for k in (8, 30, 33)]
    ['1m', '1z', '5z']
    """
    if indicator_kind >= 31:
        return 31 + (indicator_kind - 30) % 3
    if indicator_kind >= 27:
        return 27 + (indicator_kind - 26) % 4
    if three_player and indicator_kind in (0, 8):
        return 8 - indicator_kind
    return indicator_kind // 9 * 9 + (indicator_kind % 9 + 1) % 9


def parse_kinds(text: str) -> list[tuple[int, bool]]:
    """Read mpsz notation into (kind, is_red) pairs, in written order; spaces are allowed between groups.

    >>> parse_kinds("40p1z")
    [(12, False), (13, True), (27, False)]
    """
    result: list[tuple[int, bool]] = []
    pending: list[tuple[int, int]] = []  # (digit, 1-based position)
    for position, char in enumerate(text, start=1):
        if char.isdigit():
            pending.append((int(char), position))
        elif char in SUITS:
            if not pending:
                raise NotationError(f"suit '{char}' at position {position} has no digits before it")
            suit = SUITS.index(char)
            for digit, digit_position in pending:
                result.append(_kind_for(digit, suit, digit_position))
            pending = []
        elif char == FLOWER_SUIT:
            raise NotationError(
                f"a flower (1f-4f) at position {position}: flowers are set aside, never part of a hand"
            )
        elif char.isspace():
            if pending:
                raise NotationError(f"digits before position {position} have no suit letter")
        else:
            raise NotationError(f"unknown suit '{char}' at position {position}")
    if pending:
        raise NotationError(f"digits at position {pending[0][1]} have no suit letter")
    return result


def _kind_for(digit: int, suit: int, position: int) -> tuple[int, bool]:
    if suit == 3:
        if not 1 <= digit <= 7:
            raise NotationError(f"no honor tile {digit}z at position {position} (honors are 1z-7z)")
        return 27 + digit - 1, False
    if digit == 0:
        return suit * 9 + 4, True
    return suit * 9 + digit - 1, False


def parse_tiles(text: str) -> tuple[int, ...]:
    """Read mpsz notation into tile ids; red fives take the lowest copies, plain fives the highest.

    Flowers are written ``1f``-``4f`` and read as their own ids (136-139), each at most once.

    >>> parse_tiles("550m")
    (19, 18, 16)
    >>> parse_tiles("1m24f")
    (3, 137, 139)
    """
    if FLOWER_SUIT not in text:
        return assign_ids(parse_kinds(text))
    flowers, rest = split_flowers(text)
    others = iter(assign_ids(parse_kinds(rest)))
    # back into written order: a flower group's digits stand where its tiles were written
    order: list[int] = []
    flower_iter = iter(flowers)
    pending = 0
    for char in text:
        if char.isdigit():
            pending += 1
        elif char == FLOWER_SUIT:
            order.extend(next(flower_iter) for _ in range(pending))
            pending = 0
        elif char in SUITS:
            order.extend(next(others) for _ in range(pending))
            pending = 0
    return tuple(order)


def parse_flowers(text: str) -> tuple[int, ...]:
    """Read flowers alone (``13f``) into their ids; anything else is a NotationError."""
    flowers, rest = split_flowers(text)
    if rest.strip():
        raise NotationError(f"'{text}' holds tiles that are not flowers (flowers are 1f-4f)")
    return flowers


def split_flowers(text: str) -> tuple[tuple[int, ...], str]:
    """The flower ids written in ``text`` and the text with their groups blanked out (positions kept)."""
    flowers: list[int] = []
    chars = list(text)
    start = 0
    for position, char in enumerate(text):
        if char.isdigit():
            continue
        if char == FLOWER_SUIT:
            digits = text[start:position]
            if not digits:
                raise NotationError(f"suit 'f' at position {position + 1} has no digits before it")
            for offset, digit in enumerate(digits):
                if not "1" <= digit <= "4":
                    where = start + offset + 1
                    raise NotationError(f"no flower {digit}f at position {where} (flowers are 1f-4f)")
                tile = TILE_COUNT + int(digit) - 1
                if tile in flowers:
                    raise NotationError(f"flower {digit}f twice (there is one of each)")
                flowers.append(tile)
            chars[start : position + 1] = " " * (position + 1 - start)
        start = position + 1
    return tuple(flowers), "".join(chars)


def assign_ids(kinds: Iterable[tuple[int, bool]]) -> tuple[int, ...]:
    """Give each (kind, is_red) pair its own tile id; more than 4 copies of a kind raise NotationError."""
    next_red = [0] * KIND_COUNT
    next_plain = [3] * KIND_COUNT
    ids: list[int] = []
    for kind, red in kinds:
        if next_red[kind] > next_plain[kind]:
            raise NotationError(f"5 copies of {kind_name(kind)}")
        if red:
            ids.append(kind * 4 + next_red[kind])
            next_red[kind] += 1
        else:
            ids.append(kind * 4 + next_plain[kind])
            next_plain[kind] -= 1
    return tuple(ids)


def parse_tile(text: str) -> int:
    """Read exactly one tile, e.g. ``0p``."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {len(tiles)} in '{text}'")
    return tiles[0]


def format_tiles(tiles: Iterable[int], red_fives: Sequence[int] = STANDARD_RED_FIVES) -> str:
    """Write tile ids in sorted mpsz notation, red fives as 0.

    >>> format_tiles(parse_tiles("406p789s123m11z"))
    '123m406p789s11z'
    """
    ordered = sorted(tiles, key=lambda tile: (tile >> 2, not is_red(tile, red_fives), tile))
    flowers = [tile for tile in ordered if is_flower(tile)]
    if flowers:
        ordered = ordered[: -len(flowers)]
    groups: list[str] = []
    digits: list[str] = []
    current_suit = -1
    for tile in ordered:
        kind = tile >> 2
        suit = kind // 9
        if suit != current_suit and digits:
            groups.append("".join(digits) + SUITS[current_suit])
            digits = []
        current_suit = suit
        digits.append("0" if is_red(tile, red_fives) else str(kind % 9 + 1))
    if digits:
        groups.append("".join(digits) + SUITS[current_suit])
    if flowers:
        groups.append("".join(str(tile - TILE_COUNT + 1) for tile in flowers) + FLOWER_SUIT)
    return "".join(groups)


def format_kinds(kinds: Iterable[int]) -> str:
    """Write kinds (no red fives) in sorted mpsz notation."""
    return format_tiles((kind * 4 + 3 for kind in kinds), red_fives=(0, 0, 0))


def to_counts(tiles: Iterable[int]) -> list[int]:
    """The 34-count of a collection of tile ids."""
    counts = [0] * KIND_COUNT
    for tile in tiles:
        counts[tile >> 2] += 1
    return counts


def counts_from_kinds(kinds: Iterable[int]) -> list[int]:
    """The 34-count of a collection of kinds."""
    counts = [0] * KIND_COUNT
    for kind in kinds:
        counts[kind] += 1
    return counts
