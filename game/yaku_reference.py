"""The yaku reference: one example win per yaku and dora kind, with its situation, to show and to score.

Hands are mpsz notation. ``hand`` holds the concealed tiles *including* the winning tile (as ``score_hand``
takes them); ``win_tile`` names which one it is. A called meld is written ``"<type> <tiles> [<from>]"``: the
type is chi, pon, daiminkan, shouminkan or ankan, the first tile written is the called one (none for an
ankan), and from is 1 (right), 2 (opposite) or 3 (left, the default and the only source of a chi).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from rules.meld import Meld, MeldType
from rules.ruleset import RuleSet, preset
from rules.scoring import HandValue, WinSituation, score_hand
from rules.tiles import NotationError, assign_ids, parse_kinds

# Nagashi mangan is paid at an exhaustive draw for a river of terminals and honours: there is no winning hand.
WITHOUT_EXAMPLE = ("nagashi_mangan",)


@dataclass(frozen=True)
class YakuExample:
    """One example win for a yaku: the tiles, how it was won, and the yaku's han closed and open.

    ``han_open`` is None where the yaku needs a closed hand; yakuman count 13 han each (26 for a double, as
    the standard rule set counts them). ``local`` marks a yaku that is off in the standard rule set:
    ``rules`` holds the option overrides that switch it on (and any other option the example needs).
    """

    yaku: str
    hand: str
    win_tile: str
    han_closed: int | None
    han_open: int | None
    melds: tuple[str, ...] = ()
    tsumo: bool = False
    local: bool = False
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
    paarenchan: bool = False
    consecutive_kans: int = 0
    seat_wind: int = 1  # South: a non-dealer, as reference books show most hands
    round_wind: int = 0
    dora_indicators: str = ""
    ura_indicators: str = ""
    kita: int = 0
    flowers: int = 0
    rules: tuple[tuple[str, object], ...] = ()

    @property
    def is_open(self) -> bool:
        """Whether the example has a called meld (anything but an ankan)."""
        return any(not meld.startswith("ankan") for meld in self.melds)


class ExampleTiles(NamedTuple):
    """An example's tiles as ids in one id space (so copies are distinct), ready to draw or score."""

    hand: tuple[int, ...]  # concealed, winning tile included, in written order
    win_tile: int
    melds: tuple[Meld, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]


EXAMPLES: tuple[YakuExample, ...] = (
    # Riichi and the ways of winning
    YakuExample("riichi", "456m123999p234s44z", "6m", 1, None, riichi=True),
    YakuExample("double_riichi", "345678m456p12399s", "9s", 2, None, double_riichi=True),
    YakuExample("ippatsu", "67899m123456p567s", "2p", 1, None, riichi=True, ippatsu=True),
    YakuExample("menzen_tsumo", "234m77799p456678s", "7s", 1, None, tsumo=True),
    YakuExample("pinfu", "234789m567p45677s", "7p", 1, None),
    YakuExample("tanyao", "34566m567p567s", "5s", 1, 1, melds=("chi 657s",)),
    YakuExample("iipeikou", "223344m567p55789s", "7s", 1, None),
    YakuExample("haitei", "234m99p456678s", "4s", 1, 1, melds=("pon 777p 2",), tsumo=True, haitei=True),
    YakuExample("houtei", "678m345p23499s", "4s", 1, 1, melds=("chi 324m",), houtei=True),
    YakuExample(
        "rinshan", "123m456p789s55s", "1m", 1, 1, melds=("daiminkan 2222p 1",), tsumo=True, rinshan=True
    ),
    YakuExample("chankan", "234m456p45688s", "5p", 1, 1, melds=("pon 999m 2",), chankan=True),
    # Yakuhai
    YakuExample("yakuhai_haku", "345m234p05789s", "9s", 1, 1, melds=("pon 555z 1",), tsumo=True),
    YakuExample("yakuhai_hatsu", "33m123678p567s", "7s", 1, 1, melds=("pon 666z 2",)),
    YakuExample("yakuhai_chun", "56788m234p123s777z", "1s", 1, 1),
    YakuExample("yakuhai_seat_wind", "345m678p22789s", "8p", 1, 1, melds=("pon 222z",)),
    YakuExample("yakuhai_round_wind", "23499m456p678s", "2m", 1, 1, melds=("pon 111z 1",)),
    # Two han and more
    YakuExample("chanta", "123789m123p789s11z", "3p", 2, 1),
    YakuExample("ittsu", "88m067p123456789s", "0p", 2, 1),
    YakuExample("sanshoku", "234678m234p23499s", "6m", 2, 1),
    YakuExample("sanshoku_doukou", "78999p666s", "6s", 2, 2, melds=("pon 666m 1", "pon 666p 2"), tsumo=True),
    YakuExample("toitoi", "88999p666s", "6s", 2, 2, melds=("pon 444m 1", "pon 666z 2"), tsumo=True),
    YakuExample("sanankou", "11678m055777p444s", "5p", 2, 2, tsumo=True),
    YakuExample(
        "sankantsu",
        "88p666s",
        "6s",
        2,
        2,
        melds=("daiminkan 9999p 2", "daiminkan 4444m 1", "ankan 6666z"),
        tsumo=True,
    ),
    YakuExample("honroutou", "111p555z77z", "1p", 2, 2, melds=("pon 999s 1", "pon 111s 2")),
    YakuExample("shousangen", "333m555z66z", "3m", 2, 2, melds=("pon 777z 2", "chi 789p"), tsumo=True),
    YakuExample("chiitoitsu", "33556688m99p6699s", "6m", 2, None),
    YakuExample("ryanpeikou", "11667788m445566s", "4s", 3, None, tsumo=True),
    YakuExample("honitsu", "234567999m33355z", "2m", 3, 2),
    YakuExample("junchan", "111789m123789p99s", "7p", 3, 2),
    YakuExample("chinitsu", "11234456678999p", "5p", 6, 5),
    YakuExample(
        "renhou", "456m123789p234s77z", "2s", 5, None, renhou=True, local=True, rules=(("renhou", "mangan"),)
    ),
    # Local yaku
    YakuExample("tuibudao", "234345p456888s55z", "4s", 1, 1, local=True, rules=(("tuibudao", True),)),
    YakuExample(
        "sanshoku_sansetsukou",
        "555s678p99p",
        "6p",
        1,
        1,
        melds=("pon 333m 2", "pon 444p 1"),
        local=True,
        rules=(("sanshoku_sansetsukou", True),),
    ),
    YakuExample(
        "sanshoku_tsuukan",
        "12355m456p234789s",
        "4p",
        1,
        None,
        local=True,
        rules=(("sanshoku_tsuukan", True),),
    ),
    YakuExample("uumensai", "234m567p789s333z55z", "7p", 2, 2, local=True, rules=(("uumensai", True),)),
    YakuExample(
        "sanpuukou",
        "123m99p",
        "3m",
        2,
        2,
        melds=("pon 222z 1", "pon 333z 2", "pon 444z"),
        seat_wind=0,
        local=True,
        rules=(("sanpuukou", True),),
    ),
    YakuExample(
        "isshoku_sanbukou", "123234345m678p99s", "6p", 2, 2, local=True, rules=(("isshoku_sanbukou", True),)
    ),
    YakuExample(
        "renkaihou",
        "234m567p88s",
        "2m",
        2,
        2,
        melds=("ankan 1111p", "daiminkan 9999s 2"),
        tsumo=True,
        rinshan=True,
        consecutive_kans=2,
        local=True,
        rules=(("renkaihou", True),),
    ),
    YakuExample(
        "isshoku_sanjun", "222333444s678m55p", "6m", 2, 1, local=True, rules=(("isshoku_sanjun", True),)
    ),
    YakuExample(
        "sanrenkou",
        "555s678m22p",
        "6m",
        2,
        2,
        melds=("pon 333s 2", "pon 444s 1"),
        local=True,
        rules=(("sanrenkou", True),),
    ),
    YakuExample(
        "uupin_kaihou",
        "345p678m123s88s",
        "5p",
        4,
        4,
        melds=("daiminkan 9999m 1",),
        tsumo=True,
        rinshan=True,
        local=True,
        rules=(("uupin_kaihou", True),),
    ),
    YakuExample(
        "iipin_moyue",
        "123p456m99m678p",
        "1p",
        4,
        4,
        melds=("chi 423s",),
        tsumo=True,
        haitei=True,
        local=True,
        rules=(("iipin_moyue", True),),
    ),
    # Yakuman
    YakuExample("kokushi", "19m19p19s12234567z", "1m", 13, None),
    YakuExample("kokushi_13", "19m19p199s1234567z", "9s", 26, None),
    YakuExample("suuankou", "11666m055777p444s", "5p", 13, None, tsumo=True),
    YakuExample("suuankou_tanki", "222m444666p888s55z", "5z", 26, None),
    YakuExample("daisangen", "33m555z666z", "6z", 13, 13, melds=("pon 777z 2", "chi 789p"), tsumo=True),
    YakuExample("tsuuiisou", "11122244z", "1z", 13, 13, melds=("pon 777z 1", "pon 666z 2"), tsumo=True),
    YakuExample("ryuuiisou", "22334466888s", "4s", 13, 13, melds=("pon 666z 2",), tsumo=True),
    YakuExample("chinroutou", "111m111p99p", "1p", 13, 13, melds=("pon 999s 1", "pon 111s 2")),
    YakuExample("shousuushii", "234m11122z", "4m", 13, 13, melds=("pon 444z 1", "pon 333z 2"), tsumo=True),
    YakuExample("daisuushii", "11m111222z", "2z", 26, 26, melds=("pon 444z 1", "pon 333z 2"), tsumo=True),
    YakuExample(
        "suukantsu",
        "66s",
        "6s",
        13,
        13,
        melds=("ankan 8888p", "daiminkan 9999p 2", "daiminkan 4444m 1", "ankan 6666z"),
        tsumo=True,
    ),
    YakuExample("chuuren", "11122345678999m", "6m", 13, None),
    YakuExample("junsei_chuuren", "11123455678999s", "5s", 26, None, tsumo=True),
    YakuExample("tenhou", "123m456m789p23455s", "5s", 13, None, tsumo=True, tenhou=True, seat_wind=0),
    YakuExample("chiihou", "345m345p678s11122z", "8s", 13, None, tsumo=True, chiihou=True),
    YakuExample(
        "daisharin", "22334455667788p", "5p", 26, None, tsumo=True, local=True, rules=(("daisharin", True),)
    ),
    YakuExample("daichisei", "11223344556677z", "7z", 26, None, local=True, rules=(("daichisei", True),)),
    YakuExample(
        "paarenchan",
        "234m567p22678s",
        "7p",
        13,
        13,
        melds=("pon 888p 2",),
        seat_wind=0,
        paarenchan=True,
        local=True,
        rules=(("paarenchan", True),),
    ),
    # Dora: worth han but never a yaku on their own, so each example carries a yaku too
    YakuExample("dora", "345m23477p678s", "2p", 1, 1, melds=("chi 423s",), dora_indicators="2m"),
    YakuExample("aka_dora", "067m678p22345s", "5s", 1, 1, melds=("chi 678s",)),
    YakuExample(
        "ura_dora",
        "234m567p345678s11z",
        "5s",
        1,
        None,
        riichi=True,
        dora_indicators="9m",
        ura_indicators="4p",
    ),
    YakuExample(
        "kita", "111999m456p789s55s", "5s", 1, 1, tsumo=True, seat_wind=1, kita=1, rules=(("players", 3),)
    ),
    YakuExample(
        "flower",
        "222888m345p789s66s",
        "6s",
        1,
        1,
        tsumo=True,
        seat_wind=1,
        flowers=1,
        local=True,
        rules=(("flowers", True),),
    ),
)

# Open hands for the yaku whose reference example is closed though they may be won open, to show (and test)
# the open value: the han that drop by one when open (kuisagari), and the ones that stay.
OPEN_EXAMPLES: tuple[YakuExample, ...] = (
    YakuExample("yakuhai_chun", "234m88p678s123s", "8p", 1, 1, melds=("pon 777z 1",)),
    YakuExample("chanta", "123p77z555z", "2p", 2, 1, melds=("chi 978s", "chi 312s")),
    YakuExample("ittsu", "456789s88m567p", "5p", 2, 1, melds=("chi 123s",)),
    YakuExample("sanshoku", "345m66p345s", "3s", 2, 1, melds=("chi 435p", "chi 867m")),
    YakuExample("sanankou", "111m555p77p444s", "7p", 2, 2, melds=("chi 678m",), tsumo=True),
    YakuExample("honitsu", "33344566778s", "4s", 3, 2, melds=("pon 777z 2",), tsumo=True),
    YakuExample("junchan", "11m123999p", "2p", 3, 2, melds=("chi 978s", "chi 312s")),
    YakuExample("chinitsu", "12345566799p", "6p", 6, 5, melds=("pon 888p 1",)),
    YakuExample(
        "tuibudao",
        "234p99p456888s",
        "4p",
        1,
        1,
        melds=("pon 555z 2",),
        local=True,
        rules=(("tuibudao", True),),
    ),
    YakuExample(
        "uumensai",
        "234m567p99s",
        "7p",
        2,
        2,
        melds=("pon 444z 2", "pon 666z 1"),
        local=True,
        rules=(("uumensai", True),),
    ),
    YakuExample(
        "isshoku_sanbukou",
        "345567m11p",
        "7m",
        2,
        2,
        melds=("chi 123m", "chi 345m"),
        local=True,
        rules=(("isshoku_sanbukou", True),),
    ),
    YakuExample(
        "isshoku_sanjun",
        "234s234s678m55p",
        "8m",
        2,
        1,
        melds=("chi 234s",),
        local=True,
        rules=(("isshoku_sanjun", True),),
    ),
    YakuExample(
        "kita", "123p456s99m789s", "9s", 1, 1, melds=("pon 777z 2",), kita=1, rules=(("players", 3),)
    ),
    YakuExample(
        "flower",
        "234p567s11m789s",
        "9s",
        1,
        1,
        melds=("pon 666z 2",),
        flowers=1,
        local=True,
        rules=(("flowers", True),),
    ),
)

_BY_YAKU = {example.yaku: example for example in EXAMPLES}
_OPEN_BY_YAKU = {example.yaku: example for example in OPEN_EXAMPLES}
_DEFAULT_FROM = 3  # the player on the left: the only source of a chi


def example_for(yaku: str) -> YakuExample:
    """The reference example of a yaku id (KeyError for an unknown id or one in WITHOUT_EXAMPLE)."""
    try:
        return _BY_YAKU[yaku]
    except KeyError:
        why = "has no winning hand" if yaku in WITHOUT_EXAMPLE else "is not a yaku id"
        raise KeyError(f"'{yaku}' {why}") from None


def open_example_for(yaku: str) -> YakuExample | None:
    """An open example of a yaku: the reference example if open, else a separate one; None if closed only."""
    main = example_for(yaku)
    if main.is_open:
        return main
    return _OPEN_BY_YAKU.get(yaku)


def example_tiles(example: YakuExample) -> ExampleTiles:
    """The example's tiles as ids; NotationError for bad notation or a fifth copy of a tile."""
    hand = parse_kinds(example.hand)
    meld_specs = [_parse_meld(text) for text in example.melds]
    dora = parse_kinds(example.dora_indicators)
    ura = parse_kinds(example.ura_indicators)
    everything = [*hand]
    for _, kinds, _ in meld_specs:
        everything.extend(kinds)
    everything.extend(dora)
    everything.extend(ura)
    ids = assign_ids(everything)  # one id space: copies are counted across hand, melds and indicators
    hand_ids = ids[: len(hand)]
    win = parse_kinds(example.win_tile)
    if len(win) != 1 or win[0] not in hand:
        raise NotationError(f"{example.yaku}: win tile '{example.win_tile}' is not one tile of the hand")
    position = len(hand)
    melds: list[Meld] = []
    for meld_type, kinds, source in meld_specs:
        meld_ids = ids[position : position + len(kinds)]
        position += len(kinds)
        called = None if meld_type is MeldType.ANKAN else meld_ids[0]
        melds.append(Meld(meld_type, meld_ids, called=called, from_seat=source))
    dora_ids = ids[position : position + len(dora)]
    ura_ids = ids[position + len(dora) :]
    return ExampleTiles(hand_ids, hand_ids[hand.index(win[0])], tuple(melds), dora_ids, ura_ids)


def example_rules(example: YakuExample, rules: RuleSet | None = None) -> RuleSet:
    """The rule set to score an example under: ``rules`` (standard if None) with the example's options on."""
    base = rules if rules is not None else preset("standard")
    return base.with_overrides(dict(example.rules)) if example.rules else base


def score_example(example: YakuExample, rules: RuleSet | None = None) -> HandValue:
    """Score an example under ``rules`` (standard if None) with the options it needs switched on."""
    tiles = example_tiles(example)
    situation = WinSituation(
        win_tile=tiles.win_tile,
        is_tsumo=example.tsumo,
        riichi=example.riichi,
        double_riichi=example.double_riichi,
        ippatsu=example.ippatsu,
        haitei=example.haitei,
        houtei=example.houtei,
        rinshan=example.rinshan,
        chankan=example.chankan,
        tenhou=example.tenhou,
        chiihou=example.chiihou,
        renhou=example.renhou,
        seat_wind=example.seat_wind,
        round_wind=example.round_wind,
        dora_indicators=tiles.dora_indicators,
        ura_indicators=tiles.ura_indicators,
        kita=example.kita,
        flowers=example.flowers,
        consecutive_kans=example.consecutive_kans,
        paarenchan=example.paarenchan,
    )
    return score_hand(tiles.hand, tiles.melds, situation, example_rules(example, rules))


def _parse_meld(text: str) -> tuple[MeldType, list[tuple[int, bool]], int | None]:
    """Read ``"<type> <tiles> [<from>]"``; the source defaults to the player on the left."""
    parts = text.split()
    if len(parts) not in (2, 3):
        raise NotationError(f"meld '{text}': expected '<type> <tiles> [<from>]'")
    try:
        meld_type = MeldType(parts[0])
    except ValueError:
        raise NotationError(f"meld '{text}': unknown meld type '{parts[0]}'") from None
    kinds = parse_kinds(parts[1])
    if meld_type is MeldType.ANKAN:
        if len(parts) == 3:
            raise NotationError(f"meld '{text}': an ankan is not called from anyone")
        return meld_type, kinds, None
    if len(parts) == 3 and parts[2] not in ("1", "2", "3"):
        raise NotationError(f"meld '{text}': from must be 1, 2 or 3")
    return meld_type, kinds, int(parts[2]) if len(parts) == 3 else _DEFAULT_FROM
