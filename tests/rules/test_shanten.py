"""Hand analysis: shanten, waits (RULES.md §4.4 examples, the 4-copies rule of §7.3), three-player hands,
ukeire and discard options, plus properties over random hands and a comparison with the mahjong package."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import suit_table
from rules.shanten import (
    DiscardOption,
    discard_options,
    is_complete,
    is_tenpai,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_regular,
    ukeire,
    waits,
)
from rules.tiles import parse_kinds, parse_tiles, to_counts


def counts(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def kinds(text: str) -> tuple[int, ...]:
    return tuple(sorted(kind for kind, _ in parse_kinds(text)))


# ---------------------------------------------------------------- shanten values


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123m456p789s11z222z", -1),  # 4 melds + pair
        ("22m", -1),  # a pair alone: 4 implied open melds
        ("1m", 0),  # tanki with 4 open melds
        ("123m456p789s1122z", 0),  # shanpon on 1z / 2z
        ("123m456p789s112z3z", 1),  # 3 melds, a pair and two isolated honors
        ("11223344556677z", -1),  # chiitoitsu (and no regular reading)
        ("1122334455667z", 0),  # chiitoitsu tanki
        ("19m19p19s1234567z1z", -1),  # kokushi
        ("19m19p19s1234567z", 0),  # kokushi 13-sided wait
        ("147m258p369s1234z", 6),  # 13 unconnected tiles: best as chiitoitsu, 7 singles to pair up
        ("159m159p159s1234z", 3),  # 10 kinds of kokushi
        ("1111m22m33m44m55m66m", -1),  # 123 123 456 456 11m, not chiitoitsu
        ("1111m3355p77s99s11z", 1),  # 4 of a kind is not two pairs for chiitoitsu (RULES.md §17.1 #16)
    ],
)
def test_shanten_examples(hand: str, expected: int) -> None:
    assert shanten(counts(hand)) == expected


@pytest.mark.parametrize(
    ("hand", "regular", "chiitoitsu", "kokushi"),
    [
        ("19m19p19s1234567z", 8, 6, 0),  # regular: no taatsu at all; 5 blocks from isolated tiles cost 8
        ("1122334455667z", 3, 0, 5),  # regular: 4 of the pairs as taatsu + the head; kokushi: 7 honors
        ("11m22m33m44m55m66m7m", 0, 0, 11),
        ("1111m3355p77s99s11z", 2, 1, 9),  # 1111m counts once as a chiitoitsu pair
    ],
)
def test_shanten_components(hand: str, regular: int, chiitoitsu: int, kokushi: int) -> None:
    c = counts(hand)
    assert shanten_regular(c) == regular
    assert shanten_chiitoitsu(c) == chiitoitsu
    assert shanten_kokushi(c) == kokushi
    assert shanten(c) == min(regular, chiitoitsu, kokushi)


def test_chiitoitsu_and_kokushi_only_count_for_closed_hands() -> None:
    # 10 tiles (one implied meld): 5 pairs are no chiitoitsu; two of them must become triplets (2-shanten)
    assert shanten(counts("1122334455z")) == 2
    with pytest.raises(ValueError, match="13 or 14"):
        shanten_chiitoitsu(counts("1122334455z"))
    with pytest.raises(ValueError, match="13 or 14"):
        shanten_kokushi(counts("19m19p19s12345z"))


@pytest.mark.parametrize(
    "bad",
    [
        [0] * 34,  # 0 tiles: 3n
        counts("123m"),  # 3n
        counts("123m456p789s11z222z3z"),  # 15 tiles
        [5] + [0] * 33,  # 5 copies
        [-1, 2] + [0] * 32,
        [1] * 13 + [0] * 20,  # 33 counts
        [*counts("123m456p789s11z2z"), 1],  # 35 counts
    ],
)
def test_bad_hands_raise(bad: list[int]) -> None:
    with pytest.raises(ValueError, match=r"tiles|counts|copies|34|negative|range"):
        shanten(bad)


# ---------------------------------------------------------------- waits: RULES.md §4.4 ([002]'s examples)


@pytest.mark.parametrize(
    ("name", "hand", "expected"),
    [
        ("ryanmen", "78m123p999p234s44z", "69m"),
        ("penchan", "89m123p999p234s44z", "7m"),
        ("kanchan", "79m123p999p234s44z", "8m"),
        ("tanki", "789m123p999p234s4z", "4z"),
        ("shanpon", "789m123p99p234s44z", "9p4z"),
        ("multi 3-6-9m", "45678m999p234s44z", "369m"),
        ("multi 6p-9p-N", "789m78999p234s44z", "69p4z"),
        ("multi 1-7m", "1112345666m444z", "1234567m"),
    ],
)
def test_rules_wait_examples(name: str, hand: str, expected: str) -> None:
    assert shanten(counts(hand)) == 0
    assert waits(counts(hand)) == kinds(expected), name
    assert is_tenpai(counts(hand))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # kokushi 13-sided
        ("19m19p19s1234566z", "7z"),
        ("1122334455667z", "7z"),  # chiitoitsu tanki
        ("1112345678999m", "123456789m"),  # junsei chuuren
    ],
)
def test_waits_of_special_shapes(hand: str, expected: str) -> None:
    assert waits(counts(hand)) == kinds(expected)


# ------------------------------------------------------------ the 4-copies rule (RULES.md §7.3, §17.1 #39)


def test_waiting_only_on_own_fourth_copy_is_not_tenpai() -> None:
    # 111m + 1m tanki: the only completing tile is a 5th 1m. The block count says tenpai (shanten 0, as
    # majiang-core's formula gives), but there is no wait, so the hand is noten.
    hand = counts("1111m234p567p789s")
    assert shanten(hand) == 0
    assert waits(hand) == ()
    assert not is_tenpai(hand)
    assert ukeire(hand) == ()


def test_fourth_copy_is_dropped_but_other_waits_remain() -> None:
    # 111 222 333 m + 4444m: 4m would complete as 44 + 444... but all four 4m are held
    hand = counts("1112223334444m")
    assert waits(hand) == kinds("1235m")
    assert is_tenpai(hand)


def test_held_counts_tiles_in_melds() -> None:
    concealed = counts("5p123m456s789s")  # 10 tiles: one open meld, tanki on 5p
    assert waits(concealed) == kinds("5p")
    held = counts("5p123m456s789s555p")  # the open meld is a pon of 5p
    assert waits(concealed, held=held) == ()
    assert not is_tenpai(concealed, held=held)


def test_bare_tanki_with_four_melds() -> None:
    assert waits(counts("3z")) == kinds("3z")
    assert waits(counts("3z"), held=counts("3333z")) == ()  # a pon of 3z among the melds
    assert shanten(counts("1111m")) == 0  # 3 open melds + 111m + 1m tanki, on a 5th 1m
    assert waits(counts("1111m")) == ()


# ---------------------------------------------------------------- three players (RULES.md §10)


@pytest.mark.parametrize(
    ("shape", "as_honors"),
    [
        ("1111m123p456p789p", "1111z123p456p789p"),
        ("111m9m123p456p789p", "111z2z123p456p789p"),
        ("1m9m123p456p789p11s", "12z123p456p789p11s"),
    ],
)
def test_three_player_reads_1m_and_9m_like_honors(shape: str, as_honors: str) -> None:
    # with 2m-8m gone, 1m and 9m can only pair or make triplets: the same reading as two honors
    assert shanten(counts(shape), three_player=True) == shanten(counts(as_honors))
    assert waits(counts(shape), three_player=True) == tuple(
        sorted({27: 0, 28: 8}.get(kind, kind) for kind in waits(counts(as_honors)))
    )


def test_three_player_ukeire_leaves_out_2m_to_8m() -> None:
    hand = counts("1m123p456p789s11z2z")
    four = {kind for kind, _ in ukeire(hand)}
    three = {kind for kind, _ in ukeire(hand, three_player=True)}
    assert set(kinds("23m")) <= four  # 12m / 13m taatsu in four-player mahjong
    assert not three & set(range(1, 8))
    assert three == four - set(range(1, 8))


def test_three_player_waits() -> None:
    hand = counts("1m123p456p789s111z")
    assert waits(hand, three_player=True) == kinds("1m")
    assert waits(counts("19m19p19s1234567z"), three_player=True) == kinds("19m19p19s1234567z")


def test_three_player_hand_with_2m_to_8m_raises() -> None:
    with pytest.raises(ValueError, match="three players"):
        shanten(counts("2m123p456p789s111z"), three_player=True)


# ---------------------------------------------------------------- ukeire and discard options


def test_ukeire_counts_unseen_copies() -> None:
    hand = counts("78m123p999p234s44z")
    assert ukeire(hand) == ((5, 4), (8, 4))
    visible = [0] * 34
    visible[5] = 3  # three 6m in rivers
    visible[8] = 4
    assert ukeire(hand, visible) == ((5, 1), (8, 0))


def test_ukeire_rejects_impossible_visible_counts() -> None:
    visible = [0] * 34
    visible[27] = 3  # the hand holds two 1z: five in all
    with pytest.raises(ValueError, match="more than 4 copies"):
        ukeire(counts("123m456p789s11z23z"), visible)


def test_discard_options_best_first() -> None:
    options = discard_options(counts("123m456p789s111z2z5m"))
    assert all(isinstance(option, DiscardOption) for option in options)
    assert {option.discard for option in options} == {0, 1, 2, 4, 12, 13, 14, 24, 25, 26, 27, 28}
    best = options[0]
    assert best.shanten == 0
    assert best.discard in (4, 28)  # keep a tanki on 5m or 2z
    keys = [(option.shanten, -option.total, option.discard) for option in options]
    assert keys == sorted(keys)
    for option in options:
        after = counts("123m456p789s111z2z5m")
        after[option.discard] -= 1
        assert option.shanten == shanten(after)
        assert option.total == sum(unseen for _, unseen in option.ukeire)


def test_discarded_copy_counts_as_seen() -> None:
    options = {option.discard: option for option in discard_options(counts("123m456p789s111z55z"))}
    # dropping a 5z from a complete hand leaves a 5z tanki: 4 - 1 held - 1 in the river
    assert options[31].shanten == 0
    assert options[31].ukeire == ((31, 2),)


def test_waits_and_ukeire_need_the_right_size() -> None:
    with pytest.raises(ValueError, match="3n\\+1"):
        waits(counts("123m456p789s11z222z"))
    with pytest.raises(ValueError, match="3n\\+2"):
        discard_options(counts("123m456p789s1122z"))


# ---------------------------------------------------------------- properties over random hands

MENTSU = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    """A pair plus 0-4 random mentsu, at most 4 copies of a kind (fewer mentsu = implied open melds)."""
    result = [0] * 34
    pair = draw(st.integers(0, 33))
    result[pair] += 2
    for _ in range(draw(st.integers(0, 4))):
        mentsu = draw(st.sampled_from(MENTSU))
        if all(result[k] + mentsu.count(k) <= 4 for k in mentsu):
            for k in mentsu:
                result[k] += 1
    return result


@st.composite
def random_hands(draw: st.DrawFn, size: int) -> list[int]:
    """A hand of `size` tiles dealt from a shuffled wall (or from a few kinds, to make dense shapes)."""
    pool_kinds = draw(
        st.one_of(
            st.just(list(range(34))),
            st.lists(st.integers(0, 33), min_size=4, max_size=8, unique=True),
        )
    )
    pool = [kind for kind in pool_kinds for _ in range(4)]
    chosen = draw(st.permutations(pool))[:size]
    return to_counts(kind * 4 for kind in chosen)


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_melds_and_pair_are_complete(hand: list[int]) -> None:
    assert shanten(hand) == -1
    assert is_complete(hand)


@settings(max_examples=300, deadline=None)
@given(complete_hands(), st.data())
def test_removing_a_tile_from_a_complete_hand_gives_tenpai_on_it(
    hand: list[int], data: st.DataObject
) -> None:
    removed = data.draw(st.sampled_from([kind for kind in range(34) if hand[kind]]))
    hand[removed] -= 1
    assert shanten(hand) == 0
    assert removed in waits(hand)  # at most 3 held after the removal, so the wait is live
    for wait in waits(hand):
        hand[wait] += 1
        assert is_complete(hand)
        hand[wait] -= 1


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([1, 4, 7, 10, 13]).flatmap(lambda size: random_hands(size)))
def test_waits_are_exactly_the_completing_kinds(hand: list[int]) -> None:
    expected = []
    for kind in range(34):
        if hand[kind] < 4:
            hand[kind] += 1
            if is_complete(hand):
                expected.append(kind)
            hand[kind] -= 1
    assert waits(hand) == tuple(expected)
    assert is_tenpai(hand) == bool(expected)
    if expected:
        assert shanten(hand) == 0


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([1, 4, 7, 10, 13]).flatmap(lambda size: random_hands(size)))
def test_one_draw_lowers_shanten_by_at_most_one(hand: list[int]) -> None:
    before = shanten(hand)
    lowering = []
    for kind in range(34):
        if hand[kind] < 4:
            hand[kind] += 1
            after = shanten(hand)
            assert before - 1 <= after <= before
            if after < before:
                lowering.append(kind)
            # a 3n+2 hand's shanten is that of its best discard
            assert min(option.shanten for option in discard_options(hand)) == max(after, 0)
            hand[kind] -= 1
    assert [kind for kind, _ in ukeire(hand)] == lowering


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([2, 5, 8, 11, 14]).flatmap(lambda size: random_hands(size)))
def test_discard_options_agree_with_shanten_and_ukeire(hand: list[int]) -> None:
    options = discard_options(hand)
    assert min(option.shanten for option in options) == max(shanten(hand), 0)
    for option in options:
        after = list(hand)
        after[option.discard] -= 1
        river = [0] * 34
        river[option.discard] = 1
        assert option.shanten == shanten(after)
        assert option.ukeire == ukeire(after, river)


# ---------------------------------------------------------------- internals of the per-group states


def test_option_dominance_is_a_strict_order() -> None:
    # pruning drops an option when another option of the state beats it; that is safe because "beats" is
    # irreflexive, antisymmetric and transitive, so a best reading always survives
    for beaten in (suit_table._BEATEN_PLAIN, suit_table._BEATEN_HEADED):
        assert len(beaten) == len(suit_table.OPTIONS)
        for a, beaters in enumerate(beaten):
            assert not beaters >> a & 1
            for b in range(len(beaten)):
                if beaters >> b & 1:
                    assert not beaten[b] >> a & 1
                    assert beaten[b] & ~beaters == 0


# ---------------------------------------------------------------- against the mahjong package


def exact_regular_shanten(hand: Sequence[int], three_player: bool = False) -> int:
    """Reference: fewest tiles to add for a complete hand with at most 4 of a kind, minus one (slow DP)."""
    size = sum(hand)
    needed = 4 - (14 - size) // 3

    @cache
    def best(kind: int, mentsu: int, pair: int, from_previous: int, from_second: int) -> int:
        if kind == 34:
            return 0 if mentsu == needed and pair == 1 else 99
        result = 99
        sequences_allowed = kind < 27 and kind % 9 <= 6 and not (three_player and kind < 9)
        for triplet in (0, 1):
            for head in (0, 1) if not pair else (0,):
                for started in range(5 if sequences_allowed else 1):
                    used = from_previous + from_second + started + 3 * triplet + 2 * head
                    if used > 4 or mentsu + triplet + started > needed:
                        break
                    cost = max(0, used - hand[kind])
                    rest = best(kind + 1, mentsu + triplet + started, pair + head, started, from_previous)
                    result = min(result, cost + rest)
        return result

    return best(0, 0, 0, 0, 0) - 1


def holds_four_of_a_kind(hand: Sequence[int]) -> bool:
    return max(hand) == 4


def sample_hands(seed: int, count: int, three_player: bool) -> list[list[int]]:
    rng = random.Random(seed)
    usable = [kind for kind in range(34) if not (three_player and 1 <= kind <= 7)]
    hands = []
    while len(hands) < count:
        size = rng.choice([13, 14, 13, 14, 10, 11, 7, 8, 4, 5, 1, 2])
        if rng.random() < 0.4:
            pool = [kind for kind in usable for _ in range(4)]
        else:
            pool = [kind for kind in rng.sample(usable, rng.choice([3, 4, 5, 6, 8])) for _ in range(4)]
        if len(pool) < size:
            continue
        rng.shuffle(pool)
        hands.append(to_counts(kind * 4 for kind in pool[:size]))
    return hands


@pytest.mark.parametrize("three_player", [False, True], ids=["4p", "3p"])
def test_agrees_with_mahjong_package(three_player: bool) -> None:
    from mahjong.shanten import Shanten

    differences = []
    for hand in sample_hands(2026, 4000, three_player):
        ours = shanten(hand, three_player=three_player)
        theirs = Shanten.calculate_shanten(hand, is_three_player=three_player)
        if ours == theirs:
            continue
        # Excluded class: the hand holds all 4 copies of some kind. mahjong counts a 4th held copy as unable
        # to pair or grow (a wait on it is no wait, RULES.md §7.3 / §17.1 #39) and is right; majiang-core's
        # block formula, which our shanten follows, counts it as a tanki/taatsu seed, one lower.
        assert holds_four_of_a_kind(hand), hand
        assert ours == theirs - 1, hand
        differences.append(hand)
    assert differences  # the sample does reach the excluded class
    # and there mahjong agrees with the exact tile-adding reference, so the difference is ours
    for hand in differences[:40]:
        exact = exact_regular_shanten(hand, three_player)
        if sum(hand) >= 13:
            exact = min(exact, shanten_chiitoitsu(hand), shanten_kokushi(hand))
        assert Shanten.calculate_shanten(hand, is_three_player=three_player) == exact, hand


def test_exact_reference_agrees_without_four_of_a_kind() -> None:
    hands = [hand for hand in sample_hands(7, 600, False) if not holds_four_of_a_kind(hand)]
    assert len(hands) > 300
    for hand in hands:
        assert shanten_regular(hand) == exact_regular_shanten(hand), hand
