"""The outcome breakdown (tools/outcomes.py): exact parts on a hand-built log, parts that add up to the final
scores of a real match, and bad input as one line with status 2."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

import pytest

from game.ai import create_ai
from game.logs import mjai
from game.recorder import GameRecorder
from game.table import Table
from rules.ruleset import preset
from tools import outcomes

NAMES = ["strong", "koba", "koba", "koba"]


def _write(path: Path, events: Sequence[object]) -> Path:
    path.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    return path


def _hand(*events: dict[str, object]) -> list[dict[str, object]]:
    return [{"type": "start_kyoku", "oya": 0}, *events, {"type": "end_kyoku"}]


def _log(tmp_path: Path, name: str = "a.mjai.jsonl") -> Path:
    events = [
        {"type": "start_game", "names": NAMES},
        # seat 0 declares first, seat 2 chases, seat 0 rons seat 1 (both sticks collected)
        *_hand(
            {"type": "reach_accepted", "actor": 0},
            {"type": "reach_accepted", "actor": 2},
            {"type": "hora", "actor": 0, "target": 1, "deltas": [7800, -5800, 0, 0]},
        ),
        # seat 0 open and tenpai, seat 1 tenpai: the noten payments
        *_hand(
            {"type": "pon", "actor": 0},
            {"type": "ryukyoku", "deltas": [1500, 1500, -1500, -1500]},
        ),
        # seat 3 tsumo
        *_hand({"type": "hora", "actor": 3, "target": 3, "deltas": [-2000, -1000, -1000, 4000]}),
        # an abortive draw pays nothing and is no draw of the tenpai shares
        *_hand({"type": "ryukyoku", "deltas": [0, 0, 0, 0]}),
        {"type": "end_game"},
    ]
    return _write(tmp_path / name, events)


def test_each_hand_lands_in_its_part_for_its_group(tmp_path: Path) -> None:
    assert outcomes.outcomes([str(_log(tmp_path))], "strong") == [
        "outcome group=strong seats=1 hands=4 win=7800 dealin=0 tsumo_paid=-2000 draw=1500 sticks=-1000 "
        "net=6300",
        "riichi group=strong first=1.00 chase=0.00 first_gain=6800 chase_gain=- first_win=1.000 chase_win=-",
        "draw group=strong draws=1 tenpai=1.000 riichi=- open=1.000 closed=-",
        "wins group=strong riichi=0.2500 riichi_value=7800 open=0.0000 open_value=0 dama=0.0000 dama_value=0",
        "backoff group=strong none=- open=- riichi=-",  # the log shows no tiles
        "start group=strong hands2=0 win2=- dealin2=- points2=- hands3=0 win3=- dealin3=- points3=- hands4=0 "
        "win4=- dealin4=- points4=-",  # nor the deals
        # one hand of four opened, with its tiles hidden: no distance from tenpai after the call
        "opens group=strong opened=0.250 steps0=0.000 win0=- dealin0=- steps1=0.000 win1=- dealin1=- "
        "steps2=0.000 win2=- dealin2=- steps3=0.000 win3=- dealin3=-",
        "speed group=strong tenpai2=- calm2=- pace2=- tenpai3=- calm3=- pace3=- tenpai4=- calm4=- pace4=- "
        "below=- kept=-",
        # nor the round, hand number and scores at each start: no last hand to place
        "last group=strong entered1=0 up1=- down1=- win1=- dealin1=- entered2=0 up2=- down2=- win2=- "
        "dealin2=- entered3=0 up3=- down3=- win3=- dealin3=- entered4=0 up4=- down4=- win4=- dealin4=-",
        # the three others summed over their seats, then per seat: seat 1 dealt in 5800 and paid 1000 of the
        # tsumo, seat 2's chase lost its stick, seat 3 won 4000, and 1500 + 1500 - 1500 noten payments
        "outcome group=others seats=3 hands=12 win=1333 dealin=-1933 tsumo_paid=-667 draw=-500 sticks=-333 "
        "net=-2100",
        "riichi group=others first=0.00 chase=0.33 first_gain=- chase_gain=-1000 first_win=- chase_win=0.000",
        "draw group=others draws=3 tenpai=0.333 riichi=- open=- closed=0.333",
        "wins group=others riichi=0.0000 riichi_value=0 open=0.0000 open_value=0 dama=0.0833 dama_value=4000",
        "backoff group=others none=- open=- riichi=-",
        "start group=others hands2=0 win2=- dealin2=- points2=- hands3=0 win3=- dealin3=- points3=- hands4=0 "
        "win4=- dealin4=- points4=-",
        "opens group=others opened=0.000 steps0=0.000 win0=- dealin0=- steps1=0.000 win1=- dealin1=- "
        "steps2=0.000 win2=- dealin2=- steps3=0.000 win3=- dealin3=-",
        "speed group=others tenpai2=- calm2=- pace2=- tenpai3=- calm3=- pace3=- tenpai4=- calm4=- pace4=- "
        "below=- kept=-",
        "last group=others entered1=0 up1=- down1=- win1=- dealin1=- entered2=0 up2=- down2=- win2=- "
        "dealin2=- entered3=0 up3=- down3=- win3=- dealin3=- entered4=0 up4=- down4=- win4=- dealin4=-",
    ]


def _start(bakaze: str, kyoku: int, honba: int, scores: list[int]) -> dict[str, object]:
    return {
        "type": "start_kyoku",
        "bakaze": bakaze,
        "kyoku": kyoku,
        "honba": honba,
        "oya": kyoku - 1,
        "scores": scores,
    }


def test_the_last_hand_counts_by_the_place_each_seat_entered_it_in(tmp_path: Path) -> None:
    # South 3 is not the last hand. South 4 begins with seat 0 first (27,000), seats 1 and 3 tied at 25,000
    # (seat 1 placed ahead, dealt first) and seat 2 last; the dealer (seat 3) wins a ron from seat 2 and
    # repeats; in the repeat seat 0 declares riichi and seat 1 wins by tsumo. The match ends 24,900 / 30,300
    # / 19,000 / 25,800: seat 0 drops from first to third, seat 1 climbs from second to first, seat 3 from
    # third to second, seat 2 stays last
    events = [
        {"type": "start_game", "names": NAMES},
        _start("S", 3, 0, [25000, 25000, 25000, 25000]),
        {"type": "hora", "actor": 0, "target": 2, "deltas": [2000, 0, -2000, 0]},
        {"type": "end_kyoku"},
        _start("S", 4, 0, [27000, 25000, 23000, 25000]),
        {"type": "hora", "actor": 3, "target": 2, "deltas": [0, 0, -2900, 2900]},
        {"type": "end_kyoku"},
        _start("S", 4, 1, [27000, 25000, 20100, 27900]),
        {"type": "reach_accepted", "actor": 0},
        {"type": "hora", "actor": 1, "target": 1, "deltas": [-1100, 5300, -1100, -2100]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    lines = outcomes.outcomes([str(_write(tmp_path / "l.mjai.jsonl", events))], "strong")
    # seat 0: its stick and its share of the tsumo cost it first place; it won and dealt into none of the two
    assert (
        "last group=strong entered1=1 up1=0.000 down1=1.000 win1=0.000 dealin1=0.000 entered2=0 up2=- "
        "down2=- win2=- dealin2=- entered3=0 up3=- down3=- win3=- dealin3=- entered4=0 up4=- down4=- win4=- "
        "dealin4=-"
    ) in lines
    # the others: seats 1 and 3 each won one of their two hands and climbed, seat 2 dealt into one of its two
    assert (
        "last group=others entered1=0 up1=- down1=- win1=- dealin1=- entered2=1 up2=1.000 down2=0.000 "
        "win2=0.500 dealin2=0.000 entered3=1 up3=1.000 down3=0.000 win3=0.500 dealin3=0.000 entered4=1 "
        "up4=0.000 down4=0.000 win4=0.000 dealin4=0.500"
    ) in lines


def test_a_step_back_from_near_tenpai_counts_by_what_the_others_show(tmp_path: Path) -> None:
    # seat 0, one step from tenpai (123m 456p 789s 56m E S), keeps the step on W with nothing shown, then
    # breaks 56m for 5m once seat 1 has called a pon; seats 2 and 3 hide their tiles and are left out
    hidden = ["?"] * 13
    events = [
        {"type": "start_game", "names": NAMES},
        {
            "type": "start_kyoku",
            "tehais": [
                ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5mr", "6m", "E", "S"],
                ["P", "P", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s"],
                hidden,
                hidden,
            ],
        },
        {"type": "tsumo", "actor": 0, "pai": "W"},
        {"type": "dahai", "actor": 0, "pai": "W", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "9s"},
        {"type": "dahai", "actor": 1, "pai": "9s", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "?"},
        {"type": "dahai", "actor": 2, "pai": "P", "tsumogiri": False},
        {"type": "pon", "actor": 1, "target": 2, "pai": "P", "consumed": ["P", "P"]},
        {"type": "dahai", "actor": 1, "pai": "1s", "tsumogiri": False},
        {"type": "tsumo", "actor": 0, "pai": "9m"},
        {"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": False},
        {"type": "ryukyoku", "deltas": [0, 0, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    lines = outcomes.outcomes([str(_write(tmp_path / "b.mjai.jsonl", events))], "strong")
    assert "backoff group=strong none=0.000 open=1.000 riichi=-" in lines
    assert "backoff group=others none=- open=- riichi=-" in lines  # seat 1 was tenpai throughout


def test_each_hand_counts_by_how_far_its_deal_stood_from_tenpai(tmp_path: Path) -> None:
    # seat 0 is dealt a tenpai (bucket 2), declares riichi and rons seat 1, dealt three steps away; seat 2 is
    # dealt six steps away (bucket 4); seat 3's tiles are hidden and left out. The next hand deals seat 0
    # four steps away and ends in a draw where only seat 1 is tenpai
    hidden = ["?"] * 13
    tenpai = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5mr", "6m", "E", "E"]
    three = ["1m", "2m", "3m", "4p", "5p", "6p", "1s", "2s", "7s", "E", "S", "W", "N"]
    four = ["1m", "2m", "3m", "4p", "5p", "6p", "1s", "4s", "7s", "E", "S", "W", "N"]
    six = ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N"]
    events = [
        {"type": "start_game", "names": ["strong", "koba", "strong", "koba"]},
        {"type": "start_kyoku", "tehais": [tenpai, three, six, hidden]},
        {"type": "reach_accepted", "actor": 0},
        {"type": "hora", "actor": 0, "target": 1, "deltas": [4900, -3900, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "start_kyoku", "tehais": [four, tenpai, hidden, hidden]},
        {"type": "ryukyoku", "deltas": [-1000, 3000, -1000, -1000]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    lines = outcomes.outcomes([str(_write(tmp_path / "s.mjai.jsonl", events))], "strong")
    # strong: seat 0's tenpai deal won 4900 less its stick; seat 2's far deal gained nothing, seat 0's far
    # deal paid a noten 1000
    assert (
        "start group=strong hands2=1 win2=1.000 dealin2=0.000 points2=3900 hands3=0 win3=- dealin3=- "
        "points3=- hands4=2 win4=0.000 dealin4=0.000 points4=-500"
    ) in lines
    # the others: seat 1 dealt in from three steps, then took the noten payments from a tenpai deal
    assert (
        "start group=others hands2=1 win2=0.000 dealin2=0.000 points2=3000 hands3=1 win3=0.000 dealin3=1.000 "
        "points3=-3900 hands4=0 win4=- dealin4=- points4=-"
    ) in lines


def test_speed_counts_tenpai_before_a_riichi_and_the_ukeire_a_closed_discard_kept(tmp_path: Path) -> None:
    # seat 0, two steps away (789m 9m 12p 456p 45s N F), draws C and discards 9m: it keeps the shanten with
    # 21 ukeire (3p 3s 6s four each, N F C three each) where an honour discard keeps 24 (6m 3p 3s 6s four
    # each, 9m two, the other two honours three each), and ends the hand not tenpai. Seat 1 is dealt a
    # tenpai and first shows it by a discard after seat 2's riichi: tenpai, not before a riichi. In the next
    # hand seat 0, one step away (123m 456p 789s 56m E S), draws E and discards S: tenpai, nobody in riichi
    hidden = ["?"] * 13
    events = [
        {"type": "start_game", "names": NAMES},
        {
            "type": "start_kyoku",
            "tehais": [
                ["7m", "8m", "9m", "9m", "1p", "2p", "4p", "5p", "6p", "4s", "5s", "N", "F"],
                ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5mr", "6m", "E", "E"],
                hidden,
                hidden,
            ],
        },
        {"type": "tsumo", "actor": 0, "pai": "C"},
        {"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": False},
        {"type": "reach_accepted", "actor": 2},
        {"type": "tsumo", "actor": 1, "pai": "W"},
        {"type": "dahai", "actor": 1, "pai": "W", "tsumogiri": True},
        {"type": "ryukyoku", "deltas": [-1500, 1500, 1500, -1500]},
        {"type": "end_kyoku"},
        {
            "type": "start_kyoku",
            "tehais": [
                ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5m", "6m", "E", "S"],
                hidden,
                hidden,
                hidden,
            ],
        },
        {"type": "tsumo", "actor": 0, "pai": "E"},
        {"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": False},
        {"type": "ryukyoku", "deltas": [3000, -1000, -1000, -1000]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    lines = outcomes.outcomes([str(_write(tmp_path / "v.mjai.jsonl", events))], "strong")
    # seat 0: tenpai in one of its two hands, before any riichi, with one of its two calm discards; the tenpai
    # discard was no discard two steps away, so below and kept are the first hand's
    assert (
        "speed group=strong tenpai2=0.500 calm2=0.500 pace2=0.5000 tenpai3=- calm3=- pace3=- tenpai4=- "
        "calm4=- pace4=- below=1.000 kept=0.875"
    ) in lines
    # seat 1's tenpai counts, after seat 2's riichi (so its discard is no calm one for the pace); it discarded
    # from tenpai, not two steps away
    assert (
        "speed group=others tenpai2=1.000 calm2=0.000 pace2=- tenpai3=- calm3=- pace3=- tenpai4=- calm4=- "
        "pace4=- below=- kept=-"
    ) in lines


def test_each_opened_hand_counts_by_how_far_its_first_call_left_it(tmp_path: Path) -> None:
    # seat 0 (one step away: 123m 456p 789s PP E S) pons P and discards S, tenpai on an E tanki; seat 1, far
    # from tenpai, pons N and discards C, still three or more steps away, and deals the E into seat 0
    hidden = ["?"] * 13
    events = [
        {"type": "start_game", "names": NAMES},
        {
            "type": "start_kyoku",
            "tehais": [
                ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "P", "P", "E", "S"],
                ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "N", "N", "W", "C"],
                hidden,
                hidden,
            ],
        },
        {"type": "tsumo", "actor": 0, "pai": "9m"},
        {"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "1p"},
        {"type": "dahai", "actor": 1, "pai": "1p", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "?"},
        {"type": "dahai", "actor": 2, "pai": "N", "tsumogiri": False},
        {"type": "pon", "actor": 1, "target": 2, "pai": "N", "consumed": ["N", "N"]},
        {"type": "dahai", "actor": 1, "pai": "C", "tsumogiri": False},
        {"type": "tsumo", "actor": 2, "pai": "?"},
        {"type": "dahai", "actor": 2, "pai": "P", "tsumogiri": False},
        {"type": "pon", "actor": 0, "target": 2, "pai": "P", "consumed": ["P", "P"]},
        {"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": False},
        {"type": "tsumo", "actor": 1, "pai": "E"},
        {"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": True},
        {"type": "hora", "actor": 0, "target": 1, "deltas": [1500, -1500, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    lines = outcomes.outcomes([str(_write(tmp_path / "o.mjai.jsonl", events))], "strong")
    assert (
        "opens group=strong opened=1.000 steps0=1.000 win0=1.000 dealin0=0.000 steps1=0.000 win1=- dealin1=- "
        "steps2=0.000 win2=- dealin2=- steps3=0.000 win3=- dealin3=-"
    ) in lines
    # the others: one hand in three opened (seat 1's), far from tenpai, and dealt in
    assert (
        "opens group=others opened=0.333 steps0=0.000 win0=- dealin0=- steps1=0.000 win1=- dealin1=- "
        "steps2=0.000 win2=- dealin2=- steps3=1.000 win3=0.000 dealin3=1.000"
    ) in lines


def test_a_folder_is_read_whole_and_the_parts_add_up_to_a_real_match(tmp_path: Path) -> None:
    rules = preset("standard").with_overrides({"game_length": "east"})
    levels = ("strong", "easy", "strong", "normal")
    # the first match from table seed 27 on that ends with riichi sticks left on the table (the check below
    # needs them; which match does depends on how the AIs play, so the seed is searched, not fixed: seed 27
    # itself with the AIs of this commit, seed 48 with an open-hand reading that was tried)
    for seed in range(27, 107):
        table = Table(rules, [create_ai(level, rules, 50 + seat) for seat, level in enumerate(levels)], seed)
        recorder = GameRecorder.attach(table, list(levels))
        standings = table.run()
        if standings.leftover_points > 0:
            break
    else:
        pytest.fail("no east match from table seed 27 to 106 ends with riichi sticks left on the table")
    record = recorder.record(standings)
    assert record.final_scores is not None
    (tmp_path / "match.mjai.jsonl").write_text(mjai.dumps(record), encoding="utf-8")
    lines = outcomes.outcomes([str(tmp_path)], "strong")
    fields = {
        " ".join(line.split()[:2]): dict(word.split("=") for word in line.split()[2:]) for line in lines
    }
    # the final scores less the riichi sticks left on the table at the end, which this rule set gives to first
    # place: the log cannot show them (this match ends with sticks left, so the check has them)
    assert rules.leftover_sticks == "first"
    assert standings.leftover_points > 0
    final = [
        score - (standings.leftover_points if rank == 1 else 0)
        for score, rank in zip(record.final_scores, standings.ranks, strict=True)
    ]
    start = rules.start_points
    strong = (final[0] + final[2]) / 2 - start
    others = (final[1] + final[3]) / 2 - start
    assert int(fields["outcome group=strong"]["seats"]) == 2
    assert abs(int(fields["outcome group=strong"]["net"]) - strong) <= 1
    assert abs(int(fields["outcome group=others"]["net"]) - others) <= 1
    assert int(fields["outcome group=strong"]["hands"]) == 2 * len(record.rounds)
    # the log deals every seat's tiles in the open: each hand lands in one start bucket, and the buckets'
    # points (sticks in) sum to what the outcome parts sum to, hand by hand and seat by seat
    for label in ("strong", "others"):
        buckets = fields[f"start group={label}"]
        assert sum(int(buckets[f"hands{bucket}"]) for bucket in "234") == 2 * len(record.rounds)
    groups: dict[str, outcomes.Group] = defaultdict(outcomes.Group)
    outcomes.add_game(tmp_path / "match.mjai.jsonl", "strong", groups)
    for group in groups.values():
        assert sum(group.starts[bucket + "_points"] for bucket in "234") == sum(group.points.values())
        assert sum(group.starts[bucket + "_won"] for bucket in "234") == sum(
            group.wins[state] for state in outcomes.WIN_STATES
        )
        # every opened hand has its distance after the first call, and the opened hands won are the open wins
        assert sum(group.opens[steps] for steps in outcomes.OPEN_STEPS) == group.opens["all"]
        assert sum(group.opens[steps + "_won"] for steps in outcomes.OPEN_STEPS) == group.wins["open"]
    assert sum(group.opens["all"] for group in groups.values()) > 0  # the match has calls to check
    # each seat entered the last hand (its first start with the last round and hand number) in one place, and
    # went up or down to the place the match's final scores give it
    events = [json.loads(line) for line in (tmp_path / "match.mjai.jsonl").read_text().splitlines()]
    starts = [event for event in events if event["type"] == "start_kyoku"]
    last = [
        event
        for event in starts
        if (event["bakaze"], event["kyoku"]) == (starts[-1]["bakaze"], starts[-1]["kyoku"])
    ]
    before = outcomes._places(last[0]["scores"])
    after = outcomes._places(record.final_scores)
    for name, seats in (("strong", (0, 2)), ("others", (1, 3))):
        expected: Counter[str] = Counter()
        for seat in seats:
            place = outcomes.PLACES[before[seat]]
            expected[place] += 1
            expected[place + "_up"] += after[seat] < before[seat]
            expected[place + "_down"] += after[seat] > before[seat]
        assert {key: n for key, n in groups[name].last.items() if "_hands" not in key and n} == {
            key: n for key, n in expected.items() if n
        }
        assert sum(groups[name].last[place + "_hands"] for place in outcomes.PLACES) == 2 * (
            len(starts) - starts.index(last[0])
        )


BAD_LOGS: dict[str, tuple[str | bytes, str]] = {
    "bad JSON": ('{"type": "start_game", "names": ["a", "b", "c", "d"]}\n{"type": ', "line 2"),
    "no names": ('{"type": "start_kyoku"}\n', "does not start with start_game"),
    "cut short": (
        '{"type": "start_game", "names": ["strong", "b", "c", "d"]}\n{"type": "start_kyoku"}\n',
        "no end_kyoku",
    ),
    "bad seat": (
        '{"type": "start_game", "names": ["strong", "b", "c", "d"]}\n{"type": "start_kyoku"}\n'
        '{"type": "hora", "actor": 7, "target": 0, "deltas": [0, 0, 0, 0]}\n',
        "line 3: hora has no seat 'actor' in 0..3",
    ),
    "bad deltas": (
        '{"type": "start_game", "names": ["strong", "b", "c", "d"]}\n{"type": "start_kyoku"}\n'
        '{"type": "ryukyoku", "deltas": [0, 0]}\n',
        "line 3: ryukyoku has no deltas for 4 seats",
    ),
    "not UTF-8": (b"\xff\xfe", "log.mjai.jsonl"),
}


@pytest.mark.parametrize("case", sorted(BAD_LOGS))
def test_a_bad_log_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    content, message = BAD_LOGS[case]
    path = tmp_path / "log.mjai.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert outcomes.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"outcomes: {path}"), err
    assert err.count("\n") == 1, err
    assert message in err


def test_bad_paths_and_an_absent_player_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    for argv, message in (
        ([str(tmp_path / "missing.mjai.jsonl")], "missing.mjai.jsonl: no such file or folder"),
        ([str(empty)], "empty: no *.mjai.jsonl logs in this folder"),
        ([str(log), "--label", "nobody"], "no player named 'nobody' in these logs"),
    ):
        assert outcomes.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("outcomes: "), err
        assert err.count("\n") == 1, err
        assert message in err
