"""Input mapping: buttons only for what is offered, clicks and keys turned into offered legal actions only
(kuikae, riichi discards, chi and kan choosers, ron, tsumo, kyuushu, kita), and a property test over random
decisions and random input."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.terms import (
    PASS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Flower,
    Kita,
    Kyuushu,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from game.view import view_for
from graphics.controls import (
    BUTTON_ORDER,
    CHI,
    FLOWER,
    KAN,
    KITA,
    KYUUSHU,
    PON,
    RIICHI,
    RON,
    SKIP,
    TSUMO,
    Button,
    Chooser,
    InputMapper,
    build_buttons,
    tiles_used,
)
from rules.round import legal_actions
from tests.game.human_scenarios import (
    chi_choice,
    decision,
    kans,
    kita,
    kuikae,
    random_decision,
    riichi_choice,
    ron,
    tsumo,
)
from tests.game.human_scenarios import kyuushu as kyuushu_scenario
from tests.rules.scenario import Table, deal


def mapper_for(table: Table, seat: int) -> InputMapper:
    view, legal = decision(table, seat)
    mapper = InputMapper()
    mapper.set_decision(legal, view.hand, view.drawn)
    return mapper


def labels(mapper: InputMapper) -> list[str]:
    return [button.label_key for button in mapper.buttons()]


def index_of_kind(mapper: InputMapper, kind: int) -> int:
    return next(index for index, tile in enumerate(mapper.tiles) if tile >> 2 == kind)


def test_buttons_come_in_a_fixed_order_one_per_kind_of_action() -> None:
    legal: tuple[Action, ...] = (
        PASS,
        Kyuushu(),
        Flower(137),
        Kita(120),
        Daiminkan(),
        Ankan(27),
        Shouminkan(9),
        Pon((4, 5)),
        Chi((8, 12)),
        Chi((12, 20)),
        Discard(3, riichi=True),
        Discard(3),
        Ron(),
        Tsumo(),
    )
    buttons = build_buttons(legal, riichi_mode=False)
    assert [button.label_key for button in buttons] == list(BUTTON_ORDER)
    by_label = {button.label_key: button.actions for button in buttons}
    assert by_label[CHI] == (Chi((8, 12)), Chi((12, 20)))
    assert by_label[KAN] == (Daiminkan(), Ankan(27), Shouminkan(9))
    assert by_label[RIICHI] == (Discard(3, riichi=True),)
    assert by_label[FLOWER] == (Flower(137),)
    assert not any(button.selected for button in buttons)
    assert [b.label_key for b in build_buttons(legal, riichi_mode=True) if b.selected] == [RIICHI]
    # Plain discards are hand tiles, never buttons; no Pass offered, no Skip button.
    assert build_buttons((Discard(3), Discard(7)), riichi_mode=False) == ()


def test_chi_with_several_options_opens_a_chooser() -> None:
    table, seat = chi_choice()
    mapper = mapper_for(table, seat)
    _, legal = decision(table, seat)
    chis = tuple(action for action in legal if isinstance(action, Chi))
    assert len(chis) == 3
    assert labels(mapper) == [CHI, SKIP]
    assert mapper.click_button(CHI) == Chooser(CHI, chis)
    assert mapper.key(pygame.K_ESCAPE) is None  # Esc closes the chooser first
    assert mapper.chooser is None
    assert mapper.key(pygame.K_c) == Chooser(CHI, chis)
    assert mapper.key(pygame.K_RIGHT) is None
    assert mapper.key(pygame.K_RETURN) == chis[1]
    mapper.key(pygame.K_c)
    assert mapper.key(pygame.K_3) == chis[2]
    mapper.key(pygame.K_c)
    assert mapper.key(pygame.K_4) is None  # no fourth option
    assert mapper.click_option(0) == chis[0]
    assert mapper.key(pygame.K_n) == PASS
    assert mapper.key(pygame.K_p) is None  # no pon offered
    assert mapper.click_tile(0) is None  # no discard in a claim


def test_kuikae_tiles_cannot_be_discarded_by_click_or_key() -> None:
    table, seat = kuikae()
    mapper = mapper_for(table, seat)
    _, legal = decision(table, seat)
    assert mapper.drawn is None
    # after the call the cursor rests on the rightmost tile that may go: Enter discards it
    assert mapper.cursor is not None
    assert mapper.tiles[mapper.cursor] >> 2 not in (0, 3)
    assert all(mapper.discard_at(index) is None for index in range(mapper.cursor + 1, len(mapper.tiles)))
    assert mapper.key(pygame.K_RETURN) == mapper.discard_at(mapper.cursor)
    mapper = mapper_for(table, seat)
    assert labels(mapper) == []
    for index, tile in enumerate(mapper.tiles):
        action = mapper.click_tile(index)
        if tile >> 2 in (0, 3):  # 1m and 4m after chi 4m with 23m
            assert action is None
        else:
            assert action in legal
            assert isinstance(action, Discard)
            assert action.tile >> 2 == tile >> 2
    one_m = index_of_kind(mapper, 0)
    assert one_m == 0
    mapper.cursor = None
    assert mapper.key(pygame.K_1) is None  # first press: cursor on the 1st tile
    assert mapper.cursor == 0
    assert mapper.key(pygame.K_1) is None  # second press: 1m may not go
    assert mapper.key(pygame.K_RETURN) is None
    assert mapper.key(pygame.K_RIGHT) is None
    assert mapper.key(pygame.K_RETURN) is None  # the 4m, not allowed either
    assert mapper.key(pygame.K_RIGHT) is None
    assert mapper.key(pygame.K_RETURN) == Discard(mapper.tiles[2])


def test_riichi_mode_offers_only_discards_that_keep_tenpai() -> None:
    table, seat = riichi_choice()
    mapper = mapper_for(table, seat)
    drawn = mapper.drawn
    assert drawn is not None
    assert mapper.tiles[-1] == drawn
    assert mapper.cursor == len(mapper.tiles) - 1  # on the drawn tile
    assert labels(mapper) == [RIICHI]
    assert mapper.key(pygame.K_r) is None
    assert mapper.riichi_mode
    assert [button.selected for button in mapper.buttons()] == [True]
    for index in range(len(mapper.tiles) - 1):
        assert mapper.click_tile(index) is None
        assert mapper.discard_at(index) is None
    mapper.cursor = len(mapper.tiles) - 1
    assert mapper.key(pygame.K_SPACE) == Discard(drawn, riichi=True)
    assert mapper.key(pygame.K_ESCAPE) is None  # leaves riichi mode, sends nothing
    assert not mapper.riichi_mode
    assert mapper.click_tile(0) == Discard(mapper.tiles[0])
    mapper.click_button(RIICHI)
    mapper.click_button(RIICHI)
    assert not mapper.riichi_mode  # the button toggles


def test_ankan_and_shouminkan_share_the_kan_chooser() -> None:
    table, seat = kans()
    mapper = mapper_for(table, seat)
    _, legal = decision(table, seat)
    kan_actions = tuple(action for action in legal if isinstance(action, Ankan | Shouminkan))
    assert {type(action) for action in kan_actions} == {Ankan, Shouminkan}
    assert labels(mapper) == [KAN]
    chooser = mapper.key(pygame.K_k)
    assert chooser == Chooser(KAN, kan_actions)
    view, _ = decision(table, seat)
    ankan = next(action for action in kan_actions if isinstance(action, Ankan))
    shouminkan = next(action for action in kan_actions if isinstance(action, Shouminkan))
    assert [tile >> 2 for tile in tiles_used(ankan, view.hand)] == [27] * 4
    assert tiles_used(shouminkan, view.hand) == (shouminkan.tile,)
    index = chooser.actions.index(shouminkan)
    assert mapper.key(pygame.K_1 + index) == shouminkan


def test_ron_tsumo_skip_and_single_calls() -> None:
    table, seat = ron()
    mapper = mapper_for(table, seat)
    assert labels(mapper) == [RON, CHI, SKIP]
    assert mapper.key(pygame.K_t) == Ron()
    assert mapper.key(pygame.K_ESCAPE) == PASS
    chi = mapper.key(pygame.K_c)
    assert isinstance(chi, Chi)  # one chi option: sent at once
    assert tiles_used(chi, mapper.tiles) == chi.tiles
    table, seat = tsumo()
    mapper = mapper_for(table, seat)
    assert labels(mapper) == [TSUMO, RIICHI]
    assert mapper.key(pygame.K_n) is None  # nothing to skip on one's own turn
    assert mapper.key(pygame.K_ESCAPE) is None
    assert mapper.key(pygame.K_t) == Tsumo()
    assert mapper.key(pygame.K_RETURN) == Discard(mapper.tiles[-1])  # tsumogiri from the start cursor


def test_escape_answers_an_offer_but_not_ones_own_turn_to_discard() -> None:
    table, seat = ron()
    mapper = mapper_for(table, seat)
    assert mapper.answers_escape()  # a ron or call offered: Esc skips it, as the Skip button does
    assert mapper.key(pygame.K_ESCAPE) == PASS
    table, seat = chi_choice()
    mapper = mapper_for(table, seat)
    mapper.click_button(CHI)
    assert mapper.answers_escape()  # closes the chooser first
    table, seat = riichi_choice()
    mapper = mapper_for(table, seat)
    assert not mapper.answers_escape()  # one's own turn to discard: Esc is the menu's
    mapper.key(pygame.K_r)
    assert mapper.answers_escape()  # ... unless choosing the riichi discard: Esc leaves riichi mode
    assert mapper.key(pygame.K_ESCAPE) is None
    assert not mapper.answers_escape()
    table, seat = tsumo()
    assert not mapper_for(table, seat).answers_escape()
    assert not InputMapper().answers_escape()  # no decision at all


def test_kyuushu_and_kita() -> None:
    table, seat = kyuushu_scenario()
    mapper = mapper_for(table, seat)
    assert KYUUSHU in labels(mapper)
    assert mapper.key(pygame.K_q) == Kyuushu()
    table, seat = kita()
    mapper = mapper_for(table, seat)
    assert labels(mapper) == [KITA]
    action = mapper.key(pygame.K_x)
    assert isinstance(action, Kita)
    assert action.tile >> 2 == 30
    assert mapper.key(pygame.K_c) is None  # no chi with three players


def test_number_keys_select_then_discard_and_d_is_the_drawn_tile() -> None:
    table, seat = riichi_choice()
    mapper = mapper_for(table, seat)
    assert len(mapper.tiles) == 14
    keys = [
        *(pygame.K_1 + n for n in range(9)),
        pygame.K_0,
        pygame.K_MINUS,
        pygame.K_EQUALS,
        pygame.K_BACKSPACE,
    ]
    _, legal = decision(table, seat)
    for position, key in enumerate(keys):
        assert mapper.key(key) is None
        assert mapper.cursor == position
        sent = mapper.key(key)
        assert sent in legal
        assert isinstance(sent, Discard)
        assert sent.tile >> 2 == mapper.tiles[position] >> 2
    assert mapper.key(pygame.K_d) is None
    assert mapper.cursor == 13
    assert mapper.key(pygame.K_d) == Discard(mapper.tiles[13])
    assert mapper.tiles[13] == mapper.drawn
    assert mapper.key(pygame.K_KP2) is None
    assert mapper.cursor == 1
    assert mapper.key(pygame.K_LEFT) is None
    assert mapper.key(pygame.K_LEFT) is None
    assert mapper.cursor == 13  # wraps around
    mapper.key(pygame.K_r)
    assert mapper.key(pygame.K_1) is None
    assert mapper.key(pygame.K_1) is None  # 1m does not keep tenpai: no riichi discard of it


def test_number_keys_past_the_hand_do_nothing() -> None:
    table, seat = kuikae()  # 11 tiles, no drawn tile
    mapper = mapper_for(table, seat)
    assert len(mapper.tiles) == 11
    start = mapper.cursor
    for key in (pygame.K_EQUALS, pygame.K_BACKSPACE, pygame.K_d):
        assert mapper.key(key) is None
        assert mapper.key(key) is None
        assert mapper.cursor == start


def test_another_copy_of_a_tile_plays_as_the_offered_one() -> None:
    # The dealer holds three plain 5m: the engine offers one Discard for them (and the red 5p apart).
    table = Table(deal({0: "555m05p"}, draws="9s"))
    mapper = mapper_for(table, 0)
    _, legal = decision(table, 0)
    fives = [index for index, tile in enumerate(mapper.tiles) if tile >> 2 == 4]
    assert len(fives) == 3
    sent = {mapper.click_tile(index) for index in fives}
    assert len(sent) == 1
    (action,) = sent
    assert action in legal
    red, plain = (index_of_kind(mapper, 13), index_of_kind(mapper, 13) + 1)
    assert mapper.click_tile(red) != mapper.click_tile(plain)  # a red five is its own discard
    assert mapper.click_tile(red) in legal
    assert mapper.click_tile(plain) in legal


def test_cleared_mapper_sends_nothing() -> None:
    table, seat = ron()
    mapper = mapper_for(table, seat)
    mapper.clear()
    assert mapper.buttons() == ()
    for key in (pygame.K_t, pygame.K_n, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_1):
        assert mapper.key(key) is None
    assert mapper.click_button(RON) is None


def test_unknown_buttons_and_pon_choice() -> None:
    # Holding a red and two plain 5m, a pon of 5m may keep the red five or not: two Pon actions, a chooser.
    table = Table(deal({0: "5m", 1: "055m"}))
    table.play({0: "5m"})
    mapper = mapper_for(table, 1)
    assert mapper.click_button("action.nonsense") is None
    chooser = mapper.click_button(PON)
    assert isinstance(chooser, Chooser)
    assert len(chooser.actions) == 2
    assert all(isinstance(action, Pon) for action in chooser.actions)
    assert mapper.click_option(5) is None


_KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_KP_ENTER,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
    pygame.K_MINUS,
    pygame.K_EQUALS,
    pygame.K_KP0,
    pygame.K_KP5,
    *(pygame.K_0 + n for n in range(10)),
    *(ord(letter) for letter in "abcdefghijklmnopqrstuvwxyz"),
    pygame.K_F1,
]
_INPUT = st.one_of(
    st.tuples(st.just("key"), st.sampled_from(_KEYS)),
    st.tuples(st.just("tile"), st.integers(-1, 15)),
    st.tuples(st.just("button"), st.sampled_from(BUTTON_ORDER)),
    st.tuples(st.just("option"), st.integers(-1, 6)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_name=st.sampled_from(("standard", "tenhou", "tenhou-3p", "seed-netmahjong")),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    inputs=st.lists(_INPUT, max_size=40),
)
def test_every_input_gives_only_offered_actions(
    rules_name: str, seed: int, steps: int, inputs: list[tuple[str, int | str]]
) -> None:
    state, seat = random_decision(rules_name, seed, steps)
    legal = legal_actions(state)[seat]
    view = view_for(state, seat)
    mapper = InputMapper()
    mapper.set_decision(legal, view.hand, view.drawn)
    assert sorted(mapper.tiles) == sorted(view.hand)
    for button in mapper.buttons():
        assert isinstance(button, Button)
        assert button.actions
        assert set(button.actions) <= set(legal)
    for kind, value in inputs:
        outcome: Action | Chooser | None
        if kind == "key":
            outcome = mapper.key(int(value))
        elif kind == "tile":
            outcome = mapper.click_tile(int(value))
        elif kind == "button":
            outcome = mapper.click_button(str(value))
        else:
            outcome = mapper.click_option(int(value))
        if isinstance(outcome, Chooser):
            assert len(outcome.actions) > 1
            assert set(outcome.actions) <= set(legal)
        elif outcome is not None:
            assert outcome in legal
            assert any(type(outcome) is type(action) and outcome == action for action in legal)
    # Every offered discard is reachable by a click (in or out of riichi mode), nothing else is.
    discards = {action for action in legal if isinstance(action, Discard)}
    reached: set[Action] = set()
    for riichi_mode in (False, True):
        mapper.riichi_mode = riichi_mode
        for index in range(len(mapper.tiles)):
            discard = mapper.discard_at(index)
            if discard is not None:
                reached.add(discard)
    assert reached == discards


@pytest.mark.parametrize("action", [Daiminkan(), Ron(), PASS])
def test_tiles_used_for_calls_without_tiles(action: Action) -> None:
    hand = (40, 41, 42, 60)
    expected = (40, 41, 42) if isinstance(action, Daiminkan) else ()
    assert tiles_used(action, hand, claimed=43) == expected


def test_a_flower_in_hand_is_set_aside_by_click_or_key() -> None:
    # The flowers option: the flower (137, summer) cannot be discarded; a click on it or F sets it aside.
    legal: tuple[Action, ...] = (Flower(137), Discard(3), Discard(40))
    mapper = InputMapper()
    mapper.set_decision(legal, (3, 40, 137), 40)
    assert mapper.tiles == (3, 137, 40)
    assert mapper.discard_at(1) is None
    assert mapper.click_tile(1) == Flower(137)
    mapper.set_decision(legal, (3, 40, 137), 40)
    assert mapper.key(pygame.K_f) == Flower(137)
    assert mapper.click_tile(0) == Discard(3)
