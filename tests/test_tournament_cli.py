"""The `tournament` command line as a user runs it: new (last line id=N), play, standings (text and --json),
export, list, and every bad argument answered by one line and exit status 2 with nothing changed on disk."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import main
from tests.conftest import AS_FROM_A_TERMINAL

ROOT = Path(__file__).resolve().parents[1]
AI_SPEC = "Ann=easy,Bob=normal,Cid=strong,Dee=normal,Eve=easy"
NEW = ["tournament", "new", "--name", "X"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def new(capsys: pytest.CaptureFixture[str], db: Path, *extra: str, players: str = AI_SPEC) -> int:
    status, out, err = run(
        capsys,
        "tournament", "new", "--name", "Club night", "--players", players, "--ruleset", "standard",
        "--length", "east", "--rounds", "2", "--seed", "5", "--db", str(db), *extra,
    )  # fmt: skip
    assert status == 0, err
    last = out.strip().splitlines()[-1]
    assert last.startswith("id=")
    return int(last[3:])


def test_new_play_standings_export_and_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    tournament = new(capsys, db)
    status, out, _ = run(capsys, "tournament", "play", "--id", str(tournament), "--db", str(db), "--quiet")
    assert status == 0
    assert out.count("round ") == 4  # 5 people with house seats: 2 tables a round
    assert out.strip().endswith(f"tournament {tournament} is finished")
    status, out, _ = run(
        capsys, "tournament", "standings", "--id", str(tournament), "--json", "--db", str(db)
    )
    assert status == 0
    data = json.loads(out)
    assert set(data) >= {"name", "rounds", "standings", "matches"}
    assert data["name"] == "Club night"
    assert data["rounds"] == 2
    assert [row["rank"] for row in data["standings"]] == sorted(row["rank"] for row in data["standings"])
    for row in data["standings"]:
        assert set(row) >= {"rank", "name", "points", "matches", "ranks", "avg_rank", "adjustments"}
        assert row["points"] == round(row["points"], 1)
        assert len(row["ranks"]) == 4
        assert row["matches"] == 2
    assert len(data["matches"]) == 4
    for match in data["matches"]:
        assert set(match) >= {"round", "table", "players", "final_scores", "points"}
        assert sum(match["points"]) == pytest.approx(0)
        assert sum(match["final_scores"]) == 100000
    status, out, _ = run(capsys, "tournament", "standings", "--id", str(tournament), "--db", str(db))
    assert status == 0
    assert "Club night" in out
    assert all(name in out for name in ("Ann", "Bob", "Cid", "Dee", "Eve"))
    status, out, _ = run(
        capsys, "tournament", "export", "--id", str(tournament), "--out", str(tmp_path / "x"), "--db", str(db)
    )
    assert status == 0
    assert (tmp_path / "x" / "standings.csv").exists()
    assert (tmp_path / "x" / "standings.html").exists()
    assert len(list((tmp_path / "x" / "logs").glob("*.json"))) == 4
    status, out, _ = run(capsys, "tournament", "list", "--db", str(db))
    assert status == 0
    assert f"id={tournament}  Club night" in out
    assert "finished" in out


def test_play_stops_at_a_table_with_people(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    tournament = new(capsys, db, "--fill", "bye", players="Ann,Bob,Cid=strong,Dee=normal,Eve=easy")
    status, out, _ = run(capsys, "tournament", "play", "--id", str(tournament), "--db", str(db), "--quiet")
    assert status == 0
    assert "stopped: round 1 table 1 has people at it" in out


def test_play_shows_progress_that_never_counts_past_the_matches_to_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "records.sqlite3"
    tournament = new(capsys, db, "--seating", "swiss")  # round 2 is scheduled only once round 1 is played
    status, out, err = run(capsys, "tournament", "play", "--id", str(tournament), "--db", str(db))
    assert status == 0
    assert out.count("round ") == 4
    bars = [
        re.fullmatch(r"\[([#.]{24})\] (\d+)/(\d+) matches  [ESWN]\d hand \d+ +", part.strip("\n"))
        for part in err.split("\r")
        if part.strip()
    ]
    assert bars, err
    assert all(bar is not None for bar in bars), err
    counts = [(int(bar[2]), int(bar[3])) for bar in bars if bar is not None]
    assert all(done < total for done, total in counts), counts
    assert counts[-1][1] == 4, "by round 2 every match to play is counted"
    filled = [bar[1].count("#") for bar in bars if bar is not None]
    assert filled == sorted(filled), "the bar never goes back"


def _snapshot(path: Path) -> dict[str, bytes]:
    return {item.name: item.read_bytes() for item in sorted(path.parent.iterdir()) if item.is_file()}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tournament", "standings", "--id", "99"], "error: no tournament 99 in"),
        (["tournament", "play", "--id", "99"], "error: no tournament 99 in"),
        (["tournament", "export", "--id", "99", "--out", "OUT"], "error: no tournament 99 in"),
        (["tournament", "standings", "--id", "x"], "argument --id: invalid int value: 'x'"),
        (["tournament", "play"], "the following arguments are required: --id"),
        (["tournament", "bogus"], "invalid choice: 'bogus'"),
        ([*NEW, "--players", "A,B", "--ruleset", "standard"], "3 to 32 participants"),
        ([*NEW, "--players", "A,B,C", "--ruleset", "nah"], "unknown rule set 'nah'"),
        ([*NEW, "--players", "A,B,C", "--ruleset", "standard", "--rounds", "0"], "--rounds must be 1 to 20"),
        ([*NEW, "--players", "A,B,C", "--ruleset", "standard", "--fill", "bye"], "'bye' needs at least 4"),
        ([*NEW, "--players", "A,B,C", "--ruleset", "standard", "--clock", "a+b"], "expected BASE\\+BANK"),
        ([*NEW, "--players", "A,B,C", "--ruleset", "standard", "--seed", "-3"], "--seed must be a whole"),
        ([*NEW, "--players", "A,B,C", "--ruleset", "standard", "--length", "west"], "invalid choice: 'west'"),
        ([*NEW[:3], "", "--players", "A,B,C", "--ruleset", "standard"], "name must be 1 to"),
    ],
)  # fmt: skip
def test_bad_arguments_are_one_line_exit_2_and_change_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    db = tmp_path / "records.sqlite3"
    new(capsys, db)
    before = _snapshot(db)
    argv = [str(tmp_path / "out") if part == "OUT" else part for part in argv]
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main.main([*argv, "--db", str(db)]))
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert pytest.importorskip("re").search(message, err), err
    assert _snapshot(db) == before
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("content", [b"garbage" * 100, b""])
def test_a_damaged_database_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    db = tmp_path / "records.sqlite3"
    db.write_bytes(content)
    for argv in (["standings", "--id", "1"], ["play", "--id", "1"], ["list"]):
        status, _, err = run(capsys, "tournament", *argv, "--db", str(db))
        assert status == 2, argv
        assert len(err.strip().splitlines()) == 1, err
        assert ("not an SQLite file" if content else "is empty: it holds no records yet") in err
    assert db.read_bytes() == content


def test_a_missing_database_is_not_created_by_reading(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "none.sqlite3"
    status, _, err = run(capsys, "tournament", "standings", "--id", "1", "--db", str(db))
    assert status == 2
    assert "no records database at" in err
    status, out, _ = run(capsys, "tournament", "list", "--db", str(db))
    assert status == 0
    assert "no tournaments yet" in out
    assert not db.exists()


@pytest.mark.slow
def test_play_killed_and_run_again_ends_with_the_standings_of_an_uninterrupted_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    whole, cut = tmp_path / "whole.sqlite3", tmp_path / "cut.sqlite3"
    first, second = new(capsys, whole), new(capsys, cut)
    assert run(capsys, "tournament", "play", "--id", str(first), "--db", str(whole), "--quiet")[0] == 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable,
        str(ROOT / "main.py"),
        "tournament",
        "play",
        "--id",
        str(second),
        "--db",
        str(cut),
    ]
    for delay, how in ((0.6, signal.SIGINT), (0.9, signal.SIGKILL), (1.2, signal.SIGTERM)):
        process = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=AS_FROM_A_TERMINAL,
        )
        time.sleep(delay)
        process.send_signal(how)
        _, err = process.communicate(timeout=60)
        if how == signal.SIGINT:
            assert process.returncode == 130, err
            assert "Traceback" not in err
    finished = subprocess.run([*command, "--quiet"], env=env, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    expected = run(capsys, "tournament", "standings", "--id", str(first), "--json", "--db", str(whole))[1]
    got = run(capsys, "tournament", "standings", "--id", str(second), "--json", "--db", str(cut))[1]
    assert json.loads(got) == json.loads(expected)


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "tab\there"])
def test_a_bad_name_is_one_line_and_creates_no_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    # before: the name was checked inside create(), after the records file had been created
    db = tmp_path / "new.sqlite3"
    argv = ["--name", name, "--players", AI_SPEC, "--ruleset", "standard", "--db", str(db)]
    status, _, err = run(capsys, "tournament", "new", *argv)
    assert status == 2
    assert err.strip().splitlines() == ["error: the tournament's name must be 1 to 60 printable characters"]
    assert not db.exists()
