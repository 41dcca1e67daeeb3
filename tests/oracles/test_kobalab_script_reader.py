"""kobalab script.json reader: all 37 scripted games read, every hand replays tile by tile, scores chain from
hand to hand and into the final defen, and the winners' and shown hands match kobalab's own strings.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

import pytest

from game.logs.record import CallStep, DrawResult, GameRecord, LogFormatError, WinResult
from rules.meld import MeldType
from tests.conftest import HAS_SHARED, NO_SHARED, ORACLES
from tests.game.test_mjlog import check_record_yaku, round_problems, score_chain_problems

from .kobalab_convert import parse_concealed, parse_meld
from .kobalab_script import read_game, read_script

if not HAS_SHARED:
    pytest.skip(NO_SHARED, allow_module_level=True)
SCRIPT = ORACLES / "kobalab" / "script.json"


@functools.cache
def games() -> tuple[GameRecord, ...]:
    return tuple(read_script(SCRIPT))


@functools.cache
def raw() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(SCRIPT.read_text(encoding="utf-8"))
    return data


def test_all_37_games_read() -> None:
    assert len(games()) == 37
    for game in games():
        assert (game.ruleset, game.players, len(game.names)) == ("kobalab", 4, 4)
        assert game.final_scores is not None
        assert game.final_points is not None
        assert sum(game.final_points) == 0


@pytest.mark.parametrize("index", range(37))
def test_hands_replay_and_scores_chain(index: int) -> None:
    game = games()[index]
    entry = raw()[index]
    for rnd, hand_log in zip(game.rounds, entry["log"], strict=True):
        replay = round_problems(rnd, 4)
        assert rnd.results, rnd.position  # every scripted hand is played out
        ends = [step for step in hand_log if "hule" in step or "pingju" in step]
        wins = [result for result in rnd.results if isinstance(result, WinResult)]
        for win, win_hand in zip(wins, replay.wins, strict=True):
            check_record_yaku(win, rnd, win_hand)
        for win_hand, step in zip(replay.wins, (s["hule"] for s in ends if "hule" in s), strict=True):
            # kobalab's winner string: concealed tiles (the winning tile last), '*' after riichi, then melds
            parts = step["shoupai"].replace("*", "").split(",")
            assert kinds_of(win_hand.concealed) == Counter(parse_concealed(parts[0])), rnd.position
            assert sorted(kinds_of(meld.tiles) for meld in win_hand.melds) == sorted(
                Counter(parse_meld(part).tiles) for part in parts[1:]
            )
        for result, step in zip(rnd.results, ends, strict=True):
            if isinstance(result, DrawResult):
                shown = step["pingju"]["shoupai"]
                for seat in result.tenpai:
                    text = shown[(seat - rnd.dealer) % 4].replace("*", "").split(",")[0]
                    assert kinds_of(replay.concealed[seat]) == Counter(parse_concealed(text)), rnd.position
    assert score_chain_problems(game) == []


def kinds_of(tiles: Any) -> Counter[tuple[int, bool]]:
    """Tile ids as kobalab (kind, is_red) pairs."""
    return Counter((tile >> 2, tile in (16, 52, 88)) for tile in tiles)


def test_seats_are_absolute_and_players_follow_qijia() -> None:
    # game 0: qijia 3, so player 3 ("上家") deals first and is our seat 0; its first hand is won by that
    # dealer with a ron from kobalab's l = 3 (seat 3), fenpei [13000, 0, 0, -12000] read dealer first
    first = games()[0]
    assert raw()[0]["qijia"] == 3
    assert first.names == ("上家", "私", "下家", "対面")
    win = first.rounds[0].results[0]
    assert isinstance(win, WinResult)
    assert (win.seat, win.discarder, win.deltas) == (
        0,
        3,
        (13000, 0, 0, -12000),
    )
    # game 1's chiihou hand is East 4 (jushu 3): kobalab's l counts from the dealer, seat 3, so the winner
    # l = 2 is seat 1, and fenpei [-16000, -8000, 32000, -8000] (dealer first) becomes seat 0..3 below
    chiihou = games()[1].rounds[4]
    assert (chiihou.kyoku, chiihou.dealer) == (3, 3)
    win = chiihou.results[0]
    assert isinstance(win, WinResult)
    assert (win.seat, win.yaku) == (1, (("chiihou", 13),))
    assert win.deltas == (-8000, 32000, -8000, -16000)
    for index, game in enumerate(games()):
        qijia = raw()[index]["qijia"]
        assert game.final_scores == tuple(raw()[index]["defen"][(qijia + seat) % 4] for seat in range(4))


def test_draw_kinds_and_nagashi() -> None:
    kinds = Counter(
        r.kind for game in games() for rnd in game.rounds for r in rnd.results if isinstance(r, DrawResult)
    )
    assert kinds == Counter(
        exhaustive=54,
        kyuushu_kyuuhai=7,
        nagashi_mangan=2,
        suufon_renda=2,
        sanchahou=2,
        suukaikan=2,
        suucha_riichi=1,
    )
    nagashi = games()[18].rounds[0].results[0]
    assert isinstance(nagashi, DrawResult)
    assert (nagashi.nagashi, nagashi.deltas) == ((2,), (-4000, -2000, 8000, -2000))


def test_double_ron_and_chankan() -> None:
    # "槍槓でダブロン": in East 4 (dealer seat 3) seat 0 adds to its pon and seats 1 and 2 both rob the kan
    game = games()[15]
    assert game.extra["title"] == "状況役: 槍槓でダブロン (東四局 0本場)"
    rnd = game.rounds[5]
    assert rnd.position == "script.json[15] log[5] (E4-0)"
    wins = [r for r in rnd.results if isinstance(r, WinResult)]
    assert [(win.seat, win.discarder) for win in wins] == [(1, 0), (2, 0)]
    assert all(("chankan", 1) in win.yaku for win in wins)
    last = rnd.steps[-1]
    assert isinstance(last, CallStep)
    assert last.seat == 0
    assert last.meld.type is MeldType.SHOUMINKAN


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda g: g["log"][0][1].update(zimo={"l": 0, "p": "x9"}),
            "log[0] (E1-0) step 1 <zimo>: bad tile 'x9'",
        ),
        (
            lambda g: g["log"][0][2].update(dapai={"l": 0, "p": "z7"}),
            "step 2 <dapai>: seat 0 does not hold tile",
        ),
        (lambda g: g["log"][0].insert(1, {"zimo": {"l": 0, "p": "p0"}}), "step 1 <zimo>: a second red five"),
        (lambda g: g["log"][0].insert(1, {"nanika": {}}), "step 1 <nanika>: unknown or misplaced entry"),
        (lambda g: g["log"][0][-1]["hule"]["hupai"].append({"name": "?", "fanshu": 1}), "unknown yaku '?'"),
        (lambda g: g.pop("qijia"), "script.json[0]: malformed game"),
    ],
)
def test_broken_games_fail_with_one_line(change: Any, message: str) -> None:
    game = json.loads(json.dumps(raw()[0]))
    change(game)
    with pytest.raises(LogFormatError) as caught:
        read_game(game, "script.json[0]")
    assert "\n" not in str(caught.value)
    assert message in str(caught.value)
