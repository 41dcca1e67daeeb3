"""AI levels: always legal in random play (4 and 3 players, every preset), deterministic per seed, and each
level's textbook behaviour in hand-built situations."""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import LEVELS, create_ai
from game.ai.danger import (
    WAIT_MASS,
    Threat,
    deal_in_chance,
    deal_in_chances,
    threats,
)
from game.ai.player import AiSeat
from game.table import Table
from game.view import Phase, PlayerView, SeatView
from rules.actions import PASS, Action, Ankan, Chi, Daiminkan, Discard, Kita, Kyuushu, Pon
from rules.events import KitaDeclared, MeldCalled, RiichiAccepted
from rules.meld import Meld, MeldType
from rules.round import RiverTile
from rules.ruleset import preset
from rules.shanten import discard_options, shanten
from rules.tiles import parse_tiles, to_counts

PRESETS_4 = ("standard", "tenhou", "mahjong-soul", "kobalab", "seed-deluxe")
PRESETS_3 = ("tenhou-3p", "mahjong-soul-3p")


class _Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _play_hands(rules_name: str, levels: tuple[str, ...], seed: int, hands: int) -> tuple[Table, list[str]]:
    """Play up to ``hands`` hands at a table of AI seats; returns the table and the table's warnings."""
    rules = preset(rules_name)
    seats = [create_ai(level, rules, seed * 10 + index) for index, level in enumerate(levels)]
    table = Table(rules, seats, seed)
    handler = _Warnings()
    table_logger = logging.getLogger("game.table")
    table_logger.addHandler(handler)
    try:
        while not table.finished and table.match.hands_played < hands:
            table.step(max_steps=1)
    finally:
        table_logger.removeHandler(handler)
    return table, handler.messages


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_name=st.sampled_from(PRESETS_4 + PRESETS_3),
    levels=st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4),
    seed=st.integers(0, 10**6),
)
def test_ai_never_answers_illegally(rules_name: str, levels: list[str], seed: int) -> None:
    players = preset(rules_name).players
    table, warnings = _play_hands(rules_name, tuple(levels[:players]), seed, hands=3)
    assert table.actions, "no decision was asked"
    assert warnings == []  # the table logs every illegal or crashing answer


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_whole_three_player_match_with_kita(level: str) -> None:
    rules = preset("tenhou-3p")
    seats = [create_ai(level, rules, index) for index in range(3)]
    table = Table(rules, seats, 7)
    kinds: Counter[str] = Counter()
    table.subscribe_engine(lambda events, state: kinds.update(type(event).__name__ for event in events))
    assert table.run().ranks
    assert kinds[KitaDeclared.__name__] > 0
    assert kinds[MeldCalled.__name__] > 0
    assert kinds[RiichiAccepted.__name__] > 0


def test_same_seed_same_game() -> None:
    def actions(seed: int) -> list[tuple[int, Action]]:
        table, warnings = _play_hands("standard", ("strong", "normal", "easy", "strong"), seed, hands=2)
        assert warnings == []
        return table.actions

    assert actions(5) == actions(5)
    assert actions(5) != actions(6)


# --- hand-built situations ---------------------------------------------------------------------------------


def _free_copy(kind: int, taken: set[int]) -> int:
    """A tile id of ``kind`` no other tile of the view uses (marked as used)."""
    tile = next(kind * 4 + copy for copy in (3, 2, 1, 0) if kind * 4 + copy not in taken)
    taken.add(tile)
    return tile


def _view(
    hand: str,
    *,
    seat: int = 0,
    dealer: int = 0,
    rivers: dict[int, str] | None = None,
    riichi: tuple[int, ...] = (),
    scores: tuple[int, ...] = (25000, 25000, 25000, 25000),
    round_wind: int = 0,
    kyoku: int = 0,
    tiles_left: int = 50,
    phase: Phase = Phase.TURN,
    claimable: str | None = None,
    dora: str = "9s",
) -> SeatView:
    """A four-player view; rivers use tiles the hand does not (ids come from the end of each kind)."""
    tiles = parse_tiles(hand)
    taken = set(tiles)
    players = []
    for index in range(4):
        text = (rivers or {}).get(index, "")
        river_ids = []
        for tile in parse_tiles(text) if text else ():
            kind = tile >> 2
            river_ids.append(_free_copy(kind, taken))
        river = tuple(
            RiverTile(tile, False, index in riichi and position == len(river_ids) - 1)
            for position, tile in enumerate(river_ids)
        )
        players.append(PlayerView((), river, (), index in riichi, len(tiles) if index == seat else 13))
    claim = None
    if claimable is not None:
        kind = parse_tiles(claimable)[0] >> 2
        claim = _free_copy(kind, taken)
    dora_tile = _free_copy(parse_tiles(dora)[0] >> 2, taken)
    return SeatView(
        seat=seat,
        hand=tuple(sorted(tiles)),
        drawn=tiles[-1] if phase is Phase.TURN else None,
        players=tuple(players),
        scores=scores,
        riichi_sticks=len(riichi),
        honba=0,
        round_wind=round_wind,
        kyoku=kyoku,
        dealer=dealer,
        dora_indicators=(dora_tile,),
        tiles_left=tiles_left,
        phase=phase,
        turn=seat,
        claimable=claim,
    )


def _discards(view: SeatView, riichi_kinds: frozenset[int] = frozenset()) -> tuple[Action, ...]:
    plain: tuple[Action, ...] = tuple(Discard(tile) for tile in view.hand)
    return plain + tuple(Discard(tile, riichi=True) for tile in view.hand if tile >> 2 in riichi_kinds)


def _kind(text: str) -> int:
    return parse_tiles(text)[0] >> 2


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_beaten_hand_folds_against_riichi_with_genbutsu_first(level: str) -> None:
    # two-shanten at best, opposite seat in riichi; 8p is in its river (genbutsu), 5m and 4s are not
    view = _view("159m2468p2479s135z", rivers={2: "9p8p2m6z3s7z"}, riichi=(2,), tiles_left=45)
    ai = create_ai(level, preset("standard"), 1)
    choice = ai.decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 == _kind("8p")


def test_strong_folds_a_non_suji_terminal_before_a_suji_three() -> None:
    # Against the opposite seat's riichi (6p, 9s, 9m and honours in its river) nothing in hand is genbutsu.
    # 3p is suji of 6p, so no ryanmen waits on it, but a penchan 12p, a kanchan 24p or a pair still can; the
    # 1m can still be won on by a ryanmen 23m. In logged games a suji 3 or 7 dealt in about 6-9% of the time
    # against a riichi and a non-suji terminal about 5-7%, so the fold starts with 1m, not 3p.
    view = _view("1258m35p2468s47s58s", rivers={2: "6p9s1z2z3z9m4z"}, riichi=(2,), tiles_left=45)
    choice = create_ai("strong", preset("standard"), 1).decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 == _kind("1m")


def _kinds(text: str) -> set[int]:
    return {tile >> 2 for tile in parse_tiles(text)}


def test_the_fewer_kinds_left_unsafe_against_a_riichi_the_likelier_each_deals_in() -> None:
    # The riichi's wait is among the kinds not yet safe: as its river and the tiles passed since rule more
    # of them out, each one left carries more of it (scaled so that they add up to WAIT_MASS).
    unseen = [3] * 34
    held = [0] * 34
    early = Threat(2, 1.0, 5200.0, frozenset({_kind(text) for text in ("1z", "9m")}), None)
    late_safe = {_kind(text) for text in ("1z", "2z", "3z", "4z", "9m", "1m", "2m", "3p", "4p", "6p", "9p")}
    late_safe |= {_kind(text) for text in ("1s", "2s", "3s", "4s", "6s", "7s", "8s", "9s")}
    late = Threat(2, 1.0, 5200.0, frozenset(late_safe), None)
    five = _kind("5m")
    assert deal_in_chances(late, unseen, held)[five] > 1.5 * deal_in_chances(early, unseen, held)[five]
    assert deal_in_chances(late, unseen, held)[five] > deal_in_chance(five, late, unseen)
    assert sum(deal_in_chances(late, unseen, held)) == pytest.approx(WAIT_MASS)
    # a reader who does not count tiles (normal) reads each tile by itself
    assert deal_in_chances(late, unseen, held, counts_tiles=False)[five] == deal_in_chance(
        five, late, unseen, counts_tiles=False
    )


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_no_call_into_a_hand_without_yaku(level: str) -> None:
    # chi of 3m would speed the hand, but with 1m, 9p, 1s and no yakuhai pair no yaku could follow
    view = _view("12m55p789p1s45s678s", phase=Phase.CLAIM, claimable="3m")
    chi = Chi((view.hand[0], view.hand[1]))
    ai = create_ai(level, preset("standard"), 1)
    assert ai.decide(view, (PASS, chi)) == PASS
    # the same call to tenpai with a chun triplet in hand (a yaku) is taken
    with_yaku = _view("12m789p45s678s777z", phase=Phase.CLAIM, claimable="3m")
    chi = Chi((with_yaku.hand[0], with_yaku.hand[1]))
    assert create_ai(level, preset("standard"), 1).decide(with_yaku, (PASS, chi)) == chi


def test_strong_calls_late_for_a_formal_tenpai_without_a_yaku() -> None:
    # 12m 55p 789p 445s 678s: the chi of 3m makes tenpai on 3s-6s with no yaku (123m and 789p rule out
    # tanyao), so it can never win; but tenpai at the exhaustive draw takes the noten payments all the same
    # (RULES.md: tenpai needs no yaku). Early the closed hand keeps its riichi; with three draws left it takes
    # the chi. Against a dealer's riichi it waits longer: keeping that tenpai means pushing 4s and more unsafe
    # tiles, worth it only with the last draws.
    hand = "12m55p789p4s45s678s"
    for tiles_left, called in ((50, False), (12, True), (8, True)):
        view = _view(hand, phase=Phase.CLAIM, claimable="3m", tiles_left=tiles_left, rivers={3: "9m1z"})
        chi = Chi((view.hand[0], view.hand[1]))
        choice = create_ai("strong", preset("standard"), 1).decide(view, (PASS, chi))
        assert choice == (chi if called else PASS), tiles_left
    for tiles_left, called in ((16, False), (12, False), (8, False), (4, True)):
        riichi = _view(
            hand,
            phase=Phase.CLAIM,
            claimable="3m",
            tiles_left=tiles_left,
            rivers={3: "9m1z", 2: "9m1z2z3z6s"},
            riichi=(2,),
            dealer=2,
        )
        chi = Chi((riichi.hand[0], riichi.hand[1]))
        choice = create_ai("strong", preset("standard"), 1).decide(riichi, (PASS, chi))
        assert choice == (chi if called else PASS), tiles_left


def test_strong_chis_early_for_speed_with_a_hatsu_pair_in_hand() -> None:
    # 2389m 5678p 2s 5667z with 60 tiles left: the chi of 6p (with 78p) takes the hand a step on, and the
    # hatsu pair keeps a yaku within reach. An open hand's waits are ronned about as often as they come round
    # from the other seats (few fold against it: measured 2.65 rons to a tsumo against kobalab's AI), so the
    # open hand's speed is worth more than the closed hand's riichi here
    view = _view(
        "2389m5678p2s5667z",
        seat=0,
        dealer=1,
        rivers={3: "1m9p1z2z"},
        phase=Phase.CLAIM,
        claimable="6p",
        tiles_left=60,
    )
    pair = [next(tile for tile in view.hand if tile >> 2 == _kind(text)) for text in ("7p", "8p")]
    chi = Chi((pair[0], pair[1]))
    assert create_ai("strong", preset("standard"), 1).decide(view, (PASS, chi)) == chi


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_yakuhai_pon_is_called(level: str) -> None:
    view = _view("12m456p79s2355s77z", phase=Phase.CLAIM, claimable="7z")
    pair = tuple(tile for tile in view.hand if tile >> 2 == _kind("7z"))
    ai = create_ai(level, preset("standard"), 1)
    assert ai.decide(view, (PASS, Pon((pair[0], pair[1])))) == Pon((pair[0], pair[1]))


@pytest.mark.parametrize(
    "hand",
    [
        "2356m468p3467s77z2p",  # 1-shanten: 8p or 2p keep the most draws
        "134m24p345678s119p",  # the wide shape wins over the narrow one
        "1m235m46p1234s789s5z",
    ],
)
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_textbook_higher_ukeire_discard(level: str, hand: str) -> None:
    view = _view(hand)
    options = discard_options(to_counts(view.hand))
    best = options[0]
    ties = {
        option.discard for option in options if (option.shanten, option.total) == (best.shanten, best.total)
    }
    ai = create_ai(level, preset("standard"), 1)
    choice = ai.decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 in ties


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_riichi_on_a_good_wait(level: str) -> None:
    # discarding 9s leaves 234m567p34s678s55z: a two-sided 2s-5s wait, closed, no yaku without riichi
    view = _view("234m567p34s678s55z9s")
    ai = create_ai(level, preset("standard"), 1)
    choice = ai.decide(view, _discards(view, frozenset({_kind("9s")})))
    nine = next(tile for tile in view.hand if tile >> 2 == _kind("9s"))
    assert choice == Discard(nine, riichi=True)


def test_dealer_pushes_a_good_tenpai() -> None:
    # dealer tenpai with 1z as the only discard that keeps it; 1z is not safe, 6p is genbutsu but breaks it
    view = _view(
        "234m067p345s5588s1z",
        rivers={1: "9m1p7z6p2s3z", 2: "9p8s1m"},
        riichi=(1,),
        dora="7p",
        tiles_left=40,
    )
    ai = create_ai("strong", preset("standard"), 1)
    choice = ai.decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 == _kind("1z")


def _wide_one_shanten_against_dealer_riichi(
    round_wind: int = 0, kyoku: int = 0, scores: tuple[int, ...] = (25000, 25000, 25000, 25000)
) -> SeatView:
    """A wide one-shanten against the dealer's riichi: 8s is genbutsu but breaks the 678s run."""
    return _view(
        "3455m12p456p34678s",
        seat=0,
        dealer=1,
        rivers={1: "2z3z8s4z6z9p"},
        riichi=(1,),
        tiles_left=60,
        dora="1z",
        round_wind=round_wind,
        kyoku=kyoku,
        scores=scores,
    )


def test_all_last_top_avoids_dealing_in_where_it_would_push_earlier() -> None:
    early = _wide_one_shanten_against_dealer_riichi()
    # first by 6000: a deal-in to the dealer would cost it
    all_last = _wide_one_shanten_against_dealer_riichi(
        round_wind=1, kyoku=3, scores=(32000, 26000, 21000, 21000)
    )
    pushed = create_ai("strong", preset("standard"), 1).decide(early, _discards(early))
    folded = create_ai("strong", preset("standard"), 1).decide(all_last, _discards(all_last))
    assert isinstance(pushed, Discard)
    assert pushed.tile >> 2 != _kind("8s")
    assert isinstance(folded, Discard)
    assert folded.tile >> 2 == _kind("8s")


def test_kita_is_declared_in_three_players() -> None:
    rules = preset("tenhou-3p")
    view = _view("19m19p19s1234567z4z")
    players = view.players[:3]
    view3 = SeatView(**{**view.__dict__, "players": players, "scores": (35000, 35000, 35000)})
    north = next(tile for tile in view3.hand if tile >> 2 == _kind("4z"))
    for level in LEVELS:
        answer = create_ai(level, rules, 1).decide(view3, (Kita(north), *_discards(view3)))
        assert answer == Kita(north)


def test_easy_is_observably_weaker_than_normal_in_choices() -> None:
    """Easy makes careless discards: over many identical situations (200 seats with their own seeds) it leaves
    the best ukeire sometimes."""
    view = _view("2356m468p3467s77z2p")
    options = discard_options(to_counts(view.hand))
    best = {option.discard for option in options if option.total == options[0].total}
    chosen = [
        create_ai("easy", preset("standard"), seed).decide(view, _discards(view)) for seed in range(200)
    ]
    misses = sum(1 for action in chosen if isinstance(action, Discard) and action.tile >> 2 not in best)
    assert 0 < misses < 120


@pytest.mark.parametrize("level", LEVELS)
def test_kyuushu_declared_with_nine_kinds_but_not_with_a_kokushi_chance(level: str) -> None:
    rules = preset("standard")
    nine = _view("19m19p1s1234z2578p3s")  # nine kinds of terminals and honours, far from kokushi
    answer = create_ai(level, rules, 1).decide(nine, (Kyuushu(), *_discards(nine)))
    assert answer == Kyuushu()
    if level != "easy":  # a beginner declares whenever it may
        twelve = _view("19m19p19s1234567z5p")  # twelve kinds: one tile from kokushi tenpai
        answer = create_ai(level, rules, 1).decide(twelve, (Kyuushu(), *_discards(twelve)))
        assert answer != Kyuushu()


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_hopeless_hand_keeps_a_nagashi_going_late(level: str) -> None:
    # every discard so far a terminal or honour, none called; 20 tiles left and three-shanten
    view = _view("1m258p3579s2468s5z4m", rivers={0: "9m1p9s1z2z3z4z6z1s9p7z"}, tiles_left=20)
    choice = create_ai(level, preset("standard"), 1).decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 in {_kind("1m"), _kind("5z")}


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_closed_kan_that_keeps_the_hand_is_declared(level: str) -> None:
    view = _view("2222m456p678s34s11z9p")
    ai = create_ai(level, preset("standard"), 1)
    assert ai.decide(view, (Ankan(_kind("2m")), *_discards(view))) == Ankan(_kind("2m"))


# --- the strong level's decisions that matter (issue 14): each of these failed before the look-ahead -----


def test_strong_folds_a_hopeless_hand_against_a_dealer_riichi_rather_than_chase_a_nagashi() -> None:
    # every own discard a terminal or honour, but the hand holds one (1s, no suji against the dealer) and
    # needs one at each of the six turns left: the nagashi is nearly dead, 5m is the dealer's genbutsu
    view = _view(
        "2457m3568p124468s",
        seat=0,
        dealer=1,
        rivers={0: "9m1p9s1z2z3z4z6z9p7z", 1: "5m6m2z3z4z5z7p"},
        riichi=(1,),
        tiles_left=22,
    )
    choice = create_ai("strong", preset("standard"), 1).decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 == _kind("5m")


def test_strong_pushes_a_mangan_tenpai_against_a_riichi() -> None:
    # tanyao, pinfu, red 5p and two dora (6s): 5p is not safe against the dealer's riichi but keeps the 6m-9m
    # wait; every safe discard breaks the tenpai
    view = _view(
        "234m78m067p345s66s5p",
        seat=0,
        dealer=1,
        rivers={1: "9m1p7z6p2s3z", 2: "1z9s8p2z4s"},
        riichi=(1, 2),
        dora="5s",
        tiles_left=40,
    )
    choice = create_ai("strong", preset("standard"), 1).decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 == _kind("5p")


def test_strong_pons_a_yakuhai_for_speed() -> None:
    # a slow dealer's hand (three-shanten) with a chun pair: the pon is the yaku and two steps at once
    view = _view("1368m46p23455s77z", phase=Phase.CLAIM, claimable="7z", tiles_left=48, dora="2m")
    pair = tuple(tile for tile in view.hand if tile >> 2 == _kind("7z"))
    pon = Pon((pair[0], pair[1]))
    assert create_ai("strong", preset("standard"), 1).decide(view, (PASS, pon)) == pon


def _tanki_or_ryanmen_tenpai(hand: str, tiles_left: int, dora: str) -> tuple[SeatView, Discard, Action]:
    """A non-dealer's tenpai after drawing 1z: the plain 1z discard and the strong level's choice."""
    view = _view(hand, seat=1, dealer=0, rivers={2: "9p", 3: "9m"}, tiles_left=tiles_left, dora=dora)
    legal = _discards(view, frozenset({_kind("1z")}))
    one = next(tile for tile in view.hand if tile >> 2 == _kind("1z"))
    choice = create_ai("strong", preset("standard"), 1).decide(view, legal)
    assert choice is not None
    return view, Discard(one), choice


def test_strong_stays_dama_with_a_haneman() -> None:
    # tanyao, sanshoku 345, two red fives and a dora (8s): 6 han on the 8p tanki with three copies left;
    # riichi would add little (baiman needs two more han) and cost the ron chances of a silent wait
    _, plain, choice = _tanki_or_ryanmen_tenpai("340m340p345s678s8p1z", 60, "7s")
    assert choice == plain


def test_strong_declares_riichi_on_a_good_wait_early_and_stays_dama_late() -> None:
    # tanyao, pinfu and two dora (8p pair): 7700 dama on the 2m-5m wait. Early, riichi's likely haneman is
    # worth its lower win rate; with 20 tiles left there is too little time for it
    _, plain, early = _tanki_or_ryanmen_tenpai("34m567p234s678s88p1z", 60, "7p")
    assert early == Discard(plain.tile, riichi=True)
    _, plain, late = _tanki_or_ryanmen_tenpai("34m567p234s678s88p1z", 20, "7p")
    assert late == plain


def test_strong_declares_riichi_on_an_early_kanchan_and_stays_dama_on_it_past_forty_tiles() -> None:
    # tanyao only, 1000 dama on the 4s kanchan with all four copies unseen: with 41 tiles left riichi's extra
    # han is worth its lower win rate; with 39 (and 30) a wait of four or fewer live copies stays dama, which
    # keeps the four-strong riichi rate inside its band now that far hands play for speed
    for tiles_left, riichi in ((60, True), (41, True), (39, False), (30, False)):
        _, plain, choice = _tanki_or_ryanmen_tenpai("234m567p35s678s22p1z", tiles_left, "9m")
        assert choice == Discard(plain.tile, riichi=riichi), tiles_left


def _with_pon(view: SeatView, kind_text: str, from_seat: int) -> SeatView:
    """``view`` with a pon of ``kind_text`` (copies the hand does not hold) among its seat's melds."""
    ids = [tile for tile in range(136) if tile >> 2 == _kind(kind_text) and tile not in view.hand][:3]
    meld = Meld(MeldType.PON, tuple(ids), ids[0], from_seat)
    me = dataclasses.replace(view.players[view.seat], melds=(meld,))
    players = tuple(me if index == view.seat else player for index, player in enumerate(view.players))
    return dataclasses.replace(view, players=players)


def _tenpai_kinds(hand: str) -> frozenset[int]:
    counts = to_counts(parse_tiles(hand))
    return frozenset(
        kind
        for kind in range(34)
        if counts[kind] and shanten([n - (k == kind) for k, n in enumerate(counts)]) == 0
    )


def test_strong_keeps_a_poor_closed_tenpai_early_in_riichi_and_late_in_dama() -> None:
    # 678m 789m 234p 234p with a 6p tanki (three copies): 9m would step back to 6777 88m and 2233446p for a
    # two-sided pinfu-iipeikou wait a draw or two later, but a closed tenpai is kept, as kobalab's AI keeps it
    # (its step-backs lost against that AI in duplicate play): 7m takes the tanki, in riichi early and dama
    # with 26 tiles left (a tanki on the last turns is not worth the stick)
    hand = "6777889m2233446p"
    riichi_kinds = _tenpai_kinds(hand)
    for tiles_left, riichi in ((50, True), (26, False)):
        view = _view(hand, seat=1, dealer=0, rivers={2: "1m4m5m1s4s9s"}, tiles_left=tiles_left)
        choice = create_ai("strong", preset("standard"), 1).decide(view, _discards(view, riichi_kinds))
        assert isinstance(choice, Discard)
        assert choice.tile >> 2 == _kind("7m"), tiles_left
        assert choice.riichi is riichi, tiles_left


def test_strong_opens_a_kan_only_on_a_tenpai() -> None:
    # a 2-shanten hand gains nothing from a chun kan but a new dora for everyone; a tenpai keeps its wait
    slow = _view("12m456p79s235s777z", phase=Phase.CLAIM, claimable="7z")
    assert create_ai("strong", preset("standard"), 1).decide(slow, (PASS, Daiminkan())) == PASS
    ready = _view("123m456p789s2s777z", phase=Phase.CLAIM, claimable="7z")
    assert create_ai("strong", preset("standard"), 1).decide(ready, (PASS, Daiminkan())) == Daiminkan()


def test_strong_calls_to_tenpai_on_an_open_hand_against_a_riichi() -> None:
    # an open haku hand one step from tenpai: the chi of 5m makes a 1s-4s wait, and the hand has no riichi
    # to lose, so it races the riichi (the discard after the call pushes or folds on its own)
    view = _view(
        "34m567p23s88s9p",
        dealer=1,
        phase=Phase.CLAIM,
        claimable="5m",
        tiles_left=40,
        rivers={3: "1z2z9m", 2: "1p9p2z"},
        riichi=(2,),
    )
    view = _with_pon(view, "5z", from_seat=2)
    pair = tuple(tile for tile in view.hand if tile >> 2 in (_kind("3m"), _kind("4m")))
    chi = Chi((pair[0], pair[1]))
    assert create_ai("strong", preset("standard"), 1).decide(view, (PASS, chi)) == chi


def test_strong_passes_a_cheap_pon_to_tenpai_against_two_riichis() -> None:
    # an open tanyao hand (888m) one step from tenpai; the pon of 6s makes a 6s-9s wait worth 1,000 but
    # pushes 3p now and unknown tiles after it into two riichis. Judged by rollouts over 400 logged hanchan,
    # such calls against a riichi lost (the pass folds from a hand that still has safe tiles); with no riichi
    # standing the same pon is taken
    rivers = {1: "5z2z1s2m1m7p1p2p6p6z", 2: "9m9p9p1z8s6z6z4p1m2p6p4z", 3: "5z3z2s9s7m1p1z8m4z5z1z"}
    for riichi, called in (((1, 3), False), ((), True)):
        view = _view(
            "456m3p88p66s78s",
            dealer=2,
            phase=Phase.CLAIM,
            claimable="6s",
            tiles_left=26,
            rivers=rivers,
            riichi=riichi,
        )
        view = _with_pon(view, "8m", from_seat=1)
        pair = tuple(tile for tile in view.hand if tile >> 2 == _kind("6s"))
        pon = Pon((pair[0], pair[1]))
        choice = create_ai("strong", preset("standard"), 1).decide(view, (PASS, pon))
        assert choice == (pon if called else PASS), riichi


def test_strong_pons_a_second_dragon_that_keeps_the_shanten() -> None:
    # an open haku hand, one step from tenpai, with a hatsu pair as its only pair: the pon of hatsu leaves it
    # one step away (it needs a new pair) but adds a han and a shousangen draw; it is called
    view = _view(
        "377899p67s66z", dealer=1, phase=Phase.CLAIM, claimable="6z", tiles_left=53, rivers={2: "1p9m"}
    )
    view = _with_pon(view, "5z", from_seat=3)
    pair = tuple(tile for tile in view.hand if tile >> 2 == _kind("6z"))
    pon = Pon((pair[0], pair[1]))
    assert create_ai("strong", preset("standard"), 1).decide(view, (PASS, pon)) == pon


def test_strong_declares_riichi_on_an_early_mangan_and_stays_dama_late() -> None:
    # tanyao, a red five and a dora pair (2p): 8000 dama on the 4s kanchan. Early, riichi's likely haneman is
    # worth its fewer rons, since the others fold against it instead of racing it to a win of their own;
    # with 30 tiles left the dama's surer win is worth more
    _, plain, early = _tanki_or_ryanmen_tenpai("234m067p35s678s22p1z", 60, "1p")
    assert early == Discard(plain.tile, riichi=True)
    _, plain, late = _tanki_or_ryanmen_tenpai("234m067p35s678s22p1z", 30, "1p")
    assert late == plain


def test_strong_declares_riichi_in_the_last_hand_when_only_riichi_climbs_a_place() -> None:
    # the early-mangan hand of the test above, with 30 tiles left (where it stays dama), in South 4 as the
    # last seat 17000 behind the next: the dama 8000 climbs no place while riichi's likely haneman does
    hand = "234m067p35s678s22p1z"
    scores = (30000, 12000, 29000, 29000)
    view = _view(
        hand,
        seat=1,
        dealer=3,
        rivers={2: "9p", 3: "9m"},
        tiles_left=30,
        dora="1p",
        round_wind=1,
        kyoku=3,
        scores=scores,
    )
    legal = _discards(view, frozenset({_kind("1z")}))
    one = next(tile for tile in view.hand if tile >> 2 == _kind("1z"))
    assert create_ai("strong", preset("standard"), 1).decide(view, legal) == Discard(one, riichi=True)
    earlier = dataclasses.replace(view, round_wind=0, kyoku=3)  # East 4: points, not places
    assert create_ai("strong", preset("standard"), 1).decide(earlier, legal) == Discard(one)


def test_strong_plays_on_an_early_two_shanten_hand_against_two_calls() -> None:
    # 456689m 3389p 79s 33z, two steps from tenpai with 52 tiles left, against a seat with a chi and a pon and
    # four discards: an early two-shanten hand wins about a quarter of the time (the look-ahead's pace), worth
    # more than the little the open hand's danger takes, so it keeps building (9m) instead of folding (9p)
    view = _view("456689m3389p79s33z", seat=0, dealer=1, rivers={2: "1m56p2s"}, tiles_left=52, dora="1z")
    view = _with_open_melds(view, 2, (("345m", MeldType.CHI), ("777p", MeldType.PON)))
    ai = create_ai("strong", preset("standard"), 1)
    assert isinstance(ai, AiSeat)
    choice = ai.decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert ai.notes.fold is False
    assert choice.tile >> 2 == _kind("9m")


def test_terminals_and_honours_are_safer_against_an_open_hand_of_simples() -> None:
    # an open tanyao hand (a 456p chi) cannot win on 1s, 9s or an honour; an open hand with a pon of haku
    # can. Both read the same way for a middle tile.
    view = _view("123m456p789s1s99s1z5z", rivers={2: "9m1p2z3z4z"}, tiles_left=40)
    chi_ids = [tile for tile in range(136) if tile >> 2 in (_kind("4p"), _kind("5p"), _kind("6p"))]
    chi_ids = [next(t for t in chi_ids if t >> 2 == k and t not in view.hand) for k in range(12, 15)]
    chi = Meld(MeldType.CHI, tuple(chi_ids), chi_ids[0], 3)
    haku_ids = [tile for tile in range(136) if tile >> 2 == _kind("5z") and tile not in view.hand][:3]
    pon = Meld(MeldType.PON, tuple(haku_ids), haku_ids[0], 1)
    unseen = [4] * 34

    def threat_with(meld: Meld) -> Threat:
        players = list(view.players)
        players[2] = dataclasses.replace(players[2], melds=(meld,))
        seen = dataclasses.replace(view, players=tuple(players))
        ai = create_ai("strong", preset("standard"), 1)
        assert isinstance(ai, AiSeat)
        return next(threat for threat in threats(seen, ai.memory) if threat.seat == 2)

    tanyao, yakuhai = threat_with(chi), threat_with(pon)
    assert tanyao.simples
    assert not yakuhai.simples
    for text in ("1s", "9s", "6z"):
        assert deal_in_chance(_kind(text), tanyao, unseen) < 0.5 * deal_in_chance(
            _kind(text), yakuhai, unseen
        )
    assert deal_in_chance(_kind("5s"), tanyao, unseen) == deal_in_chance(_kind("5s"), yakuhai, unseen)


@pytest.mark.parametrize(
    ("scores", "folds"),
    [
        ((27000, 26000, 40000, 7000), True),  # second, 1000 above the riichi dealer: a deal-in drops a place
        ((7000, 26000, 40000, 27000), False),  # last: a deal-in drops no place, so the hand still pushes
    ],
)
def test_the_last_hand_below_first_folds_where_a_deal_in_drops_a_place(
    scores: tuple[int, ...], folds: bool
) -> None:
    # the hand of the test above, which pushes early in the match
    all_last = _wide_one_shanten_against_dealer_riichi(round_wind=1, kyoku=3, scores=scores)
    choice = create_ai("strong", preset("standard"), 1).decide(all_last, _discards(all_last))
    assert isinstance(choice, Discard)
    assert (choice.tile >> 2 == _kind("8s")) is folds


def _with_open_melds(view: SeatView, seat: int, melds: tuple[tuple[str, MeldType], ...]) -> SeatView:
    """``view`` with ``seat`` holding open ``melds`` (chi from its left, pon from across) of free copies."""
    taken = {*view.hand, *view.dora_indicators, *(tile.tile for p in view.players for tile in p.river)}
    built = []
    for text, meld_type in melds:
        ids = [_free_copy(tile >> 2, taken) for tile in parse_tiles(text)]
        built.append(Meld(meld_type, tuple(ids), ids[0], 3 if meld_type is MeldType.CHI else 2))
    players = list(view.players)
    players[seat] = dataclasses.replace(players[seat], melds=tuple(built), concealed=13 - 3 * len(built))
    return dataclasses.replace(view, players=tuple(players))


@pytest.mark.parametrize(
    ("river", "folds"),
    [
        ("1z9m2z1p8s3z9s4z6p2p7z", True),  # eleven discards after two calls: likely tenpai (~60%)
        ("1z9m6p2z", False),  # four discards: rarely tenpai yet, so the hand still pushes
    ],
)
def test_strong_folds_a_two_shanten_hand_against_a_dealer_with_two_calls_late(
    river: str, folds: bool
) -> None:
    # 2s is the hand's weakest tile (no suji against the dealer); 6p, the dealer's genbutsu, breaks a shape
    view = _view("23567m3467p24688s", seat=0, dealer=1, rivers={1: river}, tiles_left=36, dora="1z")
    view = _with_open_melds(view, 1, (("345m", MeldType.CHI), ("444s", MeldType.PON)))
    choice = create_ai("strong", preset("standard"), 1).decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 == _kind("6p" if folds else "2s")


def test_strong_takes_no_chi_that_leaves_a_cheap_hand_three_steps_from_tenpai() -> None:
    # 34m 6778m 23p 8p 4s 9s 67z: the chi of 4p (with 23p) takes the hand a step on, but it stays three
    # steps from tenpai, open, with tanyao at best: strong keeps it closed. Two steps away, a chi with a
    # hatsu pair in hand is taken (test_strong_chis_early_for_speed_with_a_hatsu_pair_in_hand), and a
    # yakuhai pon that leaves three steps (34m 68m 2p 8p 45s 9s 12z + 777z) is taken as well.
    view = _view(
        "34m6778m23p8p4s9s67z", dealer=1, rivers={3: "1z9m"}, phase=Phase.CLAIM, claimable="4p", tiles_left=60
    )
    pair = [next(tile for tile in view.hand if tile >> 2 == _kind(text)) for text in ("2p", "3p")]
    chi = Chi((pair[0], pair[1]))
    assert create_ai("strong", preset("standard"), 1).decide(view, (PASS, chi)) == PASS
    far = _view(
        "34m68m2p8p45s9s12z77z",
        dealer=1,
        rivers={3: "1z9m"},
        phase=Phase.CLAIM,
        claimable="7z",
        tiles_left=60,
    )
    chun = tuple(tile for tile in far.hand if tile >> 2 == _kind("7z"))
    pon = Pon((chun[0], chun[1]))
    assert create_ai("strong", preset("standard"), 1).decide(far, (PASS, pon)) == pon


@pytest.mark.parametrize(
    "hand", ["4559m268p2s24477z3m", "48m11134579p145z7p", "233679m48p9s3337z4p", "111568m8p124s122z3z"]
)
def test_strong_far_from_tenpai_keeps_the_most_draws(hand: str) -> None:
    # three or more steps from tenpai with nobody threatening, speed comes first (as in kobalab's AI): the
    # discard keeps the most tiles that improve the hand, not a distant flush or lone honours for their han
    # (the first hand cut 2p, keeping 59 tiles, where the lone south keeps 71)
    view = _view(hand)
    options = discard_options(to_counts(view.hand))
    assert options[0].shanten >= 3
    best = (options[0].shanten, options[0].total)
    widest = {option.discard for option in options if (option.shanten, option.total) == best}
    choice = create_ai("strong", preset("standard"), 1).decide(view, _discards(view))
    assert isinstance(choice, Discard)
    assert choice.tile >> 2 in widest


def test_strong_weighs_the_noten_payments_by_what_tenpai_gains_with_four_and_three_players() -> None:
    # With four players tenpai gains 2,500 or 3,000 of the 3,000 in all, so 0.9 of it; with three players it
    # gains all 2,000 whoever else is tenpai (+2,000 against 0, +1,000 against -1,000, 0 against -2,000)
    four = create_ai("strong", preset("standard"), 1)
    three = create_ai("strong", preset("tenhou-3p"), 1)
    assert isinstance(four, AiSeat)
    assert isinstance(three, AiSeat)
    assert four._noten_gain() == pytest.approx(2700.0)
    assert three._noten_gain() == pytest.approx(2000.0)


def test_strong_keeps_a_one_shanten_hand_late_against_two_calls_for_the_noten_payments() -> None:
    # 2m 234m 67m 345p 34s 7s 88s, one step from tenpai, against the dealer's chi and pon after ten discards.
    # With twelve tiles left it plays on (2m); with eight or four left a win is unlikely, yet tenpai when the
    # wall runs out still takes about 2,700 of the 3,000 noten points over a noten hand, worth more than the
    # open hand's danger: it keeps its shape (2m) instead of folding with 8s, which the 777s pon makes safe.
    rivers = {
        1: "1z2z3z9m1m9s1s4z5z7z",
        2: "4z5z6z9m1m1s2s9p8p7p6z7z3m2m1p",
        3: "1z2z3z9m1m9s1s4z5z7z8p9p1s6z7z",
    }
    for tiles_left in (12, 8, 4):
        view = _view("2m23467m345p3488s7s", seat=0, dealer=1, rivers=rivers, tiles_left=tiles_left, dora="1z")
        view = _with_open_melds(view, 1, (("456p", MeldType.CHI), ("777s", MeldType.PON)))
        ai = create_ai("strong", preset("standard"), 1)
        assert isinstance(ai, AiSeat)
        choice = ai.decide(view, _discards(view))
        assert isinstance(choice, Discard)
        assert ai.notes.fold is False, tiles_left
        assert choice.tile >> 2 == _kind("2m"), tiles_left
