"""Paarenchan ([003], a RULES.md §17.2 option): the dealer's eighth win in a row is a yakuman."""

from __future__ import annotations

import dataclasses

import pytest

from rules.match import HandOutcome, next_hand, start_match
from rules.ruleset import RuleSet
from rules.scoring import HandError, WinSituation, score_hand
from rules.tiles import assign_ids, parse_kinds, parse_tiles

RULES = RuleSet(paarenchan=True)


def dealer_win() -> HandOutcome:
    # The dealer (seat 0 in East 1) wins 1000 from seat 1 by ron.
    return HandOutcome("win", (1000, -1000, 0, 0), 0, winners=(0,))


def test_the_match_counts_the_dealers_wins_in_a_row() -> None:
    state = start_match(RULES)
    for wins in range(1, 4):
        state = next_hand(state, dealer_win())
        assert (state.kyoku, state.dealer_wins) == (0, wins)
    # A tenpai renchan at an exhaustive draw keeps the deal but is not a win: the count starts again.
    drawn = next_hand(state, HandOutcome("exhaustive", (3000, -1000, -1000, -1000), 0, tenpai=(0,)))
    assert (drawn.kyoku, drawn.dealer_wins) == (0, 0)
    # A non-dealer's win passes the deal and the count.
    passed = next_hand(state, HandOutcome("win", (-1000, 1000, 0, 0), 0, winners=(1,)))
    assert (passed.kyoku, passed.dealer_wins) == (1, 0)


HAND = parse_tiles("234789m56p456s77s7p")  # closed pinfu shape, tsumo on 7p


def situation(**changes: object) -> WinSituation:
    base = WinSituation(win_tile=HAND[-1], is_tsumo=True, seat_wind=0)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_eighth_win_is_a_yakuman_only_with_the_option() -> None:
    value = score_hand(HAND, [], situation(paarenchan=True), RULES)
    assert dict(value.yaku) == {"paarenchan": 13}
    assert (value.yakuman, value.points) == (1, 48000)
    ordinary = score_hand(HAND, [], situation(paarenchan=True), RuleSet())
    assert dict(ordinary.yaku) == {"menzen_tsumo": 1, "pinfu": 1}


def test_paarenchan_does_not_make_a_yakuless_hand_win() -> None:
    # An open hand with no yaku stays unwinnable (the dealer must still win legally).
    from rules.meld import Meld, MeldType

    chi = Meld(MeldType.CHI, parse_tiles("678m"), called=parse_tiles("6m")[0], from_seat=3)
    hand = parse_tiles("234m456p78s55s9s")
    with pytest.raises(HandError, match="no yaku"):
        score_hand(hand, [chi], WinSituation(win_tile=hand[-1], is_tsumo=True, paarenchan=True), RULES)


def test_the_engine_passes_the_streak_to_scoring() -> None:
    from rules.actions import Tsumo
    from rules.round import apply, legal_actions, start_round
    from rules.wall import arranged_wall

    # The dealer is dealt a winning hand plus its first draw: tenhou, and with 7 wins before, paarenchan too.
    kinds = [
        parse_kinds(text)
        for text in (
            "234789m56p456s77s",
            "1111m9p1239s12z33z",
            "99m11p11s4455667z",
            "888m22p348p36s127z",
            "7p",
        )
    ]
    ids = assign_ids([kind for group in kinds for kind in group])
    hands, start = [], 0
    for group in kinds:
        hands.append(ids[start : start + len(group)])
        start += len(group)
    wall = arranged_wall(4, hands[:4], draws=[hands[4][0]])
    state, _ = start_round(RULES, wall, dealer_wins=7)
    assert Tsumo() in legal_actions(state)[0]
    _, events = apply(state, {0: Tsumo()})
    won = next(event for event in events if type(event).__name__ == "HandWon")
    assert {name for name, _ in won.value.yaku} == {"tenhou", "paarenchan"}  # type: ignore[attr-defined]
