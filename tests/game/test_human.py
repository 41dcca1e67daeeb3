"""The human seat: a decision is held until the UI posts one of its offered actions, choices never leak into
another decision, and the toggles (auto-win, no calls, auto-discard after riichi) answer by themselves."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest

from game.bots import TsumogiriSeat
from game.human import Decision, HumanSeat, HumanToggles
from game.table import Table
from rules.actions import PASS, Action, Ankan, Chi, Discard, Kita, Ron, Tsumo
from rules.events import TileDiscarded
from rules.round import legal_actions
from rules.ruleset import preset
from tests.game.human_scenarios import (
    chi_choice,
    decision,
    in_riichi,
    riichi_choice,
    ron,
    to_turn,
    tsumo,
)
from tests.rules.scenario import Table as Scenario
from tests.rules.scenario import deal


def test_decide_waits_for_the_ui_then_returns_its_choice_once() -> None:
    view, legal = decision(*chi_choice())
    seat = HumanSeat("Ann", HumanToggles(auto_discard_after_riichi=False))
    assert seat.decide(view, legal) is None
    pending = seat.pending
    assert isinstance(pending, Decision)
    assert (pending.view, pending.legal) == (view, legal)
    # The table asks again every step: the same question is the same decision.
    assert seat.decide(view, legal) is None
    assert seat.pending is not None
    assert seat.pending.serial == pending.serial
    assert seat.awaiting_choice
    chi = next(action for action in legal if isinstance(action, Chi))
    seat.choose(chi)
    assert not seat.awaiting_choice
    assert seat.decide(view, legal) == chi
    assert seat.pending is None
    # The next question is a new decision with a higher serial; the old choice is gone.
    assert seat.decide(view, legal) is None
    assert seat.pending is not None
    assert seat.pending.serial > pending.serial


def test_choose_refuses_what_is_not_offered_or_not_pending() -> None:
    view, legal = decision(*chi_choice())
    seat = HumanSeat("Ann")
    with pytest.raises(ValueError, match="no decision is pending"):
        seat.choose(PASS)
    seat.decide(view, legal)
    with pytest.raises(ValueError, match="not offered"):
        seat.choose(Ron())
    with pytest.raises(ValueError, match="not offered"):
        seat.choose(Discard(view.hand[0]))
    assert seat.decide(view, legal) is None  # nothing was posted


def test_a_choice_is_never_given_to_another_decision() -> None:
    first = decision(*chi_choice())
    second = decision(*ron())
    seat = HumanSeat("Ann")
    seat.decide(*first)
    seat.choose(PASS)
    # The situation changed before the table asked again: a new decision, and the posted Pass is dropped.
    assert seat.decide(*second) is None
    assert seat.pending is not None
    assert seat.pending.legal == second[1]
    assert seat.decide(*second) is None


def test_observe_drops_a_stale_decision() -> None:
    view, legal = decision(*chi_choice())
    seat = HumanSeat("Ann")
    seat.decide(view, legal)
    seat.choose(PASS)
    seat.observe(TileDiscarded(seat=0, tile=view.hand[0], tsumogiri=False, riichi=False))
    assert seat.pending is None
    assert seat.decide(view, legal) is None  # asked anew: the old choice is not replayed


@pytest.mark.parametrize(("scenario", "win"), [(ron, Ron()), (tsumo, Tsumo())])
def test_auto_win_takes_the_win(scenario: Callable[[], tuple[Scenario, int]], win: Action) -> None:
    view, legal = decision(*scenario())
    assert win in legal
    assert HumanSeat("Ann", HumanToggles(auto_win=True)).decide(view, legal) == win
    plain = HumanSeat("Ann", HumanToggles(auto_win=False))
    assert plain.decide(view, legal) is None
    assert plain.pending is not None


def test_no_calls_passes_on_calls_but_never_on_ron() -> None:
    seat = HumanSeat("Ann", HumanToggles(no_calls=True))
    view, legal = decision(*chi_choice())
    assert seat.decide(view, legal) == PASS
    view, legal = decision(*ron())  # ron, chi and pass: the player decides
    assert seat.decide(view, legal) is None
    view, legal = decision(*chi_choice())
    assert HumanSeat("Ann", HumanToggles(no_calls=False)).decide(view, legal) is None


def test_no_calls_leaves_turn_decisions_alone() -> None:
    view, legal = decision(*riichi_choice())
    assert HumanSeat("Ann", HumanToggles(no_calls=True)).decide(view, legal) is None


def test_auto_discard_after_riichi() -> None:
    view, legal = decision(*in_riichi("5s"))
    assert view.drawn is not None
    assert legal == (Discard(view.drawn),)
    assert HumanSeat("Ann").decide(view, legal) == Discard(view.drawn)  # on by default
    off = HumanSeat("Ann", HumanToggles(auto_discard_after_riichi=False))
    assert off.decide(view, legal) is None


def test_auto_discard_after_riichi_stops_for_tsumo_and_kans() -> None:
    view, legal = decision(*in_riichi("1z"))
    assert Tsumo() in legal
    assert HumanSeat("Ann").decide(view, legal) is None
    assert HumanSeat("Ann", HumanToggles(auto_win=True)).decide(view, legal) == Tsumo()
    view, legal = decision(*in_riichi("1m", "111m456p789s1122z"))
    assert Ankan(0) in legal
    assert HumanSeat("Ann").decide(view, legal) is None


def test_auto_discard_after_riichi_stops_for_kita() -> None:
    rules = preset("tenhou-3p")
    wall = deal({0: "111m456p789s1122z"}, seat_draws={0: "9m4z"}, players=3, red_fives=(0, 1, 1))
    table = Scenario(wall, rules)
    table.play({0: "r9m"})
    to_turn(table, 0)
    view, legal = decision(table, 0)
    assert view.players[0].riichi
    assert any(isinstance(action, Kita) for action in legal)
    assert HumanSeat("Ann").decide(view, legal) is None


def test_auto_discard_is_not_used_before_riichi() -> None:
    view, legal = decision(*riichi_choice())
    assert HumanSeat("Ann", HumanToggles(auto_discard_after_riichi=True)).decide(view, legal) is None


def test_toggles_can_change_while_a_decision_is_pending() -> None:
    view, legal = decision(*ron())
    seat = HumanSeat("Ann")
    assert seat.decide(view, legal) is None
    seat.toggles = HumanToggles(auto_win=True)
    assert seat.decide(view, legal) == Ron()


def test_human_seat_plays_a_hand_at_the_table_through_choose() -> None:
    # The human answers the first offered action of every decision through the UI path; the table must
    # wait for it (step returns True), never log a bad answer, and the hand must go on to its end.
    rules = preset("standard")
    human = HumanSeat("Ann", HumanToggles(auto_discard_after_riichi=False))
    table = Table(rules, [human, TsumogiriSeat(), TsumogiriSeat(), TsumogiriSeat()], seed=5)
    messages: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: messages.append(record.getMessage())  # type: ignore[method-assign]
    logging.getLogger("game.table").addHandler(handler)
    serials: list[int] = []
    try:
        while table.match.hands_played < 1:
            if table.step():
                pending = human.pending
                assert pending is not None
                assert table.state is not None
                assert pending.legal == legal_actions(table.state)[0]
                assert table.step() is True  # still waiting: no choice yet
                assert human.pending is not None
                assert human.pending.serial == pending.serial
                serials.append(pending.serial)
                human.choose(pending.legal[-1])
    finally:
        logging.getLogger("game.table").removeHandler(handler)
    assert messages == []
    assert len(serials) > 5
    assert serials == sorted(set(serials))
    assert [action for seat, action in table.actions if seat == 0]
