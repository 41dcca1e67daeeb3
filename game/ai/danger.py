"""Reading the other seats: what the AI remembers of the hand (tiles passed after a riichi), how likely each
seat is to be tenpai and for how much, and how likely a tile is to deal in against it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.ai.hand import YAOCHUU, counts_of, dora_kinds, suit_of_kind
from game.view import SeatView
from rules.events import Event, KitaDeclared, MeldCalled, RoundStarted, TileDiscarded, TileDrawn
from rules.meld import Meld, MeldType
from rules.tiles import KIND_COUNT


@dataclass(frozen=True)
class Shares:
    """The constants of the deal-in model against a tenpai hand: the deal-in share of one tile per wait shape
    still possible through it, and the ``wait_mass`` the shares of the tiles not yet safe are scaled up to."""

    ryanmen: float
    kanchan: float
    penchan: float
    pair: tuple[float, float, float, float, float]  # shanpon / tanki, by unseen copies of the tile itself
    honour: tuple[float, float, float, float, float]  # by unseen copies
    # A tenpai hand waits on about this many kinds in all (of those a discard can still bring): when the tiles
    # not yet safe against it add up to less, each of them carries more (the wait has to be somewhere).
    wait_mass: float

    NAMES: ClassVar[tuple[str, ...]] = (
        *("ryanmen", "kanchan", "penchan", "pair1", "pair2", "pair3", "pair4"),
        *("honour1", "honour2", "honour3", "honour4"),
    )

    def vector(self) -> tuple[float, ...]:
        """The shares in the order of ``NAMES`` (the chance of a tile is linear in them)."""
        return (self.ryanmen, self.kanchan, self.penchan, *self.pair[1:], *self.honour[1:])

    @classmethod
    def of(cls, vector: Sequence[float], wait_mass: float) -> Shares:
        """The shares of a ``vector`` in the order of ``NAMES``."""
        if len(vector) != len(cls.NAMES):
            raise ValueError(f"{len(cls.NAMES)} shares expected, got {len(vector)}")
        ryanmen, kanchan, penchan, p1, p2, p3, p4, h1, h2, h3, h4 = vector
        return cls(ryanmen, kanchan, penchan, (0.0, p1, p2, p3, p4), (0.0, h1, h2, h3, h4), wait_mass)


# Fitted by maximum likelihood (the method of ``python -m tools.danger_fit``) to every discard made against a
# single closed riichi in logged duplicate hanchan: 1 strong and 3 kobalab seats (124, seed 48001) and four
# strong seats (800, seeds 9001 and 9201); checked on held-out logs (seeds 9101 and 48001 reruns). Against
# the shares fitted by hand before (ryanmen 0.045, kanchan 0.012, penchan 0.01), a closed wait is more often a
# kanchan or penchan: a suji 3 or 7 deals in about 6-9% of the time, not 2%. The shares of a tile with four
# copies unseen bear on no discarded tile (it was in hand), only on the sum: a refit holds them. A reader who
# does not count tiles does not scale to the wait mass.
SHARES = Shares(
    ryanmen=0.0296,
    kanchan=0.0289,
    penchan=0.0481,
    pair=(0.0, 0.0016, 0.0038, 0.0062, 0.0115),
    honour=(0.0, 0.001, 0.005, 0.0206, 0.07),
    wait_mass=1.72,
)
WAIT_MASS = SHARES.wait_mass
# What a deal-in chance counts for in a discard's cost. The strong AI's push and fold constants were tuned
# (in paired play) with the shares fitted by hand, which were about 1.5 times lower on average. At full weight
# four strong seats end about 3.4 points more of their hands in an exhaustive draw (100 duplicate games: 21.1%
# against 17.6% on seed 51, 14.7% against 11.4% on seed 52; band 12-20%), and against kobalab's AI it changed
# 9 of 200 hands for -51.5 +- 83.7 points a hand (0.5 changed 1): so the shares above set which tile is more
# dangerous, and the push/fold balance stays as tuned.
DANGER_WEIGHT = 2.0 / 3.0
_NOTHING_SEEN = (4,) * KIND_COUNT  # a reader who does not count tiles treats every wait shape as possible
DAMA_WEIGHT_PER_TURN = 0.015  # a quiet closed hand's tenpai chance per discard past the twelfth
# An open hand's chance of being tenpai by its calls: base + per discard in its river, fitted to kobalab's AI
# in 40 logged duplicate hanchan (one call: 7%, 20%, 31%, 43% at 3-5, 6-8, 9-11, 12+ discards; two calls: 25%,
# 45%, 62%, 62-80%); three calls from ~60%.
_OPEN_TENPAI = ((0.0, 0.0), (0.0, 0.033), (0.1, 0.05), (0.45, 0.04), (0.9, 0.0))
TANYAO_YAOCHUU = 0.3  # deal-in share of a terminal or honour against an open hand of simples (tanyao waits)


class Memory:
    """What a seat remembers beyond its view: the kinds passed since each seat's riichi or last discard."""

    def __init__(self) -> None:
        self.riichi_safe: list[set[int]] = []  # kinds discarded by anyone after each seat's riichi
        self.since_discard: list[set[int]] = []  # kinds passed since each seat's last discard
        self.riichi_turn: list[int | None] = []  # the river length of each seat when it declared riichi

    def observe(self, event: Event) -> None:
        """Update from one (redacted) event."""
        if isinstance(event, RoundStarted):
            n = len(event.scores)
            self.riichi_safe = [set() for _ in range(n)]
            self.since_discard = [set() for _ in range(n)]
            self.riichi_turn = [None] * n
            return
        if not self.riichi_safe:
            return
        if isinstance(event, TileDiscarded):
            self._passed(event.seat, event.tile >> 2)
            self.since_discard[event.seat] = set()
            if event.riichi:
                self.riichi_turn[event.seat] = 0
        elif isinstance(event, TileDrawn):
            self.since_discard[event.seat] = set()
        elif isinstance(event, MeldCalled) and event.meld.type is MeldType.SHOUMINKAN:
            self._passed(event.seat, event.meld.kind)
        elif isinstance(event, KitaDeclared):
            self._passed(event.seat, event.tile >> 2)

    def _passed(self, seat: int, kind: int) -> None:
        for other in range(len(self.riichi_safe)):
            if other != seat:
                self.since_discard[other].add(kind)
                if self.riichi_turn[other] is not None:
                    self.riichi_safe[other].add(kind)


@dataclass(frozen=True)
class Threat:
    """A seat that may be tenpai: how likely (``weight``), what a deal-in would cost, and which kinds are
    safe against it."""

    seat: int
    weight: float
    loss: float
    safe: frozenset[int]
    flush_suit: int | None  # an open hand going for one suit: other suits are nearly safe
    simples: bool = False  # an open hand whose melds are all simples (tanyao): terminals and honours safer


def threats(view: SeatView, memory: Memory) -> list[Threat]:
    """Every other seat with a chance of being tenpai, with its weight and the value of dealing in."""
    dora = dora_kinds(view)
    found = []
    for seat, player in enumerate(view.players):
        if seat == view.seat:
            continue
        dealer = seat == view.dealer
        river_kinds = {river_tile.tile >> 2 for river_tile in player.river}
        safe = set(river_kinds)
        if memory.since_discard and seat < len(memory.since_discard):
            safe |= memory.since_discard[seat]
            safe |= memory.riichi_safe[seat]
        open_melds = [meld for meld in player.melds if meld.type is not MeldType.ANKAN]
        flush_suit = None
        simples = False
        if player.riichi:
            weight = 1.0
            loss = (
                5200.0
                + 1600.0 * _visible_dora(player.melds, dora)
                + 1000.0 * (len(player.kita) + len(player.flowers))
            )
        elif open_melds:
            count = len(open_melds)
            base, per_discard = _OPEN_TENPAI[min(count, 4)]
            weight = min(0.95, base + per_discard * len(player.river))
            loss = (
                2600.0
                + 2000.0 * _visible_dora(player.melds, dora)
                + 1000.0 * (len(player.kita) + len(player.flowers))
            )
            loss += 1500.0 * sum(1 for meld in open_melds if meld.kind >= 31 and not meld.is_sequence)
            suits = {suit_of_kind(tile >> 2) for meld in player.melds for tile in meld.tiles} - {3}
            if len(suits) == 1 and count >= 2:
                flush_suit = next(iter(suits))
                loss += 2600.0
            simples = all(tile >> 2 not in YAOCHUU for meld in player.melds for tile in meld.tiles)
        else:
            late = len(player.river) - 12
            if late <= 0:
                continue
            weight = min(0.15, DAMA_WEIGHT_PER_TURN * late)  # a closed hand may be dama late in the hand
            if weight <= 0:
                continue
            loss = 4000.0
        found.append(
            Threat(seat, weight, loss * (1.5 if dealer else 1.0), frozenset(safe), flush_suit, simples)
        )
    return found


def _visible_dora(melds: Sequence[Meld], dora: Sequence[int]) -> int:
    return sum(dora[tile >> 2] for meld in melds for tile in meld.tiles)


def deal_in_chance(
    kind: int, threat: Threat, unseen: Sequence[int], *, counts_tiles: bool = True, shares: Shares = SHARES
) -> float:
    """Probability-like share that ``kind`` deals in against a tenpai ``threat``: genbutsu, suji, honours by
    copies seen and, when ``counts_tiles``, kabe and one-chance and the copies of the tile itself (linear in
    the ``shares``)."""
    if kind in threat.safe:
        return 0.0
    if kind >= 27:
        chance = shares.honour[unseen[kind]]
        if threat.simples:
            return chance * TANYAO_YAOCHUU
        return chance * 0.3 if threat.flush_suit is not None and unseen[kind] < 3 else chance
    rank = kind % 9
    seen: Sequence[int] = unseen if counts_tiles else _NOTHING_SEEN
    chance = shares.pair[seen[kind]]
    safe = threat.safe
    # ryanmen below (rank-2, rank-1) waits on rank-3 and rank: killed by suji or by an exhausted shape tile
    if rank >= 2:
        shape = min(seen[kind - 1], seen[kind - 2]) / 4.0
        if rank == 2:
            chance += shares.penchan * shape
        elif kind - 3 not in safe:
            chance += shares.ryanmen * shape
    if rank <= 6:
        shape = min(seen[kind + 1], seen[kind + 2]) / 4.0
        if rank == 6:
            chance += shares.penchan * shape
        elif kind + 3 not in safe:
            chance += shares.ryanmen * shape
    if 1 <= rank <= 7:
        chance += shares.kanchan * min(seen[kind - 1], seen[kind + 1]) / 4.0
    if threat.flush_suit is not None:
        chance *= 1.6 if kind // 9 == threat.flush_suit else 0.15
    if threat.simples and rank in (0, 8):
        chance *= TANYAO_YAOCHUU
    return chance


def deal_in_chances(
    threat: Threat,
    unseen: Sequence[int],
    held: Sequence[int],
    *,
    counts_tiles: bool = True,
    shares: Shares = SHARES,
) -> list[float]:
    """``deal_in_chance`` of every kind against ``threat``; when ``counts_tiles``, scaled up together so that
    the kinds a discard can still bring (``unseen`` or ``held`` in one's own hand) carry at least the
    ``wait_mass``: the fewer the tiles left unsafe, the likelier each of them."""
    chances = [
        deal_in_chance(kind, threat, unseen, counts_tiles=counts_tiles, shares=shares)
        for kind in range(KIND_COUNT)
    ]
    if counts_tiles:
        mass = sum(chance for kind, chance in enumerate(chances) if unseen[kind] or held[kind])
        if 0.0 < mass < shares.wait_mass:
            scale = shares.wait_mass / mass
            chances = [chance * scale for chance in chances]
    return chances


def danger_costs(
    view: SeatView, found: Sequence[Threat], unseen: Sequence[int], *, counts_tiles: bool = True
) -> list[float]:
    """Expected points lost by discarding each kind now, summed over the threats."""
    costs = [0.0] * KIND_COUNT
    held = counts_of(view.hand)
    for threat in found:
        factor = threat.weight * threat.loss * DANGER_WEIGHT
        chances = deal_in_chances(threat, unseen, held, counts_tiles=counts_tiles)
        for kind in range(KIND_COUNT):
            costs[kind] += factor * chances[kind]
    return costs


DANGER_REASONS = ("genbutsu", "suji", "kabe", "one_chance", "honour", "none")
"""Why a tile is as safe as it is against one threat, strongest first (see ``danger_reason``)."""


def danger_reason(kind: int, threat: Threat, unseen: Sequence[int]) -> str:
    """The reading behind ``deal_in_chance`` for ``kind`` against ``threat``, as one of ``DANGER_REASONS``:
    passed since the threat's riichi or in its river (genbutsu), an honour, both sequence waits through the
    tile ruled out by suji, or by the copies in sight of the tiles they need (none left: kabe; one left:
    one-chance); "none" when nothing makes it safer."""
    if kind in threat.safe:
        return "genbutsu"
    if kind >= 27:
        return "honour"
    rank = kind % 9
    sides = []  # (suji tile, the two shape tiles) of each two-sided wait the tile could complete
    if rank >= 3:
        sides.append((kind - 3, (kind - 1, kind - 2)))
    if rank <= 5:
        sides.append((kind + 3, (kind + 1, kind + 2)))
    open_sides = [shape for suji, shape in sides if suji not in threat.safe]
    if not open_sides:
        return "suji"
    fewest = max(min(unseen[tile] for tile in shape) for shape in open_sides)
    if fewest == 0:
        return "kabe"
    if fewest == 1:
        return "one_chance"
    return "none"
