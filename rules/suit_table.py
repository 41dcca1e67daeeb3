"""Shanten states of tile groups (one suit, or the honors): the best (mentsu, taatsu, isolated) readings.

A reading is one of 55 capped options; a state is the set of a group's readings no other reading beats in any
hand, interned as a small id. States combine through cached id pairs, so `rules.shanten` costs a few dict
lookups per hand once the caches have seen each group.
"""

from __future__ import annotations

import operator

# Combined keys are `left_id * ID_LIMIT + right_id`, so ids must stay below it (checked when interned).
ID_LIMIT = 1 << 16
MAX_TILES = 14
MAX_MELDS = 4
_BLOCKS = 5


def kobalab_formula(mentsu: int, taatsu: int, isolated: int, head: bool) -> int:
    """Shanten from block counts (majiang-core's formula): mentsu and taatsu fill at most 4 blocks, isolated
    tiles seed the blocks still missing, and a missing block with no tile to grow from costs one more."""
    blocks = 4 if head else 5
    if mentsu > 4:
        taatsu += mentsu - 4
        mentsu = 4
    if mentsu + taatsu > 4:
        isolated += mentsu + taatsu - 4
        taatsu = 4 - mentsu
    if mentsu + taatsu + isolated > blocks:
        isolated = blocks - mentsu - taatsu
    if head:
        taatsu += 1
    return 13 - mentsu * 3 - taatsu * 2 - isolated


def normalise(mentsu: int, taatsu: int, isolated: int) -> tuple[int, int, int]:
    """The capped reading that gives the same shanten as (mentsu, taatsu, isolated) in every hand."""
    # Past 5 blocks the formula saturates: at m + t >= 5 only m counts; at m + t + i >= 5, i stops counting.
    if mentsu + taatsu >= _BLOCKS:
        return mentsu, _BLOCKS - mentsu, 0
    if mentsu + taatsu + isolated >= _BLOCKS:
        return mentsu, taatsu, _BLOCKS - mentsu - taatsu
    return mentsu, taatsu, isolated


# The option universe: every normalised reading of at most 4 mentsu (a group never holds more than 14 tiles).
OPTIONS: tuple[tuple[int, int, int], ...] = tuple(
    (m, t, i) for m in range(5) for t in range(6) for i in range(6) if m + t + i <= _BLOCKS
)
_INDEX = {option: index for index, option in enumerate(OPTIONS)}
_NO_OPTION = -1
# _SUM[a][b]: index of the normalised sum of two options, or -1 past 4 mentsu (no real hand gets there).
_SUM: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _INDEX[normalise(a[0] + b[0], a[1] + b[1], a[2] + b[2])] if a[0] + b[0] <= MAX_MELDS else _NO_OPTION
        for b in OPTIONS
    )
    for a in OPTIONS
)
# _VALUE[index][melds * 2 + head]: shanten of an option as a whole hand with that many implied melds.
_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(kobalab_formula(m + melds, t, i, bool(head)) for melds in range(MAX_MELDS + 1) for head in (0, 1))
    for m, t, i in OPTIONS
)
_BIG = 99

# Which options beat which, filled on first use by `_beaten_masks` (about 0.1 s, once per process).
_BEATEN_PLAIN: list[int] = []
_BEATEN_HEADED: list[int] = []

_STATES: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
_STATE_IDS: dict[tuple[int, int], int] = {}
_EVALUATED: dict[int, tuple[int, ...]] = {}
_COMBINED: dict[int, int] = {}
_BLOCK_CACHE: dict[bytes, int] = {}
_SUIT_CACHE: dict[bytes, int] = {}
_HONOR_CACHE: dict[tuple[int, int, int, int], int] = {}


def _profile(index: int, heads: tuple[int, ...], impossible: int) -> list[int]:
    """Shanten of an option next to every possible rest of the hand, melds and head placement; `impossible`
    stands where the mentsu would pass 4 (no real hand: two readings of one group meet only real rests)."""
    values: list[int] = []
    row = _SUM[index]
    for rest in range(len(OPTIONS)):
        total = row[rest]
        for melds in range(MAX_MELDS + 1):
            for head in heads:
                if total == _NO_OPTION or OPTIONS[total][0] + melds > MAX_MELDS:
                    values.append(impossible)
                else:
                    values.append(_VALUE[total][melds * 2 + head])
    return values


def _beaten_masks() -> None:
    """For each option, the mask of the options that beat it: at least as good next to every real rest of the
    hand, and better somewhere or tied with a higher index (so pruning is deterministic).

    A reading with no head can meet a rest with or without the head; a headed reading only a rest without one.
    The relation is a strict order (checked in tests/rules/test_shanten.py): a best reading always survives.
    """
    for heads, target in (((0, 1), _BEATEN_PLAIN), ((1,), _BEATEN_HEADED)):
        low = [_profile(index, heads, -_BIG) for index in range(len(OPTIONS))]
        high = [_profile(index, heads, _BIG) for index in range(len(OPTIONS))]
        for index in range(len(OPTIONS)):
            mask = 0
            for other in range(len(OPTIONS)):
                if other == index or not all(map(operator.le, low[other], high[index])):
                    continue
                equal = all(map(operator.le, low[index], high[other]))
                if not equal or other > index:
                    mask |= 1 << other
            target.append(mask)


def _prune(mask: int, beaten: list[int]) -> tuple[int, ...]:
    """The options of a mask that no other option in it beats, as sorted indices."""
    kept: list[int] = []
    rest = mask
    while rest:
        low = rest & -rest
        index = low.bit_length() - 1
        rest ^= low
        if not mask & beaten[index]:
            kept.append(index)
    return tuple(kept)


def intern(plain_mask: int, headed_mask: int) -> int:
    """The id of the state made of the unbeaten options of two masks (no head, head in the group)."""
    if not _BEATEN_PLAIN:
        _beaten_masks()
    plain = _prune(plain_mask, _BEATEN_PLAIN)
    headed = _prune(headed_mask, _BEATEN_HEADED)
    key = (_mask(plain), _mask(headed))
    found = _STATE_IDS.get(key)
    if found is not None:
        return found
    new_id = len(_STATES)
    if new_id >= ID_LIMIT:
        raise OverflowError("too many shanten states")  # the reachable state space is far smaller
    _STATES.append((plain, headed))
    _STATE_IDS[key] = new_id
    return new_id


def _mask(indices: tuple[int, ...]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def _evaluate(plain: tuple[int, ...], headed: tuple[int, ...]) -> tuple[int, ...]:
    """Regular shanten of a whole-hand state for 0..4 implied open melds."""
    result: list[int] = []
    for melds in range(MAX_MELDS + 1):
        best = _BIG
        for index in plain:
            if OPTIONS[index][0] + melds <= MAX_MELDS:
                best = min(best, _VALUE[index][melds * 2])
        for index in headed:
            if OPTIONS[index][0] + melds <= MAX_MELDS:
                best = min(best, _VALUE[index][melds * 2 + 1])
        result.append(best)
    return tuple(result)


def regular_shanten_of(state_id: int, melds: int) -> int:
    """Regular shanten of a whole-hand state id with `melds` implied open melds."""
    found = _EVALUATED.get(state_id)
    if found is None:
        found = _evaluate(*_STATES[state_id])
        _EVALUATED[state_id] = found
    return found[melds]


def _sum_mask(left: tuple[int, ...], right: tuple[int, ...]) -> int:
    mask = 0
    for a in left:
        row = _SUM[a]
        for b in right:
            total = row[b]
            if total != _NO_OPTION:
                mask |= 1 << total
    return mask


def combine(left: int, right: int) -> int:
    """The state id of two disjoint groups taken together (at most one head between them)."""
    key = left * ID_LIMIT + right
    found = _COMBINED.get(key)
    if found is not None:
        return found
    left_plain, left_headed = _STATES[left]
    right_plain, right_headed = _STATES[right]
    result = intern(
        _sum_mask(left_plain, right_plain),
        _sum_mask(left_headed, right_plain) | _sum_mask(left_plain, right_headed),
    )
    _COMBINED[key] = result
    return result


def _shifted(state_id: int, option: int, to_head: bool) -> tuple[int, int]:
    """Masks of a state with one block added to every reading (a pair taken as the head: plain to headed)."""
    plain, headed = _STATES[state_id]
    if to_head:
        return 0, _sum_mask((option,), plain)
    return _sum_mask((option,), plain), _sum_mask((option,), headed)


_MENTSU = _INDEX[(1, 0, 0)]
_TAATSU = _INDEX[(0, 1, 0)]
_ISOLATED = _INDEX[(0, 0, 1)]
_NOTHING = _INDEX[(0, 0, 0)]


def _block_state(block: bytes) -> int:
    """State id of a run of one suit with no two empty ranks in a row (empty ends stripped)."""
    found = _BLOCK_CACHE.get(block)
    if found is not None:
        return found
    mirrored = block[::-1]  # reading a run from 9 down to 1 gives the same blocks
    found = _BLOCK_CACHE.get(mirrored)
    if found is not None:
        _BLOCK_CACHE[block] = found
        return found
    counts = list(block)
    plain = headed = 0

    def take(removed: tuple[int, ...], option: int, to_head: bool = False) -> None:
        nonlocal plain, headed
        rest = counts.copy()
        for offset in removed:
            rest[offset] -= 1
        more_plain, more_headed = _shifted(_suit_blocks(bytes(rest)), option, to_head)
        plain |= more_plain
        headed |= more_headed

    # The lowest tile belongs to exactly one block starting at it: triplet, sequence, pair (as a taatsu or as
    # the head), ryanmen/penchan, kanchan, or nothing (isolated).
    has_next = len(counts) > 1 and counts[1] > 0
    has_gap_next = len(counts) > 2 and counts[2] > 0
    if counts[0] >= 3:
        take((0, 0, 0), _MENTSU)
    if has_next and has_gap_next:
        take((0, 1, 2), _MENTSU)
    if counts[0] >= 2:
        take((0, 0), _TAATSU)
        take((0, 0), _NOTHING, to_head=True)
    if has_next:
        take((0, 1), _TAATSU)
    if has_gap_next:
        take((0, 2), _TAATSU)
    take((0,), _ISOLATED)
    result = intern(plain, headed)
    _BLOCK_CACHE[block] = result
    return result


def _suit_blocks(counts: bytes) -> int:
    """State id of number-suit counts: runs split by two empty ranks are independent, each read on its own."""
    state = _EMPTY
    for piece in counts.split(b"\x00\x00"):
        block = piece.strip(b"\x00")
        if block:
            state = combine(state, _block_state(block))
    return state


def suit_state(counts: bytes) -> int:
    """State id of one number suit from its 9 counts (cached by the counts with empty ends stripped)."""
    stripped = counts.strip(b"\x00")
    found = _SUIT_CACHE.get(stripped)
    if found is None:
        found = _SUIT_CACHE.get(stripped[::-1])
    if found is not None:
        _SUIT_CACHE[stripped] = found
        return found
    if len(counts) != 9 or max(counts) > 4 or sum(counts) > MAX_TILES:
        raise ValueError(f"impossible counts for one suit: {list(counts)}")
    found = _suit_blocks(stripped)
    _SUIT_CACHE[stripped] = found
    return found


def honor_state(counts: bytes) -> int:
    """State id of kinds that never form sequences (honors; 1m and 9m with three players), read like
    majiang-core: three or four of a kind is a mentsu (a fourth copy can grow into nothing), two a taatsu,
    one an isolated tile; the head is any kind held twice or more."""
    signature = (counts.count(1), counts.count(2), counts.count(3), counts.count(4))
    found = _HONOR_CACHE.get(signature)
    if found is not None:
        return found
    singles, pairs, triples, quads = signature
    if singles + pairs + triples + quads != len(counts) - counts.count(0):
        raise ValueError(f"impossible counts for a group: {list(counts)}")
    if singles + 2 * pairs + 3 * triples + 4 * quads > MAX_TILES:
        raise ValueError(f"a group holds at most 14 tiles: {list(counts)}")
    mentsu = triples + quads
    headed = 0
    if pairs:
        headed |= 1 << _INDEX[normalise(mentsu, pairs - 1, singles)]
    if triples:
        headed |= 1 << _INDEX[normalise(mentsu - 1, pairs, singles + 1)]
    if quads:
        headed |= 1 << _INDEX[normalise(mentsu - 1, pairs + 1, singles)]
    found = intern(1 << _INDEX[normalise(mentsu, pairs, singles)], headed)
    _HONOR_CACHE[signature] = found
    return found


def state_count() -> int:
    """How many distinct states have been seen (for benchmarks and tests)."""
    return len(_STATES)


_EMPTY = -1  # set below, once the helpers exist


def _init() -> None:
    global _EMPTY
    _EMPTY = intern(1 << _NOTHING, 0)
    _BLOCK_CACHE[b""] = _EMPTY


_init()
