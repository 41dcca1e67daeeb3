"""The match database: actions and rule sets as text, matches and tournaments stored and read back, the
schema version and its upgrade, and files that are newer, foreign or damaged (one line, left untouched)."""

import sqlite3
from pathlib import Path

import pytest

from game.records import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    Clock,
    Records,
    RecordsError,
    SeatEntry,
    decode_action,
    encode_action,
    rules_from_text,
    rules_to_text,
)
from game.saved_match import rebuild
from rules.actions import (
    PASS,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kita,
    Kyuushu,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from rules.ruleset import PRESET_NAMES, preset

SEATS = tuple(
    SeatEntry(f"P{seat}", level) for seat, level in enumerate(("human", "easy", "normal", "strong"))
)
EAST = preset("standard").with_overrides({"game_length": "east"})


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Discard(53), "discard 53"),
        (Discard(0, riichi=True), "riichi 0"),
        (Tsumo(), "tsumo"),
        (Ron(), "ron"),
        (Chi((12, 17)), "chi 12 17"),
        (Pon((100, 102)), "pon 100 102"),
        (Daiminkan(), "daiminkan"),
        (Ankan(33), "ankan 33"),
        (Shouminkan(135), "shouminkan 135"),
        (Kita(120), "kita 120"),
        (Kyuushu(), "kyuushu"),
        (PASS, "pass"),
    ],
)
def test_actions_are_stored_as_short_text_and_read_back(action: object, text: str) -> None:
    assert encode_action(action) == text  # type: ignore[arg-type]
    assert decode_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "discard",
        "discard 136",
        "discard -1",
        "discard x",
        "discard 5 6",
        "chi 1",
        "ankan 34",
        "tsumo 1",
        "Discard 5",
        "discard 05",
        "eval 1",
        "pon 1  2",
    ],
)
def test_text_that_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not an action"):
        decode_action(text)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rule_sets_are_stored_as_their_preset_and_changes(name: str) -> None:
    rules = preset(name).with_overrides({"game_length": "east", "red_fives": [0, 2, 1], "kuitan": False})
    stored_name, overrides = rules_to_text(rules)
    assert stored_name == name
    again = rules_from_text(stored_name, overrides, "here")
    assert again == rules
    assert rules_from_text(*rules_to_text(preset(name)), "here") == preset(name)
    assert rules_to_text(preset(name))[1] == "{}"


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("nope", "{}"),
        ("standard", "[1]"),
        ("standard", '{"kuitan": 3}'),
        ("standard", "{"),
        ("standard", '{"x": 1}'),
    ],
)
def test_a_damaged_rule_set_is_one_line_naming_where(name: str, overrides: str) -> None:
    with pytest.raises(RecordsError, match=r"^match 7: unusable rule set") as error:
        rules_from_text(name, overrides, "match 7")
    assert "\n" not in str(error.value)


def test_a_match_is_stored_answer_by_answer_and_read_back(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        match_id = records.create_match(EAST, 12, SEATS)
        records.append_actions(match_id, 0, [(0, Discard(3))], [1500])
        records.append_actions(match_id, 1, [(1, PASS), (2, Pon((4, 5))), (3, PASS)])
        stored = records.load_match(match_id)
        assert stored.summary.seats == SEATS
        assert stored.summary.rules == EAST
        assert stored.summary.seed == 12
        assert stored.summary.status == "playing"
        assert stored.summary.actions == 4
        assert stored.actions == ((0, Discard(3)), (1, PASS), (2, Pon((4, 5))), (3, PASS))
        assert stored.elapsed_ms == (1500, None, None, None)
        assert records.has_unfinished()
        records.abandon_match(match_id)
        assert records.match_summary(match_id).status == "abandoned"
        assert not records.has_unfinished()
        assert records.integrity() == "ok"


def test_a_practice_undo_takes_back_the_last_answers_of_a_match_in_play_only(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        match_id = records.create_match(EAST, 12, SEATS)
        records.append_actions(match_id, 0, [(0, Discard(3))], [1500])
        records.append_actions(match_id, 1, [(1, PASS), (2, Pon((4, 5))), (3, PASS)])
        records.truncate_actions(match_id, 1)
        assert records.load_match(match_id).actions == ((0, Discard(3)),)
        records.append_actions(match_id, 1, [(1, Discard(8))])  # play goes on from there
        assert records.load_match(match_id).actions == ((0, Discard(3)), (1, Discard(8)))
        records.abandon_match(match_id)
        with pytest.raises(RecordsError, match=f"^match {match_id}: only a single match in play"):
            records.truncate_actions(match_id, 0)
        assert records.match_summary(match_id).actions == 2


def test_a_finished_match_keeps_its_result(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        ai_seats = tuple(SeatEntry(f"AI {seat}", "normal") for seat in range(4))
        match_id = records.create_match(EAST, 3, ai_seats)
        played, _, _ = rebuild(records, match_id)
        standings = played.run()
        summary = records.match_summary(match_id)
        assert summary.status == "finished"
        assert summary.result is not None
        assert summary.result.scores == standings.scores
        assert summary.result.settled == standings.settled
        assert summary.actions == len(played.actions)
        with pytest.raises(RecordsError, match="finished: there is nothing to continue"):
            rebuild(records, match_id)


def test_reading_a_file_that_does_not_exist_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    with pytest.raises(RecordsError, match="no records database at"):
        Records(path, create=False)
    assert not path.exists()


def _make_version_1(path: Path) -> None:
    """A file as version 1 of the schema wrote it (before the clock), with a tournament and a match."""
    connection = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            connection.execute(statement)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 1")
    connection.execute(
        "INSERT INTO tournaments (id, name, ruleset, rules, rounds, seating, fill, seed, status, created_at, "
        "updated_at) VALUES (1, 'Old cup', 'standard', '{}', 2, 'balanced', 'house', 5, 'running', 't', 't')"
    )
    connection.execute("INSERT INTO participants VALUES (1, 0, 'Ann', 'human')")
    connection.execute(
        "INSERT INTO matches (id, ruleset, rules, seed, status, created_at, updated_at) "
        "VALUES (1, 'standard', '{\"game_length\": \"east\"}', 9, 'playing', 't', 't')"
    )
    for seat in range(4):
        connection.execute(f"INSERT INTO match_seats VALUES (1, {seat}, 'P{seat}', 'normal', NULL)")
    connection.execute("INSERT INTO actions VALUES (1, 0, 0, 'discard 7')")
    connection.close()


def test_an_older_file_is_upgraded_in_place_keeping_everything(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _make_version_1(path)
    with Records(path) as records:
        info = records.tournament(1)
        assert info.name == "Old cup"
        assert info.clock is None
        stored = records.load_match(1)
        assert stored.actions == ((0, Discard(7)),)
        assert stored.elapsed_ms == (None,)
        assert stored.summary.rules == EAST
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    connection.close()
    with Records(path) as records:  # and the upgraded file takes the new columns
        tournament = records.create_tournament(
            "New",
            EAST,
            [("A", "human")] * 3,
            rounds=1,
            seating="balanced",
            fill="house",
            seed=1,
            clock=Clock(10, 20),
        )
        assert records.tournament(tournament).clock == Clock(10, 20)


def _make_version_2(path: Path) -> None:
    """A file as version 2 wrote it (tournament clocks, no match clocks): a timed tournament with one
    scheduled match, and a single match in play."""
    connection = sqlite3.connect(path, isolation_level=None)
    for migration in MIGRATIONS[:2]:
        for statement in migration.split(";"):
            if statement.strip():
                connection.execute(statement)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 2")
    connection.execute(
        "INSERT INTO tournaments (id, name, ruleset, rules, rounds, seating, fill, seed, status, created_at, "
        "updated_at, clock_base_s, clock_bank_s) "
        "VALUES (1, 'Cup', 'standard', '{}', 1, 'balanced', 'house', 5, 'running', 't', 't', 10, 20)"
    )
    for match_id, tournament in ((1, "1"), (2, "NULL")):
        connection.execute(
            "INSERT INTO matches (id, tournament_id, ruleset, rules, seed, status, created_at, updated_at) "
            f"VALUES ({match_id}, {tournament}, 'standard', '{{}}', 9, 'playing', 't', 't')"
        )
        for seat in range(4):
            level = "human" if seat == 0 else "normal"
            connection.execute(
                f"INSERT INTO match_seats VALUES ({match_id}, {seat}, 'P{seat}', '{level}', NULL)"
            )
    connection.execute("INSERT INTO actions VALUES (2, 0, 0, 'discard 7', 4200)")
    connection.close()


def test_a_version_2_file_opens_with_its_single_matches_untimed_and_then_stores_match_clocks(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v2.sqlite3"
    _make_version_2(path)
    with Records(path) as records:
        assert records.tournament(1).clock == Clock(10, 20)
        assert records.match_summary(1).clock == Clock(10, 20), "a tournament match plays by its clock"
        single = records.load_match(2)
        assert single.summary.clock is None, "a single match from before timers was untimed"
        assert single.actions == ((0, Discard(7)),)
        assert single.elapsed_ms == (4200,)
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    connection.close()
    with Records(path) as records:  # the upgraded file takes a single match's own clock
        timed = records.create_match(EAST, 3, SEATS, clock=Clock(5, 20))
        assert records.match_summary(timed).clock == Clock(5, 20)
        assert records.match_summary(records.create_match(EAST, 4, SEATS)).clock is None


def test_a_single_match_keeps_its_own_clock_and_a_tournament_match_takes_the_tournament_clock(
    tmp_path: Path,
) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        timed = records.create_match(EAST, 1, SEATS, clock=Clock(3, 10))
        untimed = records.create_match(EAST, 2, SEATS)
        people = [("A", "human"), ("B", "normal"), ("C", "normal"), ("D", "normal")]
        summaries = {}
        for name, clock in (("Timed", Clock(15, 45)), ("Untimed", None)):
            tournament = records.create_tournament(
                name, EAST, people, rounds=1, seating="balanced", fill="house", seed=1, clock=clock
            )
            seats = [SeatEntry(who, level, index) for index, (who, level) in enumerate(people)]
            records.schedule_round(tournament, 1, [(1, 5, seats)], [])
            (summaries[name],) = records.matches(tournament=tournament)
        assert records.load_match(timed).summary.clock == Clock(3, 10)
        assert records.match_summary(untimed).clock is None
        assert summaries["Timed"].clock == Clock(15, 45)
        assert summaries["Untimed"].clock is None
        listed = {summary.id: summary.clock for summary in records.matches(single=True)}
        assert listed == {timed: Clock(3, 10), untimed: None}


def _unchanged_after_refusal(path: Path, pattern: str) -> None:
    before = path.read_bytes()
    with pytest.raises(RecordsError, match=pattern) as error:
        Records(path)
    assert "\n" not in str(error.value)
    assert path.read_bytes() == before, "a refused file was written to"
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


def test_a_newer_file_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    Records(path).close()
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    _unchanged_after_refusal(path, "written by a newer version of the game")


def test_a_foreign_sqlite_file_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE photos (id INTEGER)")
    connection.commit()
    connection.close()
    _unchanged_after_refusal(path, "not a records database of this game")


def test_a_file_that_is_not_sqlite_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("my tournament notes\n" * 50)
    _unchanged_after_refusal(path, "not an SQLite file")


def test_a_damaged_file_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    with Records(path) as records:
        records.create_match(EAST, 1, SEATS)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = DELETE")  # everything in the main file
    connection.close()
    data = bytearray(path.read_bytes())
    data[100:400] = b"\xff" * 300  # the schema page's header and cell pointers
    path.write_bytes(bytes(data))
    _unchanged_after_refusal(path, "damaged")


def test_a_damaged_stored_action_names_the_match_and_the_action(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        match_id = records.create_match(EAST, 1, SEATS)
        records.append_actions(match_id, 0, [(0, Discard(3))])
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("INSERT INTO actions VALUES (?, 1, 1, 'import os', NULL)", (match_id,))
    connection.close()
    with (
        Records(path) as records,
        pytest.raises(RecordsError, match=rf"match {match_id}, action 2: not an action"),
    ):
        records.load_match(match_id)


def test_stored_answers_that_do_not_fit_the_match_are_one_line(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        match_id = records.create_match(EAST, 1, tuple(SeatEntry(f"AI {s}", "normal") for s in range(4)))
        records.append_actions(match_id, 0, [(2, Discard(3))])  # seat 0 deals, not seat 2
        with pytest.raises(RecordsError, match=r"match \d+: action 1: seat 2 answered, but seat 0 must"):
            rebuild(records, match_id)


def test_the_file_is_in_wal_mode_with_our_application_id(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    Records(path).close()
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    connection.close()


def test_deleting_a_tournament_takes_only_its_own_rows(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as records:
        people = [("A", "normal"), ("B", "normal"), ("C", "normal"), ("D", "normal")]
        kept = records.create_tournament(
            "Kept", EAST, people, rounds=1, seating="balanced", fill="house", seed=1
        )
        gone = records.create_tournament(
            "Gone", EAST, people, rounds=1, seating="balanced", fill="house", seed=2
        )
        for tournament in (kept, gone):
            seats = [SeatEntry(name, level, index) for index, (name, level) in enumerate(people)]
            records.schedule_round(tournament, 1, [(1, 5, seats)], [])
            match = records.matches(tournament=tournament)[0]
            records.append_actions(match.id, 0, [(0, Discard(3))])
            records.add_adjustment(tournament, 0, 1.5, "why")
        single = records.create_match(EAST, 9, SEATS)
        records.delete_tournament(gone)
        assert [info.id for info in records.tournaments()] == [kept]
        assert records.matches(tournament=gone) == []
        assert records.adjustments(gone) == []
        assert len(records.load_match(records.matches(tournament=kept)[0].id).actions) == 1
        assert records.match_summary(single).tournament is None
        with pytest.raises(RecordsError, match="no tournament"):
            records.delete_tournament(gone)
