"""Scoring a winning hand: every reading, its yaku and fu, the best one's points and payments (RULES.md §4-6).

``score_hand`` is the one entry point. It tries every decomposition and every place the winning tile can sit,
keeps the reading worth the most (yakuman, then points, then han, then fu), adds dora and pays it out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.decomposition import is_chiitoitsu, is_kokushi, regular_readings
from rules.meld import Meld, MeldType
from rules.points import Payments, base_points, hand_payments
from rules.ruleset import RuleSet
from rules.tiles import (
    CHUN,
    DRAGONS,
    EAST,
    HAKU,
    HATSU,
    NORTH,
    THREE_PLAYER_ABSENT,
    WINDS,
    dora_from_indicator,
    is_red,
    kind_name,
    to_counts,
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
    "dora",
    "aka_dora",
    "ura_dora",
    "kita",
)
_YAKU_RANK = {name: rank for rank, name in enumerate(YAKU_ORDER)}
YAKUMAN_IDS = frozenset(YAKU_ORDER[YAKU_ORDER.index("kokushi") : YAKU_ORDER.index("dora")])
_GREEN = frozenset({19, 20, 21, 23, 25, HATSU})
_TUIBUDAO = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, HAKU})
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_SUIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


class HandError(ValueError):
    """A hand that cannot be scored: not a winning shape, no yaku, or a situation that cannot happen."""


@dataclass(frozen=True)
class WinSituation:
    """Everything about a win besides the tiles; winds are 0..3 = E S W N, ``discarder`` relative 1..3."""

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
    consecutive_kans: int = 0

    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer (East)."""
        return self.seat_wind == 0


@dataclass(frozen=True)
class HandValue:
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
    extra: dict[str, int] = field(default_factory=dict, compare=False)


@dataclass
class _Hand:
    """What every reading of one hand shares: counts over all tiles, melds, flags and the rule set."""

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
    meld_sequences: list[int]
    meld_triplets: list[tuple[int, bool, bool]]


@dataclass
class _Reading:
    """One way to read the hand, already evaluated."""

    yaku: list[tuple[str, int]]
    yakuman: list[tuple[str, int]]
    fu: int
    wait: str

    @property
    def han(self) -> int:
        return sum(han for _, han in self.yaku)


def score_hand(
    concealed: Sequence[int], melds: Sequence[Meld], situation: WinSituation, rules: RuleSet
) -> HandValue:
    """Score a win; ``concealed`` holds the tile ids in hand including the winning tile."""
    hand = _prepare(concealed, melds, situation, rules)
    readings = _readings(hand)
    if not readings:
        raise HandError("not a winning hand")
    scored = [_finish(hand, reading) for reading in readings]
    with_yaku = [value for value in scored if value is not None]
    if not with_yaku:
        if hand.rules.five_honba_two_han and situation.honba >= 5 and any(reading.yaku for reading in readings):
            raise HandError("from 5 honba a win needs 2 han besides dora (five_honba_two_han)")
        raise HandError("no yaku")
    return max(with_yaku, key=_value_key)


def _value_key(value: HandValue) -> tuple[int, int, int, int]:
    return value.yakuman, value.points, value.han, value.fu


def _prepare(
    concealed: Sequence[int], melds: Sequence[Meld], situation: WinSituation, rules: RuleSet
) -> _Hand:
    tile_total = len(concealed) + 3 * len(melds)
    if tile_total != 14:
        raise HandError(f"a hand needs 14 tiles with its melds, got {tile_total}")
    concealed_counts = to_counts(concealed)
    win_kind = situation.win_tile >> 2
    if not concealed_counts[win_kind]:
        raise HandError(f"the winning tile {kind_name(win_kind)} is not in the hand")
    counts = list(concealed_counts)
    meld_sequences: list[int] = []
    meld_triplets: list[tuple[int, bool, bool]] = []
    for meld in melds:
        for tile in meld.tiles:
            counts[tile >> 2] += 1
        if meld.is_sequence:
            meld_sequences.append(meld.kind)
        else:
            meld_triplets.append((meld.kind, meld.type is MeldType.ANKAN, meld.is_kan))
    for kind, count in enumerate(counts):
        if count > 4:
            raise HandError(f"5 copies of {kind_name(kind)}")
    closed = not any(meld.is_open for meld in melds)
    _check_situation(situation, rules, closed, melds, counts)
    return _Hand(
        situation=situation,
        rules=rules,
        melds=melds,
        concealed_tiles=concealed,
        concealed_counts=concealed_counts,
        counts=counts,
        closed=closed,
        win_kind=win_kind,
        seat_wind_kind=EAST + situation.seat_wind,
        round_wind_kind=EAST + situation.round_wind,
        meld_sequences=meld_sequences,
        meld_triplets=meld_triplets,
    )


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
    elif s.kita:
        raise HandError("kita (north dora) exists only with three players")
    if s.kita < 0 or s.honba < 0 or s.riichi_sticks < 0:
        raise HandError("honba, riichi sticks and kita cannot be negative")
    if (s.riichi or s.double_riichi) and not closed:
        raise HandError("riichi needs a closed hand")
    if s.ippatsu and not (s.riichi or s.double_riichi):
        raise HandError("ippatsu needs riichi")
    if s.is_tsumo and s.discarder is not None:
        raise HandError("a tsumo win has no discarder")
    if s.discarder is not None and not 1 <= s.discarder < rules.players:
        raise HandError(f"discarder must be 1..{rules.players - 1}")
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
    if s.rinshan and not any(meld.is_kan for meld in melds) and not s.kita:
        raise HandError("rinshan needs a kan (or a kita) before it")
    if (s.tenhou or s.chiihou or s.renhou) and melds:
        raise HandError("tenhou, chiihou and renhou happen before any call")
    if s.tenhou and not s.is_dealer:
        raise HandError("tenhou is the dealer's win")
    if (s.chiihou or s.renhou) and s.is_dealer:
        raise HandError("chiihou and renhou are a non-dealer's win")
    if sum((s.tenhou, s.chiihou, s.renhou)) > 1:
        raise HandError("only one of tenhou, chiihou, renhou can apply")


def _readings(hand: _Hand) -> list[_Reading]:
    readings: list[_Reading] = []
    counts = hand.concealed_counts
    win = hand.win_kind
    tsumo = hand.situation.is_tsumo
    for pair, sequences, triplets in regular_readings(counts):
        placements: list[tuple[str, int]] = []  # (wait, index of the group that takes the winning tile)
        if pair == win:
            placements.append((TANKI, -1))
        if win in triplets:
            placements.append((SHANPON, triplets.index(win)))
        for start in set(sequences):
            offset = win - start
            if offset == 1:
                placements.append((KANCHAN, start))
            elif offset == 0:
                placements.append((PENCHAN if start % 9 == 6 else RYANMEN, start))
            elif offset == 2:
                placements.append((PENCHAN if start % 9 == 0 else RYANMEN, start))
        for wait, index in placements:
            all_triplets = [
                (kind, tsumo or not (wait == SHANPON and position == index), False)
                for position, kind in enumerate(triplets)
            ]
            all_triplets.extend(hand.meld_triplets)
            all_sequences = list(sequences) + hand.meld_sequences
            readings.append(_regular_reading(hand, pair, all_sequences, all_triplets, wait))
    if not hand.melds:
        if is_chiitoitsu(counts):
            readings.append(_chiitoitsu_reading(hand))
        if is_kokushi(counts):
            readings.append(_kokushi_reading(hand))
    return readings


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


def _tile_yaku(hand: _Hand) -> list[tuple[str, int]]:
    """Yaku that depend only on which tiles the hand holds, not on how they are grouped."""
    counts = hand.counts
    closed = hand.closed
    yaku: list[tuple[str, int]] = []
    terminal_or_honor = sum(counts[k] for k in (0, 8, 9, 17, 18, 26)) + sum(counts[27:34])
    if terminal_or_honor == 0 and (closed or hand.rules.kuitan):
        yaku.append(("tanyao", 1))
    if terminal_or_honor == 14 + _kan_count(hand):
        # All-honor and all-terminal hands are yakuman, which replace this.
        yaku.append(("honroutou", 2))
    suits = {kind // 9 for kind in range(27) if counts[kind]}
    has_honors = any(counts[27:34])
    if len(suits) == 1:
        if has_honors:
            yaku.append(("honitsu", 3 if closed else 2))
        else:
            yaku.append(("chinitsu", 6 if closed else 5))
    rules = hand.rules
    if rules.tuibudao and all(kind in _TUIBUDAO for kind in range(34) if counts[kind]):
        yaku.append(("tuibudao", 1))
    if rules.uumensai and len(suits) == 3 and any(counts[27:31]) and any(counts[31:34]):
        yaku.append(("uumensai", 2))
    return yaku


def _kan_count(hand: _Hand) -> int:
    return sum(1 for meld in hand.melds if meld.is_kan)


def _regular_reading(
    hand: _Hand, pair: int, sequences: list[int], triplets: list[tuple[int, bool, bool]], wait: str
) -> _Reading:
    s = hand.situation
    rules = hand.rules
    closed = hand.closed
    triplet_kinds = [kind for kind, _, _ in triplets]
    concealed_triplets = sum(1 for _, concealed, _ in triplets if concealed)
    kans = _kan_count(hand)
    yakuhai = {hand.seat_wind_kind, hand.round_wind_kind, *DRAGONS}

    yakuman = _common_yakuman(hand)
    if concealed_triplets == 4:
        yakuman.append(("suuankou_tanki", 2) if wait == TANKI else ("suuankou", 1))
    dragon_triplets = sum(1 for kind in triplet_kinds if kind in DRAGONS)
    wind_triplets = sum(1 for kind in triplet_kinds if kind in WINDS)
    if dragon_triplets == 3:
        yakuman.append(("daisangen", 1))
    if wind_triplets == 4:
        yakuman.append(("daisuushii", 2))
    elif wind_triplets == 3 and pair in WINDS:
        yakuman.append(("shousuushii", 1))
    if kans == 4:
        yakuman.append(("suukantsu", 1))
    counts = hand.counts
    if closed and not hand.melds:
        for base in (0, 9, 18):
            suit = tuple(counts[base : base + 9])
            if sum(suit) == 14 and all(have >= need for have, need in zip(suit, _CHUUREN, strict=True)):
                before = list(suit)
                before[hand.win_kind - base] -= 1
                yakuman.append(("junsei_chuuren", 2) if tuple(before) == _CHUUREN else ("chuuren", 1))
            if (
                rules.daisharin
                and suit == (0, 2, 2, 2, 2, 2, 2, 2, 0)
                and (base == 9 or rules.daisharin_all_suits)
            ):
                yakuman.append(("daisharin", 2 if rules.daisharin_double else 1))

    yaku = _situational_yaku(hand)
    pair_fu = _pair_fu(hand, pair)
    pinfu_shape = closed and not triplets and wait == RYANMEN and pair not in yakuhai
    pinfu = pinfu_shape and (not s.is_tsumo or rules.pinfu_tsumo)
    if pinfu:
        yaku.append(("pinfu", 1))
    yaku.extend(_tile_yaku(hand))
    sequence_counts = Counter(sequences)
    if closed:
        sanjun = rules.isshoku_sanjun and max(sequence_counts.values(), default=0) >= 3
        peikou = sum(count // 2 for count in sequence_counts.values())
        if sanjun:
            yaku.append(("isshoku_sanjun", 2))
        elif peikou == 1:
            yaku.append(("iipeikou", 1))
        elif peikou >= 2:
            yaku.append(("ryanpeikou", 3))
    elif rules.isshoku_sanjun and max(sequence_counts.values(), default=0) >= 3:
        yaku.append(("isshoku_sanjun", 1))
    for kind, name in ((HAKU, "yakuhai_haku"), (HATSU, "yakuhai_hatsu"), (CHUN, "yakuhai_chun")):
        if kind in triplet_kinds:
            yaku.append((name, 1))
    if hand.seat_wind_kind in triplet_kinds:
        yaku.append(("yakuhai_seat_wind", 1))
    if hand.round_wind_kind in triplet_kinds:
        yaku.append(("yakuhai_round_wind", 1))
    if sequences and _is_outside(pair, sequences, triplet_kinds):
        if any(counts[27:34]):
            yaku.append(("chanta", 2 if closed else 1))
        else:
            yaku.append(("junchan", 3 if closed else 2))
    sequence_set = set(sequences)
    if any({base, base + 3, base + 6} <= sequence_set for base in (0, 9, 18)):
        yaku.append(("ittsu", 2 if closed else 1))
    if any({n, n + 9, n + 18} <= sequence_set for n in range(7)):
        yaku.append(("sanshoku", 2 if closed else 1))
    triplet_set = set(triplet_kinds)
    if any({n, n + 9, n + 18} <= triplet_set for n in range(9)):
        yaku.append(("sanshoku_doukou", 2))
    if len(triplets) == 4:
        yaku.append(("toitoi", 2))
    if concealed_triplets == 3:
        yaku.append(("sanankou", 2))
    if kans == 3:
        yaku.append(("sankantsu", 2))
    if dragon_triplets == 2 and pair in DRAGONS:
        yaku.append(("shousangen", 2))
    yaku.extend(_shape_local_yaku(hand, sequences, triplet_kinds, pair, closed))

    fu = _regular_fu(hand, triplets, pair_fu, wait, pinfu)
    return _Reading(yaku=yaku, yakuman=yakuman, fu=fu, wait=wait)


def _is_outside(pair: int, sequences: list[int], triplet_kinds: list[int]) -> bool:
    """Every group and the pair hold a terminal or an honor."""

    def outside(kind: int) -> bool:
        return kind >= 27 or kind % 9 in (0, 8)

    return (
        outside(pair)
        and all(start % 9 in (0, 6) for start in sequences)
        and all(outside(kind) for kind in triplet_kinds)
    )


def _shape_local_yaku(
    hand: _Hand, sequences: list[int], triplet_kinds: list[int], pair: int, closed: bool
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


def _pair_fu(hand: _Hand, pair: int) -> int:
    fu = 2 if pair in DRAGONS else 0
    seat, round_ = pair == hand.seat_wind_kind, pair == hand.round_wind_kind
    if seat and round_:
        fu += hand.rules.double_wind_pair_fu
    elif seat or round_:
        fu += 2
    return fu


def _regular_fu(
    hand: _Hand, triplets: list[tuple[int, bool, bool]], pair_fu: int, wait: str, pinfu: bool
) -> int:
    s = hand.situation
    if pinfu:
        return 20 if s.is_tsumo else 30
    fu = 20
    if hand.closed and not s.is_tsumo:
        fu += 10
    if s.is_tsumo:
        fu += 2
    for kind, concealed, is_kan in triplets:
        value = 2
        if kind >= 27 or kind % 9 in (0, 8):
            value *= 2
        if concealed:
            value *= 2
        if is_kan:
            value *= 4
        fu += value
    fu += pair_fu
    if wait in (KANCHAN, PENCHAN, TANKI):
        fu += 2
    if fu == 20 and not hand.closed and hand.rules.open_pinfu_ron_30_fu:
        return 30
    return -(-fu // 10) * 10


def _common_yakuman(hand: _Hand) -> list[tuple[str, int]]:
    """Yakuman that any shape can have: by situation or by the tiles alone."""
    s = hand.situation
    rules = hand.rules
    counts = hand.counts
    yakuman: list[tuple[str, int]] = []
    if s.tenhou:
        yakuman.append(("tenhou", 1))
    if s.chiihou:
        yakuman.append(("chiihou", 1))
    if s.renhou and rules.renhou == "yakuman":
        yakuman.append(("renhou", 1))
    held = [kind for kind in range(34) if counts[kind]]
    if all(kind >= 27 for kind in held):
        yakuman.append(("tsuuiisou", 1))
    if all(kind < 27 and kind % 9 in (0, 8) for kind in held):
        yakuman.append(("chinroutou", 1))
    if all(kind in _GREEN for kind in held) and (counts[HATSU] or not rules.ryuuiisou_requires_hatsu):
        yakuman.append(("ryuuiisou", 1))
    return yakuman


def _chiitoitsu_reading(hand: _Hand) -> _Reading:
    yakuman = _common_yakuman(hand)
    if hand.rules.daichisei and "tsuuiisou" in dict(yakuman):
        yakuman = [entry for entry in yakuman if entry[0] != "tsuuiisou"] + [("daichisei", 2)]
    counts = hand.counts
    if hand.rules.daisharin:
        for base in (0, 9, 18):
            if tuple(counts[base : base + 9]) == (0, 2, 2, 2, 2, 2, 2, 2, 0) and (
                base == 9 or hand.rules.daisharin_all_suits
            ):
                yakuman.append(("daisharin", 2 if hand.rules.daisharin_double else 1))
    yaku = _situational_yaku(hand) + _tile_yaku(hand) + [("chiitoitsu", 2)]
    return _Reading(yaku=yaku, yakuman=yakuman, fu=25, wait=TANKI)


def _kokushi_reading(hand: _Hand) -> _Reading:
    yakuman = _common_yakuman(hand)
    thirteen = hand.counts[hand.win_kind] == 2
    yakuman.append(("kokushi_13", 2) if thirteen else ("kokushi", 1))
    return _Reading(yaku=_situational_yaku(hand), yakuman=yakuman, fu=0, wait=TANKI)


def _finish(hand: _Hand, reading: _Reading) -> HandValue | None:
    """Turn a reading into a value, or ``None`` when it has no yaku."""
    rules = hand.rules
    s = hand.situation
    if reading.yakuman:
        entries = [(name, _yakuman_han(name, multiple, rules)) for name, multiple in reading.yakuman]
        if not rules.yakuman_stacking:
            entries = [max(entries, key=lambda entry: entry[1])]
        multiple = sum(han for _, han in entries) // 13
        if rules.max_yakuman:
            multiple = min(multiple, rules.max_yakuman)
        yaku = tuple(sorted(entries, key=lambda entry: _YAKU_RANK[entry[0]]))
        base, limit = base_points(0, reading.fu, multiple, rules)
        return _value(hand, reading, yaku, 13 * multiple, multiple, base, limit)
    if not reading.yaku:
        return None
    if rules.five_honba_two_han and s.honba >= 5 and reading.han < 2:
        return None
    with_dora = reading.yaku + _dora(hand)
    han = sum(value for _, value in with_dora)
    ordered = tuple(sorted(with_dora, key=lambda entry: _YAKU_RANK[entry[0]]))
    base, limit = base_points(han, reading.fu, 0, rules)
    return _value(hand, reading, ordered, han, 0, base, limit)


def _yakuman_han(name: str, multiple: int, rules: RuleSet) -> int:
    """13 per yakuman; a double is 26 only where the rule set has double yakuman (daisharin has its own)."""
    if multiple == 1 or name == "daisharin" or rules.double_yakuman:
        return 13 * multiple
    return 13


def _value(
    hand: _Hand,
    reading: _Reading,
    yaku: tuple[tuple[str, int], ...],
    han: int,
    yakuman: int,
    base: int,
    limit: str | None,
) -> HandValue:
    s = hand.situation
    points, payments = hand_payments(
        base, is_dealer=s.is_dealer, is_tsumo=s.is_tsumo, honba=s.honba, rules=hand.rules
    )
    return HandValue(
        han=han,
        fu=reading.fu,
        yakuman=yakuman,
        limit=limit,
        points=points,
        payments=payments,
        winner_gain=payments.total + 1000 * s.riichi_sticks,
        yaku=yaku,
        wait=reading.wait,
    )


def _dora(hand: _Hand) -> list[tuple[str, int]]:
    """Dora, red fives, ura dora (riichi winners only) and kita, each left out when zero."""
    s = hand.situation
    rules = hand.rules
    counts = hand.counts
    three = rules.three_player
    result: list[tuple[str, int]] = []

    def count_for(indicators: tuple[int, ...]) -> int:
        total = 0
        for indicator in indicators:
            kind = dora_from_indicator(indicator >> 2, three)
            total += counts[kind]
            if kind == NORTH and rules.kita_dora:
                total += s.kita
        return total

    dora = count_for(s.dora_indicators)
    if dora:
        result.append(("dora", dora))
    red = sum(1 for tile in _all_tiles(hand) if is_red(tile, rules.red_fives))
    if red:
        result.append(("aka_dora", red))
    if (s.riichi or s.double_riichi) and rules.ura_dora:
        ura = count_for(s.ura_indicators)
        if ura:
            result.append(("ura_dora", ura))
    if three and rules.kita_dora and s.kita:
        result.append(("kita", s.kita))
    return result


def _all_tiles(hand: _Hand) -> list[int]:
    return list(hand.concealed_tiles) + [tile for meld in hand.melds for tile in meld.tiles]


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
