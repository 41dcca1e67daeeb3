"""Hand analysis: shanten (regular, chiitoitsu, kokushi), tenpai and waits, ukeire and discard options, and
the one-tile searches of the AI's look-ahead (`improving_draws`, `lowering_swaps`).

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
        best = min(best, *_special_shanten(key & FIELD_MASK))
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
# hand costs one entry of its changed group's neighbour table and one lookup of the two half sums, with no
# 34-count key built or hashed. A group's neighbour tables (its value with one tile more, or less, of each
# kind) are cached on the group's tiles, which repeat far more often than whole hands.
_SLOT_OF = tuple(min(kind // 9, 3) for kind in range(KIND_COUNT))
_START_OF = tuple(9 * _SLOT_OF[kind] for kind in range(KIND_COUNT))
_LEFT_SLOT_3P = 4  # how the m slot is read with three players (1m and 9m as honors)
# (read_as, + 8 for every draw, group tiles) -> (rank, value with one more of it) for the draws (`_draws_of`)
_Changes = tuple[tuple[int, int], ...]
_DRAWS: dict[tuple[int, bytes], _Changes] = {}
# (read_as, group tiles) -> (rank, value without one of it) for each held rank
_DISCARDS: dict[tuple[int, bytes], _Changes] = {}
_SUMS: dict[int, int] = {}  # (m+p sum << 64 | s+honor sum) -> shanten
_LOW_64 = (1 << 64) - 1  # a half sum stays below 2**60
_GROUP_CACHE_LIMIT = 50_000  # entries of up to 9 pairs: a few MB per 10,000
_SUMS_LIMIT = 200_000  # about 30 MB at most
_ALL_SLOTS: tuple[bool, ...] = (True, True, True, True)
_COMPLETING: dict[tuple[int, ...], tuple[bool, ...]] = {}
_TENPAI_SWAPS: dict[tuple[int, ...], tuple[tuple[bool, ...], ...]] = {}
_ANY_SWAP: tuple[tuple[bool, ...], ...] = (_ALL_SLOTS,) * 4


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


def _read_value(read_as: int, piece: bytes) -> int:
    if read_as == 0 or read_as == 2:
        return _left_value(piece, False)
    if read_as == 1:
        return _suit_value(piece)
    if read_as == 3:
        return _honor_value(piece)
    return _left_value(piece, True)


def _changed_piece(piece: bytes, rank: int, step: int) -> bytes:
    return piece[:rank] + bytes((piece[rank] + step,)) + piece[rank + 1 :]


def _draws_of(read_as: int, piece: bytes, every: bool) -> _Changes:
    """A group's draws as (rank, value with one more of it): with ``every``, all that can be drawn (no 5th
    copy, no 2m-8m with three players), else those near a held tile (within two ranks in a number suit, the
    held ranks among honors and in the m suit with three players)."""
    key = (read_as + 8 if every else read_as, piece)
    found = _DRAWS.get(key)
    if found is None:
        if len(_DRAWS) > _GROUP_CACHE_LIMIT:
            _DRAWS.clear()
        reach = 2 if read_as < 3 else 0
        found = _DRAWS[key] = tuple(
            (rank, _read_value(read_as, _changed_piece(piece, rank, 1)))
            for rank, count in enumerate(piece)
            if count < 4
            and not (read_as == _LEFT_SLOT_3P and 1 <= rank <= 7)
            and (every or any(piece[max(0, rank - reach) : rank + reach + 1]))
        )
    return found


def _discards_of(read_as: int, piece: bytes) -> _Changes:
    """A group's discards as (rank, value with one fewer of it), for each held rank."""
    key = (read_as, piece)
    found = _DISCARDS.get(key)
    if found is None:
        if len(_DISCARDS) > _GROUP_CACHE_LIMIT:
            _DISCARDS.clear()
        found = _DISCARDS[key] = tuple(
            (rank, _read_value(read_as, _changed_piece(piece, rank, -1)))
            for rank, count in enumerate(piece)
            if count
        )
    return found


def _shanten_of_key(key: int) -> int:
    """`_shanten_of_sums` of a `_SUMS` key (m+p sum << 64 | s+honor sum)."""
    return _shanten_of_sums(key >> 64, key & _LOW_64)


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


def _special_shanten(tallies: int) -> tuple[int, int]:
    """Chiitoitsu and kokushi shanten from a hand's tallies; 99 unless 13 or 14 tiles."""
    if (tallies >> _TILES_SHIFT) & 0xFF < 13:
        return UNREACHABLE, UNREACHABLE
    pairs = min((tallies >> _PAIRS_SHIFT) & 0x3F, 7)
    singles = min(((tallies >> _KINDS_SHIFT) & 0x3F) - pairs, 7 - pairs)
    yaochuu_pair = 1 if (tallies >> _YAOCHUU_PAIR_SHIFT) & 0xF else 0
    return 13 - 2 * pairs - singles, 13 - ((tallies >> _YAOCHUU_SHIFT) & 0xF) - yaochuu_pair


def _residues(slots: Sequence[int]) -> tuple[int, ...]:
    return tuple(((value >> _TILES_SHIFT) & 0xFF) % 3 for value in slots)


def _tenpai_residues(residues: Sequence[int]) -> bool:
    """Whether groups of these sizes (mod 3) can be one tile from the regular shape: one group 3n+1 and the
    others 3n, or two 3n+2 and the others 3n (a complete hand has one 3n+2 group and the others 3n)."""
    return sorted(residues) in ([0, 0, 0, 1], [0, 0, 2, 2])


def _completing_slots(residues: tuple[int, ...]) -> tuple[bool, ...]:
    """For a 3n+1 hand's group sizes (mod 3): whether a tile drawn into each group can complete the regular
    shape (one group of 3n+2 tiles, the pair's, and the others 3n)."""
    found = _COMPLETING.get(residues)
    if found is None:
        usable = []
        for slot in range(4):
            after = list(residues)
            after[slot] = (after[slot] + 1) % 3
            usable.append(sorted(after) == [0, 0, 0, 2])
        found = _COMPLETING[residues] = tuple(usable)
    return found


def _tenpai_swaps(residues: tuple[int, ...]) -> tuple[tuple[bool, ...], ...]:
    """For groups of these sizes (mod 3): whether a draw into group ``[to]`` and a discard from group
    ``[away]`` can leave a regular tenpai (`_tenpai_residues`); cached on the 81 size patterns."""
    found = _TENPAI_SWAPS.get(residues)
    if found is None:
        rows = []
        for to in range(4):
            row = []
            for away in range(4):
                after = list(residues)
                after[to] = (after[to] + 1) % 3
                after[away] = (after[away] - 1) % 3
                row.append(_tenpai_residues(after))
            rows.append(tuple(row))
        found = _TENPAI_SWAPS[residues] = tuple(rows)
    return found


def _current(slots: Sequence[int]) -> tuple[int, int, int]:
    """The hand's m+p and s+honor sums and its shanten."""
    first, second = slots[0] + slots[1], slots[2] + slots[3]
    found = _SUMS.get((first << 64) | second)
    return first, second, _shanten_of_sums(first, second) if found is None else found


def improving_draws(counts: Sequence[int], *, three_player: bool = False) -> tuple[int, ...]:
    """The kinds whose draw lowers the shanten of a 3n+1 hand (its waits at tenpai), in kind order, whether
    or not any copy is left; never a 5th copy or, with three players, 2m-8m (as `ukeire` lists them).

    Only the draws that can matter are tried: kinds near a held tile (a tile far from all others changes no
    regular shape unless a kind is held 4 times, when every kind is tried), every kind while chiitoitsu or
    kokushi is as near as the hand's shanten; at tenpai, only the groups a winning tile can complete."""
    hand = bytes(counts)
    slots = _slot_values(hand, three_player)
    first, second, current = _current(slots)
    tallies = (first + second) & FIELD_MASK
    if (tallies >> _TILES_SHIFT) & 0xFF not in (1, 4, 7, 10, 13):
        raise ValueError("improving draws need a 3n+1 hand")
    special = current in _special_shanten(tallies)
    every = special or 4 in hand
    usable = _completing_slots(_residues(slots)) if current == 0 and not special else _ALL_SLOTS
    pieces = _pieces(hand)
    reads = _reads(three_player)
    sums = _SUMS
    found = []
    for slot in range(4):
        if not usable[slot]:
            continue
        start = 9 * slot
        partner = slots[slot ^ 1]
        shift, other = (64, second) if slot < 2 else (0, first << 64)  # the changed half, the other one
        for rank, value in _draws_of(reads[slot], pieces[slot], every):
            key = ((value + partner) << shift) | other
            result = sums.get(key)
            if (_shanten_of_key(key) if result is None else result) < current:
                found.append(start + rank)
    return tuple(found)


def lowering_swaps(
    counts: Sequence[int], drawn: Sequence[int], *, three_player: bool = False
) -> list[tuple[int, ...]]:
    """For each kind of ``drawn`` (held fewer than 4 times, never 2m-8m with three players): the other kinds
    whose discard after it leaves a 3n+1 hand at a lower shanten than now, in kind order.

    From 1-shanten, the swaps whose group sizes rule out a regular tenpai are not tried (unless chiitoitsu
    or kokushi is as near)."""
    hand = bytes(counts)
    slots = _slot_values(hand, three_player)
    first, second, current = _current(slots)
    allowed = _ANY_SWAP
    if current == 1 and min(_special_shanten((first + second) & FIELD_MASK)) > 1:
        allowed = _tenpai_swaps(_residues(slots))
    pieces = _pieces(hand)
    reads = _reads(three_player)
    held = [_discards_of(reads[slot], pieces[slot]) for slot in range(4)]
    sums = _SUMS
    found = []
    for kind in drawn:
        slot = _SLOT_OF[kind]
        rank = kind - _START_OF[kind]
        if hand[kind] >= 4:
            raise ValueError(f"kind {kind} is held 4 times: no 5th copy can be drawn")
        value = _read_value(reads[slot], _changed_piece(pieces[slot], rank, 1))  # ValueError for 2m-8m (3p)
        changed = list(slots)
        changed[slot] = value
        low_sum, high_sum = changed[0] + changed[1], changed[2] + changed[3]
        usable = allowed[slot]
        discards = []
        for group in range(4):
            if not usable[group]:
                continue
            if group == slot:
                pairs = _discards_of(reads[slot], _changed_piece(pieces[slot], rank, 1))
                own = rank  # the drawn tile itself is no discard here
            else:
                pairs = held[group]
                own = -1
            start = 9 * group
            partner = changed[group ^ 1]
            shift, other = (64, high_sum) if group < 2 else (0, low_sum << 64)
            for less_rank, less in pairs:
                key = ((less + partner) << shift) | other
                result = sums.get(key)
                if (_shanten_of_key(key) if result is None else result) < current and less_rank != own:
                    discards.append(start + less_rank)
        found.append(tuple(discards))
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
