"""Converts RiichiEnv agari cases (agari_4p.json, agari_3p_given.json) into score requests and expectations.

RiichiEnv writes a called meld as [called tile, *consumed tiles] (its mjai replay builder) and ``from_who`` as
the discarder's absolute seat; yaku are Mahjong Soul fan ids, each listed once however many dora it counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.tiles import assign_ids, format_tiles, is_red, kind_of

WINDS = "ESWN"

# Mahjong Soul fan ids as RiichiEnv's YAKU_TABLE (riichienv-core/src/yaku.rs) defines them; 46 (paarenchan) is
# not produced by RiichiEnv.
MJSOUL_YAKU = {
    1: "menzen_tsumo",
    2: "riichi",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "yakuhai_haku",
    8: "yakuhai_hatsu",
    9: "yakuhai_chun",
    10: "yakuhai_seat_wind",
    11: "yakuhai_round_wind",
    12: "tanyao",
    13: "iipeikou",
    14: "pinfu",
    15: "chanta",
    16: "ittsu",
    17: "sanshoku",
    18: "double_riichi",
    19: "sanshoku_doukou",
    20: "sankantsu",
    21: "toitoi",
    22: "sanankou",
    23: "shousangen",
    24: "honroutou",
    25: "chiitoitsu",
    26: "junchan",
    27: "honitsu",
    28: "ryanpeikou",
    29: "chinitsu",
    30: "ippatsu",
    31: "dora",
    32: "aka_dora",
    33: "ura_dora",
    34: "kita",
    35: "tenhou",
    36: "chiihou",
    37: "daisangen",
    38: "suuankou",
    39: "tsuuiisou",
    40: "ryuuiisou",
    41: "chinroutou",
    42: "kokushi",
    43: "shousuushii",
    44: "suukantsu",
    45: "chuuren",
    47: "junsei_chuuren",
    48: "suuankou_tanki",
    49: "kokushi_13",
    50: "daisuushii",
}
YAKUMAN_FAN_IDS = frozenset(range(35, 51))
MELD_TYPES = {"chi": "chi", "pon": "pon", "daiminkan": "daiminkan", "kakan": "shouminkan", "ankan": "ankan"}
# kinds 1..7 (2m-8m) are not in the three-player set
SANMA_ABSENT = frozenset(range(1, 8))


class RiichiEnvCaseError(ValueError):
    """A RiichiEnv case whose tiles, melds or conditions do not make a 14-tile hand."""


@dataclass(frozen=True)
class Expected:
    """RiichiEnv's verdict: total han (13 per yakuman), fu, and the sorted Mahjong Soul fan ids."""

    is_win: bool
    han: int
    fu: int
    yaku: tuple[int, ...]

    @property
    def is_yakuman(self) -> bool:
        """Whether the hand scored as a yakuman (RiichiEnv then reports fu 0)."""
        return any(fan_id in YAKUMAN_FAN_IDS for fan_id in self.yaku)


@dataclass(frozen=True)
class ConvertedCase:
    """A RiichiEnv case as our request and expected result; ``seat``: the winner's absolute seat if known."""

    index: int
    request: dict[str, Any]
    expected: Expected
    seat: int | None


def _normalized(tiles: Sequence[int]) -> tuple[int, ...]:
    # RiichiEnv's synthetic yakuman cases reuse tile ids (the win tile id is also in the hand): keep kind
    # and redness, give each tile its own id
    return assign_ids((kind_of(tile), is_red(tile)) for tile in tiles)


def winner_seat(melds: Sequence[Mapping[str, Any]], players: int) -> int | None:
    """The winner's absolute seat, pinned down by a chi (always called from the left); None without a chi."""
    seats = {(meld["from_who"] + 1) % players for meld in melds if meld["meld_type"] == "chi"}
    if len(seats) > 1:
        raise RiichiEnvCaseError(f"chi sources disagree about the winner's seat: {sorted(seats)}")
    return seats.pop() if seats else None


def relative_source(from_who: int, seat: int | None, players: int) -> int:
    """Our 'from' (turn order: 1 next, 2 the one after, 3 previous; 3 players: 1 next, 2 previous) for an
    absolute discarder seat; the previous seat when the winner's seat is unknown."""
    if seat is None:
        # the data does not say where the winner sat; the direction does not change han, fu or yaku
        return players - 1
    step = (from_who - seat) % players
    if step == 0:
        raise RiichiEnvCaseError(f"meld called from the winner's own seat {seat}")
    return step


def convert_case(case: Mapping[str, Any], index: int = 0) -> ConvertedCase:
    """Turn one RiichiEnv case into our score request and the expected result."""
    conditions = case["conditions"]
    players = conditions["num_players"]
    if players not in (3, 4) or conditions["is_sanma"] != (players == 3):
        raise RiichiEnvCaseError(f"inconsistent player count {players} / is_sanma {conditions['is_sanma']}")
    melds = case["melds"]
    win = case["win_tile_136"]
    concealed = list(case["tiles_136"])
    total = len(concealed) + 3 * len(melds)
    if total == 13:
        concealed.append(win)  # the usual layout: 13 tiles, the winning tile separate
    elif total == 14:
        # one synthetic case lists all 14 tiles; move the winning tile to the end
        matches = [i for i, tile in enumerate(concealed) if kind_of(tile) == kind_of(win)]
        if not matches:
            raise RiichiEnvCaseError("a 14-tile case must hold its winning tile")
        exact = [i for i in matches if concealed[i] == win]
        concealed.append(concealed.pop((exact or matches)[0]))
    else:
        raise RiichiEnvCaseError(f"{len(concealed)} tiles with {len(melds)} melds is not a hand")

    meld_tiles = [tile for meld in melds for tile in meld["tiles"]]
    ids = _normalized([*concealed, *meld_tiles])
    if players == 3 and any(kind_of(tile) in SANMA_ABSENT for tile in ids):
        raise RiichiEnvCaseError("2m-8m do not exist with three players")
    reds = [kind_of(tile) for tile in ids if is_red(tile)]
    if len(reds) != len(set(reds)):
        raise RiichiEnvCaseError("Mahjong Soul has one red five per suit")
    hand_ids = ids[: len(concealed)]
    seat = winner_seat(melds, players)

    request: dict[str, Any] = {
        "hand": format_tiles(hand_ids),
        "win_tile": format_tiles([hand_ids[-1]]),
        "tsumo": bool(conditions["tsumo"]),
        "seat_wind": WINDS[conditions["player_wind"]],
        "round_wind": WINDS[conditions["round_wind"]],
        "honba": conditions["honba"],
        "players": players,
        "ruleset": "mahjong-soul-3p" if players == 3 else "mahjong-soul",
    }
    if conditions["kita_count"]:
        request["kita"] = conditions["kita_count"]
    if case["dora_indicators"]:
        request["dora_indicators"] = format_tiles(_normalized(case["dora_indicators"]))
    if case["ura_indicators"]:
        request["ura_indicators"] = format_tiles(_normalized(case["ura_indicators"]))
    if melds:
        request["melds"] = []
        position = len(concealed)
        for meld in melds:
            meld_type = MELD_TYPES.get(meld["meld_type"])
            if meld_type is None:
                raise RiichiEnvCaseError(f"unknown meld type {meld['meld_type']!r}")
            size = len(meld["tiles"])
            if size != (4 if "kan" in meld_type else 3) or meld["opened"] != (meld_type != "ankan"):
                raise RiichiEnvCaseError(f"bad {meld['meld_type']} {meld}")
            meld_ids = ids[position : position + size]
            position += size
            entry: dict[str, Any] = {"type": meld_type, "tiles": format_tiles(meld_ids)}
            if meld_type != "ankan":
                entry["from"] = relative_source(meld["from_who"], seat, players)
                entry["called"] = format_tiles([meld_ids[0]])  # the called tile comes first
            request["melds"].append(entry)
    request.update(_situation_flags(conditions))

    expected_raw = case["expected"]
    unknown = [fan_id for fan_id in expected_raw["yaku"] if fan_id not in MJSOUL_YAKU]
    if unknown:
        raise RiichiEnvCaseError(f"unknown Mahjong Soul fan ids {unknown}")
    expected = Expected(
        is_win=bool(expected_raw["is_win"]),
        han=expected_raw["han"],
        fu=expected_raw["fu"],
        yaku=tuple(sorted(expected_raw["yaku"])),
    )
    return ConvertedCase(index, request, expected, seat)


def _situation_flags(conditions: Mapping[str, Any]) -> dict[str, bool]:
    flags = {
        name: True
        for name in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")
        if conditions[name]
    }
    if conditions["tsumo_first_turn"]:
        # RiichiEnv gives tenhou to the East seat and chiihou to the others
        flags["tenhou" if conditions["player_wind"] == 0 else "chiihou"] = True
    return flags


def our_yaku_ids(fan_ids: Sequence[int]) -> tuple[str, ...]:
    """Mahjong Soul fan ids as our sorted yaku ids."""
    return tuple(sorted(MJSOUL_YAKU[fan_id] for fan_id in fan_ids))


def result_yaku_ids(result: Mapping[str, Any]) -> tuple[str, ...]:
    """The yaku ids of one of our results, sorted, one per entry (dora counts are not part of the id list)."""
    return tuple(sorted(str(entry[0]) for entry in result["yaku"]))
