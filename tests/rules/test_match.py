"""The match between hands: renchan, honba, sticks, game end, West extension and settlement (RULES.md §7).

Scenario tests per rule, oracle games from kobalab/majiang-core and Tenhou (hand by hand: where the next hand
starts and where the game ends, then the final settlement), and a property test over random outcome sequences.
"""

from __future__ import annotations

import dataclasses
import doctest
import json
import xml.etree.ElementTree as ElementTree
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.match
from rules.match import (
    ABORTIVE_KINDS,
    HandOutcome,
    MatchError,
    MatchState,
    final_standings,
    next_hand,
    round_hundreds,
    start_match,
)
from rules.ruleset import RuleSet, preset
from tests.conftest import ORACLES, needs_shared

STANDARD = RuleSet()


def at(
    rules: RuleSet, wind: int, kyoku: int, scores: tuple[int, ...], honba: int = 0, sticks: int = 0
) -> MatchState:
    """A match state at a given hand."""
    return MatchState(rules, wind, kyoku, honba, sticks, scores)


def win(state: MatchState, *winners: int, gain: int = 1000) -> HandOutcome:
    """The winners each take ``gain`` from the first non-winner; the first winner takes the sticks."""
    players = state.rules.players
    deltas = [0] * players
    payer = next(seat for seat in range(players) if seat not in winners)
    for winner in winners:
        deltas[winner] += gain
        deltas[payer] -= gain
    deltas[winners[0]] += 1000 * state.riichi_sticks
    return HandOutcome("win", tuple(deltas), 0, winners=winners)


def win_with(state: MatchState, winners: tuple[int, ...], deltas: tuple[int, ...]) -> HandOutcome:
    """A win with the given score changes; the sticks left on the table follow from them."""
    return HandOutcome("win", deltas, state.riichi_sticks - sum(deltas) // 1000, winners)


def drawn(
    state: MatchState, *tenpai: int, kind: str = "exhaustive", deltas: tuple[int, ...] = ()
) -> HandOutcome:
    """An exhaustive draw (or nagashi mangan) with the given tenpai seats; kyoutaku stays."""
    deltas = deltas or (0,) * state.rules.players
    return HandOutcome(kind, deltas, state.riichi_sticks - sum(deltas) // 1000, tenpai=tenpai)


def aborted(state: MatchState, abortive_kind: str = "kyuushu_kyuuhai") -> HandOutcome:
    """An abortive draw with no payments."""
    return HandOutcome(
        "abortive", (0,) * state.rules.players, state.riichi_sticks, abortive_kind=abortive_kind
    )


def position(state: MatchState) -> tuple[int, int, int, int]:
    """Round wind, kyoku, honba and sticks."""
    return (state.round_wind, state.kyoku, state.honba, state.riichi_sticks)


def test_docstring_examples() -> None:
    assert doctest.testmod(rules.match).failed == 0


def test_start_match_four_and_three_players() -> None:
    state = start_match(STANDARD)
    assert (position(state), state.scores, state.dealer, state.finished) == (
        (0, 0, 0, 0),
        (25000,) * 4,
        0,
        False,
    )
    three = start_match(preset("tenhou-3p"))
    assert three.scores == (35000, 35000, 35000)
    assert [three.seat_wind(seat) for seat in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"players": 3}, "uma '10-20' is for 4 players, this match has 3"),
        ({"players": 3, "uma": "shichigosan"}, "uma 'shichigosan' is for 4 players"),
        ({"uma": "3p-15"}, "uma '3p-15' is for 3 players, this match has 4"),
    ],
)
def test_start_match_rejects_uma_for_another_player_count(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(MatchError, match=message):
        start_match(STANDARD.with_overrides(overrides))


# --- renchan and honba (§7.2, §7.5, §8.1) ---------------------------------------------------------------

EAST2 = at(STANDARD, 0, 1, (25000, 25000, 24000, 25000), honba=2, sticks=1)  # seat 1 deals, one stick down


@pytest.mark.parametrize(
    "overrides, outcome, expected",
    [
        # (kyoku, honba, sticks) of the next hand; East 2 is kyoku 1
        ({}, win(EAST2, 1), (1, 3, 0)),
        ({}, win(EAST2, 2), (2, 0, 0)),
        ({}, win(EAST2, 0, 1), (1, 3, 0)),  # double ron: the dealer among the winners keeps the deal
        ({}, win(EAST2, 1, 3), (1, 3, 0)),
        ({}, win(EAST2, 0, 3), (2, 0, 0)),
        ({}, drawn(EAST2, 1), (1, 3, 1)),
        ({}, drawn(EAST2, 0, 2), (2, 3, 1)),  # dealer noten: the deal passes, honba still +1
        ({}, drawn(EAST2), (2, 3, 1)),
        ({"all_noten_keeps_dealer": True}, drawn(EAST2), (1, 3, 1)),
        ({"all_noten_keeps_dealer": True}, drawn(EAST2, 2), (2, 3, 1)),
        ({"renchan": "agari"}, drawn(EAST2, 1), (2, 3, 1)),
        ({"renchan": "agari"}, win(EAST2, 1), (1, 3, 0)),
        ({"renchan": "agari", "all_noten_keeps_dealer": True}, drawn(EAST2), (1, 3, 1)),
        # nagashi mangan counts as an exhaustive draw: the dealer's tenpai decides (§16 gap)
        ({}, drawn(EAST2, 1, kind="nagashi_mangan", deltas=(-2000, 8000, -4000, -2000)), (1, 3, 1)),
        ({}, drawn(EAST2, 3, kind="nagashi_mangan", deltas=(-4000, 12000, -4000, -4000)), (2, 3, 1)),
        ({"abortive_dealer": "keep"}, aborted(EAST2, "suucha_riichi"), (1, 3, 1)),
        ({"abortive_dealer": "pass"}, aborted(EAST2, "suufon_renda"), (2, 3, 1)),
        ({"abortive_dealer": "keep", "renchan": "agari"}, aborted(EAST2), (1, 3, 1)),
    ],
)
def test_renchan_honba_and_sticks(
    overrides: dict[str, Any], outcome: HandOutcome, expected: tuple[int, ...]
) -> None:
    state = dataclasses.replace(EAST2, rules=STANDARD.with_overrides(overrides))
    after = next_hand(state, outcome)
    assert (after.kyoku, after.honba, after.riichi_sticks) == expected
    assert (after.round_wind, after.finished) == (0, False)
    assert after.scores == tuple(s + d for s, d in zip(EAST2.scores, outcome.deltas, strict=True))
    assert (after.hands_played, after.last_kind) == (1, outcome.kind)


def test_riichi_deposits_carry_over_a_draw_and_go_to_the_next_winner() -> None:
    state = at(STANDARD, 0, 0, (25000,) * 4, sticks=1)
    # seats 1 and 2 declare riichi (2000 onto the table), seat 2 alone is tenpai: 3000 noten payments
    after = next_hand(state, HandOutcome("exhaustive", (-1000, -2000, 2000, -1000), 3, tenpai=(2,)))
    assert (position(after), after.scores) == ((0, 1, 1, 3), (24000, 23000, 27000, 24000))
    after = next_hand(after, win_with(after, (3,), (-2000, 0, 0, 5000)))
    assert (position(after), after.scores) == ((0, 2, 0, 0), (22000, 23000, 27000, 29000))


def test_chombo_replays_the_hand_with_the_same_honba_and_returned_sticks() -> None:
    state = at(STANDARD, 1, 2, (25000, 27000, 23000, 25000), honba=3, sticks=2)
    # non-dealer seat 0 pays a mangan in reverse: 4000 to the dealer (seat 2), 2000 to each other seat
    chombo = HandOutcome("chombo", (-8000, 2000, 4000, 2000), 2)
    after = next_hand(state, chombo)
    assert (position(after), after.scores) == ((1, 2, 3, 2), (17000, 29000, 27000, 27000))
    assert (after.hands_played, after.last_kind, after.finished) == (1, "chombo", False)


def test_chombo_in_the_final_hand_does_not_end_the_match_but_bust_does() -> None:
    state = at(STANDARD, 1, 3, (45000, 20000, 20000, 15000))
    after = next_hand(state, HandOutcome("chombo", (2000, -8000, 2000, 4000), 0))
    assert (position(after), after.finished) == ((1, 3, 0, 0), False)
    broke = next_hand(
        at(STANDARD, 0, 0, (25000, 25000, 25000, 1000)), HandOutcome("chombo", (4000, 2000, 2000, -8000), 0)
    )
    assert (broke.finished, broke.end_reason) == (True, "bust")


@pytest.mark.parametrize("players, last", [(4, 3), (3, 2)])
def test_the_deal_passes_from_the_last_dealer_to_the_next_wind(players: int, last: int) -> None:
    rules = STANDARD.with_overrides({"players": players, "uma": "none"})
    state = at(rules, 0, last, (25000,) * players)
    after = next_hand(state, win(state, (last + 1) % players))
    assert (after.round_wind, after.kyoku, after.dealer, after.in_extension) == (1, 0, 0, False)


# --- scheduled end and the West extension (§7.1, §7.7) -----------------------------------------------------


@pytest.mark.parametrize(
    "players, length, extension, extension_end, hands, reason, last",
    [
        (4, "east", False, "sudden_death", 4, "scheduled", (0, 3)),
        (4, "hanchan", False, "sudden_death", 8, "scheduled", (1, 3)),
        (4, "full", True, "sudden_death", 16, "scheduled", (3, 3)),
        (4, "hanchan", True, "west_4", 12, "extension_end", (2, 3)),
        (4, "hanchan", True, "sudden_death", 16, "extension_end", (3, 3)),
        (4, "east", True, "west_4", 8, "extension_end", (1, 3)),
        (4, "east", True, "sudden_death", 16, "extension_end", (3, 3)),
        (3, "east", False, "sudden_death", 3, "scheduled", (0, 2)),
        (3, "hanchan", False, "sudden_death", 6, "scheduled", (1, 2)),
        (3, "hanchan", True, "west_4", 9, "extension_end", (2, 2)),
        (3, "hanchan", True, "sudden_death", 12, "extension_end", (3, 2)),
        (3, "full", False, "sudden_death", 12, "scheduled", (3, 2)),
    ],
)
def test_schedule_and_extension_limits(
    players: int,
    length: str,
    extension: bool,
    extension_end: str,
    hands: int,
    reason: str,
    last: tuple[int, int],
) -> None:
    rules = STANDARD.with_overrides(
        {
            "players": players,
            "uma": "10-20" if players == 4 else "3p-15",
            "game_length": length,
            "west_extension": extension,
            "west_extension_end": extension_end,
        }
    )
    state = start_match(rules)
    positions = []
    while not state.finished:
        positions.append((state.round_wind, state.kyoku))
        state = next_hand(state, drawn(state))  # everyone noten, nobody reaches the return score
    assert positions == [divmod(index, players) for index in range(hands)]
    assert (state.hands_played, state.end_reason, (state.round_wind, state.kyoku)) == (hands, reason, last)
    assert state.honba == hands - 1  # the finished state keeps the last hand's honba


def test_south_4_ends_when_the_deal_passes_and_someone_has_the_return_score() -> None:
    state = at(STANDARD, 1, 3, (30000, 25000, 22000, 23000))
    assert (state.is_final_hand, state.in_extension) == (True, False)
    after = next_hand(state, win_with(state, (1,), (0, 1000, -1000, 0)))
    assert (after.finished, after.end_reason, position(after)) == (True, "scheduled", (1, 3, 0, 0))


def test_no_one_at_the_return_score_after_south_4_goes_into_west() -> None:
    state = at(STANDARD, 1, 3, (29900, 25000, 22100, 23000))
    after = next_hand(state, win(state, 1, gain=100))
    assert (after.finished, position(after), after.in_extension) == (False, (2, 0, 0, 0), True)
    assert after.scores == (29800, 25100, 22100, 23000)


@pytest.mark.parametrize(
    "winners, deltas, expected",
    [
        ((1,), (0, 1000, 0, -1000), (2, 1, 0, 0)),  # nobody at 30000: West 2
        ((0,), (1000, 0, 0, -1000), None),  # the dealer reaches 30000: ends even though he keeps the deal
        (
            (0, 2),
            (200, 0, 800, -1000),
            None,
        ),  # double ron: the dealer keeps the deal but seat 2 reaches 30000
        ((0,), (100, 0, 0, -100), (2, 0, 1, 0)),  # dealer renchan below 30000: West 1, 1 honba
    ],
)
def test_west_extension_is_sudden_death(
    winners: tuple[int, ...], deltas: tuple[int, ...], expected: tuple[int, ...] | None
) -> None:
    state = at(STANDARD, 2, 0, (29000, 26000, 29200, 15800))
    after = next_hand(state, win_with(state, winners, deltas))
    if expected is None:
        assert (after.finished, after.end_reason, position(after)) == (True, "sudden_death", (2, 0, 0, 0))
    else:
        assert (after.finished, position(after)) == (False, expected)


def test_sudden_death_counts_a_draw_and_noten_payments() -> None:
    state = at(STANDARD, 2, 1, (28500, 26000, 29500, 16000), honba=2)
    after = next_hand(state, drawn(state, 0, 2, deltas=(1500, -1500, 1500, -1500)))
    assert (after.finished, after.end_reason) == (True, "sudden_death")


def test_exactly_the_return_score_is_enough() -> None:
    state = at(STANDARD, 2, 1, (29000, 26000, 29000, 16000))
    after = next_hand(state, win_with(state, (0,), (1000, -1000, 0, 0)))
    assert (after.finished, after.end_reason) == (True, "sudden_death")


def test_the_extension_never_goes_beyond_north_4() -> None:
    state = at(
        STANDARD.with_overrides({"west_extension_end": "sudden_death"}), 3, 3, (29000, 26000, 29000, 16000)
    )
    assert state.is_final_hand
    renchan = next_hand(state, drawn(state, 3))
    assert (renchan.finished, position(renchan)) == (False, (3, 3, 1, 0))
    after = next_hand(renchan, drawn(renchan, 1))
    assert (after.finished, after.end_reason) == (True, "extension_end")


# --- agari-yame and tenpai-yame (§7.7, §17.1 #9) -----------------------------------------------------------

SOUTH4 = at(STANDARD, 1, 3, (25000, 24000, 20000, 31000))


@pytest.mark.parametrize(
    "overrides, outcome, expected",
    [
        ({}, win(SOUTH4, 3), "agari_yame"),
        ({"agari_yame": False}, win(SOUTH4, 3), None),
        ({"bust": False}, win(SOUTH4, 3), None),  # [002]: no agari-yame without bust
        ({}, drawn(SOUTH4, 3), None),  # tenpai_yame is off by default
        ({"tenpai_yame": True}, drawn(SOUTH4, 3), "tenpai_yame"),
        (
            {"tenpai_yame": True},
            drawn(SOUTH4, 3, kind="nagashi_mangan", deltas=(-2000, -2000, 8000, -4000)),
            None,
        ),
        (
            {"tenpai_yame": True},
            drawn(SOUTH4, 3, 2, kind="nagashi_mangan", deltas=(-4000, -4000, 12000, -4000)),
            None,
        ),
        (
            {"tenpai_yame": True},
            drawn(SOUTH4, 3, kind="nagashi_mangan", deltas=(-2000, -2000, -4000, 8000)),
            "tenpai_yame",
        ),
        (
            {"tenpai_yame": True, "renchan": "agari"},
            drawn(SOUTH4, 3),
            "scheduled",
        ),  # no renchan: the deal passes
        ({}, aborted(SOUTH4), None),  # an abortive draw keeps the dealer but never stops the match
        ({"abortive_dealer": "pass"}, aborted(SOUTH4), "scheduled"),
    ],
)
def test_dealer_stops_in_the_final_hand(
    overrides: dict[str, Any], outcome: HandOutcome, expected: str | None
) -> None:
    state = dataclasses.replace(SOUTH4, rules=STANDARD.with_overrides(overrides))
    after = next_hand(state, outcome)
    assert after.end_reason == (expected or "")
    if expected is None:
        assert position(after) == (1, 3, 1, 0)


@pytest.mark.parametrize(
    "scores, extension, expected",
    [
        (
            (25000, 24000, 22000, 28000),
            True,
            "",
        ),  # first but below 30000: renchan, the West extension must decide
        ((25000, 24000, 22000, 28000), False, "agari_yame"),
        ((31000, 23000, 17000, 28000), False, ""),  # not first
        (
            (29500, 23000, 17000, 29500),
            False,
            "",
        ),  # tied for first: the seat nearer the first dealer ranks first
        ((29400, 23000, 17000, 29600), False, "agari_yame"),
    ],
)
def test_agari_yame_needs_first_place(scores: tuple[int, ...], extension: bool, expected: str) -> None:
    rules = STANDARD.with_overrides({"west_extension": extension})
    state = at(
        rules, 1, 3, tuple(score - delta for score, delta in zip(scores, (0, 0, -1000, 1000), strict=True))
    )
    after = next_hand(state, win_with(state, (3,), (0, 0, -1000, 1000)))
    assert after.scores == scores
    assert after.end_reason == expected


def test_agari_yame_in_east_only_and_three_player_games() -> None:
    east = at(STANDARD.with_overrides({"game_length": "east"}), 0, 3, (20000, 20000, 20000, 40000))
    assert next_hand(east, win(east, 3)).end_reason == "agari_yame"
    three = at(preset("tenhou-3p"), 1, 2, (30000, 30000, 45000))
    assert next_hand(three, win(three, 2)).end_reason == "agari_yame"
    assert next_hand(three, win(three, 0)).end_reason == "scheduled"


# --- bust (§7.7) -------------------------------------------------------------------------------------------


def test_a_score_below_zero_ends_the_match_at_once() -> None:
    state = at(STANDARD, 0, 1, (25000, 25000, 25000, 25000))
    after = next_hand(state, win_with(state, (0,), (25100, 0, 0, -25100)))
    assert (after.finished, after.end_reason, position(after), after.scores[3]) == (
        True,
        "bust",
        (0, 1, 0, 0),
        -100,
    )


def test_exactly_zero_is_not_bust_and_bust_off_plays_on() -> None:
    state = at(STANDARD, 0, 1, (25000, 25000, 25000, 25000))
    zero = next_hand(state, win_with(state, (0,), (25000, 0, 0, -25000)))
    assert (zero.finished, zero.scores[3]) == (False, 0)
    no_bust = dataclasses.replace(state, rules=STANDARD.with_overrides({"bust": False}))
    below = next_hand(no_bust, win_with(no_bust, (0,), (32000, 0, 0, -32000)))
    assert (below.finished, below.scores[3], position(below)) == (False, -7000, (0, 2, 0, 0))


def test_bust_wins_over_agari_yame() -> None:
    after = next_hand(SOUTH4, win_with(SOUTH4, (3,), (0, 0, -21000, 21000)))
    assert after.end_reason == "bust"


# --- bad input ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "outcome, message",
    [
        (
            HandOutcome("win", (1000, -1000, 0), 0, (0,)),
            r"hand outcome \(win\): 3 score changes for 4 players",
        ),
        (
            HandOutcome("win", (1000, -1000, 0, 0), 0, (0,)),
            r"add up to 0, but .* from 1 to 0 sticks makes that 1000",
        ),
        (HandOutcome("tsumo", (0, 0, 0, 0), 1), "unknown kind 'tsumo'"),
        (HandOutcome("win", (1000, 0, 0, 0), 0), "a win needs at least one winner"),
        (HandOutcome("win", (1000, 0, 0, 0), 0, (0, 0)), r"winners \(0, 0\) are not distinct seats"),
        (
            HandOutcome("exhaustive", (0, 0, 0, 0), 1, tenpai=(4,)),
            r"tenpai \(4,\) are not distinct seats of 4",
        ),
        (
            HandOutcome("exhaustive", (1000, 0, 0, 0), 0, winners=(0,)),
            "only wins and nagashi mangan have winners",
        ),
        (HandOutcome("abortive", (0, 0, 0, 0), 1), "abortive kind None given for the wrong kind"),
        (
            HandOutcome("exhaustive", (0, 0, 0, 0), 1, abortive_kind="sanchahou"),
            "abortive kind 'sanchahou' given",
        ),
        (
            HandOutcome("abortive", (0, 0, 0, 0), 1, abortive_kind="sanchaho"),
            "unknown abortive kind 'sanchaho'",
        ),
        (HandOutcome("exhaustive", (0, 0, 0, 2000), -1), "-1 riichi sticks left on the table"),
    ],
)
def test_bad_outcomes_are_named(outcome: HandOutcome, message: str) -> None:
    with pytest.raises(MatchError, match=message):
        next_hand(at(STANDARD, 0, 0, (25000, 25000, 25000, 24000), sticks=1), outcome)


def test_no_hand_after_the_end_and_no_impossible_states() -> None:
    ended = dataclasses.replace(start_match(STANDARD), finished=True, end_reason="bust")
    with pytest.raises(MatchError, match="the match is over"):
        next_hand(ended, drawn(ended))
    with pytest.raises(MatchError, match="3 scores for 4 players"):
        at(STANDARD, 0, 0, (25000, 25000, 25000))
    with pytest.raises(MatchError, match="no hand 0-3 with 3 players"):
        at(preset("tenhou-3p"), 0, 3, (35000,) * 3)
    with pytest.raises(MatchError, match="end reason 'bust' does not fit finished=False"):
        dataclasses.replace(start_match(STANDARD), end_reason="bust")


# --- settlement (§7.8) -------------------------------------------------------------------------------------


def finished(rules: RuleSet, scores: tuple[int, ...], sticks: int = 0) -> MatchState:
    """A finished match with the given scores and kyoutaku left on the table."""
    return MatchState(rules, 1, rules.players - 1, 0, sticks, scores, 8, True, "scheduled")


def test_rules_md_settlement_example() -> None:
    standings = final_standings(finished(STANDARD, (35600, 27400, 22800, 14200)))
    assert standings.ranks == (1, 2, 3, 4)
    assert standings.before_uma == (26000, -3000, -7000, -16000)
    assert standings.settled == (46000, 7000, -17000, -36000)


@pytest.mark.parametrize(
    "score, settled",
    [
        (35500, 5000),  # xx500 rounds down
        (35600, 6000),  # xx600 rounds up
        (25500, -5000),  # the score is rounded, then the return score subtracted
        (25600, -4000),
        (30000, 0),
        (29400, -1000),
        (30499, 0),
        (30501, 1000),
    ],
)
def test_non_top_scores_round_by_5_down_6_up(score: int, settled: int) -> None:
    scores = (50000, score, 18000, 32000 - score)
    standings = final_standings(finished(STANDARD.with_overrides({"uma": "none"}), scores))
    assert standings.ranks[0] == 1
    assert standings.before_uma[1] == settled
    assert sum(standings.before_uma) == 0


@pytest.mark.parametrize(
    "score, rounded", [(-2500, -2000), (-2600, -3000), (-100, 0), (-10400, -10000), (500, 0)]
)
def test_rounding_acts_on_the_digits_as_written(score: int, rounded: int) -> None:
    assert round_hundreds(score) == rounded


def test_ties_rank_by_seat_order_from_the_first_dealer() -> None:
    standings = final_standings(finished(STANDARD, (24000, 28000, 24000, 24000)))
    assert standings.ranks == (2, 1, 3, 4)


@pytest.mark.parametrize(
    "leftover, scores, before_uma",
    [
        ("first", (35000, 25000, 24000, 16000), (25000, -5000, -6000, -14000)),
        ("lost", (30000, 25000, 24000, 16000), (25000, -5000, -6000, -14000)),  # the top takes minus the rest
    ],
)
def test_leftover_sticks_go_to_first_place_or_are_lost(
    leftover: str, scores: tuple[int, ...], before_uma: tuple[int, ...]
) -> None:
    rules = STANDARD.with_overrides({"leftover_sticks": leftover, "uma": "none"})
    standings = final_standings(finished(rules, (30000, 25000, 24000, 16000), sticks=5))
    assert (standings.scores, standings.before_uma, standings.leftover_points) == (scores, before_uma, 5000)


def test_leftover_sticks_go_to_the_first_of_tied_players() -> None:
    standings = final_standings(finished(STANDARD, (30000, 22000, 30000, 17000), sticks=1))
    assert (standings.scores, standings.ranks) == ((31000, 22000, 30000, 17000), (1, 3, 2, 4))


@pytest.mark.parametrize(
    "overrides, last_place",
    [
        ({}, -30000),  # below 0 counts as 0 (§7.8 step 2)
        ({"negative_settlement": True}, -42000),
        ({"bust": False}, -42000),  # no bust: negative scores count automatically
    ],
)
def test_negative_scores(overrides: dict[str, Any], last_place: int) -> None:
    standings = final_standings(
        finished(STANDARD.with_overrides({**overrides, "uma": "none"}), (60000, 28000, 24400, -12400))
    )
    assert standings.before_uma == (-sum(standings.before_uma[1:]), -2000, -6000, last_place)


@pytest.mark.parametrize(
    "uma, scores, expected",
    [
        ("none", (40000, 30000, 20000, 10000), (0, 0, 0, 0)),
        ("5-10", (40000, 30000, 20000, 10000), (10000, 5000, -5000, -10000)),
        ("10-20", (40000, 30000, 20000, 10000), (20000, 10000, -10000, -20000)),
        ("10-30", (40000, 30000, 20000, 10000), (30000, 10000, -10000, -30000)),
        ("3-9", (40000, 30000, 20000, 10000), (9000, 3000, -3000, -9000)),
        ("shichigosan", (46000, 29900, 14000, 10100), (15000, -3000, -5000, -7000)),  # one floater
        ("shichigosan", (40000, 30000, 20000, 10000), (10000, 5000, -5000, -10000)),  # 30000 exactly floats
        ("shichigosan", (32000, 31000, 30000, 7000), (7000, 5000, 3000, -15000)),
        (
            "shichigosan",
            (26000, 25500, 24500, 24000),
            (15000, -3000, -5000, -7000),
        ),  # no floater: the top floats
        ("shizumi", (46000, 29900, 14000, 10100), (30000, -10000, -10000, -10000)),
        ("shizumi", (40000, 30000, 20000, 10000), (20000, 0, -10000, -10000)),
        ("shizumi", (32000, 31000, 30000, 7000), (10000, 0, 0, -10000)),
        ("shizumi", (26000, 25500, 24500, 24000), (30000, -10000, -10000, -10000)),
    ],
)
def test_every_four_player_uma_preset(uma: str, scores: tuple[int, ...], expected: tuple[int, ...]) -> None:
    standings = final_standings(finished(STANDARD.with_overrides({"uma": uma}), tuple(reversed(scores))))
    assert standings.uma == tuple(reversed(expected))
    assert sum(standings.settled) == 0


def test_four_floaters_count_as_three() -> None:
    rules = STANDARD.with_overrides({"uma": "shizumi", "start_points": 30000, "oka": False})
    standings = final_standings(finished(rules, (30000, 30000, 30000, 30000)))
    assert (standings.ranks, standings.uma, standings.settled) == (
        (1, 2, 3, 4), (10000, 0, 0, -10000), (10000, 0, 0, -10000)
    )  # fmt: skip


@pytest.mark.parametrize(
    "uma, expected",
    [("3p-15", (15000, 0, -15000)), ("3p-20", (20000, 0, -20000)), ("none", (0, 0, 0))],
)
def test_three_player_settlement(uma: str, expected: tuple[int, ...]) -> None:
    rules = preset("tenhou-3p").with_overrides({"uma": uma})
    standings = final_standings(finished(rules, (52300, 38600, 14100)))
    # oka (40000 - 35000) x 3 = 15000 goes to the top with minus the others' sum
    assert standings.before_uma == (27000, -1000, -26000)
    assert standings.uma == expected


def test_without_oka_players_settle_against_the_start_score() -> None:
    deluxe = final_standings(finished(preset("seed-deluxe"), (45600, 30400, 25000, 19000)))
    assert deluxe.before_uma == (16000, 0, -5000, -11000)
    no_oka = final_standings(finished(STANDARD.with_overrides({"oka": False}), (35600, 27400, 22800, 14200)))
    assert no_oka.before_uma == (11000, 2000, -2000, -11000)


# --- oracle games ------------------------------------------------------------------------------------------


def test_oracle_presets_carry_the_oracles_match_rules() -> None:
    # Both oracles count negative scores, play the extension one wind at most, stop on a final-hand tenpai and
    # round the difference from the return score (25500 -> -4.5 -> -4), unlike [002]'s order (-5).
    for name in ("tenhou", "kobalab"):
        rules = preset(name)
        assert rules.negative_settlement
        assert rules.west_extension_end == "west_4"
        assert rules.tenpai_yame
        assert rules.settlement_rounding == "difference"
    assert preset("standard").settlement_rounding == "score"


def test_difference_rounding() -> None:
    # 25500 is 4500 below the 30000 return: [002] rounds the score first (25000 -> -5000); the oracles round
    # the difference by 5捨6入 (-4500 -> -4000).
    scores = (45000, 25500, 20000, 9500)
    standard = final_standings(finished(STANDARD.with_overrides({"uma": "none"}), scores))
    difference = final_standings(
        finished(STANDARD.with_overrides({"uma": "none", "settlement_rounding": "difference"}), scores)
    )
    assert standard.before_uma[1:] == (-5000, -10000, -21000)
    assert difference.before_uma[1:] == (-4000, -10000, -20000)


@cache
def kobalab_games() -> list[dict[str, Any]]:
    """kobalab/majiang-core's scripted games."""
    games: list[dict[str, Any]] = json.loads(
        (ORACLES / "kobalab" / "script.json").read_text(encoding="utf-8")
    )
    return games


KOBALAB_ABORTIVE = {"九種九牌": "kyuushu_kyuuhai", "四風連打": "suufon_renda", "四家立直": "suucha_riichi",
                    "三家和": "sanchahou", "四開槓": "suukaikan"}  # fmt: skip


def kobalab_outcome(hand: list[dict[str, Any]]) -> HandOutcome:
    """A kobalab hand's outcome in absolute seats (``l`` is the seat wind: seat = (jushu + l) % 4)."""
    start = hand[0]["qipai"]
    jushu = start["jushu"]
    deltas = [0] * 4
    winners: list[int] = []
    tenpai: tuple[int, ...] = ()
    kind, abortive = "win", None
    for index, event in enumerate(hand):
        name, body = next(iter(event.items()))
        if name == "dapai" and "*" in body["p"]:
            after = hand[index + 1] if index + 1 < len(hand) else {}
            ronned = "hule" in after and after["hule"]["baojia"] == body["l"]
            if not ronned and after.get("pingju", {}).get("name") != "三家和":  # a ronned riichi tile is void
                deltas[(jushu + body["l"]) % 4] -= 1000
        elif name == "hule":
            winners.append((jushu + body["l"]) % 4)
        elif name == "pingju":
            kind = {"荒牌平局": "exhaustive", "流し満貫": "nagashi_mangan"}.get(body["name"], "abortive")
            abortive = KOBALAB_ABORTIVE.get(body["name"])
            tenpai = tuple(sorted((jushu + wind) % 4 for wind, shown in enumerate(body["shoupai"]) if shown))
        if name in ("hule", "pingju"):
            for wind, points in enumerate(body["fenpei"]):
                deltas[(jushu + wind) % 4] += points
    left = start["lizhibang"] - sum(deltas) // 1000
    if kind == "abortive":
        tenpai = ()
    return HandOutcome(kind, tuple(deltas), left, tuple(winners), tenpai, abortive)


@needs_shared
@pytest.mark.parametrize("index", range(37))
def test_kobalab_scripted_games(index: int) -> None:
    game = kobalab_games()[index]
    rules = preset("kobalab")
    state = start_match(rules)
    for number, hand in enumerate(game["log"]):
        start = hand[0]["qipai"]
        jushu = start["jushu"]
        expected = (start["zhuangfeng"], jushu, start["changbang"], start["lizhibang"])
        scores = tuple(start["defen"][(seat - jushu) % 4] for seat in range(4))
        assert (state.finished, position(state), state.scores) == (False, expected, scores), f"hand {number}"
        state = next_hand(state, kobalab_outcome(hand))
    assert state.finished
    by_seat = [(game["qijia"] + seat) % 4 for seat in range(4)]
    standings = final_standings(state)
    assert standings.scores == tuple(game["defen"][player] for player in by_seat)
    assert standings.ranks == tuple(game["rank"][player] for player in by_seat)
    assert standings.settled == tuple(int(game["point"][player]) * 1000 for player in by_seat)


@needs_shared
def test_kobalab_games_cover_every_way_to_end() -> None:
    rules = preset("kobalab")
    reasons = set()
    for game in kobalab_games():
        state = start_match(rules)
        for hand in game["log"]:
            state = next_hand(state, kobalab_outcome(hand))
        reasons.add(state.end_reason)
    assert reasons == {"bust", "scheduled", "agari_yame", "tenpai_yame", "sudden_death", "extension_end"}


TENHOU_ABORTIVE = {"yao9": "kyuushu_kyuuhai", "kaze4": "suufon_renda", "reach4": "suucha_riichi",
                   "ron3": "sanchahou", "kan4": "suukaikan"}  # fmt: skip
MJLOGS = sorted(path.name for path in (ORACLES / "mjx" / "mjlog").glob("*.mjlog"))


def numbers(text: str | None) -> list[int]:
    """A comma-separated attribute as integers."""
    return [int(part) for part in (text or "").split(",")]


@needs_shared
@pytest.mark.parametrize("name", MJLOGS)
def test_tenhou_games(name: str) -> None:
    """Every hand of a Tenhou log starts where the match says; full games end and settle as on Tenhou."""
    rules = preset("tenhou")
    hands: list[tuple[ElementTree.Element, list[ElementTree.Element]]] = []
    for element in ElementTree.parse(ORACLES / "mjx" / "mjlog" / name).getroot():
        if element.tag == "INIT":
            hands.append((element, []))
        elif element.tag in ("AGARI", "RYUUKYOKU"):
            hands[-1][1].append(element)
    state: MatchState | None = None
    owari = None
    for number, (init, results) in enumerate(hands):
        round_index, honba, sticks = numbers(init.get("seed"))[:3]
        scores = tuple(points * 100 for points in numbers(init.get("ten")))
        expected = (round_index // 4, round_index % 4, honba, sticks)
        if state is None:
            state = MatchState(rules, *expected[:2], honba, sticks, scores)
        assert (state.finished, position(state), state.scores) == (False, expected, scores), f"hand {number}"
        assert state.dealer == int(init.get("oya", "-1"))
        if not results:
            break
        last = numbers(results[-1].get("sc"))
        deltas = tuple(100 * (last[2 * seat] + last[2 * seat + 1]) - scores[seat] for seat in range(4))
        left = sticks - sum(deltas) // 1000
        kind = results[0].get("type")
        if results[0].tag == "AGARI":
            outcome = HandOutcome("win", deltas, left, tuple(int(r.get("who", "-1")) for r in results))
        elif kind in TENHOU_ABORTIVE:
            outcome = HandOutcome("abortive", deltas, left, abortive_kind=TENHOU_ABORTIVE[kind])
        else:
            shown = tuple(seat for seat in range(4) if results[0].get(f"hai{seat}") is not None)
            outcome = HandOutcome(
                "nagashi_mangan" if kind == "nm" else "exhaustive", deltas, left, tenpai=shown
            )
        state = next_hand(state, outcome)
        owari = results[-1].get("owari")
    assert state is not None
    if owari is None:
        return  # a partial log: only its transitions are checked
    assert state.finished
    final = owari.split(",")
    standings = final_standings(state)
    assert standings.scores == tuple(int(final[2 * seat]) * 100 for seat in range(4))
    assert standings.settled == tuple(round(float(final[2 * seat + 1]) * 1000) for seat in range(4))


# --- random matches ----------------------------------------------------------------------------------------


@st.composite
def match_rules(draw: st.DrawFn) -> RuleSet:
    """A rule set with random game-flow options."""
    players = draw(st.sampled_from((3, 4)))
    start = draw(st.sampled_from((25000, 27000, 30000, 35000)))
    umas = (
        ("none", "3p-15", "3p-20")
        if players == 3
        else ("none", "5-10", "10-20", "10-30", "3-9", "shichigosan", "shizumi")
    )
    return STANDARD.with_overrides(
        {
            "players": players,
            "start_points": start,
            "return_points": draw(st.sampled_from((start, start + 5000))),
            "oka": draw(st.booleans()),
            "uma": draw(st.sampled_from(umas)),
            "game_length": draw(st.sampled_from(("east", "hanchan", "full"))),
            "bust": draw(st.booleans()),
            "negative_settlement": draw(st.booleans()),
            "agari_yame": draw(st.booleans()),
            "tenpai_yame": draw(st.booleans()),
            "west_extension": draw(st.booleans()),
            "west_extension_end": draw(st.sampled_from(("sudden_death", "west_4"))),
            "leftover_sticks": draw(st.sampled_from(("first", "lost"))),
            "renchan": draw(st.sampled_from(("tenpai", "agari"))),
            "all_noten_keeps_dealer": draw(st.booleans()),
            "abortive_dealer": draw(st.sampled_from(("keep", "pass"))),
        }
    )


@st.composite
def outcomes(draw: st.DrawFn, state: MatchState) -> HandOutcome:
    """A random outcome that conserves points: transfers between seats, new riichi deposits, sticks taken."""
    players = state.rules.players
    seats = st.integers(0, players - 1)
    kind = draw(st.sampled_from(("win", "win", "exhaustive", "nagashi_mangan", "abortive", "chombo")))
    deltas = [0] * players
    for payer, receiver, points in draw(st.lists(st.tuples(seats, seats, st.integers(0, 300)), max_size=3)):
        deltas[payer] -= points * 100
        deltas[receiver] += points * 100
    if kind == "chombo":
        return HandOutcome(kind, tuple(deltas), state.riichi_sticks)
    deposits = draw(st.sets(seats))
    for seat in deposits:
        deltas[seat] -= 1000
    sticks = state.riichi_sticks + len(deposits)
    if kind == "win":
        winners = tuple(draw(st.lists(seats, min_size=1, max_size=2, unique=True)))
        deltas[winners[0]] += 1000 * sticks
        return HandOutcome(kind, tuple(deltas), 0, winners)
    if kind == "abortive":
        deltas = [-1000 if seat in deposits else 0 for seat in range(players)]
        return HandOutcome(kind, tuple(deltas), sticks, abortive_kind=draw(st.sampled_from(ABORTIVE_KINDS)))
    tenpai = tuple(sorted(draw(st.sets(seats))))
    return HandOutcome(kind, tuple(deltas), sticks, tenpai=tenpai)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), rules=match_rules(), hands=st.integers(0, 40))
def test_random_matches_keep_their_invariants(data: st.DataObject, rules: RuleSet, hands: int) -> None:
    state = start_match(rules)
    players = rules.players
    winds = {"east": 1, "hanchan": 2, "full": 4}[rules.game_length]
    if rules.west_extension:
        winds = 4 if rules.west_extension_end == "sudden_death" else min(winds + 1, 4)
    total = players * rules.start_points
    played = 0

    def check(state: MatchState) -> None:
        assert sum(state.scores) + 1000 * state.riichi_sticks == total
        assert state.hands_played == played
        assert 0 <= state.round_wind * players + state.kyoku < winds * players
        assert state.finished == bool(state.end_reason)
        if not state.finished and rules.bust:
            assert min(state.scores) >= 0
        if not state.finished and state.in_extension and state.last_kind != "chombo":
            assert max(state.scores) < rules.return_points  # sudden death

    for _ in range(hands):
        if state.finished:
            break
        state = next_hand(state, data.draw(outcomes(state)))
        played += 1
        check(state)
    # from here every hand passes the deal: the match must end within the hands left in its schedule
    left = winds * players - (state.round_wind * players + state.kyoku)
    while not state.finished:
        state = next_hand(state, win(state, (state.dealer + 1) % players, gain=0))
        played += 1
        left -= 1
        check(state)
        assert left >= 0
    standings = final_standings(state)
    assert sum(standings.settled) == 0
    assert sorted(standings.ranks) == list(range(1, players + 1))
    assert (
        sum(standings.scores) + (standings.leftover_points if rules.leftover_sticks == "lost" else 0) == total
    )
    first = standings.ranks.index(1)
    assert all(standings.scores[first] >= score for score in standings.scores)
