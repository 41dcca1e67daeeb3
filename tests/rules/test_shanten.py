"""Hand analysis: shanten, waits (RULES.md §4.4 examples, the 4-copies rule of §7.3), three-player hands,
ukeire and discard options; properties over random hands, an exact brute-force reference (fewest tiles to add,
never a 5th copy) and a comparison with the mahjong package, both on hands heavy in 4-of-a-kinds."""

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
    improving_draws,
    is_complete,
    is_tenpai,
    lowering_swaps,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_regular,
    ukeire,
    waits,
)
from rules.tiles import TERMINALS_AND_HONORS, THREE_PLAYER_ABSENT, parse_kinds, parse_tiles, to_counts


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
    # 111m + 1m tanki: the only completing tile is a 5th 1m, so the hand is noten and 1-shanten (exchange a 1m
    # for any other tile to wait on it); a block count that takes the 4th 1m as a tanki seed would say 0
    hand = counts("1111m234p567p789s")
    assert shanten(hand) == 1
    assert shanten_regular(hand) == 1
    assert waits(hand) == ()
    assert not is_tenpai(hand)
    # any other kind drawn (and a 1m discarded) gives 111m + a live tanki
    assert [kind for kind, _ in ukeire(hand)] == list(range(1, 34))


@pytest.mark.parametrize(
    ("hand", "three_player", "expected"),
    [
        ("1111m", False, 1),  # 3 open melds: 111m + 1m waits on a 5th 1m; 11m + 11m can only grow to one too
        ("2222m", False, 1),  # 22m + 2m would need 3m and 4m (234m): two tiles
        ("1111z123p456p789p", False, 1),  # 11z head + 11z that only a 5th copy would make a triplet
        ("1111m123p456p789p", True, 1),  # the same with three players, where 1m reads like an honor
        ("1111m9999m", True, 1),  # 2 open melds: 111m 999m, and the pair needs 2 tiles of a new kind
        ("1111z2z", False, 0),  # discard a 1z: 111z + 2z tanki
        ("1111m2m", False, 0),  # 11m head + 12m, 3m makes 123m
        ("1111m2222m", False, 0),  # discard a 2m: 111m 22m + 12m waits on 3m
        ("1111m2222m3333m4m", False, 0),  # 123m x4 + 4m tanki
        ("1112223334444m", False, 0),  # waits 1235m, not the held-out 4m
    ],
)
def test_four_of_a_kind_shanten(hand: str, three_player: bool, expected: int) -> None:
    c = counts(hand)
    assert shanten(c, three_player=three_player) == expected
    if sum(c) % 3 == 1:
        assert is_tenpai(c, three_player=three_player) is (expected == 0)


def test_fourth_copy_is_dropped_but_other_waits_remain() -> None:
    # 111 222 333 m + 4444m: 4m would complete as 44 + 444... but all four 4m are held
    hand = counts("1112223334444m")
    assert waits(hand) == kinds("1235m")
    assert is_tenpai(hand)


def test_chiitoitsu_and_kokushi_with_four_of_a_kind() -> None:
    # four 1m are one pair for chiitoitsu (RULES.md §17.1 #16): 6 pairs and no single to pair up
    assert shanten_chiitoitsu(counts("1111m3355p77s99s11z")) == 1
    # kokushi: 11 kinds and a pair, 2 tiles to add (the extra 1m copies are exchanged for them)
    assert shanten_kokushi(counts("1111m9m19p19s12345z")) == 1
    # a kokushi wait is never on a held 4th copy: 12 kinds and a pair wait on the missing kind only
    assert waits(counts("19m19p19s1234566z")) == kinds("7z")


def test_held_counts_tiles_in_melds() -> None:
    concealed = counts("5p123m456s789s")  # 10 tiles: one open meld, tanki on 5p
    assert waits(concealed) == kinds("5p")
    held = counts("5p123m456s789s555p")  # the open meld is a pon of 5p
    assert waits(concealed, held=held) == ()
    assert not is_tenpai(concealed, held=held)


def test_bare_tanki_with_four_melds() -> None:
    assert waits(counts("3z")) == kinds("3z")
    assert waits(counts("3z"), held=counts("3333z")) == ()  # a pon of 3z among the melds
    assert shanten(counts("1111m")) == 1  # 3 open melds + 111m + 1m tanki, on a 5th 1m: not tenpai
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


@st.composite
def hands_of_either_table(draw: st.DrawFn, sizes: Sequence[int]) -> tuple[list[int], bool]:
    """A random hand of one of ``sizes`` and whether it is read for three players (then without 2m-8m)."""
    three_player = draw(st.booleans())
    kinds = [kind for kind in range(34) if not (three_player and kind in THREE_PLAYER_ABSENT)]
    pool_kinds = draw(
        st.one_of(st.just(kinds), st.lists(st.sampled_from(kinds), min_size=4, max_size=8, unique=True))
    )
    pool = [kind for kind in pool_kinds for _ in range(4)]
    chosen = draw(st.permutations(pool))[: draw(st.sampled_from(sizes))]
    return to_counts(kind * 4 for kind in chosen), three_player


@settings(max_examples=300, deadline=None)
@given(hands_of_either_table([1, 4, 7, 10, 13]))
def test_improving_draws_are_every_draw_that_lowers_shanten(case: tuple[list[int], bool]) -> None:
    hand, three_player = case
    current = shanten(hand, three_player=three_player)
    lowering = []
    for kind in range(34):
        if hand[kind] == 4 or (three_player and kind in THREE_PLAYER_ABSENT):
            continue
        hand[kind] += 1
        if shanten(hand, three_player=three_player) < current:
            lowering.append(kind)
        hand[kind] -= 1
    assert improving_draws(hand, three_player=three_player) == tuple(lowering)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123456789m111p5s", "5s"),  # the regular waits lie in the group a tile completes
        ("123m456p789s1122z", "12z"),
        ("1133557799m11p2s", "2s"),  # chiitoitsu: the single, far from the groups
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # kokushi, thirteen-sided
        ("19m19p19s123456z1m", "7z"),
    ],
)
def test_improving_draws_at_tenpai(hand: str, expected: str) -> None:
    assert improving_draws(counts(hand)) == kinds(expected)


@settings(max_examples=300, deadline=None)
@given(hands_of_either_table([1, 4, 7, 10, 13]))
def test_lowering_swaps_are_every_swap_that_lowers_shanten(case: tuple[list[int], bool]) -> None:
    hand, three_player = case
    current = shanten(hand, three_player=three_player)
    drawn = improving_draws(hand, three_player=three_player)
    expected = []
    for kind in drawn:
        hand[kind] += 1
        lowering = []
        for discard in range(34):
            if hand[discard] and discard != kind:
                hand[discard] -= 1
                if shanten(hand, three_player=three_player) < current:
                    lowering.append(discard)
                hand[discard] += 1
        expected.append(tuple(lowering))
        hand[kind] -= 1
    assert lowering_swaps(hand, drawn, three_player=three_player) == expected


def test_one_change_searches_reject_what_shanten_rejects() -> None:
    with pytest.raises(ValueError, match="5th copy"):
        lowering_swaps(counts("1111m234p"), [0])
    with pytest.raises(ValueError, match="34 counts"):
        improving_draws([1] * 20)
    with pytest.raises(ValueError, match="3n\\+1"):
        improving_draws(counts("123m456p"))
    with pytest.raises(ValueError, match="2m-8m"):
        lowering_swaps(counts("123m4p"), [9], three_player=True)
    with pytest.raises(ValueError, match="2m-8m"):
        lowering_swaps(counts("1m4p"), [1], three_player=True)


# ---------------------------------------------------------------- the exact reference

UNREACHABLE = 99


def fewest_tiles_to_add(hand: Sequence[int], mentsu: int, pairs: int, starts: Sequence[bool]) -> int:
    """Reference: fewest tiles to add so that the hand holds `mentsu` mentsu and `pairs` (0 or 1) pairs with
    never more than 4 copies of a kind; `starts[kind]` says whether a sequence may start there (slow DP)."""

    @cache
    def best(kind: int, made: int, paired: int, one_back: int, two_back: int) -> int:
        # one_back, two_back: sequences started one and two kinds back, which take a copy of this kind too
        if kind == len(hand):
            return 0 if (made, paired, one_back, two_back) == (mentsu, pairs, 0, 0) else UNREACHABLE
        result = UNREACHABLE
        for started in range(mentsu - made + 1) if starts[kind] else (0,):
            for triplet in (0, 1):
                for head in (0, 1):
                    used = one_back + two_back + started + 3 * triplet + 2 * head
                    if used > 4 or made + started + triplet > mentsu or paired + head > pairs:
                        continue
                    added = max(0, used - hand[kind])
                    rest = best(kind + 1, made + started + triplet, paired + head, started, one_back)
                    result = min(result, added + rest)
        return result

    return best(0, 0, 0, 0, 0)


def sequence_starts(three_player: bool) -> list[bool]:
    """Kinds a sequence may start at: 1-7 of each suit, no manzu with three players (no 2m-8m)."""
    return [kind < 27 and kind % 9 <= 6 and not (three_player and kind < 9) for kind in range(34)]


def exact_regular_shanten(hand: Sequence[int], three_player: bool = False) -> int:
    """Reference: one less than the fewest tiles to add for (tiles // 3) mentsu and a pair."""
    return fewest_tiles_to_add(hand, sum(hand) // 3, 1, sequence_starts(three_player)) - 1


def exact_special_shanten(hand: Sequence[int]) -> int:
    """Reference for a closed 13-14 tile hand: chiitoitsu keeps the 7 kinds with the most copies (2 count at
    most), kokushi each of the 13 yaochuu kinds and one more copy of any of them."""
    kept = sorted((min(count, 2) for count in hand), reverse=True)[:7]
    yaochuu = [hand[kind] for kind in TERMINALS_AND_HONORS]
    kokushi_kept = sum(1 for count in yaochuu if count) + (1 if max(yaochuu) >= 2 else 0)
    return min(14 - sum(kept), 14 - kokushi_kept) - 1


def exact_shanten(hand: Sequence[int], three_player: bool = False) -> int:
    """Reference over all shapes (chiitoitsu and kokushi only for 13-14 tiles)."""
    regular = exact_regular_shanten(hand, three_player)
    return min(regular, exact_special_shanten(hand)) if sum(hand) >= 13 else regular


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123m456p789s11z222z", -1),
        ("1m", 0),
        ("1111m", 1),
        ("1111m234p567p789s", 1),
        ("19m19p19s1234567z", 0),
        ("1122334455667z", 0),
        ("1111m3355p77s99s11z", 1),
        ("147m258p369s1234z", 6),
    ],
)
def test_reference_on_worked_examples(hand: str, expected: int) -> None:
    # the reference itself, on hands worked out by hand in the tests above
    assert exact_shanten(counts(hand)) == expected


SIZES = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]


@st.composite
def hands_with_quads(draw: st.DrawFn, three_player: bool) -> list[int]:
    """A 3n+1 or 3n+2 hand from a few kinds (scattered, or a window of neighbours), often holding all 4 copies
    of one or more kinds."""
    usable = [kind for kind in range(34) if not (three_player and kind in THREE_PLAYER_ABSENT)]
    size = draw(st.sampled_from(SIZES))
    hand = [0] * 34
    for kind in draw(st.lists(st.sampled_from(usable), max_size=3, unique=True)):
        if sum(hand) + 4 <= size:
            hand[kind] = 4
    windows = [usable[start : start + 6] for start in range(len(usable) - 5)]
    pool_kinds = draw(
        st.one_of(
            st.sampled_from(windows), st.lists(st.sampled_from(usable), min_size=5, max_size=9, unique=True)
        )
    )
    pool = [kind for kind in pool_kinds for _ in range(4 - hand[kind])]
    for kind in draw(st.permutations(pool))[: size - sum(hand)]:
        hand[kind] += 1
    assert sum(hand) == size  # 5+ pool kinds always leave enough copies next to at most 3 quads
    return hand


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_shanten_is_exact(data: st.DataObject) -> None:
    three_player = data.draw(st.booleans(), label="three_player")
    hand = data.draw(hands_with_quads(three_player), label="hand")
    regular = exact_regular_shanten(hand, three_player)
    expected = min(regular, exact_special_shanten(hand)) if sum(hand) >= 13 else regular
    assert shanten_regular(hand, three_player=three_player) == regular
    assert shanten(hand, three_player=three_player) == expected
    if sum(hand) % 3 == 1:
        # tenpai (a wait that is not a 5th copy, RULES.md §7.3) exactly at shanten 0
        assert is_tenpai(hand, three_player=three_player) is (expected == 0)
    else:
        assert is_complete(hand) is (expected == -1)


# ---------------------------------------------------------------- the per-group states


def random_group(rng: random.Random, kinds: int) -> list[int]:
    """Counts of one group (at most 14 tiles), often holding a kind 4 times."""
    group = [0] * kinds
    for kind in rng.sample(range(kinds), rng.choice([0, 0, 1, 1, 2, 3][: kinds + 1])):
        group[kind] = 4
    target = rng.randint(0, min(14, 4 * kinds))
    while sum(group) > target:
        group[rng.randrange(kinds)] = 0
    while sum(group) < target:
        kind = rng.randrange(kinds)
        if group[kind] < 4:
            group[kind] += 1
    return group


@pytest.mark.parametrize(
    ("kinds", "sequences"), [(9, True), (7, False), (2, False)], ids=["suit", "honors", "1m9m"]
)
def test_group_states_are_exact_distances(kinds: int, sequences: bool) -> None:
    # A group's state lists, for 0-4 mentsu with and without the pair, the fewest tiles to add (suits holding
    # a kind 4 times come from the exact search, the others from the reading checked in the next test).
    rng = random.Random(kinds)
    starts = [sequences and kind <= kinds - 3 for kind in range(kinds)]
    for _ in range(250):
        group = random_group(rng, kinds)
        state = suit_table.suit_state(bytes(group)) if sequences else suit_table.honor_state(bytes(group))
        vector = suit_table.vector_of(state)
        for mentsu in range(5):
            for pairs in (0, 1):
                expected = fewest_tiles_to_add(group, mentsu, pairs, starts)
                assert vector[mentsu * 2 + pairs] == min(expected, suit_table.UNREACHABLE), (group, mentsu)


SearchStates = dict[tuple[int, int], list[int]]


def search_step(states: SearchStates, rank: int, held: int) -> SearchStates:
    """One rank of `fewest_tiles_to_add` on a 9-kind suit for every (mentsu, pair) at once: states map the
    sequences started one and two ranks back to the fewest tiles added so far, by mentsu * 2 + pair."""
    result: SearchStates = {}
    for (one_back, two_back), distances in states.items():
        for started in range(5 - one_back - two_back) if rank <= 6 else (0,):
            target = result.setdefault((started, one_back), [UNREACHABLE] * 10)
            for triplet, head in ((0, 0), (1, 0), (0, 1)):
                used = one_back + two_back + started + 3 * triplet + 2 * head
                if used > 4:
                    continue
                added = used - held if used > held else 0
                shift = 2 * (started + triplet) + head
                for index in range(0, 10 - shift, 1 + head):  # a second pair never
                    distance = distances[index] + added
                    if distance < target[index + shift]:
                        target[index + shift] = distance
    return result


def test_suits_without_a_quad_never_need_a_fifth_copy() -> None:
    # suit_state reads a suit holding no kind 4 times as if the tiles to add had no 4-copy limit. Here, for
    # each of the 161,348 such suits, an exact rank-by-rank search (shared between suits with the same first
    # ranks) gives the same distances, so the limit never binds there.
    rng = random.Random(3)
    for _ in range(20):  # the search first agrees with the reference
        suit = [rng.choice([0, 0, 1, 2, 3, 4]) for _ in range(9)]
        states: SearchStates = {(0, 0): [0] + [UNREACHABLE] * 9}
        for rank, held in enumerate(suit):
            states = search_step(states, rank, held)
        starts = [True] * 7 + [False] * 2
        expected = [fewest_tiles_to_add(suit, index // 2, index % 2, starts) for index in range(10)]
        assert [min(distance, UNREACHABLE) for distance in states[(0, 0)]] == expected

    suit = [0] * 9
    checked = 0

    def visit(rank: int, states: SearchStates, tiles: int) -> None:
        nonlocal checked
        for held in range(min(3, 14 - tiles) + 1):
            suit[rank] = held
            if rank < 8:
                visit(rank + 1, search_step(states, rank, held), tiles + held)
            elif suit <= suit[::-1]:  # a suit and its mirror image read the same
                checked += 1
                final = search_step(states, rank, held)[(0, 0)]
                exact = tuple(min(distance, UNREACHABLE) for distance in final)
                assert suit_table.vector_of(suit_table.suit_state(bytes(suit))) == exact, suit
        suit[rank] = 0

    visit(0, {(0, 0): [0] + [UNREACHABLE] * 9}, 0)
    assert checked > 80_000


def test_combining_groups_adds_their_distances() -> None:
    left = suit_table.suit_state(bytes([1, 1, 0, 0, 4, 0, 0, 0, 2]))
    right = suit_table.honor_state(bytes([3, 1, 0, 0, 0, 0, 0]))
    both = suit_table.vector_of(suit_table.combine(left, right))
    first, second = suit_table.vector_of(left), suit_table.vector_of(right)
    for mentsu in range(5):
        for pair in (0, 1):
            expected = min(
                first[a * 2 + p] + second[(mentsu - a) * 2 + pair - p]
                for a in range(mentsu + 1)
                for p in range(pair + 1)
            )
            assert both[mentsu * 2 + pair] == min(expected, suit_table.UNREACHABLE)


# ---------------------------------------------------------------- against the mahjong package


def sample_hands(seed: int, count: int, three_player: bool) -> list[list[int]]:
    """Random hands: half dealt from the wall or from a few kinds, half built around 1-3 four-of-a-kinds."""
    rng = random.Random(seed)
    usable = [kind for kind in range(34) if not (three_player and kind in THREE_PLAYER_ABSENT)]
    hands = []
    while len(hands) < count:
        size = rng.choice(SIZES)
        hand = [0] * 34
        if len(hands) % 2:
            for kind in rng.sample(usable, rng.choice([1, 1, 2, 3])):
                if sum(hand) + 4 <= size:
                    hand[kind] = 4
        pool_kinds = usable if rng.random() < 0.4 else rng.sample(usable, rng.choice([3, 4, 5, 6, 8]))
        pool = [kind for kind in pool_kinds for _ in range(4 - hand[kind])]
        if len(pool) < size - sum(hand):
            continue
        rng.shuffle(pool)
        for kind in pool[: size - sum(hand)]:
            hand[kind] += 1
        hands.append(hand)
    return hands


@pytest.mark.parametrize("three_player", [False, True], ids=["4p", "3p"])
def test_agrees_with_mahjong_package(three_player: bool) -> None:
    from mahjong.shanten import Shanten

    hands = sample_hands(2026, 12_000, three_player)
    assert sum(1 for hand in hands if max(hand) == 4) > 5_000  # the sample is heavy in 4-of-a-kinds
    differences = [
        (hand, ours, theirs)
        for hand in hands
        if (ours := shanten(hand, three_player=three_player))
        != (theirs := Shanten.calculate_shanten(hand, is_three_player=three_player))
    ]
    assert not differences, f"{len(differences)} hands differ, first: {differences[:3]}"


@pytest.mark.parametrize("three_player", [False, True], ids=["4p", "3p"])
def test_agrees_with_the_reference_on_a_sample(three_player: bool) -> None:
    for hand in sample_hands(7, 400, three_player):
        assert shanten(hand, three_player=three_player) == exact_shanten(hand, three_player), hand
