"""simulate's journal: a run stopped or killed halfway goes on from the games it kept and sums to the figures
of one whole run; a journal of another run, or a damaged one, is one line naming the file and line, and is
left as it is."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import main
from game.journal import Journal, JournalError
from game.simulate import simulate
from game.stats import SeatResult
from rules.ruleset import preset

STANDARD = preset("standard")
EAST = STANDARD.with_overrides({"game_length": "east"})
SPECS = ("greedy", "random", "tsumogiri", "greedy")
LABELS = ("greedy", "random", "tsumogiri")
RUN: dict[str, Any] = {"players": list(SPECS), "seed": 5, "games": 8}


def _play(path: Path | None, jobs: int = 1, run: dict[str, Any] = RUN) -> dict[str, Any]:
    journal = Journal(path, run) if path is not None else None
    result = simulate(SPECS, 8, EAST, seed=5, jobs=jobs, duplicate=True, journal=journal).to_json()
    result.pop("elapsed_s")
    result.pop("decision_ms")
    return result


def _games(path: Path) -> list[int]:
    return [json.loads(line)["game"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]


@pytest.fixture(scope="module")
def whole() -> dict[str, Any]:
    return _play(None)


def test_a_run_cut_short_goes_on_from_its_games_and_sums_as_one_whole_run(
    tmp_path: Path, whole: dict[str, Any]
) -> None:
    path = tmp_path / "run.jsonl"
    assert _play(path, jobs=2) == whole
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 9
    assert sorted(_games(path)) == list(range(1, 9))
    # as a kill leaves it: three games kept, the fourth's line cut short
    kept = [lines[0], lines[3], lines[5], lines[8]]
    path.write_text("".join(kept) + lines[1][: len(lines[1]) // 2], encoding="utf-8")
    again = _play(path)
    assert again == whole
    games = _games(path)
    assert games[:3] == [json.loads(line)["game"] for line in kept[1:]]  # the cut line is gone
    assert sorted(games) == list(range(1, 9))  # only the missing five were played, each once
    # a whole journal plays nothing more and still sums every game
    before = path.read_bytes()
    assert _play(path) == whole
    assert path.read_bytes() == before


def test_the_elapsed_time_adds_up_the_sessions(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _play(path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    last = json.loads(lines[-1])
    last["elapsed_s"] = 1000.0
    path.write_text("".join(lines[:-1]) + json.dumps(last) + "\n", encoding="utf-8")
    journal = Journal(path, RUN)
    result = simulate(SPECS, 8, EAST, seed=5, duplicate=True, journal=journal)
    assert result.elapsed_s >= 1000.0


def _header(**run: Any) -> str:
    return (
        json.dumps({"format": "riichi-mahjong simulate journal", "version": 1, "run": {**RUN, **run}}) + "\n"
    )


def _seats(**changes: Any) -> list[dict[str, Any]]:
    seat = {**dataclasses.asdict(SeatResult("greedy", 25000, 1)), "yaku": [["riichi", 1]], **changes}
    return [seat] * 4


def _game_line(game: int = 1, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": game,
        "hands": 4,
        "draws": 1,
        "elapsed_s": 1.5,
        "seats": _seats(),
        "decision_ms": {"greedy": [0.1, 0.2]},
    }
    data.update(changes)
    return data


BAD = {
    "another seed": (_header(seed=6), "the journal of another run (seed 6, this run 5)"),
    "another player": (_header(players=["greedy"] * 4), "the journal of another run (players"),
    "no header": (json.dumps(_game_line()) + "\n", "not a simulate journal (line 1 does not say so)"),
    "not JSON": ("hello\n", "not a simulate journal (line 1 is not JSON)"),
    "one cut line": ('{"format": "riichi', "not a simulate journal (no complete first line)"),
    "another version": (_header().replace('"version": 1', '"version": 9'), "journal version 9"),
    "bad JSON line": (_header() + "{oops\n", "line 2:"),
    "a game twice": (_header() + (json.dumps(_game_line(3)) + "\n") * 2, "line 3: game 3 is there twice"),
    "a game too many": (_header() + json.dumps(_game_line(9)) + "\n", "line 2: game 9 is beyond the run's 8"),
    "game 0": (
        _header() + json.dumps(_game_line(0)) + "\n",
        "line 2: 'game' is not a whole number of at least 1",
    ),
    "three seats": (
        _header() + json.dumps(_game_line(seats=_seats()[:3])) + "\n",
        "line 2: 'seats' is not a list of 4",
    ),
    "a stranger's label": (
        _header() + json.dumps(_game_line(seats=_seats(label="strong"))) + "\n",
        "line 2: seat 0's label 'strong' is none of the run's seat specs",
    ),
    "a rank of 0": (
        _header() + json.dumps(_game_line(seats=_seats(rank=0))) + "\n",
        "line 2: seat 0: 'rank' is not a whole number of at least 1",
    ),
    "a text count": (
        _header() + json.dumps(_game_line(seats=_seats(wins="2"))) + "\n",
        "line 2: seat 0: 'wins' is not a whole number of at least 0",
    ),
    "bad yaku": (
        _header() + json.dumps(_game_line(seats=_seats(yaku=[["riichi"]]))) + "\n",
        "line 2: seat 0's 'yaku' is not [name, wins] pairs",
    ),
    "a negative time": (
        _header() + json.dumps(_game_line(decision_ms={"greedy": [-1]})) + "\n",
        "line 2: a time of 'greedy' is not a number of at least 0",
    ),
    "times of a stranger": (
        _header() + json.dumps(_game_line(decision_ms={"strong": [1]})) + "\n",
        "line 2: 'decision_ms' is not lists of times by the run's seat specs",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_journal_of_another_run_or_damaged_is_one_line_and_left_as_it_is(tmp_path: Path, case: str) -> None:
    text, message = BAD[case]
    path = tmp_path / "run.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError) as error:
        Journal(path, RUN).load(8, LABELS, 4)
    assert str(error.value).startswith(str(path)), error.value
    assert message in str(error.value), error.value
    assert "\n" not in str(error.value)
    assert path.read_text(encoding="utf-8") == text


def test_this_runs_first_line_cut_short_starts_the_journal_afresh(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    Journal(path, RUN).load(8, LABELS, 4)
    header = path.read_text(encoding="utf-8")
    path.write_text(header[:20], encoding="utf-8")  # killed while the first line was being written
    assert Journal(path, RUN).load(8, LABELS, 4) == {}
    assert path.read_text(encoding="utf-8") == header
    other = {**RUN, "seed": 6}
    path.write_text(header[:-10], encoding="utf-8")  # the same cut, but of another run's line: refused
    with pytest.raises(JournalError, match="not a simulate journal"):
        Journal(path, other).load(8, LABELS, 4)


def test_the_game_lines_read_back_as_they_were_written(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    line = _game_line(2, seats=_seats(score=-3000, wins=2), decision_ms={})
    path.write_text(_header() + json.dumps(line) + "\n", encoding="utf-8")
    games = Journal(path, RUN).load(8, LABELS, 4)
    assert list(games) == [1]
    game = games[1]
    assert (game.index, game.hands, game.draws, game.elapsed_s) == (1, 4, 1, 1.5)
    assert game.seats[0] == SeatResult("greedy", -3000, 1, wins=2, yaku=(("riichi", 1),))
    assert game.decision_ms == {}


def _simulate_cli(*extra: str) -> list[str]:
    return ["simulate", "--games", "4", "--players", ",".join(SPECS), "--length", "east", "--duplicate"]


def test_cli_resumes_and_refuses_another_runs_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.jsonl"
    out = tmp_path / "out.json"
    args = [*_simulate_cli(), "--seed", "3", "--quiet", "--journal", str(path), "--json", str(out)]
    assert main.main(args) == 0
    first = json.loads(out.read_text(encoding="utf-8"))
    assert first["inputs"]["journal"] == str(path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:3]), encoding="utf-8")  # two games kept
    capsys.readouterr()
    assert main.main(args) == 0
    second = json.loads(out.read_text(encoding="utf-8"))
    assert second["players"] == first["players"]
    assert second["per_game"] == first["per_game"]
    assert len(path.read_text(encoding="utf-8").splitlines()) == 5
    capsys.readouterr()
    before = path.read_bytes()
    assert main.main([*_simulate_cli(), "--seed", "4", "--quiet", "--journal", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: {path}: the journal of another run (seed 3, this run 4); "
        "give the same options or another --journal file\n"
    )
    assert path.read_bytes() == before


def test_cli_journal_that_is_a_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main([*_simulate_cli(), "--quiet", "--journal", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"error: cannot use --journal {tmp_path}: it is a directory\n"
