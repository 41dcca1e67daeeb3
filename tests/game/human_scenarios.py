"""Decisions a human meets at the table, built with the real engine from mpsz hands (seat 0 deals, seat 1
plays next): a chi with several options, kuikae after a chi, ankan and shouminkan together, ron, tsumo, a
riichi discard to choose, a turn in riichi, kyuushu and kita. Each returns the scenario table and the seat.
"""

from __future__ import annotations

import random

from game.view import SeatView, view_for
from rules.actions import Action, Ankan, Chi, Daiminkan, Discard, Kita, Pon, Shouminkan
from rules.round import Phase, RoundState, apply, legal_actions, start_round
from rules.ruleset import RuleSet, preset
from rules.wall import shuffled_wall
from tests.rules.scenario import Table, deal


def decision(table: Table, seat: int) -> tuple[SeatView, tuple[Action, ...]]:
    """What the table would hand ``seat`` now: its view and its legal actions."""
    return view_for(table.state, seat), legal_actions(table.state)[seat]


def to_turn(table: Table, seat: int) -> None:
    """Tsumogiri and pass until ``seat`` has drawn."""
    while not (table.state.phase is Phase.TURN and table.state.seat == seat):
        table.tsumogiri(1) if table.state.phase is Phase.TURN else table.step({})


def chi_choice() -> tuple[Table, int]:
    """Seat 1 may chi the dealer's 4m three ways: 23m, 35m, 56m (or pass)."""
    table = Table(deal({0: "4m", 1: "2356m"}))
    table.play({0: "4m"})
    return table, 1


def kuikae() -> tuple[Table, int]:
    """Seat 1 has chi'd 4m with 23m holding 1m and 4m: neither may go now (genbutsu 4m, suji 1m)."""
    table = Table(deal({0: "4m", 1: "1234m"}))
    table.play({0: "4m"}, {1: "chi23m"})
    return table, 1


def kans() -> tuple[Table, int]:
    """Seat 1 holds four East and has drawn the fourth 3p to its pon: ankan 1z and shouminkan 3p."""
    table = Table(deal({0: "3p", 1: "33p1111z"}, at={1: "9m", 4: "3p"}))
    table.play({0: "3p"}, {1: "pon"}, {1: "8s"})
    to_turn(table, 1)
    return table, 1


def ron() -> tuple[Table, int]:
    """Seat 1 (45m 678p 789s 11z 555z) may ron the dealer's 6m with haku, chi it, or pass."""
    table = Table(deal({0: "6m", 1: "45m678p789s11z555z"}))
    table.play({0: "6m"})
    return table, 1


def tsumo() -> tuple[Table, int]:
    """The dealer draws 6m to 45m 678p 789s 11z 555z: tsumo, or a (riichi) discard."""
    return Table(deal({0: "45m678p789s11z555z"}, draws="6m", dora="9p")), 0


def riichi_choice() -> tuple[Table, int]:
    """The dealer (123m 456p 789s 1122z) draws 9m: only a 9m riichi discard keeps tenpai (waits 1z 2z)."""
    return Table(deal({0: "123m456p789s1122z"}, draws="9m", dora="9p")), 0


def in_riichi(second_draw: str, hand: str = "123m456p789s1122z") -> tuple[Table, int]:
    """The dealer (``hand``) declared riichi with a drawn 9m and has drawn ``second_draw``."""
    table = Table(deal({0: hand}, seat_draws={0: "9m" + second_draw}, dora="9p"))
    table.play({0: "r9m"})
    to_turn(table, 0)
    return table, 0


def kyuushu() -> tuple[Table, int]:
    """The dealer's first turn with nine kinds of terminals and honors."""
    return Table(deal({0: "19m19p19s1234z"})), 0


def kita() -> tuple[Table, int]:
    """Three players (tenhou-3p): the dealer holds a North."""
    return Table(deal({0: "4z"}, players=3, red_fives=(0, 1, 1)), preset("tenhou-3p")), 0


_STOPS = (Phase.AFTER_CALL, Phase.CLAIM, Phase.CHANKAN, Phase.KITA_CLAIM)


def random_decision(rules_name: str, seed: int, steps: int) -> tuple[RoundState, int]:
    """A decision met after up to ``steps`` random legal answers from a shuffled wall (and the seat to ask).

    The answers favour calls and riichi (each taken half the time when offered) and the walk often stops
    at a call window or right after a call, so that calls, kuikae and riichi turns come up often.
    """
    rules: RuleSet = preset(rules_name)
    rng = random.Random(seed)
    state, _ = start_round(rules, shuffled_wall(seed, rules.players))
    for _ in range(steps):
        legal = legal_actions(state)
        choices = {seat: _biased_choice(rng, options) for seat, options in legal.items()}
        after, _ = apply(state, choices)
        if after.phase is Phase.ENDED:
            break
        state = after
        if state.phase in _STOPS and rng.random() < 0.1:
            break  # stop at a call window or the discard after a call more often than the steps alone would
    legal = legal_actions(state)
    return state, rng.choice(sorted(legal))


def _biased_choice(rng: random.Random, options: tuple[Action, ...]) -> Action:
    favoured = [
        action
        for action in options
        if isinstance(action, Chi | Pon | Daiminkan | Ankan | Shouminkan | Kita)
        or (isinstance(action, Discard) and action.riichi)
    ]
    if favoured and rng.random() < 0.5:
        return rng.choice(favoured)
    return rng.choice(options)
