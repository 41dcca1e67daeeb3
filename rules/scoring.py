"""Scoring a winning hand: every reading, its yaku and fu, the best one's points and payments (RULES.md §4-6).

``score_hand`` is the one entry point. It tries every decomposition and every place the winning tile can sit,
keeps the reading worth the most (yakuman, then points, then han, then fu), adds dora and pays it out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from operator import itemgetter
from typing import NamedTuple, NoReturn

from rules.decomposition import is_kokushi, regular_readings
from rules.meld import Meld, MeldType
from rules.points import Payments, base_points, hand_payments
from rules.ruleset import RuleSet
from rules.tiles import (
    CHUN,
    EAST,
    HAKU,
    HATSU,
    NORTH,
    THREE_PLAYER_ABSENT,
    TILE_COUNT,
    WINDS,
    dora_from_indicator,
    kind_name,
)

# Waits, as the winning tile sits in the reading.
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki"

YAKU_ORDER = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "tanyao",
    "iipeikou",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "chanta",
    "ittsu",
    "sanshoku",
    "sanshoku_doukou",
    "toitoi",
    "sanankou",
    "sankantsu",
    "honroutou",
    "shousangen",
    "chiitoitsu",
    "ryanpeikou",
    "honitsu",
    "junchan",
    "chinitsu",
    "renhou",
    "nagashi_mangan",
    "tuibudao",
    "sanshoku_sansetsukou",
    "sanshoku_tsuukan",
    "uumensai",
    "sanpuukou",
    "isshoku_sanbukou",
    "renkaihou",
    "isshoku_sanjun",
    "sanrenkou",
    "uupin_kaihou",
    "iipin_moyue",
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "shousuushii",
    "daisuushii",
    "suukantsu",
    "chuuren",
    "junsei_chuuren",
    "tenhou",
    "chiihou",
    "daisharin",
    "daichisei",
    "paarenchan",
    "dora",
    "aka_dora",
    "ura_dora",
    "kita",
    "flower",
)
_YAKU_RANK = {name: rank for rank, name in enumerate(YAKU_ORDER)}


def _rank(entry: tuple[str, int]) -> int:
    return _YAKU_RANK[entry[0]]


YAKUMAN_IDS = frozenset(YAKU_ORDER[YAKU_ORDER.index("kokushi") : YAKU_ORDER.index("dora")])
_GREEN = frozenset({19, 20, 21, 23, 25, HATSU})
_TUIBUDAO = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, HAKU})
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_DAISHARIN = (0, 2, 2, 2, 2, 2, 2, 2, 0)
_NEXT_4P = tuple(dora_from_indicator(kind) for kind in range(34))
_NEXT_3P = tuple(dora_from_indicator(kind, three_player=True) for kind in range(34))
_SUIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


class HandError(ValueError):
    """A hand that cannot be scored: not a winning shape, no yaku, or a situation that cannot happen."""


@dataclass(frozen=True)
class WinSituation:
    """Everything about a win besides the tiles; winds are 0..3 = E S W N.

    ``discarder`` (and a meld's ``from_seat``) count seats in turn order from the winner: 1 is the next player
    (on the right), 2 the one after (opposite), 3 the previous (on the left); with three players 2 is the
    previous one.
    """

    win_tile: int
    is_tsumo: bool
    discarder: int | None = None
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    kita: int = 0
    flowers: int = 0  # flowers set aside (the flowers option): one dora each
    consecutive_kans: int = 0
    paarenchan: bool = False  # the dealer's eighth win in a row (counted by the match)

    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer (East)."""
        return self.seat_wind == 0


class HandValue(NamedTuple):
    """A scored win: the reading's han and fu, its limit, table value, payments and yaku list."""

    han: int
    fu: int
    yakuman: int
    limit: str | None
    points: int
    payments: Payments
    winner_gain: int
    yaku: tuple[tuple[str, int], ...]
    wait: str = ""


@dataclass(slots=True)
class _Hand:
    """What every reading of one hand shares, computed once: counts, melds, flags and the shape-free yaku."""

    situation: WinSituation
    rules: RuleSet
    melds: Sequence[Meld]
    concealed_tiles: Sequence[int]
    concealed_counts: list[int]
    counts: list[int]
    closed: bool
    win_kind: int
    seat_wind_kind: int
    round_wind_kind: int
    meld_sequences: tuple[int, ...]
    meld_triplets: list[tuple[int, bool, bool]]
    kans: int
    has_honors: bool
    shared_yaku: list[tuple[str, int]]
    shared_yakuman: list[tuple[str, int]]
    shape_locals: bool


_YAOCHUU = itemgetter(0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_TERMINAL_COUNTS = itemgetter(0, 8, 9, 17, 18, 26)
_GREEN_COUNTS = itemgetter(19, 20, 21, 23, 25, HATSU)
_SHAPE_LOCALS = ("sanshoku_sansetsukou", "sanshoku_tsuukan", "sanpuukou", "isshoku_sanbukou", "sanrenkou")


def score_hand(
    concealed: Sequence[int], melds: Sequence[Meld], situation: WinSituation, rules: RuleSet
) -> HandValue:
    """Score a win; ``concealed`` holds the tile ids in hand including the winning tile."""
    hand = _prepare(concealed, melds, situation, rules)
    candidates = [reading for reading in _readings(hand) if reading[0] or reading[1]]
    if situation.paarenchan and rules.paarenchan and situation.is_dealer:
        # [003]: from the eighth win in a row a dealer's win is a yakuman; it never makes a yakuless hand win.
        candidates = [
            (yaku, [*yakuman, ("paarenchan", 1)], fu, wait) for yaku, yakuman, fu, wait in candidates
        ]
    if not candidates:
        _refuse(hand)
    dora = _dora(hand)
    if len(candidates) > 1:
        dora_han = sum([count for _, count in dora])
        best: tuple[int, int, int, int] | None = None
        for reading in candidates:
            yaku, yakuman, fu, _ = reading
            if yakuman:
                multiple = _yakuman_multiple(yakuman, rules)
                key = (multiple, 8000 * multiple, 13 * multiple, fu)
            else:
                han = sum([value for _, value in yaku])
                if rules.five_honba_two_han and situation.honba >= 5 and han < 2:
                    continue
                han += dora_han
                key = (0, base_points(han, fu, 0, rules)[0], han, fu)
            if best is None or key > best:
                best, chosen = key, reading
        if best is None:
            _refuse(hand)
    else:
        chosen = candidates[0]
        if (
            rules.five_honba_two_han
            and situation.honba >= 5
            and not chosen[1]
            and sum([value for _, value in chosen[0]]) < 2
        ):
            _refuse(hand)
    return _value(hand, *chosen, dora)


def _refuse(hand: _Hand) -> NoReturn:
    """Raise the reason a hand cannot be scored: not a win, no yaku, or the 5-honba 2-han minimum."""
    readings = list(_readings(hand))
    if not readings:
        raise HandError("not a winning hand")
    if (
        hand.rules.five_honba_two_han
        and hand.situation.honba >= 5
        and any(yaku for yaku, _, _, _ in readings)
    ):
        raise HandError("from 5 honba a win needs 2 han besides dora (five_honba_two_han)")
    raise HandError("no yaku")


def _prepare(
    concealed: Sequence[int], melds: Sequence[Meld], situation: WinSituation, rules: RuleSet
) -> _Hand:
    tile_total = len(concealed) + 3 * len(melds)
    if tile_total != 14:
        raise HandError(f"a hand needs 14 tiles with its melds, got {tile_total}")
    concealed_counts = [0] * 34
    for tile in concealed:
        concealed_counts[tile >> 2] += 1
    win_kind = situation.win_tile >> 2
    if not concealed_counts[win_kind]:
        raise HandError(f"the winning tile {kind_name(win_kind)} is not in the hand")
    counts = concealed_counts.copy()
    meld_sequences: list[int] = []
    meld_triplets: list[tuple[int, bool, bool]] = []
    kans = 0
    closed = True
    for meld in melds:
        kind = min(meld.tiles) >> 2
        meld_type = meld.type
        if meld_type is MeldType.CHI:
            meld_sequences.append(kind)
            counts[kind] += 1
            counts[kind + 1] += 1
            counts[kind + 2] += 1
            closed = False
        else:
            is_kan = meld_type is not MeldType.PON
            counts[kind] += 4 if is_kan else 3
            kans += is_kan
            concealed_meld = meld_type is MeldType.ANKAN
            closed = closed and concealed_meld
            meld_triplets.append((kind, concealed_meld, is_kan))
    if max(counts) > 4:
        raise HandError(f"5 copies of {kind_name(counts.index(max(counts)))}")
    _check_situation(situation, rules, closed, melds, counts)
    # Positional: this runs for every hand scored, and keyword construction costs measurably more.
    hand = _Hand(
        situation,
        rules,
        melds,
        concealed,
        concealed_counts,
        counts,
        closed,
        win_kind,
        EAST + situation.seat_wind,
        EAST + situation.round_wind,
        tuple(meld_sequences),
        meld_triplets,
        kans,
        any(counts[27:34]),
        [],
        [],
        not rules.local_yaku_on.isdisjoint(_SHAPE_LOCALS),
    )
    tile_yaku, hand.shared_yakuman = _tile_facts(hand)
    hand.shared_yaku = _situational_yaku(hand) + tile_yaku
    return hand


def _check_situation(
    situation: WinSituation, rules: RuleSet, closed: bool, melds: Sequence[Meld], counts: list[int]
) -> None:
    """Reject flag combinations that cannot happen at a table, so they are never scored silently."""
    s = situation
    if not 0 <= s.round_wind <= 3:
        raise HandError(f"round wind must be 0..3, got {s.round_wind}")
    if not 0 <= s.seat_wind < rules.players:
        raise HandError(
            f"seat wind {'ESWN'[s.seat_wind] if 0 <= s.seat_wind <= 3 else s.seat_wind} "
            f"does not exist with {rules.players} players"
        )
    if rules.three_player:
        if any(counts[kind] for kind in THREE_PLAYER_ABSENT):
            raise HandError("2m-8m are not in the three-player set")
        if any(meld.type is MeldType.CHI for meld in melds):
            raise HandError("there is no chi with three players")
        if any(meld.from_seat == 3 for meld in melds):
            raise HandError("with three players 'from' is 1 (the next player) or 2 (the previous one)")
    elif s.kita:
        raise HandError("kita (north dora) exists only with three players")
    if s.kita < 0 or s.honba < 0 or s.riichi_sticks < 0 or s.flowers < 0:
        raise HandError("honba, riichi sticks, kita and flowers cannot be negative")
    if s.flowers and not rules.flowers:
        raise HandError("flowers are set aside only with the flowers option")
    if s.flowers > 4:
        raise HandError(f"there are 4 flowers, not {s.flowers}")
    if (s.riichi or s.double_riichi) and not closed:
        raise HandError("riichi needs a closed hand")
    if s.ippatsu and not (s.riichi or s.double_riichi):
        raise HandError("ippatsu needs riichi")
    if s.is_tsumo and s.discarder is not None:
        raise HandError("a tsumo win has no discarder")
    if s.discarder is not None and not 1 <= s.discarder < rules.players:
        raise HandError(f"discarder must be 1..{rules.players - 1}")
    if not (s.haitei or s.houtei or s.rinshan or s.chankan or s.tenhou or s.chiihou or s.renhou):
        return  # none of the rarer flags: nothing more to check
    only_tsumo = {"haitei": s.haitei, "rinshan": s.rinshan, "tenhou": s.tenhou, "chiihou": s.chiihou}
    only_ron = {"houtei": s.houtei, "chankan": s.chankan, "renhou": s.renhou}
    for name, flag in only_tsumo.items():
        if flag and not s.is_tsumo:
            raise HandError(f"{name} is a tsumo win")
    for name, flag in only_ron.items():
        if flag and s.is_tsumo:
            raise HandError(f"{name} is a ron win")
    if s.houtei and s.chankan:
        raise HandError("a robbed kan is not the last discard (chankan and houtei)")
    if s.rinshan and s.haitei:
        raise HandError("a replacement tile is never the last tile (rinshan and haitei)")
    if s.rinshan and not any(meld.is_kan for meld in melds) and not s.kita and not s.flowers:
        raise HandError("rinshan needs a kan (or a kita or a flower) before it")
    if (s.tenhou or s.chiihou or s.renhou) and melds:
        raise HandError("tenhou, chiihou and renhou happen before any call")
    if s.tenhou and not s.is_dealer:
        raise HandError("tenhou is the dealer's win")
    if (s.chiihou or s.renhou) and s.is_dealer:
        raise HandError("chiihou and renhou are a non-dealer's win")
    if s.tenhou + s.chiihou + s.renhou > 1:
        raise HandError("only one of tenhou, chiihou, renhou can apply")


_Evaluated = tuple[list[tuple[str, int]], list[tuple[str, int]], int, str]


def _readings(hand: _Hand) -> Iterator[_Evaluated]:
    """Every reading of the hand, evaluated: (yaku, yakuman, fu, wait)."""
    counts = hand.concealed_counts
    win = hand.win_kind
    tsumo = hand.situation.is_tsumo
    meld_triplets = hand.meld_triplets
    meld_sequences = hand.meld_sequences
    for pair, sequences, triplets in regular_readings(counts):
        placements: list[tuple[str, int]] = []  # (wait, index of the triplet that takes the winning tile)
        if pair == win:
            placements.append((TANKI, -1))
        if win in triplets:
            placements.append((SHANPON, triplets.index(win)))
        for start in set(sequences):
            offset = win - start
            if offset == 1:
                placements.append((KANCHAN, -1))
            elif offset == 0:
                placements.append((PENCHAN if start % 9 == 6 else RYANMEN, -1))
            elif offset == 2:
                placements.append((PENCHAN if start % 9 == 0 else RYANMEN, -1))
        all_sequences = sequences + meld_sequences if meld_sequences else sequences
        for wait, index in dict.fromkeys(placements):
            shanpon_ron = wait == SHANPON and not tsumo
            all_triplets = [
                (kind, not (shanpon_ron and position == index), False)
                for position, kind in enumerate(triplets)
            ]
            if meld_triplets:
                all_triplets.extend(meld_triplets)
            yield _regular_reading(hand, pair, all_sequences, all_triplets, wait)
    if not hand.melds:
        if counts.count(2) == 7:
            yield _chiitoitsu_reading(hand)
        elif counts[0] and counts[33] and is_kokushi(counts):
            yield _kokushi_reading(hand)


def _situational_yaku(hand: _Hand) -> list[tuple[str, int]]:
    """Yaku from how the hand was won, shared by every shape."""
    s = hand.situation
    rules = hand.rules
    yaku: list[tuple[str, int]] = []
    if s.double_riichi:
        yaku.append(("double_riichi", 2))
    elif s.riichi:
        yaku.append(("riichi", 1))
    if s.ippatsu and rules.ippatsu:
        yaku.append(("ippatsu", 1))
    if hand.closed and s.is_tsumo:
        yaku.append(("menzen_tsumo", 1))
    if s.haitei:
        if rules.iipin_moyue and hand.win_kind == 9:
            yaku.append(("iipin_moyue", 4))
        else:
            yaku.append(("haitei", 1))
    if s.houtei:
        yaku.append(("houtei", 1))
    if s.rinshan:
        if rules.uupin_kaihou and hand.win_kind == 13:
            yaku.append(("uupin_kaihou", 4))
        elif rules.renkaihou and s.consecutive_kans >= 2:
            yaku.append(("renkaihou", 2))
        else:
            yaku.append(("rinshan", 1))
    if s.chankan:
        yaku.append(("chankan", 1))
    if s.renhou and rules.renhou in ("mangan", "baiman"):
        yaku.append(("renhou", 5 if rules.renhou == "mangan" else 8))
    return yaku


def _regular_reading(
    hand: _Hand, pair: int, sequences: tuple[int, ...], triplets: list[tuple[int, bool, bool]], wait: str
) -> _Evaluated:
    s = hand.situation
    rules = hand.rules
    closed = hand.closed
    triplet_kinds = [kind for kind, _, _ in triplets]
    concealed_triplets = [concealed for _, concealed, _ in triplets].count(True)
    dragon_triplets = wind_triplets = 0
    for kind in triplet_kinds:
        if kind >= 31:
            dragon_triplets += 1
        elif kind >= 27:
            wind_triplets += 1

    yakuman = hand.shared_yakuman.copy()
    if concealed_triplets == 4:
        yakuman.append(("suuankou_tanki", 2) if wait == TANKI else ("suuankou", 1))
    if dragon_triplets == 3:
        yakuman.append(("daisangen", 1))
    if wind_triplets == 4:
        yakuman.append(("daisuushii", 2))
    elif wind_triplets == 3 and 27 <= pair <= 30:
        yakuman.append(("shousuushii", 1))
    if hand.kans == 4:
        yakuman.append(("suukantsu", 1))
    seat, round_ = hand.seat_wind_kind, hand.round_wind_kind
    pinfu = (
        closed
        and not triplets
        and wait == RYANMEN
        and pair < 31
        and pair != seat
        and pair != round_
        and (not s.is_tsumo or rules.pinfu_tsumo)
    )
    if yakuman:
        return [], yakuman, _regular_fu(hand, triplets, pair, wait, pinfu), wait

    yaku = hand.shared_yaku.copy()
    if pinfu:
        yaku.append(("pinfu", 1))
    if len(sequences) >= 2:
        if closed:
            ordered = sorted(sequences)
            peikou = run = 0
            longest = 1
            for previous, current in pairwise(ordered):
                if current == previous:
                    run += 1
                    longest = max(longest, run + 1)
                    if run % 2:
                        peikou += 1
                else:
                    run = 0
            if rules.isshoku_sanjun and longest >= 3:
                yaku.append(("isshoku_sanjun", 2))
            elif peikou == 1:
                yaku.append(("iipeikou", 1))
            elif peikou >= 2:
                yaku.append(("ryanpeikou", 3))
        elif rules.isshoku_sanjun and max(Counter(sequences).values()) >= 3:
            yaku.append(("isshoku_sanjun", 1))
    if triplets:
        if HAKU in triplet_kinds:
            yaku.append(("yakuhai_haku", 1))
        if HATSU in triplet_kinds:
            yaku.append(("yakuhai_hatsu", 1))
        if CHUN in triplet_kinds:
            yaku.append(("yakuhai_chun", 1))
        if seat in triplet_kinds:
            yaku.append(("yakuhai_seat_wind", 1))
        if round_ in triplet_kinds:
            yaku.append(("yakuhai_round_wind", 1))
    if sequences and _is_outside(pair, sequences, triplet_kinds):
        if hand.has_honors:
            yaku.append(("chanta", 2 if closed else 1))
        else:
            yaku.append(("junchan", 3 if closed else 2))
    if len(sequences) >= 3:
        sequence_set = set(sequences)
        if {0, 3, 6} <= sequence_set or {9, 12, 15} <= sequence_set or {18, 21, 24} <= sequence_set:
            yaku.append(("ittsu", 2 if closed else 1))
        for n in sequence_set:
            if n < 7 and n + 9 in sequence_set and n + 18 in sequence_set:
                yaku.append(("sanshoku", 2 if closed else 1))
                break
    if len(triplets) >= 3:
        for kind in triplet_kinds:
            if kind < 9 and kind + 9 in triplet_kinds and kind + 18 in triplet_kinds:
                yaku.append(("sanshoku_doukou", 2))
                break
        if len(triplets) == 4:
            yaku.append(("toitoi", 2))
        if concealed_triplets == 3:
            yaku.append(("sanankou", 2))
        if hand.kans == 3:
            yaku.append(("sankantsu", 2))
        if dragon_triplets == 2 and pair >= 31:
            yaku.append(("shousangen", 2))
    elif dragon_triplets == 2 and pair >= 31:
        yaku.append(("shousangen", 2))
    if hand.shape_locals:
        yaku.extend(_shape_local_yaku(hand, sequences, triplet_kinds, pair, closed))
    return yaku, yakuman, _regular_fu(hand, triplets, pair, wait, pinfu), wait


def _is_outside(pair: int, sequences: tuple[int, ...], triplet_kinds: list[int]) -> bool:
    """Every group and the pair hold a terminal or an honor."""
    if pair < 27 and pair % 9 not in (0, 8):
        return False
    for start in sequences:
        if start % 9 not in (0, 6):
            return False
    return all(kind >= 27 or kind % 9 in (0, 8) for kind in triplet_kinds)


def _shape_local_yaku(
    hand: _Hand, sequences: tuple[int, ...], triplet_kinds: list[int], pair: int, closed: bool
) -> list[tuple[str, int]]:
    """The local yaku of RULES.md §4.5 that depend on the grouping; each is off unless its option is on."""
    rules = hand.rules
    yaku: list[tuple[str, int]] = []
    numbered_triplets = sorted(kind for kind in triplet_kinds if kind < 27)
    sequence_set = set(sequences)
    triplet_set = set(numbered_triplets)
    if rules.sanshoku_sansetsukou and any(
        {order[0] * 9 + n, order[1] * 9 + n + 1, order[2] * 9 + n + 2} <= triplet_set
        for n in range(7)
        for order in _SUIT_ORDERS
    ):
        yaku.append(("sanshoku_sansetsukou", 1))
    if (
        rules.sanshoku_tsuukan
        and closed
        and any(
            all(suit * 9 + 3 * part in sequence_set for part, suit in enumerate(order))
            for order in _SUIT_ORDERS
        )
    ):
        yaku.append(("sanshoku_tsuukan", 1))
    if rules.sanpuukou and sum(1 for kind in triplet_kinds if kind in WINDS) == 3 and pair not in WINDS:
        yaku.append(("sanpuukou", 2))
    if rules.isshoku_sanbukou:
        found = False
        for start in sequence_set:
            for step in (1, 2):
                third = start + 2 * step
                if third // 9 == start // 9 and third % 9 <= 6 and {start + step, third} <= sequence_set:
                    found = True
        if found:
            yaku.append(("isshoku_sanbukou", 2))
    if rules.sanrenkou and any(
        {kind + 1, kind + 2} <= triplet_set and (kind + 2) // 9 == kind // 9 for kind in numbered_triplets
    ):
        yaku.append(("sanrenkou", 2))
    return yaku


def _regular_fu(
    hand: _Hand, triplets: list[tuple[int, bool, bool]], pair: int, wait: str, pinfu: bool
) -> int:
    s = hand.situation
    if pinfu:
        return 20 if s.is_tsumo else 30
    fu = 20
    if s.is_tsumo:
        fu += 2
    elif hand.closed:
        fu += 10
    for kind, concealed, is_kan in triplets:
        value = 4 if kind >= 27 or kind % 9 in (0, 8) else 2
        if concealed:
            value *= 2
        if is_kan:
            value *= 4
        fu += value
    if pair >= 27:
        if pair >= 31:
            fu += 2
        seat, round_ = pair == hand.seat_wind_kind, pair == hand.round_wind_kind
        if seat and round_:
            fu += hand.rules.double_wind_pair_fu
        elif seat or round_:
            fu += 2
    if wait in (KANCHAN, PENCHAN, TANKI):
        fu += 2
    if fu == 20 and not hand.closed and hand.rules.open_pinfu_ron_30_fu:
        return 30
    return -(-fu // 10) * 10


def _tile_facts(hand: _Hand) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Yaku and yakuman that depend only on which tiles the hand holds and how it was won, not on grouping."""
    s = hand.situation
    rules = hand.rules
    counts = hand.counts
    closed = hand.closed
    yaku: list[tuple[str, int]] = []
    yakuman: list[tuple[str, int]] = []
    if s.tenhou:
        yakuman.append(("tenhou", 1))
    elif s.chiihou:
        yakuman.append(("chiihou", 1))
    elif s.renhou and rules.renhou == "yakuman":
        yakuman.append(("renhou", 1))
    total = 14 + hand.kans
    honors = sum(counts[27:34])
    yaochuu = honors + sum(_TERMINAL_COUNTS(counts))
    if yaochuu == 0:
        if closed or rules.kuitan:
            yaku.append(("tanyao", 1))
    elif yaochuu == total:
        if honors == total:
            yakuman.append(("tsuuiisou", 1))
        elif honors == 0:
            yakuman.append(("chinroutou", 1))
        else:
            yaku.append(("honroutou", 2))
    man, pin, sou = any(counts[0:9]), any(counts[9:18]), any(counts[18:27])
    suits = man + pin + sou
    if suits == 1:
        if honors:
            yaku.append(("honitsu", 3 if closed else 2))
        else:
            yaku.append(("chinitsu", 6 if closed else 5))
            if not hand.melds:
                _nine_gates_and_wheels(hand, yakuman)
    if (
        sou
        and suits == 1
        and honors == counts[HATSU]
        and sum(_GREEN_COUNTS(counts)) == total
        and (counts[HATSU] or not rules.ryuuiisou_requires_hatsu)
    ):
        yakuman.append(("ryuuiisou", 1))
    if rules.local_yaku_on:
        if rules.tuibudao and all(kind in _TUIBUDAO for kind in range(34) if counts[kind]):
            yaku.append(("tuibudao", 1))
        if rules.uumensai and suits == 3 and any(counts[27:31]) and any(counts[31:34]):
            yaku.append(("uumensai", 2))
    return yaku, yakuman


def _nine_gates_and_wheels(hand: _Hand, yakuman: list[tuple[str, int]]) -> None:
    """Chuuren (and its nine-sided wait) and the local daisharin, for a closed one-suit hand without melds."""
    counts = hand.counts
    rules = hand.rules
    for base in (0, 9, 18):
        suit = tuple(counts[base : base + 9])
        if sum(suit) != 14:
            continue
        if all(have >= need for have, need in zip(suit, _CHUUREN, strict=True)):
            before = list(suit)
            before[hand.win_kind - base] -= 1
            yakuman.append(("junsei_chuuren", 2) if tuple(before) == _CHUUREN else ("chuuren", 1))
        if rules.daisharin and suit == _DAISHARIN and (base == 9 or rules.daisharin_all_suits):
            yakuman.append(("daisharin", 2 if rules.daisharin_double else 1))


def _chiitoitsu_reading(hand: _Hand) -> _Evaluated:
    yakuman = hand.shared_yakuman.copy()
    if hand.rules.daichisei and ("tsuuiisou", 1) in yakuman:
        yakuman = [entry for entry in yakuman if entry[0] != "tsuuiisou"] + [("daichisei", 2)]
    if yakuman:
        return [], yakuman, 25, TANKI
    return [*hand.shared_yaku, ("chiitoitsu", 2)], [], 25, TANKI


def _kokushi_reading(hand: _Hand) -> _Evaluated:
    yakuman = hand.shared_yakuman.copy()
    thirteen = hand.counts[hand.win_kind] == 2
    yakuman.append(("kokushi_13", 2) if thirteen else ("kokushi", 1))
    return [], yakuman, 0, TANKI


def _yakuman_entries(yakuman: list[tuple[str, int]], rules: RuleSet) -> list[tuple[str, int]]:
    """Yakuman with their han (13 per yakuman), after the stacking option."""
    entries = [(name, _yakuman_han(name, multiple, rules)) for name, multiple in yakuman]
    if not rules.yakuman_stacking:
        entries = [max(entries, key=lambda entry: entry[1])]
    return entries


def _yakuman_multiple(yakuman: list[tuple[str, int]], rules: RuleSet) -> int:
    multiple = sum(han for _, han in _yakuman_entries(yakuman, rules)) // 13
    return min(multiple, rules.max_yakuman) if rules.max_yakuman else multiple


def _yakuman_han(name: str, multiple: int, rules: RuleSet) -> int:
    """13 per yakuman; a double is 26 only where the rule set has double yakuman (daisharin has its own)."""
    if multiple == 1 or name == "daisharin" or rules.double_yakuman:
        return 13 * multiple
    return 13


def _value(
    hand: _Hand,
    yaku: list[tuple[str, int]],
    yakuman: list[tuple[str, int]],
    fu: int,
    wait: str,
    dora: list[tuple[str, int]],
) -> HandValue:
    """The full value of the chosen reading."""
    rules = hand.rules
    s = hand.situation
    if yakuman:
        entries = _yakuman_entries(yakuman, rules)
        multiple = _yakuman_multiple(yakuman, rules)
        han = 13 * multiple
    else:
        entries = yaku + dora
        multiple = 0
        han = sum([value for _, value in entries])
    base, limit = base_points(han, fu, multiple, rules)
    points, payments = hand_payments(
        base, is_dealer=s.seat_wind == 0, is_tsumo=s.is_tsumo, honba=s.honba, rules=rules
    )
    return HandValue(
        han=han,
        fu=fu,
        yakuman=multiple,
        limit=limit,
        points=points,
        payments=payments,
        winner_gain=payments.total + 1000 * s.riichi_sticks,
        yaku=tuple(sorted(entries, key=_rank)),
        wait=wait,
    )


def _dora(hand: _Hand) -> list[tuple[str, int]]:
    """Dora, red fives, ura dora (riichi winners only), kita and flowers, each left out when zero.

    A flower turned as an indicator points at the flowers: each flower set aside counts once more.
    """
    s = hand.situation
    rules = hand.rules
    counts = hand.counts
    three = rules.three_player
    result: list[tuple[str, int]] = []

    following = _NEXT_3P if three else _NEXT_4P

    def count_for(indicators: tuple[int, ...]) -> int:
        total = 0
        for indicator in indicators:
            if indicator >= TILE_COUNT:
                total += s.flowers
                continue
            kind = following[indicator >> 2]
            total += counts[kind]
            if kind == NORTH and s.kita and rules.kita_dora:
                total += s.kita
        return total

    if s.dora_indicators:
        dora = count_for(s.dora_indicators)
        if dora:
            result.append(("dora", dora))
    red_ids = rules.red_five_ids
    if red_ids and (counts[4] or counts[13] or counts[22]):
        red = len(red_ids.intersection(hand.concealed_tiles))
        for meld in hand.melds:
            red += len(red_ids.intersection(meld.tiles))
        if red:
            result.append(("aka_dora", red))
    if (s.riichi or s.double_riichi) and rules.ura_dora and s.ura_indicators:
        ura = count_for(s.ura_indicators)
        if ura:
            result.append(("ura_dora", ura))
    if three and rules.kita_dora and s.kita:
        result.append(("kita", s.kita))
    if s.flowers:
        result.append(("flower", s.flowers))
    return result


def nagashi_mangan_value(
    *, is_dealer: bool, rules: RuleSet, honba: int = 0, riichi_sticks: int = 0
) -> HandValue:
    """Nagashi mangan paid as a mangan tsumo (RULES.md §4.2); the flow decides if honba and sticks go too."""
    if not rules.nagashi_mangan:
        raise HandError("nagashi mangan is off in this rule set")
    points, payments = hand_payments(2000, is_dealer=is_dealer, is_tsumo=True, honba=honba, rules=rules)
    return HandValue(
        han=5,
        fu=0,
        yakuman=0,
        limit="mangan",
        points=points,
        payments=payments,
        winner_gain=payments.total + 1000 * riichi_sticks,
        yaku=(("nagashi_mangan", 5),),
    )
