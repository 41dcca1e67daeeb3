"""Round engine scenarios for riichi and furiten (RULES.md §2.4, §3, §17.1 #29-#33): the conditions, the
deposit, what may follow a declaration, riichi ankan, double riichi, ippatsu and the three kinds of furiten.

Every expectation is worked out from RULES.md in the comment above it; seat 0 deals, seat 1 plays next.
"""

from __future__ import annotations

import pytest

from rules.events import MeldCalled, RiichiAccepted, TileDiscarded, TileDrawn
from rules.round import Phase
from rules.ruleset import RuleSet
from tests.rules.scenario import Table, deal, kinds, yaku

TENPAI = "123m456p789s1122z"  # waits 1z/2z (shanpon)


def riichi_names(table: Table, seat: int) -> set[str]:
    return {name for name in table.offers(seat) if name.startswith("r")}


def advance_to(table: Table, seat: int, tiles_left: int) -> None:
    """Tsumogiri and pass until ``seat`` has drawn with ``tiles_left`` live tiles to come."""
    state = table.state
    while not (state.phase is Phase.TURN and state.seat == seat and state.tiles_left == tiles_left):
        table.tsumogiri(1) if state.phase is Phase.TURN else table.step({})
        state = table.state


@pytest.mark.parametrize("points, offered", [(900, set()), (1000, {"rt3z"})])
def test_riichi_needs_1000_points(points: int, offered: set[str]) -> None:
    # §2.4 [001]: the player must have at least 1000 points (exactly 1000 is enough).
    table = Table(deal({0: TENPAI}, draws="3z"), scores=(points, 25000, 25000, 25000))
    assert riichi_names(table, 0) == offered


def test_riichi_needs_four_live_tiles() -> None:
    # §2.4 [001]: the live wall must hold at least 4 tiles ([003]: not with 3 or fewer). Seat 1 draws with 4
    # tiles still to come (draw 65 of 70), seat 2 with 3 (draw 66); both are closed and tenpai, so the drawn
    # tile could go with riichi: only seat 1 may declare.
    table = Table(deal({1: "234m567p678s11z99m", 2: "345p678m234s22z88s"}))
    advance_to(table, 1, 4)
    assert "rt" + table.drawn in riichi_names(table, 1)
    advance_to(table, 2, 3)
    assert riichi_names(table, 2) == set()


def test_no_riichi_with_an_open_hand() -> None:
    # §2.4: riichi needs a closed hand. Seat 1 pons 2z and waits on 9s (tenpai), but is offered no riichi.
    table = Table(deal({0: "2z", 1: "22z345m678p234s9s1p"}))
    table.play({0: "2z"}, {1: "pon"}, {1: "1p"})
    advance_to(table, 1, table.state.tiles_left - 3)
    assert riichi_names(table, 1) == set()


def test_riichi_deposit_then_only_tsumogiri() -> None:
    # §2.4: the 1000 stick is placed once the declaration tile is not ronned (RiichiAccepted after the
    # discard, before the next draw). After riichi a tile that does not win is discarded as drawn: the only
    # choice.
    wall = deal({0: TENPAI}, seat_draws={0: "3z9m"})
    table = Table(wall)
    assert table.step({0: "rt"}) == (
        TileDiscarded(seat=0, tile=wall.live_tile(0), tsumogiri=True, riichi=True),
        RiichiAccepted(seat=0, scores=(24000, 25000, 25000, 25000), riichi_sticks=1),
        TileDrawn(seat=1, tile=wall.live_tile(1), rinshan=False, tiles_left=68),
    )
    table.tsumogiri(3)
    assert table.state.seat == 0
    assert table.offers(0) == {"t9m"}


def test_ronned_declaration_tile_voids_the_riichi() -> None:
    # §2.4 [000 Q1]: the discarder pays the ron but no deposit. Seat 1 waits on 3z (tanki) with ittsu: 2 han;
    # fu 20 + closed ron 10 + tanki 2 = 32 -> 40; B = 40 * 2^4 = 640, ron 2560 -> 2600.
    table = Table(deal({0: TENPAI, 1: "123p456p789p234s3z"}, draws="3z"))
    events = table.step({0: "rt"})
    assert kinds(events) == ["TileDiscarded"]
    assert table.offers(1) == {"ron", "pass"}
    events = table.step({1: "ron"})
    assert kinds(events) == ["HandWon", "RoundEnded"]
    assert yaku(table.wins()[0]) == {"ittsu": 2}
    ended = table.ended
    assert (ended.deltas, ended.scores, ended.riichi_sticks) == (
        (-2600, 2600, 0, 0),
        (22400, 27600, 25000, 25000),
        0,
    )


def test_called_declaration_tile_keeps_the_riichi() -> None:
    # §2.4 [000 Q2]: a pon of the declaration tile proceeds and the riichi stands: the stick is placed before
    # the call. The dealer then only discards what he draws (seat 2's pon skips seat 1: the dealer's next draw
    # is the third live tile, after seat 3's).
    table = Table(deal({0: TENPAI, 2: "33z1m"}, draws="3z", at={2: "9m"}))
    table.step({0: "rt"})
    assert table.offers(2) == {"pon33z", "pass"}
    events = table.step({2: "pon"})
    assert kinds(events) == ["RiichiAccepted", "MeldCalled"]
    assert events[0] == RiichiAccepted(seat=0, scores=(24000, 25000, 25000, 25000), riichi_sticks=1)
    assert isinstance(events[1], MeldCalled)
    assert events[1].seat == 2
    table.play({2: "1m"}, {3: "t"})
    assert (table.state.seat, table.offers(0)) == (0, {"t9m"})


# [003]'s example: 111m 23m 56777s EEE waits 1m 4m 4s 7s. Drawing E, the ankan keeps those waits: offered
# (also under "composition": E is a triplet in every reading). Drawing 1m: it wins; an ankan of 1m would leave
# only 1m 4m, so it is not offered. 3334666m 111z 222z waits 2m 4m 5m before and after an ankan of 6m, but
# 3334 5 666m also reads 333m 456m 66m: "waits" allows it, "composition" ([002]) does not.
RIICHI_ANKAN = [
    ("11123m56777s111z", "1z", "waits", {"t1z", "ankan1z"}),
    ("11123m56777s111z", "1z", "composition", {"t1z", "ankan1z"}),
    ("11123m56777s111z", "1m", "waits", {"tsumo", "t1m"}),
    ("3334666m111z222z", "6m", "waits", {"t6m", "ankan6m"}),
    ("3334666m111z222z", "6m", "composition", {"t6m"}),
]


@pytest.mark.parametrize("hand, drawn, option, offered", RIICHI_ANKAN)
def test_riichi_ankan(hand: str, drawn: str, option: str, offered: set[str]) -> None:
    table = Table(deal({0: hand}, seat_draws={0: "9p" + drawn}), RuleSet(riichi_ankan=option))
    table.step({0: "rt"})
    table.tsumogiri(3)
    while table.state.phase is not Phase.TURN:
        table.step({})
    assert table.state.seat == 0
    assert table.offers(0) == offered


# Seat 1 (234m 567p 345s 678s 9p, tanki 9p) declares riichi with its first discard and later draws 9p. Base
# value: menzen tsumo 1; fu 20 + tsumo 2 + tanki 2 = 24 -> 30. Double riichi (§2.4) is 2 han when it is the
# player's first discard with no call before; ippatsu (§2.4) when the win comes before his next discard with
# no call by anyone; the default ippatsu_cancelled_by_own_ankan (§17.1 #32) makes his own ankan a call too.
SEAT1 = "234m567p345s678s9p"


def test_double_riichi_and_ippatsu() -> None:
    # 2 + 1 + 1 = 4 han 30 fu: B = 1920; the dealer pays 3840 -> 3900, the others 2000 each: 7900, and the
    # winner's own stick comes back: deltas -3900 / +7900 / -2000 / -2000.
    table = Table(deal({1: SEAT1}, seat_draws={1: "1z9p"}))
    table.tsumogiri(1)
    table.step({1: "rt"})
    table.tsumogiri(3)
    table.step({1: "tsumo"})
    assert yaku(table.wins()[0]) == {"double_riichi": 2, "ippatsu": 1, "menzen_tsumo": 1}
    assert table.ended.deltas == (-3900, 7900, -2000, -2000)


def test_a_call_before_the_first_discard_means_plain_riichi() -> None:
    # Seat 3 pons the dealer's first discard before seat 1's first turn: riichi is then 1 han. 3 han 30 fu:
    # B = 960, the dealer pays 1920 -> 2000, the others 1000: total 4000.
    wall = deal({0: "7z", 1: SEAT1, 3: "77z1m"}, at={2: "1z", 6: "9p"})
    table = Table(wall)
    table.play({0: "7z"}, {3: "pon"}, {3: "1m"}, {0: "t"}, {1: "rt"})
    table.tsumogiri(3)
    table.step({1: "tsumo"})
    assert yaku(table.wins()[0]) == {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1}
    assert table.ended.deltas == (-2000, 4000, -1000, -1000)


def test_ron_within_the_first_go_around_is_ippatsu() -> None:
    # Seat 2 discards 9p right after the declaration: double riichi 2 + ippatsu 1.
    table = Table(deal({1: SEAT1, 2: "9p"}, seat_draws={1: "1z"}))
    table.tsumogiri(1)
    table.play({1: "rt"}, {2: "9p"}, {1: "ron"})
    assert yaku(table.wins()[0]) == {"double_riichi": 2, "ippatsu": 1}


def test_a_call_by_another_player_cancels_ippatsu() -> None:
    # After the declaration seat 3 pons seat 2's 5z: no ippatsu. (The order is 1 -> 2 -> 3 (pon) -> 0 -> 1, so
    # seat 1's next draw is live draw 4.)
    wall = deal({1: SEAT1, 2: "5z", 3: "55z1m"}, at={1: "1z", 4: "9p"})
    table = Table(wall)
    table.tsumogiri(1)
    table.play({1: "rt"}, {2: "5z"}, {3: "pon"}, {3: "1m"}, {0: "t"}, {1: "tsumo"})
    assert yaku(table.wins()[0]) == {"double_riichi": 2, "menzen_tsumo": 1}


def test_the_riichi_players_next_discard_ends_ippatsu() -> None:
    table = Table(deal({1: SEAT1}, seat_draws={1: "1z1p9p"}))
    table.tsumogiri(1)
    table.step({1: "rt"})
    table.tsumogiri(7)
    table.step({1: "tsumo"})
    assert yaku(table.wins()[0]) == {"double_riichi": 2, "menzen_tsumo": 1}


@pytest.mark.parametrize("cancels, extra", [(True, {}), (False, {"ippatsu": 1})])
def test_own_ankan_and_ippatsu(cancels: bool, extra: dict[str, int]) -> None:
    # Seat 1 (234m 567p 678s 111z 9p) declares riichi, draws the fourth East: the ankan keeps the tanki 9p
    # wait, so it is allowed (§2.4); the replacement tile 9p wins. Yaku: double riichi 2, menzen tsumo 1,
    # rinshan 1, East (the round wind) 1, and ippatsu only when the option says an own ankan does not cancel
    # it (§2.4 ⚠, §16).
    wall = deal({1: "234m567p678s111z9p"}, seat_draws={1: "1s1z"}, rinshan="9p")
    table = Table(wall, RuleSet(ippatsu_cancelled_by_own_ankan=cancels))
    table.tsumogiri(1)
    table.step({1: "rt"})
    table.tsumogiri(3)
    assert table.offers(1) == {"t1z", "ankan1z"}
    table.play({1: "ankan1z"}, {1: "tsumo"})
    expected = {"double_riichi": 2, "menzen_tsumo": 1, "rinshan": 1, "yakuhai_round_wind": 1}
    assert yaku(table.wins()[0]) == expected | extra


# --- furiten (§3) -------------------------------------------------------------------------------------------

PINFU_14M = "23m456p678s345s88s"  # waits 1m/4m, pinfu on both


@pytest.mark.parametrize("called", [False, True])
def test_discard_furiten_blocks_ron_but_not_tsumo(called: bool) -> None:
    # Seat 1 (234m 456p 678s 345s 8s) draws 8s and discards 4m: waits 1m/4m with 4m in its own discards, so no
    # ron on any wait ([000]: "any of his waits"), even when that 4m was called by seat 3 ([000]: called tiles
    # still count). Tsumo stays allowed. Without a call the dealer's 1m comes at his second turn (draw 4);
    # after seat 3's pon the dealer's next turn is draw 2. Either way seat 1 then draws 1m and may win by
    # tsumo.
    hands = {0: "1m", 1: "234m456p678s345s8s", 3: "44m9p" if called else "9p"}
    seat1_draw = 3 if called else 5
    wall = deal(hands, draws="9s8s", at={seat1_draw: "1m"})
    table = Table(wall)
    table.play({0: "t"}, {1: "4m"})
    if called:
        table.play({3: "pon"}, {3: "9p"})
    else:
        table.tsumogiri(2)
    table.step({0: "1m"})
    assert table.offers(1) == {"chi23m", "pass"}  # no ron
    events = table.step({1: "pass"})
    assert isinstance(events[-1], TileDrawn)
    assert (events[-1].seat, events[-1].tile) == (1, wall.live_tile(seat1_draw))
    assert "tsumo" in table.offers(1)


def test_temporary_furiten_until_the_next_draw() -> None:
    # Seat 1 passes seat 2's 1m: no ron on any wait until its own next draw ([000][001][003]), so seat 3's and
    # the dealer's 4m are not offered; after seat 1 has drawn, seat 2's 4m is.
    hands = {0: "4m", 1: PINFU_14M, 2: "1m4m", 3: "4m"}
    table = Table(deal(hands, draws="9s", seat_draws={1: "1p9p"}))
    table.play({0: "t"}, {1: "t"}, {2: "1m"})
    assert table.offers(1) == {"ron", "pass"}
    table.step({1: "pass"})
    assert kinds(table.step({3: "4m"})) == ["TileDiscarded", "TileDrawn"]  # nobody is asked
    table.step({0: "4m"})
    assert table.offers(1) == {"chi23m", "pass"}  # no ron
    table.play({1: "pass"}, {1: "t"}, {2: "4m"})
    assert table.offers(1) == {"ron", "pass"}


def _furiten_lasts_until_seat_1_draws(table: Table) -> None:
    """Seat 1, in same-turn furiten on 1m-4m after its own call and discard: seat 2's 4m and the dealer's
    4m are not offered to it; after its next draw from the wall, seat 3's 4m is."""
    assert kinds(table.step({2: "4m"})) == ["TileDiscarded", "TileDrawn"]  # nobody is asked
    table.tsumogiri(1)
    table.step({0: "4m"})
    assert table.offers(1) == {"chi23m", "pass"}  # no ron
    table.play({1: "pass"}, {1: "t"}, {2: "t"}, {3: "4m"})
    assert table.offers(1) == {"ron", "pass"}


def test_temporary_furiten_survives_the_players_own_pon() -> None:
    # [001]: only a draw from the wall lifts it, not the player's own pon. Seat 1 (23m 777z 678p 99p 666s,
    # waits 1m/4m with chun) passes 1m, pons 6s and discards 6s (kuikae allowed here, to keep the same waits);
    # seat 2's 4m and the dealer's 4m are then not offered; after seat 1's next draw seat 3's 4m is.
    hands = {0: "4m", 1: "23m777z678p99p666s", 2: "1m4m", 3: "6s4m"}
    table = Table(deal(hands, draws="9s1p", at={7: "9p"}), RuleSet(kuikae="allowed"))
    table.play({0: "t"}, {1: "t"}, {2: "1m"}, {1: "pass"}, {3: "6s"}, {1: "pon"}, {1: "6s"})
    _furiten_lasts_until_seat_1_draws(table)


def test_temporary_furiten_survives_the_players_own_chi_and_its_discard() -> None:
    # As with a pon: seat 1 (23m 777z 678p 99p 45s 6s, waits 1m/4m with chun) passes seat 2's 1m, chis the
    # dealer's 6s and discards 6s (kuikae allowed here, to keep the same waits). The discard after the call is
    # not a draw from the wall, so seat 2's 4m and the dealer's 4m are still not offered (kobalab's engine
    # would offer them: it lifts the furiten at that discard); after seat 1's next draw seat 3's 4m is.
    hands = {0: "6s4m", 1: "23m777z678p99p45s6s", 2: "1m4m", 3: "4m"}
    table = Table(deal(hands, seat_draws={1: "1p9s9s"}), RuleSet(kuikae="allowed"))
    table.play({0: "t"}, {1: "t"}, {2: "1m"}, {1: "pass"}, {3: "t"}, {0: "6s"})
    assert "chi45s" in table.offers(1)
    table.play({1: "chi45s"}, {1: "6s"})
    _furiten_lasts_until_seat_1_draws(table)


def test_choosing_a_call_over_ron_is_a_pass_for_furiten() -> None:
    # [001]: furiten follows when a player does not ron his winning tile "for whatever reason". Seat 1 (45m
    # 234p 567p 678s 99s, pinfu on 3m/6m) answers the dealer's 3m with chi instead of ron; seat 2's pon wins
    # the tile. Seat 1 has still let 3m go: seat 3's 6m, before seat 1's next draw, is not offered to it.
    hands = {0: "3m", 1: "45m234p567p678s99s", 2: "33m9p", 3: "6m"}
    table = Table(deal(hands))
    table.step({0: "3m"})
    assert table.offers(1) == {"ron", "chi45m", "pass"}
    table.play({1: "chi45m", 2: "pon"}, {2: "9p"}, {3: "6m"})
    assert table.offers(1) == set()


@pytest.mark.parametrize("passed_first, offered", [(True, set()), (False, {"ron", "pass"})])
def test_temporary_furiten_from_a_wait_without_yaku(passed_first: bool, offered: set[str]) -> None:
    # [001]: passing a wait makes furiten even when ron on it had no yaku. Seat 1 (222p 567p 678s 88s 23m): 1m
    # gives no yaku (not offered), 4m gives tanyao. Once seat 2's 1m has gone by, seat 3's 4m is not offered.
    hands = {1: "222p567p678s88s23m", 2: "1m7z", 3: "4m"}
    table = Table(deal(hands, draws="9s1p"))
    table.play({0: "t"}, {1: "t"})
    events = table.step({2: "1m" if passed_first else "7z"})
    assert kinds(events) == ["TileDiscarded", "TileDrawn"]
    table.step({3: "4m"})
    assert table.offers(1) == offered


def test_riichi_furiten_is_permanent_but_tsumo_stays() -> None:
    # A riichi player who passes a winning tile may not ron for the rest of the hand (§3 kind 3), even after
    # his next draw; he may still win by tsumo.
    hands = {1: PINFU_14M, 2: "1m4m"}
    table = Table(deal(hands, draws="9s", seat_draws={1: "1p9p4m"}))
    table.play({0: "t"}, {1: "rt"}, {2: "1m"})
    assert table.offers(1) == {"ron", "pass"}
    table.step({1: "pass"})
    table.tsumogiri(2)
    assert table.offers(1) == {"t9p"}
    table.play({1: "t"}, {2: "4m"})
    assert table.offers(1) == set()
    table.tsumogiri(2)
    assert table.offers(1) == {"tsumo", "t4m"}
