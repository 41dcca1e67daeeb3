"""Events: immutable records of what happened in a hand, in the past tense; the event stream is the log.

Events carry the whole truth (every hand, every drawn tile); the game layer redacts them per seat before any
seat or screen sees them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.meld import Meld
from rules.scoring import HandValue


@dataclass(frozen=True)
class RoundStarted:
    """A hand was dealt."""

    round_wind: int
    kyoku: int
    honba: int
    riichi_sticks: int
    dealer: int
    scores: tuple[int, ...]
    dora_indicator: int
    hands: tuple[tuple[int, ...], ...]
    tiles_left: int


@dataclass(frozen=True)
class TileDrawn:
    """A seat drew a tile; ``rinshan`` for a replacement tile after a kan or kita."""

    seat: int
    tile: int
    rinshan: bool
    tiles_left: int


@dataclass(frozen=True)
class TileDiscarded:
    """A seat discarded a tile; ``riichi`` when it declared riichi with it."""

    seat: int
    tile: int
    tsumogiri: bool
    riichi: bool


@dataclass(frozen=True)
class RiichiAccepted:
    """A riichi declaration stood (its tile was not ronned) and the 1000-point stick was placed."""

    seat: int
    scores: tuple[int, ...]
    riichi_sticks: int


@dataclass(frozen=True)
class MeldCalled:
    """A seat called chi, pon or daiminkan, or declared an ankan or shouminkan; ``discarder`` if called."""

    seat: int
    meld: Meld
    discarder: int | None


@dataclass(frozen=True)
class KitaDeclared:
    """Three players: a seat set a North aside as dora."""

    seat: int
    tile: int


@dataclass(frozen=True)
class FlowerRevealed:
    """A seat set a flower aside (one dora on a win); its replacement draw follows."""

    seat: int
    tile: int


@dataclass(frozen=True)
class DoraRevealed:
    """A kan dora indicator was turned over."""

    indicator: int


@dataclass(frozen=True)
class HandWon:
    """A seat won; ``discarder`` is None for tsumo. ``deltas`` are this win's payments for every seat."""

    seat: int
    discarder: int | None
    win_tile: int
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    value: HandValue
    ura_indicators: tuple[int, ...]
    pao: int | None
    deltas: tuple[int, ...]
    chips: tuple[int, ...] = ()  # this win's chip changes for every seat (RULES.md §12); empty without chips


@dataclass(frozen=True)
class ExhaustiveDraw:
    """The live wall ran out: tenpai hands are shown, noten payments or nagashi mangan are paid."""

    tenpai: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # the tenpai seats' concealed tiles, empty for the others
    nagashi: tuple[int, ...]
    deltas: tuple[int, ...]


@dataclass(frozen=True)
class AbortiveDraw:
    """The hand was abandoned: kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukaikan or sanchahou."""

    kind: str
    seat: int | None
    hand: tuple[int, ...]  # the declaring seat's tiles for kyuushu kyuuhai


@dataclass(frozen=True)
class RoundEnded:
    """The hand is over: every seat's total change (riichi deposits included) and the sticks left."""

    kind: str  # "win", "exhaustive", "nagashi_mangan", "abortive"
    winners: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    riichi_sticks: int
    dealer_tenpai: bool
    abortive_kind: str | None
    tenpai: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()  # every seat's chip change over the hand (its wins'); empty without chips


Event = (
    RoundStarted
    | TileDrawn
    | TileDiscarded
    | RiichiAccepted
    | MeldCalled
    | KitaDeclared
    | FlowerRevealed
    | DoraRevealed
    | HandWon
    | ExhaustiveDraw
    | AbortiveDraw
    | RoundEnded
)
