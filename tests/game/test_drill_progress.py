"""The drill progress store: counts, accuracy and streaks per player, drill and level; its file, and what a
damaged file does (one warning line, kept aside as .bad, nothing lost)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from game.drill_progress import (
    DEFAULT_PLAYER,
    DrillProgress,
    ProgressError,
    load_progress,
    parse_progress,
    progress_path,
    save_progress,
)


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


def test_saved_and_loaded_back(tmp_path: Path) -> None:
    path = tmp_path / "drill_progress.json"
    progress = load_progress(path)  # no file yet: empty, and records save it
    progress.record("safe", 2, True)
    progress.record("safe", 2, False, player="Bo")
    again = load_progress(path)
    assert again.player().tally("safe", 2).correct == 1
    assert again.player("Bo").tally("safe", 2).attempts == 1
    assert again.to_json() == progress.to_json()
    assert json.loads(path.read_text(encoding="utf-8"))["players"][DEFAULT_PLAYER]["best_streak"] == 1


def test_the_file_lives_in_the_settings_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    assert progress_path() == tmp_path / "drill_progress.json"
    load_progress().record("score", 1, True)
    assert (tmp_path / "drill_progress.json").is_file()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not valid JSON"),
        ('["a list"]', "must be a JSON object"),
        ('{"players": {"Ann": {"streak": -1}}}', "'streak' must be a whole number"),
        ('{"players": {"Ann": {"drills": {"chess": {}}}}}', "unknown drill"),
        ('{"players": {"Ann": {"drills": {"fu": {"4": {}}}}}}', "level must be 1, 2 or 3"),
        ('{"players": {"Ann": {"drills": {"fu": {"1": {"attempts": 1, "correct": 2}}}}}}', "more correct"),
        ('{"players": {"Ann": {"drills": {"fu": {"1": {"attempts": true}}}}}}', "'attempts' must be"),
    ],
)
def test_bad_files_are_refused_in_one_line(text: str, reason: str) -> None:
    with pytest.raises(ProgressError, match=reason) as error:
        parse_progress(text, "progress.json")
    assert str(error.value).startswith("progress.json: ")
    assert "\n" not in str(error.value)


def test_a_damaged_file_gives_one_warning_and_is_kept_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "drill_progress.json"
    path.write_text('{"players": {"Ann": {"streak": "lots"}}}', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        progress = load_progress(path)
    warnings = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert len(warnings) == 1
    assert str(path) in warnings[0].getMessage()
    assert "'streak'" in warnings[0].getMessage()
    assert progress.players == {}
    progress.record("fu", 1, True)  # the next save keeps the damaged file aside first
    assert (tmp_path / "drill_progress.json.bad").read_text(encoding="utf-8") == (
        '{"players": {"Ann": {"streak": "lots"}}}'
    )
    assert load_progress(path).player().tally("fu", 1).correct == 1
    save_progress(load_progress(path), path)  # a good file is written over, not kept aside again
    assert (tmp_path / "drill_progress.json.bad").read_text(encoding="utf-8").startswith('{"players": {"Ann"')


def test_the_player_practising_is_remembered_and_counts_apart(tmp_path: Path) -> None:
    path = tmp_path / "drill_progress.json"
    progress = load_progress(path)
    assert progress.current == DEFAULT_PLAYER
    assert progress.set_current("  Mina  ") == "Mina"
    progress.record("waits", 2, True, player="Mina")
    again = load_progress(path)
    assert again.current == "Mina"
    assert again.player("Mina").tally("waits", 2).correct == 1
    assert again.player(DEFAULT_PLAYER).tally("waits", 2).attempts == 0
    assert again.set_current("   ") == DEFAULT_PLAYER
    assert load_progress(path).current == DEFAULT_PLAYER


def test_a_bad_current_player_is_one_line_and_the_file_is_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "drill_progress.json"
    path.write_text('{"current": 7, "players": {}}', encoding="utf-8")
    progress = load_progress(path)
    assert progress.current == DEFAULT_PLAYER
    assert "'current' must be a name" in caplog.text
    progress.set_current("Jun")
    assert (tmp_path / "drill_progress.json.bad").read_text(encoding="utf-8").startswith('{"current": 7')
