"""Hand reading for the AI: what a seat can see, discard candidates by shanten and ukeire, yaku paths of open
hands and a rough value estimate. Everything works on 34-counts taken from the seat's own view."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.view import SeatView
from rules.meld import Meld, MeldType
from rules.ruleset import RuleSet
from rules.shanten import (
    improving_draws,
    lowering_swaps,
    shanten,
)
from rules.tiles import (
    CHUN,
    HAKU,
    KIND_COUNT,
    TERMINALS_AND_HONORS,
    THREE_PLAYER_ABSENT,
    TILE_COUNT,
    dora_from_indicator,
)

YAOCHUU = frozenset(TERMINALS_AND_HONORS)
DRAGONS = (HAKU, HAKU + 1, CHUN)


_CACHE_LIMIT = 400_000

_SHANTEN: dict[bytes, int] = {}
_SHANTEN_3P: dict[bytes, int] = {}
_IMPROVING: dict[bytes, tuple[int, ...]] = {}
_IMPROVING_3P: dict[bytes, tuple[int, ...]] = {}


def fast_shanten(hand: bytes | bytearray, three_player: bool) -> int:
    """``rules.shanten.shanten`` cached on the tiles (a dictionary lookup once a hand has been seen)."""
    cache = _SHANTEN_3P if three_player else _SHANTEN
    key = bytes(hand)
    found = cache.get(key)
    if found is None:
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        found = cache[key] = shanten(key, three_player=three_player)
    return found


def improving(hand: bytes | bytearray, three_player: bool) -> tuple[int, ...]:
    """The kinds whose draw lowers a 3n+1 hand's shanten (its waits at tenpai), whether or not any copy is
    left (`rules.shanten.improving_draws`); cached on the tiles."""
    cache = _IMPROVING_3P if three_player else _IMPROVING
    key = bytes(hand)
    found = cache.get(key)
    if found is None:
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        found = cache[key] = improving_draws(key, three_player=three_player)
    return found


# an entry holds its successor hands (about 1 KB): a smaller limit keeps this cache near 50 MB at most
_ADVANCES_LIMIT = 50_000
_ADVANCES: dict[bytes, tuple[tuple[int, tuple[bytes, ...]], ...]] = {}
_ADVANCES_3P: dict[bytes, tuple[tuple[int, tuple[bytes, ...]], ...]] = {}


def advances(hand: bytes | bytearray, three_player: bool) -> tuple[tuple[int, tuple[bytes, ...]], ...]:
    """For a 3n+1 hand: each improving draw (as ``improving`` gives them, in order) with the hands one step
    nearer tenpai that a discard after it leaves (in the order of the discarded kind); cached on the tiles."""
    cache = _ADVANCES_3P if three_player else _ADVANCES
    key = bytes(hand)
    found = cache.get(key)
    if found is not None:
        return found
    if len(cache) > _ADVANCES_LIMIT:
        cache.clear()
    work = bytearray(key)
    steps = []
    draws = improving(key, three_player)
    for drawn, discards in zip(draws, lowering_swaps(key, draws, three_player=three_player), strict=True):
        work[drawn] += 1
        after = []
        for discard in discards:
            work[discard] -= 1
            after.append(bytes(work))
            work[discard] += 1
        work[drawn] -= 1
        steps.append((drawn, tuple(after)))
    found = cache[key] = tuple(steps)
    return found


def counts_of(tiles: Iterable[int]) -> list[int]:
    """34-count of tile ids (a flower still in hand belongs to no kind and is left out)."""
    counts = [0] * KIND_COUNT
    for tile in tiles:
        if tile < TILE_COUNT:
            counts[tile >> 2] += 1
    return counts


def visible_counts(view: SeatView) -> list[int]:
    """Every tile the seat can see: its hand, rivers (a called tile counts once, in its meld), melds, kita,
    dora indicators."""
    counts = counts_of(view.hand)
    for player in view.players:
        for river_tile in player.river:
            if not river_tile.called:
                counts[river_tile.tile >> 2] += 1
        for meld in player.melds:
            for tile in meld.tiles:
                counts[tile >> 2] += 1
        for tile in player.kita:
            counts[tile >> 2] += 1
    for tile in view.dora_indicators:
        if tile < TILE_COUNT:  # a flower as an indicator hides no tile of a kind
            counts[tile >> 2] += 1
    return counts


def unseen_counts(view: SeatView) -> list[int]:
    """Copies of each kind the seat has not seen anywhere (so still in the wall or in others' hands); none of
    the kinds a three-player set leaves out."""
    unseen = [max(0, 4 - count) for count in visible_counts(view)]
    if view.n == 3:
        for kind in THREE_PLAYER_ABSENT:
            unseen[kind] = 0
    return unseen


def dora_kinds(view: SeatView) -> list[int]:
    """How many han each kind is worth as dora (several indicators may point at one kind)."""
    three_player = view.n == 3
    worth = [0] * KIND_COUNT
    for tile in view.dora_indicators:
        if tile < TILE_COUNT:  # a flower points at the flowers, which no hand holds
            worth[dora_from_indicator(tile >> 2, three_player)] += 1
    return worth


def yakuhai_han(view: SeatView) -> list[int]:
    """Han a triplet of each kind is worth to this seat (dragons, its seat wind and the round wind)."""
    worth = [0] * KIND_COUNT
    for kind in DRAGONS:
        worth[kind] = 1
    worth[27 + view.seat_wind] += 1
    worth[27 + view.round_wind] += 1
    return worth


def ukeire(hand: bytearray, unseen: Sequence[int], three_player: bool) -> int:
    """Unseen copies of the draws that lower the shanten of a 3n+1 hand."""
    return sum(unseen[kind] for kind in improving(hand, three_player))


def improving_kinds(hand: bytearray, three_player: bool) -> list[int]:
    """Kinds (unseen or not) whose draw lowers the shanten of a 3n+1 hand; at tenpai, its waits."""
    return list(improving(hand, three_player))


@dataclass(slots=True)
class Candidate:
    """One discard kind of a 3n+2 hand: the shanten left, unseen copies of the draws that improve it."""

    kind: int
    shanten: int
    ukeire: int


def discard_candidates(
    counts: Sequence[int], kinds: Iterable[int], unseen: Sequence[int], three_player: bool, slack: int = 0
) -> list[Candidate]:
    """The discards of ``kinds`` from a 3n+2 hand with shanten and ukeire; ukeire only for those within
    ``slack`` of the best shanten (the others get -1)."""
    hand = bytearray(counts)
    found: list[Candidate] = []
    for kind in kinds:
        hand[kind] -= 1
        found.append(Candidate(kind, shanten(hand, three_player=three_player), -1))
        hand[kind] += 1
    best = min(candidate.shanten for candidate in found)
    for candidate in found:
        if candidate.shanten <= best + slack:
            hand[candidate.kind] -= 1
            candidate.ukeire = ukeire(hand, unseen, three_player)
            hand[candidate.kind] += 1
    return found


def is_simple(kind: int) -> bool:
    """A tile 2-8 of a suit."""
    return kind not in YAOCHUU


def suit_of_kind(kind: int) -> int:
    """0 m, 1 p, 2 s, 3 honours."""
    return kind // 9 if kind < 27 else 3


def has_yaku_path(counts: Sequence[int], melds: Sequence[Meld], view: SeatView, rules: RuleSet) -> bool:
    """Whether an open hand (its concealed counts and melds) can still plausibly reach a yaku: yakuhai,
    tanyao, honitsu/chinitsu or toitoi. A closed hand always can (riichi, menzen tsumo)."""
    if all(meld.type is MeldType.ANKAN for meld in melds):
        return True
    yakuhai = yakuhai_han(view)
    if any(yakuhai[meld.kind] for meld in melds if not meld.is_sequence):
        return True
    if any(yakuhai[kind] and counts[kind] >= 2 for kind in range(27, 34)):
        return True
    meld_kinds = [tile >> 2 for meld in melds for tile in meld.tiles]
    hand_kinds = [kind for kind in range(KIND_COUNT) for _ in range(counts[kind])]
    simples = all(is_simple(kind) for kind in meld_kinds)
    if rules.kuitan and simples and sum(1 for kind in hand_kinds if not is_simple(kind)) <= 2:
        return True
    meld_suits = {suit_of_kind(kind) for kind in meld_kinds} - {3}
    if len(meld_suits) <= 1:
        suits = [0, 0, 0, 0]
        for kind in hand_kinds:
            suits[suit_of_kind(kind)] += 1
        main = next(iter(meld_suits)) if meld_suits else max(range(3), key=lambda suit: suits[suit])
        if sum(suits[:3]) - suits[main] <= 3:
            return True
    if all(not meld.is_sequence for meld in melds):
        sets = sum(1 for count in counts if count >= 2)
        if sets >= 5 - len(melds):
            return True
    return False


def estimate_han(
    counts: Sequence[int],
    melds: Sequence[Meld],
    view: SeatView,
    rules: RuleSet,
    reds: int,
    dora: Sequence[int],
) -> float:
    """A rough expectation of the han this hand wins with: dora, red fives, kita, yakuhai, tanyao, flushes,
    and riichi with its extras for a closed hand."""
    closed = all(meld.type is MeldType.ANKAN for meld in melds)
    yakuhai = yakuhai_han(view)
    han = float(reds + len(view.players[view.seat].kita) + len(view.players[view.seat].flowers))
    meld_kinds: list[int] = []
    for meld in melds:
        kinds = [tile >> 2 for tile in meld.tiles]
        meld_kinds += kinds
        han += sum(dora[kind] for kind in kinds)
        if not meld.is_sequence:
            han += yakuhai[meld.kind]
    for kind in range(KIND_COUNT):
        count = counts[kind]
        if count:
            han += dora[kind] * count
            if yakuhai[kind]:
                if count >= 3:
                    han += yakuhai[kind]
                elif count == 2:
                    han += 0.45 * yakuhai[kind]
    tiles = sum(counts) + len(meld_kinds)
    non_simple = sum(counts[kind] for kind in YAOCHUU) + sum(1 for kind in meld_kinds if kind in YAOCHUU)
    if (closed or rules.kuitan) and not any(kind in YAOCHUU for kind in meld_kinds):
        han += {0: 1.0, 1: 0.7, 2: 0.35}.get(non_simple, 0.0)
    suits = [0, 0, 0, 0]
    for kind in range(KIND_COUNT):
        suits[suit_of_kind(kind)] += counts[kind]
    for kind in meld_kinds:
        suits[suit_of_kind(kind)] += 1
    main = max(suits[:3])
    off = tiles - main - suits[3]
    if off <= 1:
        flush = 3.0 if suits[3] else 6.0
        han += (flush if closed else flush - 1) * (0.8 if off == 0 else 0.45)
    elif off <= 3:
        han += (0.9 if closed else 0.6) * (0.5 if off == 2 else 0.25)
    if closed:
        han += 1.45  # riichi, with ura dora, ippatsu and menzen tsumo on average
    return han


def points_for_han(han: float, dealer: bool) -> float:
    """A typical ron value for a (fractional) han count, 30-40 fu below mangan."""
    table = (0.0, 1300.0, 2600.0, 5200.0, 8000.0, 8000.0, 12000.0, 12000.0, 16000.0, 16000.0, 16000.0)
    if han >= 13:
        base = 32000.0
    elif han >= 11:
        base = 24000.0
    elif han >= 10:
        base = 16000.0
    else:
        low = int(han)
        base = table[low] + (table[low + 1] - table[low]) * (han - low)
    return base * 1.5 if dealer else base
