"""Round engine scenarios for three players (RULES.md §10): no chi, kita set aside with a replacement draw,
ron on a kita, kita as dora, and the tsumo payments ("equal" split of seed [000], Tenhou's "loss").

Every expectation is worked out from RULES.md in the comment above it; seat 0 deals, seat 1 plays next.
"""

from __future__ import annotations

import pytest

from rules.events import KitaDeclared, MeldCalled, TileDrawn
from rules.round import Phase
from rules.ruleset import RuleSet, preset
from tests.rules.scenario import Table, deal, pick, yaku

SANMA = RuleSet(players=3)


def test_no_chi_with_three_players() -> None:
    # §10: no chi. Seat 1 (23p 56p) is not asked about the dealer's 4p; pon from anyone still works.
    table = Table(deal({0: "4p", 1: "23p56p", 2: "44p"}, players=3), SANMA)
    table.step({0: "4p"})
    assert table.asked() == {2}
    assert table.offers(2) == {"pon44p", "pass"}


@pytest.mark.parametrize("caller, source", [(1, 2), (2, 1)])
def test_three_player_meld_source(caller: int, source: int) -> None:
    # meld.py: with three players "from" is 1 for the next player, 2 for the previous one. The dealer (seat 0)
    # is the previous player of seat 1 and the next player of seat 2.
    wall = deal({0: "4p", caller: "44p"}, players=3)
    table = Table(wall, SANMA)
    table.play({0: "4p"}, {caller: "pon"})
    (called,) = [event for event in table.events if isinstance(event, MeldCalled)]
    assert (called.seat, called.discarder, called.meld.from_seat) == (caller, 0, source)


def test_kita_is_set_aside_with_a_replacement_draw() -> None:
    # §10 [000]: on his own turn a player sets a North aside and draws a replacement tile. 108 - 14 - 39 = 55
    # live draws: 54 after the dealer's first, and the replacement takes the live wall's last tile: 53.
    wall = deal({0: "4z"}, draws="1s", players=3)
    table = Table(wall, SANMA)
    assert "kita" in table.offers(0)
    events = table.step({0: "kita"})
    assert events == (
        KitaDeclared(seat=0, tile=pick(wall.hand(0), "4z")[0]),
        TileDrawn(seat=0, tile=wall.rinshan_tile(0), rinshan=True, tiles_left=53),
    )
    events = table.step({0: "t"})
    assert events[-1] == TileDrawn(seat=1, tile=wall.live_tile(1), rinshan=False, tiles_left=52)


@pytest.mark.parametrize("answer", ["ron", "pass"])
def test_ron_on_a_kita(answer: str) -> None:
    # §10 [000]: a player waiting on North may ron it. Seat 1 (111p 222p 333p 999p, tanki 4z): suuankou tanki,
    # a double yakuman by default: non-dealer ron 2 * 32000 = 64000 from the dealer. If he passes, the kita
    # stands and the dealer draws his replacement tile.
    wall = deal({0: "4z", 1: "111p222p333p999p4z"}, draws="1s", players=3)
    table = Table(wall, SANMA)
    table.step({0: "kita"})
    assert table.state.phase is Phase.KITA_CLAIM
    assert table.offers(1) == {"ron", "pass"}
    events = table.step({1: answer})
    if answer == "pass":
        assert events == (TileDrawn(seat=0, tile=wall.rinshan_tile(0), rinshan=True, tiles_left=53),)
        return
    won = table.wins()[0]
    assert (won.seat, won.discarder, yaku(won)) == (1, 0, {"suuankou_tanki": 26})
    assert table.ended.deltas == (-64000, 64000, 0)


def test_kita_counts_as_dora() -> None:
    # Seat 1 draws 9p, sets its North aside, discards the replacement 1s and later draws 9p again: chinitsu 6
    # + menzen tsumo 1 + kita 1 = 8 han, baiman: 16000 as a ron, split equally (§10 [000]): 8000 from each.
    wall = deal({1: "4z111p234p666p78p9p"}, seat_draws={1: "9p"}, at={4: "9p"}, rinshan="1s", players=3)
    table = Table(wall, SANMA)
    table.play({0: "t"}, {1: "kita"}, {1: "t"}, {2: "t"}, {0: "t"}, {1: "tsumo"})
    assert yaku(table.wins()[0]) == {"chinitsu": 6, "menzen_tsumo": 1, "kita": 1}
    assert table.ended.deltas == (-8000, 16000, -8000)


# A closed chinitsu 111p 234p 666p 78p 99p wins on 9p by tsumo at its second draw: chinitsu 6 + menzen tsumo 1
# = 7 han, haneman (ron value 12000 for a non-dealer, 18000 for the dealer). "equal" ([000]): the two others
# pay half of the ron value each. "loss" (Tenhou, preset tenhou-3p): the usual 4-player shares, the absent
# fourth's share is simply not paid: non-dealer 6000 + 3000, dealer 6000 + 6000.
@pytest.mark.parametrize(
    "rules, winner, deltas",
    [
        (SANMA, 1, (-6000, 12000, -6000)),
        (SANMA, 0, (18000, -9000, -9000)),
        (preset("tenhou-3p"), 1, (-6000, 9000, -3000)),
        (preset("tenhou-3p"), 0, (12000, -6000, -6000)),
    ],
)
def test_three_player_tsumo_payments(rules: RuleSet, winner: int, deltas: tuple[int, ...]) -> None:
    wall = deal(
        {winner: "111p234p666p78p99p"}, seat_draws={winner: "1s9p"}, players=3, red_fives=rules.red_fives
    )
    table = Table(wall, rules)
    while table.state.seat != winner or table.state.phase is not Phase.TURN:
        table.tsumogiri(1) if table.state.phase is Phase.TURN else table.step({})
    table.tsumogiri(1)
    while table.state.seat != winner or table.state.phase is not Phase.TURN:
        table.tsumogiri(1) if table.state.phase is Phase.TURN else table.step({})
    table.step({winner: "tsumo"})
    assert yaku(table.wins()[0]) == {"chinitsu": 6, "menzen_tsumo": 1}
    assert table.ended.deltas == deltas
