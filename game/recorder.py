"""Recording a played game: the table's unredacted engine steps turned into the neutral GameRecord.

Steps follow the record's convention, that of Tenhou's mjlog and mjai: the dora of an open kan, which the
engine turns over as the kan player discards, is written just before that discard.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.logs.record import (
    DoraStep,
    DrawResult,
    GameRecord,
    Result,
    RoundRecord,
    Step,
    WinResult,
    step_of,
)
from game.table import Table
from rules.events import (
    AbortiveDraw,
    Event,
    ExhaustiveDraw,
    HandWon,
    RoundStarted,
    TileDiscarded,
)
from rules.match import Standings
from rules.round import RoundState
from rules.ruleset import RuleSet


@dataclass
class _Hand:
    """One hand being recorded."""

    start: RoundStarted
    wall: tuple[int, ...]
    steps: list[Step] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)

    def freeze(self) -> RoundRecord:
        start = self.start
        return RoundRecord(
            round_wind=start.round_wind,
            kyoku=start.kyoku,
            honba=start.honba,
            riichi_sticks=start.riichi_sticks,
            scores=start.scores,
            dealer=start.dealer,
            dora_indicator=start.dora_indicator,
            hands=start.hands,
            steps=tuple(self.steps),
            results=tuple(self.results),
            wall=self.wall,
        )


class GameRecorder:
    """Builds a GameRecord from every engine step of a table (subscribe ``observe`` to the engine stream)."""

    def __init__(
        self,
        rules: RuleSet,
        names: Sequence[str] = (),
        *,
        source: str = "",
        extra: Mapping[str, str] | None = None,
    ) -> None:
        if names and len(names) != rules.players:
            raise ValueError(f"{len(names)} names for {rules.players} players")
        self.rules = rules
        self.names = tuple(names) or tuple(f"Seat {seat + 1}" for seat in range(rules.players))
        self.source = source
        # the length goes into every record: a log reader takes it from there, not from the preset (an
        # east-only match under a hanchan preset was written, and reviewed, as a hanchan)
        self.extra = {"game_length": rules.game_length, **dict(extra or {})}
        self._hands: list[_Hand] = []

    @classmethod
    def attach(cls, table: Table, names: Sequence[str] = ()) -> GameRecorder:
        """A recorder subscribed to ``table``'s engine stream, noting the table seed in the record."""
        recorder = cls(table.rules, names, extra={"seed": str(table.seed)})
        table.subscribe_engine(recorder.observe)
        return recorder

    def observe(self, events: tuple[Event, ...], state: RoundState) -> None:
        """Record the events of one engine step (``state`` is the hand after it: its wall is kept)."""
        for index, event in enumerate(events):
            if isinstance(event, RoundStarted):
                self._hands.append(_Hand(event, state.wall.tiles))
                continue
            if not self._hands:
                raise ValueError(f"{type(event).__name__} before any RoundStarted")
            hand = self._hands[-1]
            step = step_of(event)
            if isinstance(step, DoraStep) and index > 0 and isinstance(events[index - 1], TileDiscarded):
                hand.steps.insert(len(hand.steps) - 1, step)  # an open kan's dora: before the discard
            elif step is not None:
                hand.steps.append(step)
            result = _result_of(event, self.rules.players)
            if result is not None:
                hand.results.append(result)

    def record(self, standings: Standings | None = None) -> GameRecord:
        """The game so far (a hand in play has no results yet); final scores and points from ``standings``."""
        return GameRecord(
            source=self.source,
            ruleset=self.rules.name,
            players=self.rules.players,
            names=self.names,
            rounds=tuple(hand.freeze() for hand in self._hands),
            final_scores=standings.scores if standings is not None else None,
            final_points=tuple(points / 1000 for points in standings.settled)
            if standings is not None
            else None,
            extra=dict(self.extra),
        )


def _result_of(event: Event, players: int) -> Result | None:
    if isinstance(event, HandWon):
        value = event.value
        return WinResult(
            seat=event.seat,
            discarder=event.discarder,
            han=value.han,
            fu=value.fu,
            yakuman=value.yakuman,
            points=value.points,
            yaku=value.yaku,
            deltas=event.deltas,
            ura_indicators=event.ura_indicators,
            pao=event.pao,
        )
    if isinstance(event, ExhaustiveDraw):
        kind = "nagashi_mangan" if event.nagashi else "exhaustive"
        return DrawResult(kind, event.tenpai, event.deltas, event.nagashi)
    if isinstance(event, AbortiveDraw):
        return DrawResult(event.kind, (), (0,) * players)
    return None
