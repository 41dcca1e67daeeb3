"""Tenhou mjlog reader: the 85 mjx logs read, every hand replays tile by tile and agrees with its AGARI tags,
meld codes decode as worked out by hand, gzip equals plain, and broken logs get one-line errors.

``replay_round`` and ``score_chain_problems`` are shared with the kobalab script reader's test.
"""

from __future__ import annotations

import functools
import gzip
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.logs.mjlog import TENHOU_YAKU, decode_meld, parse_mjlog, read_mjlog
from game.logs.record import (
    CallStep,
    DiscardStep,
    DoraStep,
    DrawResult,
    DrawStep,
    GameRecord,
    KitaStep,
    LogFormatError,
    RoundRecord,
    Step,
    WinResult,
)
from rules.meld import Meld, MeldType
from rules.scoring import YAKU_ORDER, YAKUMAN_IDS
from rules.shanten import shanten
from rules.tiles import NORTH, dora_from_indicator, is_terminal_or_honor, to_counts
from tests.conftest import ORACLES, needs_shared

MJLOG_DIR = ORACLES / "mjx" / "mjlog"
FILES = sorted(MJLOG_DIR.glob("*.mjlog"))
RED_IDS = frozenset({16, 52, 88})


# ----------------------------------------------------------------------------------------------------
# A tile-by-tile replay of one RoundRecord (no rules engine: only where every tile is and whose turn it is)


@dataclass(frozen=True)
class WinningHand:
    """A winner's tiles at the win: concealed tiles with the winning tile, melds, and the winning tile."""

    seat: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int


@dataclass
class Replay:
    """Where the tiles ended up, the riichi sticks put down, and each winner's hand (in result order)."""

    concealed: list[list[int]]
    melds: list[list[Meld]]
    rivers: list[list[int]]
    called_tiles: set[int] = field(default_factory=set)
    deposits: list[int] = field(default_factory=list)
    wins: list[WinningHand] = field(default_factory=list)


def _take(hand: list[int], tile: int, where: str) -> None:
    assert tile in hand, f"{where}: tile {tile} is not in the hand {sorted(hand)}"
    hand.remove(tile)


def replay_round(rnd: RoundRecord, players: int) -> Replay:
    """Play a round's steps on the dealt tiles, asserting turn order, tile ownership and unique tile ids."""
    where = rnd.position
    assert len(rnd.hands) == players, where
    assert all(len(hand) == 13 for hand in rnd.hands), f"{where}: dealt {[len(hand) for hand in rnd.hands]}"
    assert len(rnd.scores) == players, where
    assert rnd.dealer == rnd.kyoku, f"{where}: seat 0 deals first, so hand k is dealt by seat k"
    replay = Replay(
        concealed=[list(hand) for hand in rnd.hands],
        melds=[[] for _ in range(players)],
        rivers=[[] for _ in range(players)],
        deposits=[0] * players,
    )
    shown = Counter([*(tile for hand in rnd.hands for tile in hand), rnd.dora_indicator])
    in_riichi = [False] * players
    previous: Step | None = None  # the last step that is not a dora reveal
    added_tile: int | None = None  # the tile the last shouminkan added (what a chankan takes)
    for index, step in enumerate(rnd.steps):
        at = f"{where} step {index} {step}"
        if isinstance(step, DoraStep):
            shown[step.indicator] += 1
            continue
        seat = step.seat
        assert 0 <= seat < players, at
        hand, melds = replay.concealed[seat], replay.melds[seat]
        if isinstance(step, DrawStep):
            shown[step.tile] += 1
            if previous is None:
                expected = rnd.dealer
            elif isinstance(previous, DiscardStep):
                expected = (previous.seat + 1) % players
            else:
                # a replacement tile after a kan or kita goes to the one who made it
                assert isinstance(previous, KitaStep) or (
                    isinstance(previous, CallStep) and previous.meld.is_kan
                ), f"{at}: a draw after {previous}"
                expected = previous.seat
            assert seat == expected, f"{at}: seat {expected} should draw"
            hand.append(step.tile)
            assert len(hand) + 3 * len(melds) == 14, at
        elif isinstance(step, DiscardStep):
            after_draw = isinstance(previous, DrawStep) and previous.seat == seat
            after_call = (
                isinstance(previous, CallStep)
                and previous.seat == seat
                and previous.meld.type in (MeldType.CHI, MeldType.PON)
            )
            assert after_draw or after_call, f"{at}: not this seat's turn to discard (after {previous})"
            _take(hand, step.tile, at)
            replay.rivers[seat].append(step.tile)
            if step.riichi:
                assert not in_riichi[seat], f"{at}: riichi twice"
                assert not any(meld.is_open for meld in melds), f"{at}: riichi with an open hand"
                in_riichi[seat] = True
                replay.deposits[seat] += 1
            assert len(hand) + 3 * len(melds) == 13, at
        elif isinstance(step, CallStep):
            meld = step.meld
            if meld.type in (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN):
                assert isinstance(previous, DiscardStep), f"{at}: a call with no discard before it"
                assert meld.from_seat is not None
                assert (seat + meld.from_seat) % players == previous.seat, f"{at}: called from the wrong seat"
                assert meld.called == previous.tile, f"{at}: the called tile is not the last discard"
                replay.called_tiles.add(previous.tile)
                for tile in meld.tiles:
                    if tile != meld.called:
                        _take(hand, tile, at)
                melds.append(meld)
            else:
                assert isinstance(previous, DrawStep), f"{at}: a kan without a draw"
                assert previous.seat == seat, f"{at}: a kan out of turn"
                if meld.type is MeldType.SHOUMINKAN:
                    pons = [m for m in melds if m.type is MeldType.PON and set(m.tiles) < set(meld.tiles)]
                    assert len(pons) == 1, f"{at}: no pon to add to"
                    pon = pons[0]
                    assert (pon.called, pon.from_seat) == (meld.called, meld.from_seat), at
                    (added_tile,) = set(meld.tiles) - set(pon.tiles)
                    _take(hand, added_tile, at)
                    melds[melds.index(pon)] = meld
                else:
                    for tile in meld.tiles:
                        _take(hand, tile, at)
                    melds.append(meld)
        else:
            assert isinstance(previous, DrawStep), f"{at}: a kita without a draw"
            assert previous.seat == seat, f"{at}: a kita out of turn"
            assert step.tile >> 2 == NORTH, at
            _take(hand, step.tile, at)
        previous = step

    ura_sets = {result.ura_indicators for result in rnd.results if isinstance(result, WinResult)}
    ura_sets.discard(())
    assert len(ura_sets) <= 1, f"{where}: winners of one hand see different ura indicators {ura_sets}"
    for ura in ura_sets:
        shown.update(ura)
    repeated = {tile: count for tile, count in shown.items() if count > 1}
    assert not repeated, f"{where}: tile ids shown more than once: {repeated}"
    assert all(0 <= tile < 136 for tile in shown), where

    ron_on_riichi_tile = False
    for result in rnd.results:
        if not isinstance(result, WinResult):
            continue
        seat = result.seat
        at = f"{where} win of seat {seat}"
        if result.discarder is None:
            assert isinstance(previous, DrawStep), f"{at}: tsumo without a draw"
            assert previous.seat == seat, f"{at}: tsumo on another seat's draw"
            win_tile, concealed = previous.tile, tuple(replay.concealed[seat])
        else:
            assert previous is not None
            assert not isinstance(previous, DoraStep)
            assert previous.seat == result.discarder, f"{at}: ron on seat {previous.seat}'s tile"
            if isinstance(previous, DiscardStep):
                win_tile = previous.tile
                ron_on_riichi_tile = previous.riichi
            else:
                assert isinstance(previous, CallStep), at
                assert previous.meld.type is MeldType.SHOUMINKAN, at
                assert added_tile is not None
                win_tile = added_tile
            concealed = (*replay.concealed[seat], win_tile)
        assert len(concealed) + 3 * len(replay.melds[seat]) == 14, at
        assert shanten(to_counts(concealed)) == -1, f"{at}: {sorted(concealed)} is not a complete hand"
        replay.wins.append(WinningHand(seat, concealed, tuple(replay.melds[seat]), win_tile))
    for result in rnd.results:
        # a sanchahou is three rons on that tile too (kobalab data; RULES.md §2.6 step 4)
        if (
            isinstance(result, DrawResult)
            and result.kind == "sanchahou"
            and isinstance(previous, DiscardStep)
        ):
            ron_on_riichi_tile = previous.riichi
    if ron_on_riichi_tile:
        assert isinstance(previous, DiscardStep)
        replay.deposits[previous.seat] -= 1  # a riichi tile that is ronned never puts its stick down
    return replay


def round_problems(rnd: RoundRecord, players: int) -> Replay:
    """Replay a round and check its results: deltas, tenpai and nagashi seats against the tiles."""
    replay = replay_round(rnd, players)
    where = rnd.position
    wins = [result for result in rnd.results if isinstance(result, WinResult)]
    for result in rnd.results:
        assert len(result.deltas) == players, where
    if wins:
        for win in wins:
            assert win.deltas[win.seat] > 0, f"{where}: winner {win.seat} gains nothing"
            assert win.han > 0, where
            assert win.points > 0, where
            assert all(name in YAKU_ORDER for name, _ in win.yaku), where
            assert win.han == sum(han for _, han in win.yaku), where
            assert win.yakuman == sum(han for name, han in win.yaku if name in YAKUMAN_IDS) // 13, where
        sticks = rnd.riichi_sticks + sum(replay.deposits)
        total = sum(sum(result.deltas) for result in rnd.results)
        assert total == 1000 * sticks, f"{where}: the wins pay out {total}, the table holds {sticks} sticks"
    for result in rnd.results:
        if isinstance(result, DrawResult):
            assert len(rnd.results) == 1, f"{where}: a draw shares its hand with another result"
            assert sum(result.deltas) == 0, f"{where}: a draw creates points"
            for seat in result.tenpai:
                assert shanten(to_counts(replay.concealed[seat])) == 0, f"{where}: seat {seat} is not tenpai"
            for seat in result.nagashi:
                river = replay.rivers[seat]
                assert river, where
                assert all(is_terminal_or_honor(tile >> 2) for tile in river), where
                assert not replay.called_tiles & set(river), f"{where}: nagashi seat {seat} had a tile called"
    return replay


def check_record_yaku(win: WinResult, rnd: RoundRecord, hand: WinningHand) -> None:
    """The yaku a win lists that can be told from its tiles alone are there exactly when the tiles say so."""
    yaku = dict(win.yaku)
    assert len(yaku) == len(win.yaku), f"{rnd.position}: a yaku listed twice"
    if win.yakuman:
        assert all(name in YAKUMAN_IDS for name in yaku), rnd.position
        return
    tiles = [*hand.concealed, *(tile for meld in hand.melds for tile in meld.tiles)]
    kinds = Counter(tile >> 2 for tile in tiles)
    indicators = [rnd.dora_indicator, *(step.indicator for step in rnd.steps if isinstance(step, DoraStep))]

    def dora_count(shown: Iterable[int]) -> int:
        return sum(kinds[dora_from_indicator(indicator >> 2)] for indicator in shown)

    suits = {kind // 9 for kind in kinds if kind < 27}
    honors = any(kind >= 27 for kind in kinds)
    riichi = any(isinstance(s, DiscardStep) and s.riichi and s.seat == win.seat for s in rnd.steps)
    expected = {
        "dora": dora_count(indicators),
        "aka_dora": len(RED_IDS.intersection(tiles)),
        "ura_dora": dora_count(win.ura_indicators),
        "yakuhai_seat_wind": int(kinds[27 + (win.seat - rnd.dealer) % 4] >= 3),
        "yakuhai_round_wind": int(kinds[27 + rnd.round_wind] >= 3),
        "yakuhai_haku": int(kinds[31] >= 3),
        "yakuhai_hatsu": int(kinds[32] >= 3),
        "yakuhai_chun": int(kinds[33] >= 3),
        "tanyao": int(not any(is_terminal_or_honor(kind) for kind in kinds)),
        "menzen_tsumo": int(win.discarder is None and not any(meld.is_open for meld in hand.melds)),
    }
    for name, count in expected.items():
        assert yaku.get(name, 0) == count, f"{rnd.position}: {name} {yaku.get(name, 0)}, tiles say {count}"
    assert ("chinitsu" in yaku) == (len(suits) == 1 and not honors), rnd.position
    assert ("honitsu" in yaku) == (len(suits) == 1 and honors), rnd.position
    assert riichi == ("riichi" in yaku or "double_riichi" in yaku) == bool(win.ura_indicators), rnd.position


def score_chain_problems(game: GameRecord) -> list[str]:
    """Each hand's scores and sticks follow from the one before; the final scores from the last hand."""
    problems: list[str] = []
    finished = [rnd for rnd in game.rounds if rnd.results]
    for before, after in zip(finished, game.rounds[1:], strict=False):
        scores, sticks = _after(before, game.players)
        if (after.scores, after.riichi_sticks) != (scores, sticks):
            problems.append(
                f"{after.position}: starts at {after.scores}/{after.riichi_sticks}, not {scores}/{sticks}"
            )
    if game.final_scores is not None:
        scores, sticks = _after(game.rounds[-1], game.players)
        gains = [final - score for final, score in zip(game.final_scores, scores, strict=True)]
        # sticks left on the table at the end go to the top player
        if sorted(gains) != sorted([1000 * sticks] + [0] * (game.players - 1)):
            problems.append(
                f"final scores {game.final_scores} do not follow {scores} with {sticks} sticks left"
            )
    return problems


def _after(rnd: RoundRecord, players: int) -> tuple[tuple[int, ...], int]:
    replay = replay_round(rnd, players)
    scores = [score - 1000 * deposit for score, deposit in zip(rnd.scores, replay.deposits, strict=True)]
    for result in rnd.results:
        scores = [score + delta for score, delta in zip(scores, result.deltas, strict=True)]
    won = any(isinstance(result, WinResult) for result in rnd.results)
    return tuple(scores), 0 if won else rnd.riichi_sticks + sum(replay.deposits)


# ----------------------------------------------------------------------------------------------------
# The 85 mjx logs


@functools.cache
def record(name: str) -> GameRecord:
    return read_mjlog(MJLOG_DIR / name)


def result_tags(name: str) -> list[ET.Element]:
    """The file's AGARI and RYUUKYOKU tags in order, read straight from the XML."""
    root = ET.fromstring((MJLOG_DIR / name).read_text(encoding="utf-8"))
    return [element for element in root if element.tag in ("AGARI", "RYUUKYOKU")]


def numbers(element: ET.Element, name: str) -> list[int]:
    text = element.get(name, "")
    return [int(value) for value in text.split(",")] if text else []


@needs_shared
def test_all_85_files_are_there_and_read() -> None:
    assert len(FILES) == 85
    for path in FILES:
        game = record(path.name)
        assert (game.ruleset, game.players, len(game.names)) == ("tenhou", 4, 4), path.name
        assert game.rounds, path.name
        assert (game.extra["game_length"], game.extra["red_fives"]) == ("hanchan", "on"), path.name


@needs_shared
@pytest.mark.parametrize("name", [path.name for path in FILES])
def test_rounds_replay_and_scores_chain(name: str) -> None:
    game = record(name)
    for rnd in game.rounds:
        round_problems(rnd, game.players)
    assert score_chain_problems(game) == []


@needs_shared
@pytest.mark.parametrize("name", [path.name for path in FILES])
def test_results_agree_with_their_tags(name: str) -> None:
    """Winner's tiles, melds, winning tile and yaku counts against AGARI's hai, m, machi, sc, yaku."""
    game = record(name)
    results = [(rnd, result) for rnd in game.rounds for result in rnd.results]
    tags = result_tags(name)
    assert len(tags) == len(results)
    wins = iter([hand for rnd in game.rounds for hand in replay_round(rnd, game.players).wins])
    for tag, (rnd, result) in zip(tags, results, strict=True):
        sc = numbers(tag, "sc")
        assert result.deltas == tuple(100 * value for value in sc[1::2])
        assert sum(result.deltas) == 100 * sum(sc[1::2])
        if tag.tag == "RYUUKYOKU":
            assert isinstance(result, DrawResult)
            continue
        assert isinstance(result, WinResult)
        hand = next(wins)
        assert sorted(hand.concealed) == sorted(numbers(tag, "hai"))
        assert hand.win_tile == int(tag.get("machi", "-1"))
        decoded = [decode_meld(code, result.seat) for code in numbers(tag, "m")]
        assert sorted(hand.melds, key=lambda m: m.tiles) == sorted(
            (call.meld for call in decoded if isinstance(call, CallStep)), key=lambda m: m.tiles
        )
        check_yaku_numbers(tag, rnd, hand)
        check_record_yaku(result, rnd, hand)


def check_yaku_numbers(tag: ET.Element, rnd: RoundRecord, hand: WinningHand) -> None:
    """Tenhou's dora (52), ura (53), aka (54), wind (10-17) and dragon (18-20) numbers against the tiles."""
    pairs = numbers(tag, "yaku")
    han = dict(zip(pairs[0::2], pairs[1::2], strict=True))
    tiles = [*hand.concealed, *(tile for meld in hand.melds for tile in meld.tiles)]
    kinds = Counter(tile >> 2 for tile in tiles)

    def dora_count(indicators: list[int]) -> int:
        return sum(kinds[dora_from_indicator(indicator >> 2)] for indicator in indicators)

    if not pairs:
        return  # a yakuman lists no dora
    assert han.get(52, 0) == dora_count(numbers(tag, "doraHai"))
    assert han.get(54, 0) == len(RED_IDS.intersection(tiles))
    ura = numbers(tag, "doraHaiUra")
    assert (53 in han) == bool(ura) == (1 in han or 21 in han)  # ura is listed exactly for riichi wins
    assert han.get(53, 0) == dora_count(ura)
    for number in range(10, 14):
        assert (number in han) == (
            number - 10 == (hand.seat - rnd.dealer) % 4 and kinds[27 + number - 10] >= 3
        )
    for number in range(14, 18):
        assert (number in han) == (number - 14 == rnd.round_wind and kinds[27 + number - 14] >= 3)
    for number, kind in ((18, 31), (19, 32), (20, 33)):
        assert (number in han) == (kinds[kind] >= 3)


@needs_shared
def test_every_yaku_number_in_the_files_maps_to_our_ids() -> None:
    assert len(TENHOU_YAKU) == 55
    assert set(TENHOU_YAKU) <= set(YAKU_ORDER)
    used: Counter[int] = Counter()
    for path in FILES:
        for tag in result_tags(path.name):
            pairs = numbers(tag, "yaku")
            used.update(pairs[0::2])
            used.update(numbers(tag, "yakuman"))
    assert used
    assert all(0 <= number < len(TENHOU_YAKU) for number in used)
    # the yakuman in these files: daisangen (39) three times, tenhou (37) once
    assert (used[39], used[37]) == (3, 1)
    assert [TENHOU_YAKU[n] for n in (0, 1, 7, 21, 36, 39, 47, 48)] == [
        "menzen_tsumo",
        "riichi",
        "pinfu",
        "double_riichi",
        "renhou",
        "daisangen",
        "kokushi",
        "kokushi_13",
    ]


@needs_shared
def test_double_ron_is_two_wins_in_one_round() -> None:
    rnd = record("double-ron.mjlog").rounds[-1]
    assert [(r.seat, r.discarder) for r in rnd.results if isinstance(r, WinResult)] == [(0, 3), (2, 3)]
    first, second = rnd.results
    assert isinstance(first, WinResult)
    assert isinstance(second, WinResult)
    assert first.deltas == (9700, 0, 0, -7700)  # 7700 plus the two riichi sticks on the table
    assert second.yaku == (("riichi", 1), ("pinfu", 1), ("iipeikou", 1), ("dora", 1), ("aka_dora", 1))
    assert record("double-ron.mjlog").final_points == (13.0, 46.0, -8.0, -51.0)


@needs_shared
def test_pao_and_draw_kinds() -> None:
    win = record("pao-tsumo.mjlog").rounds[-1].results[0]
    assert isinstance(win, WinResult)
    assert (win.seat, win.discarder, win.pao, win.yakuman, win.yaku) == (2, None, 0, 1, (("daisangen", 13),))
    kinds = {
        "upd-aft-nm.mjlog": "nagashi_mangan",
        "upd-aft-reach4.mjlog": "suucha_riichi",
        "upd-aft-ron3.mjlog": "sanchahou",
        "upd-aft-kan4.mjlog": "suukaikan",
        "encdec-four-winds-no-winner.mjlog": "suufon_renda",
        "upd-aft-draw-kyuusyu-kyuusyu.mjlog": "kyuushu_kyuuhai",
    }
    for name, kind in kinds.items():
        draws = [r.kind for rnd in record(name).rounds for r in rnd.results if isinstance(r, DrawResult)]
        assert kind in draws, name
    nagashi = record("upd-aft-nm.mjlog").rounds[-1].results[0]
    assert isinstance(nagashi, DrawResult)
    assert (nagashi.nagashi, nagashi.tenpai, nagashi.deltas) == ((2,), (0, 3), (-2000, -2000, 8000, -4000))


@needs_shared
def test_files_cut_mid_hand_end_with_a_round_without_result() -> None:
    game = record("obs-draw-riichi.mjlog")
    assert game.rounds[-1].results == ()
    assert game.final_scores is None
    assert all(rnd.results for rnd in game.rounds[:-1])


# ----------------------------------------------------------------------------------------------------
# Meld codes worked out by hand from the layout (bit 0-1: from whom, counted from the caller in turn order;
# bit 2: chi; bit 3: pon; bit 4: shouminkan; bit 5: kita; otherwise a kan with the tile id in bits 8-15).
# chi: bits 10-15 = sequence * 3 + called index, sequence = suit * 7 + (lowest number - 1); bits 3-4, 5-6, 7-8
#      = the copy of the low, middle, high tile.
# pon / shouminkan: bits 9-15 = kind * 3 + called index among the pon's three; bits 5-6 = the copy not in the
#      pon (for a shouminkan: the added copy).

MELD_CASES = [
    # 50551 = 49 << 10 | 375: 49 = 16 * 3 + 1 -> sequence 16 = souzu (16 // 7 = 2) from 3s (16 % 7 = 2),
    # called the middle one; 375 = 0b1_01_11_0_1_11: copies 2, 3, 2 -> 3s#2 = 82, 4s#3 = 87, 5s#2 = 90;
    # bit 2 set (chi), low bits 3 (from the left). File: 2010091009gm-...: <N who="2" m="50551">.
    (50551, 2, Meld(MeldType.CHI, (82, 87, 90), 87, 3)),
    # 39103 = 38 << 10 | 191: 38 = 12 * 3 + 2 -> pinzu from 6p (12 % 7 = 5), called the high one;
    # 191 = 0b1_01_11_1_11: copies 3, 1, 1 -> 59, 61, 65; called 65 (8p).
    (39103, 2, Meld(MeldType.CHI, (59, 61, 65), 65, 3)),
    # 47625 = 93 << 9 | 9: 93 = 31 * 3 + 0 -> haku (kind 31), called index 0; 9 = 0b01_0_1_0_01: pon bit,
    # copy 0 left out -> 125, 126, 127, called 125, low bits 1 (from the right).
    (47625, 3, Meld(MeldType.PON, (125, 126, 127), 125, 1)),
    # 16459 = 32 << 9 | 75: 32 = 10 * 3 + 2 -> 2p (kind 10), called index 2; 75 = 0b10_0_1_0_11: left out
    # copy 2 -> 40, 41, 43, called 43, from the left.
    (16459, 2, Meld(MeldType.PON, (40, 41, 43), 43, 3)),
    # 1619 = 3 << 9 | 83: 3 = 1 * 3 + 0 -> 2m, called index 0; 83 = 0b10_1_0_0_11: shouminkan bit, added
    # copy 2 -> pon 4, 5, 7 (called 4, from the left) plus 6.
    (1619, 2, Meld(MeldType.SHOUMINKAN, (4, 5, 7, 6), 4, 3)),
    # 28672 = 112 << 8, low bits 0 -> ankan of South (112 // 4 = 28).
    (28672, 0, Meld(MeldType.ANKAN, (112, 113, 114, 115))),
    # 27139 = 106 << 8 | 3 -> daiminkan of 9s (106 // 4 = 26) on tile 106 from the left.
    (27139, 3, Meld(MeldType.DAIMINKAN, (104, 105, 106, 107), 106, 3)),
    # 15106 = 59 << 8 | 2 -> daiminkan of 6p (59 // 4 = 14) on tile 59 from the opposite seat.
    (15106, 2, Meld(MeldType.DAIMINKAN, (56, 57, 58, 59), 59, 2)),
]


@pytest.mark.parametrize("code, seat, meld", MELD_CASES)
def test_meld_codes_decode_as_worked_out_by_hand(code: int, seat: int, meld: Meld) -> None:
    assert decode_meld(code, seat) == CallStep(seat, meld)


@needs_shared
@pytest.mark.parametrize("code, seat", [(code, seat) for code, seat, _ in MELD_CASES])
def test_meld_cases_are_real_calls_from_the_files(code: int, seat: int) -> None:
    assert f'<N who="{seat}" m="{code}"' in all_text()


@functools.cache
def all_text() -> str:
    return " ".join(path.read_text(encoding="utf-8") for path in FILES)


def test_three_player_kita_decodes() -> None:
    # 30752 = 120 << 8 | 0x20: the kita bit with North copy 0 (tile 120)
    assert decode_meld(30752, 1, players=3) == KitaStep(1, 120)


@pytest.mark.parametrize(
    "code, players, reason",
    [
        ((21 * 3) << 10 | 0x04 | 3, 4, "names sequence 21"),
        ((34 * 3) << 9 | 0x08 | 1, 4, "names kind 34"),
        (120 << 8 | 0x20, 4, "only three players have"),
        (4 << 8 | 0x20, 3, "not a North"),
        ((3 * 3) << 10 | 0x04 | 1, 4, "chi can only be called from the player on the left"),
        (40 << 9 | 0x08 | 3, 3, "relative seat 3 with 3 players"),
    ],
)
def test_bad_meld_codes_fail_with_the_reason(code: int, players: int, reason: str) -> None:
    text = MINI.format(go=185 if players == 3 else 169, moves=f'<T52/><N who="0" m="{code}"/>')
    if players == 3:
        text = text.replace(HAI3, "").replace("250,250,250,250", "350,350,350,0")
    with pytest.raises(LogFormatError) as caught:
        parse_mjlog(text, "mini.mjlog")
    assert reason in str(caught.value)
    assert str(caught.value).startswith("mini.mjlog: round 1 (E1-0), tag 7 <N>: ")


# ----------------------------------------------------------------------------------------------------
# gzip and broken input

HAI3 = 'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"'
# tags: 1 SHUFFLE, 2 GO, 3 UN, 4 TAIKYOKU, 5 INIT, then the moves from tag 6
MINI = (
    '<mjloggm ver="2.3"><SHUFFLE seed="x" ref=""/><GO type="{go}" lobby="0"/>'
    '<UN n0="%41" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,1,2,131" ten="250,250,250,250" oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" '
    'hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
    + HAI3
    + "/>"
    '{moves}<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/></mjloggm>'
)


def test_mini_log_reads() -> None:
    game = parse_mjlog(MINI.format(go=169, moves="<T52/><D52/><U53/><E13/>"), "mini.mjlog")
    assert game.names == ("A", "B", "C", "D")
    (rnd,) = game.rounds
    assert rnd.steps == (DrawStep(0, 52), DiscardStep(0, 52), DrawStep(1, 53), DiscardStep(1, 13))
    assert rnd.results == (DrawResult("exhaustive", (), (0, 0, 0, 0), ()),)
    assert (rnd.scores, rnd.dora_indicator, rnd.position) == ((25000,) * 4, 131, "tag 5")


def test_riichi_marks_the_next_discard() -> None:
    moves = '<T52/><REACH who="0" step="1"/><D52/><REACH who="0" ten="240,250,250,250" step="2"/><U53/>'
    (rnd,) = parse_mjlog(MINI.format(go=169, moves=moves), "mini.mjlog").rounds
    assert rnd.steps[1] == DiscardStep(0, 52, riichi=True)


@needs_shared
def test_gzip_and_plain_give_the_same_record(tmp_path: Path) -> None:
    source = MJLOG_DIR / "double-ron.mjlog"
    (tmp_path / "plain").mkdir()
    (tmp_path / "gz").mkdir()
    plain = tmp_path / "plain" / "game.mjlog"
    packed = tmp_path / "gz" / "game.mjlog"
    plain.write_bytes(source.read_bytes())
    packed.write_bytes(gzip.compress(source.read_bytes()))
    assert packed.read_bytes()[:2] == b"\x1f\x8b"
    first, second = read_mjlog(plain), read_mjlog(packed)
    assert first == second
    assert first.extra == second.extra


def _repeat_init(text: str) -> str:
    """A second deal before the first hand's result."""
    start = text.index("<INIT")
    init = text[start : text.index(">", start) + 1]
    return text.replace("<RYUUKYOKU", init + "<RYUUKYOKU")


BROKEN: list[tuple[str, Callable[[str], str], str]] = [
    (
        "unknown tag",
        lambda t: t.replace("<T52/>", "<T52/><FOO/>"),
        "round 1 (E1-0), tag 7 <FOO>: unknown tag",
    ),
    (
        "tile out of range",
        lambda t: t.replace("<T52/>", "<T136/>"),
        "tag 6 <T136>: tile id 136 is not 0..135",
    ),
    (
        "bad seat",
        lambda t: t.replace("<T52/>", '<T52/><N who="4" m="28672"/>'),
        "tag 7 <N>: who=4: no such seat",
    ),
    (
        "bad number",
        lambda t: t.replace('seed="0,0,0,1,2,131"', 'seed="0,0,x,1,2,131"'),
        "tag 5 <INIT>: seed=",
    ),
    (
        "short hand",
        lambda t: t.replace("0,1,2,3,4,", "0,1,2,3,"),
        "tag 5 <INIT>: hai0 holds 12 tiles, not 13",
    ),
    (
        "missing attribute",
        lambda t: t.replace(' oya="0" hai0', " hai0"),
        "tag 5 <INIT>: missing attribute 'oya'",
    ),
    (
        "unknown yaku",
        lambda t: t.replace("<RYUUKYOKU", _AGARI_99 + "<RYUUKYOKU"),
        "<AGARI>: unknown yaku number 99",
    ),
    ("unknown draw", lambda t: t.replace("<RYUUKYOKU", '<RYUUKYOKU type="yao8"'), "unknown draw type 'yao8'"),
    (
        "move after end",
        lambda t: t.replace("</mjloggm>", "<T60/></mjloggm>"),
        "tag 9 <T60>: a move after the hand",
    ),
    ("no result", _repeat_init, "round 1 (E1-0), tag 8 <INIT>: the hand ended without a result"),
    (
        "riichi no discard",
        lambda t: t.replace("<T52/>", '<REACH who="1" step="1"/><T52/><U53/>'),
        "did not discard",
    ),
    ("bad xml", lambda t: t.replace("<T52/>", "<T52>"), "not well-formed XML"),
    ("truncated", lambda t: t[: len(t) // 2], "not well-formed XML"),
    ("not mjlog", lambda t: "<html/>", "the root tag is <html>"),
    ("no hand", lambda t: '<mjloggm><GO type="169"/></mjloggm>', "the log holds no hand (no <INIT> tag)"),
    ("no GO", lambda t: re.sub("<GO[^>]*>", "", t), "tag 4 <INIT>: a hand starts before the <GO> tag"),
]
_AGARI_99 = '<AGARI who="0" fromWho="0" ten="30,1000,0" yaku="99,1" sc="250,10,250,0,250,0,250,-10"/>'


@pytest.mark.parametrize("label, breaker, message", BROKEN, ids=[case[0] for case in BROKEN])
def test_broken_logs_fail_with_one_line_naming_file_position_reason(
    tmp_path: Path, label: str, breaker: Callable[[str], str], message: str
) -> None:
    path = tmp_path / "broken.mjlog"
    path.write_text(breaker(MINI.format(go=169, moves="<T52/><D52/>")), encoding="utf-8")
    with pytest.raises(LogFormatError) as caught:
        read_mjlog(path)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith("broken.mjlog: ")
    assert message in text


def test_draw_by_a_seat_a_three_player_game_lacks(tmp_path: Path) -> None:
    text = MINI.format(go=185, moves="<T52/><D52/><U53/><E13/><V54/><F26/><W55/>")
    text = text.replace(HAI3, "").replace("250,250,250,250", "350,350,350,0")
    with pytest.raises(
        LogFormatError, match=r"^mini: round 1 \(E1-0\), tag 12 <W55>: draw by seat 3: no such seat"
    ):
        parse_mjlog(text, "mini")
    game = parse_mjlog(text.replace("<W55/>", ""), "mini")
    assert (game.players, game.ruleset, game.names, game.rounds[0].scores) == (
        3,
        "tenhou-3p",
        ("A", "B", "C"),
        (35000, 35000, 35000),
    )


@needs_shared
def test_broken_gzip_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.mjlog"
    path.write_bytes(gzip.compress((MJLOG_DIR / "double-ron.mjlog").read_bytes())[:500])
    with pytest.raises(LogFormatError, match=r"^cut\.mjlog: broken gzip data"):
        read_mjlog(path)
    with pytest.raises(LogFormatError, match=r"^absent\.mjlog: cannot read the file"):
        read_mjlog(tmp_path / "absent.mjlog")


@needs_shared
def test_real_file_errors_name_the_round(tmp_path: Path) -> None:
    text = (MJLOG_DIR / "double-ron.mjlog").read_text(encoding="utf-8")
    # the 4th hand (E4-0) of double-ron.mjlog: put an unknown tag in right after its INIT
    inits = [match.start() for match in re.finditer("<INIT", text)]
    end = text.index(">", inits[3]) + 1
    number = (
        len(re.findall(r"<[A-Za-z]", text[:end])) - 1
    )  # tags before it under the root, <mjloggm> excluded
    path = tmp_path / "double-ron.mjlog"
    path.write_text(text[:end] + "<ZZZ/>" + text[end:], encoding="utf-8")
    with pytest.raises(LogFormatError) as caught:
        read_mjlog(path)
    assert str(caught.value) == f"double-ron.mjlog: round 4 (E4-0), tag {number + 1} <ZZZ>: unknown tag"
