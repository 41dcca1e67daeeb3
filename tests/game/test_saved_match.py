"""Exact resume: a match stopped at any answer and rebuilt from the stored actions plays on exactly as it
would have (same walls, same AI answers), and a writer killed at any moment leaves a sound file to resume."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ai import create_ai
from game.records import Records, RecordsError, SeatEntry
from game.saved_match import ai_seed, build_seats, rebuild
from game.table import RestoreError, Table
from rules.actions import Discard
from rules.ruleset import preset

ROOT = Path(__file__).resolve().parents[2]
EAST_4 = preset("standard").with_overrides({"game_length": "east"})
EAST_3 = preset("tenhou-3p").with_overrides({"game_length": "east"})
MIXES = {
    4: ("easy", "normal", "strong", "easy"),
    3: ("strong", "easy", "normal"),
}


def _seats(levels: tuple[str, ...], rules: object, seed: int) -> list[object]:
    return [create_ai(level, rules, ai_seed(seed, seat)) for seat, level in enumerate(levels)]  # type: ignore[arg-type]


def _boundaries(table: Table) -> list[int]:
    """Every action count at which a stored match can stop: the end of each apply's batch."""
    rebuilt = Table(table.rules, _seats(MIXES[table.rules.players], table.rules, table.seed), table.seed)  # type: ignore[arg-type]
    ends = []
    rebuilt.subscribe_actions(lambda batch: ends.append(len(rebuilt.actions) + len(batch)))
    rebuilt.run()
    assert rebuilt.actions == table.actions
    return ends


@pytest.mark.parametrize(
    ("rules", "seed"), [(EAST_4, 5), (EAST_4, 21), (EAST_3, 8)], ids=["4p-5", "4p-21", "3p-8"]
)
def test_a_match_rebuilt_at_any_answer_plays_on_exactly_as_it_would_have(rules: object, seed: int) -> None:
    levels = MIXES[rules.players]  # type: ignore[attr-defined]
    whole = Table(rules, _seats(levels, rules, seed), seed)  # type: ignore[arg-type]
    standings = whole.run()
    ends = _boundaries(whole)
    picks = random.Random(seed).sample(ends[:-1], 10)
    for cut in sorted(picks):
        resumed = Table(rules, _seats(levels, rules, seed), seed)  # type: ignore[arg-type]
        resumed.restore(whole.actions[:cut])
        assert resumed.actions == whole.actions[:cut]
        resumed.run()
        assert resumed.actions == whole.actions, f"diverged after a resume at answer {cut}"
        assert resumed.standings == standings


def test_a_rebuilt_ai_seat_recalls_whether_it_was_folding() -> None:
    """What an AI keeps from its own decisions in the hand in play (folding) is rebuilt by ``recall``."""
    whole = Table(EAST_4, _seats(MIXES[4], EAST_4, 21), 21)  # type: ignore[arg-type]
    folding: list[tuple[bool, ...]] = []  # every seat's flag once each apply's answers are decided
    whole.subscribe_actions(lambda batch: folding.append(tuple(seat.folding for seat in whole.seats)))  # type: ignore[attr-defined]
    whole.run()
    cuts = [(end, flags) for end, flags in zip(_boundaries(whole), folding, strict=True) if any(flags)]
    assert len(cuts) >= 10, "nobody folded: the test cannot tell"
    checked = 0
    for end, flags in random.Random(3).sample(cuts, 10):
        resumed = Table(EAST_4, _seats(MIXES[4], EAST_4, 21), 21)  # type: ignore[arg-type]
        resumed.restore(whole.actions[:end])
        if resumed.hand_first_action == end:
            continue  # the hand ended there: every seat starts the next one afresh
        assert tuple(seat.folding for seat in resumed.seats) == flags, f"after answer {end}"  # type: ignore[attr-defined]
        checked += 1
    assert checked >= 5


def test_restoring_whole_actions_ends_the_match_with_its_standings() -> None:
    whole = Table(EAST_4, _seats(MIXES[4], EAST_4, 3), 3)  # type: ignore[arg-type]
    standings = whole.run()
    again = Table(EAST_4, _seats(MIXES[4], EAST_4, 3), 3)  # type: ignore[arg-type]
    again.restore(whole.actions)
    assert again.finished
    assert again.standings == standings


def test_a_restored_table_shows_observers_the_hand_in_play_from_its_deal() -> None:
    whole = Table(EAST_4, _seats(MIXES[4], EAST_4, 4), 4)  # type: ignore[arg-type]
    whole.run()
    seen: list[str] = []
    resumed = Table(EAST_4, _seats(MIXES[4], EAST_4, 4), 4)  # type: ignore[arg-type]
    resumed.subscribe_engine(lambda events, state: seen.extend(type(event).__name__ for event in events))
    resumed.restore(whole.actions[: len(whole.actions) // 2])
    assert seen[0] == "RoundStarted"
    assert seen.count("RoundStarted") == 1


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([(1, Discard(0))], "action 1: seat 1 answered, but seat 0 must"),
        ([(0, Discard(135))], "action 1: Discard\\(tile=135, riichi=False\\) is not legal for seat 0"),
    ],
)
def test_stored_actions_that_do_not_fit_are_refused_by_number(actions: list[object], message: str) -> None:
    table = Table(EAST_4, _seats(MIXES[4], EAST_4, 1), 1)  # type: ignore[arg-type]
    with pytest.raises(RestoreError, match=message):
        table.restore(actions)  # type: ignore[arg-type]


def test_actions_after_the_end_are_refused() -> None:
    whole = Table(EAST_4, _seats(MIXES[4], EAST_4, 2), 2)  # type: ignore[arg-type]
    whole.run()
    again = Table(EAST_4, _seats(MIXES[4], EAST_4, 2), 2)  # type: ignore[arg-type]
    with pytest.raises(RestoreError, match="the match is already over"):
        again.restore([*whole.actions, whole.actions[-1]])


def test_a_saved_match_resumed_through_the_records_ends_as_an_unsaved_one(tmp_path: Path) -> None:
    levels = MIXES[4]
    entries = [SeatEntry(f"AI {seat}", level) for seat, level in enumerate(levels)]
    reference = Table(EAST_4, build_seats(EAST_4, 77, entries, None), 77).run()
    with Records(tmp_path / "r.sqlite3") as records:
        match_id = records.create_match(EAST_4, 77, entries)
        for stop in (40, 90, 10_000):
            table, _, _ = rebuild(records, match_id)
            steps = 0
            while not table.finished and steps < stop:
                table.step(max_steps=1)
                steps += 1
            if table.finished:
                break
        summary = records.match_summary(match_id)
    assert summary.status == "finished"
    assert summary.result is not None
    assert summary.result.scores == reference.scores
    assert summary.result.settled == reference.settled


def test_a_person_seat_is_never_asked_while_restoring(tmp_path: Path) -> None:
    entries = [SeatEntry("Ann", "human"), *(SeatEntry(f"AI {seat}", "normal") for seat in (1, 2, 3))]
    with Records(tmp_path / "r.sqlite3") as records:
        match_id = records.create_match(EAST_4, 6, entries)
        table, _, _ = rebuild(records, match_id)
        assert table.step() is True, "the table waits for Ann"
        assert table.actions == []


WRITER = """
import sys
from game.records import Records, SeatEntry
from game.saved_match import rebuild
from rules.ruleset import preset
rules = preset("standard")
levels = ("easy", "normal", "strong", "normal")
with Records(sys.argv[1]) as records:
    if not records.matches():
        records.create_match(rules, 31, [SeatEntry(f"AI {s}", level) for s, level in enumerate(levels)])
    table, _, _ = rebuild(records, 1)
    print("ready", flush=True)
    table.run()
"""


@pytest.mark.slow
def test_a_writer_killed_at_random_moments_leaves_a_sound_file_that_resumes_exactly(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite3"
    entries = [SeatEntry(f"AI {s}", level) for s, level in enumerate(("easy", "normal", "strong", "normal"))]
    hanchan = preset("standard")  # long enough to be cut several times
    reference = Table(hanchan, build_seats(hanchan, 31, entries, None), 31).run()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(11)
    kills = 0
    for _ in range(12):
        with Records(path) as records:
            if records.matches() and records.match_summary(1).status == "finished":
                break
        process = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], env=env, stdout=subprocess.PIPE, text=True
        )
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.02, 0.15))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        process.wait(timeout=60)
        with Records(path) as records:
            assert records.integrity() == "ok"
    assert kills >= 2, "the writer was never interrupted: the test proves nothing"
    with Records(path) as records:
        summary = records.match_summary(1)
        if summary.status != "finished":
            rebuild(records, 1)[0].run()
            summary = records.match_summary(1)
    assert summary.result is not None
    assert summary.result.scores == reference.scores
    assert summary.result.settled == reference.settled


def test_a_finished_match_cannot_be_continued(tmp_path: Path) -> None:
    entries = [SeatEntry(f"AI {s}", "easy") for s in range(4)]
    with Records(tmp_path / "r.sqlite3") as records:
        match_id = records.create_match(EAST_4, 2, entries)
        rebuild(records, match_id)[0].run()
        with pytest.raises(RecordsError, match="is finished"):
            rebuild(records, match_id)
