"""The hand as a state machine: ``legal_actions`` says what each waiting seat may do, ``apply`` resolves all
their answers at once and runs every automatic step (draws, dora reveals, riichi acceptance, exhaustive and
abortive draws) to the next decision. States are immutable; a hand is fully described by its rules, wall and
actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from rules.actions import (
    PASS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Flower,
    Kita,
    Kyuushu,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from rules.chips import win_chips
from rules.decomposition import regular_readings
from rules.events import (
    AbortiveDraw,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    FlowerRevealed,
    HandWon,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundEnded,
    RoundStarted,
    TileDiscarded,
    TileDrawn,
)
from rules.match import HandOutcome
from rules.meld import Meld, MeldType
from rules.points import base_points, hand_payments
from rules.ruleset import RuleSet
from rules.scoring import HandError, HandValue, WinSituation, nagashi_mangan_value, score_hand
from rules.shanten import shanten as shanten_of
from rules.shanten import waits as waits_of
from rules.tiles import (
    DRAGONS,
    NORTH,
    TERMINALS_AND_HONORS,
    TILE_COUNT,
    WINDS,
    is_terminal_or_honor,
    kind_name,
    tile_name,
)
from rules.wall import Wall

_YAOCHUU = frozenset(TERMINALS_AND_HONORS)
_FLOWER_KIND = frozenset({TILE_COUNT >> 2})  # every flower's id >> 2
_Frozen = TypeVar("_Frozen", "RoundState", "PlayerState", "RiverTile")


class Phase(Enum):
    """Whose decision the hand waits for."""

    TURN = "turn"  # the seat to move holds 3n+2 tiles after a draw
    AFTER_CALL = "after_call"  # the seat called chi or pon and must discard
    CLAIM = "claim"  # the others may ron, pon, kan or chi the discard
    CHANKAN = "chankan"  # the others may rob a kan
    KITA_CLAIM = "kita_claim"  # the others may ron a North set aside
    ENDED = "ended"


class IllegalActionError(ValueError):
    """An action that is not among the seat's legal actions; the message names the action and why."""


@dataclass(frozen=True)
class RiverTile:
    """A discard as it lies in the river."""

    tile: int
    tsumogiri: bool
    riichi: bool
    called: bool = False


@dataclass(frozen=True)
class PlayerState:
    """One seat's tiles and flags."""

    hand: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    river: tuple[RiverTile, ...] = ()
    kita: tuple[int, ...] = ()
    flowers: tuple[int, ...] = ()  # set aside (the flowers option); one still in hand is not in a 34-count
    riichi: int = 0  # 0 none, 1 riichi, 2 double riichi
    ippatsu: bool = False
    temporary_furiten: bool = False
    riichi_furiten: bool = False
    waits: tuple[int, ...] = ()  # of the hand while it holds 3n+1 tiles
    discards: int = 0

    @property
    def is_closed(self) -> bool:
        """No called meld (ankan keeps a hand closed)."""
        return all(meld.type is MeldType.ANKAN for meld in self.melds)

    @property
    def kans(self) -> int:
        """How many kans the seat has."""
        return sum(1 for meld in self.melds if meld.is_kan)

    def held_counts(self) -> list[int]:
        """34-count of every tile the seat holds, melds included."""
        counts = _counts(self.hand)
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile >> 2] += 1
        return counts

    def is_furiten(self) -> bool:
        """Any of the three kinds of furiten (RULES.md §3)."""
        if self.riichi_furiten or self.temporary_furiten:
            return True
        discarded = {river_tile.tile >> 2 for river_tile in self.river}
        return any(kind in discarded for kind in self.waits)


@dataclass(frozen=True)
class RoundState:
    """A hand in progress: the wall, every seat, and the decision the hand is waiting for."""

    rules: RuleSet
    wall: Wall
    round_wind: int
    kyoku: int
    honba: int
    riichi_sticks: int
    dealer: int
    scores: tuple[int, ...]
    start_scores: tuple[int, ...]
    start_sticks: int
    players: tuple[PlayerState, ...]
    phase: Phase
    seat: int  # the seat to move, or whose tile the others may claim
    tile: int | None  # the tile just drawn, discarded, added to a kan or set aside
    draws: int = 0  # live draws taken (the dealer's 14th is draw 0)
    replacements: int = 0
    dora_revealed: int = 1
    pending_dora: int = 0  # open-kan dora still to turn over after the discard
    rinshan_turn: bool = False
    uninterrupted: bool = True  # no call, kan or kita yet this hand
    kuikae: frozenset[int] = frozenset()
    pending_riichi: bool = False
    pao: tuple[int | None, ...] = ()  # per seat: who pays by responsibility for its big dragons / winds
    kan_from: int | None = None  # the discarder of a daiminkan tile during the replacement turn
    suukaikan_pending: bool = False
    consecutive_kans: int = 0
    kan_kind: MeldType | None = None  # the kan being robbed in CHANKAN
    dealer_wins: int = 0  # the dealer's wins in a row before this hand (paarenchan)
    ended: RoundEnded | None = None

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def tiles_left(self) -> int:
        """Live draws still to come (a flower's replacement after the last tile takes none: never below 0)."""
        left = self.wall.live_draws(self.replacements) - self.draws
        return left if left > 0 else 0

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """The dora indicators turned over so far."""
        return tuple(self.wall.dora_indicator(index) for index in range(self.dora_revealed))

    def seat_wind(self, seat: int) -> int:
        """0..3 = East South West North for a seat this hand."""
        return (seat - self.dealer) % self.n


def start_round(
    rules: RuleSet,
    wall: Wall,
    *,
    round_wind: int = 0,
    kyoku: int = 0,
    honba: int = 0,
    riichi_sticks: int = 0,
    scores: Sequence[int] | None = None,
    dealer: int | None = None,
    dealer_wins: int = 0,
) -> tuple[RoundState, tuple[Event, ...]]:
    """Deal a hand from a wall and let the dealer draw; returns the first decision state and its events."""
    n = rules.players
    if wall.players != n:
        raise ValueError(f"a {wall.players}-player wall for a {n}-player rule set")
    if wall.flowers != rules.flowers:
        have = "with" if wall.flowers else "without"
        raise ValueError(
            f"a wall {have} flowers for a rule set that {'has' if rules.flowers else 'has no'} flowers"
        )
    dealer = kyoku % n if dealer is None else dealer
    start = tuple(scores) if scores is not None else (rules.start_points,) * n
    hands: list[tuple[int, ...]] = [()] * n
    for offset in range(n):
        hands[(dealer + offset) % n] = tuple(sorted(wall.hand(offset)))
    players = tuple(_with_waits(PlayerState(hand=hand), rules) for hand in hands)
    state = RoundState(
        rules=rules,
        wall=wall,
        round_wind=round_wind,
        kyoku=kyoku,
        honba=honba,
        riichi_sticks=riichi_sticks,
        dealer=dealer,
        scores=start,
        start_scores=start,
        start_sticks=riichi_sticks,
        players=players,
        phase=Phase.TURN,
        seat=dealer,
        tile=None,
        pao=(None,) * n,
        dealer_wins=dealer_wins,
    )
    events: list[Event] = [
        RoundStarted(
            round_wind=round_wind,
            kyoku=kyoku,
            honba=honba,
            riichi_sticks=riichi_sticks,
            dealer=dealer,
            scores=start,
            dora_indicator=wall.dora_indicator(0),
            hands=tuple(hands),
            tiles_left=state.tiles_left,
        )
    ]
    state = _draw(state, dealer, rinshan=False, events=events)
    return state, tuple(events)


# --- legal actions ---------------------------------------------------------------------------------------


def legal_actions(state: RoundState) -> dict[int, tuple[Action, ...]]:
    """What each seat the hand waits for may do (a seat with nothing but Pass is not asked)."""
    phase = state.phase
    if phase is Phase.TURN:
        return {state.seat: _turn_actions(state)}
    if phase is Phase.AFTER_CALL:
        return {state.seat: _discard_actions(state, state.players[state.seat], allow_riichi=False)}
    if phase is Phase.CLAIM:
        return _claim_actions(state)
    if phase is Phase.CHANKAN:
        return _rob_actions(state, chankan=True)
    if phase is Phase.KITA_CLAIM:
        return _rob_actions(state, chankan=False)
    return {}


def _turn_actions(state: RoundState) -> tuple[Action, ...]:
    seat = state.seat
    player = state.players[seat]
    drawn = state.tile
    assert drawn is not None
    rules = state.rules
    actions: list[Action] = []
    if drawn >> 2 in player.waits and _win_value(state, seat, drawn, tsumo=True) is not None:
        actions.append(Tsumo())
    if (
        rules.kyuushu_kyuuhai
        and state.uninterrupted
        and player.discards == 0
        and len({tile >> 2 for tile in player.hand} & _YAOCHUU) >= 9
    ):
        actions.append(Kyuushu())
    counts = _counts(player.hand)
    if _can_kan(state):
        for kind in sorted({tile >> 2 for tile in player.hand if tile < TILE_COUNT}):
            if counts[kind] == 4 and (not player.riichi or _riichi_ankan_ok(state, player, kind)):
                actions.append(Ankan(kind))
        if not player.riichi:
            for meld in player.melds:
                if meld.type is MeldType.PON:
                    for tile in player.hand:
                        if tile >> 2 == meld.kind:
                            actions.append(Shouminkan(tile))
    if rules.three_player and rules.kita_dora and state.tiles_left > 0:
        norths = [tile for tile in player.hand if tile >> 2 == NORTH]
        if player.riichi:
            norths = [tile for tile in norths if tile == drawn]
        actions.extend(Kita(tile) for tile in norths[:1])
    if rules.flowers:
        # Any flower in hand, at any own turn, even after the last live tile (its replacement comes from the
        # dead wall); after riichi only the drawn one (the hand is tenpai, so it holds no other).
        actions.extend(Flower(tile) for tile in sorted(player.hand) if tile >= TILE_COUNT)
    actions.extend(_discard_actions(state, player, allow_riichi=True))
    return tuple(actions)


def _discard_actions(state: RoundState, player: PlayerState, *, allow_riichi: bool) -> tuple[Action, ...]:
    drawn = state.tile if state.phase is Phase.TURN else None
    if player.riichi:
        assert drawn is not None
        return (Discard(drawn),) if drawn < TILE_COUNT else ()  # a drawn flower is set aside, never discarded
    rules = state.rules
    red_fives = rules.red_five_ids
    # kuikae's kinds, and with flowers the flowers' id >> 2 (a flower is set aside, never discarded)
    forbidden = state.kuikae | _FLOWER_KIND if rules.flowers else state.kuikae
    # The drawn tile (tsumogiri) and one copy of each other kind / red-ness in hand; discarding a copy of the
    # drawn tile from the hand is a different action (not tsumogiri), so it is offered too.
    options: list[int] = [drawn] if drawn is not None and drawn >> 2 not in forbidden else []
    seen: set[tuple[int, bool]] = set()
    for tile in player.hand:
        signature = (tile >> 2, tile in red_fives)
        if tile == drawn or tile >> 2 in forbidden or signature in seen:
            continue
        seen.add(signature)
        options.append(tile)
    actions: list[Action] = [Discard(tile) for tile in options]
    if (
        allow_riichi
        and _may_riichi(state, player)
        and not (rules.flowers and _holds_flower(player))
        and _shanten(_counts(player.hand), state) <= 0
    ):
        held = player.held_counts()
        base = _counts(player.hand)
        for tile in options:
            base[tile >> 2] -= 1
            held[tile >> 2] -= 1
            waits = waits_of(base, three_player=state.rules.three_player, held=held)
            if waits and (state.rules.karaten_riichi == "allowed" or _any_unseen(state, player, waits, tile)):
                actions.append(Discard(tile, riichi=True))
            base[tile >> 2] += 1
            held[tile >> 2] += 1
    return tuple(actions)


def _any_unseen(state: RoundState, player: PlayerState, waits: Sequence[int], discard: int) -> bool:
    """Whether some wait still has a copy the player cannot see (karaten riichi as chombo: RULES.md §2.4)."""
    seen = player.held_counts()
    for other in state.players:
        for river_tile in other.river:
            seen[river_tile.tile >> 2] += not river_tile.called
        if other is not player:
            for meld in other.melds:
                for tile in meld.tiles:
                    seen[tile >> 2] += 1
        for tile in other.kita:
            seen[tile >> 2] += other is not player
    for indicator in state.dora_indicators:
        seen[indicator >> 2] += 1
    seen[discard >> 2] += 1  # the declaration tile goes to the river
    return any(seen[kind] < 4 for kind in waits)


def _shanten(counts: list[int], state: RoundState) -> int:
    return shanten_of(counts, three_player=state.rules.three_player)


def _may_riichi(state: RoundState, player: PlayerState) -> bool:
    rules = state.rules
    return (
        not player.riichi
        and player.is_closed
        and state.scores[state.seat] >= rules.riichi_min_points
        and state.tiles_left >= rules.riichi_min_tiles
    )


def _can_kan(state: RoundState) -> bool:
    """A kan needs a live tile left, fewer than four kans, and nobody holding four."""
    if state.tiles_left <= 0:
        return False
    kans = [player.kans for player in state.players]
    return sum(kans) < 4 and max(kans) < 4


def _riichi_ankan_ok(state: RoundState, player: PlayerState, kind: int) -> bool:
    """After riichi, an ankan only of the drawn tile, only if the waits (or the composition) stay the same."""
    drawn = state.tile
    if drawn is None or drawn >> 2 != kind:
        return False
    counts = _counts(player.hand)
    counts[kind] -= 1
    before = player.waits
    counts_after = list(counts)
    counts_after[kind] -= 3
    held = player.held_counts()
    after = waits_of(counts_after, three_player=state.rules.three_player, held=held)
    if tuple(after) != tuple(before) or not before:
        return False
    if state.rules.riichi_ankan == "composition":
        for wait in before:
            complete = list(counts)
            complete[wait] += 1
            if any(kind not in triplets for _, _, triplets in regular_readings(complete)):
                return False
    return True


def _claim_actions(state: RoundState) -> dict[int, tuple[Action, ...]]:
    tile = state.tile
    assert tile is not None
    kind = tile >> 2
    discarder = state.seat
    rules = state.rules
    result: dict[int, tuple[Action, ...]] = {}
    last_tile = state.tiles_left <= 0
    for offset in range(1, state.n):
        seat = (discarder + offset) % state.n
        player = state.players[seat]
        actions: list[Action] = []
        if kind in player.waits and not player.is_furiten() and _win_value(state, seat, tile, tsumo=False):
            actions.append(Ron())
        if not last_tile and not player.riichi:
            same = [t for t in player.hand if t >> 2 == kind]
            if len(same) >= 2:
                for pair in _distinct_pairs(same, rules):
                    if _has_discard_after_call(state, player, pair, kind, None):
                        actions.append(Pon(pair))
            if len(same) == 3 and _can_kan(state):
                actions.append(Daiminkan())
            if not rules.three_player and offset == 1 and kind < 27:
                for pair in _chi_pairs(player.hand, kind, rules):
                    if _has_discard_after_call(state, player, pair, kind, _sequence_start(pair, kind)):
                        actions.append(Chi(pair))
        if actions:
            actions.append(PASS)
            result[seat] = tuple(actions)
    return result


def _rob_actions(state: RoundState, *, chankan: bool) -> dict[int, tuple[Action, ...]]:
    tile = state.tile
    assert tile is not None
    result: dict[int, tuple[Action, ...]] = {}
    for offset in range(1, state.n):
        seat = (state.seat + offset) % state.n
        player = state.players[seat]
        if tile >> 2 not in player.waits or player.is_furiten():
            continue
        if chankan and state.kan_kind is MeldType.ANKAN and not _is_kokushi_wait(player):
            continue
        if _win_value(state, seat, tile, tsumo=False) is not None:
            result[seat] = (Ron(), PASS)
    return result


def _is_kokushi_wait(player: PlayerState) -> bool:
    return not player.melds and all(tile >> 2 in _YAOCHUU for tile in player.hand)


def _distinct_pairs(tiles: Sequence[int], rules: RuleSet) -> list[tuple[int, int]]:
    """Two-tile choices that differ only in red fives (a choice of which to keep)."""
    red = rules.red_five_ids
    plain = [t for t in tiles if t not in red]
    reds = [t for t in tiles if t in red]
    pairs: list[tuple[int, int]] = []
    if len(plain) >= 2:
        pairs.append((plain[0], plain[1]))
    if reds and plain:
        pairs.append(tuple(sorted((reds[0], plain[0]))))  # type: ignore[arg-type]
    if len(reds) >= 2:
        pairs.append((reds[0], reds[1]))
    return pairs


def _chi_pairs(hand: Sequence[int], kind: int, rules: RuleSet) -> list[tuple[int, int]]:
    suit_start = kind - kind % 9
    pairs: list[tuple[int, int]] = []
    for low, high in ((kind - 2, kind - 1), (kind - 1, kind + 1), (kind + 1, kind + 2)):
        if low < suit_start or high > suit_start + 8:
            continue
        lows = [t for t in hand if t >> 2 == low]
        highs = [t for t in hand if t >> 2 == high]
        for a in _distinct_singles(lows, rules):
            for b in _distinct_singles(highs, rules):
                pairs.append((a, b))
    return pairs


def _distinct_singles(tiles: Sequence[int], rules: RuleSet) -> list[int]:
    red = rules.red_five_ids
    choices: list[int] = []
    for wanted in (False, True):
        for tile in tiles:
            if (tile in red) == wanted:
                choices.append(tile)
                break
    return choices


def _sequence_start(pair: tuple[int, int], kind: int) -> int:
    return min(pair[0] >> 2, pair[1] >> 2, kind)


def _kuikae_kinds(rules: RuleSet, called_kind: int, sequence_start: int | None) -> frozenset[int]:
    """Kinds that may not be discarded right after a call (RULES.md §2.3)."""
    if rules.kuikae == "allowed":
        return frozenset()
    forbidden = {called_kind}
    if rules.kuikae == "forbidden" and sequence_start is not None:
        if called_kind == sequence_start and called_kind % 9 <= 5:
            forbidden.add(called_kind + 3)
        elif called_kind == sequence_start + 2 and called_kind % 9 >= 3:
            forbidden.add(called_kind - 3)
    return frozenset(forbidden)


def _has_discard_after_call(
    state: RoundState, player: PlayerState, pair: tuple[int, int], kind: int, sequence_start: int | None
) -> bool:
    forbidden = _kuikae_kinds(state.rules, kind, sequence_start)
    rest = list(player.hand)
    rest.remove(pair[0])
    rest.remove(pair[1])
    return any(tile >> 2 not in forbidden and tile < TILE_COUNT for tile in rest)


# --- scoring a possible win ------------------------------------------------------------------------------


def _win_situation(
    state: RoundState, seat: int, tile: int, *, tsumo: bool, sticks: int, honba: int
) -> WinSituation:
    player = state.players[seat]
    rules = state.rules
    first_turn = state.uninterrupted and player.discards == 0
    riichi = player.riichi
    ura: tuple[int, ...] = ()
    if riichi and rules.ura_dora:
        count = state.dora_revealed if rules.kan_ura else 1
        ura = tuple(state.wall.ura_indicator(index) for index in range(count))
    phase = state.phase
    robbing = phase is Phase.CHANKAN
    return WinSituation(
        win_tile=tile,
        is_tsumo=tsumo,
        discarder=None if tsumo else (state.seat - seat) % state.n,
        riichi=riichi == 1,
        double_riichi=riichi == 2,
        ippatsu=player.ippatsu and rules.ippatsu,
        haitei=tsumo and not state.rinshan_turn and state.tiles_left <= 0,
        houtei=not tsumo and phase is Phase.CLAIM and state.tiles_left <= 0,
        rinshan=tsumo and state.rinshan_turn,
        chankan=robbing,
        # A kan or kita ends the uninterrupted first go-around; a flower's replacement does not.
        tenhou=tsumo and first_turn and seat == state.dealer,
        chiihou=tsumo and first_turn and seat != state.dealer,
        renhou=not tsumo and first_turn and seat != state.dealer and rules.renhou != "off",
        seat_wind=state.seat_wind(seat),
        round_wind=state.round_wind,
        dora_indicators=state.dora_indicators,
        ura_indicators=ura,
        honba=honba,
        riichi_sticks=sticks,
        kita=len(player.kita),
        flowers=len(player.flowers),
        consecutive_kans=state.consecutive_kans,
        paarenchan=seat == state.dealer and state.dealer_wins >= 7,
    )


def _win_value(
    state: RoundState, seat: int, tile: int, *, tsumo: bool, sticks: int = 0, honba: int = 0
) -> HandValue | None:
    """The value of a win by ``seat`` on ``tile``, or None when the hand has no yaku.

    Without atozuke (sakizuke, RULES.md §2.1) every wait of the hand must give a yaku, not only this tile.
    """
    player = state.players[seat]
    concealed = player.hand if tsumo else (*player.hand, tile)
    situation = _win_situation(state, seat, tile, tsumo=tsumo, sticks=sticks, honba=honba)
    try:
        value = score_hand(concealed, player.melds, situation, state.rules)
    except HandError:
        return None
    if not state.rules.atozuke and not _every_wait_has_yaku(state, seat, tile, tsumo=tsumo):
        return None
    return value


def _every_wait_has_yaku(state: RoundState, seat: int, tile: int, *, tsumo: bool) -> bool:
    player = state.players[seat]
    waiting = list(player.hand)
    if tsumo:
        waiting.remove(tile)
    for kind in player.waits:
        if kind == tile >> 2:
            continue
        other = kind * 4 + next(copy for copy in range(4) if kind * 4 + copy not in waiting)
        situation = _win_situation(state, seat, other, tsumo=tsumo, sticks=0, honba=0)
        try:
            score_hand((*waiting, other), player.melds, situation, state.rules)
        except HandError:
            return False
    return True


# --- applying answers ------------------------------------------------------------------------------------


def apply(state: RoundState, choices: Mapping[int, Action]) -> tuple[RoundState, tuple[Event, ...]]:
    """Apply every waiting seat's answer at once; runs on to the next decision and returns its events."""
    legal = legal_actions(state)
    if not legal:
        raise IllegalActionError("the hand is over: no action is expected")
    for seat, action in choices.items():
        if seat not in legal:
            raise IllegalActionError(f"{action} by seat {seat}: that seat has no decision to make now")
    for seat, options in legal.items():
        if seat not in choices:
            raise IllegalActionError(f"seat {seat} must answer (one of {len(options)} legal actions)")
        if choices[seat] not in options and not _is_equivalent(state, seat, choices[seat], options):
            raise IllegalActionError(
                f"{choices[seat]} by seat {seat} is not legal now ({_why_illegal(state, seat)})"
            )
    events: list[Event] = []
    phase = state.phase
    if phase is Phase.TURN or phase is Phase.AFTER_CALL:
        state = _apply_turn(state, choices[state.seat], events)
    elif phase is Phase.CLAIM:
        state = _resolve_claims(state, choices, events)
    else:
        state = _resolve_robbing(state, choices, events)
    return state, tuple(events)


def _is_equivalent(state: RoundState, seat: int, action: Action, options: tuple[Action, ...]) -> bool:
    """Whether ``action`` names other physical copies of an offered action's tiles (same kind and red-ness).

    Legal lists offer one copy of each kind; a log or a person may name another copy, which plays the same.
    """
    hand = state.players[seat].hand
    red = state.rules.red_five_ids

    def signature(tile: int) -> tuple[int, bool]:
        return tile >> 2, tile in red

    if isinstance(action, Discard):
        if action.tile not in hand:
            return False
        drawn = state.tile if state.phase is Phase.TURN else None
        return any(
            isinstance(option, Discard)
            and option.riichi == action.riichi
            and signature(option.tile) == signature(action.tile)
            and (option.tile == drawn) == (action.tile == drawn)
            for option in options
        )
    if isinstance(action, Pon | Chi):
        if not all(tile in hand for tile in action.tiles) or action.tiles[0] == action.tiles[1]:
            return False
        wanted = sorted(signature(tile) for tile in action.tiles)
        return any(
            isinstance(option, type(action)) and sorted(signature(tile) for tile in option.tiles) == wanted
            for option in options
            if isinstance(option, Pon | Chi)
        )
    if isinstance(action, Shouminkan | Kita):
        return action.tile in hand and any(
            isinstance(option, type(action)) and signature(option.tile) == signature(action.tile)
            for option in options
            if isinstance(option, Shouminkan | Kita)
        )
    return False


def _why_illegal(state: RoundState, seat: int) -> str:
    phase = state.phase
    if phase is Phase.TURN:
        return f"seat {seat} has drawn {tile_name(state.tile) if state.tile is not None else '?'}"
    if phase is Phase.AFTER_CALL:
        return f"seat {seat} must discard after its call" + (
            f", not {', '.join(kind_name(k) for k in sorted(state.kuikae))} (kuikae)" if state.kuikae else ""
        )
    tile = tile_name(state.tile) if state.tile is not None else "?"
    return f"seat {seat} may only answer the {phase.value} on {tile}"


def _apply_turn(state: RoundState, action: Action, events: list[Event]) -> RoundState:
    seat = state.seat
    if isinstance(action, Tsumo):
        assert state.tile is not None
        return _end_with_wins(state, [seat], state.tile, tsumo=True, events=events)
    if isinstance(action, Kyuushu):
        return _abort(state, "kyuushu_kyuuhai", seat, events, hand=state.players[seat].hand)
    if isinstance(action, Ankan):
        return _declare_kan(state, seat, action.kind, MeldType.ANKAN, events)
    if isinstance(action, Shouminkan):
        return _declare_kan(state, seat, action.tile >> 2, MeldType.SHOUMINKAN, events, tile=action.tile)
    if isinstance(action, Kita):
        return _declare_kita(state, seat, action.tile, events)
    if isinstance(action, Flower):
        return _set_flower_aside(state, seat, action.tile, events)
    assert isinstance(action, Discard)
    return _discard(state, seat, action.tile, action.riichi, events)


def _discard(state: RoundState, seat: int, tile: int, riichi: bool, events: list[Event]) -> RoundState:
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(tile)
    tsumogiri = state.phase is Phase.TURN and tile == state.tile
    riichi_level = player.riichi
    if riichi:
        riichi_level = 2 if state.uninterrupted and player.discards == 0 else 1
    player = _evolve(
        player,
        hand=tuple(hand),
        river=(*player.river, RiverTile(tile, tsumogiri, riichi)),
        riichi=riichi_level,
        ippatsu=False,
        discards=player.discards + 1,
    )
    player = _with_waits(player, state.rules)
    state = _replace_player(state, seat, player)
    state = _evolve(
        state,
        phase=Phase.CLAIM,
        seat=seat,
        tile=tile,
        kuikae=frozenset(),
        pending_riichi=riichi,
        rinshan_turn=False,
        kan_from=None,
        consecutive_kans=0,
    )
    events.append(TileDiscarded(seat=seat, tile=tile, tsumogiri=tsumogiri, riichi=riichi))
    state = _reveal_pending_dora(state, events)
    if not legal_actions(state):
        return _discard_stands(state, events)
    return state


def _reveal_pending_dora(state: RoundState, events: list[Event]) -> RoundState:
    for _ in range(state.pending_dora):
        state = _evolve(state, dora_revealed=state.dora_revealed + 1)
        events.append(DoraRevealed(state.wall.dora_indicator(state.dora_revealed - 1)))
    return _evolve(state, pending_dora=0)


def _passers_furiten(state: RoundState, skip: Sequence[int] = ()) -> RoundState:
    """Everyone who let a winning tile go by is furiten until their next draw (for good, after riichi)."""
    tile = state.tile
    assert tile is not None
    players = list(state.players)
    for seat, player in enumerate(players):
        if seat == state.seat or seat in skip or tile >> 2 not in player.waits:
            continue
        players[seat] = _evolve(
            player, temporary_furiten=True, riichi_furiten=player.riichi_furiten or bool(player.riichi)
        )
    return _evolve(state, players=tuple(players))


def _accept_riichi(state: RoundState, events: list[Event]) -> RoundState:
    if not state.pending_riichi:
        return state
    seat = state.seat
    scores = list(state.scores)
    scores[seat] -= 1000
    player = _evolve(state.players[seat], ippatsu=True)
    state = _replace_player(state, seat, player)
    state = _evolve(state, scores=tuple(scores), riichi_sticks=state.riichi_sticks + 1, pending_riichi=False)
    events.append(RiichiAccepted(seat=seat, scores=state.scores, riichi_sticks=state.riichi_sticks))
    return state


def _discard_stands(state: RoundState, events: list[Event]) -> RoundState:
    """Nobody claimed the discard: furiten, riichi acceptance, abortive-draw checks, then the next draw."""
    rules = state.rules
    state = _passers_furiten(state)
    state = _accept_riichi(state, events)
    n = state.n
    if rules.suucha_riichi and n == 4 and all(player.riichi for player in state.players):
        return _abort(state, "suucha_riichi", None, events)
    if (
        rules.suufon_renda
        and n == 4
        and state.uninterrupted
        and all(player.discards == 1 for player in state.players)
    ):
        first = {player.river[0].tile >> 2 for player in state.players}
        if len(first) == 1 and next(iter(first)) in WINDS:
            return _abort(state, "suufon_renda", None, events)
    if state.suukaikan_pending:
        return _abort(state, "suukaikan", None, events)
    return _draw(state, (state.seat + 1) % n, rinshan=False, events=events)


def _draw(state: RoundState, seat: int, *, rinshan: bool, events: list[Event]) -> RoundState:
    if rinshan:
        tile = state.wall.rinshan_tile(state.replacements)
        state = _evolve(state, replacements=state.replacements + 1)
        player = state.players[seat]
    else:
        if state.tiles_left <= 0:
            return _exhaustive_draw(state, events)
        tile = state.wall.live_tile(state.draws)
        state = _evolve(state, draws=state.draws + 1)
        player = _evolve(state.players[seat], temporary_furiten=False)
    player = _evolve(player, hand=tuple(sorted((*player.hand, tile))))
    state = _replace_player(state, seat, player)
    state = _evolve(state, phase=Phase.TURN, seat=seat, tile=tile, rinshan_turn=rinshan, kuikae=frozenset())
    events.append(TileDrawn(seat=seat, tile=tile, rinshan=rinshan, tiles_left=state.tiles_left))
    return state


# --- calls and kans --------------------------------------------------------------------------------------


def _resolve_claims(state: RoundState, choices: Mapping[int, Action], events: list[Event]) -> RoundState:
    tile = state.tile
    assert tile is not None
    discarder = state.seat
    order = [(discarder + offset) % state.n for offset in range(1, state.n)]
    rons = [seat for seat in order if isinstance(choices.get(seat), Ron)]
    if rons:
        rules = state.rules
        if len(rons) >= 3:
            if rules.triple_ron == "abortive":
                return _abort(state, "sanchahou", None, events)
            if rules.triple_ron == "two_earliest":
                rons = rons[:2]
            elif rules.triple_ron == "atamahane":
                rons = rons[:1]
        elif len(rons) == 2 and not rules.double_ron:
            rons = rons[:1]
        return _end_with_wins(state, rons, tile, tsumo=False, events=events)
    # Not winning on a winning tile, for whatever reason (even for a call), is furiten (RULES.md §3).
    state = _passers_furiten(state)
    for seat in order:
        action = choices.get(seat)
        if isinstance(action, Pon | Daiminkan):
            state = _accept_riichi(state, events)
            return _call(state, seat, action, events)
    for seat in order:
        action = choices.get(seat)
        if isinstance(action, Chi):
            state = _accept_riichi(state, events)
            return _call(state, seat, action, events)
    return _discard_stands(state, events)


def _call(state: RoundState, seat: int, action: Action, events: list[Event]) -> RoundState:
    tile = state.tile
    assert tile is not None
    discarder = state.seat
    kind = tile >> 2
    caller = state.players[seat]
    hand = list(caller.hand)
    if isinstance(action, Daiminkan):
        used = tuple(t for t in hand if t >> 2 == kind)
        meld_type = MeldType.DAIMINKAN
        sequence_start = None
    elif isinstance(action, Pon):
        used = action.tiles
        meld_type = MeldType.PON
        sequence_start = None
    else:
        assert isinstance(action, Chi)
        used = action.tiles
        meld_type = MeldType.CHI
        sequence_start = _sequence_start(action.tiles, kind)
    for used_tile in used:
        hand.remove(used_tile)
    meld = Meld(meld_type, tuple(sorted((*used, tile))), called=tile, from_seat=(discarder - seat) % state.n)
    pao = list(state.pao)
    responsible = _pao_for(caller.melds, meld, state.rules)
    if responsible:
        pao[seat] = discarder
    players = list(state.players)
    thrower = players[discarder]
    river = list(thrower.river)
    river[-1] = _evolve(river[-1], called=True)
    players[discarder] = _evolve(thrower, river=tuple(river))
    players = [_evolve(player, ippatsu=False) for player in players]
    players[seat] = _evolve(players[seat], hand=tuple(hand), melds=(*caller.melds, meld))
    state = _evolve(state, players=tuple(players), pao=tuple(pao), uninterrupted=False)
    events.append(MeldCalled(seat=seat, meld=meld, discarder=discarder))
    if meld_type is MeldType.DAIMINKAN:
        state = _evolve(state, kan_from=discarder)
        return _after_kan(state, seat, open_kan=True, events=events)
    return _evolve(
        state,
        phase=Phase.AFTER_CALL,
        seat=seat,
        tile=None,
        kuikae=_kuikae_kinds(state.rules, kind, sequence_start),
    )


def _pao_for(melds: Sequence[Meld], new: Meld, rules: RuleSet) -> bool:
    """Whether this call completes the third dragon set or fourth wind set (RULES.md §9)."""
    if rules.pao == "off" or new.type not in (MeldType.PON, MeldType.DAIMINKAN):
        return False
    kinds = {meld.kind for meld in melds if not meld.is_sequence}
    if new.kind in DRAGONS:
        return len(kinds & set(DRAGONS)) == 2
    if new.kind in WINDS:
        return len(kinds & set(WINDS)) == 3
    return False


def _declare_kan(
    state: RoundState, seat: int, kind: int, meld_type: MeldType, events: list[Event], tile: int | None = None
) -> RoundState:
    """Announce a kan; the others may rob an added kan (or, for kokushi, a closed one) before it stands."""
    player = state.players[seat]
    if tile is None:
        tile = next(t for t in player.hand if t >> 2 == kind)
    events.append(MeldCalled(seat=seat, meld=_kan_meld(player, kind, meld_type, tile), discarder=None))
    # A previous open kan's dora still pending is turned over once this kan stands (_after_kan): a robbed kan
    # turns none, as a real Tenhou game shows; kobalab turns it at the declaration, robbed or not.
    if state.rules.pending_kan_dora_on_robbed_kan:
        state = _reveal_pending_dora(state, events)
    if meld_type is MeldType.SHOUMINKAN or state.rules.kokushi_chankan_ankan:
        robbable = _evolve(state, phase=Phase.CHANKAN, seat=seat, tile=tile, kan_kind=meld_type)
        if _rob_actions(robbable, chankan=True):
            return robbable
    return _complete_kan(state, seat, kind, meld_type, tile, events)


def _kan_meld(player: PlayerState, kind: int, meld_type: MeldType, tile: int) -> Meld:
    """The meld a kan makes: a pon with the added tile, or the four tiles of a closed kan."""
    if meld_type is MeldType.SHOUMINKAN:
        pon = next(meld for meld in player.melds if meld.type is MeldType.PON and meld.kind == kind)
        return Meld(MeldType.SHOUMINKAN, tuple(sorted((*pon.tiles, tile))), pon.called, pon.from_seat)
    return Meld(MeldType.ANKAN, tuple(sorted(t for t in player.hand if t >> 2 == kind)))


def _complete_kan(
    state: RoundState, seat: int, kind: int, meld_type: MeldType, tile: int, events: list[Event]
) -> RoundState:
    """The kan stands (nobody robbed it): the meld is laid down, then dora and the replacement draw."""
    player = state.players[seat]
    meld = _kan_meld(player, kind, meld_type, tile)
    hand = [t for t in player.hand if t not in meld.tiles]
    if meld_type is MeldType.SHOUMINKAN:
        melds = [meld if m.type is MeldType.PON and m.kind == kind else m for m in player.melds]
    else:
        melds = [*player.melds, meld]
    own_ippatsu = (
        player.ippatsu and meld_type is MeldType.ANKAN and not state.rules.ippatsu_cancelled_by_own_ankan
    )
    players = [_evolve(p, ippatsu=False) for p in state.players]
    players[seat] = _evolve(players[seat], hand=tuple(hand), melds=tuple(melds), ippatsu=own_ippatsu)
    state = _evolve(state, players=tuple(players), uninterrupted=False, phase=Phase.TURN, tile=None)
    return _after_kan(state, seat, open_kan=meld_type is not MeldType.ANKAN, events=events)


def _after_kan(state: RoundState, seat: int, *, open_kan: bool, events: list[Event]) -> RoundState:
    """Kan dora, the four-kan abortive draw, then the replacement draw."""
    rules = state.rules
    # The kan changed the hand (3n+1 again until the replacement draw): its waits decide rinshan tsumo.
    state = _replace_player(state, seat, _with_waits(state.players[seat], rules))
    kans = [player.kans for player in state.players]
    four_kans_apart = sum(kans) == 4 and max(kans) < 4 and rules.suukaikan
    if four_kans_apart and rules.suukaikan_timing == "immediate":
        # [003]: the hand ends at the fourth kan itself, with no kan dora turned and no replacement draw.
        return _abort(state, "suukaikan", seat, events)
    state = _reveal_pending_dora(state, events)
    if rules.kan_dora:
        if open_kan and rules.kan_dora_timing == "after_discard":
            state = _evolve(state, pending_dora=1)
        else:
            state = _evolve(state, dora_revealed=state.dora_revealed + 1)
            events.append(DoraRevealed(state.wall.dora_indicator(state.dora_revealed - 1)))
    if four_kans_apart:
        state = _evolve(state, suukaikan_pending=True)
    state = _evolve(state, consecutive_kans=state.consecutive_kans + 1)
    consecutive = state.consecutive_kans
    state = _draw(state, seat, rinshan=True, events=events)
    return _evolve(state, consecutive_kans=consecutive)


def _declare_kita(state: RoundState, seat: int, tile: int, events: list[Event]) -> RoundState:
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(tile)
    players = [_evolve(p, ippatsu=False) for p in state.players]
    players[seat] = _with_waits(
        _evolve(players[seat], hand=tuple(hand), kita=(*player.kita, tile)), state.rules
    )
    state = _evolve(state, players=tuple(players), uninterrupted=False)
    events.append(KitaDeclared(seat=seat, tile=tile))
    robbable = _evolve(state, phase=Phase.KITA_CLAIM, seat=seat, tile=tile)
    if _rob_actions(robbable, chankan=False):
        return robbable
    return _draw(state, seat, rinshan=True, events=events)


def _set_flower_aside(state: RoundState, seat: int, tile: int, events: list[Event]) -> RoundState:
    """A flower is set aside and replaced from the dead wall (RULES.md §1.1). It is no call: nobody may rob
    it, and the first go-around, ippatsu and the seat's first-turn wins all go on."""
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(tile)
    player = _with_waits(_evolve(player, hand=tuple(hand), flowers=(*player.flowers, tile)), state.rules)
    state = _replace_player(state, seat, player)
    events.append(FlowerRevealed(seat=seat, tile=tile))
    return _draw(state, seat, rinshan=True, events=events)


def _resolve_robbing(state: RoundState, choices: Mapping[int, Action], events: list[Event]) -> RoundState:
    tile = state.tile
    assert tile is not None
    order = [(state.seat + offset) % state.n for offset in range(1, state.n)]
    rons = [seat for seat in order if isinstance(choices.get(seat), Ron)]
    if rons:
        if len(rons) == 2 and not state.rules.double_ron:
            rons = rons[:1]
        return _end_with_wins(state, rons, tile, tsumo=False, events=events)
    state = _passers_furiten(state)
    seat = state.seat
    if state.phase is Phase.KITA_CLAIM:
        return _draw(_evolve(state, phase=Phase.TURN), seat, rinshan=True, events=events)
    kan_kind = state.kan_kind
    assert kan_kind is not None
    state = _evolve(state, phase=Phase.TURN, kan_kind=None)
    return _complete_kan(state, seat, tile >> 2, kan_kind, tile, events)


# --- endings ---------------------------------------------------------------------------------------------


def _end_with_wins(
    state: RoundState, winners: Sequence[int], tile: int, *, tsumo: bool, events: list[Event]
) -> RoundState:
    rules = state.rules
    n = state.n
    deltas = [0] * n
    scores = list(state.scores)
    sticks = state.riichi_sticks
    hand_chips = [0] * n
    for index, seat in enumerate(winners):
        first = index == 0
        honba = state.honba if first or rules.multi_ron_sticks == "each" else 0
        won_sticks = sticks if first else 0
        value = _win_value(state, seat, tile, tsumo=tsumo, sticks=won_sticks, honba=honba)
        assert value is not None, "a legal win always scores"
        payments = _win_deltas(state, seat, value, tsumo=tsumo, honba=honba, sticks=won_sticks)
        for other in range(n):
            deltas[other] += payments[other]
            scores[other] += payments[other]
        player = state.players[seat]
        situation = _win_situation(state, seat, tile, tsumo=tsumo, sticks=0, honba=0)
        concealed = player.hand if tsumo else (*player.hand, tile)
        pao = _pao_payer(state, seat, value)
        chips: tuple[int, ...] = ()
        if rules.chips:
            discarder = None if tsumo else state.seat
            chips = win_chips(
                value,
                concealed,
                player.melds,
                situation,
                rules,
                seat=seat,
                discarder=discarder,
                pao=pao,
                players=n,
            )
            hand_chips = [total + chip for total, chip in zip(hand_chips, chips, strict=True)]
        events.append(
            HandWon(
                seat=seat,
                discarder=None if tsumo else state.seat,
                win_tile=tile,
                hand=player.hand if tsumo else tuple(sorted(concealed)),
                melds=player.melds,
                value=value,
                ura_indicators=situation.ura_indicators,
                pao=pao,
                deltas=tuple(payments),
                chips=chips,
            )
        )
    sticks_left = 0 if winners else sticks
    return _finish(
        state,
        "win",
        tuple(winners),
        tuple(scores),
        sticks_left,
        False,
        None,
        events,
        chips=tuple(hand_chips) if rules.chips else (),
    )


def _pao_payer(state: RoundState, seat: int, value: HandValue) -> int | None:
    responsible = state.pao[seat]
    names = {name for name, _ in value.yaku}
    if responsible is not None and value.yakuman and names & {"daisangen", "daisuushii"}:
        return responsible
    if state.rules.pao == "big_and_rinshan" and state.kan_from is not None and "rinshan" in names:
        return state.kan_from
    return None


def _win_deltas(
    state: RoundState, seat: int, value: HandValue, *, tsumo: bool, honba: int, sticks: int
) -> list[int]:
    """Every seat's change from one win: payments, honba, riichi sticks, and pao (RULES.md §6, §9)."""
    rules = state.rules
    deltas = [0] * state.n
    payer = _pao_payer(state, seat, value)
    if payer is None:
        if tsumo:
            for other in range(state.n):
                if other != seat:
                    amount = value.payments.dealer if other == state.dealer else value.payments.non_dealer
                    deltas[other] -= amount or 0
        else:
            deltas[state.seat] -= value.payments.ron or 0
    else:
        is_dealer = seat == state.dealer
        base, _ = base_points(value.han, value.fu, value.yakuman, rules)
        responsible = base
        if value.yakuman and rules.pao_combined_yakuman == "partial":
            big = sum(han for name, han in value.yaku if name in ("daisangen", "daisuushii"))
            responsible = min(base, 8000 * (big // 13))
        whole, _ = hand_payments(responsible, is_dealer=is_dealer, is_tsumo=False, honba=0, rules=rules)
        honba_points = rules.honba_ron * honba
        if tsumo:
            deltas[payer] -= whole + honba_points
            if base > responsible:  # the rest of a combined yakuman is paid as an ordinary tsumo
                _, rest = hand_payments(
                    base - responsible, is_dealer=is_dealer, is_tsumo=True, honba=0, rules=rules
                )
                for other in range(state.n):
                    if other != seat:
                        deltas[other] -= (rest.dealer if other == state.dealer else rest.non_dealer) or 0
        else:
            discarder = state.seat
            total, _ = hand_payments(base, is_dealer=is_dealer, is_tsumo=False, honba=0, rules=rules)
            if payer == discarder:
                deltas[discarder] -= total + honba_points
            else:
                # The responsible seat and the discarder share its part; the discarder pays the rest.
                deltas[payer] -= whole // 2
                deltas[discarder] -= total - whole // 2 + honba_points
    deltas[seat] = -sum(deltas) + 1000 * sticks
    return deltas


def _exhaustive_draw(state: RoundState, events: list[Event]) -> RoundState:
    rules = state.rules
    n = state.n
    tenpai: list[int] = []
    hands: list[tuple[int, ...]] = []
    for seat, player in enumerate(state.players):
        counts = _counts(player.hand)
        is_tenpai = not _holds_flower(player) and bool(
            waits_of(counts, three_player=rules.three_player, held=player.held_counts())
        )
        if is_tenpai:
            tenpai.append(seat)
        hands.append(player.hand if is_tenpai else ())
    deltas = [0] * n
    nagashi = [
        seat
        for seat, player in enumerate(state.players)
        if rules.nagashi_mangan
        and player.river
        and all(
            is_terminal_or_honor(river_tile.tile >> 2) and not river_tile.called
            for river_tile in player.river
        )
    ]
    if nagashi:
        for seat in nagashi:
            value = nagashi_mangan_value(is_dealer=seat == state.dealer, rules=rules)
            for other in range(n):
                if other == seat:
                    continue
                amount = value.payments.dealer if other == state.dealer else value.payments.non_dealer
                deltas[other] -= amount or 0
                deltas[seat] += amount or 0
    elif 0 < len(tenpai) < n:
        total = rules.noten_payment_total
        noten = [seat for seat in range(n) if seat not in tenpai]
        for seat in noten:
            deltas[seat] -= total // len(noten)
        for seat in tenpai:
            deltas[seat] += total // len(tenpai)
    scores = tuple(score + delta for score, delta in zip(state.scores, deltas, strict=True))
    events.append(
        ExhaustiveDraw(tenpai=tuple(tenpai), hands=tuple(hands), nagashi=tuple(nagashi), deltas=tuple(deltas))
    )
    kind = "nagashi_mangan" if nagashi else "exhaustive"
    return _finish(
        state,
        kind,
        tuple(nagashi),
        scores,
        state.riichi_sticks,
        state.dealer in tenpai,
        None,
        events,
        tuple(tenpai),
    )


def _abort(
    state: RoundState, kind: str, seat: int | None, events: list[Event], hand: tuple[int, ...] = ()
) -> RoundState:
    events.append(AbortiveDraw(kind=kind, seat=seat, hand=hand))
    return _finish(state, "abortive", (), state.scores, state.riichi_sticks, False, kind, events)


def _finish(
    state: RoundState,
    kind: str,
    winners: tuple[int, ...],
    scores: tuple[int, ...],
    sticks: int,
    dealer_tenpai: bool,
    abortive_kind: str | None,
    events: list[Event],
    tenpai: tuple[int, ...] = (),
    chips: tuple[int, ...] = (),
) -> RoundState:
    deltas = tuple(after - before for after, before in zip(scores, state.start_scores, strict=True))
    ended = RoundEnded(
        kind=kind,
        winners=winners,
        deltas=deltas,
        scores=scores,
        riichi_sticks=sticks,
        dealer_tenpai=dealer_tenpai,
        abortive_kind=abortive_kind,
        tenpai=tenpai,
        chips=chips,
    )
    events.append(ended)
    return _evolve(state, phase=Phase.ENDED, scores=scores, riichi_sticks=sticks, ended=ended)


# --- small helpers ---------------------------------------------------------------------------------------


def hand_outcome(ended: RoundEnded) -> HandOutcome:
    """The match's view of how a hand ended."""
    return HandOutcome(
        kind=ended.kind,
        deltas=ended.deltas,
        riichi_sticks_left=ended.riichi_sticks,
        winners=ended.winners,
        tenpai=ended.tenpai,
        abortive_kind=ended.abortive_kind,
        chips=ended.chips,
    )


def _evolve(value: _Frozen, **changes: object) -> _Frozen:
    """A copy of a frozen state with some fields changed.

    The engine's hot path: it copies the instance dictionary instead of running ``__init__`` again as
    ``dataclasses.replace`` does (these classes have no ``__post_init__`` to skip).
    """
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    return copy


def _counts(tiles: Sequence[int]) -> list[int]:
    """The 34-count of tiles; a flower not yet set aside belongs to no kind and is left out."""
    counts = [0] * 35  # the flowers' id >> 2 is 34: counted in the last slot, which is dropped
    for tile in tiles:
        counts[tile >> 2] += 1
    counts.pop()
    return counts


def _holds_flower(player: PlayerState) -> bool:
    return any(tile >= TILE_COUNT for tile in player.hand)


def _with_waits(player: PlayerState, rules: RuleSet) -> PlayerState:
    """Recompute the waits of a 3n+1 hand (kept on the player so claims need no search).

    A hand that still holds a flower has too few tiles to wait on anything.
    """
    if rules.flowers and _holds_flower(player):
        return _evolve(player, waits=())
    counts = _counts(player.hand)
    waits = waits_of(counts, three_player=rules.three_player, held=player.held_counts())
    return _evolve(player, waits=tuple(waits))


def _replace_player(state: RoundState, seat: int, player: PlayerState) -> RoundState:
    players = list(state.players)
    players[seat] = player
    return _evolve(state, players=tuple(players))
