"""Chips (祝儀, RULES.md §12): every trigger on and off, tsumo against ron, pao, multiple ron, the engine's
events, and the settlement of the match.

Each expectation is worked out in the comment above it from §12's table and the decisions in README.md
(per payer: ura dora held, red fives held, all-star +2, ippatsu 1, yakuman chip_yakuman_tsumo on a tsumo and
1.5 times that rounded up on a ron, per yakuman).
"""

from __future__ import annotations

import doctest
import math
from typing import Any

import pytest

import rules.chips
from rules.chips import WinChips, chip_counts, chip_deltas, chips_per_payer, win_chips
from rules.match import HandOutcome, MatchError, MatchState, final_standings, next_hand, start_match
from rules.meld import Meld, MeldType
from rules.round import hand_outcome
from rules.ruleset import RuleSet, preset
from rules.scoring import HandValue, WinSituation, score_hand
from rules.tiles import assign_ids, parse_kinds
from tests.rules.scenario import Table, deal

CHIPS = RuleSet(chips=True)
MeldSpec = tuple[MeldType, str, int | None]  # type, mpsz tiles, from (None for an ankan)


def scored(
    hand: str,
    rules: RuleSet = CHIPS,
    *,
    melds: tuple[MeldSpec, ...] = (),
    ura: str = "",
    discarder: int | None = None,
    **flags: bool | int,
) -> tuple[HandValue, tuple[int, ...], tuple[Meld, ...], WinSituation]:
    """A hand scored with its last tile as the winning tile, a tsumo unless ``discarder`` is given; hand,
    melds and ura indicators share one id space (red fives written 0 are the red copies)."""
    hand_kinds = parse_kinds(hand)
    meld_kinds = [parse_kinds(text) for _, text, _ in melds]
    ids = assign_ids([*hand_kinds, *(kind for kinds in meld_kinds for kind in kinds), *parse_kinds(ura)])
    concealed = ids[: len(hand_kinds)]
    position = len(hand_kinds)
    built = []
    for (meld_type, _, source), kinds in zip(melds, meld_kinds, strict=True):
        built.append(Meld(meld_type, ids[position : position + len(kinds)], from_seat=source))
        position += len(kinds)
    situation = WinSituation(
        win_tile=concealed[-1],
        is_tsumo=discarder is None,
        discarder=discarder,
        ura_indicators=ids[position:],
        **flags,  # type: ignore[arg-type]
    )
    return score_hand(concealed, built, situation, rules), concealed, tuple(built), situation


def counts(hand: str, rules: RuleSet = CHIPS, **options: Any) -> WinChips:
    """The chips per payer of a hand scored as ``scored`` does."""
    value, concealed, melds, situation = scored(hand, rules, **options)
    return chip_counts(value, concealed, melds, situation, rules)


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(rules.chips).failed == 0


def test_no_chips_without_the_option() -> None:
    # The same hand under the standard rules (chips off): nothing, whatever it holds.
    value = counts("234m406p678s99m670s", RuleSet(), riichi=True, ippatsu=True, ura="1m")
    assert value == WinChips()
    assert value.total == 0


@pytest.mark.parametrize("on", [True, False])
def test_ura_dora_chips(on: bool) -> None:
    # Riichi, ura indicator 1m -> 2m: the hand holds one 2m. Red fives off in this rule set, so only ura.
    rules = RuleSet(chips=True, chip_ura=on, red_fives=(0, 0, 0))
    chips = counts("234m456p678s99m567s", rules, riichi=True, ura="1m")
    assert chips.ura == (1 if on else 0)
    assert chips.total == chips.ura
    # without riichi there is no ura dora, so no chip for it
    assert counts("234m456p678s99m567s", rules, ura="1m", discarder=2).ura == 0


def test_ura_chips_count_every_ura_dora_held() -> None:
    # Indicators 1m and 8m -> 2m and 9m: one 2m and two 9m held: 3 ura dora, as the scorer counts them.
    value, concealed, melds, situation = scored("234m456p678s99m567s", CHIPS, riichi=True, ura="1m8m")
    assert dict(value.yaku)["ura_dora"] == 3
    assert chip_counts(value, concealed, melds, situation, CHIPS).ura == 3


@pytest.mark.parametrize("on", [True, False])
def test_red_five_chips(on: bool) -> None:
    # Two red fives held (0p in hand, 0s the winning tile): 2 chips.
    rules = RuleSet(chips=True, chip_red=on)
    chips = counts("234m406p678s99m670s", rules, discarder=2, riichi=True)
    assert chips.red == (2 if on else 0)
    assert chips.all_star == 0  # no red 5m


def test_red_fives_in_melds_count_unless_closed_only() -> None:
    # An open tanyao hand: a pon of 0p55p (one red) and a red 0s in hand: 2 red fives, none under the
    # closed-only option. An ankan keeps the hand closed, so its red five counts even then.
    pon: MeldSpec = (MeldType.PON, "055p", 1)
    hand = "234m678s22m670s"
    assert counts(hand, CHIPS, melds=(pon,)).red == 2
    closed_only = RuleSet(chips=True, chip_red_closed_only=True)
    assert counts(hand, closed_only, melds=(pon,)).red == 0
    ankan: MeldSpec = (MeldType.ANKAN, "0555p", None)
    assert counts(hand, closed_only, melds=(ankan,), riichi=True).red == 2


@pytest.mark.parametrize(
    ("on", "closed_only", "melded", "expected"),
    [
        (True, False, False, 2),
        (False, False, False, 0),
        (True, True, False, 2),  # closed: counts under the closed-only option
        (True, False, True, 2),  # open: counts without it
        (True, True, True, 0),  # open under the closed-only option: no all-star (and no red chips)
    ],
)
def test_all_star_chips(on: bool, closed_only: bool, melded: bool, expected: int) -> None:
    # One red five of each suit: +2 on top of the three red-five chips.
    rules = RuleSet(chips=True, chip_all_star=on, chip_red_closed_only=closed_only)
    if melded:
        chips = counts("406p678s22m670s", rules, melds=((MeldType.CHI, "406m", 3),))
    else:
        chips = counts("406m406p678s22m670s", rules, riichi=True)
    assert chips.all_star == expected
    assert chips.red == (0 if melded and closed_only else 3)


def test_all_star_needs_a_red_five_of_every_suit() -> None:
    # Two red fives of two suits: no all-star. Under a rule set with no red 5m (three players' sets), never.
    assert counts("406m406p678s22m567s", CHIPS, riichi=True).all_star == 0
    three = RuleSet(players=3, chips=True, red_fives=(0, 1, 1))
    three_chips = counts("406p456p678s11z670s", three, riichi=True, discarder=2)
    assert (three_chips.red, three_chips.all_star) == (2, 0)


@pytest.mark.parametrize("on", [True, False])
def test_ippatsu_chip(on: bool) -> None:
    rules = RuleSet(chips=True, chip_ippatsu=on, red_fives=(0, 0, 0))
    assert counts("234m456p678s99m567s", rules, riichi=True, ippatsu=True).ippatsu == (1 if on else 0)
    assert counts("234m456p678s99m567s", rules, riichi=True).ippatsu == 0
    # ippatsu switched off as a yaku takes its chip too
    no_yaku = RuleSet(chips=True, ippatsu=False, red_fives=(0, 0, 0))
    assert counts("234m456p678s99m567s", no_yaku, riichi=True, ippatsu=True).ippatsu == 0


@pytest.mark.parametrize("tsumo_count", range(9))
def test_yakuman_chips_tsumo_and_ron(tsumo_count: int) -> None:
    # Suuankou (one yakuman; tanki suuankou is a single one without double yakuman): chip_yakuman_tsumo from
    # each on a tsumo, ceil(1.5 x that) from the discarder on a ron (2 -> 3, 1 -> 2, 3 -> 5).
    rules = RuleSet(chips=True, chip_yakuman_tsumo=tsumo_count, double_yakuman=False)
    assert counts("111m222p333s44455z", rules).yakuman == tsumo_count
    ron = math.ceil(1.5 * tsumo_count)
    assert counts("111m222p333s44455z", rules, discarder=2).yakuman == ron


def test_yakuman_chips_per_yakuman_multiple() -> None:
    # Daisangen + tsuuiisou (555z called, so no suuankou): two yakuman: 2 x 2 from each on a tsumo, 2 x 3 on
    # a ron.
    pon: MeldSpec = (MeldType.PON, "555z", 1)
    hand = "666z777z111z22z"
    assert counts(hand, melds=(pon,)).yakuman == 4
    assert counts(hand, melds=(pon,), discarder=2).yakuman == 6


def test_counted_yakuman_earns_no_yakuman_chips() -> None:
    # Kazoe yakuman (13 han of yaku and dora) is a limit of points, not a yakuman.
    # Riichi tsumo chinitsu ittsu (10 han or more) with three ura dora (indicator 8m -> 9m): 13 han or more.
    value, concealed, melds, situation = scored("12233445678999m", CHIPS, riichi=True, ura="8m")
    assert value.limit == "kazoe_yakuman"
    assert value.yakuman == 0
    chips = chip_counts(value, concealed, melds, situation, CHIPS)
    assert chips.yakuman == 0
    assert chips.ura == 3


def test_a_yakuman_still_earns_its_ura_red_and_ippatsu_chips() -> None:
    # Riichi ippatsu tsumo suuankou (the 5p triplet drawn: a shanpon, a single yakuman) with a red 5p, ura
    # indicator 4p -> 5p (three held): 2 + 3 + 1 + 1 = 7.
    chips = counts("111m333s44477z055p", CHIPS, riichi=True, ippatsu=True, ura="4p")
    assert (chips.yakuman, chips.ura, chips.red, chips.ippatsu) == (2, 3, 1, 1)
    assert chips.total == 7


def test_three_player_ura_counts_kita_as_the_scorer_does() -> None:
    # Three players, ura indicator West -> North: each kita set aside is one more ura dora.
    three = RuleSet(players=3, chips=True, red_fives=(0, 0, 0))
    value, concealed, melds, situation = scored("111m99p456p789s567s", three, riichi=True, ura="3z", kita=2)
    assert dict(value.yaku)["ura_dora"] == 2
    assert chip_counts(value, concealed, melds, situation, three).ura == 2


# ---- who pays --------------------------------------------------------------------------------------------


def test_tsumo_takes_the_count_from_each_other_player() -> None:
    chips = WinChips(ura=1, red=2)
    assert chip_deltas(chips, seat=1, discarder=None, pao=None, players=4, rules=CHIPS) == (-3, 9, -3, -3)
    three = RuleSet(players=3, chips=True)
    assert chip_deltas(chips, seat=2, discarder=None, pao=None, players=3, rules=three) == (-3, -3, 6)


def test_ron_takes_the_count_from_the_discarder_only() -> None:
    chips = WinChips(ippatsu=1, yakuman=3)
    assert chip_deltas(chips, seat=0, discarder=2, pao=None, players=4, rules=CHIPS) == (4, 0, -4, 0)


def test_pao_moves_a_tsumos_yakuman_chips_to_the_responsible_player() -> None:
    # [002]: on a pao tsumo the yakuman chips (2 from each of 3) all come from the responsible seat 3; the red
    # five's chip still from each.
    chips = WinChips(red=1, yakuman=2)
    assert chip_deltas(chips, seat=1, discarder=None, pao=3, players=4, rules=CHIPS) == (-1, 9, -1, -7)
    # on a ron the discarder pays them all, pao or not
    assert chip_deltas(chips, seat=1, discarder=0, pao=3, players=4, rules=CHIPS) == (-3, 3, 0, 0)
    # without pao in the rule set a responsible seat means nothing
    off = RuleSet(chips=True, pao="off")
    assert chip_deltas(chips, seat=1, discarder=None, pao=3, players=4, rules=off) == (-3, 9, -3, -3)


def test_chips_per_payer_reads_the_deltas() -> None:
    assert chips_per_payer((-2, 6, -2, -2), 1, True) == 2
    assert chips_per_payer((0, 0, 5, -5), 2, False) == 5
    assert chips_per_payer((), 0, True) == 0


def test_win_chips_is_counts_paid_out() -> None:
    value, concealed, melds, situation = scored("234m406p678s99m670s", riichi=True, ippatsu=True, ura="8m")
    # ura 9m x2, red 0p 0s, ippatsu: 5 from each
    assert chip_counts(value, concealed, melds, situation, CHIPS).total == 5
    deltas = win_chips(value, concealed, melds, situation, CHIPS, seat=3, discarder=None, pao=None, players=4)
    assert deltas == (-5, -5, -5, 15)


# ---- the engine: HandWon and RoundEnded carry them ---------------------------------------------------------

SEAT1 = "234m067p345s678s9p"  # closed, waits on 9p (tanki); one red five


def test_a_riichi_ippatsu_tsumo_earns_its_chips_from_each() -> None:
    # Seat 1 declares (double) riichi on its first draw and tsumos 9p ippatsu. Ura indicator 8p -> 9p: two
    # held. Per payer: ura 2 + red 1 + ippatsu 1 = 4, from each of the three others.
    table = Table(deal({1: SEAT1}, seat_draws={1: "1z9p"}, ura="8p"), CHIPS)
    table.tsumogiri(1)
    table.step({1: "rt"})
    table.tsumogiri(3)
    table.step({1: "tsumo"})
    (won,) = table.wins()
    assert won.chips == (-4, 12, -4, -4)
    assert table.ended.chips == (-4, 12, -4, -4)
    assert hand_outcome(table.ended).chips == (-4, 12, -4, -4)


def test_the_same_win_earns_no_chips_without_the_option() -> None:
    table = Table(deal({1: SEAT1}, seat_draws={1: "1z9p"}, ura="8p"))
    table.tsumogiri(1)
    table.step({1: "rt"})
    table.tsumogiri(3)
    table.step({1: "tsumo"})
    assert table.wins()[0].chips == ()
    assert table.ended.chips == ()
    assert hand_outcome(table.ended).chips == ()


def test_a_ron_takes_them_from_the_discarder() -> None:
    # Seat 2 deals in right after the declaration: the same 4 chips, all from seat 2.
    table = Table(deal({1: SEAT1, 2: "9p"}, seat_draws={1: "1z"}, ura="8p"), CHIPS)
    table.tsumogiri(1)
    table.play({1: "rt"}, {2: "9p"}, {1: "ron"})
    assert table.wins()[0].chips == (0, 4, -4, 0)
    assert table.ended.chips == (0, 4, -4, 0)


def test_a_double_ron_takes_each_winners_chips_from_the_discarder() -> None:
    # The dealer's first discard 5p: seat 1 (red 0p) and seat 2 (red 0s) both ron it, tanyao and one red five
    # each: 1 chip each from the dealer.
    hands = {0: "5p", 1: "234m678p345s678s0p", 2: "234m678p340s678s5p"}
    table = Table(deal(hands), CHIPS)
    table.play({0: "5p"}, {1: "ron", 2: "ron"})
    assert [won.chips for won in table.wins()] == [(-1, 1, 0, 0), (-1, 0, 1, 0)]
    assert table.ended.chips == (-2, 1, 1, 0)


def test_draws_earn_no_chips() -> None:
    table = Table(deal({}), CHIPS)
    ended = table.to_end()
    assert ended.kind == "exhaustive"
    assert ended.chips == ()


# Seat 1 pons the dealer's 5z and then seat 2's 6z and 7z: seat 2 is responsible for the big three dragons
# (RULES.md §9); seat 1 waits on 9p. No red fives anywhere in seat 1's hand.
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
    ("pao", "finish", "chips"),
    [
        # Tsumo with pao: the yakuman's 2 from each (6) all paid by seat 2.
        ("big", ({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"}), (0, 6, -6, 0)),
        # Ron off seat 3 with pao: 3 chips, all from the discarder.
        ("big", ({2: "t"}, {3: "9p"}, {1: "ron"}), (0, 3, 0, -3)),
        # No pao: an ordinary tsumo, 2 from each.
        ("off", ({2: "t"}, {3: "t"}, {0: "t"}, {1: "tsumo"}), (-2, 6, -2, -2)),
    ],
)
def test_yakuman_chips_under_pao(
    pao: str, finish: tuple[dict[int, str], ...], chips: tuple[int, ...]
) -> None:
    table = Table(deal(DAISANGEN, at={6: "9p"}), RuleSet(pao=pao, chips=True))
    table.play(*DRAGON_PONS, *finish)
    (won,) = table.wins()
    assert won.value.yakuman == 1
    assert won.chips == chips


# ---- the match: kept per player, settled at chip_points each -----------------------------------------------


def chips_win(state: MatchState, winner: int, chips: tuple[int, ...]) -> HandOutcome:
    """A win taking 1000 from the next seat, with these chip changes."""
    deltas = [0] * state.rules.players
    deltas[winner] += 1000
    deltas[(winner + 1) % len(deltas)] -= 1000
    return HandOutcome("win", tuple(deltas), 0, winners=(winner,), chips=chips)


def test_the_match_keeps_each_players_chips() -> None:
    state = start_match(CHIPS)
    assert state.chips == ()
    state = next_hand(state, chips_win(state, 1, (-1, 3, -1, -1)))
    state = next_hand(state, HandOutcome("exhaustive", (0, 0, 0, 0), 0))
    state = next_hand(state, chips_win(state, 3, (0, 0, -2, 2)))
    assert state.chips == (-1, 3, -3, 1)


def test_chips_settle_at_chip_points_each_and_the_settlement_adds_up_to_zero() -> None:
    # Scores 40000 / 30000 / 20000 / 10000 with oka and 10-20 uma (§7.8): +50 / +10 / -20 / -40 before chips
    # (the top takes the oka). Chips -1 / +3 / -3 / +1 at 5000 each: -5000 / +15000 / -15000 / +5000 on top.
    rules = RuleSet(chips=True, game_length="east")
    scores = (40000, 30000, 20000, 10000)
    plain = final_standings(MatchState(rules, 0, 3, 0, 0, scores, finished=True, end_reason="scheduled"))
    assert plain.settled == (50000, 10000, -20000, -40000)
    assert plain.chips == (0, 0, 0, 0)
    state = MatchState(rules, 0, 3, 0, 0, scores, finished=True, end_reason="scheduled", chips=(-1, 3, -3, 1))
    standings = final_standings(state)
    assert standings.chips == (-1, 3, -3, 1)
    assert standings.settled == (45000, 25000, -35000, -35000)
    assert sum(standings.settled) == 0
    assert standings.ranks == plain.ranks  # chips never change the ranks
    assert [standings.chip_count(seat) for seat in range(4)] == [-1, 3, -3, 1]


def test_chip_points_is_the_rate() -> None:
    rules = RuleSet(chips=True, chip_points=2000)
    state = MatchState(
        rules, 0, 3, 0, 0, (25000,) * 4, finished=True, end_reason="scheduled", chips=(2, -2, 0, 0)
    )
    # +15 / -5 / -5 / -5 with the oka, uma +20 / +10 / -10 / -20 (ties by seat), chips +2 / -2 at 2000 each
    assert final_standings(state).settled == (39000, 1000, -15000, -25000)


def test_without_chips_the_standings_have_none() -> None:
    state = MatchState(RuleSet(), 0, 3, 0, 0, (25000,) * 4, finished=True, end_reason="scheduled")
    standings = final_standings(state)
    assert standings.chips == ()
    assert standings.chip_count(0) == 0


@pytest.mark.parametrize(
    "outcome",
    [
        HandOutcome("win", (1000, -1000, 0, 0), 0, winners=(0,), chips=(2, -1, 0, 0)),  # not zero-sum
        HandOutcome("win", (1000, -1000, 0, 0), 0, winners=(0,), chips=(1, -1, 0)),  # a seat short
        HandOutcome("exhaustive", (0, 0, 0, 0), 0, chips=(1, -1, 0, 0)),  # a draw earns none
    ],
)
def test_chip_changes_that_cannot_be_are_refused(outcome: HandOutcome) -> None:
    with pytest.raises(MatchError, match="chip changes"):
        next_hand(start_match(CHIPS), outcome)


def test_seed_netmahjong_has_chips() -> None:
    assert preset("seed-netmahjong").chips
