"""The ``stats`` command as a user runs it: the JSON keys and fractions, --player, the filters, the default
file in the settings folder, and one line (no traceback, no file made) when there is nothing to read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import main
from game.ai import create_ai
from game.records import Records, SeatEntry
from game.saved_match import MatchWriter
from game.table import Table
from game.terms import preset

ROOT = Path(__file__).resolve().parents[1]
EAST = preset("standard").with_overrides({"game_length": "east"})
SEATS = (
    SeatEntry("Ann", "human"),
    SeatEntry("Easy AI 1", "easy"),
    SeatEntry("Bob", "human"),
    SeatEntry("Easy AI 2", "easy"),
)
KEYS = {
    "name",
    "matches",
    "avg_rank",
    "ranks",
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "call_rate",
    "avg_win",
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two finished east-only matches of easy AIs, two seats under people's names."""
    path = tmp_path_factory.mktemp("stats-cli") / "records.sqlite3"
    with Records(path) as records:
        for seed in (7, 8):
            table = Table(EAST, [create_ai("easy", EAST, seed * 10 + seat) for seat in range(4)], seed)
            MatchWriter.attach(records, records.create_match(EAST, seed, SEATS), table)
            table.run()
    return path


def stats(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main.main(["stats", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_has_every_player_with_the_keys_and_rates_as_fractions(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = stats(capsys, "--db", str(db), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert list(data) == ["players"]
    assert [player["name"] for player in data["players"]] == ["Ann", "Bob", "Easy AI"]
    for player in data["players"]:
        assert set(player) >= KEYS
        assert len(player["ranks"]) == 4
        assert sum(player["ranks"]) == player["matches"]
        for key in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate"):
            assert 0.0 <= player[key] <= 1.0
    assert [player["matches"] for player in data["players"]] == [2, 2, 4]


def test_player_limits_the_output_and_an_unknown_one_fails(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = stats(capsys, "--db", str(db), "--json", "--player", "Bob")
    assert status == 0
    assert [player["name"] for player in json.loads(out)["players"]] == ["Bob"]
    status, out, err = stats(capsys, "--db", str(db), "--player", "Chen")
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: no finished matches of a player named 'Chen'")


def test_the_filters(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def names(*args: str) -> list[str]:
        status, out, err = stats(capsys, "--db", str(db), "--json", *args)
        assert (status, err) == (0, "")
        return [player["name"] for player in json.loads(out)["players"]]

    assert names("--players", "4", "--ruleset", "standard", "--days", "1") == ["Ann", "Bob", "Easy AI"]
    assert names("--players", "3") == []
    assert names("--ruleset", "tenhou") == []
    status, out, err = stats(capsys, "--db", str(db), "--ruleset", "nonsense")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "unknown rule set 'nonsense'" in err


def test_the_table_is_readable_text(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = stats(capsys, "--db", str(db))
    assert status == 0
    assert out.splitlines()[0] == "4-player matches"
    assert "Easy AI" in out
    assert "most frequent yaku" in out


def test_the_default_file_is_the_settings_folders_and_is_never_created(tmp_path: Path) -> None:
    env = {**os.environ, "RIICHI_MAHJONG_HOME": str(tmp_path / "home")}
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "stats", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"error: no records database at {tmp_path / 'home' / 'records.sqlite3'}\n"
    assert not (tmp_path / "home").exists()


def test_the_default_file_is_read_when_there_is_one(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    (tmp_path / "records.sqlite3").write_bytes(db.read_bytes())
    status, out, _ = stats(capsys, "--player", "ann", "--json")
    assert status == 0
    assert [player["name"] for player in json.loads(out)["players"]] == ["Ann"]
