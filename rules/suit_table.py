"""Shanten states of tile groups (a number suit, or kinds that never form sequences): for 0-4 mentsu with or
without the pair, the fewest tiles to add (never a 5th copy), interned as ids and combined through cached id
pairs (min-plus), so `rules.shanten` costs a few dict lookups per hand once the caches know each group."""

from __future__ import annotations

# Combined keys are `left_id * ID_LIMIT + right_id`, so ids must stay below it (checked when interned).
ID_LIMIT = 1 << 16
MAX_TILES = 14
MAX_MELDS = 4
# A distance no group reaches; vectors are indexed by `mentsu * 2 + pair`.
UNREACHABLE = 99
VECTOR_SIZE = 2 * (MAX_MELDS + 1)

_VECTORS: list[tuple[int, ...]] = []
_IDS: dict[tuple[int, ...], int] = {}
_COMBINED: dict[int, int] = {}
_LOWER: dict[int, int] = {}
# Whole-hand results: regular shanten for 0-4 implied melds (one less than the distance with the pair).
_RESULTS: list[tuple[int, ...]] = []
_RESULT_IDS: dict[tuple[int, ...], int] = {}
_RELAXED: dict[bytes, int] = {}
_RELAXED_SUIT: dict[bytes, int] = {}
_EXACT_CACHE: dict[tuple[bytes, int, int], int] = {}
# Exact search of suits holding 4 of a kind: states after the first counts of a held run, kept for short runs
# only (a few thousand entries at most, however long the process lives).
_RUN_STATES: dict[tuple[int, bytes], dict[tuple[int, int], list[int]]] = {}
_RUN_STATES_KEPT = 4
_HONOR_CACHE: dict[tuple[int, ...], int] = {}


def intern(vector: tuple[int, ...]) -> int:
    """The id of a distance vector (`VECTOR_SIZE` entries, `UNREACHABLE` where no reading exists)."""
    found = _IDS.get(vector)
    if found is not None:
        return found
    if len(vector) != VECTOR_SIZE:
        raise ValueError(f"a distance vector has {VECTOR_SIZE} entries, got {len(vector)}")
    new_id = len(_VECTORS)
    if new_id >= ID_LIMIT:
        raise OverflowError("too many shanten states")  # the reachable state space is far smaller
    _VECTORS.append(vector)
    _IDS[vector] = new_id
    return new_id


def vector_of(state_id: int) -> tuple[int, ...]:
    """The distance vector of a state id: entry `mentsu * 2 + pair` is the fewest tiles to add."""
    return _VECTORS[state_id]


def _unit(entries: dict[tuple[int, int], int]) -> int:
    vector = [UNREACHABLE] * VECTOR_SIZE
    for (mentsu, pair), distance in entries.items():
        vector[mentsu * 2 + pair] = distance
    return intern(tuple(vector))


_EMPTY = _unit({(0, 0): 0})
# What one reading of the lowest tile gives (left out, its tiles are simply not used): a complete mentsu; a
# pair (a mentsu for one more copy, or the pair); a taatsu (a mentsu for one tile, or a pair for one); a tile
# on its own (a mentsu for two tiles, a pair for one).
_MENTSU = _unit({(0, 0): 0, (1, 0): 0})
_TOITSU = _unit({(0, 0): 0, (1, 0): 1, (0, 1): 0})
_TAATSU = _unit({(0, 0): 0, (1, 0): 1, (0, 1): 1})
_SINGLE = _unit({(0, 0): 0, (1, 0): 2, (0, 1): 1})
# Mentsu and the pair made only of added tiles, which a suit always has room for without a held 4 of a kind.
_FREE = _unit({(mentsu, pair): 3 * mentsu + 2 * pair for mentsu in range(MAX_MELDS + 1) for pair in (0, 1)})


# _SPLITS[mentsu * 2 + pair]: the (left, right) index pairs that add up to that many mentsu and pairs.
_SPLITS = tuple(
    tuple(
        (left * 2 + left_pair, (mentsu - left) * 2 + pair - left_pair)
        for left in range(mentsu + 1)
        for left_pair in range(pair + 1)
    )
    for mentsu in range(MAX_MELDS + 1)
    for pair in (0, 1)
)


def _fewest(first: tuple[int, ...], second: tuple[int, ...], splits: tuple[tuple[int, int], ...]) -> int:
    best = UNREACHABLE
    for left, right in splits:
        distance = first[left] + second[right]
        if distance < best:
            best = distance
    return best


def combine(left: int, right: int) -> int:
    """The state id of two disjoint groups taken together (min-plus: at most 4 mentsu and one pair)."""
    key = left * ID_LIMIT + right
    found = _COMBINED.get(key)
    if found is not None:
        return found
    first, second = _VECTORS[left], _VECTORS[right]
    found = intern(tuple([_fewest(first, second, splits) for splits in _SPLITS]))
    _COMBINED[key] = found
    _COMBINED[right * ID_LIMIT + left] = found
    return found


def whole_hand(left: int, right: int) -> int:
    """Result id of a whole hand made of two disjoint halves: its regular shanten for 0-4 implied melds."""
    first, second = _VECTORS[left], _VECTORS[right]
    result = tuple(
        [_fewest(first, second, _SPLITS[(MAX_MELDS - melds) * 2 + 1]) - 1 for melds in range(MAX_MELDS + 1)]
    )
    found = _RESULT_IDS.get(result)
    if found is None:
        found = len(_RESULTS)
        if found >= ID_LIMIT:
            raise OverflowError("too many shanten results")
        _RESULTS.append(result)
        _RESULT_IDS[result] = found
    return found


def _lower(left: int, right: int) -> int:
    """The state id of the entry-wise minimum of two states (two ways of reading one group)."""
    key = left * ID_LIMIT + right
    found = _LOWER.get(key)
    if found is None:
        found = intern(tuple(map(min, _VECTORS[left], _VECTORS[right])))
        _LOWER[key] = found
    return found


def regular_shanten_of(result_id: int, melds: int) -> int:
    """Regular shanten of a whole-hand result id (`whole_hand`) with `melds` implied open melds."""
    return _RESULTS[result_id][melds]


def _relaxed_block(block: bytes) -> int:
    """State id of a run of one suit holding no kind 4 times, with no two empty ranks in a row.

    The lowest tile is read as part of a mentsu, a pair, a taatsu or on its own, and the rest recursively.
    This ignores the 4-copy limit on the tiles to add: with no kind held 4 times no best reading needs a 5th
    copy, as tests/rules/test_shanten.py checks against an exact search for every such suit.
    """
    found = _RELAXED.get(block)
    if found is not None:
        return found
    mirrored = block[::-1]  # reading a run from 9 down to 1 gives the same readings
    found = _RELAXED.get(mirrored)
    if found is not None:
        _RELAXED[block] = found
        return found
    counts = list(block)

    def read(removed: tuple[int, ...], unit: int) -> int:
        rest = counts.copy()
        for offset in removed:
            rest[offset] -= 1
        return combine(_relaxed_run(bytes(rest)), unit)

    has_next = len(counts) > 1 and counts[1] > 0
    has_gap_next = len(counts) > 2 and counts[2] > 0
    result = read((0,), _SINGLE)
    if counts[0] >= 3:
        result = _lower(result, read((0, 0, 0), _MENTSU))
    if has_next and has_gap_next:
        result = _lower(result, read((0, 1, 2), _MENTSU))
    if counts[0] >= 2:
        result = _lower(result, read((0, 0), _TOITSU))
    if has_next:
        result = _lower(result, read((0, 1), _TAATSU))
    if has_gap_next:
        result = _lower(result, read((0, 2), _TAATSU))
    _RELAXED[block] = result
    return result


def _relaxed_run(counts: bytes) -> int:
    """State id of suit counts with no kind held 4 times: runs split by two empty ranks are read apart."""
    state = _EMPTY
    for piece in counts.split(b"\x00\x00"):
        block = piece.strip(b"\x00")
        if block:
            state = combine(state, _relaxed_block(block))
    return state


def _choices(pending: int, starts: bool, held: bool) -> tuple[tuple[int, int, int, int], ...]:
    """(sequences started, mentsu added, pair added, copies used) at one rank with `pending` sequences
    passing through it, never more than 4 copies of the kind; a triplet or the pair on an empty rank would be
    added tiles only, which `_search_run` leaves out."""
    found: list[tuple[int, int, int, int]] = []
    for started in range(MAX_MELDS + 1 - pending if starts else 1):
        for triplet in (0, 1) if held else (0,):
            for head in (0, 1) if held else (0,):
                used = pending + started + 3 * triplet + 2 * head
                if used <= 4:
                    found.append((started, started + triplet, head, used))
    return tuple(found)


_CHOICES = {
    (pending, starts, held): _choices(pending, starts, held)
    for pending in range(MAX_MELDS + 1)
    for starts in (False, True)
    for held in (False, True)
}
_MOVES = {
    (mentsu, head): tuple(
        (index, index + 2 * mentsu + head)
        for index in range(VECTOR_SIZE - 2 * mentsu)
        if not (head and index & 1)
    )
    for mentsu in range(MAX_MELDS + 1)
    for head in (0, 1)
}
_States = dict[tuple[int, int], list[int]]


def _entry_states(room: int) -> _States:
    """Search states at the first held rank: sequences started one and two ranks before it (where the suit
    has room for them), their tiles there all added."""
    states: _States = {}
    for two_back in range(MAX_MELDS + 1 if room >= 2 else 1):
        for one_back in range(MAX_MELDS + 1 - two_back if room >= 1 else 1):
            distances = [UNREACHABLE] * VECTOR_SIZE
            distances[2 * (one_back + two_back)] = one_back + 2 * two_back
            states[(one_back, two_back)] = distances
    return states


def _search_rank(states: _States, held: int, starts: bool) -> _States:
    """One rank of the exact search: states map (sequences started one and two ranks back) to the fewest
    tiles added so far for each mentsu and pair count."""
    found: _States = {}
    for (one_back, two_back), distances in states.items():
        for started, mentsu, head, used in _CHOICES[one_back + two_back, starts, held > 0]:
            added = used - held if used > held else 0
            target = found.get((started, one_back))
            if target is None:
                target = found[(started, one_back)] = [UNREACHABLE] * VECTOR_SIZE
            for source, destination in _MOVES[mentsu, head]:
                distance = distances[source] + added
                if distance < target[destination]:
                    target[destination] = distance
    return found


def _run_states(room_before: int, prefix: bytes) -> _States:
    """Search states after the first counts of a run, all of them ranks where a sequence may start (cached for
    short prefixes: runs of suits holding 4 of a kind often begin alike)."""
    key = (room_before, prefix)
    found = _RUN_STATES.get(key)
    if found is None:
        if prefix:
            found = _search_rank(_run_states(room_before, prefix[:-1]), prefix[-1], True)
        else:
            found = _entry_states(room_before)
        if len(prefix) <= _RUN_STATES_KEPT:
            _RUN_STATES[key] = found
    return found


def _search_run(run: bytes, room_before: int, room_after: int) -> int:
    """State id of a suit holding `run` (first and last counts non-zero) with that many empty ranks (0-2)
    before and after it, by an exact rank-by-rank search.

    Only blocks holding a tile of the run are searched: they lie within 2 ranks of it, so empty ranks further
    out never matter, and sequences still open after the run take their last tiles (added) from the 2 ranks
    after it. Any other block is added tiles only (3 a mentsu, 2 the pair; `_FREE`), and always fits in a suit
    of at most 14 tiles: a triplet on a kind with at most one tile, the pair on one with at most two.
    """
    # sequences may start anywhere but on the last ranks, those with fewer than 2 ranks of the suit after them
    open_ranks = max(0, min(len(run), len(run) + room_after - 2))
    states = _run_states(room_before, run[:open_ranks])
    for held in run[open_ranks:]:
        states = _search_rank(states, held, False)
    final = [UNREACHABLE] * VECTOR_SIZE
    for (one_back, two_back), distances in states.items():
        for index, distance in enumerate(distances):
            final[index] = min(final[index], distance + 2 * one_back + two_back)
    return combine(intern(tuple(final)), _FREE)


def _exact_suit(counts: bytes) -> int:
    """State id of 9 suit counts holding a kind 4 times, by an exact search (cached by the held run and the
    room, up to 2 empty ranks, on each side of it: where the run sits beyond that does not matter)."""
    run = counts.strip(b"\x00")
    before = min(len(counts) - len(counts.lstrip(b"\x00")), 2)
    after = min(len(counts) - len(counts.rstrip(b"\x00")), 2)
    key = (run, before, after)
    found = _EXACT_CACHE.get(key)
    if found is None:
        found = _search_run(run, before, after)
        _EXACT_CACHE[key] = _EXACT_CACHE[(run[::-1], after, before)] = found
    return found


def _relaxed_suit(run: bytes) -> int:
    """State id of a suit holding no kind 4 times from its counts with the empty ends stripped: where the run
    sits does not matter then (a taatsu at an end of the suit completes on its other side)."""
    found = _RELAXED_SUIT.get(run)
    if found is None:
        found = combine(_relaxed_run(run), _FREE)
        _RELAXED_SUIT[run] = _RELAXED_SUIT[run[::-1]] = found
    return found


def suit_state(counts: bytes) -> int:
    """State id of one number suit from its 9 counts: searched rank by rank if it holds a kind 4 times, else
    read tile by tile (`_relaxed_block`), where the 4-copy limit never binds."""
    if len(counts) != 9 or max(counts) > 4 or sum(counts) > MAX_TILES:
        raise ValueError(f"impossible counts for one suit: {list(counts)}")
    if 4 in counts:
        return _exact_suit(counts)
    return _relaxed_suit(counts.strip(b"\x00"))


def honor_state(counts: bytes) -> int:
    """State id of kinds that never form sequences (the 7 honors; 1m and 9m with three players): each kind
    gives a triplet, the pair or nothing, and one kind never both (that would be 5 copies)."""
    signature = (len(counts), counts.count(1), counts.count(2), counts.count(3), counts.count(4))
    found = _HONOR_CACHE.get(signature)
    if found is not None:
        return found
    kinds, singles, pairs, triples, quads = signature
    if singles + pairs + triples + quads != kinds - counts.count(0):
        raise ValueError(f"impossible counts for a group: {list(counts)}")
    if singles + 2 * pairs + 3 * triples + 4 * quads > MAX_TILES:
        raise ValueError(f"a group holds at most 14 tiles: {list(counts)}")
    state = _EMPTY
    for held in sorted(counts):
        kind_alone = _unit({(0, 0): 0, (1, 0): max(0, 3 - held), (0, 1): max(0, 2 - held)})
        state = combine(state, kind_alone)
    _HONOR_CACHE[signature] = state
    return state


def state_count() -> int:
    """How many distinct states have been seen (for benchmarks and tests)."""
    return len(_VECTORS)
