"""The table: who is asked and when, safe defaults for bad answers, waiting seats, observers, reproduction."""

from __future__ import annotations

import logging

import pytest

from game.bots import GreedySeat, RandomSeat, ScriptedSeat, TsumogiriSeat
from game.seat import Seat
from game.table import Table, hand_outcome, hand_seed, safe_default
from game.view import HIDDEN, SeatView, view_for
from rules.actions import PASS, Action, Discard, Pass, Ron, Tsumo
from rules.events import Event, ExhaustiveDraw, RoundEnded, RoundStarted, TileDiscarded, TileDrawn
from rules.match import HandOutcome
from rules.round import Phase, RoundState, legal_actions
from rules.ruleset import preset
from rules.wall import shuffled_wall

PRESETS = ("standard", "tenhou-3p")


class WatchedSeat:
    """Wraps a seat; checks each question against the engine and keeps every question and answer."""

    def __init__(self, inner: Seat, seat: int) -> None:
        self.inner = inner
        self.seat = seat
        self.table: Table | None = None
        self.asked: list[tuple[RoundState, tuple[Action, ...]]] = []
        self.answers: list[Action | None] = []

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        assert self.table is not None
        state = self.table.state
        assert state is not None
        assert legal, "asked with an empty legal list"
        assert legal_actions(state)[self.seat] == legal
        assert view == view_for(state, self.seat)
        self.asked.append((state, legal))
        answer = self.inner.decide(view, legal)
        self.answers.append(answer)
        return answer

    def observe(self, event: Event) -> None:
        self.inner.observe(event)


def watched_table(name: str, bots: list[Seat], seed: int) -> tuple[Table, list[WatchedSeat]]:
    seats = [WatchedSeat(bot, seat) for seat, bot in enumerate(bots)]
    table = Table(preset(name), seats, seed)
    for seat in seats:
        seat.table = table
    return table, seats


def engine_stream(table: Table) -> list[Event]:
    events: list[Event] = []
    table.subscribe_engine(lambda batch, _state: events.extend(batch))
    return events


@pytest.mark.parametrize("name", PRESETS)
def test_only_seats_with_legal_actions_are_asked(name: str) -> None:
    rules = preset(name)
    table, seats = watched_table(name, [GreedySeat(seat) for seat in range(rules.players)], seed=3)
    asked_per_step: list[set[int]] = []

    def note(_events: tuple[Event, ...], state: RoundState) -> None:
        asked_per_step.append(set(legal_actions(state)) if state.phase is not Phase.ENDED else set())

    table.subscribe_engine(note)
    table.run()
    # every seat the engine waited on was asked exactly once per decision, nobody else
    asked = sum(len(seat.asked) for seat in seats)
    assert asked == sum(len(waiting) for waiting in asked_per_step)
    assert len(table.actions) == asked
    assert any(isinstance(legal[-1], Pass) for seat in seats for _, legal in seat.asked)  # claims were asked


class BadSeat:
    """Answers with something illegal or raises, by turns."""

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        self.calls += 1
        kind = self.calls % 4
        if kind == 0:
            raise RuntimeError("bot bug")
        if kind == 1:
            return Discard(-1)
        if kind == 2:
            return "tsumo"  # type: ignore[return-value]
        return Ron() if Ron() not in legal else Tsumo()

    def observe(self, event: Event) -> None:
        if isinstance(event, TileDrawn):
            raise ValueError("observer bug")


@pytest.mark.parametrize("name", PRESETS)
def test_illegal_or_crashing_answers_get_the_safe_default(
    name: str, caplog: pytest.LogCaptureFixture
) -> None:
    rules = preset(name)
    bots: list[Seat] = [BadSeat(), *(RandomSeat(seat) for seat in range(1, rules.players))]
    table, seats = watched_table(name, bots, seed=5)
    with caplog.at_level(logging.WARNING, logger="game.table"):
        table.run()
    assert table.finished
    bad = seats[0]
    applied = [action for seat, action in table.actions if seat == 0]
    assert len(applied) == len(bad.asked) > 0
    for (state, legal), action in zip(bad.asked, applied, strict=True):
        assert action == safe_default(state, legal)
        if PASS in legal:
            assert action == PASS
        elif state.phase is Phase.TURN:
            assert action == Discard(state.tile)  # tsumogiri
        else:
            assert isinstance(action, Discard)
    messages = [record.getMessage() for record in caplog.records]
    assert any("crashed deciding" in message for message in messages)
    assert any("not legal now" in message for message in messages)
    assert any("crashed observing" in message for message in messages)


def test_safe_default_after_a_call_is_the_first_legal_discard() -> None:
    table, seats = watched_table("standard", [GreedySeat(seat, call_rate=1.0) for seat in range(4)], seed=11)
    table.run()
    after_call = [
        (state, legal) for seat in seats for state, legal in seat.asked if state.phase is Phase.AFTER_CALL
    ]
    assert after_call, "no call was made"
    for state, legal in after_call:
        default = safe_default(state, legal)
        assert default == next(action for action in legal if isinstance(action, Discard))


class PausingSeat:
    """Answers None the first time it is asked for each decision, then as the inner seat does."""

    def __init__(self, inner: Seat) -> None:
        self.inner = inner
        self.paused = False
        self.pauses = 0

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        if not self.paused:
            self.paused = True
            self.pauses += 1
            return None
        self.paused = False
        return self.inner.decide(view, legal)

    def observe(self, event: Event) -> None:
        self.inner.observe(event)


@pytest.mark.parametrize("name", PRESETS)
def test_a_seat_answering_none_holds_the_table_without_changing_the_game(name: str) -> None:
    rules = preset(name)
    plain = Table(rules, [GreedySeat(seat) for seat in range(rules.players)], seed=8)
    expected = engine_stream(plain)
    plain.run()

    pausing = PausingSeat(GreedySeat(1))
    bots: list[Seat] = [GreedySeat(seat) if seat != 1 else pausing for seat in range(rules.players)]
    table, seats = watched_table(name, bots, seed=8)
    events = engine_stream(table)
    waits = 0
    while not table.finished:
        if table.step():
            waits += 1
            assert pausing.paused
            assert table.state is seats[1].asked[-1][0]  # held at seat 1's decision
    assert waits == pausing.pauses > 0
    assert events == expected  # waiting changed nothing
    # seats that had answered a decision were not asked again while seat 1 made up its mind
    for seat in seats:
        states = [id(state) for state, _ in seat.asked]
        assert len(states) == len(set(states)) * (2 if seat.seat == 1 else 1)


def test_waiting_seat_is_asked_again_and_nothing_moves() -> None:
    table, seats = watched_table(
        "standard", [ScriptedSeat([None, None]), *(RandomSeat(s) for s in range(1, 4))], 2
    )
    assert table.step() is True
    state = table.state
    assert state is not None
    assert (state.phase, state.seat) == (Phase.TURN, 0)
    assert table.step() is True
    assert table.state is state
    assert table.actions == []
    assert [len(seat.asked) for seat in seats] == [2, 0, 0, 0]
    drawn = state.tile
    assert drawn is not None
    scripted = seats[0].inner
    assert isinstance(scripted, ScriptedSeat)
    scripted.script.append(Discard(drawn))
    assert table.step(max_steps=1) is False
    assert table.actions == [(0, Discard(drawn))]
    assert table.state is not state


@pytest.mark.parametrize("name", PRESETS)
def test_same_seed_and_bots_give_the_same_game(name: str) -> None:
    rules = preset(name)

    def play(seed: int) -> tuple[list[Event], Table]:
        table = Table(rules, [RandomSeat(seed * 10 + seat) for seat in range(rules.players)], seed)
        events = engine_stream(table)
        table.run()
        return events, table

    first, table = play(4)
    again, _ = play(4)
    other, _ = play(5)
    assert first == again
    assert first != other
    # the game is reproduced from (rules, seed, actions) alone
    scripts = [[action for seat, action in table.actions if seat == index] for index in range(rules.players)]
    replayed = Table(rules, [ScriptedSeat(script) for script in scripts], 4)
    replayed_events = engine_stream(replayed)
    replayed.run()
    assert replayed_events == first
    assert replayed.standings == table.standings


@pytest.mark.parametrize("name", PRESETS)
def test_each_hand_is_dealt_from_the_documented_seed(name: str) -> None:
    rules = preset(name)
    table = Table(rules, [TsumogiriSeat() for _ in range(rules.players)], seed=77)
    starts: list[RoundStarted] = []
    walls: list[tuple[int, ...]] = []

    def note(events: tuple[Event, ...], state: RoundState) -> None:
        for event in events:
            if isinstance(event, RoundStarted):
                starts.append(event)
                walls.append(state.wall.tiles)

    table.subscribe_engine(note)
    table.run()
    assert len(starts) == table.match.hands_played > 1
    for index, (start, tiles) in enumerate(zip(starts, walls, strict=True)):
        wall = shuffled_wall(hand_seed(77, index), rules.players)
        assert tiles == wall.tiles
        assert start.hands[start.dealer] == tuple(sorted(wall.hand(0)))
    assert hand_seed(77, 0) != hand_seed(78, 0)
    assert 0 <= hand_seed(-5, 3) < 2**64


@pytest.mark.parametrize("name", PRESETS)
def test_seat_observers_get_redacted_events_and_the_view_after_each(name: str) -> None:
    rules = preset(name)
    table = Table(rules, [GreedySeat(seat) for seat in range(rules.players)], seed=21)
    seen: list[tuple[Event, SeatView]] = []
    table.subscribe(lambda event, view: seen.append((event, view)), seat=1)
    steps: list[RoundState] = []
    counts: list[int] = []
    table.subscribe_engine(lambda batch, state: (steps.append(state), counts.append(len(batch))))
    table.step(max_steps=40)
    assert len(seen) == sum(counts)
    position = 0
    for state, count in zip(steps, counts, strict=True):
        batch = seen[position : position + count]
        position += count
        assert batch[-1][1] == view_for(state, 1)  # after the step's last event: the engine's view
        for event, view in batch:
            assert view.seat == 1
            if isinstance(event, TileDrawn):
                assert (event.tile == HIDDEN) == (event.seat != 1)
                assert (view.turn, view.phase) == (event.seat, Phase.TURN)
            if isinstance(event, RoundStarted):
                assert all(not hand for seat, hand in enumerate(event.hands) if seat != 1)
    with pytest.raises(ValueError, match="no seat 3"):
        Table(preset("tenhou-3p"), [TsumogiriSeat()] * 3, 0).subscribe(lambda e, v: None, seat=3)


def test_a_table_needs_one_seat_per_player() -> None:
    with pytest.raises(ValueError, match="3 seats for a 4-player"):
        Table(preset("standard"), [TsumogiriSeat()] * 3, 0)


@pytest.mark.parametrize(
    ("ended", "draw", "expected"),
    [
        (
            RoundEnded("win", (1, 2), (-8000, 4000, 4000, 0), (17000, 29000, 29000, 25000), 0, False, None),
            None,
            HandOutcome("win", (-8000, 4000, 4000, 0), 0, winners=(1, 2)),
        ),
        (
            RoundEnded("exhaustive", (), (1500, -1500, 1500, -1500), (0, 0, 0, 0), 1, True, None),
            ExhaustiveDraw((0, 2), ((), (), (), ()), (), (1500, -1500, 1500, -1500)),
            HandOutcome("exhaustive", (1500, -1500, 1500, -1500), 1, tenpai=(0, 2)),
        ),
        (
            RoundEnded("exhaustive", (), (-4000, 8000, -2000, -2000), (0, 0, 0, 0), 0, False, None),
            ExhaustiveDraw((3,), ((), (), (), ()), (1,), (-4000, 8000, -2000, -2000)),
            HandOutcome("nagashi_mangan", (-4000, 8000, -2000, -2000), 0, winners=(1,), tenpai=(3,)),
        ),
        (
            RoundEnded("abortive", (), (0, 0, -1000, 0), (0, 0, 0, 0), 3, False, "suucha_riichi"),
            None,
            HandOutcome("abortive", (0, 0, -1000, 0), 3, abortive_kind="suucha_riichi"),
        ),
    ],
)
def test_hand_outcome_from_the_engines_end_of_hand(
    ended: RoundEnded, draw: ExhaustiveDraw | None, expected: HandOutcome
) -> None:
    events: list[Event] = [draw, ended] if draw is not None else [ended]
    assert hand_outcome(ended, events) == expected


def test_an_observer_may_join_in_the_middle_of_a_hand() -> None:
    table = Table(preset("standard"), [GreedySeat(seat) for seat in range(4)], seed=13)
    assert table.view(2) is None
    table.step(max_steps=6)
    state = table.state
    assert state is not None
    assert table.view(2) == view_for(state, 2)
    seen: list[tuple[Event, SeatView]] = []
    table.subscribe(lambda event, view: seen.append((event, view)), seat=2)
    table.step(max_steps=30)
    assert seen
    assert seen[-1][1] == table.view(2)
    discards = [view for event, view in seen if isinstance(event, TileDiscarded)]
    assert all(view.phase is Phase.CLAIM for view in discards)


def test_each_batch_of_answers_is_noted_with_the_seats_that_had_a_choice() -> None:
    from game.ai import create_ai
    from rules.ruleset import preset

    rules = preset("standard")
    table = Table(rules, [create_ai("normal", rules, seat) for seat in range(4)], 3)
    while table.match.hands_played < 1:
        table.step(max_steps=1)
    starts = [start for start, _ in table.decisions]
    assert starts == sorted(set(starts))
    assert starts[0] == 0
    assert all(chose <= {0, 1, 2, 3} for _, chose in table.decisions)
    assert any(chose for _, chose in table.decisions)  # discards with a choice
    rebuilt = Table(rules, [create_ai("normal", rules, seat) for seat in range(4)], 3)
    rebuilt.restore(table.actions)
    assert rebuilt.decisions == table.decisions  # a restore notes the same batches
