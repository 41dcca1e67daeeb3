"""Round engine scenarios for pao (RULES.md §9, §17.1 #41) and for the first-turn yakuman and renhou (§4.2,
§4.3): who pays, and which flags reach scoring.

Every expectation is worked out from RULES.md in the comment above it; seat 0 deals, seat 1 plays next.
"""

from __future__ import annotations

import pytest

from rules.round import Phase
from rules.ruleset import RuleSet
from tests.rules.scenario import Table, deal, yaku

# Seat 1 pons the dealer's 5z and then seat 2's 6z and 7z: seat 2's 7z completed the big three dragons, so
# seat 2 is responsible (§9). Seat 1 is left with 234m and a tanki on 9p. A non-dealer yakuman is 32000
# (§6.2).
DAISANGEN = {0: "5z", 1: "55z66z77z234m9p1s9s8p", 2: "6z7z9p", 3: "9p"}
DRAGON_PONS = (
    {0: "5z"},
    {1: "pon"},
    {1: "1s"},
    {2: "6z"},
    {1: "pon"},
    {1: "9s"},
    {2: "7z"},
    {1: "pon"},
    {1: "8p"},
)


@pytest.mark.parametrize(
    "pao, finish, deltas, responsible",
    [
        # Tsumo: the responsible player pays it all ([000][001]).
        ("big", ({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"}), (0, 32000, -32000, 0), 2),
        # Ron off another player: responsible player and discarder 50/50.
        ("big", ({2: "t"}, {3: "9p"}, {1: "ron"}), (0, 32000, -16000, -16000), 2),
        # Ron off the responsible player himself: he pays it all.
        ("big", ({2: "9p"}, {1: "ron"}), (0, 32000, -32000, 0), 2),
        # No pao ([002] default): an ordinary non-dealer tsumo, 16000 from the dealer and 8000 from each
        # other.
        ("off", ({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"}), (-16000, 32000, -8000, -8000), None),
    ],
)
def test_daisangen_pao(
    pao: str, finish: tuple[dict[int, str], ...], deltas: tuple[int, ...], responsible: int | None
) -> None:
    table = Table(deal(DAISANGEN, at={6: "9p"}), RuleSet(pao=pao))
    table.play(*DRAGON_PONS, *finish)
    won = table.wins()[0]
    assert yaku(won) == {"daisangen": 13}
    assert won.pao == responsible
    assert table.ended.deltas == deltas


def test_daisuushii_pao() -> None:
    # Seat 1 pons East (dealer), South, West and North (seat 2): seat 2 is responsible for daisuushii, a
    # double yakuman by default (§4.3, §17.1 #20): 64000, all from seat 2 on the tsumo.
    hands = {0: "1z", 1: "11z22z33z44z9p1s9s8p1m", 2: "2z3z4z"}
    table = Table(deal(hands, at={7: "9p"}))
    table.play({0: "1z"}, {1: "pon"}, {1: "1s"}, {2: "2z"}, {1: "pon"}, {1: "9s"})
    table.play({2: "3z"}, {1: "pon"}, {1: "8p"}, {2: "4z"}, {1: "pon"}, {1: "1m"})
    table.play({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"})
    won = table.wins()[0]
    assert (yaku(won), won.pao) == ({"daisuushii": 26}, 2)
    assert table.ended.deltas == (0, 64000, -64000, 0)


# Daisangen + tsuuiisou (seat 1: dragon pons as above, 111z and a tanki on 2z): two yakuman, 64000. [001]:
# Jakryumon ("whole") has the responsible player cover everything; Incheon ("partial") has him pay the
# daisangen part as if he had dealt in (32000) and the rest is paid as an ordinary tsumo (dealer 16000, others
# 8000 each). On a ron off seat 3, "whole" splits all 64000 50/50; for "partial" the responsible player bears
# half of the daisangen part (16000) and the discarder the rest (48000) - our reading, RULES.md §16 leaves it
# open.
COMBINED = {0: "5z", 1: "55z66z77z111z2z1m9m1p", 2: "6z7z", 3: "2z"}
COMBINED_PONS = (
    {0: "5z"},
    {1: "pon"},
    {1: "1m"},
    {2: "6z"},
    {1: "pon"},
    {1: "9m"},
    {2: "7z"},
    {1: "pon"},
    {1: "1p"},
)


@pytest.mark.parametrize(
    "option, finish, deltas",
    [
        ("whole", ({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"}), (0, 64000, -64000, 0)),
        ("partial", ({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"}), (-16000, 64000, -40000, -8000)),
        ("whole", ({2: "t"}, {3: "2z"}, {1: "ron"}), (0, 64000, -32000, -32000)),
        ("partial", ({2: "t"}, {3: "2z"}, {1: "ron"}), (0, 64000, -16000, -48000)),
    ],
)
def test_pao_with_a_combined_yakuman(
    option: str, finish: tuple[dict[int, str], ...], deltas: tuple[int, ...]
) -> None:
    table = Table(deal(COMBINED, at={6: "2z"}), RuleSet(pao_combined_yakuman=option))
    table.play(*COMBINED_PONS, *finish)
    assert yaku(table.wins()[0]) == {"daisangen": 13, "tsuuiisou": 13}
    assert table.ended.deltas == deltas


# Seat 1 (222m 345p 678s 88s 45m) calls a daiminkan on the dealer's 2m and wins on the replacement 3m: rinshan
# 1 + open tanyao 1 = 2 han; fu 20 + tsumo 2 + open simple kan 8 = 30. B = 480: as a tsumo the dealer pays
# ceil(960) = 1000 and the others 500 each; as a ron 4B = 1920 -> 2000. Default (§17.1 #41): no pao for this;
# "big_and_rinshan" ([001] JPML) makes the kan tile's discarder pay the whole as if he had dealt in.
@pytest.mark.parametrize(
    "pao, deltas, responsible",
    [("big", (-1000, 2000, -500, -500), None), ("big_and_rinshan", (-2000, 2000, 0, 0), 0)],
)
def test_daiminkan_rinshan_pao(pao: str, deltas: tuple[int, ...], responsible: int | None) -> None:
    table = Table(deal({0: "2m", 1: "222m345p678s88s45m"}, rinshan="3m"), RuleSet(pao=pao))
    table.step({0: "2m"})
    assert table.offers(1) == {"pon22m", "kan", "pass"}
    table.play({1: "kan"}, {1: "tsumo"})
    won = table.wins()[0]
    assert (yaku(won), won.pao) == ({"rinshan": 1, "tanyao": 1}, responsible)
    assert table.ended.deltas == deltas


# --- the first go-around (§4.2, §4.3) -----------------------------------------------------------------------

SEAT1 = "234m567p345s678s9p"  # tanki 9p, no yaku on a ron


def test_tenhou() -> None:
    # The dealer's 14 dealt tiles win: tenhou, a yakuman; dealer tsumo 16000 from each (§6.2).
    table = Table(deal({0: "123m456p789s1122z"}, draws="1z"))
    assert "tsumo" in table.offers(0)
    table.step({0: "tsumo"})
    assert yaku(table.wins()[0]) == {"tenhou": 13}
    assert table.ended.deltas == (48000, -16000, -16000, -16000)


def test_chiihou() -> None:
    # A non-dealer wins on his first draw with no call before: chiihou. Non-dealer yakuman tsumo: 16000 from
    # the dealer, 8000 from each other seat.
    table = Table(deal({1: SEAT1}, at={1: "9p"}))
    table.play({0: "t"}, {1: "tsumo"})
    assert yaku(table.wins()[0]) == {"chiihou": 13}
    assert table.ended.deltas == (-16000, 32000, -8000, -8000)


def test_no_chiihou_after_a_call() -> None:
    # Seat 2 pons the dealer's first discard before seat 1's first draw: only menzen tsumo (1 han; fu 20 +
    # tsumo 2 + tanki 2 = 24 -> 30; B = 240: 500 from the dealer, 300 from each other seat).
    table = Table(deal({0: "7z", 1: SEAT1, 2: "77z1p"}, at={3: "9p"}))
    table.play({0: "7z"}, {2: "pon"}, {2: "1p"}, {3: "t"}, {0: "t"}, {1: "tsumo"})
    assert yaku(table.wins()[0]) == {"menzen_tsumo": 1}
    assert table.ended.deltas == (-500, 1100, -300, -300)


@pytest.mark.parametrize(
    "renhou, han, points",
    [("off", None, 0), ("mangan", 5, 8000), ("baiman", 8, 16000), ("yakuman", 13, 32000)],
)
def test_renhou(renhou: str, han: int | None, points: int) -> None:
    # §4.2: a non-dealer rons before his first draw. Seat 1's tanki 9p has no other yaku: with renhou off it
    # cannot ron at all; otherwise the value is the option's (mangan 8000, baiman 16000, yakuman 32000).
    table = Table(deal({0: "9p", 1: SEAT1}), RuleSet(renhou=renhou))
    table.step({0: "9p"})
    if han is None:  # nobody was asked: seat 1 has drawn
        assert (table.state.phase, table.state.seat) == (Phase.TURN, 1)
        return
    assert table.offers(1) == {"ron", "pass"}
    table.step({1: "ron"})
    assert yaku(table.wins()[0]) == {"renhou": han}
    assert table.ended.deltas == (-points, points, 0, 0)
