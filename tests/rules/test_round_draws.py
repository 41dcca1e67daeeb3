"""Round engine scenarios for the ends of a hand without a single winner (RULES.md §7.3-§7.6): exhaustive draw
with noten payments and nagashi mangan, the abortive draws, and multiple ron.

Every expectation is worked out from RULES.md in the comment above it; seat 0 deals, seat 1 plays next.
"""

from __future__ import annotations

import pytest

from rules.events import AbortiveDraw, ExhaustiveDraw, RiichiAccepted, RoundEnded
from rules.round import Phase
from rules.ruleset import RuleSet
from tests.rules.scenario import Table, deal, hand_discards, kinds, yaku

# Four closed tenpai hands that fit in one wall: shanpon 1z/2z, tanki 9p, shanpon 3z/4z, shanpon 5z/6z.
TENPAI = {
    0: "123m456p789s1122z",
    1: "234m567p345s678s9p",
    2: "789m123p456s3344z",
    3: "456m789p123s5566z",
}


def exhaustive(table: Table) -> ExhaustiveDraw:
    table.to_end()
    (draw,) = [event for event in table.events if isinstance(event, ExhaustiveDraw)]
    return draw


# §7.3 noten payments, 3000 in all: 1 tenpai +3000 (1000 from each noten), 2 tenpai +1500 / -1500, 3 tenpai
# +1000 each (3000 from the one noten), 0 or 4 tenpai: nothing. Seats not listed get inert (noten) hands;
# everyone discards what he draws until the live wall is empty. The riichi stick on the table stays there
# (§7.3).
@pytest.mark.parametrize(
    "tenpai, deltas",
    [
        ((), (0, 0, 0, 0)),
        ((1,), (-1000, 3000, -1000, -1000)),
        ((0, 2), (1500, -1500, 1500, -1500)),
        ((0, 1, 3), (1000, 1000, -3000, 1000)),
        ((0, 1, 2, 3), (0, 0, 0, 0)),
    ],
)
def test_exhaustive_draw_and_noten_payments(tenpai: tuple[int, ...], deltas: tuple[int, ...]) -> None:
    wall = deal({seat: TENPAI[seat] for seat in tenpai})
    table = Table(wall, riichi_sticks=1)
    draw = exhaustive(table)
    assert draw.tenpai == tenpai
    assert draw.hands == tuple(tuple(sorted(wall.hand(s))) if s in tenpai else () for s in range(4))
    assert (draw.nagashi, draw.deltas) == ((), deltas)
    ended = table.ended
    assert (ended.kind, ended.winners, ended.deltas, ended.riichi_sticks) == ("exhaustive", (), deltas, 1)
    assert ended.dealer_tenpai == (0 in tenpai)
    assert ended.scores == tuple(25000 + delta for delta in deltas)


def test_waiting_only_on_a_tile_you_hold_four_of_is_noten() -> None:
    # §7.3 [002]: seat 1 (1111m 123p 456p 789p) waits only on 1m, all four in its own hand: not tenpai, and no
    # riichi with it (§17.1 #39); after drawing 5z only the 1m discard leaves a real wait (tanki 5z). The
    # dealer alone is tenpai: +3000.
    table = Table(deal({0: TENPAI[2], 1: "123p456p789p1111m"}, at={1: "5z"}))
    table.tsumogiri(1)
    assert {name for name in table.offers(1) if name.startswith("r")} == {"rd1m"}
    draw = exhaustive(table)
    assert (draw.tenpai, draw.deltas) == ((0,), (3000, -1000, -1000, -1000))


def test_four_copies_counted_with_a_meld() -> None:
    # The same with three of the copies in a pon: seat 1 (111m 123p 456p 789p 9s) pons the dealer's 1m and
    # discards 9s, keeping 1m as its only wait while holding all four: noten.
    table = Table(deal({0: TENPAI[2], 1: "111m123p456p789p9s"}, draws="1m"))
    table.play({0: "t"}, {1: "pon"}, {1: "9s"})
    draw = exhaustive(table)
    assert (draw.tenpai, draw.deltas) == ((0,), (3000, -1000, -1000, -1000))


# Nagashi mangan (§4.2, §17.1 #22): seat 2 draws only terminals and honors and discards each as drawn. At the
# draw that is a non-dealer mangan tsumo: 4000 from the dealer, 2000 from each other seat. Nobody is tenpai,
# so no noten payment is involved. If seat 3 pons one of those discards (its 17th, 9p: the turn then skips to
# seat 3, and seat 2's one more draw is the last tile, 9s) there is no nagashi mangan ([000][001]).
NAGASHI_DRAWS = "1m9m1p9p1s9s1z2z3z4z5z6z7z1m9m1p9p"


@pytest.mark.parametrize(
    "called, nagashi, deltas", [(False, (2,), (-4000, -2000, 8000, -2000)), (True, (), (0,) * 4)]
)
def test_nagashi_mangan(called: bool, nagashi: tuple[int, ...], deltas: tuple[int, ...]) -> None:
    wall = deal({3: "99p7z"}, seat_draws={2: NAGASHI_DRAWS}, at={69: "9s"})
    table = Table(wall)
    state = table.state
    while not (state.phase is Phase.CLAIM and state.seat == 2 and state.tiles_left == 3):
        table.tsumogiri(1) if state.phase is Phase.TURN else table.step({})
        state = table.state
    assert table.offers(3) == {"pon99p", "pass"}
    if called:
        table.play({3: "pon"}, {3: "7z"})
    draw = exhaustive(table)
    assert (draw.tenpai, draw.nagashi, draw.deltas) == ((), nagashi, deltas)
    assert table.ended.deltas == deltas


# --- abortive draws (§7.5): no payments, the sticks stay ----------------------------------------------------

NINE_KINDS = "19m19p19s123z25m36p"  # 9 kinds of terminals and honors


def test_kyuushu_kyuuhai() -> None:
    # 9 kinds on the first turn with nobody having called: the dealer may declare (or just discard).
    wall = deal({0: NINE_KINDS}, draws="4s")
    table = Table(wall, riichi_sticks=2)
    assert table.offers(0) == hand_discards(NINE_KINDS) | {"t4s", "kyuushu"}
    events = table.step({0: "kyuushu"})
    assert events == (
        AbortiveDraw(kind="kyuushu_kyuuhai", seat=0, hand=tuple(sorted((*wall.hand(0), wall.live_tile(0))))),
        RoundEnded(
            kind="abortive",
            winners=(),
            deltas=(0, 0, 0, 0),
            scores=(25000,) * 4,
            riichi_sticks=2,
            dealer_tenpai=False,
            abortive_kind="kyuushu_kyuuhai",
        ),
    )


@pytest.mark.parametrize(
    "hand, drawn, options, offered",
    [
        (NINE_KINDS, "4s", {}, True),
        # [000]: 10 terminal/honor tiles of only 8 kinds do not count.
        ("119m19p19s12z25m36p", "9m", {}, False),
        (NINE_KINDS, "4s", {"kyuushu_kyuuhai": False}, False),
    ],
)
def test_kyuushu_counts_kinds_and_can_be_switched_off(
    hand: str, drawn: str, options: dict[str, object], offered: bool
) -> None:
    table = Table(deal({0: hand}, draws=drawn), RuleSet().with_overrides(options))
    assert ("kyuushu" in table.offers(0)) is offered


def test_kyuushu_for_a_non_dealer_only_on_an_uninterrupted_first_turn() -> None:
    # Seat 1's first draw: offered. After seat 2 has ponned the dealer's first discard (the first go-around is
    # interrupted, [000]): not offered at seat 1's first turn.
    table = Table(deal({1: NINE_KINDS}, at={1: "4s"}))
    table.tsumogiri(1)
    assert "kyuushu" in table.offers(1)
    table = Table(deal({0: "7z", 1: NINE_KINDS, 2: "77z1p"}, at={3: "4s"}))
    table.play({0: "7z"}, {2: "pon"}, {2: "1p"})
    table.tsumogiri(2)
    assert table.state.seat == 1
    assert "kyuushu" not in table.offers(1)


def test_no_kyuushu_on_a_later_turn() -> None:
    # Seat 1 has 8 kinds at its first draw and the ninth kind only at its second: too late.
    table = Table(deal({1: "19m19p19s12z25m36p4s"}, seat_draws={1: "6s3z"}))
    table.tsumogiri(1)
    assert "kyuushu" not in table.offers(1)
    table.tsumogiri(4)
    assert table.state.seat == 1
    assert "kyuushu" not in table.offers(1)


@pytest.mark.parametrize(
    "hands, ankan, options, aborted",
    [
        # All four first discards are East, no call: abortive right after the fourth ([000]-[003]).
        ({0: "1z", 1: "1z", 2: "1z", 3: "1z"}, False, {}, True),
        ({0: "1z", 1: "1z", 2: "1z", 3: "1z"}, False, {"suufon_renda": False}, False),
        # Seat 3's first discard is South: no.
        ({0: "1z", 1: "1z", 2: "1z", 3: "2z"}, False, {}, False),
        # Seat 3 declares an ankan before its East: a kan in the first go-around ([001][002][003]).
        ({0: "1z", 1: "1z", 2: "1z", 3: "1z2222p"}, True, {}, False),
    ],
)
def test_suufon_renda(hands: dict[int, str], ankan: bool, options: dict[str, object], aborted: bool) -> None:
    table = Table(deal(hands), RuleSet().with_overrides(options))
    table.play({0: "1z"}, {1: "1z"}, {2: "1z"})
    if ankan:
        table.step({3: "ankan2p"})
    events = table.step({3: hands[3][:2]})
    if aborted:
        assert kinds(events) == ["TileDiscarded", "AbortiveDraw", "RoundEnded"]
        assert table.ended.abortive_kind == "suufon_renda"
        assert table.ended.deltas == (0, 0, 0, 0)
    else:
        assert kinds(events) == ["TileDiscarded", "TileDrawn"]


# Suucha riichi: the four tenpai hands each declare riichi with the tile they draw (1p, 9s, 1m, then 9m or
# 1z).
def four_riichi(fourth: str, **options: object) -> tuple[Table, tuple[object, ...]]:
    table = Table(deal(TENPAI, draws="1p9s1m" + fourth), RuleSet().with_overrides(options))
    table.play({0: "rt"}, {1: "rt"}, {2: "rt"})
    return table, table.step({3: "rt"})


def test_suucha_riichi() -> None:
    # §7.5 [000][001][003]: when the fourth declaration tile is not ronned the stick is placed and the hand is
    # abandoned: every seat -1000, four sticks on the table.
    table, events = four_riichi("9m")
    assert kinds(events) == ["TileDiscarded", "RiichiAccepted", "AbortiveDraw", "RoundEnded"]
    assert events[1] == RiichiAccepted(seat=3, scores=(24000,) * 4, riichi_sticks=4)
    ended = table.ended
    assert (ended.kind, ended.abortive_kind, ended.deltas, ended.riichi_sticks) == (
        "abortive",
        "suucha_riichi",
        (-1000,) * 4,
        4,
    )


def test_suucha_riichi_off() -> None:
    # [002]: "4人リーチでは流局しません": play goes on with the dealer's draw.
    _, events = four_riichi("9m", suucha_riichi=False)
    assert kinds(events) == ["TileDiscarded", "RiichiAccepted", "TileDrawn"]


def test_fourth_riichi_ronned() -> None:
    # The dealer rons seat 3's 1z: that riichi is void (no stick), no abortive draw ([000][001][003]). Dealer:
    # double riichi 2 + ippatsu 1 + East as seat wind 1 + East as round wind 1 = 5 han: mangan, 12000 (§6.2),
    # plus the three sticks on the table: +12000 + 3000 - his own 1000 = +14000.
    table, events = four_riichi("1z")
    assert kinds(events) == ["TileDiscarded"]
    table.step({0: "ron"})
    assert yaku(table.wins()[0]) == {
        "double_riichi": 2,
        "ippatsu": 1,
        "yakuhai_seat_wind": 1,
        "yakuhai_round_wind": 1,
    }
    ended = table.ended
    assert (ended.kind, ended.deltas, ended.riichi_sticks) == ("win", (14000, -1000, -1000, -12000), 0)


# --- multiple ron (§7.6) ------------------------------------------------------------------------------------

# The dealer discards 3s. Seat 1 (234m 567m 345p 66s 45s): pinfu + tanyao, 30 fu: 2000. Seat 2 (345m 678p 456s
# 77p 24s, kanchan): tanyao, fu 20 + 10 + 2 = 32 -> 40: 1300. Seat 3 (555z 234m 678p 999p 3s, tanki): haku, fu
# 20 + 10 + 8 + 8 + 2 = 48 -> 50: B = 400, 1600. One honba (300) and one riichi stick on the table go to the
# winner nearest the discarder in turn order (§17.1 #36); with multi_ron_sticks "each" every winner gets the
# honba (the stick still goes to the nearest).
MULTI = {0: "3s", 1: "234m567m345p66s45s", 2: "345m678p456s77p24s", 3: "555z234m678p999p3s"}


@pytest.mark.parametrize(
    "options, winners, deltas",
    [
        ({"triple_ron": "all"}, (1, 2, 3), (-5200, 3300, 1300, 1600)),
        ({"triple_ron": "all", "multi_ron_sticks": "each"}, (1, 2, 3), (-5800, 3300, 1600, 1900)),
        ({"triple_ron": "two_earliest"}, (1, 2), (-3600, 3300, 1300, 0)),
        ({"triple_ron": "atamahane"}, (1,), (-2300, 3300, 0, 0)),
    ],
)
def test_triple_ron(options: dict[str, object], winners: tuple[int, ...], deltas: tuple[int, ...]) -> None:
    table = Table(deal(MULTI), RuleSet().with_overrides(options), honba=1, riichi_sticks=1)
    table.step({0: "3s"})
    assert table.offers(1) == {"ron", "chi45s", "pass"}
    assert table.offers(2) == table.offers(3) == {"ron", "pass"}
    table.step({1: "ron", 2: "ron", 3: "ron"})
    ended = table.ended
    assert (ended.kind, ended.winners, ended.deltas, ended.riichi_sticks) == ("win", winners, deltas, 0)
    assert [won.seat for won in table.wins()] == list(winners)


def test_sanchahou() -> None:
    # Default (§17.1 #36): a triple ron is the abortive draw sanchahou; nothing is paid, the stick stays.
    table = Table(deal(MULTI), honba=1, riichi_sticks=1)
    table.step({0: "3s"})
    events = table.step({1: "ron", 2: "ron", 3: "ron"})
    assert kinds(events) == ["AbortiveDraw", "RoundEnded"]
    ended = table.ended
    assert (ended.kind, ended.abortive_kind, ended.deltas, ended.riichi_sticks) == (
        "abortive",
        "sanchahou",
        (0, 0, 0, 0),
        1,
    )


@pytest.mark.parametrize(
    "options, winners, deltas",
    [
        ({}, (1, 3), (-3900, 3300, 0, 1600)),
        ({"multi_ron_sticks": "each"}, (1, 3), (-4200, 3300, 0, 1900)),
        ({"double_ron": False}, (1,), (-2300, 3300, 0, 0)),
    ],
)
def test_double_ron(options: dict[str, object], winners: tuple[int, ...], deltas: tuple[int, ...]) -> None:
    table = Table(
        deal({0: "3s", 1: MULTI[1], 3: MULTI[3]}), RuleSet().with_overrides(options), honba=1, riichi_sticks=1
    )
    table.step({0: "3s"})
    table.step({1: "ron", 3: "ron"})
    assert (table.ended.winners, table.ended.deltas) == (winners, deltas)


def test_double_ron_sticks_go_to_the_winner_nearest_the_discarder() -> None:
    # Seat 2 discards 3s; in turn order from seat 2 the winners are seat 3, then seat 1: seat 3 takes the
    # honba and the stick (1600 + 300 + 1000), seat 1 its 2000; seat 2 pays 1900 + 2000.
    hands = {1: MULTI[1], 2: "3s", 3: MULTI[3]}
    table = Table(deal(hands, draws="9m1z"), honba=1, riichi_sticks=1)
    table.play({0: "t"}, {1: "t"}, {2: "3s"})
    assert table.offers(1) == table.offers(3) == {"ron", "pass"}
    table.step({1: "ron", 3: "ron"})
    assert (table.ended.winners, table.ended.deltas) == ((3, 1), (0, 2000, -3900, 2900))
