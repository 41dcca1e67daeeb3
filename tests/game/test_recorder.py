"""The game recorder: played games become GameRecords that replay hand by hand through the engine, survive
tenhou.net/6 (written and read back) and write to mjai in step with the engine's events."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import pytest

from game.bots import GreedySeat, RandomSeat
from game.logs import mjai, tenhou6
from game.logs.record import (
    CallStep,
    DiscardStep,
    DoraStep,
    DrawStep,
    FlowerStep,
    GameRecord,
    KitaStep,
    Result,
    RoundRecord,
    UnwritableRecordError,
    WinResult,
)
from game.recorder import GameRecorder
from game.replay import replay_round
from game.seat import Seat
from game.table import Table
from game.verify import log_rules
from rules.events import (
    Event,
    HandWon,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundStarted,
    TileDiscarded,
    TileDrawn,
)
from rules.meld import MeldType
from rules.round import RoundState
from rules.ruleset import PRESET_NAMES, preset

from .test_tenhou6 import limit_flags, portable

GAMES = [(name, 0, "greedy") for name in PRESET_NAMES] + [
    ("standard", 1, "greedy"),
    ("tenhou-3p", 1, "greedy"),
    ("standard", 2, "random"),
    ("tenhou-3p", 2, "random"),
    ("seed-deluxe", 2, "random"),  # random seats hold flowers, call and set them aside late
]
# tenhou.net/6 and mjai have no flower tiles: a flower game is refused (test below), the others written
WRITABLE = [game for game in GAMES if not preset(game[0]).flowers]


@dataclasses.dataclass(frozen=True)
class Played:
    """A recorded game with the engine's events and the table it was played at."""

    record: GameRecord
    events: tuple[Event, ...]
    table: Table


@functools.cache
def play(name: str, seed: int, bots: str) -> Played:
    rules = preset(name)
    seats: list[Seat] = [
        GreedySeat(seed * 10 + seat) if bots == "greedy" else RandomSeat(seed * 10 + seat)
        for seat in range(rules.players)
    ]
    table = Table(rules, seats, seed)
    recorder = GameRecorder.attach(table)
    events: list[Event] = []
    table.subscribe_engine(lambda batch, _state: events.extend(batch))
    standings = table.run()
    return Played(recorder.record(standings), tuple(events), table)


def has_kita_before_open_kan_dora(hand: RoundRecord) -> bool:
    """An open kan's dora written before a discard that follows a kita's replacement draw (see below)."""
    steps = hand.steps
    return any(
        isinstance(steps[index], DoraStep)
        and isinstance(steps[index + 1], DiscardStep)
        and isinstance(steps[index - 1], DrawStep)
        and isinstance(steps[index - 2], KitaStep)
        for index in range(2, len(steps) - 1)
    )


@pytest.mark.parametrize(("name", "seed", "bots"), GAMES)
def test_recorded_games_replay_hand_by_hand(name: str, seed: int, bots: str) -> None:
    played = play(name, seed, bots)
    record = played.record
    rules = preset(name)
    standings = played.table.standings
    assert standings is not None
    extra = {"seed": str(seed), "game_length": rules.game_length}
    assert (record.ruleset, record.players, record.extra) == (name, rules.players, extra)
    assert record.names == tuple(f"Seat {seat + 1}" for seat in range(rules.players))
    assert len(record.rounds) == played.table.match.hands_played
    assert record.final_scores == standings.scores
    assert record.final_points == tuple(points / 1000 for points in standings.settled)
    starts = [event for event in played.events if isinstance(event, RoundStarted)]
    assert [hand.hands for hand in record.rounds] == [start.hands for start in starts]
    for index, hand in enumerate(record.rounds):
        assert hand.results, f"hand {index} has no result"
        for logged in (hand, dataclasses.replace(hand, wall=())):  # the whole wall, or one built from steps
            replay = replay_round(logged, rules)
            assert replay.problems == (), f"hand {index}"
            ended = replay.state.ended
            assert ended is not None
            following = record.rounds[index + 1].scores if index + 1 < len(record.rounds) else None
            if following is not None:
                assert ended.scores == following


def test_recorded_games_cover_what_the_logs_must_carry() -> None:
    """The recorded games above hold every kind of step and result the formats have to write."""
    steps: set[Any] = set()
    results: set[str] = set()
    for game in GAMES:
        for hand in play(*game).record.rounds:
            steps.update(step.meld.type if isinstance(step, CallStep) else type(step) for step in hand.steps)
            results.update(_result_kind(result) for result in hand.results)
            steps.update("riichi" for step in hand.steps if isinstance(step, DiscardStep) and step.riichi)
    assert steps >= {DrawStep, DiscardStep, DoraStep, KitaStep, "riichi", *MeldType}
    assert results >= {"tsumo", "ron", "exhaustive"}


def _result_kind(result: Result) -> str:
    if isinstance(result, WinResult):
        return "tsumo" if result.discarder is None else "ron"
    return result.kind


def test_open_kan_dora_after_a_kita_replays() -> None:
    rules = preset("tenhou-3p")
    hands = [
        hand
        for game in GAMES
        if preset(game[0]).players == 3
        for hand in play(*game).record.rounds
        if has_kita_before_open_kan_dora(hand)
    ]
    assert hands, "no recorded hand has a kita between an open kan and its discard"
    for hand in hands:
        assert replay_round(hand, rules).problems == ()


# --- tenhou.net/6 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seed", "bots"), WRITABLE)
def test_recorded_games_survive_tenhou6(name: str, seed: int, bots: str) -> None:
    record = play(name, seed, bots).record
    rules = preset(name)
    limits = limit_flags(record, rules)
    back = tenhou6.read_tenhou6(tenhou6.dumps(record), "recorded.json")
    assert portable(back, rules, limits) == portable(record, rules, limits)
    assert tenhou6.write_tenhou6(back) == tenhou6.write_tenhou6(record)


# --- mjai -------------------------------------------------------------------------------------------------


def test_a_flower_game_is_recorded_with_its_flowers_and_refused_by_the_log_writers() -> None:
    record = play("seed-deluxe", 0, "greedy").record
    flowers = [step for hand in record.rounds for step in hand.steps if isinstance(step, FlowerStep)]
    assert flowers
    assert all(step.tile >= 136 for step in flowers)
    for write, name in ((tenhou6.write_tenhou6, "tenhou.net/6"), (mjai.write_mjai, "mjai")):
        with pytest.raises(UnwritableRecordError) as refused:
            write(record)
        message = str(refused.value)
        assert "\n" not in message
        assert name in message
        assert "flower" in message


@pytest.mark.parametrize(("name", "seed", "bots"), WRITABLE)
def test_recorded_games_write_mjai_in_step_with_the_engine(name: str, seed: int, bots: str) -> None:
    played = play(name, seed, bots)
    rules = preset(name)
    lines = mjai.write_mjai(played.record)
    assert (lines[0]["type"], lines[-1]["type"]) == ("start_game", "end_game")

    def tile(tile_id: int) -> str:
        return mjai.mjai_tile(tile_id, rules.red_fives)

    def of_type(kind: str) -> list[dict[str, Any]]:
        return [line for line in lines if line["type"] == kind]

    events = played.events
    assert len(of_type("start_kyoku")) == len(of_type("end_kyoku")) == len(played.record.rounds)
    draws = [(event.seat, tile(event.tile)) for event in events if isinstance(event, TileDrawn)]
    assert [(line["actor"], line["pai"]) for line in of_type("tsumo")] == draws
    discards = [(e.seat, tile(e.tile), e.tsumogiri) for e in events if isinstance(e, TileDiscarded)]
    assert [(line["actor"], line["pai"], line["tsumogiri"]) for line in of_type("dahai")] == discards
    riichi = [event.seat for event in events if isinstance(event, RiichiAccepted)]
    assert [line["actor"] for line in of_type("reach_accepted")] == riichi
    calls = [event.seat for event in events if isinstance(event, MeldCalled)]
    call_types = ("chi", "pon", "daiminkan", "ankan", "kakan")
    assert [line["actor"] for line in lines if line["type"] in call_types] == calls
    kita = [event.seat for event in events if isinstance(event, KitaDeclared)]
    assert [line["actor"] for line in of_type("nukidora")] == kita
    padding = [0] * (4 - rules.players)
    wins = [(event.seat, list(event.deltas) + padding) for event in events if isinstance(event, HandWon)]
    assert [(line["actor"], line["deltas"]) for line in of_type("hora")] == wins


# --- the recorder itself ----------------------------------------------------------------------------------


def test_a_game_in_progress_records_its_unfinished_hand() -> None:
    rules = preset("standard")
    table = Table(rules, [GreedySeat(seat) for seat in range(4)], seed=9)
    recorder = GameRecorder(rules, ("A", "B", "C", "D"), source="live")
    table.subscribe_engine(recorder.observe)
    table.step(max_steps=12)
    record = recorder.record()
    assert (record.source, record.names, record.final_scores, record.final_points) == (
        "live",
        ("A", "B", "C", "D"),
        None,
        None,
    )
    (hand,) = record.rounds
    assert hand.results == ()
    assert len([step for step in hand.steps if isinstance(step, DiscardStep)]) >= 5
    assert replay_round(hand, rules).problems == ()


def test_recorder_refuses_what_it_cannot_record() -> None:
    rules = preset("standard")
    with pytest.raises(ValueError, match="3 names for 4 players"):
        GameRecorder(rules, ("A", "B", "C"))
    table = Table(rules, [GreedySeat(seat) for seat in range(4)], seed=9)
    states: list[tuple[tuple[Event, ...], RoundState]] = []
    table.subscribe_engine(lambda events, state: states.append((events, state)))
    table.step(max_steps=2)
    recorder = GameRecorder(rules)
    with pytest.raises(ValueError, match="TileDiscarded before any RoundStarted"):
        recorder.observe(*states[1])


def test_an_east_only_match_under_a_hanchan_preset_is_logged_and_read_as_east_only() -> None:
    # the preset's name alone says hanchan: the record carries the length the table played, so the log's
    # label says east-only and a log reader (review, replay, the rollout judge) plays it as such
    rules = preset("standard").with_overrides({"game_length": "east"})
    table = Table(rules, [GreedySeat(seat) for seat in range(4)], 3)
    recorder = GameRecorder.attach(table)
    record = recorder.record(table.run())
    assert record.extra["game_length"] == "east"
    read = tenhou6.read_tenhou6(tenhou6.dumps(record), "east.json")
    assert "東" in read.extra["tenhou6_disp"]
    assert log_rules(read).game_length == "east"
