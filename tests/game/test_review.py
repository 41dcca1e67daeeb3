"""The review command: the strong AI agrees with itself on a match it played, weaker levels do not; real
Tenhou logs review; the JSON's shape and its actions in mjai notation; bad input is one line and status 2."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

import main
from game.ai import create_ai
from game.coach import Advice, Coach
from game.logs import mjai as mjai_log
from game.logs import tenhou6
from game.logs.record import GameRecord
from game.recorder import GameRecorder
from game.replay import replay_round
from game.review import Review, hidden_by_a_claim, review_file, review_game, run, same_choice
from game.table import Table
from game.verify import read_log, round_label
from game.view import SeatView, redact
from rules.actions import PASS, Action, Chi, Pon, Ron
from rules.events import Event
from rules.round import RoundState, legal_actions
from rules.ruleset import preset
from tests.conftest import ORACLES, needs_shared

RULES = preset("standard").with_overrides({"game_length": "east"})
LEVELS = ("strong", "normal", "easy", "strong")
TABLE_SEED = 23
SUMMARY = re.compile(r"decisions=(\d+) agreed=(\d+) rate=(\d\.\d{3})")
MJAI_TILE = re.compile(r"[1-9][mps]|5[mps]r|[ESWNPFC]")
# real Tenhou games: a whole hanchan (where seat 2 is offered a daiminkan the AI would call), a double ron
ORACLE_GAMES = [ORACLES / "mjx" / "mjlog" / name for name in ("encdec-game-end.mjlog", "double-ron.mjlog")]


def ai_seed(seat: int) -> int:
    """The seed of the AI in ``seat`` (the review's coach gets the same one)."""
    return 1000 + seat


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameRecord, Path, Path]:
    """An east-only match of strong, normal, easy and strong AIs, with its tenhou.net/6 and mjai logs."""
    seats = [create_ai(level, RULES, ai_seed(seat)) for seat, level in enumerate(LEVELS)]
    table = Table(RULES, seats, TABLE_SEED)
    recorder = GameRecorder.attach(table, [f"{level} {seat}" for seat, level in enumerate(LEVELS)])
    standings = table.run()
    record = recorder.record(standings)
    record = dataclasses.replace(record, extra={**record.extra, "game_length": RULES.game_length})
    folder = tmp_path_factory.mktemp("review")
    tenhou6_path = folder / "match.tenhou6.json"
    tenhou6_path.write_text(tenhou6.dumps(record), encoding="utf-8")
    mjai_path = folder / "match.mjai.jsonl"
    mjai_path.write_text(mjai_log.dumps(record), encoding="utf-8")
    return record, tenhou6_path, mjai_path


def test_the_strong_ai_in_the_log_agrees_with_the_coach_and_weaker_levels_do_not(
    played: tuple[GameRecord, Path, Path],
) -> None:
    record, tenhou6_path, mjai_path = played
    assert len(record.rounds) >= 4
    for seat, level in enumerate(LEVELS):
        rates = []
        in_memory = Review()
        review_game(record, RULES, seat, in_memory, seed=ai_seed(seat))
        for review in (in_memory, review_file(tenhou6_path, seat=seat, seed=ai_seed(seat))):
            assert len(review.decisions) > 50, level
            assert review.notes == []
            rates.append(review.rate)
        if level == "strong":
            assert rates == [1.0, 1.0], seat
        else:
            assert max(rates) < 1.0, seat
    # an mjai log keeps neither tile ids nor the wall: the AI still plays the same choices
    assert review_file(mjai_path, seat=3, seed=ai_seed(3)).rate == 1.0


def test_three_player_kita_decisions_are_reviewed_too(tmp_path: Path) -> None:
    rules = preset("tenhou-3p").with_overrides({"game_length": "east"})
    levels = ("strong", "easy", "strong")
    seats = [create_ai(level, rules, ai_seed(seat)) for seat, level in enumerate(levels)]
    table = Table(rules, seats, TABLE_SEED)
    recorder = GameRecorder.attach(table, levels)
    record = recorder.record(table.run())
    record = dataclasses.replace(record, extra={**record.extra, "game_length": rules.game_length})
    path = tmp_path / "sanma.mjai.jsonl"
    path.write_text(mjai_log.dumps(record), encoding="utf-8")
    reviews = [review_file(path, seat=seat, seed=ai_seed(seat)) for seat in range(3)]
    assert [review.rate for review in reviews[::2]] == [1.0, 1.0]
    assert reviews[1].rate < 1.0
    kita = [d for review in reviews for d in review.decisions if d.actual["type"] == "nukidora"]
    assert kita
    for decision in kita:
        check_mjai(decision.actual, decision.actor)


def test_the_coach_sees_every_event_of_the_seat_and_is_asked_at_every_choice(
    played: tuple[GameRecord, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    record, _, _ = played
    seat = 2
    observed: list[Event] = []
    asked: list[tuple[Action, ...]] = []
    observe, advise = Coach.observe, Coach.advise

    def spy_observe(coach: Coach, event: Event) -> None:
        observed.append(event)
        observe(coach, event)

    def spy_advise(coach: Coach, view: SeatView, legal: tuple[Action, ...]) -> Advice:
        asked.append(legal)
        return advise(coach, view, legal)

    monkeypatch.setattr(Coach, "observe", spy_observe)
    monkeypatch.setattr(Coach, "advise", spy_advise)
    review = Review()
    review_game(record, RULES, seat, review, seed=ai_seed(seat))
    events: list[Event] = []
    choices: list[tuple[Action, ...]] = []
    for hand in record.rounds:
        replay = replay_round(
            hand,
            RULES,
            on_decision=lambda state, legal, _: (
                choices.append(legal[seat]) if len(legal.get(seat, ())) > 1 else None
            ),
        )
        events.extend(redact(event, seat) for event in replay.events)
    assert observed == events
    assert asked == choices
    assert len(review.decisions) + review.unknown == len(choices)


def test_the_command_names_a_player_or_a_seat(
    played: tuple[GameRecord, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _, tenhou6_path, _ = played
    assert main.main(["review", str(tenhou6_path), "--player", "easy 2"]) == 0
    by_name = capsys.readouterr()
    assert main.main(["review", str(tenhou6_path), "--seat", "2"]) == 0
    by_seat = capsys.readouterr()
    assert by_name.out == by_seat.out
    match = SUMMARY.fullmatch(by_name.out.strip())
    assert match is not None, by_name.out
    assert float(match[3]) < 1.0
    assert main.main(["review", str(tenhou6_path)]) == 0  # seat 0 by default: a strong AI
    assert capsys.readouterr().out.strip().endswith("rate=1.000")


def test_the_json_has_every_decision_in_mjai_notation(
    played: tuple[GameRecord, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, tenhou6_path, _ = played
    out = tmp_path / "review.json"
    assert main.main(["review", str(tenhou6_path), "--seat", "1", "--json", str(out)]) == 0
    summary = SUMMARY.fullmatch(capsys.readouterr().out.strip())
    assert summary is not None
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"decisions", "agreement"}
    decisions = data["decisions"]
    assert len(decisions) == int(summary[1])
    assert sum(decision["agree"] for decision in decisions) == int(summary[2])
    assert data["agreement"] == pytest.approx(int(summary[2]) / int(summary[1]))
    assert f"{data['agreement']:.3f}" == summary[3]
    labels = [round_label(hand) for hand in record.rounds]
    kinds = set()
    for decision in decisions:
        assert set(decision) == {"hand", "step", "actor", "actual", "expected", "agree", "detail"}
        assert decision["hand"] in labels
        assert decision["actor"] == 1
        assert isinstance(decision["agree"], bool)
        assert decision["agree"] == same_choice(decision["actual"], decision["expected"])
        for action in (decision["actual"], decision["expected"]):
            check_mjai(action, 1)
            kinds.add(action["type"])
        detail = decision["detail"]
        if "measure" in detail:  # a turn: the numbers of both discards
            assert detail["measure"] in ("expected_points", "ukeire")
            for side in ("actual", "expected"):
                numbers = detail[side]
                if decision[side]["type"] == "dahai":
                    assert set(numbers) == {"shanten", "ukeire", "value"}
                    assert -1 <= numbers["shanten"] <= 6
                    assert numbers["ukeire"] >= 0
        else:  # a call or a win: the coach's reason
            assert decision["actual"]["type"] != "dahai"
            assert set(detail) == {"why", "fields"}
    assert {"dahai", "none"} <= kinds
    for hand in labels:  # steps count the seat's decisions in each hand, in order
        steps = [decision["step"] for decision in decisions if decision["hand"] == hand]
        assert steps == sorted(set(steps))


def check_mjai(action: dict[str, object], seat: int) -> None:
    """One action in mjai notation, as game/mjai writes it."""
    kind = action["type"]
    assert kind in (
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "ankan",
        "kakan",
        "hora",
        "nukidora",
        "ryukyoku",
        "none",
    )
    if kind in ("none", "ryukyoku"):
        return
    assert action["actor"] == seat
    if kind == "dahai":
        assert set(action) <= {"type", "actor", "pai", "tsumogiri", "reach"}
        assert isinstance(action["tsumogiri"], bool)
    if "pai" in action:
        assert MJAI_TILE.fullmatch(str(action["pai"])), action
    if "consumed" in action:
        assert isinstance(action["consumed"], list)
        assert all(MJAI_TILE.fullmatch(tile) for tile in action["consumed"]), action


def test_a_riichi_discard_is_a_dahai_with_reach(played: tuple[GameRecord, Path, Path]) -> None:
    record, _, _ = played
    riichi = []
    for seat in range(4):
        review = Review()
        review_game(record, RULES, seat, review, seed=ai_seed(seat))
        riichi += [d for d in review.decisions if d.actual.get("reach") or d.expected.get("reach")]
    assert riichi, "nobody declared riichi in the match"
    for decision in riichi:
        declared = decision.actual if decision.actual.get("reach") else decision.expected
        assert declared["type"] == "dahai"
        assert declared["reach"] is True


def test_same_choice_goes_by_tile_kind() -> None:
    red = {"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": False}
    plain = {"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True}
    assert same_choice(red, plain)
    assert not same_choice(red, {**plain, "pai": "6m"})
    assert not same_choice(plain, {**plain, "reach": True})
    chi = {"type": "chi", "actor": 0, "target": 3, "pai": "4p", "consumed": ["5pr", "6p"]}
    assert same_choice(chi, {**chi, "consumed": ["5p", "6p"]})
    assert not same_choice(chi, {**chi, "consumed": ["2p", "3p"]})
    assert not same_choice(
        chi, {"type": "pon", "actor": 0, "target": 3, "pai": "4p", "consumed": ["4p", "4p"]}
    )
    assert same_choice({"type": "none"}, {"type": "none"})
    assert not same_choice({"type": "none"}, chi)


def test_a_claim_another_seat_took_first_is_not_counted() -> None:
    chi = Chi((16, 20))
    pon = Pon((40, 41))
    assert hidden_by_a_claim(0, PASS, chi, {0: PASS, 2: pon}, RULES)
    assert hidden_by_a_claim(0, PASS, pon, {0: PASS, 2: Ron()}, RULES)
    assert not hidden_by_a_claim(0, PASS, pon, {0: PASS, 3: chi}, RULES)  # a pon goes before a chi
    assert not hidden_by_a_claim(0, PASS, Ron(), {0: PASS, 2: Ron()}, RULES)  # double ron: it passed
    assert hidden_by_a_claim(0, PASS, Ron(), {0: PASS, 2: Ron()}, RULES.with_overrides({"double_ron": False}))
    assert not hidden_by_a_claim(0, chi, chi, {0: chi, 2: PASS}, RULES)
    assert not hidden_by_a_claim(0, PASS, PASS, {0: PASS, 2: pon}, RULES)


class _Heard:
    """What a replay's observers were told."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.decisions: list[tuple[Mapping[int, tuple[Action, ...]], Mapping[int, Action]]] = []

    def step(self, events: tuple[Event, ...], state: RoundState) -> None:
        self.events.extend(events)

    def decision(
        self, state: RoundState, legal: Mapping[int, tuple[Action, ...]], choices: Mapping[int, Action]
    ) -> None:
        assert legal == legal_actions(state)
        self.decisions.append((legal, choices))


def test_the_replay_tells_every_event_and_every_accepted_decision(
    played: tuple[GameRecord, Path, Path],
) -> None:
    record, _, _ = played
    for hand in record.rounds:
        heard = _Heard()
        replay = replay_round(hand, RULES, on_events=heard.step, on_decision=heard.decision)
        assert replay.problems == ()
        assert tuple(heard.events) == replay.events
        assert heard.decisions
        for legal, choices in heard.decisions:
            assert set(choices) == set(legal)
            assert all(action in legal[seat] for seat, action in choices.items())
        assert replay_round(hand, RULES) == replay  # the same replay without observers


@needs_shared
@pytest.mark.parametrize("path", ORACLE_GAMES, ids=lambda path: path.name)
def test_real_tenhou_logs_review(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = read_log(path)[0]
    assert game.players == 4
    out = tmp_path / "review.json"
    for seat in range(4):
        assert main.main(["review", str(path), "--seat", str(seat), "--json", str(out)]) == 0
        captured = capsys.readouterr()
        assert captured.err == ""  # every hand followed to its end
        summary = SUMMARY.fullmatch(captured.out.strip())
        assert summary is not None, captured.out
        decisions, agreed = int(summary[1]), int(summary[2])
        assert decisions > 0
        assert 0 < agreed < decisions
        data = json.loads(out.read_text(encoding="utf-8"))
        assert 0.0 < data["agreement"] < 1.0
        assert len(data["decisions"]) == decisions
        for decision in data["decisions"]:
            check_mjai(decision["actual"], seat)
            check_mjai(decision["expected"], seat)


@needs_shared
def test_a_player_is_found_by_the_name_in_a_tenhou_log(capsys: pytest.CaptureFixture[str]) -> None:
    path = ORACLE_GAMES[1]
    names = read_log(path)[0].names
    assert main.main(["review", str(path), "--player", names[2]]) == 0
    by_name = capsys.readouterr().out
    assert main.main(["review", str(path), "--seat", "2"]) == 0
    assert capsys.readouterr().out == by_name


def exit_status(argv: list[str]) -> int:
    """main.main's status, or the one argparse exits with."""
    try:
        return main.main(argv)
    except SystemExit as exit_info:
        return int(str(exit_info.code))


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", "missing.json: cannot read the file"),
        ("garbage", "garbage.txt: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines"),
        ("broken", "broken.json: "),
        ("seat", "--seat 4 is out of range: "),
        ("negative", "--seat -1 is out of range: "),
        ("player", "no player named 'nobody' (the players: 'strong 0', 'normal 1', 'easy 2', 'strong 3')"),
        ("both", "argument --player: not allowed with argument --seat"),
        ("folder", "cannot write --json "),
        ("directory", "it is a directory"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    case: str,
    message: str,
    played: tuple[GameRecord, Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, log, _ = played
    (tmp_path / "garbage.txt").write_text("garbage\n", encoding="utf-8")
    (tmp_path / "broken.json").write_text('{"title": ["x"], "log": [[', encoding="utf-8")
    argv = {
        "missing": ["review", str(tmp_path / "missing.json")],
        "garbage": ["review", str(tmp_path / "garbage.txt")],
        "broken": ["review", str(tmp_path / "broken.json")],
        "seat": ["review", str(log), "--seat", "4"],
        "negative": ["review", str(log), "--seat", "-1"],
        "player": ["review", str(log), "--player", "nobody"],
        "both": ["review", str(log), "--seat", "1", "--player", "easy 2"],
        "folder": ["review", str(log), "--json", str(tmp_path / "no" / "such" / "out.json")],
        "directory": ["review", str(log), "--json", str(tmp_path)],
    }[case]
    assert exit_status(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    prefix = "review: error: "  # argparse starts with the program's name before it
    assert err.startswith(prefix) or (case == "both" and err.split(" ", 1)[1].startswith(prefix)), err
    assert message in err
    assert "Traceback" not in err


def test_the_progress_bar_goes_to_standard_error_and_is_wiped(played: tuple[GameRecord, Path, Path]) -> None:
    _, log, _ = played
    out, err = io.StringIO(), io.StringIO()
    assert run(str(log), out, seat=1, err=err, progress=True) == 0
    assert SUMMARY.fullmatch(out.getvalue().strip())
    shown = err.getvalue()
    assert "review: [" in shown
    assert "hands" in shown
    assert shown.endswith("\r")
    assert shown.split("\r")[-2].strip() == ""  # the line is wiped at the end
    quiet = io.StringIO()
    assert run(str(log), io.StringIO(), seat=1, err=quiet, progress=False) == 0
    assert quiet.getvalue() == ""
