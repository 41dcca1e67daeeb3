"""Round engine scenarios for kans and the end of the wall (RULES.md §1.5, §2.3, §2.5, §7.5): chankan, kokushi
robbing an ankan, kan dora timing, ura and kan ura, the four-kan limits, suukaikan, haitei and houtei.

Every expectation is worked out from RULES.md in the comment above it; seat 0 deals, seat 1 plays next.
"""

from __future__ import annotations

import pytest

from rules.events import AbortiveDraw, DoraRevealed, MeldCalled, RoundEnded, TileDrawn
from rules.meld import Meld, MeldType
from rules.round import Phase
from rules.ruleset import RuleSet, preset
from tests.rules.scenario import Table, deal, hand_discards, kinds, pick, yaku


def to_turn(table: Table, seat: int, tiles_left: int | None = None) -> None:
    """Tsumogiri and pass until ``seat`` has drawn (with ``tiles_left`` live tiles to come, if given)."""
    state = table.state
    while not (
        state.phase is Phase.TURN
        and state.seat == seat
        and (tiles_left is None or state.tiles_left == tiles_left)
    ):
        table.tsumogiri(1) if state.phase is Phase.TURN else table.step({})
        state = table.state


# Seat 1 pons the dealer's 3p and later draws the fourth 3p. Seat 2 (45p 234m 678s 777z 99s) waits on 3p/6p;
# it passes the dealer's 3p (temporary furiten, lifted by its draw, §3) so that the pon is made.
CHANKAN = {0: "3p", 1: "33p6p1m", 2: "45p234m678s777z99s"}


def kakan_table(**options: object) -> Table:
    wall = deal(CHANKAN, at={1: "9m", 4: "3p"}, rinshan="9s")
    table = Table(wall, RuleSet().with_overrides(options))
    table.play({0: "3p"}, {1: "pon", 2: "pass"}, {1: "1m"})
    to_turn(table, 1)
    return table


def test_chankan_robs_an_added_kan() -> None:
    # §2.3: an added kan can be robbed (chankan, §4). The kan is announced first; seat 2 may then only ron or
    # pass. Value: chankan 1 + chun 1 = 2 han; fu 20 + closed ron 10 + concealed honor triplet 8 = 38 -> 40;
    # B = 640, ron 2560 -> 2600, paid by the kan player.
    table = kakan_table()
    assert "kakan3p" in table.offers(1)
    events = table.step({1: "kakan3p"})
    assert kinds(events) == ["MeldCalled"]
    assert isinstance(events[0], MeldCalled)
    assert (events[0].seat, events[0].meld.type, events[0].discarder) == (1, MeldType.SHOUMINKAN, None)
    assert table.state.phase is Phase.CHANKAN
    assert table.asked() == {2}
    assert table.offers(2) == {"ron", "pass"}
    table.step({2: "ron"})
    won = table.wins()[0]
    assert (won.seat, won.discarder, won.win_tile >> 2) == (2, 1, 11)
    assert yaku(won) == {"chankan": 1, "yakuhai_chun": 1}
    assert table.ended.deltas == (0, -2600, 2600, 0)


def test_passed_chankan_completes_the_kan() -> None:
    # Nobody robs: the kan stands, a replacement tile is drawn (70 live draws - 1 replacement - 5 draws = 64
    # to come); the open kan's dora is turned after the discard (§17.1 #26). Seat 2 let its winning tile go:
    # it is furiten until its next draw (§3; [general knowledge] a passed chankan counts), so seat 1's 6p is
    # not offered to it.
    table = kakan_table()
    table.step({1: "kakan3p"})
    events = table.step({2: "pass"})
    wall = table.state.wall
    assert events == (TileDrawn(seat=1, tile=wall.rinshan_tile(0), rinshan=True, tiles_left=64),)
    events = table.step({1: "6p"})
    assert kinds(events) == ["TileDiscarded", "DoraRevealed"]
    assert events[1] == DoraRevealed(indicator=wall.dora_indicator(1))
    assert table.offers(2) == {"chi45p", "pass"}  # the chi, but no ron


# Seat 1 is kokushi tenpai on 9m (pair 1m); seat 2 (78m 123p 456p 555z 22s) waits on 6m/9m with haku. The
# dealer declares an ankan of 9m. §17.1 #23: kokushi may rob an ankan (option kokushi_chankan_ankan); no other
# hand may.
KOKUSHI = {0: "999m", 1: "11m19p19s1234567z", 2: "78m123p456p555z22s"}


@pytest.mark.parametrize("robbing, answer", [(True, "ron"), (True, "pass"), (False, None)])
def test_kokushi_robs_an_ankan(robbing: bool, answer: str | None) -> None:
    wall = deal(KOKUSHI, draws="9m")
    table = Table(wall, RuleSet(kokushi_chankan_ankan=robbing))
    assert "ankan9m" in table.offers(0)
    events = table.step({0: "ankan9m"})
    meld = Meld(MeldType.ANKAN, tuple(sorted([*pick(wall.hand(0), "999m"), wall.live_tile(0)])))
    assert events[0] == MeldCalled(seat=0, meld=meld, discarder=None)
    # An ankan's dora is turned at once (§1.5 [000]); 70 - 1 replacement - 1 draw = 68 live tiles to come.
    completed = (
        DoraRevealed(indicator=wall.dora_indicator(1)),
        TileDrawn(seat=0, tile=wall.rinshan_tile(0), rinshan=True, tiles_left=68),
    )
    if not robbing:
        assert events[1:] == completed
        return
    assert len(events) == 1
    assert table.asked() == {1}
    assert table.offers(1) == {"ron", "pass"}
    events = table.step({1: answer})
    if answer == "pass":
        assert events == completed
        return
    # Kokushi (single wait) is a yakuman: non-dealer ron 32000 (§6.2), paid by the kan player.
    assert yaku(table.wins()[0]) == {"kokushi": 13}
    assert (table.ended.winners, table.ended.deltas) == ((1,), (-32000, 32000, 0, 0))


# Rinshan kaihou (§2.3, §2.6 step 2): after a kan the replacement tile may win. The dealer holds 123p 456p 78s
# with either 777z 99s, drawing the fourth 7z (the ankan keeps his 6s/9s wait), or 7777z 9s from the deal,
# drawing 9s (only the ankan makes him tenpai on 6s/9s). The replacement 6s wins either way: menzen tsumo 1,
# rinshan 1, chun 1 = 3 han; fu 20 + tsumo 2 + concealed honor kan 32 = 54 -> 60; B = 60 * 2^5 = 1920, dealer
# tsumo 2B = 3840 -> 3900 from each.
@pytest.mark.parametrize("hand, drawn", [("777z123p456p78s99s", "7z"), ("7777z123p456p78s9s", "9s")])
def test_rinshan_kaihou_after_an_ankan(hand: str, drawn: str) -> None:
    table = Table(deal({0: hand}, draws=drawn, rinshan="6s"))
    table.step({0: "ankan7z"})
    assert "tsumo" in table.offers(0)
    table.step({0: "tsumo"})
    assert yaku(table.wins()[0]) == {"menzen_tsumo": 1, "rinshan": 1, "yakuhai_chun": 1}
    assert table.ended.deltas == (11700, -3900, -3900, -3900)


# Kan dora timing (§1.5, §17.1 #26): an ankan's indicator at once; an open kan's (daiminkan, shouminkan) after
# the kan player's discard by default, at once under "immediate"; none at all without kan dora.
def kan_step(kan: str, options: dict[str, object]) -> tuple[Table, tuple[object, ...]]:
    rules = RuleSet().with_overrides(options)
    if kan == "ankan":
        table = Table(deal({0: "111z"}, draws="1z", rinshan="9s"), rules)
        return table, table.step({0: "ankan1z"})
    if kan == "daiminkan":
        table = Table(deal({0: "3m", 3: "333m"}, rinshan="9s"), rules)
        table.step({0: "3m"})
        return table, table.step({3: "kan"})
    table = Table(deal({0: "3p", 1: "33p1m"}, at={4: "3p"}, rinshan="9s"), rules)
    table.play({0: "3p"}, {1: "pon"}, {1: "1m"})
    to_turn(table, 1)
    return table, table.step({1: "kakan3p"})


NOW = ["MeldCalled", "DoraRevealed", "TileDrawn"]
LATER = ["MeldCalled", "TileDrawn"]
ON_DISCARD = ["TileDiscarded", "DoraRevealed", "TileDrawn"]
PLAIN = ["TileDiscarded", "TileDrawn"]


@pytest.mark.parametrize(
    "kan, options, at_kan, at_discard",
    [
        ("ankan", {}, NOW, PLAIN),
        ("ankan", {"kan_dora_timing": "immediate"}, NOW, PLAIN),
        ("daiminkan", {}, LATER, ON_DISCARD),
        ("daiminkan", {"kan_dora_timing": "immediate"}, NOW, PLAIN),
        ("shouminkan", {}, LATER, ON_DISCARD),
        ("shouminkan", {"kan_dora_timing": "immediate"}, NOW, PLAIN),
        ("ankan", {"kan_dora": False}, LATER, PLAIN),
        ("daiminkan", {"kan_dora": False}, LATER, PLAIN),
    ],
)
def test_kan_dora_timing(
    kan: str, options: dict[str, object], at_kan: list[str], at_discard: list[str]
) -> None:
    table, events = kan_step(kan, options)
    assert kinds(events) == at_kan
    events = table.step({table.state.seat: "t"})
    assert kinds(events) == at_discard
    revealed = [event for event in table.events if isinstance(event, DoraRevealed)]
    expected = [] if options.get("kan_dora") is False else [DoraRevealed(table.state.wall.dora_indicator(1))]
    assert revealed == expected


# The dealer (1111m 234p 567p 789s) draws 5z, declares the ankan, draws 6z and declares riichi with it (tanki
# 5z, plain riichi: the ankan came before, §2.4), then draws 5z: riichi 1, ippatsu 1, menzen tsumo 1. Ura
# indicators 9m (-> 1m, four in the ankan) and, under the kan dora, 4p (-> 5p, one held): ura 4 + 1 with kan
# ura, 4 without it, none without ura dora (§1.5).
@pytest.mark.parametrize(
    "options, ura, count",
    [({}, 2, 5), ({"kan_ura": False}, 1, 4), ({"ura_dora": False}, 0, 0)],
)
def test_ura_and_kan_ura(options: dict[str, object], ura: int, count: int) -> None:
    wall = deal({0: "1111m234p567p789s"}, seat_draws={0: "5z5z"}, rinshan="6z", ura="9m4p")
    table = Table(wall, RuleSet().with_overrides(options))
    table.play({0: "ankan1m"}, {0: "rt"})
    table.tsumogiri(3)
    table.step({0: "tsumo"})
    won = table.wins()[0]
    assert won.ura_indicators == (wall.ura_indicator(0), wall.ura_indicator(1))[:ura]
    assert yaku(won) == {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1} | (
        {"ura_dora": count} if count else {}
    )


def test_one_player_with_four_kans_plays_on_and_nobody_kans_again() -> None:
    # §2.3 [000]: at most 4 kans; one player's 4 kans do not abort (he is suukantsu tenpai) and nobody may kan
    # any more. The dealer makes 4 ankans on his first turn (4 kan dora, turned at once) and keeps 7z 6z:
    # tanki either way, so both discards may declare riichi; no fifth kan. Seat 2 holds 666z: pon of the 6z,
    # no daiminkan; seat 1 holds 4444s: no ankan on its turn.
    wall = deal({0: "1111m2222p3333s9p", 1: "4444s", 2: "666z"}, draws="7z", rinshan="9p9p9p6z")
    table = Table(wall)
    for kind in ("1m", "2p", "3s", "9p"):
        table.step({0: "ankan" + kind})
    assert table.offers(0) == {"d7z", "t6z", "rd7z", "rt6z"}
    assert len([event for event in table.events if isinstance(event, DoraRevealed)]) == 4
    assert table.state.tiles_left == 65  # 70 - 4 replacements - 1 draw
    table.step({0: "6z"})
    assert table.offers(2) == {"pon66z", "pass"}
    table.step({2: "pass"})
    assert table.state.seat == 1
    assert not any(name.startswith("ankan") for name in table.offers(1))


def test_no_fifth_kan_when_suukaikan_is_off() -> None:
    # Four kans by two players with the abortive draw switched off: play goes on, but nobody may declare a
    # fifth kan (§2.3 [000][002]): seat 2 holds 6666z and is not offered the ankan.
    wall = deal({0: "1111m2222p3333s9p", 1: "777z", 2: "6666z"}, draws="8p7z", rinshan="1z3z5z9s")
    table = Table(wall, RuleSet(suukaikan=False))
    table.play({0: "ankan1m"}, {0: "ankan2p"}, {0: "ankan3s"}, {0: "1z"}, {1: "ankan7z"}, {1: "t"})
    assert table.state.seat == 2
    assert not any(name.startswith("ankan") for name in table.offers(2))


# Suukaikan (§7.5, §17.1 #40): the dealer makes 3 ankans, seat 1 the fourth (a second player). Default: the
# hand is abandoned after the fourth kan's discard unless it is ronned (or the replacement tile wins);
# "immediate": at the fourth kan, with no replacement draw and no kan dora ([003]).
SUUKAIKAN = {0: "9999m1111s4444z9p", 1: "777z"}


def suukaikan_table(seat1: str = "777z", rinshan: str = "9s", **options: object) -> Table:
    hands = {**SUUKAIKAN, 1: seat1, 2: "12m456p789p55s666z"}
    wall = deal(hands, draws="8p7z", rinshan="1z3z5z" + rinshan)
    table = Table(wall, RuleSet().with_overrides(options))
    table.play({0: "ankan9m"}, {0: "ankan1s"}, {0: "ankan4z"}, {0: "1z"})
    return table


def test_suukaikan_after_the_fourth_kans_discard() -> None:
    table = suukaikan_table()
    assert kinds(table.step({1: "ankan7z"})) == NOW
    events = table.step({1: "t"})
    assert kinds(events) == ["TileDiscarded", "AbortiveDraw", "RoundEnded"]
    assert isinstance(events[1], AbortiveDraw)
    assert events[1].kind == "suukaikan"
    ended = events[2]
    assert isinstance(ended, RoundEnded)
    assert (ended.kind, ended.abortive_kind, ended.winners, ended.deltas) == (
        "abortive",
        "suukaikan",
        (),
        (0, 0, 0, 0),
    )


def test_suukaikan_is_prevented_by_a_ron_on_that_discard() -> None:
    # Seat 2 (12m 456p 789p 55s 666z, penchan 3m with hatsu) rons the 3m seat 1 discards after the fourth kan.
    # 1 han; fu 20 + closed ron 10 + honor triplet 8 + penchan 2 = 40: 1300 from seat 1.
    table = suukaikan_table(rinshan="3m")
    table.play({1: "ankan7z"}, {1: "t"})
    assert table.offers(2) >= {"ron", "pass"}
    table.step({2: "ron"})
    assert (table.ended.kind, table.ended.winners, table.ended.deltas) == ("win", (2,), (0, -1300, 1300, 0))


def test_suukaikan_is_prevented_by_rinshan_kaihou() -> None:
    # Seat 1 (777z 123p 456p 78s 99s) draws 7z, declares the fourth kan and draws 6s: rinshan kaihou wins.
    table = suukaikan_table(seat1="777z123p456p78s99s", rinshan="6s")
    table.step({1: "ankan7z"})
    assert "tsumo" in table.offers(1)
    table.step({1: "tsumo"})
    assert (table.ended.kind, table.ended.winners) == ("win", (1,))
    assert yaku(table.wins()[0]) == {"menzen_tsumo": 1, "rinshan": 1, "yakuhai_chun": 1}


def test_suukaikan_immediate() -> None:
    table = suukaikan_table(suukaikan_timing="immediate")
    events = table.step({1: "ankan7z"})
    assert kinds(events) == ["MeldCalled", "AbortiveDraw", "RoundEnded"]
    assert isinstance(events[-1], RoundEnded)
    assert events[-1].abortive_kind == "suukaikan"


# --- the end of the wall (§2.5) -----------------------------------------------------------------------------

HAITEI = {1: "234m567p345s777z9p"}  # tanki 9p with a chun triplet


def test_haitei() -> None:
    # Seat 1 draws the last live tile (draw 69 of 0..69, nothing left to come) and wins on it: haitei 1,
    # menzen tsumo 1, chun 1.
    table = Table(deal(HAITEI, at={69: "9p"}))
    to_turn(table, 1, tiles_left=0)
    assert "tsumo" in table.offers(1)
    table.step({1: "tsumo"})
    assert yaku(table.wins()[0]) == {"menzen_tsumo": 1, "haitei": 1, "yakuhai_chun": 1}


@pytest.mark.parametrize("last", [False, True])
def test_no_kan_when_the_live_wall_is_empty(last: bool) -> None:
    # The fourth 7z drawn early may be declared as an ankan (and riichi with either 7z keeps the tanki 9p);
    # drawn as the last live tile it may not ([001]: no kan with an empty live wall), nor riichi (fewer than 4
    # tiles).
    table = Table(deal(HAITEI, at={69 if last else 1: "7z"}))
    to_turn(table, 1, tiles_left=0 if last else 68)
    discards = hand_discards("234m567p345s7z9p") | {"t7z"}
    assert table.offers(1) == (discards if last else discards | {"ankan7z", "rt7z", "rd7z"})


# Seat 2 (33m 45m 777p 234s 555z) waits on 3m/6m with haku; it could also pon 33m or chi 45m.
HOUTEI = {2: "33m45m777p234s555z"}


def test_houtei_and_no_calls_on_the_last_discard() -> None:
    # §2.5 [000]: the discard after the last live tile may only be ronned: no pon, no chi. Houtei 1 + haku 1.
    table = Table(deal(HOUTEI, at={69: "3m"}))
    to_turn(table, 1, tiles_left=0)
    table.step({1: "t"})
    assert table.offers(2) == {"ron", "pass"}
    table.step({2: "ron"})
    assert yaku(table.wins()[0]) == {"houtei": 1, "yakuhai_haku": 1}


def test_the_same_discard_earlier_may_be_called() -> None:
    table = Table(deal(HOUTEI, at={1: "3m"}))
    to_turn(table, 1)
    table.step({1: "t"})
    assert table.offers(2) == {"ron", "pon33m", "chi45m", "pass"}


# Two added kans in a row, the second robbed, as in a real Tenhou game (鳳南喰赤): seat 1 pons the dealer's
# 2m and 6p, draws the fourth 6p and adds it (kakan), its replacement tile is the fourth 2m, which it adds at
# once; seat 2 (13m 345p 789s 234s 11z, waiting on 2m with no yaku but chankan) robs it. The first kakan's
# dora waits for a discard that never comes. Tenhou's log shows no new
# indicator: the pending dora is turned only once the next kan stands (a robbed one never does). kobalab's
# script ("連続したカンに槍槓") turns it at the declaration of the robbed kan (option
# pending_kan_dora_on_robbed_kan, its preset).
TWO_KAKANS = {0: "2m6p", 1: "22m66p19s", 2: "13m345p789s234s11z"}


def two_kakans_table(rules: RuleSet) -> Table:
    wall = deal(TWO_KAKANS, at={7: "6p"}, rinshan="2m")
    table = Table(wall, rules)
    table.play({0: "2m"}, {1: "pon"}, {1: "1s"})
    to_turn(table, 0)
    table.play({0: "6p"}, {1: "pon"}, {1: "9s"})
    to_turn(table, 1)
    assert table.drawn == "6p"
    events = table.step({1: "kakan6p"})
    # nobody can rob a 6p: the kan stands, its dora waits, the replacement tile is the fourth 2m
    assert kinds(events) == ["MeldCalled", "TileDrawn"]
    assert table.drawn == "2m"
    return table


@pytest.mark.parametrize(
    "rules, turned",
    [
        (preset("tenhou"), False),
        (preset("standard"), False),
        (preset("mahjong-soul"), False),
        (preset("kobalab"), True),
    ],
    ids=["tenhou", "standard", "mahjong-soul", "kobalab"],
)
def test_a_robbed_second_kakan_turns_no_pending_dora(rules: RuleSet, turned: bool) -> None:
    table = two_kakans_table(rules)
    wall = table.state.wall
    events = table.step({1: "kakan2m"})
    assert kinds(events) == (["MeldCalled", "DoraRevealed"] if turned else ["MeldCalled"])
    assert table.state.phase is Phase.CHANKAN
    table.step({2: "ron"})
    won = table.wins()[0]
    assert (won.seat, won.discarder, won.win_tile >> 2) == (2, 1, 1)
    assert "chankan" in yaku(won)
    revealed = [event.indicator for event in table.events if isinstance(event, DoraRevealed)]
    assert revealed == ([wall.dora_indicator(1)] if turned else [])
    assert table.state.dora_revealed == (2 if turned else 1)


@pytest.mark.parametrize("rules", [preset("tenhou"), preset("kobalab")], ids=["tenhou", "kobalab"])
def test_a_passed_second_kakan_turns_the_pending_dora_then_its_own_after_the_discard(rules: RuleSet) -> None:
    # Tenhou's mjlog: the first kakan's DORA follows the second kan (before its replacement draw); the second
    # kakan's own waits for the discard.
    table = two_kakans_table(rules)
    wall = table.state.wall
    events = table.step({1: "kakan2m"})
    events += table.step({2: "pass"})
    assert kinds(events)[-2:] == ["DoraRevealed", "TileDrawn"]
    assert events[-2] == DoraRevealed(wall.dora_indicator(1))
    events = table.step({1: "t"})
    assert kinds(events)[:2] == ["TileDiscarded", "DoraRevealed"]
    assert events[1] == DoraRevealed(wall.dora_indicator(2))
