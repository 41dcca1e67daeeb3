"""Seeded generator of random legal winning hands and their situations.

Shared by the differential test against the `mahjong` package and by the scoring benchmark.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules.ruleset import LOCAL_YAKU

WIND_LETTERS = "ESWN"
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_HONORS = TERMINALS + HONORS
SIMPLES = tuple(k for k in range(27) if k % 9 not in (0, 8))
GREEN = (19, 20, 21, 23, 25, HATSU)
RED_IDS = (16, 52, 88)
FIVES = (4, 13, 22)

# meld types of our JSON interface; chi is always called from the left (3)
CHI, PON, DAIMINKAN, SHOUMINKAN, ANKAN = "chi", "pon", "daiminkan", "shouminkan", "ankan"
KAN_TYPES = (DAIMINKAN, SHOUMINKAN, ANKAN)


@dataclass(frozen=True)
class RuleProfile:
    """A rule set given to our calculator (preset + overrides) that the mahjong package can also express."""

    name: str
    ruleset: str
    overrides: dict[str, Any]
    red_fives: bool
    renhou: bool

    @property
    def players(self) -> int:
        """3 or 4."""
        return int(self.overrides["players"])


# every option that changes scoring is pinned explicitly, so preset defaults cannot drift under the test
STANDARD = RuleProfile(
    name="standard",
    ruleset="standard",
    overrides={
        "players": 4,
        "red_fives": [1, 1, 1],
        "kuitan": True,
        "pinfu_tsumo": True,
        "double_wind_pair_fu": 4,
        "open_pinfu_ron_30_fu": True,
        "kiriage_mangan": False,
        "kazoe_yakuman": True,
        "yakuman_stacking": True,
        "double_yakuman": True,
        "renhou": "off",
        "ryuuiisou_requires_hatsu": False,
        "ura_dora": True,
        "kan_ura": True,
        "honba_ron": 300,
        "honba_tsumo_each": 100,
        "max_yakuman": 0,
        "ippatsu": True,
        "haitei_houtei_merged": False,
        "five_honba_two_han": False,
        "paarenchan": False,
        **dict.fromkeys(LOCAL_YAKU, False),
    },
    red_fives=True,
    renhou=False,
)

# the opposite choice for every scoring option mahjong can also switch
VARIANT = RuleProfile(
    name="variant",
    ruleset="standard",
    overrides={
        **STANDARD.overrides,
        "red_fives": [0, 0, 0],
        "kuitan": False,
        "pinfu_tsumo": False,
        "open_pinfu_ron_30_fu": False,
        "kiriage_mangan": True,
        "kazoe_yakuman": False,
        "double_yakuman": False,
        "renhou": "yakuman",
    },
    red_fives=False,
    renhou=True,
)

# other choices on a different preset: stacking 5-han renhou, kiriage, single "double" yakuman, 6-yakuman cap
VARIANT_B = RuleProfile(
    name="variant_b",
    ruleset="tenhou",
    overrides={
        **STANDARD.overrides,
        "kiriage_mangan": True,
        "double_yakuman": False,
        "renhou": "mangan",
        "max_yakuman": 6,
    },
    red_fives=True,
    renhou=True,
)

# three players: no 2m-8m, no chi, kita (north dora), tsumo loss, 200 per honba on a ron
SANMA = RuleProfile(
    name="sanma",
    ruleset="mahjong-soul-3p",
    overrides={
        **STANDARD.overrides,
        "players": 3,
        "red_fives": [0, 1, 1],
        "honba_ron": 200,
        "honba_tsumo_each": 100,
        "sanma_tsumo": "loss",
        "kita_dora": True,
        "max_yakuman": 6,
    },
    red_fives=True,
    renhou=False,
)

# the two local yakuman mahjong also knows: daisharin in every suit (single), daichisei (double, as ours)
LOCALS = RuleProfile(
    name="locals",
    ruleset="kobalab",
    overrides={
        **STANDARD.overrides,
        "daisharin": True,
        "daisharin_all_suits": True,
        "daisharin_double": False,
        "daichisei": True,
    },
    red_fives=True,
    renhou=False,
)

PROFILES = {p.name: p for p in (STANDARD, VARIANT, VARIANT_B, SANMA, LOCALS)}
DEFAULT_MIX: tuple[tuple[RuleProfile, float], ...] = (
    (STANDARD, 0.5),
    (VARIANT, 0.18),
    (VARIANT_B, 0.12),
    (SANMA, 0.1),
    (LOCALS, 0.1),
)
THREE_PLAYER_ABSENT = tuple(range(1, 8))


@dataclass(frozen=True)
class MeldSpec:
    """A declared meld: JSON meld type, 136-ids, the called tile, its source (1 right, 2 across, 3 left)."""

    type: str
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None

    @property
    def opened(self) -> bool:
        """True for every meld except ankan."""
        return self.type != ANKAN


@dataclass(frozen=True)
class WinningCase:
    """A generated win: tiles, melds and situation as raw data, plus the rule profile it is scored under."""

    concealed: tuple[int, ...]
    melds: tuple[MeldSpec, ...]
    win_tile: int
    tsumo: bool
    discarder: int | None
    seat_wind: int
    round_wind: int
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    profile: RuleProfile
    shape: str
    honba: int = 0
    riichi_sticks: int = 0
    kita: int = 0
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

    @property
    def is_open(self) -> bool:
        """True when any meld other than an ankan was called."""
        return any(m.opened for m in self.melds)

    @property
    def all_tiles(self) -> tuple[int, ...]:
        """Concealed tiles plus every meld tile."""
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    def request(self) -> dict[str, Any]:
        """This case as one line of our JSON interface."""
        req: dict[str, Any] = {"hand": format_ids(self.concealed)}
        if self.melds:
            req["melds"] = [_meld_json(m) for m in self.melds]
        req["win_tile"] = format_ids((self.win_tile,))
        req["tsumo"] = self.tsumo
        if not self.tsumo:
            req["from"] = self.discarder
        for name in (
            "riichi",
            "double_riichi",
            "ippatsu",
            "haitei",
            "houtei",
            "rinshan",
            "chankan",
            "tenhou",
            "chiihou",
            "renhou",
        ):
            if getattr(self, name):
                req[name] = True
        req["seat_wind"] = WIND_LETTERS[self.seat_wind]
        req["round_wind"] = WIND_LETTERS[self.round_wind]
        req["dora_indicators"] = format_ids(self.dora_indicators)
        if self.ura_indicators:
            req["ura_indicators"] = format_ids(self.ura_indicators)
        if self.honba:
            req["honba"] = self.honba
        if self.riichi_sticks:
            req["riichi_sticks"] = self.riichi_sticks
        if self.kita:
            req["kita"] = self.kita
        req["ruleset"] = self.profile.ruleset
        req["rules"] = dict(self.profile.overrides)
        return req


def _meld_json(meld: MeldSpec) -> dict[str, Any]:
    out: dict[str, Any] = {"type": meld.type, "tiles": format_ids(meld.tiles)}
    if meld.from_seat is not None:
        out["from"] = meld.from_seat
    if meld.called is not None:
        out["called"] = format_ids((meld.called,))
    return out


def _local_format(ids: Sequence[int]) -> str:
    """mpsz text of 136-ids, sorted, red fives as 0 (used until rules.tiles exists)."""
    out = []
    for suit, letter in enumerate("mpsz"):
        digits = [
            "0" if i in RED_IDS else str(i // 4 % 9 + 1)
            for i in sorted(ids, key=lambda x: (x // 4, x))
            if i // 36 == suit
        ]
        if digits:
            out.append("".join(digits) + letter)
    return "".join(out)


def _pick_formatter() -> Callable[[Sequence[int]], str]:
    try:
        from rules.tiles import format_tiles  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return _local_format
    return lambda ids: str(format_tiles(tuple(ids)))


format_ids = _pick_formatter()


# ---------------------------------------------------------------------------------------------------------
# shapes: a regular hand is a list of groups ("seq", first kind) / ("trip", kind) plus a pair kind


class _RetryError(Exception):
    """The random choice broke a constraint; the caller draws again."""


Group = tuple[str, int]


def _seq_starts(ranks: Sequence[int] = range(7), suits: Sequence[int] = (0, 1, 2)) -> list[int]:
    return [s * 9 + r for s in suits for r in ranks]


def _random_group(
    rng: random.Random, trip_kinds: Sequence[int], seq_starts: Sequence[int], p_seq: float
) -> Group:
    if seq_starts and (not trip_kinds or rng.random() < p_seq):
        return ("seq", rng.choice(seq_starts))
    return ("trip", rng.choice(trip_kinds))


def _fill(
    rng: random.Random,
    groups: list[Group],
    trip_kinds: Sequence[int],
    seq_starts: Sequence[int],
    p_seq: float,
) -> list[Group]:
    while len(groups) < 4:
        groups.append(_random_group(rng, trip_kinds, seq_starts, p_seq))
    rng.shuffle(groups)
    return groups


ALL_KINDS = tuple(range(34))
ALL_SEQ = _seq_starts()
_TRIPLET_THEMES: dict[str, Sequence[int]] = {
    "toitoi": ALL_KINDS,
    "honroutou": TERMINALS_HONORS,
    "chinroutou": TERMINALS,
    "tsuuiisou": HONORS,
    "suuankou": ALL_KINDS,
    "kans": ALL_KINDS,
}


def _theme_groups(rng: random.Random, theme: str) -> tuple[list[Group], int]:
    """Groups and pair kind for one regular-shape theme."""
    suit = rng.randrange(3)
    suit_kinds = tuple(range(suit * 9, suit * 9 + 9))
    if theme == "random":
        return _fill(rng, [], ALL_KINDS, ALL_SEQ, 0.6), rng.choice(ALL_KINDS)
    if theme == "tanyao":
        return _fill(rng, [], SIMPLES, _seq_starts(range(1, 5)), 0.65), rng.choice(SIMPLES)
    if theme == "pinfu":
        pair = rng.choice([k for k in ALL_KINDS if k not in DRAGONS])
        return _fill(rng, [], (), ALL_SEQ, 1.0), pair
    if theme == "honitsu":
        kinds = suit_kinds + HONORS
        groups = _fill(rng, [], kinds, _seq_starts(suits=(suit,)), 0.5)
        return groups, rng.choice(kinds)
    if theme == "chinitsu":
        return _fill(rng, [], suit_kinds, _seq_starts(suits=(suit,)), 0.6), rng.choice(suit_kinds)
    if theme in ("chanta", "junchan"):
        kinds = TERMINALS_HONORS if theme == "chanta" else TERMINALS
        groups = _fill(rng, [("seq", rng.choice(_seq_starts((0, 6))))], kinds, _seq_starts((0, 6)), 0.6)
        return groups, rng.choice(kinds)
    if theme in _TRIPLET_THEMES:
        # four distinct triplet kinds and a pair kind, so the shape always fits in 4 copies
        picked = rng.sample(_TRIPLET_THEMES[theme], 5)
        return [("trip", k) for k in picked[:4]], picked[4]
    if theme == "sanshoku":
        r = rng.randrange(7)
        return _fill(rng, [("seq", r), ("seq", 9 + r), ("seq", 18 + r)], ALL_KINDS, ALL_SEQ, 0.6), rng.choice(
            ALL_KINDS
        )
    if theme == "sanshoku_doukou":
        r = rng.randrange(9)
        groups = [("trip", r), ("trip", 9 + r), ("trip", 18 + r)]
        return _fill(rng, groups, ALL_KINDS, ALL_SEQ, 0.5), rng.choice(ALL_KINDS)
    if theme == "ittsu":
        b = suit * 9
        return _fill(rng, [("seq", b), ("seq", b + 3), ("seq", b + 6)], ALL_KINDS, ALL_SEQ, 0.6), rng.choice(
            ALL_KINDS
        )
    if theme == "iipeikou":
        s = rng.choice(ALL_SEQ)
        return _fill(rng, [("seq", s), ("seq", s)], ALL_KINDS, ALL_SEQ, 0.7), rng.choice(ALL_KINDS)
    if theme == "ryanpeikou":
        s, t = rng.choice(ALL_SEQ), rng.choice(ALL_SEQ)
        return _fill(rng, [("seq", s), ("seq", s), ("seq", t), ("seq", t)], (), ALL_SEQ, 1.0), rng.choice(
            ALL_KINDS
        )
    if theme == "yakuhai":
        return _fill(rng, [("trip", rng.choice(HONORS))], ALL_KINDS, ALL_SEQ, 0.6), rng.choice(ALL_KINDS)
    if theme == "dragons":
        d = list(DRAGONS)
        rng.shuffle(d)
        if rng.random() < 0.5:  # daisangen
            return _fill(rng, [("trip", k) for k in d], ALL_KINDS, ALL_SEQ, 0.5), rng.choice(ALL_KINDS)
        return _fill(rng, [("trip", d[0]), ("trip", d[1])], ALL_KINDS, ALL_SEQ, 0.5), d[2]
    if theme == "winds":
        w = list(WINDS)
        rng.shuffle(w)
        if rng.random() < 0.4:  # daisuushii
            return [("trip", k) for k in w], rng.choice(ALL_KINDS)
        return _fill(rng, [("trip", k) for k in w[:3]], ALL_KINDS, ALL_SEQ, 0.5), w[3]
    if theme == "green":
        n_seq = rng.choices((0, 1, 2), (40, 40, 20))[0]
        greens = rng.sample((20, 23, 25, HATSU) if n_seq == 2 else GREEN, 5 - n_seq)
        return [("seq", 19)] * n_seq + [("trip", k) for k in greens[1:]], greens[0]
    raise ValueError(theme)


# (theme, weight, closed-only)
THEMES: tuple[tuple[str, float, bool], ...] = (
    ("random", 30.0, False),
    ("tanyao", 10.0, False),
    ("pinfu", 8.0, True),
    ("honitsu", 7.0, False),
    ("chinitsu", 7.0, False),
    ("chanta", 3.0, False),
    ("junchan", 2.0, False),
    ("toitoi", 4.0, False),
    ("honroutou", 1.5, False),
    ("sanshoku", 3.0, False),
    ("sanshoku_doukou", 1.0, False),
    ("ittsu", 3.0, False),
    ("iipeikou", 3.0, False),
    ("ryanpeikou", 1.5, True),
    ("yakuhai", 6.0, False),
    ("dragons", 1.5, False),
    ("winds", 1.2, False),
    ("green", 0.5, False),
    ("chinroutou", 0.3, False),
    ("tsuuiisou", 0.4, False),
    ("suuankou", 1.0, True),
    ("kans", 2.0, False),
    ("chuuren", 0.7, True),
    ("daisharin", 0.8, True),
    ("chiitoitsu", 6.0, True),
    ("kokushi", 0.8, True),
)
_THEME_NAMES = [t[0] for t in THEMES]
_THEME_WEIGHTS = [t[1] for t in THEMES]
_CLOSED_THEMES = {t[0] for t in THEMES if t[2]}
# sanshoku needs 2m-8m, which three-player mahjong removes
_THEME_WEIGHTS_3P = [0.0 if t[0] == "sanshoku" else t[1] for t in THEMES]


class _Pool:
    """Remaining copies of each kind (136-ids), so no kind is used more than 4 times."""

    def __init__(self, rng: random.Random, profile: RuleProfile) -> None:
        self.rng = rng
        self.free: list[list[int]] = []
        red = list(profile.overrides["red_fives"]) if profile.red_fives else [0, 0, 0]
        for kind in range(34):
            ids = [kind * 4 + c for c in range(4)]
            if profile.players == 3 and kind in THREE_PLAYER_ABSENT:
                ids = []
            elif kind in FIVES and not red[kind // 9]:
                ids.remove(kind * 4)  # a suit without red fives never uses copy 0, so "0" never appears
            rng.shuffle(ids)
            self.free.append(ids)

    def take(self, kind: int, n: int = 1) -> list[int]:
        if len(self.free[kind]) < n:
            raise _RetryError
        return [self.free[kind].pop() for _ in range(n)]

    def left(self, kind: int) -> int:
        return len(self.free[kind])


def _kind_use(groups: Sequence[Group], pair: int) -> list[int]:
    use = [0] * 34
    for g, k in groups:
        if g == "seq":
            for i in range(3):
                use[k + i] += 1
        else:
            use[k] += 3
    use[pair] += 2
    return use


@dataclass
class _Hand:
    concealed: list[int]
    melds: list[MeldSpec]
    shape: str


def _regular_hand(rng: random.Random, pool: _Pool, theme: str, players: int) -> _Hand:
    groups, pair = _theme_groups(rng, theme)
    use = _kind_use(groups, pair)
    if max(use) > 4 or any(pool.left(k) < u for k, u in enumerate(use)):
        raise _RetryError
    closed = theme in _CLOSED_THEMES or rng.random() < 0.5
    # three players have no chi, so only triplets can be called there
    callable_idx = [i for i, (g, _) in enumerate(groups) if g == "trip" or players == 4]
    n_called = 0 if closed else rng.choices((1, 2, 3, 4), (40, 30, 20, 10))[0]
    called_idx = set(rng.sample(callable_idx, min(n_called, len(callable_idx))))
    max_from = players - 1
    kan_rate = 0.7 if theme == "kans" else 0.06
    concealed: list[int] = pool.take(pair, 2)
    melds: list[MeldSpec] = []
    for i, (g, k) in enumerate(groups):
        if g == "seq":
            tiles = [pool.take(k + j)[0] for j in range(3)]
            if i in called_idx:
                melds.append(MeldSpec(CHI, tuple(tiles), rng.choice(tiles), 3))
            else:
                concealed.extend(tiles)
            continue
        # a triplet may become a kan only if the 4th copy is still free
        kan = use[k] == 3 and pool.left(k) >= 4 and rng.random() < kan_rate
        if theme == "suuankou" and kan and rng.random() < 0.5:
            kan = False
        tiles = pool.take(k, 4 if kan else 3)
        if i in called_idx:
            mtype = rng.choice((DAIMINKAN, SHOUMINKAN)) if kan else PON
            melds.append(MeldSpec(mtype, tuple(tiles), rng.choice(tiles[:3]), rng.randint(1, max_from)))
        elif kan:
            melds.append(MeldSpec(ANKAN, tuple(tiles)))
        else:
            concealed.extend(tiles)
    return _Hand(concealed, melds, theme)


def _chiitoitsu_hand(rng: random.Random, pool: _Pool) -> _Hand:
    mode = rng.choices(("random", "tanyao", "suit", "terminals", "honors"), (50, 20, 20, 6, 10))[0]
    if mode == "tanyao":
        kinds = SIMPLES
    elif mode == "suit":
        s = rng.randrange(3)
        kinds = tuple(range(s * 9, s * 9 + 9)) + HONORS
    elif mode == "terminals":
        kinds = TERMINALS_HONORS
    elif mode == "honors":
        kinds = HONORS
    else:
        kinds = ALL_KINDS
    chosen = rng.sample(kinds, 7)
    return _Hand([t for k in chosen for t in pool.take(k, 2)], [], "chiitoitsu")


def _kokushi_hand(rng: random.Random, pool: _Pool) -> _Hand:
    tiles = [pool.take(k)[0] for k in TERMINALS_HONORS]
    tiles += pool.take(rng.choice(TERMINALS_HONORS))
    return _Hand(tiles, [], "kokushi")


def _chuuren_hand(rng: random.Random, pool: _Pool) -> _Hand:
    base = rng.randrange(3) * 9
    counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    counts[rng.randrange(9)] += 1
    return _Hand([t for r, c in enumerate(counts) for t in pool.take(base + r, c)], [], "chuuren")


def _daisharin_hand(rng: random.Random, pool: _Pool) -> _Hand:
    base = 9 if rng.random() < 0.6 else rng.choice((0, 18))
    return _Hand([t for r in range(1, 8) for t in pool.take(base + r, 2)], [], "daisharin")


# ---------------------------------------------------------------------------------------------------------
# situation


def _kind_total(ids: Sequence[int], kind: int) -> int:
    return sum(1 for t in ids if t // 4 == kind)


def _make_case(rng: random.Random, profile: RuleProfile, theme: str) -> WinningCase:
    pool = _Pool(rng, profile)
    players = profile.players
    if theme == "chiitoitsu":
        hand = _chiitoitsu_hand(rng, pool)
    elif theme == "kokushi":
        hand = _kokushi_hand(rng, pool)
    elif theme == "chuuren":
        hand = _chuuren_hand(rng, pool)
    elif theme == "daisharin":
        hand = _daisharin_hand(rng, pool)
    else:
        hand = _regular_hand(rng, pool, theme, players)
    melds = tuple(hand.melds)
    concealed = hand.concealed
    win_tile = rng.choice(concealed)
    is_open = any(m.opened for m in melds)
    own_kans = sum(1 for m in melds if m.type in KAN_TYPES)
    all_tiles = tuple(concealed) + tuple(t for m in melds for t in m.tiles)

    seat = rng.randrange(players)
    round_wind = rng.choices(range(4), (45, 35, 12, 8))[0]
    flags: dict[str, bool] = {}
    kita = 0
    blessing = not melds and rng.random() < 0.02
    if blessing:
        # first go-around: tenhou (dealer), chiihou (non-dealer tsumo), renhou (non-dealer ron, if enabled)
        kind = rng.choice(("tenhou", "chiihou", "renhou") if profile.renhou else ("tenhou", "chiihou"))
        tsumo = kind != "renhou"
        seat = 0 if kind == "tenhou" else rng.randrange(1, players)
        flags[kind] = True
        riichi = False
    else:
        tsumo = rng.random() < 0.45
        riichi = not is_open and rng.random() < 0.55
        if players == 3 and pool.left(NORTH) and rng.random() < 0.4:
            # kita: north tiles set aside for dora; they are physical tiles, so they leave the pool
            kita = rng.randint(1, pool.left(NORTH))
            pool.take(NORTH, kita)
        if riichi:
            # double riichi needs the first turn uninterrupted, so an ippatsu double riichi has no kan at all
            if rng.random() < 0.08:
                flags["double_riichi"] = True
                flags["riichi"] = rng.random() < 0.5
            else:
                flags["riichi"] = True
            if rng.random() < 0.15 and not (flags.get("double_riichi") and own_kans):
                flags["ippatsu"] = True
        if tsumo:
            if (own_kans or kita) and not flags.get("ippatsu") and rng.random() < 0.25:
                flags["rinshan"] = True
            elif rng.random() < 0.05:
                flags["haitei"] = True
        else:
            # the robbed tile's other three copies sit in the kakan player's pon
            robbable = _kind_total(all_tiles, win_tile // 4) == 1 and not (kita and win_tile // 4 == NORTH)
            if robbable and rng.random() < 0.12:
                flags["chankan"] = True
            elif rng.random() < 0.05:
                flags["houtei"] = True
    discarder = None if tsumo else rng.randint(1, players - 1)

    # kans by others reveal more indicators; at most 4 kans in a hand, none after one player's 4th
    other_kans = 0
    if not blessing and own_kans < 4:
        other_kans = min(4 - own_kans, rng.choices((0, 1, 2), (80, 15, 5))[0])
    n_ind = 1 + own_kans + other_kans
    if flags.get("chankan"):
        pool.free[win_tile // 4] = []  # the kakan player holds them
    hand_kinds = [t // 4 for t in all_tiles]
    dora = tuple(_draw_indicator(rng, pool, hand_kinds) for _ in range(n_ind))
    ura: tuple[int, ...] = ()
    if riichi:
        ura = tuple(_draw_indicator(rng, pool, hand_kinds) for _ in range(n_ind))

    honba = rng.choices((0, 1, 2, 3, 5, 8), (60, 18, 10, 6, 4, 2))[0]
    sticks = (1 if riichi else 0) + rng.choices((0, 1, 2), (70, 22, 8))[0]
    case = WinningCase(
        concealed=tuple(sorted(concealed)),
        melds=melds,
        win_tile=win_tile,
        tsumo=tsumo,
        discarder=discarder,
        seat_wind=seat,
        round_wind=round_wind,
        dora_indicators=dora,
        ura_indicators=ura,
        profile=profile,
        shape=hand.shape,
        honba=honba,
        riichi_sticks=sticks,
        kita=kita,
        **flags,
    )
    check_case(case)
    return case


def _indicator_of(kind: int) -> int:
    """The indicator kind that makes `kind` dora."""
    if kind < 27:
        return kind - 1 if kind % 9 else kind + 8
    if kind < 31:
        return 30 if kind == 27 else kind - 1
    return 33 if kind == 31 else kind - 1


def _draw_indicator(rng: random.Random, pool: _Pool, hand_kinds: Sequence[int]) -> int:
    """A random indicator; one in four points at a tile of the hand, so high-dora hands (kazoe) occur."""
    if rng.random() < 0.25:
        kind = _indicator_of(rng.choice(hand_kinds))
        if pool.left(kind):
            return pool.take(kind)[0]
    kinds = [k for k in range(34) if pool.left(k)]
    return pool.take(rng.choice(kinds))[0]


def check_case(case: WinningCase) -> None:
    """Assert the generator's legality invariants for one case (tile counts, flag combinations)."""
    every = case.all_tiles + case.dora_indicators + case.ura_indicators
    assert len(set(every)) == len(every), "a physical tile used twice"
    counts = [0] * 34
    for t in every:
        counts[t // 4] += 1
    assert max(counts) <= 4
    assert counts[NORTH] + case.kita <= 4
    if case.profile.players == 3:
        assert not any(counts[k] for k in THREE_PLAYER_ABSENT)
        assert not any(m.type == CHI for m in case.melds)
        assert case.seat_wind < 3
        assert (case.discarder or 1) <= 2
    else:
        assert not case.kita
    assert case.win_tile in case.concealed
    n_kans = sum(1 for m in case.melds if m.type in KAN_TYPES)
    assert len(case.concealed) + 3 * len(case.melds) == 14
    assert len(case.all_tiles) == 14 + n_kans
    closed = not case.is_open
    assert closed or not (case.riichi or case.double_riichi)
    assert not case.ippatsu or case.riichi or case.double_riichi
    assert not case.rinshan or (case.tsumo and (n_kans or case.kita) and not case.haitei and not case.ippatsu)
    robbed = counts[case.win_tile // 4] + (case.kita if case.win_tile // 4 == NORTH else 0)
    assert not case.chankan or (not case.tsumo and not case.houtei and robbed == 1)
    assert not case.haitei or case.tsumo
    assert not case.houtei or not case.tsumo
    assert (case.discarder is None) == case.tsumo
    assert bool(case.ura_indicators) == (case.riichi or case.double_riichi)
    assert 1 <= len(case.dora_indicators) <= 5
    if case.tenhou or case.chiihou or case.renhou:
        assert not case.melds
        assert not case.riichi
        assert not case.double_riichi
        assert case.tsumo == (not case.renhou)
        assert (case.seat_wind == 0) == case.tenhou
    red = case.profile.overrides["red_fives"] if case.profile.red_fives else [0, 0, 0]
    assert all(red[i // 36] for i in set(every) & set(RED_IDS))


def iter_cases(
    seed: int, profiles: Sequence[tuple[RuleProfile, float]] = DEFAULT_MIX
) -> Iterator[WinningCase]:
    """Endless deterministic stream of winning cases; each draws its rule profile by weight."""
    rng = random.Random(seed)
    names = [p for p, _ in profiles]
    weights = [w for _, w in profiles]
    while True:
        profile = rng.choices(names, weights)[0]
        weights3 = _THEME_WEIGHTS if profile.players == 4 else _THEME_WEIGHTS_3P
        theme = rng.choices(_THEME_NAMES, weights3)[0]
        for _ in range(10_000):  # redraw within the theme, so hard-to-fit themes keep their weight
            try:
                yield _make_case(rng, profile, theme)
                break
            except _RetryError:
                continue
        else:
            raise RuntimeError(f"theme {theme} never fits profile {profile.name}")


def generate_cases(
    seed: int, count: int, profiles: Sequence[tuple[RuleProfile, float]] = DEFAULT_MIX
) -> list[WinningCase]:
    """The first `count` cases of the stream for `seed`."""
    it = iter_cases(seed, profiles)
    return [next(it) for _ in range(count)]


# ---------------------------------------------------------------------------------------------------------
# our rules-level inputs (imported lazily: rules/ is written by another engineer)


def rules_inputs(case: WinningCase) -> tuple[tuple[int, ...], tuple[Any, ...], Any]:
    """(concealed, melds, WinSituation) for `rules.scoring.score_hand`."""
    from rules.meld import Meld, MeldType
    from rules.scoring import WinSituation

    melds = tuple(Meld(MeldType[m.type.upper()], m.tiles, m.called, m.from_seat) for m in case.melds)
    situation = WinSituation(
        win_tile=case.win_tile,
        is_tsumo=case.tsumo,
        discarder=case.discarder,
        riichi=case.riichi,
        double_riichi=case.double_riichi,
        ippatsu=case.ippatsu,
        haitei=case.haitei,
        houtei=case.houtei,
        rinshan=case.rinshan,
        chankan=case.chankan,
        tenhou=case.tenhou,
        chiihou=case.chiihou,
        renhou=case.renhou,
        seat_wind=case.seat_wind,
        round_wind=case.round_wind,
        dora_indicators=case.dora_indicators,
        ura_indicators=case.ura_indicators,
        honba=case.honba,
        riichi_sticks=case.riichi_sticks,
        kita=case.kita,
    )
    return case.concealed, melds, situation


def rule_set(profile: RuleProfile) -> Any:
    """Our RuleSet for a profile: the preset with the profile's overrides."""
    from rules.ruleset import preset

    return preset(profile.ruleset).with_overrides(profile.overrides)
