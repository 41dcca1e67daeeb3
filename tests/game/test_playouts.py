"""Random playouts over every preset, 3 and 4 players, with the invariants checked after every engine step:
tiles accounted for once, points conserved, hand sizes, views rebuilt from each seat's redacted events equal
to ``view_for``, and no concealed tile shown to another seat (the checks of tools/fuzz_engine.py)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots import GreedySeat
from game.seat import Seat
from game.view import HIDDEN, SeatView, redact, view_for
from rules.actions import Action
from rules.events import Event, RoundStarted, TileDrawn
from rules.round import RoundState, start_round
from rules.ruleset import PRESET_NAMES, preset
from rules.wall import shuffled_wall
from tools.fuzz_engine import (
    InvariantError,
    TableChecker,
    check_redacted,
    check_state,
    check_view,
    match_bots,
)


class DrawnSeat:
    """Lets hypothesis choose every answer among the legal actions."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        return self.data.draw(st.sampled_from(legal))

    def observe(self, event: Event) -> None:
        pass


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(name=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_hands_with_drawn_choices_keep_every_invariant(name: str, seed: int, data: st.DataObject) -> None:
    rules = preset(name)
    drawn = data.draw(st.lists(st.booleans(), min_size=rules.players, max_size=rules.players), "drawn seats")
    bots: list[Seat] = [
        DrawnSeat(data) if by_hypothesis else GreedySeat(seed + seat)
        for seat, by_hypothesis in enumerate(drawn)
    ]
    checker = TableChecker.build(rules, bots, seed)
    table = checker.table
    while table.match.hands_played < 2 and not table.finished:
        table.step(max_steps=1)
    assert checker.outcomes["hands"] == table.match.hands_played


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_whole_matches_keep_every_invariant(name: str) -> None:
    rules = preset(name).with_overrides({"game_length": "east"})  # east-only: whole matches, fewer hands
    checker = TableChecker.build(rules, match_bots(rules, 101), 101)
    standings = checker.table.run()
    assert checker.outcomes["hands"] == checker.table.match.hands_played
    assert sum(standings.settled) == 0
    assert sum(standings.scores) + (standings.leftover_points if rules.leftover_sticks == "lost" else 0) == (
        rules.players * rules.start_points
    )


# --- the checks themselves catch what they are for -------------------------------------------------------


def dealt(name: str) -> RoundState:
    rules = preset(name)
    state, _ = start_round(rules, shuffled_wall(7, rules.players))
    return state


def with_hand(state: RoundState, seat: int, hand: tuple[int, ...]) -> RoundState:
    players = list(state.players)
    players[seat] = dataclasses.replace(players[seat], hand=hand)
    return dataclasses.replace(state, players=tuple(players))


@pytest.mark.parametrize("name", ["standard", "tenhou-3p"])
def test_check_state_catches_lost_doubled_and_miscounted_tiles(name: str) -> None:
    state = dealt(name)
    check_state(state)
    hand = state.players[1].hand
    with pytest.raises(InvariantError, match="twice"):
        check_state(with_hand(state, 1, (*hand[:-1], state.players[2].hand[0])))
    with pytest.raises(InvariantError, match="missing"):
        check_state(with_hand(state, 1, hand[:-1]))
    with pytest.raises(InvariantError, match="points plus sticks"):
        check_state(dataclasses.replace(state, riichi_sticks=1))
    dealer = state.dealer
    *kept, given = state.players[dealer].hand
    moved = with_hand(with_hand(state, dealer, tuple(kept)), 1, (*hand, given))
    with pytest.raises(InvariantError, match="holds"):
        check_state(moved)


def test_redaction_and_view_checks_catch_leaks() -> None:
    state = dealt("standard")
    start = RoundStarted(0, 0, 0, 0, 0, state.scores, 0, tuple(p.hand for p in state.players), 70)
    for seat in range(4):
        check_redacted(redact(start, seat), start, state, seat, "deal")
    with pytest.raises(InvariantError, match="sees the deal"):
        check_redacted(start, start, state, 1, "deal")
    drawn = TileDrawn(0, state.players[0].hand[0], False, 69)
    assert redact(drawn, 1).tile == HIDDEN  # type: ignore[union-attr]
    with pytest.raises(InvariantError, match="draw"):
        check_redacted(drawn, drawn, state, 1, "draw")
    view = view_for(state, 1)
    check_view(view, state, 1, "view")
    with pytest.raises(InvariantError, match="other seats' concealed"):
        check_view(dataclasses.replace(view, claimable=state.players[2].hand[0]), state, 1, "view")
    with pytest.raises(InvariantError, match="holds"):
        check_view(view_for(state, 2), state, 1, "view")
