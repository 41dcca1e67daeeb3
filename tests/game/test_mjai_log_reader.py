"""Reading mjai JSON lines back (game/logs/mjai.py read_mjai, is_mjai): real games event for event, hand-built
three-player and kan games, and one LogFormatError line naming the file and the line for each bad stream."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from game.logs import tenhou6
from game.logs.mjai import dumps, is_mjai, read_mjai, write_mjai
from game.logs.mjlog import read_mjlog
from game.logs.record import DrawResult, KitaStep, LogFormatError, WinResult
from tests.conftest import ORACLES, needs_shared
from tests.game.test_tenhou6 import four_player_game, small_game, three_player_game

FILES = sorted((ORACLES / "mjx" / "mjlog").glob("*.mjlog"))
CHUNKS = 4  # the 85 games in four tests, so that the two test workers share them


@needs_shared
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_real_games_read_back_event_for_event(chunk: int) -> None:
    files = FILES[chunk::CHUNKS]
    assert len(files) in (21, 22)
    for path in files:
        original = read_mjlog(path)
        text = dumps(original)
        back = read_mjai(text, path.name)
        assert dumps(back) == text, path.name  # every event, tile name, tsumogiri flag and score change
        assert (back.players, back.names, back.ruleset) == (original.players, original.names, "tenhou")
        assert back.extra == {"log_format": "mjai", "tenhou6_aka": "1,1,1", "game_length": "hanchan"}
        assert len(back.rounds) == len(original.rounds), path.name
        for ours, theirs in zip(back.rounds, original.rounds, strict=True):
            header = ("round_wind", "kyoku", "honba", "riichi_sticks", "scores", "dealer")
            assert [getattr(ours, name) for name in header] == [getattr(theirs, name) for name in header]
            assert len(ours.steps) == len(theirs.steps)
            # mjai keeps no draw kind: it is worked out from the play, and must be the logged one
            assert [_outcome(result) for result in ours.results] == [
                _outcome(result) for result in theirs.results
            ], f"{path.name} {ours.position}"


def _outcome(result: WinResult | DrawResult) -> tuple[Any, ...]:
    """What mjai carries of a hand's result: winner and discarder or the draw kind, and the score changes."""
    if isinstance(result, WinResult):
        return "win", result.seat, result.discarder, result.deltas
    return result.kind, result.deltas


@pytest.mark.parametrize("make", [small_game, four_player_game, three_player_game])
def test_hand_built_games_read_back_event_for_event(make: Any) -> None:
    # four_player_game has every kind of kan and its dora; three_player_game has kita (nukidora)
    game = make()
    text = dumps(game)
    back = read_mjai(text, "game.mjson")
    assert dumps(back) == text
    assert back.players == game.players
    assert back.ruleset == ("tenhou-3p" if game.players == 3 else "tenhou")
    assert len(back.rounds) == len(game.rounds)


def test_three_players_keep_their_kita_and_no_red_five_of_man() -> None:
    back = read_mjai(dumps(three_player_game()), "game.mjson")
    assert back.extra["tenhou6_aka"] == "0,1,1"
    kitas = [step for hand in back.rounds for step in hand.steps if isinstance(step, KitaStep)]
    written = [event for event in write_mjai(three_player_game()) if event["type"] == "nukidora"]
    assert len(kitas) == len(written) > 0


def test_is_mjai_tells_json_lines_from_tenhou6_json() -> None:
    game = small_game()
    assert is_mjai(dumps(game))
    assert is_mjai("\ufeff\r\n" + dumps(game).replace("\n", "\r\n"))
    assert not is_mjai(tenhou6.dumps(game))
    assert not is_mjai(json.dumps(tenhou6.write_tenhou6(game), indent=1))  # pretty-printed tenhou6
    # a damaged first line that begins like an event: the mjai reader says which line and what is wrong
    assert is_mjai('{"type": "start_game", "names": [')
    assert not is_mjai('{"names": ["type", ')  # no JSON, and not an event's start
    assert not is_mjai('{"kind": "start_game"}\n')  # no "type"
    assert not is_mjai('["type"]\n')


def _lines(events: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(event) + "\n" for event in events)


def _edit(index: int, **fields: Any) -> list[dict[str, Any]]:
    """small_game's events with fields of one event changed."""
    events = copy.deepcopy(write_mjai(small_game()))
    events[index].update(fields)
    return events


def _hide_a_hand() -> list[dict[str, Any]]:
    events = copy.deepcopy(write_mjai(small_game()))
    events[1]["tehais"][1] = ["?"] * 13
    return events


_EVENTS = write_mjai(small_game())
# small_game's lines: 1 start_game, 2 start_kyoku, 3 tsumo 0 4m, 4 dahai 0 E, 5-6 seat 1 draws, discards 8m,
# 7-8 seat 2 draws 6s and discards 5s, 9 chi by 3 from 2, ..., 14 reach 2, 15 its dahai, 19 hora, 20 end_kyoku
MALFORMED = [
    pytest.param("", "game.mjson: no mjai events", id="empty"),
    pytest.param(
        _lines(_EVENTS[:3]) + "[1]\n" + _lines(_EVENTS[4:]),
        "game.mjson: line 4: an mjai event is a JSON object",
        id="not-an-object",
    ),
    pytest.param(
        _lines(_EVENTS[:2]) + '{"type":"tsumo","actor":' + "1" * 100 + "}\n",
        "game.mjson: line 3: a number of 100 characters (at most 40)",
        id="huge-number",
    ),
    pytest.param(
        _lines(_EVENTS[1:]),
        "game.mjson: line 1: the first event is 'start_kyoku', not start_game",
        id="no-start",
    ),
    pytest.param(
        _lines(_edit(0, id=0)),
        "game.mjson: line 1: start_game has an 'id': this is one player's view, not a whole game's log",
        id="a-players-view",
    ),
    pytest.param(
        _lines(_hide_a_hand()),
        "game.mjson: line 2 (E1-0): seat 1's dealt tile is hidden (?): this is one player's view, not a whole"
        " game's log",
        id="hidden-tiles",
    ),
    pytest.param(
        _lines(_edit(1, oya=2)), "game.mjson: line 2: start_kyoku: seat 2 does not deal hand 1", id="oya"
    ),
    pytest.param(
        _lines(_edit(2, actor=True)),
        "game.mjson: line 3 (E1-0): tsumo 'actor' True is no seat of 4 players",
        id="seat-true",
    ),
    pytest.param(
        _lines(_edit(2, pai="E")), "game.mjson: line 13 (E1-0): the drawn tile: a fifth E", id="fifth-tile"
    ),
    pytest.param(
        _lines(_edit(3, tsumogiri=True)),
        "game.mjson: line 4 (E1-0): seat 0 discards 'E' as the tile just drawn, which it is not",
        id="tsumogiri-lie",
    ),
    pytest.param(
        _lines(_edit(3, pai="1x")),
        "game.mjson: line 4 (E1-0): the discard '1x' is no mjai tile name",
        id="unknown-tile",
    ),
    pytest.param(
        _lines(_edit(3, pai="C")),
        "game.mjson: line 4 (E1-0): the discard: seat 0 does not hold C",
        id="discard-not-held",
    ),
    pytest.param(
        _lines(_edit(8, target=1)),
        "game.mjson: line 9 (E1-0): a chi from seat 1, but seat 2 discarded last",
        id="call-from-the-wrong-seat",
    ),
    pytest.param(
        _lines([*_EVENTS[:14], {"type": "tsumo", "actor": 3, "pai": "1m"}, *_EVENTS[14:]]),
        "game.mjson: line 15 (E1-0): seat 2 declared riichi but did not discard",
        id="riichi-without-its-discard",
    ),
    pytest.param(
        _lines([*_EVENTS[:20], _EVENTS[18]]), "game.mjson: line 21: hora outside a hand", id="hora-outside"
    ),
    pytest.param(
        _lines([*_EVENTS[:5], _EVENTS[1]]),
        "game.mjson: line 6 (E1-0): a new hand starts before the last one ended",
        id="hand-not-ended",
    ),
    pytest.param(
        _lines(_edit(18, deltas=[1, 2])),
        "game.mjson: line 19 (E1-0): hora 'deltas' must be a whole number for each of the 4 seats",
        id="deltas",
    ),
    pytest.param(
        _lines([*_EVENTS, {"type": "end_game"}]),
        "game.mjson: line 22: a 'end_game' event after end_game",
        id="after-end-game",
    ),
    pytest.param(
        _lines([_EVENTS[0], _EVENTS[-1]]), "game.mjson: the log holds no hand (no start_kyoku)", id="no-hand"
    ),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED)
def test_a_bad_stream_is_one_line_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(LogFormatError) as error:
        read_mjai(text, "game.mjson")
    assert str(error.value) == message


def test_blank_lines_count_in_the_line_numbers() -> None:
    events = _edit(3, pai="1x")
    text = "\n\n" + _lines(events).replace("\n", "\r\n")  # CRLF line ends, two blank lines first
    with pytest.raises(LogFormatError) as error:
        read_mjai(text, "dir/game.jsonl")
    assert str(error.value) == "dir/game.jsonl: line 6 (E1-0): the discard '1x' is no mjai tile name"
