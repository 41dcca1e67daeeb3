"""Round engine scenarios for the turn itself (RULES.md §2.2, §2.3, §2.6): the deal, draws and discards with
their tsumogiri flag, chi / pon / daiminkan eligibility, claim priority in one apply, kuikae, a meld's source.

Every expectation is worked out from RULES.md in the comment above it; seat 0 deals, seat 1 plays next.
"""

from __future__ import annotations

import pytest

from rules.events import DoraRevealed, HandWon, MeldCalled, RoundEnded, RoundStarted, TileDiscarded, TileDrawn
from rules.meld import Meld, MeldType
from rules.round import Phase
from rules.ruleset import RuleSet
from rules.tiles import format_tiles
from tests.rules.scenario import Table, deal, hand_discards, kinds, pick


def test_deal_first_draw_and_the_dealers_options() -> None:
    # §1.3: 136 - 14 dead - 52 dealt = 70 live draws counting the dealer's 14th tile: 70 before it, 69 after.
    # §2.6 step 2: any tile may be discarded, one choice per kind; riichi (§2.4) only with a discard that
    # leaves tenpai: 3z, keeping the 1z/2z shanpon. No tsumo (3z completes nothing), no kyuushu (5 yaochuu
    # kinds).
    wall = deal({0: "123m456p789s1122z"}, draws="3z")
    table = Table(wall)
    started, drawn = table.events
    assert isinstance(started, RoundStarted)
    assert (started.dealer, started.tiles_left) == (0, 70)
    assert started.hands == tuple(tuple(sorted(wall.hand(seat))) for seat in range(4))
    assert drawn == TileDrawn(seat=0, tile=wall.live_tile(0), rinshan=False, tiles_left=69)
    assert table.asked() == {0}
    assert table.offers(0) == hand_discards("123m456p789s12z") | {"t3z", "rt3z"}


def test_tsumogiri_flag_and_turn_order() -> None:
    # §2.2: after the dealer's discard the player on his right (seat 1) draws the next live tile. The drawn
    # tile discarded as drawn is tsumogiri; a tile from the hand is not.
    wall = deal({0: "123m456p789s1122z", 1: "7z"}, draws="3z9p")
    table = Table(wall)
    events = table.step({0: "t"})
    assert events == (
        TileDiscarded(seat=0, tile=wall.live_tile(0), tsumogiri=True, riichi=False),
        TileDrawn(seat=1, tile=wall.live_tile(1), rinshan=False, tiles_left=68),
    )
    events = table.step({1: "7z"})
    assert events[0] == TileDiscarded(seat=1, tile=pick(wall.hand(1), "7z")[0], tsumogiri=False, riichi=False)
    assert events[1] == TileDrawn(seat=2, tile=wall.live_tile(2), rinshan=False, tiles_left=67)


def test_red_five_and_plain_five_are_separate_discards() -> None:
    # With one red five per suit (§17.1 #2) discarding the red 5m and a plain 5m are different choices.
    wall = deal({0: "0m55m"}, draws="9p")
    table = Table(wall)
    hand = format_tiles(wall.hand(0))
    assert 16 in wall.hand(0)  # tile id 16 is the red 5m (tiles.py)
    assert {"d0m", "d5m"} <= table.offers(0)
    assert table.offers(0) == hand_discards(hand) | {"t9p"}


# Seat 0 discards 3m. Seat 1 (whose left player is seat 0) holds 1245m, seat 2 holds 33m,
# seat 3 holds 24m (a chi shape, but seat 0 is not its left player).
CALLS = {
    0: "3m69m258p258s1234z",
    1: "1245m369p369s123z",
    2: "337m147p147s1234z",
    3: "2478m258p369s145z",
}


def test_chi_only_from_the_left_pon_from_anyone() -> None:
    # §2.3: chi only on the left player's discard, with two tiles from hand: 12m, 24m or 45m for 3m; pon on
    # anyone's discard with a pair. Seat 3's 24m kanchan is not offered (seat 0 is its right player). No
    # daiminkan: nobody holds three 3m.
    table = Table(deal(CALLS))
    table.step({0: "3m"})
    assert table.state.phase is Phase.CLAIM
    assert table.asked() == {1, 2}
    assert table.offers(1) == {"chi12m", "chi24m", "chi45m", "pass"}
    assert table.offers(2) == {"pon33m", "pass"}


def test_pon_beats_chi_in_one_apply() -> None:
    # §2.3 priority Ron > Pon/Kan > Chi: both answer at once, the pon is made. Seat 2 took it from the player
    # opposite: from 2 (meld.py). After a pon the caller discards without drawing (§2.6 step 5); the two 3m
    # are gone, so every kind left in hand may go.
    wall = deal(CALLS)
    table = Table(wall)
    table.step({0: "3m"})
    events = table.step({1: "chi12m", 2: "pon"})
    discarded = pick(wall.hand(0), "3m")[0]
    meld = Meld(MeldType.PON, tuple(sorted([*pick(wall.hand(2), "33m"), discarded])), discarded, 2)
    assert events == (MeldCalled(seat=2, meld=meld, discarder=0),)
    assert table.state.phase is Phase.AFTER_CALL
    assert table.asked() == {2}
    assert table.offers(2) == hand_discards("7m147p147s1234z")


def test_chi_when_nobody_pons() -> None:
    # The chi alone is made; the called tile came from the left: from 3. Kuikae (§17.1 #34) forbids only the
    # 3m itself here: the other end of 123m would be 0m, which does not exist.
    wall = deal(CALLS)
    table = Table(wall)
    table.step({0: "3m"})
    events = table.step({1: "chi12m"})
    discarded = pick(wall.hand(0), "3m")[0]
    meld = Meld(MeldType.CHI, tuple(sorted([*pick(wall.hand(1), "12m"), discarded])), discarded, 3)
    assert events == (MeldCalled(seat=1, meld=meld, discarder=0),)
    assert table.offers(1) == hand_discards("45m369p369s123z")


def test_ron_beats_pon_and_chi_in_one_apply() -> None:
    # Seat 3 waits on 3m with 12m (penchan) and a chun triplet. Ron > pon > chi: only the win happens.
    # Value (§5, §6): yakuhai chun 1 han; fu 20 + closed ron 10 + concealed honor triplet 8 + penchan 2 = 40.
    # B = 40 * 2^3 = 320, non-dealer ron 4B = 1280 -> 1300, paid by the discarder.
    hands = {**CALLS, 3: "12m456p789p55s777z"}
    table = Table(deal(hands))
    table.step({0: "3m"})
    assert table.offers(3) == {"ron", "pass"}
    events = table.step({1: "chi12m", 2: "pon", 3: "ron"})
    assert kinds(events) == ["HandWon", "RoundEnded"]
    won = events[0]
    assert isinstance(won, HandWon)
    assert (won.seat, won.discarder, won.value.han, won.value.fu) == (3, 0, 1, 40)
    assert dict(won.value.yaku) == {"yakuhai_chun": 1}
    ended = events[1]
    assert isinstance(ended, RoundEnded)
    assert (ended.kind, ended.winners, ended.deltas) == ("win", (3,), (-1300, 0, 0, 1300))
    assert ended.scores == (23700, 25000, 25000, 26300)


def test_daiminkan_from_anyone_then_rinshan_and_late_kan_dora() -> None:
    # Seat 3 holds 333m: pon or daiminkan on anyone's discard (§2.3). The kan came from seat 0, the player on
    # seat 3's right: from 1. After a daiminkan the caller draws a replacement tile (§2.6 step 5); the live
    # wall ends one tile earlier (§1.3): 70 - 1 replacement - 1 draw = 68 left. Default kan-dora timing (§17.1
    # #26): an open kan's indicator is turned after the kan player's discard.
    hands = {**CALLS, 2: "79m147p147s12345z", 3: "3338m258p369s145z"}
    wall = deal(hands)
    table = Table(wall)
    table.step({0: "3m"})
    assert table.asked() == {1, 3}
    assert table.offers(3) == {"pon33m", "kan", "pass"}
    events = table.step({1: "chi12m", 3: "kan"})  # the kan beats the chi (§2.3)
    discarded = pick(wall.hand(0), "3m")[0]
    meld = Meld(MeldType.DAIMINKAN, tuple(sorted([*pick(wall.hand(3), "333m"), discarded])), discarded, 1)
    assert events == (
        MeldCalled(seat=3, meld=meld, discarder=0),
        TileDrawn(seat=3, tile=wall.rinshan_tile(0), rinshan=True, tiles_left=68),
    )
    events = table.step({3: "t"})
    assert events[:2] == (
        TileDiscarded(seat=3, tile=wall.rinshan_tile(0), tsumogiri=True, riichi=False),
        DoraRevealed(indicator=wall.dora_indicator(1)),
    )
    assert events[-1] == TileDrawn(seat=0, tile=wall.live_tile(1), rinshan=False, tiles_left=67)


# Kuikae (§2.3): (seat 1's hand, seat 0's discard, the call, tiles left after the call, forbidden discards
# under "forbidden" / "suji_allowed" / "allowed"). Genbutsu = the called kind; suji = the other end of a
# sequence extended at one end ([003] 678m + chi 9m -> not 6m; [001] 456p + chi 3p -> not 6p); a kanchan chi
# (46m + 5m) has no suji tile (§16, general knowledge); after a pon only the same kind is forbidden ([000]).
KUIKAE = [
    ("6789m147p258s123z", "9m", "chi78m", "69m147p258s123z", ({"d6m", "d9m"}, {"d9m"}, set())),
    ("3456p147m258s123z", "3p", "chi45p", "36p147m258s123z", ({"d3p", "d6p"}, {"d3p"}, set())),
    ("45678m147p258s12z", "5m", "chi46m", "578m147p258s12z", ({"d5m"}, {"d5m"}, set())),
    ("333p147m258s1234z", "3p", "pon", "3p147m258s1234z", ({"d3p"}, {"d3p"}, set())),
]


@pytest.mark.parametrize("option_index, option", [(0, "forbidden"), (1, "suji_allowed"), (2, "allowed")])
@pytest.mark.parametrize("hand, thrown, call, rest, forbidden", KUIKAE)
def test_kuikae_options(
    option_index: int,
    option: str,
    hand: str,
    thrown: str,
    call: str,
    rest: str,
    forbidden: tuple[set[str], ...],
) -> None:
    table = Table(deal({0: thrown + "1m9p1s9s4567z26s28p", 1: hand}), RuleSet(kuikae=option))
    table.play({0: thrown}, {1: call})
    assert table.state.phase is Phase.AFTER_CALL
    assert table.offers(1) == hand_discards(rest) - forbidden[option_index]


@pytest.mark.parametrize(
    "option, offered",
    [
        ("forbidden", {"pon44m", "pass"}),
        ("suji_allowed", {"pon44m", "chi56m", "pass"}),
        ("allowed", {"pon44m", "chi56m", "pass"}),
    ],
)
def test_a_call_that_leaves_no_legal_discard_is_not_offered(option: str, offered: set[str]) -> None:
    # Seat 1 pons 1z and 2z, leaving 44m 56m 777m. Chi 56m on the dealer's 4m would leave 44m 777m: all
    # genbutsu (4m) or suji (7m) under "forbidden", so that chi is not offered; with suji allowed 7m may go.
    # The pon of 4m leaves 56m 777m, always discardable.
    hands = {0: "4m369m258p258s167z", 1: "11z22z44m56m777m9p9s", 2: "1289m147p147s235z"}
    table = Table(deal(hands), RuleSet(kuikae=option))
    table.play({0: "1z"}, {1: "pon"}, {1: "9p"}, {2: "2z"}, {1: "pon"}, {1: "9s"})
    table.tsumogiri(2)
    while table.state.phase is not Phase.TURN:
        table.step({})
    assert table.state.seat == 0
    table.step({0: "4m"})
    assert table.offers(1) == offered
