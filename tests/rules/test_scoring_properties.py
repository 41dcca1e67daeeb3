"""Property tests over random winning hands: payments add up to the winner's gain, and the totals agree."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.meld import Meld, MeldType
from rules.points import ceil100
from rules.ruleset import RuleSet, preset
from rules.scoring import YAKU_ORDER, HandError, HandValue, WinSituation, score_hand

_LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "kazoe_yakuman": 8000}


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[list[int], list[Meld], WinSituation, RuleSet]:
    """A regular hand of four groups and a pair, some groups called, with a random win situation."""
    rules = preset(
        draw(st.sampled_from(["standard", "tenhou", "mahjong-soul", "kobalab", "seed-netmahjong"]))
    )
    used = [0] * 34
    groups: list[tuple[str, int]] = []
    for _ in range(4):
        shape = draw(st.sampled_from(["sequence", "triplet"]))
        if shape == "sequence":
            start = draw(st.sampled_from([s * 9 + n for s in range(3) for n in range(7)]))
            kinds = [start, start + 1, start + 2]
        else:
            start = draw(st.integers(0, 33))
            kinds = [start] * 3
        for kind in kinds:
            used[kind] += 1
        groups.append((shape, start))
    pair = draw(st.integers(0, 33))
    used[pair] += 2
    assume(max(used) <= 4)
    copies = [0] * 34

    def take(kind: int) -> int:
        tile = kind * 4 + 3 - copies[kind]  # plain copies first; red fives are added below
        copies[kind] += 1
        return tile

    concealed: list[int] = [take(pair), take(pair)]
    melds: list[Meld] = []
    for shape, start in groups:
        call = draw(st.sampled_from(["none", "none", "open", "kan"]))
        kinds = [start, start + 1, start + 2] if shape == "sequence" else [start] * 3
        if shape == "triplet" and call == "kan":
            assume(used[start] == 3)
            kan_type = draw(st.sampled_from([MeldType.ANKAN, MeldType.DAIMINKAN, MeldType.SHOUMINKAN]))
            tiles = tuple(take(start) for _ in range(4))
            source = None if kan_type is MeldType.ANKAN else draw(st.integers(1, 3))
            melds.append(Meld(kan_type, tiles, called=None, from_seat=source))
        elif call == "open":
            tiles = tuple(take(kind) for kind in kinds)
            if shape == "sequence":
                melds.append(Meld(MeldType.CHI, tiles, called=tiles[0], from_seat=3))
            else:
                melds.append(Meld(MeldType.PON, tiles, called=tiles[0], from_seat=draw(st.integers(1, 3))))
        else:
            concealed.extend(take(kind) for kind in kinds)
    red = draw(st.booleans())
    if red:
        # Swap a plain five in hand for the red one of its suit, if the red copy is free.
        for index, tile in enumerate(concealed):
            if tile >> 2 in (4, 13, 22) and copies[tile >> 2] < 4:
                concealed[index] = (tile >> 2) * 4
                break
    win_tile = draw(st.sampled_from(concealed))
    closed = not any(meld.is_open for meld in melds)
    tsumo = draw(st.booleans())
    riichi = closed and draw(st.booleans())
    seat = draw(st.integers(0, 3))
    situation = WinSituation(
        win_tile=win_tile,
        is_tsumo=tsumo,
        discarder=None if tsumo else draw(st.integers(1, 3)),
        riichi=riichi,
        ippatsu=riichi and draw(st.booleans()),
        seat_wind=seat,
        round_wind=draw(st.integers(0, 1)),
        honba=draw(st.integers(0, 6)),
        riichi_sticks=draw(st.integers(0, 4)),
        dora_indicators=tuple(draw(st.lists(st.integers(0, 135), max_size=3, unique=True))),
    )
    return concealed, melds, situation, rules


def _score_unless_no_yaku(
    concealed: list[int], melds: list[Meld], situation: WinSituation, rules: RuleSet
) -> HandValue | None:
    """Score the hand; only "no yaku" may refuse a hand built as a legal win."""
    try:
        return score_hand(concealed, melds, situation, rules)
    except HandError as error:
        if str(error) == "no yaku":
            return None
        raise


@settings(max_examples=400, deadline=None)
@given(winning_hands())
def test_payments_add_up(case: tuple[list[int], list[Meld], WinSituation, RuleSet]) -> None:
    concealed, melds, situation, rules = case
    value = _score_unless_no_yaku(concealed, melds, situation, rules)
    if value is None:
        return
    s = situation
    payments = value.payments
    assert value.winner_gain == payments.total + 1000 * s.riichi_sticks
    if s.is_tsumo:
        payers = 3 if s.is_dealer else 2
        assert payments.ron is None
        assert (payments.dealer is None) == s.is_dealer
        assert payments.non_dealer_payers == payers
        assert payments.total - rules.honba_tsumo_each * s.honba * 3 == value.points
    else:
        assert payments.ron == value.points + rules.honba_ron * s.honba
    # han is the sum of the listed yaku; each id is known and listed once.
    names = [name for name, _ in value.yaku]
    assert len(names) == len(set(names))
    assert set(names) <= set(YAKU_ORDER)
    assert value.han == sum(han for _, han in value.yaku)
    # The limit and points follow from han and fu.
    if value.yakuman:
        assert value.limit == "yakuman"
        base = 8000 * value.yakuman
    elif value.limit:
        base = _LIMIT_BASE[value.limit]
    else:
        base = value.fu * 2 ** (value.han + 2)
        assert base < 2000
        assert value.fu % 10 == 0 or value.fu == 25
    multiplier = 6 if s.is_dealer else 4
    if s.is_tsumo:
        expected = 3 * ceil100(2 * base) if s.is_dealer else ceil100(2 * base) + 2 * ceil100(base)
    else:
        expected = ceil100(multiplier * base)
    assert value.points == expected
