"""The flowers option at the game layer: AI seats set flowers aside at once, a flower match is stored, resumed
and rebuilt exactly, its replay shows the flowers, and what cannot hold flowers (mjai bots, log files) refuses
it with one line."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import create_ai
from game.records import decode_action, encode_action
from game.replay import replay_round
from game.saved_match import ai_seed
from game.simulate import SpecError, check_run
from game.table import Table, default_answer
from game.view import redact, view_for
from rules.actions import Discard, Flower
from rules.events import FlowerRevealed, TileDrawn
from rules.round import Phase
from rules.ruleset import preset

ROOT = Path(__file__).resolve().parents[2]
DELUXE_EAST = preset("seed-deluxe").with_overrides({"game_length": "east"})
LEVELS = ("strong", "normal", "easy", "strong")


def _seats(seed: int) -> list[object]:
    return [create_ai(level, DELUXE_EAST, ai_seed(seed, seat)) for seat, level in enumerate(LEVELS)]


def _played(seed: int) -> tuple[Table, list[tuple[object, ...]]]:
    table = Table(DELUXE_EAST, _seats(seed), seed)  # type: ignore[arg-type]
    steps: list[tuple[object, ...]] = []
    table.subscribe_engine(lambda events, state: steps.append((events, state)))
    table.run()
    return table, steps


def test_ai_seats_set_every_flower_aside_at_their_first_chance() -> None:
    # Whenever an AI is to move holding a flower, its answer is to set that flower aside (before any discard,
    # kan or win): the next engine step opens with that seat's FlowerRevealed.
    _, steps = _played(11)
    asked = 0
    for (_, state), (events, _) in itertools.pairwise(steps):
        if state.phase is not Phase.TURN:  # type: ignore[attr-defined]
            continue
        seat = state.seat  # type: ignore[attr-defined]
        flowers = [tile for tile in state.players[seat].hand if tile >= 136]  # type: ignore[attr-defined]
        if flowers:
            asked += 1
            first = events[0]  # type: ignore[index]
            assert isinstance(first, FlowerRevealed)
            assert first.seat == seat
            assert first.tile in flowers
    assert asked >= 4, "too few flowers in a whole match to tell"


def test_a_flower_match_rebuilt_at_any_answer_plays_on_exactly() -> None:
    # a stored match stops at the end of an engine step's answers (a claim's answers are stored together)
    whole = Table(DELUXE_EAST, _seats(5), 5)  # type: ignore[arg-type]
    ends: list[int] = []
    whole.subscribe_actions(lambda batch: ends.append(len(whole.actions) + len(batch)))
    whole.run()
    flower_answers = [index for index, (_, action) in enumerate(whole.actions) if isinstance(action, Flower)]
    assert flower_answers, "no flower was set aside: the test cannot tell"
    # a flower is its seat's only answer: a stored match may stop just before or just after one
    around_flowers = {cut for index in flower_answers[:3] for cut in (index, index + 1)}
    assert around_flowers <= {0, *ends}
    cuts = sorted({*random.Random(5).sample(ends[:-1], 6), *around_flowers} - {0})
    for cut in cuts:
        resumed = Table(DELUXE_EAST, _seats(5), 5)  # type: ignore[arg-type]
        resumed.restore(whole.actions[:cut])
        resumed.run()
        assert resumed.actions == whole.actions, f"diverged after a resume at answer {cut}"
        assert resumed.standings == whole.standings


def test_flower_actions_are_stored_and_read_back() -> None:
    assert encode_action(Flower(138)) == "flower 138"
    assert decode_action("flower 138") == Flower(138)
    for bad in ("flower 12", "flower 140", "discard 137", "flower"):
        with pytest.raises(ValueError, match="not an action"):
            decode_action(bad)


def test_a_recorded_flower_hand_replays_through_the_engine() -> None:
    from game.recorder import GameRecorder

    table = Table(DELUXE_EAST, _seats(7), 7)  # type: ignore[arg-type]
    recorder = GameRecorder.attach(table)
    table.run()
    record = recorder.record(table.standings)
    with_flowers = [
        hand for hand in record.rounds if any(tile >= 136 for hand_tiles in hand.hands for tile in hand_tiles)
    ]
    assert with_flowers
    for hand in record.rounds:
        replay = replay_round(hand, DELUXE_EAST)
        assert replay.problems == ()


def test_the_seats_views_show_the_flowers_set_aside() -> None:
    _, steps = _played(3)
    for events, state in steps:
        for event in events:  # type: ignore[attr-defined]
            if isinstance(event, FlowerRevealed):
                for seat in range(4):
                    view = view_for(state, seat)  # type: ignore[arg-type]
                    assert event.tile in view.players[event.seat].flowers
                    assert event.tile not in view.hand
        drawn = [event for event in events if isinstance(event, TileDrawn) and event.rinshan]  # type: ignore[attr-defined]
        assert all(event.tiles_left >= 0 for event in drawn)


def test_an_mjai_bot_cannot_take_a_seat_at_a_flower_table() -> None:
    specs = ("strong", "strong", "strong", "mjai:python bot.py")
    with pytest.raises(SpecError, match="flowers"):
        check_run(specs, 4, preset("seed-deluxe"), 1, False)
    check_run(specs, 4, preset("standard"), 1, False)


def test_simulate_refuses_to_write_logs_of_a_flower_preset(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "simulate",
            "--ruleset",
            "seed-deluxe",
            "--games",
            "1",
            "--logs",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "flower" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_seat_that_gives_no_answer_sets_its_flower_aside() -> None:
    # Out of time (or a crashed bot): a flower is set aside rather than a hand tile thrown in its place.
    assert default_answer(137, (Flower(137), Discard(5), Discard(40))) == Flower(137)
    assert default_answer(40, (Discard(5), Discard(40))) == Discard(40)


def test_the_coach_advises_setting_a_flower_aside_and_never_reads_a_hand_that_holds_one() -> None:
    # Every decision of a whole flower match, asked of a coach shadowing each seat: a held flower at a turn
    # gets "set it aside" (the strong AI's choice), a claim while one is held gets the AI's plain answer.
    from game.coach import Coach
    from rules.round import legal_actions

    coaches = [Coach(DELUXE_EAST, seat) for seat in range(4)]
    table = Table(DELUXE_EAST, _seats(9), 9)  # type: ignore[arg-type]
    advised: list[str] = []

    def follow(events: tuple[object, ...], state: object) -> None:
        for seat, coach in enumerate(coaches):
            for event in events:
                coach.observe(redact(event, seat))  # type: ignore[arg-type]
        for seat, legal in legal_actions(state).items():  # type: ignore[arg-type]
            view = view_for(state, seat)  # type: ignore[arg-type]
            if any(tile >= 136 for tile in view.hand):
                advice = coaches[seat].advise(view, legal)
                expected = "coach.why.flower" if isinstance(advice.choice, Flower) else ""
                assert advice.why == expected
                advised.append(advice.why)

    table.subscribe_engine(follow)
    table.run()
    assert "coach.why.flower" in advised


def test_a_flower_match_is_reviewed_with_its_flowers_named() -> None:
    # The review of a stored flower match: every hand is followed to its end, the flowers set aside are
    # decisions of their own ("flower" with the tile), and the AI agrees with setting each one aside.
    from game.recorder import GameRecorder
    from game.review import Review, review_game

    table = Table(DELUXE_EAST, _seats(9), 9)  # type: ignore[arg-type]
    recorder = GameRecorder.attach(table)
    table.run()
    record = recorder.record(table.standings)
    review = Review()
    review_game(record, DELUXE_EAST, 0, review)
    assert review.notes == []
    flowers = [decision for decision in review.decisions if decision.actual["type"] == "flower"]
    assert flowers
    assert all(decision.agree and decision.actual["pai"].endswith("f") for decision in flowers)


def test_a_log_without_flowers_is_not_replayed_under_a_flower_rule_set() -> None:
    from game.recorder import GameRecorder
    from game.replay import ReplayError

    standard = preset("standard").with_overrides({"game_length": "east"})
    table = Table(standard, [create_ai("normal", standard, seat) for seat in range(4)], 2)
    recorder = GameRecorder.attach(table)
    table.run()
    first = recorder.record(table.standings).rounds[0]
    with pytest.raises(
        ReplayError, match="no flower tiles, but the rule set 'seed-deluxe' plays with flowers"
    ):
        replay_round(first, preset("seed-deluxe"))
