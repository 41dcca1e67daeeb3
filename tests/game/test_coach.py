"""The coach: its numbers against the shanten and ukeire functions, its danger reasons, and its choice against
the strong AI's own in real play."""

from __future__ import annotations

import pytest

from game.ai import create_ai
from game.ai.danger import Threat, danger_reason
from game.ai.hand import unseen_counts
from game.coach import Advice, Coach, discard_options
from game.table import Table
from game.view import Phase, SeatView
from rules.actions import PASS, Action, Daiminkan, Discard, Pon, Ron
from rules.events import Event
from rules.ruleset import preset
from rules.shanten import shanten
from rules.tiles import parse_tiles
from tests.game.test_ai import _discards, _kind, _view, _with_pon

RULES = preset("standard")


class _Shadowed:
    """A strong AI seat whose every decision a coach shadowing it is asked too."""

    def __init__(self, seed: int) -> None:
        self.ai = create_ai("strong", RULES, seed)
        self.coach = Coach(RULES, seed)
        self.compared = 0
        self.turns = 0

    def observe(self, event: Event) -> None:
        self.ai.observe(event)
        self.coach.observe(event)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        advice = self.coach.advise(view, legal)
        action = self.ai.decide(view, legal)
        assert advice.choice == action
        self.compared += 1
        if advice.options:
            self.turns += 1
            assert {option.kind for option in advice.options} == {
                a.tile >> 2 for a in legal if isinstance(a, Discard)
            }
        return action


def test_the_coach_chooses_what_the_strong_ai_in_that_seat_plays() -> None:
    seats = [_Shadowed(seed) for seed in range(4)]
    table = Table(RULES, list(seats), 11)
    while not table.finished and table.match.hands_played < 3:
        table.step(max_steps=1)
    assert sum(seat.turns for seat in seats) > 100
    assert sum(seat.compared for seat in seats) > sum(seat.turns for seat in seats)


def test_each_option_has_the_shanten_and_ukeire_of_the_hand_it_leaves() -> None:
    view = _view("3455m12p456p34678s", rivers={1: "2z3z8s4z6z9p", 2: "1m9m5s"}, tiles_left=60)
    coach = Coach(RULES)
    advice = coach.advise(view, _discards(view))
    unseen = unseen_counts(view)
    counts = [0] * 34
    for tile in view.hand:
        counts[tile >> 2] += 1
    for option in advice.options:
        rest = bytearray(counts)
        rest[option.kind] -= 1
        assert option.shanten == shanten(rest)
        improving = []
        for kind in range(34):
            if rest[kind] < 4:
                rest[kind] += 1
                if shanten(rest) < option.shanten:
                    improving.append(kind)
                rest[kind] -= 1
        live = tuple(kind for kind in improving if unseen[kind])
        assert (option.ukeire_kinds or option.waits) == live
        assert option.ukeire == sum(unseen[kind] for kind in live)
    assert advice.options[0].kind == advice.choice.tile >> 2  # type: ignore[union-attr]


def test_a_tenpai_option_lists_its_waits_and_riichi_is_explained_by_expected_points() -> None:
    view = _view("123m456p789s2355s5z", tiles_left=60, dora="1z")
    advice = Coach(RULES).advise(view, _discards(view, frozenset({_kind("5z")})))
    assert advice.choice == next(a for a in _discards(view, frozenset({_kind("5z")})) if a.riichi)  # type: ignore[attr-defined]
    top = advice.options[0]
    assert top.kind == _kind("5z")
    assert top.waits == (_kind("1s"), _kind("4s"))
    assert top.ukeire == 8
    assert advice.why == "coach.why.riichi"
    assert advice.fields["riichi"] > advice.fields["dama"]  # type: ignore[operator]


def test_against_a_riichi_every_option_has_a_danger_and_the_fold_call() -> None:
    hand, rivers = "3455m13p468p34689s", {1: "2z3z8s4z6z9p"}
    view = _view(hand, seat=0, dealer=1, rivers=rivers, riichi=(1,), tiles_left=40, dora="1z")
    advice = Coach(RULES).advise(view, _discards(view))
    assert advice.fold is True
    assert advice.why == "coach.why.fold"
    by_kind = {option.kind: option for option in advice.options}
    safe = by_kind[_kind("8s")].danger
    assert safe is not None
    assert (safe.level, safe.reason) == (0, "genbutsu")
    assert all(option.danger is not None for option in advice.options)
    assert max(o.danger.level for o in advice.options if o.danger) == 3


def _threat(safe: str) -> Threat:
    return Threat(
        1, 1.0, 8000.0, frozenset(tile >> 2 for tile in parse_tiles(safe)) if safe else frozenset(), None
    )


@pytest.mark.parametrize(
    ("tile", "safe", "seen", "reason"),
    [
        ("6p", "6p", "", "genbutsu"),
        ("4z", "", "", "honour"),
        ("4m", "1m7m", "", "suji"),
        ("4m", "1m", "", "none"),  # only one side's suji
        ("1s", "4s", "", "suji"),
        ("9s", "6s", "", "suji"),
        ("3p", "", "4444p", "kabe"),  # no 45p left to wait on 3p-6p
        ("8m", "", "7777m", "kabe"),  # no 67m left to wait on 5m-8m
        ("1m", "", "222m", "one_chance"),
    ],
)
def test_danger_reasons(tile: str, safe: str, seen: str, reason: str) -> None:
    unseen = [4] * 34
    for seen_tile in parse_tiles(seen) if seen else ():
        unseen[seen_tile >> 2] -= 1
    assert danger_reason(parse_tiles(tile)[0] >> 2, _threat(safe), unseen) == reason


def test_a_call_is_explained_by_the_shanten_it_saves() -> None:
    view = _view("12m456p79s2355s77z", phase=Phase.CLAIM, claimable="7z")
    pair = [tile for tile in view.hand if tile >> 2 == _kind("7z")]
    pon = Pon((pair[0], pair[1]))
    advice = Coach(RULES).advise(view, (PASS, pon))
    assert advice.choice == pon
    assert advice.why == "coach.why.call_yakuhai"
    assert advice.fields["call"] == "pon"
    assert (advice.fields["from"], advice.fields["to"]) == (2, 1)


def test_a_yakuhai_pon_that_keeps_the_shanten_is_explained_by_its_han() -> None:
    from graphics.coach_panel import why_line

    # the hatsu pair is the open haku hand's only pair (as tests/game/test_ai.py)
    view = _view(
        "377899p67s66z", dealer=1, phase=Phase.CLAIM, claimable="6z", tiles_left=53, rivers={2: "1p9m"}
    )
    view = _with_pon(view, "5z", from_seat=3)
    pair = [tile for tile in view.hand if tile >> 2 == _kind("6z")]
    pon = Pon((pair[0], pair[1]))
    advice = Coach(RULES).advise(view, (PASS, pon))
    assert advice.choice == pon
    assert advice.why == "coach.why.call_yakuhai_kept"
    assert (advice.fields["from"], advice.fields["to"]) == (1, 1)
    assert why_line(advice) == "Pon: yakuhai, a han more, still 1-shanten"


def test_discard_options_of_a_seat_that_has_not_decided_carry_no_value() -> None:
    view = _view("3455m12p456p34678s", tiles_left=60)
    options = discard_options(view, _discards(view), Coach(RULES).ai)
    assert all(option.value is None for option in options)


def test_the_coach_benchmark_reports_its_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    from benchmarks import coach_bench

    monkeypatch.setattr(coach_bench, "HANDS", 1)
    monkeypatch.setattr(coach_bench, "WARMUP_HANDS", 0)
    figures = coach_bench.run()
    assert set(figures) == {"coach_ms_p50", "coach_ms_p95", "table_advice_ms_p50", "table_advice_ms_p95"}
    assert 0 < figures["coach_ms_p50"] <= figures["coach_ms_p95"]
    assert 0 < figures["table_advice_ms_p50"] <= figures["table_advice_ms_p95"]


def test_an_open_kan_and_a_ron_are_explained() -> None:
    # the strong AI opens a kan only on a tenpai that keeps its wait (here the 2s tanki)
    view = _view("123m456p789s2s777z", phase=Phase.CLAIM, claimable="7z")
    kan = Daiminkan()
    advice = Coach(RULES).advise(view, (PASS, kan))
    assert advice.choice == kan
    assert advice.why == "coach.why.call_yakuhai"
    assert (advice.fields["call"], advice.fields["from"], advice.fields["to"]) == ("kan", 0, 0)
    ron = Coach(RULES).advise(view, (PASS, Ron()))
    assert ron.choice == Ron()
    assert ron.why == "coach.why.win"


def _dama_advice(hand: str, tiles_left: int, dora: str) -> Advice:
    """The coach's advice on a non-dealer's tenpai after drawing 1z, which it must discard without riichi."""
    view = _view(hand, seat=1, dealer=0, rivers={2: "9p", 3: "9m"}, tiles_left=tiles_left, dora=dora)
    legal = _discards(view, frozenset({_kind("1z")}))
    advice = Coach(RULES).advise(view, legal)
    assert advice.choice == next(a for a in legal if not a.riichi and a.tile >> 2 == _kind("1z"))  # type: ignore[attr-defined]
    return advice


def test_a_dama_haneman_is_explained_by_its_value() -> None:
    # tanyao, sanshoku 345, two red fives and a dora: 6 han dama on the 8p tanki (as tests/game/test_ai.py)
    advice = _dama_advice("340m340p345s678s8p1z", 60, "7s")
    assert advice.why == "coach.why.dama"
    assert advice.fields["points"] == 12000  # haneman
    assert advice.fields["dama"] >= advice.fields["riichi"]  # type: ignore[operator]


def test_call_reasons_read_as_words() -> None:
    from graphics.coach_panel import why_line

    advice = Coach(RULES).advise(
        _view("12m456p79s2355s77z", phase=Phase.CLAIM, claimable="7z"),
        (PASS, Pon(tuple(t for t in _view("12m456p79s2355s77z").hand if t >> 2 == _kind("7z"))[:2])),  # type: ignore[arg-type]
    )
    assert why_line(advice) == "Pon: yakuhai, from 2-shanten to 1-shanten"


def test_a_late_dama_on_a_poor_wait_is_explained_by_its_live_tiles() -> None:
    # tanyao only on the 4s kanchan with 39 tiles left (as tests/game/test_ai.py): four live copies stay dama
    advice = _dama_advice("234m567p35s678s22p1z", 39, "9m")
    assert advice.why == "coach.why.dama_wait"
    assert advice.fields == {"live": 4}
    from graphics.coach_panel import why_line

    assert why_line(advice) == "Dama: 4 winning tiles left, too few to riichi now"
