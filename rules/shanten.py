"""Hand analysis: shanten (regular, chiitoitsu, kokushi), tenpai and waits, ukeire and discard options.

Hands are 34-counts of concealed tiles; a 3n+1 / 3n+2 hand implies (14 - tiles) // 3 open melds. Shanten is
exact (never counting on a 5th copy of a kind, so 0 is tenpai as RULES.md §7.3 has it), cached per group.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import suit_table
from rules.suit_table import ID_LIMIT, combine, honor_state, regular_shanten_of, suit_state, whole_hand
from rules.tiles import KIND_COUNT, TERMINALS_AND_HONORS, THREE_PLAYER_ABSENT

# A group's cached value packs its state id above FIELD_BITS and five additive tallies below, so that adding
# the values of two groups adds their tallies and forms the key of their combined state at the same time.
FIELD_BITS = 28
FIELD_MASK = (1 << FIELD_BITS) - 1
_TILES_SHIFT, _PAIRS_SHIFT, _KINDS_SHIFT, _YAOCHUU_SHIFT, _YAOCHUU_PAIR_SHIFT = 0, 8, 14, 20, 24

# Group values: m and s suits are "left" groups (state id pre-multiplied by ID_LIMIT), p and honors "right".
_LEFT: dict[bytes, int] = {}
_LEFT_THREE_PLAYER: dict[bytes, int] = {}
_RIGHT: dict[bytes, int] = {}
_HONORS: dict[bytes, int] = {}
# Combined states: (left id * ID_LIMIT + right id) -> id, pre-multiplied for the m+p half.
_PAIR_LEFT: dict[int, int] = {}
_PAIR_RIGHT: dict[int, int] = {}
# (m+p id * ID_LIMIT + s+z id) -> whole-hand result id << FIELD_BITS (`suit_table.whole_hand`)
_TOTAL: dict[int, int] = {}
# whole-hand result id << FIELD_BITS | tallies -> shanten over all forms / regular shanten
_FINAL: dict[int, int] = {}
_FINAL_REGULAR: dict[int, int] = {}


@dataclass(frozen=True)
class DiscardOption:
    """One discard from a 3n+2 hand: the shanten left, the draws that would lower it, their unseen copies."""

    discard: int
    shanten: int
    ukeire: tuple[tuple[int, int], ...]
    total: int


def _suit_tallies(counts: bytes) -> int:
    """Packed tallies of a suit: tiles, kinds held 2+ times, kinds held, 1 and 9 held (and held 2+ times)."""
    zeros = counts.count(0)
    kinds = 9 - zeros
    pairs = kinds - counts.count(1)
    low, high = counts[0], counts[8]
    return (
        (sum(counts) << _TILES_SHIFT)
        | (pairs << _PAIRS_SHIFT)
        | (kinds << _KINDS_SHIFT)
        | (((low > 0) + (high > 0)) << _YAOCHUU_SHIFT)
        | (((low > 1) + (high > 1)) << _YAOCHUU_PAIR_SHIFT)
    )


def _suit_value(counts: bytes) -> int:
    """A number suit's value for the right-hand slot (p), also filling the left-hand slot's cache (m, s)."""
    value = _RIGHT.get(counts)
    if value is None:
        state = suit_state(counts)
        tallies = _suit_tallies(counts)
        value = (state << FIELD_BITS) | tallies
        _RIGHT[counts] = value
        _LEFT[counts] = ((state * ID_LIMIT) << FIELD_BITS) | tallies
    return value


def _left_value(counts: bytes, three_player: bool) -> int:
    if not three_player:
        _suit_value(counts)
        return _LEFT[counts]
    value = _LEFT_THREE_PLAYER.get(counts)
    if value is None:
        if any(counts[1:8]):
            raise ValueError("2m-8m are not used with three players")
        # Without 2m-8m, 1m and 9m never join a sequence: they are read like honors.
        state = honor_state(counts[0:1] + counts[8:9])
        value = ((state * ID_LIMIT) << FIELD_BITS) | _suit_tallies(counts)
        _LEFT_THREE_PLAYER[counts] = value
    return value


def _honor_value(counts: bytes) -> int:
    value = _HONORS.get(counts)
    if value is None:
        kinds = 7 - counts.count(0)
        pairs = kinds - counts.count(1)
        tallies = (  # every honor is a yaochuu kind
            (sum(counts) << _TILES_SHIFT)
            | (pairs << _PAIRS_SHIFT)
            | (kinds << _KINDS_SHIFT)
            | (kinds << _YAOCHUU_SHIFT)
            | (pairs << _YAOCHUU_PAIR_SHIFT)
        )
        value = (honor_state(counts) << FIELD_BITS) | tallies
        _HONORS[counts] = value
    return value


def _group_values(hand: bytes, three_player: bool) -> tuple[int, int]:
    """The m+p and s+honors sums of group values, building the groups not cached yet."""
    if len(hand) != KIND_COUNT:
        raise ValueError(f"a hand needs 34 counts, got {len(hand)}")
    first = _left_value(hand[0:9], three_player) + _suit_value(hand[9:18])
    second = _left_value(hand[18:27], False) + _honor_value(hand[27:34])
    return first, second


def _total_state(first: int, second: int) -> int:
    """Whole-hand result id << FIELD_BITS from the two half sums, combining the states not cached yet."""
    tiles = (((first + second) & FIELD_MASK) >> _TILES_SHIFT) & 0xFF
    if tiles > suit_table.MAX_TILES:
        raise ValueError(f"a hand holds at most 14 tiles, got {tiles}")
    ids = first >> FIELD_BITS
    half_left = _PAIR_LEFT.get(ids)
    if half_left is None:
        half_left = combine(ids // ID_LIMIT, ids % ID_LIMIT) * ID_LIMIT
        _PAIR_LEFT[ids] = half_left
    ids = second >> FIELD_BITS
    half_right = _PAIR_RIGHT.get(ids)
    if half_right is None:
        half_right = combine(ids // ID_LIMIT, ids % ID_LIMIT)
        _PAIR_RIGHT[ids] = half_right
    total = _TOTAL.get(half_left + half_right)
    if total is None:
        total = whole_hand(half_left // ID_LIMIT, half_right) << FIELD_BITS
        _TOTAL[half_left + half_right] = total
    return total


def _total_key(hand: bytes, three_player: bool) -> int:
    """Whole-hand result id << FIELD_BITS | tallies, filling every cache on the way."""
    first, second = _group_values(hand, three_player)
    return _total_state(first, second) + ((first + second) & FIELD_MASK)


def _hand_size(key: int) -> int:
    return (key >> _TILES_SHIFT) & 0xFF


def _final(key: int) -> int:
    """Shanten over all shapes for a whole-hand key, caching it with the regular-only value."""
    tiles = _hand_size(key)
    if tiles > 14 or tiles % 3 == 0:
        raise ValueError(f"a hand of {tiles} tiles is neither 3n+1 nor 3n+2 (at most 14)")
    best = regular_shanten_of(key >> FIELD_BITS, (14 - tiles) // 3)
    _FINAL_REGULAR[key] = best
    if tiles >= 13:
        pairs = min((key >> _PAIRS_SHIFT) & 0x3F, 7)
        singles = min(((key >> _KINDS_SHIFT) & 0x3F) - pairs, 7 - pairs)
        kokushi = 13 - ((key >> _YAOCHUU_SHIFT) & 0xF) - (1 if (key >> _YAOCHUU_PAIR_SHIFT) & 0xF else 0)
        best = min(best, 13 - 2 * pairs - singles, kokushi)
    _FINAL[key] = best
    return best


def shanten(counts: Sequence[int], *, three_player: bool = False) -> int:
    """Shanten over regular, chiitoitsu and kokushi shapes (the last two at 13-14 tiles); -1 is complete.

    Exact: one less than the fewest tiles to add for a complete hand with at most 4 copies of each kind, so
    a 3n+1 hand has shanten 0 exactly when `is_tenpai` (a wait only on a 5th copy is no wait, RULES.md §7.3).

    >>> shanten([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25)
    0
    """
    hand = bytes(counts)
    # Each stage falls back on its own builder, so a cache miss costs only the part not seen before.
    try:
        if three_player:
            first = _LEFT_THREE_PLAYER[hand[0:9]] + _RIGHT[hand[9:18]]
        else:
            first = _LEFT[hand[0:9]] + _RIGHT[hand[9:18]]
        second = _LEFT[hand[18:27]] + _HONORS[hand[27:]]
    except KeyError:
        first, second = _group_values(hand, three_player)
    try:
        key = _TOTAL[_PAIR_LEFT[first >> FIELD_BITS] + _PAIR_RIGHT[second >> FIELD_BITS]]
    except KeyError:
        key = _total_state(first, second)
    key += (first + second) & FIELD_MASK
    try:
        return _FINAL[key]
    except KeyError:
        return _final(key)


def shanten_regular(counts: Sequence[int], *, three_player: bool = False) -> int:
    """Shanten of the regular shape (melds and a pair) only, exact as `shanten` is."""
    key = _total_key(bytes(counts), three_player)
    found = _FINAL_REGULAR.get(key)
    if found is None:
        _final(key)
        found = _FINAL_REGULAR[key]
    return found


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten of the seven-pairs shape (seven different kinds; four of a kind is not two pairs)."""
    _check_closed_size(counts)
    pairs = min(sum(1 for count in counts if count >= 2), 7)
    singles = min(sum(1 for count in counts if count == 1), 7 - pairs)
    return 13 - 2 * pairs - singles


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten of kokushi musou (thirteen orphans)."""
    _check_closed_size(counts)
    kinds = sum(1 for kind in TERMINALS_AND_HONORS if counts[kind])
    has_pair = any(counts[kind] >= 2 for kind in TERMINALS_AND_HONORS)
    return 13 - kinds - (1 if has_pair else 0)


def _check_closed_size(counts: Sequence[int]) -> None:
    if len(counts) != KIND_COUNT:
        raise ValueError(f"a hand needs 34 counts, got {len(counts)}")
    tiles = sum(counts)
    if tiles not in (13, 14) or min(counts) < 0 or max(counts) > 4:
        raise ValueError(f"chiitoitsu and kokushi need a closed hand of 13 or 14 tiles, got {list(counts)}")


def is_complete(counts: Sequence[int]) -> bool:
    """Whether a 3n+2 hand is a complete shape (melds and a pair, chiitoitsu or kokushi); 3n+1 never is."""
    return shanten(counts) == -1


def _drawable(kind: int, three_player: bool) -> bool:
    return not (three_player and kind in THREE_PLAYER_ABSENT)


def _after_each_draw(hand: bytes, three_player: bool) -> list[tuple[int, int]]:
    """(kind, shanten with one more of that kind) for each kind that can still be drawn into this hand."""
    result: list[tuple[int, int]] = []
    for kind in range(KIND_COUNT):
        count = hand[kind]
        if count >= 4 or not _drawable(kind, three_player):
            continue
        drawn = hand[:kind] + _NEXT_COUNT[count] + hand[kind + 1 :]
        result.append((kind, shanten(drawn, three_player=three_player)))
    return result


_NEXT_COUNT = tuple(bytes((count + 1,)) for count in range(4))


def _require_draw_size(hand: bytes, three_player: bool) -> int:
    """Shanten of a 3n+1 hand, raising ValueError for any other size."""
    if _hand_size(_total_key(hand, three_player)) % 3 != 1:
        raise ValueError("waits and ukeire need a 3n+1 hand")
    return shanten(hand, three_player=three_player)


def waits(
    counts: Sequence[int], *, three_player: bool = False, held: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Kinds that complete a 3n+1 hand, leaving out kinds whose 4 copies the player holds (RULES.md §7.3)
    and 2m-8m with three players; `held` counts all tiles the player holds, melds too (default: `counts`)."""
    hand = bytes(counts)
    if _require_draw_size(hand, three_player) > 0:
        return ()
    held_counts = hand if held is None else bytes(held)
    if len(held_counts) != KIND_COUNT:
        raise ValueError(f"held needs 34 counts, got {len(held_counts)}")
    return tuple(
        kind for kind, after in _after_each_draw(hand, three_player) if after == -1 and held_counts[kind] < 4
    )


def is_tenpai(
    counts: Sequence[int], *, three_player: bool = False, held: Sequence[int] | None = None
) -> bool:
    """Whether a 3n+1 hand has at least one wait that counts (see `waits`)."""
    return bool(waits(counts, three_player=three_player, held=held))


def _ukeire_of(hand: bytes, unseen_base: Sequence[int], three_player: bool) -> tuple[tuple[int, int], ...]:
    current = shanten(hand, three_player=three_player)
    return tuple(
        (kind, unseen_base[kind] - hand[kind])
        for kind, after in _after_each_draw(hand, three_player)
        if after < current
    )


def _unseen_base(visible: Sequence[int] | None) -> list[int]:
    if visible is None:
        return [4] * KIND_COUNT
    if len(visible) != KIND_COUNT or min(visible) < 0:
        raise ValueError(f"visible needs 34 non-negative counts, got {list(visible)}")
    return [4 - count for count in visible]


def ukeire(
    counts: Sequence[int], visible: Sequence[int] | None = None, *, three_player: bool = False
) -> tuple[tuple[int, int], ...]:
    """(kind, unseen copies) for each draw that lowers the shanten of a 3n+1 hand; `visible` counts the tiles
    seen elsewhere (rivers, melds, dora indicators). Kinds whose copies are all seen stay listed with 0."""
    hand = bytes(counts)
    _require_draw_size(hand, three_player)
    base = _unseen_base(visible)
    if any(base[kind] < hand[kind] for kind in range(KIND_COUNT)):
        raise ValueError("more than 4 copies of a kind between the hand and the visible tiles")
    return _ukeire_of(hand, base, three_player)


def discard_options(
    counts: Sequence[int], visible: Sequence[int] | None = None, *, three_player: bool = False
) -> tuple[DiscardOption, ...]:
    """Every discard of a 3n+2 hand with its shanten and ukeire, best first (lowest shanten, then most unseen
    ukeire copies, then lowest kind)."""
    hand = bytes(counts)
    if _hand_size(_total_key(hand, three_player)) % 3 != 2:
        raise ValueError("discard options need a 3n+2 hand")
    base = _unseen_base(visible)
    if any(base[kind] < hand[kind] for kind in range(KIND_COUNT)):
        raise ValueError("more than 4 copies of a kind between the hand and the visible tiles")
    options: list[DiscardOption] = []
    for kind in range(KIND_COUNT):
        count = hand[kind]
        if not count:
            continue
        after = hand[:kind] + bytes((count - 1,)) + hand[kind + 1 :]
        # The discarded copy is now visible in the river.
        river_base = base.copy()
        river_base[kind] -= 1
        accepted = _ukeire_of(after, river_base, three_player)
        options.append(
            DiscardOption(
                discard=kind,
                shanten=shanten(after, three_player=three_player),
                ukeire=accepted,
                total=sum(unseen for _, unseen in accepted),
            )
        )
    options.sort(key=lambda option: (option.shanten, -option.total, option.discard))
    return tuple(options)


def cache_sizes() -> dict[str, int]:
    """Entry counts of the caches (for benchmarks and tests)."""
    return {
        "suit_keys": len(_RIGHT) + len(_LEFT_THREE_PLAYER),
        "honor_keys": len(_HONORS),
        "pairs": len(_PAIR_LEFT) + len(_PAIR_RIGHT),
        "totals": len(_TOTAL),
        "finals": len(_FINAL),
        "states": suit_table.state_count(),
    }
