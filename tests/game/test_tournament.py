"""Tournaments: participants, creation and schedule, playing the AI tables, settlement sums, standings with
their tie-breaks and adjustments, swiss rounds, an interrupted play-out and the export."""

import csv
import io
import json
from pathlib import Path

import pytest

from game.logs.tenhou6 import read_tenhou6
from game.records import (
    Clock,
    MatchResult,
    MatchSummary,
    Participant,
    Records,
    SeatEntry,
    TournamentInfo,
)
from game.replay import replay_round
from game.tournament import (
    Entry,
    PlayOut,
    TournamentError,
    adjust,
    create,
    export,
    load_view,
    parse_participants,
    play_ai_tables,
    standings,
    standings_json,
)
from game.tournament import (
    standings_csv as standings_csv_text,
)
from rules.match import MatchState, final_standings, start_match
from rules.ruleset import preset

EAST = preset("standard").with_overrides({"game_length": "east"})
AIS = [
    Entry(name, level) for name, level in (("A", "easy"), ("B", "normal"), ("C", "strong"), ("D", "normal"))
]


@pytest.mark.parametrize(
    ("spec", "entries"),
    [
        ("Ann,Bob,Cid", [Entry("Ann"), Entry("Bob"), Entry("Cid")]),
        (" Ann , Bob=Strong, 김철수=easy", [Entry("Ann"), Entry("Bob", "strong"), Entry("김철수", "easy")]),
    ],
)
def test_participants_are_names_or_names_with_an_ai_level(spec: str, entries: list[Entry]) -> None:
    assert parse_participants(spec) == entries


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("Ann,Bob", "3 to 32 participants, got 2"),
        (",".join(f"P{n}" for n in range(33)), "3 to 32 participants, got 33"),
        ("Ann,,Bob,Cid", "participant 2: empty name"),
        ("Ann,Bob=godlike,Cid", "participant 2 \\(Bob\\): unknown AI level 'godlike'"),
        ("Ann,ann,Bob", "participant 2: the name 'ann' is used twice"),
        ("Ann,Bob,Cid,Dee\x07", "not printable"),
        ("Ann,Bob," + "x" * 25, "over 24 characters"),
    ],
)
def test_bad_participants_are_one_line(spec: str, message: str) -> None:
    with pytest.raises(TournamentError, match=message) as error:
        parse_participants(spec)
    assert "\n" not in str(error.value)


def test_creating_a_balanced_tournament_schedules_every_round(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        entries = [*AIS, Entry("Eve", "easy")]
        tournament = create(records, "Cup", entries, EAST, rounds=3, seating="balanced", fill="bye", seed=4)
        view = load_view(records, tournament)
        assert [match.round for match in view.matches] == [1, 2, 3]
        assert all(len(people) == 1 for people in view.byes.values())
        for number in (1, 2, 3):
            seated = [
                entry.participant for match in view.matches if match.round == number for entry in match.seats
            ]
            assert sorted([*seated, *view.byes[number]]) == list(range(5))
        assert view.info.status == "running"


def test_house_seats_fill_short_tables_and_are_not_ranked(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(records, "Cup", [*AIS, Entry("E", "easy")], EAST, rounds=1, fill="house", seed=2)
        play_ai_tables(records, tournament)
        view = load_view(records, tournament)
        house = [entry for match in view.matches for entry in match.seats if entry.participant is None]
        assert len(house) == 3
        assert all(entry.name.startswith("House") for entry in house)
        assert sorted(row.name for row in view.rows) == ["A", "B", "C", "D", "E"]
        assert view.info.status == "finished"


def test_every_match_settles_to_zero_with_oka_and_uma_and_standings_add_up(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(
            records, "Cup", [*AIS, Entry("E", "strong")], EAST, rounds=2, fill="house", seed=9
        )
        play_ai_tables(records, tournament)
        view = load_view(records, tournament)
    for match in view.matches:
        assert match.result is not None
        assert sum(match.result.settled) == 0
    total = {row.participant: row.points for row in view.rows}
    for row in view.rows:
        mine = [
            match.result.settled[seat] / 1000
            for match in view.matches
            for seat, entry in enumerate(match.seats)
            if entry.participant == row.participant and match.result is not None
        ]
        assert total[row.participant] == pytest.approx(sum(mine))
        assert row.matches == len(mine) == 2
        assert sum(row.ranks) == 2
        assert row.cumulative[-1] == pytest.approx(row.points)


@pytest.mark.parametrize(
    "scores",
    [(25500, 24400, 30100, 20000), (35600, 35500, 14400, 14500), (-2500, 40000, 40000, 22500)],
)
def test_the_top_absorbs_the_rounding(scores: tuple[int, ...]) -> None:
    state = MatchState(
        rules=preset("standard"), round_wind=1, kyoku=3, honba=0, riichi_sticks=0, scores=scores
    )
    result = final_standings(state)
    assert sum(result.settled) == 0
    top = result.ranks.index(1)
    assert result.before_uma[top] == -sum(
        value for seat, value in enumerate(result.before_uma) if seat != top
    )


def _info(players: int = 4) -> TournamentInfo:
    return TournamentInfo(
        id=1,
        name="T",
        rules=preset("standard"),
        rounds=2,
        seating="balanced",
        fill="bye",
        seed=1,
        status="running",
        participants=tuple(
            Participant(index, name, "human") for index, name in enumerate("ABCDEFGH"[:players])
        ),
        clock=None,
        created_at="",
        updated_at="",
    )


def _match(round_number: int, seats: tuple[int, ...], settled: tuple[int, ...]) -> MatchSummary:
    order = sorted(range(len(seats)), key=lambda seat: -settled[seat])
    ranks = tuple(order.index(seat) + 1 for seat in range(len(seats)))
    return MatchSummary(
        id=round_number * 10 + seats[0],
        rules=preset("standard"),
        seed=1,
        seats=tuple(SeatEntry("ABCDEFGH"[who], "human", who) for who in seats),
        status="finished",
        tournament=1,
        round=round_number,
        table=1,
        result=MatchResult(tuple(30000 for _ in seats), ranks, settled),
        actions=1,
        updated_at="",
    )


def test_ties_go_to_more_first_places_then_the_best_single_match_then_share_the_rank() -> None:
    info = _info(8)
    matches = [
        # round 1: A first with +40; E first with +30
        _match(1, (0, 1, 2, 3), (40000, 10000, -20000, -30000)),
        _match(1, (4, 5, 6, 7), (30000, 10000, -10000, -30000)),
        # round 2: A second (+10, total 50); E first (+20, total 50: two firsts beats one)
        _match(2, (1, 0, 6, 7), (30000, 10000, -15000, -25000)),
        _match(2, (4, 2, 3, 5), (20000, 15000, -10000, -25000)),
    ]
    rows = standings(info, matches, [], {})
    by_name = {row.name: row for row in rows}
    assert by_name["A"].points == by_name["E"].points == 50.0
    assert by_name["E"].rank < by_name["A"].rank, "more first places wins the tie"
    # B: 10 + 30 = 40 with one first; G: -10 - 15 = -25; C: -20 + 15 = -5; D: -30 - 10 = -40; F: 10 - 25 = -15
    assert [row.name for row in rows] == ["E", "A", "B", "C", "F", "G", "D", "H"]
    assert by_name["E"].ranks == (2, 0, 0, 0)
    assert by_name["A"].avg_rank == 1.5


def test_equal_points_and_firsts_are_split_by_the_best_single_match_else_shared() -> None:
    info = _info(4)
    matches = [
        _match(1, (0, 1, 2, 3), (50000, 10000, -20000, -40000)),
        _match(2, (1, 0, 2, 3), (50000, 10000, -20000, -40000)),
    ]
    rows = standings(info, matches, [], {})
    assert [(row.name, row.rank) for row in rows] == [("A", 1), ("B", 1), ("C", 3), ("D", 4)]
    matches = [
        _match(1, (0, 1, 2, 3), (30000, 20000, -10000, -40000)),  # A first +30, B +20
        _match(2, (1, 0, 2, 3), (40000, 30000, -30000, -40000)),  # B first +40, A +30: both +60
    ]
    rows = standings(info, matches, [], {})
    a, b = (next(row for row in rows if row.name == name) for name in "AB")
    assert a.points == b.points == 60.0
    assert a.ranks[0] == b.ranks[0] == 1
    assert b.best == 40.0
    assert a.best == 30.0
    assert b.rank < a.rank, "the best single match breaks the tie"


def test_adjustments_count_and_are_kept_with_their_reason(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(records, "Cup", AIS, EAST, rounds=1, seed=3)
        play_ai_tables(records, tournament)
        before = {row.name: row.points for row in load_view(records, tournament).rows}
        adjust(records, tournament, "b", -20.5, "chombo (RULES.md §8)")
        view = load_view(records, tournament)
        row = next(row for row in view.rows if row.name == "B")
        assert row.points == pytest.approx(before["B"] - 20.5)
        assert row.adjustments[0].reason == "chombo (RULES.md §8)"
        assert standings_json(view)["standings"][[r.name for r in view.rows].index("B")]["adjustments"] == [
            {"points": -20.5, "reason": "chombo (RULES.md §8)"}
        ]
        with pytest.raises(TournamentError, match="no participant 'Zed'"):
            adjust(records, tournament, "Zed", 1, "why")
        with pytest.raises(TournamentError, match="needs a reason"):
            adjust(records, tournament, "A", 1, " ")
        with pytest.raises(TournamentError, match="between -1000 and 1000"):
            adjust(records, tournament, "A", 1e9, "why")


def test_swiss_rounds_are_scheduled_by_the_standings_after_the_round_before(tmp_path: Path) -> None:
    entries = [Entry(f"P{n}", ("easy", "normal", "strong")[n % 3]) for n in range(8)]
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(records, "Swiss", entries, EAST, rounds=2, seating="swiss", seed=6)
        assert {match.round for match in records.matches(tournament=tournament)} == {1}
        run = PlayOut(records, tournament)
        while run.advance(50) and len(run.played) < 2:
            pass
        view = load_view(records, tournament)
        assert {match.round for match in view.matches} == {1, 2}
        after_round_1 = [row.participant for row in view.rows]
        first_table = next(match for match in view.matches if match.round == 2 and match.table == 1)
        assert {entry.participant for entry in first_table.seats} == set(after_round_1[:4])
        while run.advance(200):
            pass
        assert load_view(records, tournament).info.status == "finished"


def test_an_interrupted_play_out_finishes_with_the_standings_of_an_uninterrupted_one(tmp_path: Path) -> None:
    entries = [*AIS, Entry("E", "strong"), Entry("F", "easy")]
    with Records(tmp_path / "whole.sqlite3") as records:
        whole = create(records, "Cup", entries, EAST, rounds=2, fill="bye", seed=12)
        play_ai_tables(records, whole)
        expected = standings_json(load_view(records, whole))
    with Records(tmp_path / "cut.sqlite3") as records:
        cut = create(records, "Cup", entries, EAST, rounds=2, fill="bye", seed=12)
    for budget in (37, 150, 401, 10**9):
        with Records(tmp_path / "cut.sqlite3") as records:  # a new process each time, as after a kill
            run = PlayOut(records, cut)
            steps = 0
            while steps < budget and run.advance():
                steps += 1
    with Records(tmp_path / "cut.sqlite3") as records:
        got = standings_json(load_view(records, cut))
    assert got == expected
    assert got["status"] == "finished"


def test_play_stops_at_the_first_table_with_a_person(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        entries = [Entry("Ann"), *AIS]
        tournament = create(records, "Cup", entries, EAST, rounds=2, fill="bye", seed=1)
        report = play_ai_tables(records, tournament)
        assert report.waiting is not None
        assert any(entry.is_human for entry in report.waiting.seats)
        first_human = next(match for match in records.matches(tournament=tournament) if match.has_humans)
        assert report.waiting.id == first_human.id
        assert all(match.status == "finished" for match in report.played)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": " "}, "name must be 1 to 60"),
        ({"rounds": 0}, "rounds must be 1 to 20"),
        ({"seating": "random"}, "unknown seating"),
        ({"fill": "robots"}, "unknown fill"),
        ({"seed": -1}, "seed must be a whole number"),
        ({"clock": Clock(0, 10)}, "the clock must be"),
    ],
)
def test_a_bad_setup_creates_nothing(tmp_path: Path, changes: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {
        "name": "Cup",
        "rounds": 2,
        "seating": "balanced",
        "fill": "house",
        "seed": 1,
    }
    arguments.update(changes)
    name = arguments.pop("name")
    with Records(tmp_path / "r.sqlite3") as records:
        with pytest.raises(TournamentError, match=message):
            create(records, name, AIS, EAST, **arguments)  # type: ignore[arg-type]
        assert records.tournaments() == []


def test_export_writes_standings_and_logs_that_replay(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(
            records, "Cup <b>", [*AIS, Entry("E", "easy")], EAST, rounds=1, fill="house", seed=8
        )
        play_ai_tables(records, tournament)
        written = export(records, tournament, tmp_path / "out")
        view = load_view(records, tournament)
    names = sorted(path.relative_to(tmp_path / "out").as_posix() for path in written)
    assert names == [
        "logs/round-01-table-1.json",
        "logs/round-01-table-2.json",
        "standings.csv",
        "standings.html",
    ]
    table = list(
        csv.DictReader(io.StringIO((tmp_path / "out" / "standings.csv").read_text(encoding="utf-8")))
    )
    assert [row["name"] for row in table] == [row.name for row in view.rows]
    assert [float(row["points"]) for row in table] == [row.points for row in view.rows]
    assert "Cup &lt;b&gt;" in (tmp_path / "out" / "standings.html").read_text(encoding="utf-8")
    for path in written[2:]:
        game = read_tenhou6(path.read_text(encoding="utf-8"), str(path))
        match = next(m for m in view.matches if f"table-{m.table}." in path.name)
        assert list(game.names) == [entry.name for entry in match.seats]
        assert match.result is not None
        assert game.final_scores == match.result.scores
        for record in game.rounds:
            assert replay_round(record, EAST).problems == ()
    assert json.loads(json.dumps(standings_json(view)))["name"] == "Cup <b>"


def test_a_new_match_starts_from_the_preset_start_points() -> None:
    assert start_match(EAST).scores == (25000,) * 4


def test_the_lobby_play_out_steps_over_tables_with_people_within_the_round(tmp_path: Path) -> None:
    entries = [Entry("Ann"), *AIS, Entry("E", "easy"), Entry("F", "normal"), Entry("G", "strong")]
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(records, "Cup", entries, EAST, rounds=2, fill="house", seed=5)
        run = PlayOut(records, tournament, skip_people=True)
        assert run.total == 1
        while run.advance(100):
            assert 0.0 <= run.fraction <= 1.0
        matches = records.matches(tournament=tournament)
        round_1 = [match for match in matches if match.round == 1]
        assert [match.status for match in round_1 if not match.has_humans] == ["finished"]
        assert [match.status for match in round_1 if match.has_humans] == ["pending"]
        assert all(match.status == "pending" for match in matches if match.round == 2), "round 2 waits"
        assert run.waiting is not None
        assert run.waiting.has_humans
        assert run.fraction == 1.0


@pytest.mark.parametrize(
    "module",
    [
        "game.tournament",
        "game.records",
        "game.saved_match",
        "game.clock",
        "game.table",
        "game.schedule",
        "game.rule_options",
    ],
)
def test_the_examples_in_the_docstrings_hold(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0, "no examples: nothing was checked"
    assert result.failed == 0


def test_names_and_reasons_in_the_csv_are_never_formulas(tmp_path: Path) -> None:
    entries = [
        Entry("=SUM(A1)", "easy"),
        Entry("+Bob", "normal"),
        Entry("@Cid", "strong"),
        Entry("Dee", "easy"),
    ]
    with Records(tmp_path / "r.sqlite3") as records:
        tournament = create(records, "Cup", entries, EAST, rounds=1, seed=2)
        adjust(records, tournament, "Dee", -1, "-late")
        text = standings_csv_text(load_view(records, tournament))
    names = {row["name"] for row in csv.DictReader(io.StringIO(text))}
    assert names == {"'=SUM(A1)", "'+Bob", "'@Cid", "Dee"}
    assert "'-1.0 -late" in text
