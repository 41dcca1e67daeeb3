"""Per-seat views: everything one seat may know about the hand in play, and events redacted for one seat.

Hidden information is decided here and only here: another seat's concealed tiles and the wall never reach a
view or a redacted event. Ankan melds are public (RULES.md §2.3: two of the four are shown).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rules.events import (
    DoraRevealed,
    Event,
    FlowerRevealed,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundEnded,
    RoundStarted,
    TileDiscarded,
    TileDrawn,
)
from rules.meld import Meld, MeldType
from rules.round import Phase, RiverTile, RoundState

__all__ = [
    "HIDDEN",
    "Phase",
    "PlayerView",
    "RiverTile",
    "SeatView",
    "advance_view",
    "redact",
    "view_for",
]

HIDDEN = -1
"""The tile id of a tile the seat may not see (another seat's draw)."""

_CLAIM_PHASES = (Phase.CLAIM, Phase.CHANKAN, Phase.KITA_CLAIM)


@dataclass(frozen=True)
class PlayerView:
    """What every seat may see of one seat: its melds, river, kita, flowers, riichi and how many tiles it
    holds."""

    melds: tuple[Meld, ...]
    river: tuple[RiverTile, ...]
    kita: tuple[int, ...]
    riichi: bool  # declared (the declaration tile lies sideways in the river)
    concealed: int  # number of concealed tiles, the drawn tile included
    flowers: tuple[int, ...] = ()  # set aside (the flowers option)


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know: its own concealed tiles, every seat's public tiles and the table state.

    ``waits`` and ``furiten`` are the seat's own, as the engine keeps them: ``waits`` are those of the hand
    while it held 3n+1 tiles (still the last ones while the seat holds a drawn tile).
    """

    seat: int
    hand: tuple[int, ...]  # own concealed tiles, sorted, the drawn tile included
    drawn: int | None  # own tile just drawn, while it is this seat's turn to discard after a draw
    players: tuple[PlayerView, ...]  # indexed by seat
    scores: tuple[int, ...]
    riichi_sticks: int
    honba: int
    round_wind: int  # 0 East .. 3 North
    kyoku: int
    dealer: int
    dora_indicators: tuple[int, ...]
    tiles_left: int  # live draws still to come
    phase: Phase
    turn: int | None  # the seat to move or whose tile may be claimed; None once the hand is over
    claimable: int | None  # the discard, added kan tile or kita the others may claim now
    waits: tuple[int, ...] = ()
    furiten: bool = False

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def seat_winds(self) -> tuple[int, ...]:
        """Every seat's wind this hand, 0 East (the dealer) .. 3 North."""
        return tuple((seat - self.dealer) % self.n for seat in range(self.n))

    @property
    def seat_wind(self) -> int:
        """This seat's wind."""
        return (self.seat - self.dealer) % self.n


def view_for(state: RoundState, seat: int) -> SeatView:
    """What ``seat`` may know of the hand in ``state``."""
    player = state.players[seat]
    players = [
        PlayerView(p.melds, p.river, p.kita, p.riichi > 0, len(p.hand), p.flowers) for p in state.players
    ]
    hand = player.hand
    if state.kan_kind is not None and state.tile is not None:
        # A kan that may be robbed (or was) has been announced: it shows as declared.
        declarer = state.seat
        melds, rest = _announced_kan(state)
        players[declarer] = dataclasses.replace(players[declarer], melds=melds, concealed=len(rest))
        if declarer == seat:
            hand = rest
    phase = state.phase
    ended = phase is Phase.ENDED
    return SeatView(
        seat=seat,
        hand=hand,
        drawn=state.tile if phase is Phase.TURN and state.seat == seat else None,
        players=tuple(players),
        scores=state.scores,
        riichi_sticks=state.riichi_sticks,
        honba=state.honba,
        round_wind=state.round_wind,
        kyoku=state.kyoku,
        dealer=state.dealer,
        dora_indicators=state.dora_indicators,
        tiles_left=state.tiles_left,
        phase=phase,
        turn=None if ended else state.seat,
        claimable=state.tile if phase in _CLAIM_PHASES else None,
        waits=player.waits,
        furiten=player.is_furiten(),
    )


def _announced_kan(state: RoundState) -> tuple[tuple[Meld, ...], tuple[int, ...]]:
    """The declarer's melds and concealed tiles with its announced (robbable) kan laid down."""
    tile = state.tile
    assert tile is not None
    kind = tile >> 2
    melds, hand = state.players[state.seat].melds, state.players[state.seat].hand
    if state.kan_kind is MeldType.SHOUMINKAN:
        pon = next(meld for meld in melds if meld.type is MeldType.PON and meld.kind == kind)
        kan = Meld(MeldType.SHOUMINKAN, tuple(sorted((*pon.tiles, tile))), pon.called, pon.from_seat)
        return tuple(kan if meld is pon else meld for meld in melds), tuple(t for t in hand if t != tile)
    kan = Meld(MeldType.ANKAN, tuple(sorted(t for t in hand if t >> 2 == kind)))
    return (*melds, kan), tuple(t for t in hand if t >> 2 != kind)


def redact(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it: others' dealt hands and drawn tiles hidden, the rest is public."""
    if isinstance(event, RoundStarted):
        hands = tuple(hand if index == seat else () for index, hand in enumerate(event.hands))
        return dataclasses.replace(event, hands=hands)
    if isinstance(event, TileDrawn) and event.seat != seat:
        return dataclasses.replace(event, tile=HIDDEN)
    return event


def advance_view(view: SeatView | None, event: Event, seat: int) -> SeatView:
    """The view after one more event this seat observed (redacted or not; only what it may see is used).

    Waits and furiten are carried over unchanged; the table hands out ``view_for`` after each engine step.
    """
    if isinstance(event, RoundStarted):
        return _started_view(event, seat)
    if view is None:
        raise ValueError(f"{type(event).__name__} before the hand started")
    if isinstance(event, TileDrawn):
        return _drawn(view, event)
    if isinstance(event, TileDiscarded):
        return _discarded(view, event)
    if isinstance(event, MeldCalled):
        return _called(view, event)
    if isinstance(event, KitaDeclared):
        # the others may ron the North set aside before its replacement is drawn
        aside = _set_aside(view, event.seat, event.tile, flower=False)
        return dataclasses.replace(aside, phase=Phase.KITA_CLAIM, turn=event.seat, claimable=event.tile)
    if isinstance(event, FlowerRevealed):
        return _set_aside(view, event.seat, event.tile, flower=True)
    if isinstance(event, DoraRevealed):
        return dataclasses.replace(view, dora_indicators=(*view.dora_indicators, event.indicator))
    if isinstance(event, RiichiAccepted):
        return dataclasses.replace(view, scores=event.scores, riichi_sticks=event.riichi_sticks)
    if isinstance(event, RoundEnded):
        return dataclasses.replace(
            view,
            scores=event.scores,
            riichi_sticks=event.riichi_sticks,
            drawn=None,
            phase=Phase.ENDED,
            turn=None,
            claimable=None,
        )
    return view  # HandWon, ExhaustiveDraw, AbortiveDraw: shown by the event, scores come with RoundEnded


def _started_view(event: RoundStarted, seat: int) -> SeatView:
    n = len(event.scores)
    dealt = event.hands[seat]
    return SeatView(
        seat=seat,
        hand=tuple(sorted(dealt)),
        drawn=None,
        players=tuple(PlayerView((), (), (), False, 13) for _ in range(n)),
        scores=event.scores,
        riichi_sticks=event.riichi_sticks,
        honba=event.honba,
        round_wind=event.round_wind,
        kyoku=event.kyoku,
        dealer=event.dealer,
        dora_indicators=(event.dora_indicator,),
        tiles_left=event.tiles_left,
        phase=Phase.TURN,
        turn=event.dealer,
        claimable=None,
    )


def _drawn(view: SeatView, event: TileDrawn) -> SeatView:
    players = list(view.players)
    players[event.seat] = dataclasses.replace(
        players[event.seat], concealed=players[event.seat].concealed + 1
    )
    own = event.seat == view.seat
    return dataclasses.replace(
        view,
        hand=tuple(sorted((*view.hand, event.tile))) if own else view.hand,
        drawn=event.tile if own else None,
        players=tuple(players),
        tiles_left=event.tiles_left,
        phase=Phase.TURN,
        turn=event.seat,
        claimable=None,
    )


def _discarded(view: SeatView, event: TileDiscarded) -> SeatView:
    players = list(view.players)
    who = players[event.seat]
    players[event.seat] = dataclasses.replace(
        who,
        river=(*who.river, RiverTile(event.tile, event.tsumogiri, event.riichi)),
        riichi=who.riichi or event.riichi,
        concealed=who.concealed - 1,
    )
    return dataclasses.replace(
        view,
        hand=_without(view.hand, (event.tile,)) if event.seat == view.seat else view.hand,
        drawn=None,
        players=tuple(players),
        phase=Phase.CLAIM,
        turn=event.seat,
        claimable=event.tile,
    )


def _called(view: SeatView, event: MeldCalled) -> SeatView:
    players = list(view.players)
    meld = event.meld
    caller = players[event.seat]
    claimable: int | None = None
    if event.discarder is not None:  # chi, pon, daiminkan: the discard leaves the river
        thrower = players[event.discarder]
        river = (*thrower.river[:-1], dataclasses.replace(thrower.river[-1], called=True))
        players[event.discarder] = dataclasses.replace(thrower, river=river)
        used = tuple(tile for tile in meld.tiles if tile != meld.called)
        melds = (*caller.melds, meld)
        phase = Phase.TURN if meld.type is MeldType.DAIMINKAN else Phase.AFTER_CALL
    elif meld.type is MeldType.SHOUMINKAN:
        pon = next(m for m in caller.melds if m.type is MeldType.PON and m.kind == meld.kind)
        used = tuple(tile for tile in meld.tiles if tile not in pon.tiles)
        melds = tuple(meld if m is pon else m for m in caller.melds)
        phase, claimable = Phase.CHANKAN, used[0]
    else:  # ankan: the engine offers its lowest tile to a kokushi robber
        used = meld.tiles
        melds = (*caller.melds, meld)
        phase, claimable = Phase.CHANKAN, min(meld.tiles)
    players[event.seat] = dataclasses.replace(caller, melds=melds, concealed=caller.concealed - len(used))
    return dataclasses.replace(
        view,
        hand=_without(view.hand, used) if event.seat == view.seat else view.hand,
        drawn=None,
        players=tuple(players),
        phase=phase,
        turn=event.seat,
        claimable=claimable,
    )


def _set_aside(view: SeatView, seat: int, tile: int, *, flower: bool) -> SeatView:
    """``seat`` set ``tile`` aside, a flower or a kita: it leaves the hand for the seat's tiles set aside."""
    players = list(view.players)
    who = players[seat]
    if flower:
        players[seat] = dataclasses.replace(who, flowers=(*who.flowers, tile), concealed=who.concealed - 1)
    else:
        players[seat] = dataclasses.replace(who, kita=(*who.kita, tile), concealed=who.concealed - 1)
    return dataclasses.replace(
        view,
        hand=_without(view.hand, (tile,)) if seat == view.seat else view.hand,
        drawn=None,
        players=tuple(players),
    )


def _without(hand: tuple[int, ...], tiles: tuple[int, ...]) -> tuple[int, ...]:
    """The hand with these exact tile ids taken out (each must be there)."""
    rest = list(hand)
    for tile in tiles:
        rest.remove(tile)
    return tuple(rest)
