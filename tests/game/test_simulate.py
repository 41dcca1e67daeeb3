"""Headless self-play: stats against an independent recount, duplicate rotation, jobs, JSON, logs, command
line, and Ctrl-C / SIGTERM ending a run with its worker processes."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import shlex
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
    FlowerRevealed,
    HandWon,
    MeldCalled,
    RiichiAccepted,
    RoundStarted,
)
from rules.meld import MeldType
from rules.round import RoundState
from rules.ruleset import preset
from tests.conftest import AS_FROM_A_TERMINAL, stop_with_signal

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
    "fallbacks",
    "chips",
    "flowers",
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
                tally["chips"] += sum(win.chips[seat] for win in wins if win.chips)
                tally["flowers"] += sum(1 for e in hand if isinstance(e, FlowerRevealed) and e.seat == seat)
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
            "fallbacks": 0,  # the simple bots always answer themselves
            "chips": tally["chips"],
            "flowers": tally["flowers"] / hands,
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
        (("greedy", "random", "greedy", "tsumogiri"), "seed-netmahjong", 3, False),  # with chips
        (("greedy", "random", "greedy", "random"), "seed-deluxe", 2, False),  # with flowers
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
    assert set(data) == {
        "games",
        "hands",
        "elapsed_s",
        "draw_rate",
        "players",
        "decision_ms",
        "decision_counts",
        "per_game",
    }
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
        assert set(times) == {"p50", "p95", "p99", "max"}
        assert 0 <= times["p50"] <= times["p95"] <= times["p99"] <= times["max"]
    counts = data["decision_counts"]
    assert isinstance(counts, dict)
    assert set(counts) == {"easy", "greedy"}
    assert all(isinstance(count, int) and count > 0 for count in counts.values())


def test_per_game_gives_each_games_places_and_scores_in_game_order() -> None:
    specs = ("easy", "greedy", "greedy", "easy")
    result = simulate(specs, 4, STANDARD, seed=5, jobs=2, duplicate=True)
    per_game = result.to_json()["per_game"]
    assert [entry["game"] for entry in per_game] == [1, 2, 3, 4]
    for entry in per_game:
        assert sorted(entry["ranks"]) == [1, 2, 3, 4]
        assert sum(entry["scores"]) == 100000  # no sticks are lost: leftovers go to the winner of the match
        best = entry["ranks"].index(1)
        assert entry["scores"][best] == max(entry["scores"])
        assert sorted(entry["labels"]) == sorted(specs)  # duplicate play turns the labels round the table
    # the pooled ranks are the per-game ranks averaged
    for player in result.players:
        places = [
            rank
            for entry in per_game
            for label, rank in zip(entry["labels"], entry["ranks"], strict=True)
            if label == player.label
        ]
        assert player.avg_rank == pytest.approx(sum(places) / len(places))
    assert sum(entry["hands"] for entry in per_game) == result.hands


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
        def __init__(
            self, command: str, seat: int, rules: object, *, timeout_s: float, name: str, where: str
        ) -> None:
            made.append((command, seat, rules, timeout_s, name, where))
            self.seat = seat

        def close(self) -> None:
            closed.append(self.seat)

    fake = types.ModuleType("game.mjai.seat")
    fake.__dict__["ExternalMjaiSeat"] = FakeMjaiSeat
    monkeypatch.setitem(sys.modules, "game.mjai.seat", fake)
    specs = parse_players("mjai:python bot.py --fast,greedy,greedy,greedy")
    result = simulate(specs, 1, STANDARD, mjai_timeout_s=0.5)
    assert made == [("python bot.py --fast", 0, STANDARD, 0.5, "mjai:python bot.py --fast", "game 1")]
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
        (["--players", "strong,normal,wizard,normal"], "unknown seat spec 'wizard'"),
        (["--players", "strong,normal,normal"], "3 seat specs for the 4-player"),
        (["--ruleset", "nope"], "unknown rule set 'nope'"),
        (["--duplicate", "--games", "5"], "multiple"),
        (["--json", "/no/such/folder/out.json"], "no folder"),
        (["--logs", "FILE"], "cannot create --logs FILE: a file has that name"),
        (["--logs", "FILE/logs"], "cannot create --logs FILE/logs: "),
    ],
)
def test_cli_bad_arguments_are_one_line_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "FILE").write_text("in the way", encoding="utf-8")
    args = [arg.replace("FILE", str(tmp_path / "FILE")) for arg in args]
    assert main.main(["simulate", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: ")
    assert message.replace("FILE", str(tmp_path / "FILE")) in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # before: 0 was an error of its own, and nothing stopped a billion games or jobs
        (["--games", "0"], "argument --games: must be 1 to 1000000, got 0"),
        (["--games", "1000001"], "argument --games: must be 1 to 1000000, got 1000001"),
        (["--jobs", "0"], "argument --jobs: must be 1 to 256, got 0"),
        (["--jobs", "100000"], "argument --jobs: must be 1 to 256, got 100000"),
        (["--seed", "-1"], "argument --seed: must be 0 to 9223372036854775807, got -1"),
        (["--seed", str(2**63)], f"argument --seed: must be 0 to 9223372036854775807, got {2**63}"),
        (["--mjai-timeout", "0"], "argument --mjai-timeout: must be more than 0 and at most 3600 seconds"),
        (["--mjai-timeout", "nan"], "argument --mjai-timeout: must be more than 0 and at most 3600 seconds"),
        (["--mjai-timeout", "1e9"], "argument --mjai-timeout: must be more than 0 and at most 3600 seconds"),
        (["--length", "west"], "argument --length: invalid choice: 'west'"),
    ],
)
def test_cli_numbers_out_of_range_are_one_usage_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:  # parsed only: before, `--games 1000001` would be played
        main.build_parser().parse_args(["simulate", *args])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert "simulate: error: " + message in err


def test_cli_numbers_at_the_limits_are_taken() -> None:
    args = main.build_parser().parse_args(
        [
            "simulate",
            "--games",
            "1000000",
            "--jobs",
            "256",
            "--seed",
            str(2**63 - 1),
            "--mjai-timeout",
            "3600",
        ]
    )
    assert (args.games, args.jobs, args.seed, args.mjai_timeout) == (1_000_000, 256, 2**63 - 1, 3600.0)
    args = main.build_parser().parse_args(
        ["simulate", "--games", "1", "--seed", "0", "--mjai-timeout", "0.01"]
    )
    assert (args.games, args.seed, args.mjai_timeout) == (1, 0, 0.01)


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


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def start_run(*args: str) -> subprocess.Popen[bytes]:
    """`python main.py simulate ARGS` with its standard error read by the test."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "simulate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT.parent,
        preexec_fn=AS_FROM_A_TERMINAL,
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sends signals, reads /proc")
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_cli_ctrl_c_exits_130_quietly(signum: int, status: int) -> None:
    # and SIGTERM 143 (before: killed by it, status -15, its workers left running). Once failed in a full run
    # on a loaded machine; the readiness marker is now the first progress line and both workers in place, not
    # a fixed sleep, and the run must end promptly with no worker left behind.
    process = start_run("--games", "400", "--jobs", "2", "--players", PLAYERS)
    assert process.stderr is not None
    workers: set[int] = set()
    try:
        seen = os.read(process.stderr.fileno(), 4096)  # the first progress output: a game has finished
        assert b"games" in seen, seen
        workers = children(process.pid)
        assert len(workers) == 2, workers  # the pool's two worker processes
        out, err, took = stop_with_signal(process, signum, seen)
        assert process.returncode == status, err[-500:]
        assert "Traceback" not in err
        assert "Exception ignored" not in err
        assert out == ""
        assert took < 10
        assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], "a worker outlived the run"
    finally:
        for pid in workers:  # before the fix SIGTERM left them running: never leave them to the next test
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sends signals")
def test_cli_ctrl_c_while_the_workers_start_is_not_lost() -> None:
    # before: a Ctrl-C arriving while the pool forked its workers was raised inside an at-fork callback,
    # where Python drops it ("Exception ignored in ... KeyboardInterrupt"): the run went on to its end (0)
    code = (
        "import os, runpy, signal, sys\n"
        "os.register_at_fork(after_in_parent=lambda: signal.raise_signal(signal.SIGINT))\n"
        "sys.argv = [sys.argv[1], 'simulate', '--games', '40', '--jobs', '2', '--players', sys.argv[2]]\n"
        "sys.path.insert(0, os.path.dirname(sys.argv[0]))  # as `python main.py` has it\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "main.py"), PLAYERS],
        capture_output=True,
        cwd=ROOT.parent,
        timeout=60,
        check=False,
        preexec_fn=AS_FROM_A_TERMINAL,
    )
    err = done.stderr.decode()
    assert done.returncode == 130, err[-500:]
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    assert "40/40 games" not in err
    assert done.stdout == b""


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


def test_cli_logs_replay_in_verify_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # seed-netmahjong is the east-only preset: short games, and verify-log knows the length from the preset
    logs, out = tmp_path / "new" / "logs", tmp_path / "run.json"
    args = ["--players", "easy,greedy,easy,greedy", "--ruleset", "seed-netmahjong", "--seed", "3", "--quiet"]
    assert main.main(["simulate", "--games", "2", *args, "--logs", str(logs), "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    stems = ["seed-3-game-0001", "seed-3-game-0002"]
    names = sorted(f"{stem}.{kind}" for stem in stems for kind in ("mjai.jsonl", "tenhou6.json"))
    assert sorted(path.name for path in logs.iterdir()) == names
    first = json.loads((logs / "seed-3-game-0001.tenhou6.json").read_text(encoding="utf-8"))
    assert first["title"] == ["riichi-mahjong simulate", "seed 3, game 1"]
    assert first["name"] == ["easy", "greedy", "easy", "greedy"]
    assert first["rule"]["ruleset"] == "seed-netmahjong"
    start = json.loads((logs / "seed-3-game-0002.mjai.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert start["type"] == "start_game"
    assert start["kyoku_first"] == 4  # east-only
    capsys.readouterr()
    # an mjai log names no rule preset: the run's is given
    files = [str(path) for path in sorted(logs.iterdir())]
    assert main.main(["verify-log", "--ruleset", "seed-netmahjong", *files]) == 0
    report = capsys.readouterr().out.splitlines()
    hands = 2 * data["hands"]  # every hand of the run, once in each format
    assert report == [f"hands={hands} agreed={hands} disagreed=0 errors=0"]
    # the tenhou.net/6 files name their preset: verify-log needs nothing more
    assert main.main(["verify-log", *files[1::2]]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"hands={data['hands']} agreed={data['hands']} disagreed=0 errors=0"
    ]
    # the same run with two worker processes writes the very same files
    again = tmp_path / "again"
    assert main.main(["simulate", "--games", "2", *args, "--logs", str(again), "--jobs", "2"]) == 0
    for path in logs.iterdir():
        assert (again / path.name).read_bytes() == path.read_bytes()


def test_cli_logs_of_a_length_other_than_the_presets_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # before: verify-log took the length from the preset (hanchan) and disagreed at the end of an east game
    args = ["--players", "greedy,greedy,greedy,greedy", "--ruleset", "standard", "--seed", "5", "--quiet"]
    assert main.main(["simulate", "--games", "1", *args, "--length", "east", "--logs", str(tmp_path)]) == 0
    log = tmp_path / "seed-5-game-0001.tenhou6.json"
    assert "東" in json.loads(log.read_text(encoding="utf-8"))["rule"]["disp"]
    capsys.readouterr()
    assert main.main(["verify-log", str(log)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(" disagreed=0 errors=0")


def test_cli_logs_that_cannot_be_written_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "seed-1-game-0001.mjai.jsonl").mkdir()  # the second file of the first game cannot be written
    args = ["--games", "2", "--players", "tsumogiri,tsumogiri,tsumogiri,tsumogiri", "--quiet"]
    assert main.main(["simulate", *args, "--logs", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"error: cannot write the log {tmp_path / 'seed-1-game-0001.mjai.jsonl'}: ")
    assert not (tmp_path / "seed-1-game-0002.tenhou6.json").exists()  # the run stopped there


def test_cli_json_records_the_inputs_and_the_decision_counts(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    players = "greedy,random,greedy,tsumogiri"
    args = ["--games", "4", "--players", players, "--length", "east", "--seed", "9", "--duplicate"]
    args += ["--mjai-timeout", "1.5", "--quiet", "--json", str(out), "--logs", str(tmp_path / "logs")]
    assert main.main(["simulate", *args]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["inputs"] == {
        "games": 4,
        "players": ["greedy", "random", "greedy", "tsumogiri"],
        "ruleset": "standard",
        "length": "east",
        "seed": 9,
        "jobs": 1,
        "duplicate": True,
        "mjai_timeout_s": 1.5,
        "json": str(out),
        "logs": str(tmp_path / "logs"),
        "journal": None,
        "quiet": True,
    }
    # the keys other tools read are all still there
    assert {"games", "hands", "elapsed_s", "draw_rate", "players", "decision_ms"} <= set(data)
    assert data["games"] == 4
    counts = data["decision_counts"]
    assert list(counts) == ["greedy", "random", "tsumogiri"]
    assert all(count > 0 for count in counts.values())
    assert counts == {label: times.count for label, times in _decision_times(players, 9).items()}
    # the length asked for was played: four east-only games are far shorter than four hanchan
    assert data["hands"] < 4 * 8


# Tiny mjai bots, written into the test's folder: one exits after reading the start_game line (a crash: every
# decision is safe play), one answers every line with a discard of no tile (benched at its first decision).
CRASHING_BOT = "import sys\nsys.stdin.readline()\nsys.exit(5)\n"
ILLEGAL_BOT = (
    "import sys\n"
    "for line in sys.stdin:\n"
    '    print(\'{"type":"dahai","pai":"?","tsumogiri":true}\', flush=True)\n'
)


def mjai_spec(folder: Path, name: str, code: str) -> str:
    """The seat spec running ``code`` as an mjai bot script (written to ``folder/name``)."""
    script = folder / name
    script.write_text(code, encoding="utf-8")
    return "mjai:" + shlex.join([sys.executable, str(script)])


EAST = STANDARD.with_overrides({"game_length": "east"})


def test_fallbacks_count_every_decision_a_bad_mjai_bot_lost_summed_over_workers(tmp_path: Path) -> None:
    crashing = mjai_spec(tmp_path, "crashing_bot.py", CRASHING_BOT)
    illegal = mjai_spec(tmp_path, "illegal_bot.py", ILLEGAL_BOT)
    specs = (crashing, "easy", illegal, "greedy")
    # duplicate: each bot sits at every seat, over four games played by two worker processes
    result = simulate(specs, 4, EAST, seed=5, jobs=2, duplicate=True, mjai_timeout_s=10.0)
    players = players_by_label(result)
    counts = result.to_json()["decision_counts"]
    for bad in (crashing, illegal):
        # benched at its first decision: every one of its decisions in every game was safe play
        assert players[bad]["games"] == 4
        assert isinstance(players[bad]["fallbacks"], int)
        assert players[bad]["fallbacks"] == counts[bad] > 0
    assert players["easy"]["fallbacks"] == players["greedy"]["fallbacks"] == 0
    # the same sums when the games are played here, one after the other
    alone = simulate(specs, 4, EAST, seed=5, jobs=1, duplicate=True, mjai_timeout_s=10.0)
    assert {label: entry["fallbacks"] for label, entry in players_by_label(alone).items()} == {
        label: entry["fallbacks"] for label, entry in players.items()
    }


def test_cli_shows_and_writes_the_fallbacks_per_label(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    good = "mjai:" + shlex.join([sys.executable, str(ROOT / "main.py"), "mjai-bot", "--level", "easy"])
    crashing = mjai_spec(tmp_path, "crashing_bot.py", CRASHING_BOT)
    out = tmp_path / "out.json"
    args = ["--games", "1", "--players", f"{good},easy,{crashing},greedy", "--length", "east"]
    args += ["--seed", "2", "--mjai-timeout", "10", "--quiet", "--json", str(out)]
    assert main.main(["simulate", *args]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    fallbacks = {entry["label"]: entry["fallbacks"] for entry in data["players"]}
    crashed = data["decision_counts"][crashing]
    assert crashed > 0
    # our own AI as an mjai bot plays every decision itself
    assert fallbacks == {good: 0, "easy": 0, crashing: crashed, "greedy": 0}
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[-1] == "fallbacks"
    rows = {label: next(line for line in lines[1:5] if line.startswith(label)) for label in fallbacks}
    assert {label: int(row.split()[-1]) for label, row in rows.items()} == fallbacks
    # the warning that benched the bot names the game and the hand, so the game can be found in --logs
    benched = [record.getMessage() for record in caplog.records if "the mjai bot" in record.getMessage()]
    assert benched == [
        f"seat 2 ({crashing}): the mjai bot exited with code 5 (game 1, E1-0); playing safe defaults for the "
        "rest of the game"
    ]


def _decision_times(players: str, seed: int) -> dict[str, object]:
    """The same east-only duplicate run through the module, for its decision counts."""
    rules = STANDARD.with_overrides({"game_length": "east"})
    return dict(simulate(parse_players(players), 4, rules, seed=seed, duplicate=True).decision_ms)


def test_a_pool_stuck_stopping_after_ctrl_c_is_killed_within_the_grace_time() -> None:
    # a CI run once hung in the pool's own shutdown after a Ctrl-C that came as the workers started; whatever
    # the cause, the run must end: here the pool's terminate() never returns
    code = (
        "import multiprocessing.pool, sys, time\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import game.simulate as simulate\n"
        "from rules.ruleset import preset\n"
        "simulate.STOP_GRACE_S = 0.5\n"
        "multiprocessing.pool.Pool.terminate = lambda self: time.sleep(60)\n"
        "import multiprocessing\n"
        "def interrupt(result):\n"
        "    print(*(child.pid for child in multiprocessing.active_children()), flush=True)\n"
        "    raise KeyboardInterrupt\n"
        "jobs = simulate.plan_games(['tsumogiri'] * 4, 4, preset('standard'), 1, False)\n"
        "simulate.run_games(jobs, 2, take=interrupt)\n"
    )
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT)], capture_output=True, timeout=30, check=False, text=True
    )
    assert done.returncode == 130, done.stderr[-500:]
    assert time.monotonic() - started < 15
    workers = done.stdout.split()
    assert len(workers) == 2
    assert_ended(workers)


@pytest.mark.skipif(sys.platform != "linux", reason="prctl(PR_SET_PDEATHSIG) is Linux's")
def test_workers_die_with_a_parent_killed_outright() -> None:
    # SIGKILL gives the parent no chance to stop its pool: before, a busy worker ended on a BrokenPipeError
    # traceback at its next result, and an idle one (waiting for the task queue's lock) ran on, orphaned
    process = start_run("--games", "400", "--jobs", "2", "--players", PLAYERS)
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    deadline = time.monotonic() + 20
    while len(workers := children.read_text().split()) < 2:
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.05)
    process.kill()
    _, err = process.communicate(timeout=20)  # to the end of the workers' output too
    assert b"Traceback" not in err, err.decode()[-400:]
    assert_ended(workers)


def assert_ended(pids: list[str], within_s: float = 5.0) -> None:
    """Each process ends within `within_s` (a SIGKILL takes effect when the process is next scheduled, which
    on a loaded machine is not at once); a zombie waiting for its reaper counts as ended."""
    deadline = time.monotonic() + within_s
    for pid in pids:
        status = Path(f"/proc/{pid}/status")
        while status.exists() and "\nState:\tZ" not in status.read_text():
            assert time.monotonic() < deadline, f"worker {pid} still runs {within_s} s after its parent ended"
            time.sleep(0.05)
