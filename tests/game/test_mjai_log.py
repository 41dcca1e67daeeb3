"""mjai event streams written from hand-built records: event order, field names and values."""

from __future__ import annotations

import json

from game.logs.mjai import dumps, mjai_tile, write_mjai
from game.logs.record import DrawResult, GameRecord
from tests.game.test_tenhou6 import HandBuilder, four_player_game, small_game, three_player_game


def test_a_small_hand_event_by_event():
    # small_game: chi, pon, tsumogiri, riichi on the tile just drawn, then a ron
    assert write_mjai(small_game()) == [
        {"type": "start_game", "names": ["A", "B", "C", "D"], "kyoku_first": 0, "aka_flag": True},
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "dora_marker": "9p",
            "kyoku": 1,  # counted from 1
            "honba": 0,
            "kyotaku": 0,
            "oya": 0,
            "scores": [25000, 25000, 25000, 25000],
            "tehais": [
                ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"],
                ["2m", "2m", "3m", "4m", "5m", "9m", "5pr", "6p", "7p", "W", "W", "N", "N"],  # 5pr: red five
                ["9m", "9m", "9m", "1p", "1p", "1p", "8p", "5s", "5s", "F", "F", "C", "C"],  # F hatsu, C chun
                ["2m", "4m", "6m", "8m", "2p", "4p", "6p", "8p", "4s", "6s", "E", "W", "P"],  # P haku
            ],
        },
        {"type": "tsumo", "actor": 0, "pai": "4m"},  # the dealer's 14th tile
        {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
        {"type": "tsumo", "actor": 1, "pai": "8m"},
        {"type": "dahai", "actor": 1, "pai": "8m", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "6s"},
        {"type": "dahai", "actor": 2, "pai": "5s", "tsumogiri": False},
        {"type": "chi", "actor": 3, "target": 2, "pai": "5s", "consumed": ["4s", "6s"]},
        {"type": "dahai", "actor": 3, "pai": "2m", "tsumogiri": False},
        {"type": "pon", "actor": 1, "target": 3, "pai": "2m", "consumed": ["2m", "2m"]},
        {"type": "dahai", "actor": 1, "pai": "9m", "tsumogiri": False},
        {"type": "tsumo", "actor": 2, "pai": "E"},
        {"type": "reach", "actor": 2},  # the declaration comes before its discard...
        {"type": "dahai", "actor": 2, "pai": "E", "tsumogiri": True},
        {"type": "reach_accepted", "actor": 2},  # ...and stands once play goes on past it
        {"type": "tsumo", "actor": 3, "pai": "C"},
        {"type": "dahai", "actor": 3, "pai": "P", "tsumogiri": False},
        {"type": "hora", "actor": 0, "target": 3, "deltas": [4900, 0, 0, -3900], "ura_markers": []},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]


def test_kans_and_their_dora():
    events = write_mjai(four_player_game())
    first_hand = events[2 : events.index({"type": "end_kyoku"}) + 1]
    calls = [event for event in first_hand if event["type"] in ("pon", "chi", "daiminkan", "kakan", "ankan")]
    assert calls == [
        {"type": "pon", "actor": 1, "target": 0, "pai": "W", "consumed": ["W", "W"]},
        {"type": "chi", "actor": 2, "target": 1, "pai": "1s", "consumed": ["2s", "3s"]},
        {"type": "pon", "actor": 0, "target": 2, "pai": "9s", "consumed": ["9s", "9s"]},
        {"type": "pon", "actor": 3, "target": 0, "pai": "1m", "consumed": ["1m", "1m"]},
        {"type": "daiminkan", "actor": 1, "target": 3, "pai": "5p", "consumed": ["5pr", "5p", "5p"]},
        {"type": "kakan", "actor": 3, "pai": "1m", "consumed": ["1m", "1m", "1m"]},
        {"type": "ankan", "actor": 2, "consumed": ["5mr", "5m", "5m", "5m"]},
    ]
    kinds = [event["type"] for event in first_hand]
    # an open kan's dora shows where the record has it (Tenhou: after the replacement draw, before the
    # discard); an ankan's right away, before the replacement draw
    daiminkan = kinds.index("daiminkan")
    assert kinds[daiminkan : daiminkan + 4] == ["daiminkan", "tsumo", "dora", "dahai"]
    kakan = kinds.index("kakan")
    assert kinds[kakan : kakan + 4] == ["kakan", "tsumo", "dora", "dahai"]
    ankan = kinds.index("ankan")
    assert kinds[ankan : ankan + 6] == ["ankan", "dora", "tsumo", "reach", "dahai", "reach_accepted"]
    assert [event["dora_marker"] for event in first_hand if event["type"] == "dora"] == ["1p", "2s", "3s"]
    assert first_hand[-2] == {
        "type": "hora",
        "actor": 3,
        "target": 3,  # tsumo: the winner is its own target
        "deltas": [-2000, -1000, -1000, 5000],
        "ura_markers": [],
    }


def test_double_ron_and_draws():
    events = write_mjai(four_player_game())
    horas = [event for event in events if event["type"] == "hora"]
    assert horas[1:3] == [
        {"type": "hora", "actor": 1, "target": 0, "deltas": [-2900, 3900, 0, 0], "ura_markers": []},
        {"type": "hora", "actor": 2, "target": 0, "deltas": [-2600, 0, 2600, 0], "ura_markers": ["4s"]},
    ]
    assert horas[4] == {
        "type": "hora",
        "actor": 0,
        "target": 0,
        "deltas": [64000, 0, 0, -64000],
        "ura_markers": [],
    }
    ryukyoku = [event["deltas"] for event in events if event["type"] == "ryukyoku"]
    assert (
        ryukyoku
        == [[1500, -1500, 1500, -1500], [0, 0, 0, 0], [0, 0, 0, 0], [-2000, 8000, -4000, -2000]]
        + [[0, 0, 0, 0]] * 3
    )
    # the fourth riichi is accepted before the hand is called off (log[9])
    starts = [index for index, event in enumerate(events) if event["type"] == "start_kyoku"]
    hand = [event["type"] for event in events[starts[9] : starts[10]]]
    assert hand[-5:] == ["reach", "dahai", "reach_accepted", "ryukyoku", "end_kyoku"]
    assert sum(event["type"] == "start_kyoku" for event in events) == 11
    assert events[-1] == {"type": "end_game"}


def test_three_players_fill_the_fourth_seat():
    events = write_mjai(three_player_game())
    assert events[0] == {
        "type": "start_game",
        "names": ["A", "B", "C", ""],
        "kyoku_first": 0,
        "aka_flag": True,
    }
    start = events[1]
    assert start["scores"] == [35000, 35000, 35000, 0]
    assert start["tehais"][3] == ["?"] * 13
    assert events[2:6] == [
        {"type": "tsumo", "actor": 0, "pai": "N"},
        {"type": "nukidora", "actor": 0, "pai": "N"},
        {"type": "tsumo", "actor": 0, "pai": "2p"},
        {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False},
    ]
    # seat 2 pons from seat 0, the next seat in turn order
    assert {"type": "pon", "actor": 2, "target": 0, "pai": "9m", "consumed": ["9m", "9m"]} in events
    assert {
        "type": "hora",
        "actor": 0,
        "target": 0,
        "deltas": [7800, -3900, -3900, 0],
        "ura_markers": [],
    } in events
    assert {"type": "ryukyoku", "deltas": [-1000, 2000, -1000, 0]} in events


def test_an_unfinished_hand_has_no_end_kyoku_but_the_game_ends():
    # end_game tells a log left unfinished on purpose from a download cut short (no end_game)
    h = HandBuilder(["123456789m1234p", "123456789p1234s", "123456789s1234m", "123567p1234567z"], "5s")
    h.draw(0, "9s").tsumogiri(0)
    record = GameRecord("cut.json", "tenhou", 4, ("A", "B", "C", "D"), (h.finish(),))
    types = ["start_game", "start_kyoku", "tsumo", "dahai", "end_game"]
    assert [event["type"] for event in write_mjai(record)] == types
    finished = GameRecord(
        "done.json", "tenhou", 4, ("A", "B", "C", "D"), (h.finish(DrawResult("sanchahou", (), (0, 0, 0, 0))),)
    )
    assert [event["type"] for event in write_mjai(finished)][-3:] == ["ryukyoku", "end_kyoku", "end_game"]


def test_json_lines():
    record = small_game()
    lines = dumps(record).splitlines()
    assert [json.loads(line) for line in lines] == write_mjai(record)
    assert dumps(record).endswith("\n")


def test_tile_names():
    names = [mjai_tile(tile) for tile in (0, 16, 17, 35, 52, 88, 108, 112, 116, 120, 124, 128, 132)]
    assert names == ["1m", "5mr", "5m", "9m", "5pr", "5sr", "E", "S", "W", "N", "P", "F", "C"]
    assert mjai_tile(16, (0, 0, 0)) == "5m"


def test_east_only_games_start_counting_at_4():
    record = small_game()
    assert write_mjai(record)[0]["kyoku_first"] == 0
    record.extra["game_length"] = "east"  # as read from an mjlog's game type
    assert write_mjai(record)[0]["kyoku_first"] == 4
