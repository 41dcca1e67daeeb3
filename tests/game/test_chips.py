"""Chips (RULES.md §12) through the game layer: a whole match keeps and settles them, a resumed match keeps
them exactly, the records store them (and read older results without), the tournament standings add them
up, simulate reports them, and the score command says what a win earns."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from game.ai import create_ai
from game.calculator import score_request
from game.records import MatchResult, Records, RecordsError, SeatEntry
from game.saved_match import ai_seed, rebuild
from game.simulate import format_summary, simulate
from game.table import Table
from game.tournament import (
    Entry,
    create,
    format_standings,
    load_view,
    play_ai_tables,
    standings_csv,
    standings_json,
)
from game.tournament_html import render
from rules.events import Event, HandWon
from rules.round import RoundState
from rules.ruleset import preset

NET = preset("seed-netmahjong")  # East-only, chips on
LEVELS = ("strong", "normal", "easy", "strong")
SEED = 8  # a match whose wins earn chips (checked below, so the tests cannot pass by having none)


def net_table(seed: int = SEED) -> Table:
    return Table(NET, [create_ai(level, NET, ai_seed(seed, seat)) for seat, level in enumerate(LEVELS)], seed)


def test_a_match_keeps_every_wins_chips_and_settles_them() -> None:
    table = net_table()
    wins: list[HandWon] = []

    def keep(events: tuple[Event, ...], state: RoundState) -> None:
        wins.extend(event for event in events if isinstance(event, HandWon))

    table.subscribe_engine(keep)
    standings = table.run()
    summed = [sum(win.chips[seat] for win in wins) for seat in range(4)]
    assert any(summed), "no win of this match earned a chip: pick another seed"
    assert all(sum(win.chips) == 0 for win in wins)
    assert standings.chips == tuple(summed)
    assert sum(standings.chips) == 0
    for seat in range(4):
        plain = standings.before_uma[seat] + standings.uma[seat]
        assert standings.settled[seat] == plain + NET.chip_points * standings.chips[seat]
    assert sum(standings.settled) == 0


def test_a_resumed_match_keeps_its_chips_exactly() -> None:
    whole = net_table()
    ends: list[int] = []  # where each batch of answers ends: the places a stored match can stop
    whole.subscribe_actions(lambda batch: ends.append(len(whole.actions) + len(batch)))
    standings = whole.run()
    assert any(standings.chips)
    for cut in sorted(random.Random(SEED).sample(ends[:-1], 8)):
        resumed = net_table()
        resumed.restore(whole.actions[:cut])
        resumed.run()
        assert resumed.standings == standings, f"after a resume at answer {cut}"


def test_the_records_keep_the_chips_of_a_finished_match(tmp_path: Path) -> None:
    seats = tuple(SeatEntry(f"AI {seat}", level) for seat, level in enumerate(LEVELS))
    with Records(tmp_path / "r.sqlite3") as records:
        match_id = records.create_match(NET, SEED, seats)
        played, _, _ = rebuild(records, match_id)
        standings = played.run()
        result = records.match_summary(match_id).result
        assert result is not None
        assert result == MatchResult.of(standings)
        assert result.chips == standings.chips
        assert any(result.chips)
        assert [result.chip_count(seat) for seat in range(4)] == list(standings.chips)


def test_an_older_result_without_chips_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    seats = tuple(SeatEntry(f"AI {seat}", "easy") for seat in range(4))
    with Records(path) as records:
        match_id = records.create_match(NET, 1, seats)
    old = {
        "scores": [40000, 30000, 20000, 10000],
        "ranks": [1, 2, 3, 4],
        "settled": [50000, 10000, -20000, -40000],
    }
    with sqlite3.connect(path) as connection:  # as a version without chips wrote it
        connection.execute(
            "UPDATE matches SET status = 'finished', result = ? WHERE id = ?", (json.dumps(old), match_id)
        )
    with Records(path) as records:
        result = records.match_summary(match_id).result
    assert result is not None
    assert result.settled == (50000, 10000, -20000, -40000)
    assert result.chips == ()
    assert result.chip_count(2) == 0


@pytest.mark.parametrize(
    "chips", [[1, -1], {"a": 1}, ["x", 0, 0, 0]], ids=["a seat short", "no list", "no number"]
)
def test_a_result_with_damaged_chips_is_one_line(tmp_path: Path, chips: object) -> None:
    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        match_id = records.create_match(NET, 1, tuple(SeatEntry(f"AI {seat}", "easy") for seat in range(4)))
    damaged = {
        "scores": [25000] * 4,
        "ranks": [1, 2, 3, 4],
        "settled": [15000, 5000, -5000, -15000],
        "chips": chips,
    }
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE matches SET status = 'finished', result = ? WHERE id = ?", (json.dumps(damaged), match_id)
        )
    with Records(path) as records, pytest.raises(RecordsError, match="its result is damaged"):
        records.match_summary(match_id)


def test_tournament_standings_add_up_the_chips(tmp_path: Path) -> None:
    entries = [Entry(name, level) for name, level in zip("ABCDE", (*LEVELS, "normal"), strict=True)]
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(records, "Cup", entries, NET, rounds=2, fill="house", seed=3)
        play_ai_tables(records, tournament)
        view = load_view(records, tournament)
    per_person = dict.fromkeys(range(5), 0)
    for match in view.matches:
        assert match.result is not None
        assert sum(match.result.chips) == 0
        for seat, entry in enumerate(match.seats):
            if entry.participant is not None:
                per_person[entry.participant] += match.result.chips[seat]
    assert any(per_person.values()), "no chips in this tournament: pick another seed"
    assert {row.participant: row.chips for row in view.rows} == per_person
    data = standings_json(view)
    assert [entry["chips"] for entry in data["standings"]] == [row.chips for row in view.rows]
    assert all(len(match["chips"]) == 4 for match in data["matches"])
    header, *lines = standings_csv(view).splitlines()
    assert header.split(",")[-1] == "chips"
    assert [int(line.split(",")[-1]) for line in lines] == [row.chips for row in view.rows]
    assert format_standings(view).splitlines()[1].split()[-1] == "chips"
    assert render(view).count('class="num chips"') == len(view.rows)


def test_reports_of_a_tournament_without_chips_have_no_chips_column(tmp_path: Path) -> None:
    rules = preset("standard").with_overrides({"game_length": "east"})
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(records, "Cup", [Entry(name, "easy") for name in "ABCD"], rules, rounds=1, seed=3)
        play_ai_tables(records, tournament)
        view = load_view(records, tournament)
    assert all("chips" not in entry for entry in standings_json(view)["standings"])
    assert "chips" not in standings_csv(view).splitlines()[0]
    assert "chips" not in format_standings(view)
    assert "Chips" not in render(view)
    assert all(row.chips == 0 for row in view.rows)


def test_a_simulate_run_with_chips_reports_them_adding_up_to_zero() -> None:
    result = simulate(("greedy", "random", "easy", "tsumogiri"), 3, NET, seed=4)
    chips = {entry["label"]: entry["chips"] for entry in result.to_json()["players"]}
    assert any(chips.values()), "no chips in this run: pick another seed"
    assert sum(chips.values()) == 0
    header, *rows = format_summary(result).splitlines()
    assert header.split()[-2:] == ["chips", "fallbacks"]
    for label, count in chips.items():
        row = next(line for line in rows if line.startswith(label))
        assert int(row.split()[-2]) == count


def test_a_simulate_run_without_chips_shows_no_chips_column() -> None:
    result = simulate(("greedy", "random", "easy", "tsumogiri"), 1, preset("standard"), seed=4)
    assert "chips" not in format_summary(result).splitlines()[0]
    assert all(entry["chips"] == 0 for entry in result.to_json()["players"])


# A riichi ippatsu tsumo with a red 5p and ura indicator 8s (9s: one held): 1 + 1 + 1 = 3 from each.
RIICHI_TSUMO = {
    "hand": "123m406p789s11z456s",
    "win_tile": "4p",
    "tsumo": True,
    "riichi": True,
    "ippatsu": True,
    "ura_indicators": "8s",
}


def test_score_reports_the_chips_of_a_tsumo_from_each() -> None:
    answer = score_request({**RIICHI_TSUMO, "ruleset": "seed-netmahjong"})
    assert answer["chips"] == {"from_each": 3}


def test_score_reports_the_chips_of_a_ron_from_the_discarder() -> None:
    request = {key: value for key, value in RIICHI_TSUMO.items() if key != "tsumo"}
    answer = score_request({**request, "from": 2, "ruleset": "seed-netmahjong"})
    assert answer["chips"] == {"from_discarder": 3}
    # a yakuman ron: 1.5 x the tsumo count of 2
    suuankou = {"hand": "111m222p333s44455z", "win_tile": "5z", "from": 1, "ruleset": "seed-netmahjong"}
    assert score_request(suuankou)["chips"] == {"from_discarder": 3}


def test_score_says_nothing_of_chips_without_them() -> None:
    assert "chips" not in score_request(RIICHI_TSUMO)
    # an override switches them on, and off
    assert score_request({**RIICHI_TSUMO, "rules": {"chips": True}})["chips"] == {"from_each": 3}
    off = score_request({**RIICHI_TSUMO, "ruleset": "seed-netmahjong", "rules": {"chips": False}})
    assert "chips" not in off
    assert off["points"] == score_request({**RIICHI_TSUMO, "ruleset": "seed-netmahjong"})["points"]


@pytest.mark.parametrize(("option", "left"), [("chip_ura", 2), ("chip_red", 2), ("chip_ippatsu", 2)])
def test_score_follows_each_chip_option(option: str, left: int) -> None:
    answer = score_request({**RIICHI_TSUMO, "ruleset": "seed-netmahjong", "rules": {option: False}})
    assert answer["chips"] == {"from_each": left}
