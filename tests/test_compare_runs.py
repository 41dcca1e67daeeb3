"""Compare runs (tools/compare_runs.py): two runs of the same seed with the same code agree game by game, a
changed game moves the difference by exactly its places, and runs that are not the same games, or files that
are not runs, are one line and status 2."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import main
from tools import compare_runs


def _run(tmp_path: Path, name: str, seed: int = 3, games: int = 4) -> Path:
    out = tmp_path / name
    args = ["--games", str(games), "--players", "greedy,tsumogiri,greedy,greedy", "--length", "east"]
    args += ["--seed", str(seed), "--duplicate", "--quiet", "--json", str(out)]
    assert main.main(["simulate", *args]) == 0
    return out


def _fields(line: str) -> dict[str, str]:
    assert line.startswith("compare ")
    return dict(field.split("=", 1) for field in line.split()[1:])


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    folder = tmp_path_factory.mktemp("runs")
    return _run(folder, "a.json"), _run(folder, "b.json"), _run(folder, "other-seed.json", seed=4)


def test_the_same_code_on_the_same_seed_plays_the_same_games(
    runs: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    first, second, _ = runs
    assert compare_runs.main([str(first), str(second), "--label", "tsumogiri"]) == 0
    fields = _fields(capsys.readouterr().out.strip())
    assert fields["label"] == "tsumogiri"
    assert fields["games"] == "4"
    assert fields["unchanged"] == "4"
    assert float(fields["diff"]) == 0.0
    assert fields["old"] == fields["new"]


def test_a_longer_run_is_compared_on_the_games_of_the_shorter(
    runs: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the first four games of an eight-game run are the four games of the shorter run, dealt alike
    first, _, _ = runs
    longer = _run(tmp_path, "longer.json", games=8)
    assert len(json.loads(longer.read_text(encoding="utf-8"))["per_game"]) == 8
    capsys.readouterr()  # the simulator's own table
    for old, new in ((first, longer), (longer, first)):
        assert compare_runs.main([str(old), str(new), "--label", "tsumogiri"]) == 0
        fields = _fields(capsys.readouterr().out.strip())
        assert fields["games"] == "4"
        assert fields["unchanged"] == "4"
        assert float(fields["diff"]) == 0.0


def test_a_changed_game_moves_the_difference_by_its_places(
    runs: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, _, _ = runs
    data: dict[str, Any] = json.loads(first.read_text(encoding="utf-8"))
    changed = copy.deepcopy(data)
    entry = changed["per_game"][1]
    seat = entry["labels"].index("tsumogiri")
    other = next(index for index, rank in enumerate(entry["ranks"]) if rank != entry["ranks"][seat])
    moved = entry["ranks"][other] - entry["ranks"][seat]
    entry["ranks"][seat], entry["ranks"][other] = entry["ranks"][other], entry["ranks"][seat]
    entry["scores"][seat], entry["scores"][other] = entry["scores"][other], entry["scores"][seat]
    new = tmp_path / "changed.json"
    new.write_text(json.dumps(changed), encoding="utf-8")
    assert compare_runs.main([str(first), str(new), "--label", "tsumogiri"]) == 0
    fields = _fields(capsys.readouterr().out.strip())
    assert float(fields["diff"]) == pytest.approx(moved / 4, abs=0.0005)
    assert float(fields["new"]) - float(fields["old"]) == pytest.approx(moved / 4, abs=0.002)
    assert fields["unchanged"] == "3"
    assert float(fields["se"]) > 0


def test_a_bot_reached_through_a_link_is_the_same_player(
    runs: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a run from a worktree names the bot through its own ../shared link: the same file, so the same games;
    # another file is another player
    first, second, _ = runs
    shared = tmp_path / "shared"
    shared.mkdir()
    for name in ("bot.js", "other.js"):
        (shared / name).write_text("", encoding="utf-8")
    (tmp_path / "link").symlink_to(shared)

    def with_bot(run: Path, bot: Path, name: str) -> str:
        data: dict[str, Any] = json.loads(run.read_text(encoding="utf-8"))
        data["inputs"]["players"][0] = f"mjai:node {bot}"
        out = tmp_path / name
        out.write_text(json.dumps(data), encoding="utf-8")
        return str(out)

    old = with_bot(first, shared / "bot.js", "direct.json")
    linked = with_bot(second, tmp_path / "link" / "bot.js", "linked.json")
    other = with_bot(second, shared / "other.js", "other.json")
    assert compare_runs.main([old, linked, "--label", "tsumogiri"]) == 0
    assert capsys.readouterr().out.startswith("compare label=tsumogiri games=4 ")
    assert compare_runs.main([old, other, "--label", "tsumogiri"]) == 2
    err = capsys.readouterr().err
    assert "not the same games as" in err
    assert "other.js" in err


@pytest.mark.parametrize(
    ("make", "message"),
    [
        ("other_seed", "not the same games as"),
        ("missing", "No such file or directory"),
        ("not_json", "changed.json:"),
        ("no_per_game", "no 'per_game'"),
        ("bad_entry", "per_game entry 1 is malformed"),
        ("other_games", "the runs hold different games"),
        ("unknown_label", "no seat labelled 'nobody'"),
    ],
)
def test_runs_that_cannot_be_compared_are_one_line(
    runs: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], make: str, message: str
) -> None:
    first, _, other_seed = runs
    data: dict[str, Any] = json.loads(first.read_text(encoding="utf-8"))
    new = tmp_path / "changed.json"
    label = "tsumogiri"
    if make == "other_seed":
        new = other_seed
    elif make == "missing":
        new = tmp_path / "absent.json"
    elif make == "not_json":
        new.write_text("{not json", encoding="utf-8")
    elif make == "no_per_game":
        del data["per_game"]
        new.write_text(json.dumps(data), encoding="utf-8")
    elif make == "bad_entry":
        data["per_game"][0]["ranks"] = ["first"]
        new.write_text(json.dumps(data), encoding="utf-8")
    elif make == "other_games":
        data["per_game"][0]["game"] = 9  # a game the other run lacks, in place of one it holds
        new.write_text(json.dumps(data), encoding="utf-8")
    else:
        label = "nobody"
        new = first
    assert compare_runs.main([str(first), str(new), "--label", label]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("compare_runs: ")
    assert message in err
