"""Headless self-play: stats against an independent recount, duplicate rotation, jobs, JSON, command line."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import types
from collections import Counter
from pathlib import Path

import pytest

import main
from game.bots import GreedySeat, RandomSeat, ScriptedSeat, TsumogiriSeat
from game.seat import Seat
from game.simulate import (
    GameJob,
    ProgressBar,
    SimulationResult,
    SpecError,
    TimedSeat,
    check_run,
    parse_players,
    percentile,
    plan_games,
    rules_for,
    simulate,
)
from game.table import Table
from rules.actions import PASS
from rules.events import (
    Event,
    ExhaustiveDraw,
    HandWon,
    MeldCalled,
    RiichiAccepted,
    RoundStarted,
)
from rules.meld import MeldType
from rules.round import RoundState
from rules.ruleset import preset

ROOT = Path(__file__).resolve().parents[2]
STANDARD = preset("standard")
PLAYER_KEYS = {
    "label",
    "games",
    "hands",
    "avg_rank",
    "rank_dist",
    "avg_score",
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "call_rate",
    "avg_win_points",
    "tenpai_at_draw_rate",
}


def bot(spec: str, seed: int) -> Seat:
    """The test's own seat factory for the simple bots (independent of the module's)."""
    seats: dict[str, Seat] = {
        "random": RandomSeat(seed),
        "greedy": GreedySeat(seed),
        "tsumogiri": TsumogiriSeat(),
    }
    return seats[spec]


def recount(jobs: list[GameJob]) -> dict[str, dict[str, object]]:
    """Replay each planned game on a plain Table and count every stat hand by hand from the event list."""
    tallies: dict[str, Counter[str]] = {}
    points: dict[str, list[int]] = {}
    for job in jobs:
        events: list[Event] = []

        def keep(step: tuple[Event, ...], state: RoundState, events: list[Event] = events) -> None:
            events.extend(step)

        seats = [bot(spec, seed) for spec, seed in zip(job.specs, job.seat_seeds, strict=True)]
        table = Table(job.rules, seats, job.table_seed)
        table.subscribe_engine(keep)
        standings = table.run()
        starts = [index for index, event in enumerate(events) if isinstance(event, RoundStarted)]
        by_hand = [events[start:end] for start, end in zip(starts, [*starts[1:], len(events)], strict=True)]
        for seat, label in enumerate(job.specs):
            tally = tallies.setdefault(label, Counter())
            tally["games"] += 1
            tally[f"rank{standings.ranks[seat]}"] += 1
            tally["rank_sum"] += standings.ranks[seat]
            tally["score_sum"] += standings.scores[seat]
            for hand in by_hand:
                tally["hands"] += 1
                wins = [event for event in hand if isinstance(event, HandWon)]
                draw = [event for event in hand if isinstance(event, ExhaustiveDraw)]
                tally["win"] += any(win.seat == seat for win in wins)
                tally["deal_in"] += any(win.discarder == seat for win in wins)
                tally["riichi"] += any(isinstance(e, RiichiAccepted) and e.seat == seat for e in hand)
                tally["call"] += any(
                    isinstance(e, MeldCalled) and e.seat == seat and e.meld.type is not MeldType.ANKAN
                    for e in hand
                )
                tally["draws"] += bool(draw)
                tally["tenpai"] += bool(draw) and seat in draw[0].tenpai
                points.setdefault(label, []).extend(win.value.points for win in wins if win.seat == seat)
    expected = {}
    for label, tally in tallies.items():
        games, hands = tally["games"], tally["hands"]
        won = points[label]
        expected[label] = {
            "label": label,
            "games": games,
            "hands": hands,
            "avg_rank": tally["rank_sum"] / games,
            "rank_dist": [tally[f"rank{rank}"] / games for rank in range(1, jobs[0].rules.players + 1)],
            "avg_score": tally["score_sum"] / games,
            "win_rate": tally["win"] / hands,
            "deal_in_rate": tally["deal_in"] / hands,
            "riichi_rate": tally["riichi"] / hands,
            "call_rate": tally["call"] / hands,
            "avg_win_points": sum(won) / len(won) if won else None,
            "tenpai_at_draw_rate": tally["tenpai"] / tally["draws"] if tally["draws"] else 0.0,
        }
    return expected


def players_by_label(result: SimulationResult) -> dict[str, dict[str, object]]:
    return {str(entry["label"]): entry for entry in result.to_json()["players"]}


@pytest.mark.parametrize(
    ("specs", "ruleset", "games", "duplicate"),
    [
        (("greedy", "random", "greedy", "tsumogiri"), "standard", 3, False),
        (("greedy", "random", "tsumogiri", "greedy"), "standard", 4, True),
        (("greedy", "greedy", "random"), "tenhou-3p", 3, True),
    ],
)
def test_stats_agree_with_an_independent_recount(
    specs: tuple[str, ...], ruleset: str, games: int, duplicate: bool
) -> None:
    rules = preset(ruleset)
    result = simulate(specs, games, rules, seed=7, duplicate=duplicate)
    expected = recount(plan_games(specs, games, rules, 7, duplicate))
    assert players_by_label(result) == expected
    assert [entry["label"] for entry in result.to_json()["players"]] == list(dict.fromkeys(specs))
    # greedy players win, deal in, riichi and call in these games, so every rate above was really compared
    greedy = expected["greedy"]
    assert all(greedy[key] for key in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate"))


def test_tsumogiri_players_never_win_call_or_riichi() -> None:
    result = simulate(["tsumogiri"] * 4, 2, STANDARD, seed=3)
    (entry,) = result.to_json()["players"]
    assert entry["win_rate"] == entry["deal_in_rate"] == entry["riichi_rate"] == entry["call_rate"] == 0
    assert entry["avg_win_points"] is None
    # one label at every seat: each place is taken once a game, and no points leave the table
    assert entry["avg_rank"] == 2.5
    assert entry["rank_dist"] == [0.25] * 4
    assert entry["avg_score"] == 25000
    assert entry["games"] == 8
    assert entry["hands"] == 4 * result.hands
    assert 0 < result.draws <= result.hands
    assert result.draw_rate == result.draws / result.hands


def test_duplicate_rotates_every_player_through_every_seat_on_each_wall() -> None:
    specs = ("strong", "normal", "greedy", "random")
    planned = plan_games(specs, 12, STANDARD, seed=5, duplicate=True)
    walls = [planned[start : start + 4] for start in range(0, 12, 4)]
    assert len({wall[0].table_seed for wall in walls}) == 3
    for wall in walls:
        assert len({job.table_seed for job in wall}) == 1
        for spec in specs:
            assert sorted(job.specs.index(spec) for job in wall) == [0, 1, 2, 3]
    # the same table seed deals the same first hand in every rotation
    deals: list[Event] = []
    for job in walls[0]:
        table = Table(STANDARD, [TsumogiriSeat() for _ in range(4)], job.table_seed)
        table.subscribe_engine(lambda step, state: deals.append(step[0]))
        table.step(max_steps=1)
    dealt = [deal.hands for deal in deals if isinstance(deal, RoundStarted)]
    assert len(dealt) == 4
    assert all(hands == dealt[0] for hands in dealt)
    assert len({job.seat_seeds for job in planned}) == 12


def test_three_player_duplicate_uses_three_rotations() -> None:
    planned = plan_games(("easy", "greedy", "random"), 6, preset("tenhou-3p"), seed=1, duplicate=True)
    assert [job.specs for job in planned[:3]] == [
        ("easy", "greedy", "random"),
        ("random", "easy", "greedy"),
        ("greedy", "random", "easy"),
    ]
    result = simulate(("easy", "greedy", "random"), 3, preset("tenhou-3p"), seed=1, duplicate=True)
    for entry in result.to_json()["players"]:
        assert len(entry["rank_dist"]) == 3
        assert sum(entry["rank_dist"]) == pytest.approx(1)


def test_runs_are_reproducible_and_independent_of_jobs() -> None:
    specs = ("tsumogiri", "greedy", "random", "greedy")
    one = simulate(specs, 4, STANDARD, seed=11, jobs=1).to_json()
    two = simulate(specs, 4, STANDARD, seed=11, jobs=2).to_json()
    other_seed = simulate(specs, 4, STANDARD, seed=12, jobs=1).to_json()
    for data in (one, two, other_seed):
        data.pop("elapsed_s")
        assert set(data.pop("decision_ms")) == {"tsumogiri", "greedy", "random"}
    assert one == two
    assert one != other_seed


def test_json_has_every_documented_key() -> None:
    data = simulate(("easy", "greedy", "greedy", "easy"), 1, STANDARD).to_json()
    json.dumps(data)  # plain data
    assert set(data) == {"games", "hands", "elapsed_s", "draw_rate", "players", "decision_ms"}
    assert data["games"] == 1
    players = data["players"]
    assert isinstance(players, list)
    assert [entry["label"] for entry in players] == ["easy", "greedy"]
    for entry in players:
        assert set(entry) == PLAYER_KEYS
        assert len(entry["rank_dist"]) == 4
    decision = data["decision_ms"]
    assert isinstance(decision, dict)
    assert set(decision) == {"easy", "greedy"}
    for times in decision.values():
        assert set(times) == {"p50", "p95", "max"}
        assert 0 <= times["p50"] <= times["p95"] <= times["max"]


def test_timed_seat_counts_only_answers() -> None:
    sink: list[float] = []
    seat = TimedSeat(ScriptedSeat([None, PASS]), sink)
    table = Table(STANDARD, [TsumogiriSeat() for _ in range(4)], 1)
    table.step(max_steps=1)
    view = table.view(0)
    assert view is not None
    assert seat.decide(view, (PASS,)) is None
    assert seat.decide(view, (PASS,)) == PASS
    assert len(sink) == 1
    assert sink[0] >= 0


def test_percentile_is_nearest_rank() -> None:
    values = [float(value) for value in range(1, 101)]
    assert (percentile(values, 50), percentile(values, 95), percentile(values, 100)) == (50.0, 95.0, 100.0)
    assert percentile([3.0], 95) == 3.0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("strong,normal,normal,normal", ("strong", "normal", "normal", "normal")),
        (" easy , random,tsumogiri,greedy", ("easy", "random", "tsumogiri", "greedy")),
        ("mjai:python bot.py --x 1,strong,strong", ("mjai:python bot.py --x 1", "strong", "strong")),
        ("mjai:bot --pair a,b,normal,mjai:other", ("mjai:bot --pair a,b", "normal", "mjai:other")),
    ],
)
def test_parse_players(text: str, expected: tuple[str, ...]) -> None:
    assert parse_players(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [("strong,weak,normal,normal", "unknown seat spec 'weak'"), ("mjai: ,strong", "no command")],
)
def test_parse_players_rejects_unknown_specs(text: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        parse_players(text)


@pytest.mark.parametrize(
    ("specs", "games", "jobs", "duplicate", "message"),
    [
        (("normal",) * 3, 4, 1, False, "3 seat specs for the 4-player"),
        (("normal",) * 4, 0, 1, False, "at least 1, got 0"),
        (("normal",) * 4, 4, 0, False, "jobs must be at least 1"),
        (("normal",) * 4, 6, 1, True, "multiple"),
    ],
)
def test_check_run_rejects_bad_runs(
    specs: tuple[str, ...], games: int, jobs: int, duplicate: bool, message: str
) -> None:
    with pytest.raises(SpecError, match=message):
        check_run(specs, games, STANDARD, jobs, duplicate)
    with pytest.raises(SpecError, match=message):
        simulate(specs, games, STANDARD, jobs=jobs, duplicate=duplicate)


def test_unknown_ruleset_lists_the_known_ones() -> None:
    with pytest.raises(SpecError, match=r"unknown rule set 'nope' \(known: standard, .*tenhou-3p"):
        rules_for("nope")


def test_mjai_specs_start_the_external_seat_and_close_it(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[object, ...]] = []
    closed: list[int] = []

    class FakeMjaiSeat(TsumogiriSeat):
        def __init__(self, command: str, seat: int, rules: object, *, timeout_s: float, name: str) -> None:
            made.append((command, seat, rules, timeout_s, name))
            self.seat = seat

        def close(self) -> None:
            closed.append(self.seat)

    fake = types.ModuleType("game.mjai.seat")
    fake.__dict__["ExternalMjaiSeat"] = FakeMjaiSeat
    monkeypatch.setitem(sys.modules, "game.mjai.seat", fake)
    specs = parse_players("mjai:python bot.py --fast,greedy,greedy,greedy")
    result = simulate(specs, 1, STANDARD, mjai_timeout_s=0.5)
    assert made == [("python bot.py --fast", 0, STANDARD, 0.5, "mjai:python bot.py --fast")]
    assert closed == [0]
    assert [entry.label for entry in result.players] == ["mjai:python bot.py --fast", "greedy"]
    assert result.decision_ms["mjai:python bot.py --fast"].count > 0


def test_progress_bar_rewrites_one_line() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, min_interval_s=0)
    bar(1, 4)
    bar(4, 4)
    bar.close()
    text = stream.getvalue()
    assert text.startswith("\r[")
    assert "1/4 games" in text
    assert "4/4 games" in text
    assert "ETA" in text
    assert text.count("\r") == 2
    assert text.endswith("\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "games must be at least 1"),
        (["--jobs", "0"], "jobs must be at least 1"),
        (["--players", "strong,normal,wizard,normal"], "unknown seat spec 'wizard'"),
        (["--players", "strong,normal,normal"], "3 seat specs for the 4-player"),
        (["--ruleset", "nope"], "unknown rule set 'nope'"),
        (["--duplicate", "--games", "5"], "multiple"),
        (["--json", "/no/such/folder/out.json"], "no folder"),
        (["--mjai-timeout", "0"], "--mjai-timeout"),
    ],
)
def test_cli_bad_arguments_are_one_line_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main.main(["simulate", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: ")
    assert message in err


def test_cli_json_path_that_is_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["simulate", "--json", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `python main.py ARGS`; decoded by hand: text mode would turn the progress's \\r into \\n."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        cwd=ROOT.parent,
        timeout=60,
        check=False,
    )
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


def test_cli_prints_a_summary_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    players = "greedy,tsumogiri,greedy,random"
    done = run_main("simulate", "--games", "2", "--players", players, "--seed", "4", "--json", str(out))
    assert done.returncode == 0, done.stderr
    # progress only on stderr, rewritten in place; the summary on stdout
    assert "\r" in done.stderr
    assert "2/2 games" in done.stderr
    assert "\r" not in done.stdout
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["label", "games", "hands", "rank"]
    assert [line.split()[0] for line in lines[1:4]] == ["greedy", "tsumogiri", "random"]
    assert any(line.startswith("draw rate") for line in lines)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 2
    assert [entry["label"] for entry in data["players"]] == ["greedy", "tsumogiri", "random"]
    quiet = run_main("simulate", "--games", "1", "--players", players, "--quiet")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr == ""


PLAYERS = "greedy,greedy,greedy,greedy"


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_cli_ctrl_c_exits_130_quietly() -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "simulate",
            "--games",
            "400",
            "--jobs",
            "2",
            "--players",
            PLAYERS,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT.parent,
    )
    assert process.stderr is not None
    process.stderr.read(1)  # the first progress output: the workers are running
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in err
    assert out == ""


def test_json_is_written_before_the_summary_so_a_closed_stdout_cannot_lose_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class ClosedPipe(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    out = tmp_path / "run.json"
    players = "tsumogiri,tsumogiri,tsumogiri,tsumogiri"
    args = main.build_parser().parse_args(
        ["simulate", "--games", "1", "--players", players, "--quiet", "--json", str(out)]
    )
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    with pytest.raises(BrokenPipeError):
        main.run_simulate(args)
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == 1
