"""The rollout judge (tools/rollout_judge.py): its playouts reproduce a logged hand when nothing is changed,
its re-shuffle touches only the tiles still to be drawn, a seat judged against its own AI never differs, a
weaker seat does and is measured the same way twice, a variant class is judged where it chooses otherwise;
bad input is one line and status 2."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Mapping
from pathlib import Path

import pytest

from game.ai import create_ai
from game.ai.player import STRONG, AiSeat, create_seat
from game.logs import tenhou6
from game.logs.record import GameRecord
from game.recorder import GameRecorder
from game.replay import replay_round
from game.table import Table
from game.view import Phase, SeatView, redact
from rules.actions import PASS, Action, Chi, Daiminkan, Pon, Ron
from rules.events import Event
from rules.round import RoundState
from rules.ruleset import preset
from tests.game.test_ai import _kind, _view
from tools import rollout_judge

RULES = preset("standard").with_overrides({"game_length": "east"})
LEVELS = ("strong", "easy", "strong", "normal")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameRecord, Path]:
    """An east-only match of AIs seeded as the judge seeds its shadows (1000 + seat), and its log."""
    seats = [create_ai(level, RULES, 1000 + seat) for seat, level in enumerate(LEVELS)]
    table = Table(RULES, seats, 31)
    recorder = GameRecorder.attach(table, [f"{level} {seat}" for seat, level in enumerate(LEVELS)])
    record = recorder.record(table.run())
    record = dataclasses.replace(record, extra={**record.extra, "game_length": RULES.game_length})
    path = tmp_path_factory.mktemp("judge") / "match.tenhou6.json"
    path.write_text(tenhou6.dumps(record), encoding="utf-8")
    return record, path


def test_a_playout_with_the_logged_seats_and_wall_replays_the_hand(played: tuple[GameRecord, Path]) -> None:
    record, _ = played
    for hand in record.rounds[:3]:
        seats = [create_seat(level, RULES, 1000 + seat) for seat, level in enumerate(LEVELS)]
        start: list[tuple[RoundState, dict[int, Action], list[AiSeat]]] = []

        def on_events(events: tuple[Event, ...], state: RoundState, seats: list[AiSeat] = seats) -> None:
            for event in events:
                for number, seat in enumerate(seats):
                    seat.observe(redact(event, number))

        def on_decision(
            state: RoundState,
            legal: Mapping[int, tuple[Action, ...]],
            choices: Mapping[int, Action],
            seats: list[AiSeat] = seats,
            start: list[tuple[RoundState, dict[int, Action], list[AiSeat]]] = start,
        ) -> None:
            # the seats decide what they decided at the table; at the first decision with a choice, they are
            # copied as they stand before its answers are applied
            rollout_judge.recall(seats, state, legal, choices)
            if not start and any(len(options) > 1 for options in legal.values()):
                start.append((state, dict(choices), copy.deepcopy(seats)))

        replayed = replay_round(hand, RULES, on_events=on_events, on_decision=on_decision)
        assert replayed.state.ended is not None
        assert start
        state, choices, copies = start[0]
        assert rollout_judge.play_out(state, copies, choices) == tuple(replayed.state.ended.deltas)


def test_the_reshuffle_moves_only_the_tiles_still_to_be_drawn(played: tuple[GameRecord, Path]) -> None:
    record, _ = played
    states: list[RoundState] = []
    replay_round(record.rounds[0], RULES, on_decision=lambda state, legal, choices: states.append(state))
    state = states[len(states) // 2]
    shuffled = rollout_judge.reshuffled(state, random.Random(5))
    before, after = state.wall.tiles, shuffled.wall.tiles
    start = 13 * state.n + state.draws
    end = state.wall.size - state.wall.dead_wall - 4
    assert before[:start] == after[:start]
    assert before[end:] == after[end:]
    assert sorted(before[start:end]) == sorted(after[start:end])
    assert before[start:end] != after[start:end]
    assert state.wall.tiles == before  # the state given is left as it was


def test_a_seat_judged_against_its_own_ai_never_differs(played: tuple[GameRecord, Path]) -> None:
    record, path = played
    strong = [seat for seat, level in enumerate(LEVELS) if level == "strong"]
    choices = 0  # every decision of the strong seats with more than one option, in the whole match
    for hand in record.rounds:

        def count(state: RoundState, legal: Mapping[int, tuple[Action, ...]], _: object) -> None:
            nonlocal choices
            choices += sum(1 for seat in strong if len(legal.get(seat, ())) > 1)

        replay_round(hand, RULES, on_decision=count)
    counts, found = rollout_judge.judge_file(rollout_judge.Job(path, "strong", "strong", 1, ()))
    assert choices > 50
    assert counts.compared == choices
    assert counts.differing == 0
    assert found == []


def test_a_weaker_seat_differs_and_is_measured_the_same_way_twice(played: tuple[GameRecord, Path]) -> None:
    _, path = played
    job = rollout_judge.Job(path, "strong", "easy", 2, ("claim:*", "riichi:*"))
    counts, found = rollout_judge.judge_file(job)
    assert counts.compared > 30
    assert 0 < len(found) <= counts.differing < counts.compared
    for judged in found:
        assert judged.seat == 1
        assert len(judged.diffs) == 2
        assert judged.category.startswith(("claim:", "riichi:"))
        assert judged.logged != judged.ai
    again = rollout_judge.judge_file(job)
    assert again == (counts, found)


def test_the_command_prints_categories_and_writes_json(
    played: tuple[GameRecord, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = played
    out = tmp_path / "judged.json"
    code = rollout_judge.run(
        [
            str(path.parent),
            "--player-match",
            "easy",
            "--rollouts",
            "1",
            "--only",
            "claim:*",
            "--json",
            str(out),
        ]
    )
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    written = json.loads(out.read_text(encoding="utf-8"))
    assert lines[-1].startswith("decisions=")
    assert lines[-1].endswith(f"judged={len(written)}")
    categories = {entry["category"] for entry in written}
    assert [line.split()[0] for line in lines[:-1]] == [f"category={name}" for name in sorted(categories)]
    for entry in written:
        assert entry["mean"] == sum(entry["diffs"]) / len(entry["diffs"])


def test_skipping_hands_judges_the_same_decisions(played: tuple[GameRecord, Path]) -> None:
    _, path = played
    only = ("riichi:*", "turn:riichi:*")  # riichi choices, and turns against a riichi
    full = rollout_judge.judge_file(rollout_judge.Job(path, "strong", "easy", 1, only))
    quick = rollout_judge.judge_file(rollout_judge.Job(path, "strong", "easy", 1, only, skip_hands=True))
    assert full[1]
    assert quick[1] == full[1]
    # the hands where the easy seat never met a riichi nor had one to declare were not replayed with the AI
    assert 0 < quick[0].compared < full[0].compared


class NeverCalls(AiSeat):
    """The strong AI but for calls, which it always passes: a variant that differs from it at claims only."""

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        choice = super().decide(view, legal)  # what deciding leaves behind stays as the strong AI's
        # a call becomes a pass; anything else, a ron on a tile it could also call above all, stays
        return PASS if isinstance(choice, Chi | Pon | Daiminkan) else choice


def test_a_variant_class_is_judged_where_it_chooses_otherwise(played: tuple[GameRecord, Path]) -> None:
    record, path = played
    strong = [seat for seat, level in enumerate(LEVELS) if level == "strong"]
    calls = 0  # the calls the strong seats made in the whole match
    for hand in record.rounds:

        def count(
            state: RoundState, legal: Mapping[int, tuple[Action, ...]], chosen: Mapping[int, Action]
        ) -> None:
            nonlocal calls
            calls += sum(1 for seat in strong if isinstance(chosen.get(seat), Chi | Pon | Daiminkan))

        replay_round(hand, RULES, on_decision=count)
    job = rollout_judge.Job(path, f"{__name__}:NeverCalls", "strong", 1, ())
    counts, found = rollout_judge.judge_file(job)
    assert calls > 0
    assert counts.differing == len(found) == calls
    for judged in found:
        assert judged.seat in strong
        assert judged.category.startswith("claim:")
        assert judged.category.split(":")[2].startswith("we_pass_")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no/such/log"], "no/such/log: no such file or folder"),
        (["--rollouts", "0", "."], "--rollouts and --jobs must be at least 1"),
        (["--skip-hands", "."], "--skip-hands needs --only"),
        (
            ["--level", "nosuch", "."],
            "--level nosuch: neither a level (easy, normal, strong) nor module:Class",
        ),
        (
            ["--level", "tests:Nothing", "."],
            "--level tests:Nothing: Nothing is not an AiSeat subclass in tests",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert rollout_judge.run(argv) == 2
    err = capsys.readouterr().err
    assert err == f"rollout_judge: {message}\n"


def test_a_folder_without_logs_and_a_broken_log_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert rollout_judge.run([str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"rollout_judge: {tmp_path}: no log files in this folder\n"
    broken = tmp_path / "broken.tenhou6.json"
    broken.write_text("{not json", encoding="utf-8")
    assert rollout_judge.run([str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rollout_judge: {broken}: not valid JSON at line 1")
    assert err.count("\n") == 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_command_shows_its_progress_on_stderr(
    played: tuple[GameRecord, Path], jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = played
    argv = [str(path), "--player-match", "easy", "--rollouts", "1", "--only", "claim:*", "--jobs", jobs]
    code = rollout_judge.run(argv)
    assert code == 0
    captured = capsys.readouterr()
    assert "1/1 logs" in captured.err
    assert captured.err.endswith("\n")
    assert "logs" not in captured.out


def test_a_broken_log_after_a_judged_one_is_its_own_line(
    played: tuple[GameRecord, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = played
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.tenhou6.json").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    broken = folder / "b.tenhou6.json"
    broken.write_text("{", encoding="utf-8")
    code = rollout_judge.run([str(folder), "--player-match", "easy", "--rollouts", "1", "--only", "claim:*"])
    assert code == 2
    err = capsys.readouterr().err
    assert "1/2 logs" in err  # the judged log was counted
    assert err.splitlines()[-1].startswith(f"rollout_judge: {broken}: not valid JSON at line 1")


def test_the_never_calls_variant_turns_only_a_call_into_a_pass() -> None:
    # 123m 456p 789s with 1z and 5s pairs waits on both; a discarded 5s may be ronned or ponned: the strong AI
    # rons, and so does the variant (a pass there would be a second difference from it besides calls)
    view = _view("123m456p789s11z55s", seat=1, phase=Phase.CLAIM, claimable="5s")
    pair = tuple(tile for tile in view.hand if tile >> 2 == _kind("5s"))
    legal: tuple[Action, ...] = (PASS, Ron(), Pon((pair[0], pair[1])))
    rules = preset("standard")
    assert create_ai("strong", rules, 1).decide(view, legal) == Ron()
    assert NeverCalls(STRONG, rules, 1).decide(view, legal) == Ron()
    # a chun pon the strong AI takes for speed (as tests/game/test_ai.py pins): the variant passes it
    slow = _view("1368m46p23455s77z", seat=1, phase=Phase.CLAIM, claimable="7z", tiles_left=48, dora="2m")
    dragons = tuple(tile for tile in slow.hand if tile >> 2 == _kind("7z"))
    pon = Pon((dragons[0], dragons[1]))
    assert create_ai("strong", rules, 1).decide(slow, (PASS, pon)) == pon
    assert NeverCalls(STRONG, rules, 1).decide(slow, (PASS, pon)) == PASS
