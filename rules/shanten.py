"""Hand analysis: shanten (regular, chiitoitsu, kokushi), tenpai and waits, ukeire and discard options.

Hands are 34-counts of concealed tiles; a 3n+1 / 3n+2 hand implies (14 - tiles) // 3 open melds. Shanten is
exact (never counting on a 5th copy of a kind, so 0 is tenpai as RULES.md §7.3 has it), cached per group.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import suit_table
from rules.suit_table import (
    ID_LIMIT,
    UNREACHABLE,
    combine,
    honor_state,
    regular_shanten_of,
    suit_state,
    whole_hand,
)
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


# One-tile changes (the AI's successor searches): a hand's four groups are looked up once, and each changed
# hand costs an index into its changed group's neighbour table and one lookup of the two half sums, with no
# 34-count key built or hashed. A group's neighbour table (its value with one tile more, or less, of each
# kind) is cached on the group's tiles, which repeat far more often than whole hands.
_SLOT_OF = tuple(min(kind // 9, 3) for kind in range(KIND_COUNT))
_START_OF = tuple(9 * _SLOT_OF[kind] for kind in range(KIND_COUNT))
_LEFT_SLOT_3P = 4  # how the m slot is read with three players (1m and 9m as honors)
_NEIGHBOURS: dict[tuple[int, int, bytes], tuple[int, ...]] = {}
_NEAR: dict[tuple[int, bytes], tuple[int, ...]] = {}
_SUMS: dict[int, int] = {}  # (m+p sum << 64 | s+honor sum) -> shanten
_GROUP_CACHE_LIMIT = 200_000
_SUMS_LIMIT = 1_000_000
_YAOCHUU_KINDS = tuple(sorted(TERMINALS_AND_HONORS))


def _slot_values(hand: bytes, three_player: bool) -> list[int]:
    """The group values of the m, p, s and honor slots (m read as honors with three players)."""
    try:
        left = (_LEFT_THREE_PLAYER if three_player else _LEFT)[hand[0:9]]
        return [left, _RIGHT[hand[9:18]], _LEFT[hand[18:27]], _HONORS[hand[27:]]]
    except KeyError:
        _group_values(hand, three_player)  # builds the groups not cached yet, or raises for a bad hand
        return _slot_values(hand, three_player)


def _pieces(hand: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    return hand[0:9], hand[9:18], hand[18:27], hand[27:]


def _reads(three_player: bool) -> tuple[int, int, int, int]:
    return (_LEFT_SLOT_3P if three_player else 0, 1, 2, 3)


def _neighbour_values(read_as: int, piece: bytes, step: int) -> tuple[int, ...]:
    """A group's value (read as slot ``read_as``) with one tile more (``step`` 1) or less (-1) of each of
    its kinds; -1 where that is no hand (a 5th copy, a kind not held, 2m-8m with three players)."""
    key = (read_as, step, piece)
    found = _NEIGHBOURS.get(key)
    if found is not None:
        return found
    if len(_NEIGHBOURS) > _GROUP_CACHE_LIMIT:
        _NEIGHBOURS.clear()
    values = []
    work = bytearray(piece)
    for rank, count in enumerate(piece):
        if not 0 <= count + step <= 4 or (read_as == _LEFT_SLOT_3P and 1 <= rank <= 7):
            values.append(-1)
            continue
        work[rank] += step
        changed = bytes(work)
        work[rank] -= step
        if read_as == 0 or read_as == 2:
            values.append(_left_value(changed, False))
        elif read_as == 1:
            values.append(_suit_value(changed))
        elif read_as == 3:
            values.append(_honor_value(changed))
        else:
            values.append(_left_value(changed, True))
    found = _NEIGHBOURS[key] = tuple(values)
    return found


def _near_ranks(read_as: int, piece: bytes) -> tuple[int, ...]:
    """The ranks of a group whose draw can change its shape: within two of a held rank in a number suit,
    the held ranks among honors (and in the m suit with three players); never a 5th copy or 2m-8m."""
    key = (read_as, piece)
    found = _NEAR.get(key)
    if found is not None:
        return found
    if len(_NEAR) > _GROUP_CACHE_LIMIT:
        _NEAR.clear()
    reach = 2 if read_as < 3 else 0
    found = _NEAR[key] = tuple(
        rank
        for rank, count in enumerate(piece)
        if count < 4 and any(piece[max(0, rank - reach) : rank + reach + 1])
    )
    return found


def _shanten_of_sums(first: int, second: int) -> int:
    """Shanten from the m+p and s+honor sums of group values (as `shanten` finishes), cached on the pair."""
    try:
        key = _TOTAL[_PAIR_LEFT[first >> FIELD_BITS] + _PAIR_RIGHT[second >> FIELD_BITS]]
    except KeyError:
        key = _total_state(first, second)
    key += (first + second) & FIELD_MASK
    found = _FINAL.get(key)
    if found is None:
        found = _final(key)
    if len(_SUMS) > _SUMS_LIMIT:
        _SUMS.clear()
    _SUMS[(first << 64) | second] = found
    return found


def _completing_slots(slots: Sequence[int]) -> tuple[bool, bool, bool, bool]:
    """For a 3n+1 hand: whether a tile drawn into each group can complete the regular shape, which ends with
    one group of 3n+2 tiles (the pair's) and the others 3n."""
    residues = [(value & 0xFF) % 3 for value in slots]
    eligible = []
    for slot in range(4):
        after = list(residues)
        after[slot] = (after[slot] + 1) % 3
        eligible.append(1 not in after and after.count(2) == 1)
    return eligible[0], eligible[1], eligible[2], eligible[3]


def improving_draws(counts: Sequence[int], *, three_player: bool = False) -> tuple[int, ...]:
    """The kinds whose draw lowers the shanten of a 3n+1 hand (its waits at tenpai), in kind order, whether
    or not any copy is left; never a 5th copy or, with three players, 2m-8m (as `ukeire` lists them).

    Only the draws that can matter are tried: kinds near a held tile (a tile far from all others changes no
    regular shape unless a kind is held 4 times, when every kind is tried), every kind while chiitoitsu is as near as the hand's shanten and the terminals and honors
    while kokushi is; at tenpai, only the groups that a winning tile can complete."""
    hand = bytes(counts)
    slots = _slot_values(hand, three_player)
    first, second = slots[0] + slots[1], slots[2] + slots[3]
    tallies = (first + second) & FIELD_MASK
    if (tallies >> _TILES_SHIFT) & 0xFF not in (1, 4, 7, 10, 13):
        raise ValueError("improving draws need a 3n+1 hand")
    current = _SUMS.get((first << 64) | second)
    if current is None:
        current = _shanten_of_sums(first, second)
    pieces = _pieces(hand)
    reads = _reads(three_player)
    tables = [_neighbour_values(reads[slot], pieces[slot], 1) for slot in range(4)]
    tried: list[int] = []
    usable = _completing_slots(slots) if current == 0 else (True, True, True, True)
    quads = 4 in hand  # a kind held 4 times can leave a hand without a pair or a tanki of its own tiles
    for slot in range(4):
        if usable[slot]:
            start = 9 * slot
            if quads:
                ranks = [rank for rank, value in enumerate(tables[slot]) if value >= 0]
            else:
                ranks = list(_near_ranks(reads[slot], pieces[slot]))
            tried.extend(start + rank for rank in ranks)
    if (tallies >> _TILES_SHIFT) & 0xFF == 13:
        pairs = min((tallies >> _PAIRS_SHIFT) & 0x3F, 7)
        singles = min(((tallies >> _KINDS_SHIFT) & 0x3F) - pairs, 7 - pairs)
        yaochuu_pair = 1 if (tallies >> _YAOCHUU_PAIR_SHIFT) & 0xF else 0
        extra: tuple[int, ...] = ()
        if 13 - 2 * pairs - singles == current:
            extra = tuple(range(KIND_COUNT))
        elif 13 - ((tallies >> _YAOCHUU_SHIFT) & 0xF) - yaochuu_pair == current:
            extra = _YAOCHUU_KINDS
        if extra:
            absent = THREE_PLAYER_ABSENT if three_player else ()
            tried = sorted({*tried, *(kind for kind in extra if hand[kind] < 4 and kind not in absent)})
    sums = _SUMS
    found = []
    for kind in tried:
        slot = _SLOT_OF[kind]
        value = tables[slot][kind - _START_OF[kind]]
        if slot == 0:
            low, high = value + slots[1], second
        elif slot == 1:
            low, high = slots[0] + value, second
        elif slot == 2:
            low, high = first, value + slots[3]
        else:
            low, high = first, slots[2] + value
        result = sums.get((low << 64) | high)
        if result is None:
            result = _shanten_of_sums(low, high)
        if result < current:
            found.append(kind)
    return tuple(found)


def shanten_after_swaps(
    counts: Sequence[int], drawn: Sequence[int], *, three_player: bool = False
) -> list[list[int]]:
    """For each kind of ``drawn`` (held fewer than 4 times, never 2m-8m with three players): the shanten of
    the hand with one more tile of that kind and then one tile fewer of each kind, for all 34 kinds
    (`UNREACHABLE` for the kinds not held after the draw)."""
    hand = bytes(counts)
    slots = _slot_values(hand, three_player)
    pieces = _pieces(hand)
    reads = _reads(three_player)
    lower = [_neighbour_values(reads[slot], pieces[slot], -1) for slot in range(4)]
    held = [kind for kind in range(KIND_COUNT) if hand[kind]]
    sums = _SUMS
    found = []
    for kind in drawn:
        slot = _SLOT_OF[kind]
        rank = kind - _START_OF[kind]
        value = _neighbour_values(reads[slot], pieces[slot], 1)[rank]
        if value < 0:
            if hand[kind] >= 4:
                raise ValueError(f"kind {kind} is held 4 times: no 5th copy can be drawn")
            raise ValueError("2m-8m are not used with three players")
        piece = pieces[slot]
        tables = list(lower)
        tables[slot] = _neighbour_values(
            reads[slot], piece[:rank] + bytes((piece[rank] + 1,)) + piece[rank + 1 :], -1
        )
        m, p, s, z = slots
        if slot == 0:
            m = value
        elif slot == 1:
            p = value
        elif slot == 2:
            s = value
        else:
            z = value
        first, second = m + p, s + z
        after = [UNREACHABLE] * KIND_COUNT
        for discard in held if hand[kind] else sorted((*held, kind)):
            group = _SLOT_OF[discard]
            less = tables[group][discard - _START_OF[discard]]
            if group == 0:
                low, high = less + p, second
            elif group == 1:
                low, high = m + less, second
            elif group == 2:
                low, high = first, less + z
            else:
                low, high = first, s + less
            result = sums.get((low << 64) | high)
            after[discard] = _shanten_of_sums(low, high) if result is None else result
        found.append(after)
    return found


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
