"""The drill progress: counts, accuracy and streaks per player, drill and level, kept in the records database;
and a database that cannot be used (one warning line, the drills run unsaved, nothing written over)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.drill_progress import DEFAULT_PLAYER, DrillProgress, load_progress, open_progress
from game.records import Records, RecordsError, SeatEntry
from rules.ruleset import preset


def test_counts_accuracy_and_streaks() -> None:
    progress = DrillProgress()
    for correct in (True, True, False, True, True, True):
        progress.record("discard", 1, correct)
    progress.record("discard", 2, False)
    progress.record("fu", 3, True)
    player = progress.player()
    assert (player.tally("discard", 1).attempts, player.tally("discard", 1).correct) == (6, 5)
    assert player.tally("discard", 1).accuracy == pytest.approx(5 / 6)
    assert player.tally("discard").attempts == 7
    assert player.tally("discard").correct == 5
    assert player.tally("score", 1).accuracy is None  # never tried
    assert player.streak == 1  # the wrong level-2 answer broke the run of three, then the fu was right
    assert player.best_streak == 3


def test_players_are_kept_apart() -> None:
    progress = DrillProgress()
    progress.record("waits", 1, True, player="Ann")
    progress.record("waits", 1, False)
    assert progress.player("Ann").tally("waits", 1).correct == 1
    assert progress.player(DEFAULT_PLAYER).tally("waits", 1).correct == 0
    assert progress.player("Ann").streak == 1
    assert progress.player(DEFAULT_PLAYER).streak == 0


def test_unknown_drill_or_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown drill"):
        DrillProgress().record("chess", 1, True)
    with pytest.raises(ValueError, match="level"):
        DrillProgress().record("fu", 4, True)


def test_saved_after_every_answer_and_loaded_back(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        progress = load_progress(records)
        progress.record("safe", 2, True)
        progress.record("safe", 2, False)
        progress.record("fu", 1, True, player="Ann")
    with Records(path) as records:
        again = load_progress(records)
    assert again.player().tally("safe", 2).attempts == 2
    assert again.player().tally("safe", 2).correct == 1
    assert (again.player().streak, again.player().best_streak) == (0, 1)
    assert again.player("Ann").tally("fu", 1).correct == 1
    assert again.current == "Ann"  # the last to practise


def test_the_player_practising_is_remembered_and_counts_apart(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        progress = load_progress(records)
        assert progress.current == DEFAULT_PLAYER
        assert progress.set_current("  Mina  ") == "Mina"
        progress.record("waits", 2, True, player="Mina")
    with Records(path) as records:
        again = load_progress(records)
        assert again.current == "Mina"
        assert again.player("Mina").tally("waits", 2).correct == 1
        assert again.player(DEFAULT_PLAYER).tally("waits", 2).attempts == 0
        assert again.set_current("   ") == DEFAULT_PLAYER
    with Records(path) as records:
        assert load_progress(records).current == DEFAULT_PLAYER


def test_damaged_progress_is_one_warning_and_nothing_is_written_over(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        load_progress(records).record("discard", 1, True, player="Ann")
    connection = sqlite3.connect(path)
    connection.execute("UPDATE drill_tallies SET correct = 5 WHERE player = 'Ann'")  # more right than tried
    connection.commit()
    connection.close()
    with Records(path) as records:
        with pytest.raises(RecordsError, match=r"the drill progress of 'Ann' is damaged$"):
            records.drill_players()
        progress = load_progress(records)
        assert progress.records is None  # unsaved from here on
        progress.record("discard", 1, True, player="Ann")
    assert [r.getMessage() for r in caplog.records].count(
        f"{path}: the drill progress of 'Ann' is damaged; the drills run without saving"
    ) == 1
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT attempts, correct FROM drill_tallies").fetchall() == [(1, 5)]
    connection.close()


def test_records_that_cannot_be_opened_leave_the_drills_unsaved(caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> Records:
        raise RecordsError("records.sqlite3 is not a records database of this game; it was left as it is")

    progress = open_progress(broken)
    progress.record("fu", 2, True)
    assert progress.player().tally("fu", 2).correct == 1
    assert "the drills run without saving" in caplog.text


def test_an_older_records_file_gains_the_drill_tables(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        seats = tuple(SeatEntry(f"AI {seat}", "normal") for seat in range(4))
        records.create_match(preset("standard"), 1, seats)
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE drill_tallies")
    connection.execute("DROP TABLE drill_players")
    connection.execute("PRAGMA user_version = 3")
    connection.commit()
    connection.close()
    with Records(path) as records:
        load_progress(records).record("score", 3, True)
        assert records.drill_players()[0].tallies == {("score", 3): (1, 1)}
        assert records.match_summary(1).seed == 1  # the match is still there
