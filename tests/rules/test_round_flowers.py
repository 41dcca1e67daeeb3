"""Round engine scenarios for the flowers option (RULES.md §1.1, seed [000]; our decisions in README.md):
a flower is set aside at the holder's own turn and replaced from the dead wall, counts one dora on a win, and
the dora indicator moves to the fifth stack of the 18-tile dead wall.

Every expectation is worked out in the comment above it; seat 0 deals, seat 1 plays next. With flowers the
wall is 140 tiles: 18 in the dead wall, 52 dealt, 70 live draws (69 after the dealer's first).
"""

from __future__ import annotations

import pytest

from rules.actions import Discard, Flower
from rules.events import ExhaustiveDraw, FlowerRevealed, TileDrawn
from rules.round import Phase, apply, legal_actions, start_round
from rules.ruleset import RuleSet, preset
from rules.tiles import TILE_COUNT
from rules.wall import Wall, shuffled_wall
from tests.rules.scenario import Table, deal, yaku

FLOWERS = RuleSet(flowers=True)
SPRING, SUMMER, AUTUMN, WINTER = range(TILE_COUNT, TILE_COUNT + 4)


def test_the_set_has_140_tiles_and_the_dora_indicator_on_the_fifth_stack() -> None:
    # §1.1 [000]: four flowers join the set; 8 replacement tiles lie before the first dora indicator.
    wall = shuffled_wall(7, flowers=True)
    assert wall.size == 140
    assert sorted(wall.tiles)[-4:] == [SPRING, SUMMER, AUTUMN, WINTER]
    assert wall.live_draws(0) == 70
    dead = wall.tiles[-18:]
    assert [wall.rinshan_tile(index) for index in range(8)] == list(dead[:8])
    assert [wall.dora_indicator(index) for index in range(5)] == list(dead[8:13])
    assert [wall.ura_indicator(index) for index in range(5)] == list(dead[13:18])
    state, _ = start_round(FLOWERS, wall)
    assert state.tiles_left == 69


def test_a_wall_must_match_the_flowers_option() -> None:
    with pytest.raises(ValueError, match="flowers"):
        start_round(FLOWERS, shuffled_wall(7))
    with pytest.raises(ValueError, match="flowers"):
        start_round(RuleSet(), shuffled_wall(7, flowers=True))


def test_a_flower_is_set_aside_and_replaced_from_the_dead_wall() -> None:
    # The dealer holds spring: he may set it aside (never discard it); the replacement comes from the dead
    # wall and the live wall ends one tile earlier: 69 - 1 = 68 left.
    wall = deal({0: "1f"}, draws="1s", rinshan="9m", flowers=True)
    table = Table(wall, FLOWERS)
    offers = table.offers(0)
    assert "flower1f" in offers
    assert not any(name.endswith("1f") and name[0] in "dt" for name in offers)
    events = table.step({0: "flower1f"})
    assert events == (
        FlowerRevealed(seat=0, tile=SPRING),
        TileDrawn(seat=0, tile=wall.rinshan_tile(0), rinshan=True, tiles_left=68),
    )
    player = table.state.players[0]
    assert player.flowers == (SPRING,)
    assert SPRING not in player.hand
    assert len(player.hand) == 14
    # no call: the first go-around goes on
    assert table.state.uninterrupted
    table.step({0: "t"})
    assert table.state.players[1].hand.count(wall.live_tile(1)) == 1


def test_a_flower_replaced_by_a_flower_is_set_aside_again() -> None:
    wall = deal({0: "2f"}, rinshan="4f9m", flowers=True)
    table = Table(wall, FLOWERS)
    table.step({0: "flower2f"})
    assert table.drawn == "4f"
    assert "flower4f" in table.offers(0)
    events = table.step({0: "flower4f"})
    assert events[-1] == TileDrawn(seat=0, tile=wall.rinshan_tile(1), rinshan=True, tiles_left=67)
    assert table.state.players[0].flowers == (SUMMER, WINTER)


def test_a_held_flower_leaves_the_hand_noten() -> None:
    # 123m 456m 789m 11p 2p + autumn: twelve tiles and a flower wait on nothing. No riichi is offered, the 3p
    # that would complete 123p is no ron, and the hand is noten at the exhaustive draw.
    wall = deal({1: "123m456m789m11p2p3f"}, flowers=True)
    table = Table(wall, FLOWERS)
    assert table.state.players[1].waits == ()
    table.tsumogiri(1)
    while table.state.phase is not Phase.TURN:
        table.step({})
    assert not any(name.startswith("r") for name in table.offers(1))
    assert "flower3f" in table.offers(1)
    table.to_end()  # seat 1 discards its draws and keeps the flower to the end
    (draw,) = [event for event in table.events if isinstance(event, ExhaustiveDraw)]
    assert 1 not in draw.tenpai


def test_a_riichi_hand_that_draws_a_flower_may_only_set_it_aside() -> None:
    # Seat 1 (123p 456p 789p 11s 23m) draws 5z, riichis with it on 1m-4m, and then draws winter.
    wall = deal({1: "123p456p789p11s23m"}, seat_draws={1: "5z4f"}, flowers=True)
    table = Table(wall, FLOWERS)
    table.play({0: "t"}, {1: "r5z"})
    while not (table.state.seat == 1 and table.state.phase is Phase.TURN):
        table.step({table.state.seat: "t"})
    assert table.drawn == "4f"
    assert table.offers(1) == {"flower4f"}
    table.step({1: "flower4f"})
    assert table.state.players[1].riichi
    assert table.state.players[1].flowers == (WINTER,)


def test_a_win_counts_each_flower_as_dora() -> None:
    # Seat 1 sets spring and summer aside, then wins by tsumo: 123m 456m 789m 11p 23p + 4p.
    # ittsu 2 + pinfu 1 + menzen tsumo 1 + 2 flowers = 6 han, haneman: a non-dealer's tsumo takes 3000 from
    # each non-dealer and 6000 from the dealer (without the flowers: 4 han 20 fu, 700/1300).
    wall = deal({1: "1f2f123m456m789m11p"}, seat_draws={1: "23p4p"}, rinshan="8s9s", flowers=True)
    table = Table(wall, FLOWERS)
    table.play({0: "t"}, {1: "flower1f"}, {1: "flower2f"}, {1: "t"})
    table.play({2: "t"}, {3: "t"}, {0: "t"}, {1: "d8s"})
    table.play({2: "t"}, {3: "t"}, {0: "t"})
    while table.state.phase is not Phase.TURN:
        table.step({})
    assert table.drawn == "4p"
    table.step({1: "tsumo"})
    won = table.wins()[0]
    assert yaku(won) == {"ittsu": 2, "pinfu": 1, "menzen_tsumo": 1, "flower": 2}
    assert table.ended.deltas == (-6000, 12000, -3000, -3000)


def test_a_flower_as_the_dora_indicator_points_at_the_flowers() -> None:
    # The indicator is autumn: each flower set aside counts a second time. Seat 1 sets spring aside on its
    # first draw (3p), discards the replacement and wins on its next draw (4p), with one flower:
    # ittsu 2 + pinfu 1 + menzen tsumo 1 + flower 1 + dora 1 (the flower again) = 6 han.
    wall = deal({1: "1f123m456m789m11p2p"}, seat_draws={1: "3p4p"}, rinshan="8s", dora="3f", flowers=True)
    table = Table(wall, FLOWERS)
    table.play({0: "t"}, {1: "flower1f"}, {1: "t"})
    table.play({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"})
    assert yaku(table.wins()[0]) == {"ittsu": 2, "pinfu": 1, "menzen_tsumo": 1, "flower": 1, "dora": 1}


def test_a_flower_as_the_last_tile() -> None:
    # The last live tile (draw 69, seat 1's) is summer. Seat 1 may still set it aside; the replacement comes
    # from the dead wall, the live wall has nothing left to give (0, never below), and a win on the
    # replacement is rinshan kaihou, not haitei. Without the win the hand is over after that discard.
    wall = deal({1: "123m456m789m11p23p"}, at={69: "2f"}, rinshan="4p", flowers=True)
    table = Table(wall, FLOWERS)
    table.tsumogiri(69)
    assert table.state.seat == 1
    assert table.state.tiles_left == 0
    assert table.drawn == "2f"
    assert "flower2f" in table.offers(1)
    assert "tsumo" not in table.offers(1)
    events = table.step({1: "flower2f"})
    assert events[-1] == TileDrawn(seat=1, tile=wall.rinshan_tile(0), rinshan=True, tiles_left=0)
    assert "tsumo" in table.offers(1)
    table.step({1: "tsumo"})
    won = table.wins()[0]
    assert "rinshan" in yaku(won)
    assert "haitei" not in yaku(won)


def test_the_last_tile_flower_then_a_discard_ends_the_hand() -> None:
    wall = deal({}, at={69: "2f"}, rinshan="9s", flowers=True)
    table = Table(wall, FLOWERS)
    table.tsumogiri(69)
    table.step({1: "flower2f"})
    table.step({1: "t"})
    assert table.state.phase is Phase.ENDED
    assert table.ended.kind == "exhaustive"


def test_a_dealer_win_on_his_first_flower_replacement_is_tenhou() -> None:
    # Setting a flower aside is no call: the first go-around is not broken, so the dealer's win on the
    # replacement tile is still tenhou (and the yakuman leaves rinshan and the flower uncounted).
    wall = deal({0: "1f123m456m789m11p2p"}, draws="3p", rinshan="4p", flowers=True)
    table = Table(wall, FLOWERS)
    table.step({0: "flower1f"})
    table.step({0: "tsumo"})
    assert "tenhou" in yaku(table.wins()[0])


def test_every_own_turn_offers_each_flower_in_hand() -> None:
    state, _ = start_round(FLOWERS, _wall_with_dealer_flowers())
    offered = {action.tile for action in legal_actions(state)[0] if isinstance(action, Flower)}
    assert offered == {SPRING, AUTUMN}
    discards = {action.tile for action in legal_actions(state)[0] if isinstance(action, Discard)}
    assert not discards & {SPRING, AUTUMN}
    state, _ = apply(state, {0: Flower(AUTUMN)})
    assert {action.tile for action in legal_actions(state)[0] if isinstance(action, Flower)} == {SPRING}


def _wall_with_dealer_flowers() -> Wall:
    return deal({0: "1f3f"}, flowers=True)


def test_the_boxed_game_preset_has_flowers() -> None:
    assert preset("seed-deluxe").flowers
    assert not any(preset(name).flowers for name in ("standard", "tenhou", "mahjong-soul", "seed-netmahjong"))
