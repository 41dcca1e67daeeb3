"""Shanten states of tile groups (one suit, or the honors): the best (mentsu, taatsu, isolated) options.

A state is interned as a small id; states of groups combine through cached id pairs, so whole-hand shanten in
`rules.shanten` costs a few slices and dict lookups once the caches have seen each group.
"""

from __future__ import annotations

from collections.abc import Iterable

# One way to read a group: (mentsu, taatsu, isolated tiles), normalised by `_normalise`.
Option = tuple[int, int, int]
# (options with no pair set aside as the head, options with the head inside this group); both Pareto-minimal.
State = tuple[tuple[Option, ...], tuple[Option, ...]]

# Combined keys are `left_id * ID_LIMIT + right_id`, so ids must stay below it (checked when interned).
ID_LIMIT = 1 << 16

_STATES: list[State] = []
_STATE_IDS: dict[State, int] = {}
_BLOCK_CACHE: dict[bytes, frozenset[tuple[int, int, int, int]]] = {}
_COMBINED: dict[int, int] = {}
_EVALUATED: list[tuple[int, ...]] = []

MAX_TILES = 14
MAX_MELDS = 4


def kobalab_formula(mentsu: int, taatsu: int, isolated: int, head: bool) -> int:
    """Shanten from block counts (majiang-core's formula): mentsu and taatsu capped at 4 blocks, then isolated
    tiles fill the blocks still missing; a block with no tile left to grow from costs one more."""
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


def _normalise(mentsu: int, taatsu: int, isolated: int) -> Option:
    """An option giving the same shanten in every hand context, with capped counts (proof in the docstring)."""
    # Past 5 blocks the formula saturates: with m + t >= 5 only m matters, with m + t + i >= 5 i no longer does.
    if mentsu + taatsu >= 5:
        return mentsu, 5 - mentsu, 0
    if mentsu + taatsu + isolated >= 5:
        return mentsu, taatsu, 5 - mentsu - taatsu
    return mentsu, taatsu, isolated


def _pareto(options: Iterable[Option]) -> tuple[Option, ...]:
    """The options not dominated component-wise (shanten never rises with more of any block)."""
    unique = sorted(set(options), reverse=True)
    kept: list[Option] = []
    for m, t, i in unique:
        if not any(km >= m and kt >= t and ki >= i for km, kt, ki in kept):
            kept.append((m, t, i))
    return tuple(sorted(kept))


def intern(state: State) -> int:
    """The id of a state, assigning the next one on first sight."""
    found = _STATE_IDS.get(state)
    if found is not None:
        return found
    new_id = len(_STATES)
    if new_id >= ID_LIMIT:
        raise OverflowError("too many shanten states")  # cannot happen: the state space is far smaller
    _STATES.append(state)
    _STATE_IDS[state] = new_id
    _EVALUATED.append(_evaluate(state))
    return new_id


def state_of(state_id: int) -> State:
    """The state behind an id."""
    return _STATES[state_id]


def _evaluate(state: State) -> tuple[int, ...]:
    """Regular shanten of a whole-hand state for 0..4 implied open melds."""
    plain, headed = state
    result: list[int] = []
    for melds in range(MAX_MELDS + 1):
        best = min(kobalab_formula(m + melds, t, i, False) for m, t, i in plain)
        if headed:
            best = min(best, min(kobalab_formula(m + melds, t, i, True) for m, t, i in headed))
        result.append(best)
    return tuple(result)


def regular_shanten_of(state_id: int, melds: int) -> int:
    """Regular shanten of a whole-hand state id with `melds` implied open melds."""
    return _EVALUATED[state_id][melds]


def combine(left: int, right: int) -> int:
    """The state id of two disjoint groups taken together (at most one head between them)."""
    key = left * ID_LIMIT + right
    found = _COMBINED.get(key)
    if found is not None:
        return found
    left_plain, left_headed = _STATES[left]
    right_plain, right_headed = _STATES[right]
    plain = _pareto(_normalise(a + x, b + y, c + z) for a, b, c in left_plain for x, y, z in right_plain)
    headed = _pareto(
        [_normalise(a + x, b + y, c + z) for a, b, c in left_headed for x, y, z in right_plain]
        + [_normalise(a + x, b + y, c + z) for a, b, c in left_plain for x, y, z in right_headed]
    )
    result = intern((plain, headed))
    _COMBINED[key] = result
    return result


def _block_options(block: bytes) -> frozenset[tuple[int, int, int, int]]:
    """All normalised (mentsu, taatsu, isolated, head) readings of a run of one suit, Pareto-pruned per head."""
    found = _BLOCK_CACHE.get(block)
    if found is not None:
        return found
    counts = list(block)
    first = counts[0]
    options: set[tuple[int, int, int, int]] = set()

    def extend(removed: tuple[int, ...], mentsu: int, taatsu: int, isolated: int, head: int) -> None:
        rest = counts.copy()
        for offset in removed:
            rest[offset] -= 1
        for m, t, i, h in _block_options(bytes(rest).strip(b"\x00")):
            if h + head <= 1:
                m, t, i = _normalise(m + mentsu, t + taatsu, i + isolated)
                options.add((m, t, i, h + head))

    # The lowest tile belongs to exactly one block that starts at it.
    has_next = len(counts) > 1 and counts[1] > 0
    has_gap_next = len(counts) > 2 and counts[2] > 0
    if first >= 3:
        extend((0, 0, 0), 1, 0, 0, 0)
    if has_next and has_gap_next:
        extend((0, 1, 2), 1, 0, 0, 0)
    if first >= 2:
        extend((0, 0), 0, 1, 0, 0)
        extend((0, 0), 0, 0, 0, 1)
    if has_next:
        extend((0, 1), 0, 1, 0, 0)
    if has_gap_next:
        extend((0, 2), 0, 1, 0, 0)
    extend((0,), 0, 0, 1, 0)
    plain = _pareto((m, t, i) for m, t, i, h in options if not h)
    headed = _pareto((m, t, i) for m, t, i, h in options if h)
    result = frozenset([(m, t, i, 0) for m, t, i in plain] + [(m, t, i, 1) for m, t, i in headed])
    _BLOCK_CACHE[block] = result
    return result


_BLOCK_CACHE[b""] = frozenset([(0, 0, 0, 0)])


def suit_state(counts: bytes) -> int:
    """State id of one number suit given its 9 counts; runs split by two empty ranks are independent."""
    if max(counts, default=0) > 4 or sum(counts) > MAX_TILES:
        raise ValueError(f"impossible counts for one suit: {list(counts)}")
    state = intern((((0, 0, 0),), ()))
    for piece in counts.split(b"\x00\x00"):
        block = piece.strip(b"\x00")
        if block:
            options = _block_options(block)
            block_state = (
                tuple(sorted((m, t, i) for m, t, i, h in options if not h)),
                tuple(sorted((m, t, i) for m, t, i, h in options if h)),
            )
            state = combine(state, intern(block_state))
    return state


def honor_state(counts: bytes) -> int:
    """State id of a group of unconnected kinds (honors; 1m and 9m with three players), majiang-core's reading.

    Three or four of a kind is one mentsu (a fourth honor can never grow into a block), two is a taatsu, one an
    isolated tile; the head may be any kind held at least twice.
    """
    if max(counts, default=0) > 4 or sum(counts) > MAX_TILES:
        raise ValueError(f"impossible counts for a group: {list(counts)}")
    singles = counts.count(1)
    pairs = counts.count(2)
    triples = counts.count(3)
    quads = counts.count(4)
    mentsu = triples + quads
    plain = (_normalise(mentsu, pairs, singles),)
    headed: list[Option] = []
    if pairs:
        headed.append(_normalise(mentsu, pairs - 1, singles))
    if triples:
        headed.append(_normalise(mentsu - 1, pairs, singles + 1))
    if quads:
        headed.append(_normalise(mentsu - 1, pairs + 1, singles))
    return intern((plain, _pareto(headed)))


def state_count() -> int:
    """How many distinct states have been seen (for benchmarks and tests)."""
    return len(_STATES)
