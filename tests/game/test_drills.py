"""The drills: every answer checked against the engine by another route (a brute-force ukeire count, the score
command itself, the engine's waits, the coach's danger at the replayed position), the levels, determinism and
the ``drill`` command."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import main
from game.ai import create_ai
from game.ai.danger import DANGER_REASONS, threats
from game.ai.hand import counts_of as hand_counts
from game.ai.hand import unseen_counts
from game.ai.player import AiSeat
from game.calculator import score_request
from game.coach import discard_options, tile_danger
from game.drills import (
    KINDS,
    DrillError,
    Found,
    drill_table,
    find,
    fu_items,
    generate,
    seat_seed,
)
from game.table import Table
from game.view import SeatView
from rules.actions import Action, Discard
from rules.events import Event, HandWon
from rules.meld import Meld, MeldType
from rules.round import legal_actions
from rules.ruleset import preset
from rules.scoring import WinSituation, score_hand
from rules.shanten import shanten, waits
from rules.tiles import KIND_COUNT, kind_name, parse_kinds, parse_tile, parse_tiles

RULES = preset("standard")
SEED = 3


@cache
def found(kind: str, level: int, index: int) -> Found:
    return find(kind, SEED, level, index)


EACH_LEVEL = [(level, index) for level in (1, 2, 3) for index in range(2)]
"""Two puzzles of each level."""


def replay(position: Found) -> tuple[Table, AiSeat, SeatView, tuple[Action, ...]]:
    """The drill's hand replayed to the position on a fresh table whose seat there is a fresh strong AI."""
    seats = [create_ai("normal", RULES, seat_seed(position.game_seed, seat)) for seat in range(4)]
    strong = create_ai("strong", RULES, seat_seed(position.game_seed, position.seat))
    assert isinstance(strong, AiSeat)
    seats[position.seat] = strong
    table = drill_table(RULES, position.game_seed, seats)
    table.restore(position.actions)
    assert table.state is not None
    view = table.view(position.seat)
    assert view is not None
    return table, strong, view, legal_actions(table.state)[position.seat]


def kinds_of(text: str) -> list[int]:
    return [kind for kind, _ in parse_kinds(text)]


def counts_of(kinds: list[int]) -> list[int]:
    counts = [0] * KIND_COUNT
    for kind in kinds:
        counts[kind] += 1
    return counts


def name(kind: int) -> str:
    return kind_name(kind)


def plain(tile: str) -> str:
    return "5" + tile[1] if tile[0] == "0" else tile


# --- what to discard ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "index"), EACH_LEVEL)
def test_discard_options_are_shanten_and_a_brute_force_ukeire_count(level: int, index: int) -> None:
    position = found("discard", level, index)
    puzzle = position.puzzle
    _, _, view, legal = replay(position)
    assert sorted(kinds_of(puzzle["hand"])) == sorted(tile >> 2 for tile in view.hand)
    assert len(puzzle["melds"]) == len(view.players[view.seat].melds)
    # every tile in sight other than the hand: rivers (a called tile is counted in its meld), melds, kita,
    # dora indicators
    seen = [0] * KIND_COUNT
    for player in view.players:
        for river_tile in player.river:
            seen[river_tile.tile >> 2] += not river_tile.called
        for meld in player.melds:
            for tile in meld.tiles:
                seen[tile >> 2] += 1
    for tile in view.dora_indicators:
        seen[tile >> 2] += 1
    hand = counts_of([tile >> 2 for tile in view.hand])
    expected = []
    for kind in sorted({action.tile >> 2 for action in legal if isinstance(action, Discard)}):
        rest = list(hand)
        rest[kind] -= 1
        after = shanten(rest)
        improving = []
        for draw in range(KIND_COUNT):
            if rest[draw] < 4 and shanten([*rest[:draw], rest[draw] + 1, *rest[draw + 1 :]]) < after:
                improving.append(draw)
        left = {draw: 4 - hand[draw] - seen[draw] for draw in improving}
        live = [draw for draw in improving if left[draw] > 0]
        expected.append((name(kind), after, sum(left.values()), [name(draw) for draw in live]))
    table = [
        (plain(option["discard"]), option["shanten"], option["ukeire"], option["ukeire_tiles"])
        for option in puzzle["options"]
    ]
    assert sorted(table) == sorted(expected)
    assert [(s, -u) for _, s, u, _ in table] == sorted((s, -u) for _, s, u, _ in table)  # best first
    lowest = min(s for _, s, _, _ in expected)
    widest = max(u for _, s, u, _ in expected if s == lowest)
    assert sorted(plain(tile) for tile in puzzle["best"]) == sorted(
        kind for kind, s, u, _ in expected if (s, u) == (lowest, widest)
    )


@pytest.mark.parametrize(("level", "index"), EACH_LEVEL)
def test_the_ai_choice_is_the_strong_ai_seats_discard_and_the_coach_counts_the_same(
    level: int, index: int
) -> None:
    position = found("discard", level, index)
    puzzle = position.puzzle
    _, strong, view, legal = replay(position)
    action = strong.decide(view, legal)
    assert isinstance(action, Discard)
    red = "0" + kind_name(action.tile >> 2)[1] if action.tile in RULES.red_five_ids else None
    assert puzzle["ai_choice"] == (red or kind_name(action.tile >> 2))
    coached = {
        name(option.kind): (
            option.shanten,
            option.ukeire,
            [name(k) for k in option.ukeire_kinds or option.waits],
        )
        for option in discard_options(view, legal, strong)
    }
    assert coached == {
        plain(option["discard"]): (option["shanten"], option["ukeire"], option["ukeire_tiles"])
        for option in puzzle["options"]
    }


def test_discard_levels_ask_what_they_say() -> None:
    for index in range(2):
        easy = found("discard", 1, index).puzzle["options"]
        assert easy[0]["shanten"] <= 1
        middle = found("discard", 2, index).puzzle["options"]
        assert middle[0]["shanten"] in (1, 2)
        close = [
            o
            for o in middle
            if o["shanten"] == middle[0]["shanten"] and o["ukeire"] >= 0.8 * middle[0]["ukeire"]
        ]
        assert len(close) >= 3
        assert len({o["ukeire"] for o in close}) >= 2  # close, not all the same


# --- count the score and the fu ----------------------------------------------------------------------------


def test_score_answers_are_what_the_score_command_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = [found("score", level, index).puzzle for level, index in EACH_LEVEL]
    for puzzle in puzzles:
        assert score_request(json.loads(json.dumps(puzzle["request"]))) == puzzle["answer"]
        assert "error" not in puzzle["answer"]
    source = tmp_path / "requests.jsonl"
    source.write_text("".join(json.dumps(puzzle["request"]) + "\n" for puzzle in puzzles), encoding="utf-8")
    assert main.main(["score", "--input", str(source)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert [json.loads(line) for line in out.splitlines()] == [puzzle["answer"] for puzzle in puzzles]


@pytest.mark.parametrize("kind", ["score", "fu"])
@pytest.mark.parametrize(("level", "index"), EACH_LEVEL)
def test_score_and_fu_puzzles_are_real_wins_of_the_hand_they_come_from(
    kind: str, level: int, index: int
) -> None:
    position = found(kind, level, index)
    seats = [create_ai("normal", RULES, seat_seed(position.game_seed, seat)) for seat in range(4)]
    table = drill_table(RULES, position.game_seed, seats)
    events: list[Event] = []
    table.subscribe_engine(lambda step, _: events.extend(step))
    table.restore(position.actions, whole_match=True)  # the win ended the hand: show every hand
    win = next(e for e in events if isinstance(e, HandWon) and e.seat == position.seat)
    request = position.puzzle["request"]
    assert sorted(kinds_of(request["hand"])) == sorted(tile >> 2 for tile in win.hand)
    assert kinds_of(request["win_tile"]) == [win.win_tile >> 2]
    assert ("from" in request) == (win.discarder is not None)
    answer = score_request(request)
    assert (answer["han"], answer["fu"], answer["points"]) == (win.value.han, win.value.fu, win.value.points)


@pytest.mark.parametrize(("level", "index"), EACH_LEVEL)
def test_fu_items_add_up_to_the_fu(level: int, index: int) -> None:
    puzzle = found("fu", level, index).puzzle
    assert puzzle["fu"] == score_request(puzzle["request"])["fu"]
    total = sum(fu for _, fu in puzzle["items"])
    if puzzle["items"] == [["chiitoitsu", 25]]:
        assert puzzle["fu"] == 25
    else:
        assert puzzle["items"][0] == ["base", 20]
        assert -(-total // 10) * 10 == puzzle["fu"]


def _value_items(
    hand: str, win: str, *, tsumo: bool = False, melds: tuple[tuple[MeldType, str], ...] = (), **request: Any
) -> list[tuple[str, int]] | None:
    """fu_items of a hand written by hand (no copy of a kind in both hand and melds)."""
    situation = WinSituation(
        win_tile=next(tile for tile in parse_tiles(hand) if tile >> 2 == parse_tile(win) >> 2),
        is_tsumo=tsumo,
        discarder=None if tsumo else 1,
        riichi=bool(request.get("riichi")),
        seat_wind="ESWN".index(request.get("seat_wind", "E")),
    )
    built = [
        Meld(kind, parse_tiles(tiles), from_seat={MeldType.ANKAN: None, MeldType.CHI: 3}.get(kind, 1))
        for kind, tiles in melds
    ]
    value = score_hand(parse_tiles(hand), built, situation, RULES)
    full = {
        "hand": hand,
        "win_tile": win,
        "tsumo": tsumo,
        "melds": [{"type": kind.value, "tiles": tiles} for kind, tiles in melds],
        **request,
    }
    items = fu_items(full, value)
    assert items is not None
    assert -(-sum(fu for _, fu in items) // 10) * 10 == value.fu or items == [("chiitoitsu", 25)]
    return items


def test_fu_items_of_the_worked_examples() -> None:
    # RULES.md §5.4 [000] example 2: the 2p triplet completed by ron counts as open
    assert _value_items("22p55p123m456m789s2p", "2p", riichi=True) == [
        ("base", 20),
        ("menzen_ron", 10),
        ("minkou_simple", 2),
    ]
    # [000] example 3: tsumo, kanchan, a closed simple triplet, an open hatsu kan, a closed 7m kan
    assert _value_items(
        "333p55s13m2m",
        "2m",
        tsumo=True,
        melds=((MeldType.DAIMINKAN, "6666z"), (MeldType.ANKAN, "7777m")),
    ) == [
        ("base", 20),
        ("tsumo", 2),
        ("ankou_simple", 4),
        ("minkan_yaochuu", 16),
        ("ankan_simple", 16),
        ("wait_kanchan", 2),
    ]
    # [000] example 4: an open hand with nothing beyond the base is 30 on a ron
    assert _value_items("345m66m567p67s5s", "5s", melds=((MeldType.CHI, "567s"),)) == [
        ("base", 20),
        ("open_pinfu_ron", 10),
    ]
    # pinfu: 20 on a tsumo (no tsumo fu), 30 on a ron; seven pairs: 25
    assert _value_items("234m567m345p67s88p8s", "8s", tsumo=True) == [("base", 20)]
    assert _value_items("234m567m345p67s88p8s", "8s") == [("base", 20), ("menzen_ron", 10)]
    assert _value_items("1122m3344p5566s77z", "7z", riichi=True) == [("chiitoitsu", 25)]
    # a seat-wind pair (South) and a tanki wait on it
    assert _value_items("123m456p789s111p22z", "2z", seat_wind="S", riichi=True) == [
        ("base", 20),
        ("menzen_ron", 10),
        ("ankou_yaochuu", 8),
        ("pair_seat_wind", 2),
        ("wait_tanki", 2),
    ]


def test_score_and_fu_levels_follow_the_hands() -> None:
    for level, index in EACH_LEVEL:
        score = found("score", level, index).puzzle
        answer = score["answer"]
        entries = len(answer["yaku"]) + bool(score["request"].get("melds")) + (answer["fu"] not in (30, 40))
        hard = answer["yakuman"] > 0 or answer["han"] >= 5 or entries >= 4
        assert (1 if entries <= 2 and not hard else 3 if hard else 2) == level, answer
        items = found("fu", level, index).puzzle["items"]
        kan = any(name.startswith(("ankan", "minkan")) for name, _ in items)
        extra = len(items) - 1  # beside the base (or chiitoitsu's 25)
        assert (3 if kan or extra >= 3 else 2 if extra == 2 else 1) == level, items


# --- name the waits ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "index"), EACH_LEVEL)
def test_waits_are_the_engines(level: int, index: int) -> None:
    puzzle = found("waits", level, index).puzzle
    hand = kinds_of(puzzle["hand"])
    meld_kinds = [kind for meld in puzzle["melds"] for kind in kinds_of(meld["tiles"])]
    assert len(hand) + 3 * len(puzzle["melds"]) == 13
    expected = waits(counts_of(hand), held=counts_of(hand + meld_kinds))
    assert expected
    assert puzzle["waits"] == [name(kind) for kind in expected]


def test_waits_levels_grow_with_the_waits() -> None:
    easy = [len(found("waits", 1, index).puzzle["waits"]) for index in range(2)]
    hard = [len(found("waits", 3, index).puzzle["waits"]) for index in range(2)]
    assert max(easy) <= 2
    assert min(hard) >= 2
    assert sum(hard) > sum(easy)


# --- which tile is safe ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "index"), EACH_LEVEL)
def test_safe_ranking_is_the_coachs_danger_safest_first(level: int, index: int) -> None:
    position = found("safe", level, index)
    puzzle = position.puzzle
    assert len(puzzle["riichi"]) == (2 if level == 3 else 1)
    assert len(puzzle["rivers"]) == 4
    for seat in puzzle["riichi"]:
        assert seat != 0
        assert any(tile.endswith("*") for tile in puzzle["rivers"][seat])
    ranking = puzzle["ranking"]
    dangers = [entry["danger"] for entry in ranking]
    assert dangers == sorted(dangers)
    assert all(entry["reason"] in DANGER_REASONS for entry in ranking)
    safe = [entry for entry in ranking if entry["reason"] == "genbutsu"]
    assert ranking[: len(safe)] == safe
    assert all(entry["danger"] == 0 for entry in safe)
    if level == 1:
        assert safe
    if level == 2:
        assert not safe
    # every kind the hand may discard, with the numbers of a fresh strong AI that watched the hand replayed
    _, strong, view, legal = replay(position)
    assert sorted(kinds_of(puzzle["hand"])) == sorted(tile >> 2 for tile in view.hand)
    assert sorted(kinds_of("".join(entry["tile"] for entry in ranking))) == sorted(
        {action.tile >> 2 for action in legal if isinstance(action, Discard)}
    )
    riichi = {(view.seat + seat) % 4 for seat in puzzle["riichi"]}
    found_threats = [threat for threat in threats(view, strong.memory) if threat.seat in riichi]
    assert {threat.seat for threat in found_threats} == riichi
    unseen = unseen_counts(view)
    for entry in ranking:
        danger = tile_danger(parse_tile(entry["tile"]) >> 2, found_threats, unseen, hand_counts(view.hand))
        assert entry["danger"] == round(danger.chance, 4)
        assert entry["reason"] == danger.reason
    for entry in safe:  # genbutsu: discarded by that riichi seat, or passed by anyone since (in a river)
        assert any(
            plain(entry["tile"]) in map(plain, (tile.rstrip("*") for tile in river))
            for river in puzzle["rivers"]
        )


# --- every drill -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_same_arguments_same_puzzles_and_another_seed_others(kind: str) -> None:
    first = generate(kind, 2, 11)
    assert json.dumps(generate(kind, 2, 11)) == json.dumps(first)
    assert generate(kind, 1, 11) == first[:1]
    assert generate(kind, 2, 12) != first
    assert generate(kind, 2, 11, level=2) != first


def test_puzzles_have_exactly_their_keys() -> None:
    keys = {
        "discard": {
            "hand",
            "melds",
            "dora_indicators",
            "seat_wind",
            "round_wind",
            "options",
            "best",
            "ai_choice",
        },
        "score": {"request", "answer"},
        "waits": {"hand", "melds", "waits"},
        "safe": {"hand", "rivers", "riichi", "dora_indicators", "ranking"},
        "fu": {"request", "fu", "items"},
    }
    for kind in KINDS:
        assert set(found(kind, 1, 0).puzzle) == keys[kind]
    assert set(found("discard", 1, 0).puzzle["options"][0]) == {
        "discard",
        "shanten",
        "ukeire",
        "ukeire_tiles",
    }
    assert set(found("safe", 1, 0).puzzle["ranking"][0]) == {"tile", "danger", "reason"}


def test_bad_arguments_are_drill_errors() -> None:
    with pytest.raises(DrillError, match="unknown drill"):
        generate("nothing", 1, 1)
    with pytest.raises(DrillError, match="level"):
        generate("waits", 1, 1, level=4)
    with pytest.raises(DrillError, match="count"):
        generate("waits", 0, 1)


# --- the drill command -------------------------------------------------------------------------------------


def test_drill_prints_the_generated_puzzles_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main.main(["drill", "--kind", "waits", "--count", "2", "--seed", "5", "--level", "2", "--json"]) == 0
    )
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == generate("waits", 2, 5, level=2)


def test_drill_without_json_prints_a_line_a_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["drill", "--kind", "score", "--count", "2", "--seed", "5"]) == 0
    out, _ = capsys.readouterr()
    lines = out.splitlines()
    assert [line[:3] for line in lines] == ["1. ", "2. "]
    puzzles = generate("score", 2, 5)
    for line, puzzle in zip(lines, puzzles, strict=True):
        assert f"{puzzle['answer']['points']} points" in line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["drill", "--kind", "waits", "--count", "0"], "argument --count: must be 1 to 1000, got 0"),
        (["drill", "--kind", "waits", "--count", "1001"], "argument --count: must be 1 to 1000, got 1001"),
        (["drill", "--kind", "waits", "--seed", "-1"], "argument --seed: must be 0 to"),
        (["drill", "--kind", "waits", "--level", "4"], "argument --level: invalid choice: 4"),
        (["drill", "--kind", "riddles"], "argument --kind: invalid choice: 'riddles'"),
        (["drill", "--count", "3"], "the following arguments are required: --kind"),
    ],
)
def test_bad_drill_arguments_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main.main(argv)
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert message in err


def test_score_puzzles_itemise_their_fu_as_the_scorer_counts_them() -> None:
    from game.drills import score_fu_items

    itemised = 0
    for puzzle in generate("score", 8, 5, 2):
        answer = puzzle["answer"]
        items = score_fu_items(puzzle["request"])
        if answer["yakuman"]:
            continue
        assert items is not None
        total = sum(fu for _, fu in items)
        assert (total if total == 25 else -(-total // 10) * 10) == answer["fu"]
        itemised += 1
    assert itemised >= 6
