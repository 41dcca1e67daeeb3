"""Rule sets: one frozen value holding every option of RULES.md §17.2, and the named presets that bundle them.

Fields are grouped as in §17.2. Options that only matter for game flow are declared here already; the round
engine reads them. Every choice-valued option lists its allowed values in ``CHOICES``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

LOCAL_YAKU = (
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
    "daisharin",
    "daichisei",
)


class RuleSetError(ValueError):
    """An unknown option, a value of the wrong type, or a value outside an option's choices."""


@dataclass(frozen=True)
class RuleSet:
    """Every configurable rule; the defaults are RULES.md §17.1 (the ``standard`` preset)."""

    name: str = "standard"
    # Game (§7, §11)
    players: int = 4
    game_length: str = "hanchan"
    start_points: int = 25000
    return_points: int = 30000
    oka: bool = True
    uma: str = "10-20"
    bust: bool = True
    negative_settlement: bool = False
    agari_yame: bool = True
    tenpai_yame: bool = False
    west_extension: bool = True
    west_extension_end: str = "sudden_death"
    leftover_sticks: str = "first"
    settlement_rounding: str = "score"  # [002]: round the score, then subtract; "difference": Tenhou, kobalab
    # Tiles (§1)
    red_fives: tuple[int, int, int] = (1, 1, 1)
    flowers: bool = False
    ura_dora: bool = True
    kan_dora: bool = True
    kan_ura: bool = True
    kan_dora_timing: str = "after_discard"
    # §16 gap: an open kan's dora still pending when the same seat declares another kan is turned when that
    # kan stands (Tenhou: none when the second kan is robbed) or already at its declaration (kobalab)
    pending_kan_dora_on_robbed_kan: bool = False
    # Yaku and scoring (§4-§6)
    kuitan: bool = True
    atozuke: bool = True
    pinfu_tsumo: bool = True
    double_wind_pair_fu: int = 4
    open_pinfu_ron_30_fu: bool = True
    kiriage_mangan: bool = False
    kazoe_yakuman: bool = True
    yakuman_stacking: bool = True
    double_yakuman: bool = True
    max_yakuman: int = 0
    renhou: str = "off"
    nagashi_mangan: bool = True
    kokushi_chankan_ankan: bool = True
    ryuuiisou_requires_hatsu: bool = False
    haitei_houtei_merged: bool = False
    honba_ron: int = 300
    honba_tsumo_each: int = 100
    paarenchan: bool = False
    five_honba_two_han: bool = False
    tuibudao: bool = False
    sanshoku_sansetsukou: bool = False
    sanshoku_tsuukan: bool = False
    uumensai: bool = False
    sanpuukou: bool = False
    isshoku_sanbukou: bool = False
    renkaihou: bool = False
    isshoku_sanjun: bool = False
    sanrenkou: bool = False
    uupin_kaihou: bool = False
    iipin_moyue: bool = False
    daisharin: bool = False
    daisharin_all_suits: bool = False
    daisharin_double: bool = True
    daichisei: bool = False
    # Calls and riichi (§2)
    kuikae: str = "forbidden"
    riichi_ankan: str = "waits"
    riichi_min_tiles: int = 4
    riichi_min_points: int = 1000
    karaten_riichi: str = "allowed"
    ippatsu: bool = True
    ippatsu_cancelled_by_own_ankan: bool = True
    # Draws (§7.3, §7.5)
    kyuushu_kyuuhai: bool = True
    suufon_renda: bool = True
    suucha_riichi: bool = True
    suukaikan: bool = True
    suukaikan_timing: str = "after_discard"
    abortive_dealer: str = "keep"
    renchan: str = "tenpai"
    all_noten_keeps_dealer: bool = False
    noten_payment_total: int = 3000
    # Multiple ron (§7.6)
    double_ron: bool = True
    triple_ron: str = "abortive"
    multi_ron_sticks: str = (
        "nearest"  # "nearest": honba and sticks to the nearest winner; "each": honba to each
    )
    yakuman_beats_atamahane: bool = False
    # Pao (§9)
    pao: str = "big"
    pao_combined_yakuman: str = "whole"
    # Penalties (§8)
    chombo_payment: str = "mangan"
    noten_riichi: str = "chombo"
    tahai: str = "agari_houki"
    false_call: str = "penalty_1000"
    # Chips (§12)
    chips: bool = False
    chip_points: int = 5000
    chip_ura: bool = True
    chip_red: bool = True
    chip_red_closed_only: bool = False
    chip_all_star: bool = True
    chip_ippatsu: bool = True
    chip_yakuman_tsumo: int = 2
    # Three players (§10)
    kita_dora: bool = True
    sanma_tsumo: str = "equal"
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for option, allowed in CHOICES.items():
            value = getattr(self, option)
            if value not in allowed:
                choices = ", ".join(repr(choice) for choice in allowed)
                raise RuleSetError(f"option '{option}' must be one of {choices}, got {value!r}")
        if self.players not in (3, 4):
            raise RuleSetError(f"option 'players' must be 3 or 4, got {self.players}")
        if len(self.red_fives) != 3 or any(not 0 <= count <= 4 for count in self.red_fives):
            raise RuleSetError(f"option 'red_fives' must be three counts from 0 to 4, got {self.red_fives}")
        if self.max_yakuman < 0:
            raise RuleSetError("option 'max_yakuman' must be 0 (no cap) or more")

    @property
    def three_player(self) -> bool:
        """Whether this is the three-player game."""
        return self.players == 3

    @property
    def sanchahou(self) -> bool:
        """Whether a triple ron is the abortive draw sanchahou."""
        return self.triple_ron == "abortive"

    @cached_property
    def red_five_ids(self) -> frozenset[int]:
        """The tile ids that are red fives under this rule set (the lowest copies of each five)."""
        return frozenset(
            five * 4 + copy for suit, five in enumerate((4, 13, 22)) for copy in range(self.red_fives[suit])
        )

    @cached_property
    def local_yaku_on(self) -> frozenset[str]:
        """The local yaku switched on, as a set (cached: scoring asks on every hand)."""
        return frozenset(self.enabled_local_yaku())

    def enabled_local_yaku(self) -> tuple[str, ...]:
        """The local yaku switched on, in RULES.md §4.5 order."""
        return tuple(name for name in LOCAL_YAKU if getattr(self, name))

    def with_overrides(self, overrides: Mapping[str, object]) -> RuleSet:
        """A copy with some options changed; names and value types are checked."""
        changes: dict[str, Any] = {}
        for option, value in overrides.items():
            if option not in _FIELD_TYPES or option in ("name", "extra"):
                raise RuleSetError(f"unknown rule option '{option}'")
            changes[option] = _coerce(option, value)
        return dataclasses.replace(self, **changes)


CHOICES: dict[str, tuple[object, ...]] = {
    "game_length": ("east", "hanchan", "full"),
    "uma": ("none", "5-10", "10-20", "10-30", "3-9", "shichigosan", "shizumi", "3p-15", "3p-20"),
    "west_extension_end": ("sudden_death", "west_4"),
    "leftover_sticks": ("first", "lost"),
    "settlement_rounding": ("score", "difference"),
    "kan_dora_timing": ("immediate", "after_discard"),
    "double_wind_pair_fu": (2, 4),
    "renhou": ("off", "mangan", "baiman", "yakuman"),
    "honba_ron": (300, 1500, 200, 1000),
    "kuikae": ("allowed", "suji_allowed", "forbidden"),
    "riichi_ankan": ("waits", "composition"),
    "karaten_riichi": ("allowed", "chombo"),
    "suukaikan_timing": ("immediate", "after_discard"),
    "abortive_dealer": ("keep", "pass"),
    "renchan": ("tenpai", "agari"),
    "triple_ron": ("abortive", "all", "two_earliest", "atamahane"),
    "multi_ron_sticks": ("nearest", "each"),
    "pao": ("off", "big", "big_and_rinshan"),
    "pao_combined_yakuman": ("whole", "partial"),
    "chombo_payment": ("mangan", "2000_all", "3000_all", "deduct"),
    "noten_riichi": ("chombo", "payments_then_chombo"),
    "tahai": ("agari_houki", "chombo", "tsumogiri"),
    "false_call": ("penalty_1000", "agari_houki"),
    "sanma_tsumo": ("equal", "loss", "north_split"),
}

_FIELD_TYPES: dict[str, Any] = {f.name: f.type for f in dataclasses.fields(RuleSet)}


def _coerce(option: str, value: object) -> object:
    """Check a JSON-style override value against the option's declared type."""
    declared = _FIELD_TYPES[option]
    if declared == "bool":
        if not isinstance(value, bool):
            raise RuleSetError(f"option '{option}' must be true or false, got {value!r}")
        return value
    if declared == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(f"option '{option}' must be a whole number, got {value!r}")
        return value
    if declared == "str":
        if not isinstance(value, str):
            raise RuleSetError(f"option '{option}' must be a string, got {value!r}")
        return value
    # tuple[int, int, int]: red fives per suit
    if (
        not isinstance(value, list | tuple)
        or len(value) != 3
        or any(isinstance(item, bool) or not isinstance(item, int) for item in value)
    ):
        raise RuleSetError(f"option '{option}' must be a list of three whole numbers, got {value!r}")
    return tuple(value)


_PRESET_OVERRIDES: dict[str, dict[str, Any]] = {
    "standard": {},
    # Tenhou ranked rules (see shared/oracles/README.md, mjx section).
    "tenhou": {
        "double_yakuman": False,
        "negative_settlement": True,
        "west_extension_end": "west_4",
        "tenpai_yame": True,
        "settlement_rounding": "difference",
        "kokushi_chankan_ankan": True,
        "suucha_riichi": True,
        "abortive_dealer": "keep",
    },
    "mahjong-soul": {
        "triple_ron": "all",
        "multi_ron_sticks": "nearest",
        "max_yakuman": 6,
    },
    # kobalab/majiang-core defaults (shared/oracles/README.md, kobalab section).
    "kobalab": {
        "triple_ron": "abortive",
        "negative_settlement": True,
        "west_extension_end": "west_4",
        "tenpai_yame": True,
        "settlement_rounding": "difference",
        "kan_dora_timing": "after_discard",
        "pending_kan_dora_on_robbed_kan": True,
    },
    # The boxed-game rulebook, seed [000], with its 3-player rules (§10): 30000 start, no oka unless chosen.
    "seed-deluxe": {
        "start_points": 30000,
        "return_points": 30000,
        "oka": False,
        "triple_ron": "all",
        "multi_ron_sticks": "nearest",
        "suukaikan_timing": "after_discard",
        "abortive_dealer": "keep",
        "sanma_tsumo": "equal",
        "kita_dora": True,
        "flowers": True,
    },
    # The net-mahjong rulebook, seed [002], with its defaults.
    "seed-netmahjong": {
        "game_length": "east",
        "renhou": "baiman",
        "double_yakuman": False,
        "kuikae": "allowed",
        "riichi_ankan": "composition",
        "kyuushu_kyuuhai": False,
        "suucha_riichi": False,
        "suukaikan_timing": "immediate",
        "abortive_dealer": "pass",
        "pao": "off",
        "chips": True,
        "west_extension": False,
        "haitei_houtei_merged": True,
    },
    "tenhou-3p": {
        "players": 3,
        "negative_settlement": True,
        "west_extension_end": "west_4",
        "tenpai_yame": True,
        "settlement_rounding": "difference",
        "noten_payment_total": 2000,
        "start_points": 35000,
        "return_points": 40000,
        "uma": "3p-15",
        "red_fives": (0, 1, 1),
        "double_yakuman": False,
        "sanma_tsumo": "loss",
        "kita_dora": True,
        "honba_ron": 300,
        "honba_tsumo_each": 100,
    },
    "mahjong-soul-3p": {
        "players": 3,
        "noten_payment_total": 2000,
        "start_points": 35000,
        "return_points": 40000,
        "uma": "3p-15",
        "red_fives": (0, 1, 1),
        "triple_ron": "all",
        "max_yakuman": 6,
        "sanma_tsumo": "loss",
        "kita_dora": True,
        "honba_ron": 200,
        "honba_tsumo_each": 100,
    },
}

PRESET_NAMES = tuple(_PRESET_OVERRIDES)


def preset_options(name: str) -> frozenset[str]:
    """The options the preset ``name`` sets itself, also where they equal the standard rules (RuleSetError for
    an unknown name)."""
    preset(name)  # the unknown-name error
    return frozenset(_PRESET_OVERRIDES[name])


def preset(name: str) -> RuleSet:
    """The named preset (``standard``, ``tenhou``, ``mahjong-soul``, ``kobalab``, ...)."""
    try:
        overrides = _PRESET_OVERRIDES[name]
    except KeyError:
        known = ", ".join(PRESET_NAMES)
        raise RuleSetError(f"unknown rule set '{name}' (known: {known})") from None
    return dataclasses.replace(RuleSet(name=name), **overrides)
