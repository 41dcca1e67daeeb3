"""The neutral game record every log format is read into and written from: rounds of steps and results.

Seats are absolute (0 = the first dealer, counting in turn order); a meld's ``from_seat`` stays relative to
its owner as in ``rules.meld``. Tiles are 136-ids (Tenhou numbering, red fives 16/52/88); the flowers of our
own matches are 136-139, which no log format holds (``refuse_flowers``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.events import (
    DoraRevealed,
    Event,
    FlowerRevealed,
    KitaDeclared,
    MeldCalled,
    TileDiscarded,
    TileDrawn,
)
from rules.meld import Meld


class LogFormatError(ValueError):
    """A log that cannot be read; the message names the file, the position in it and the reason."""


class UnwritableRecordError(ValueError):
    """A record a log format cannot hold (flowers); the message is one line naming the game and the format."""


@dataclass(frozen=True)
class DrawStep:
    """A seat drew a tile (from the live wall, or a replacement tile after a kan or kita)."""

    seat: int
    tile: int


@dataclass(frozen=True)
class DiscardStep:
    """A seat discarded a tile; ``riichi`` when it was the riichi declaration tile."""

    seat: int
    tile: int
    riichi: bool = False


@dataclass(frozen=True)
class CallStep:
    """A seat called or declared a meld: chi, pon, daiminkan, ankan or shouminkan (the whole meld)."""

    seat: int
    meld: Meld


@dataclass(frozen=True)
class KitaStep:
    """Three players: a seat set a North aside."""

    seat: int
    tile: int


@dataclass(frozen=True)
class FlowerStep:
    """The flowers option (our own matches only): a seat set a flower aside."""

    seat: int
    tile: int


@dataclass(frozen=True)
class DoraStep:
    """A new dora indicator was revealed (as the log shows it; the engine reveals its own and compares)."""

    indicator: int


Step = DrawStep | DiscardStep | CallStep | KitaStep | FlowerStep | DoraStep


def step_of(event: Event) -> Step | None:
    """The record step an engine event amounts to (None for events that are not steps)."""
    if isinstance(event, TileDrawn):
        return DrawStep(event.seat, event.tile)
    if isinstance(event, TileDiscarded):
        return DiscardStep(event.seat, event.tile, event.riichi)
    if isinstance(event, MeldCalled):
        return CallStep(event.seat, event.meld)
    if isinstance(event, KitaDeclared):
        return KitaStep(event.seat, event.tile)
    if isinstance(event, FlowerRevealed):
        return FlowerStep(event.seat, event.tile)
    if isinstance(event, DoraRevealed):
        return DoraStep(event.indicator)
    return None


@dataclass(frozen=True)
class WinResult:
    """One winner of a hand as the log reports it."""

    seat: int
    discarder: int | None  # absolute seat; None for tsumo
    han: int
    fu: int
    yakuman: int
    points: int  # the hand's table value: no honba, no sticks
    yaku: tuple[tuple[str, int], ...]  # our yaku ids with their han (13 per yakuman)
    deltas: tuple[int, ...]  # score change of every seat, honba and riichi sticks included
    ura_indicators: tuple[int, ...] = ()
    pao: int | None = None  # the seat that pays by responsibility, if any


DRAW_KINDS = (
    "exhaustive",
    "nagashi_mangan",
    "kyuushu_kyuuhai",
    "suufon_renda",
    "suucha_riichi",
    "suukaikan",
    "sanchahou",
)


@dataclass(frozen=True)
class DrawResult:
    """A hand that ended without a win: ``kind`` is one of DRAW_KINDS."""

    kind: str
    tenpai: tuple[int, ...] = ()  # seats tenpai at an exhaustive draw
    deltas: tuple[int, ...] = ()  # score change of every seat (noten payments, nagashi mangan)
    nagashi: tuple[int, ...] = ()  # seats paid nagashi mangan


Result = WinResult | DrawResult


@dataclass(frozen=True)
class RoundRecord:
    """One hand: where it stands in the match, the deal, every step in order, and how it ended."""

    round_wind: int  # 0 East, 1 South, 2 West, 3 North
    kyoku: int  # 0-based hand number within the round wind (the dealer's index from the first dealer)
    honba: int
    riichi_sticks: int  # kyoutaku on the table at the start
    scores: tuple[int, ...]  # at the start of the hand
    dealer: int
    dora_indicator: int  # the first indicator
    hands: tuple[
        tuple[int, ...], ...
    ]  # the 13 tiles dealt to each seat (the dealer's 14th is its first draw)
    steps: tuple[Step, ...]
    results: tuple[Result, ...]
    position: str = ""  # where the hand starts in its file, for messages (e.g. "line 12", "log[3]")
    wall: tuple[int, ...] = ()  # the whole wall in draw order when the log knows it (empty otherwise)


@dataclass(frozen=True)
class GameRecord:
    """A whole game (or the hands a log holds): its rule preset, players and rounds."""

    source: str  # file name, for messages
    ruleset: str  # our preset name, e.g. "tenhou"
    players: int
    names: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    final_scores: tuple[int, ...] | None = None  # scores after the last hand, when the log has them
    final_points: tuple[float, ...] | None = None  # settled points after oka and uma, when the log has them
    extra: dict[str, str] = field(default_factory=dict, compare=False)


def has_flowers(record: GameRecord) -> bool:
    """Whether any hand of the record was played with flowers (136-139 dealt, drawn or in its wall)."""
    return any(
        any(tile >= 136 for tile in hand.wall)
        or any(tile >= 136 for dealt in hand.hands for tile in dealt)
        or any(
            isinstance(step, FlowerStep) or (isinstance(step, DrawStep) and step.tile >= 136)
            for step in hand.steps
        )
        for hand in record.rounds
    )


def refuse_flowers(record: GameRecord, format_name: str) -> None:
    """UnwritableRecordError (one line) when the record has flowers: ``format_name`` has no flower tiles."""
    if has_flowers(record):
        raise UnwritableRecordError(
            f"{record.source}: {format_name} has no flower tiles, so a match played with flowers is not "
            "written (the records keep it and replay it)"
        )
