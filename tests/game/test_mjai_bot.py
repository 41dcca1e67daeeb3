"""Our AI as an mjai bot: its view and legal actions rebuilt from mjai events equal the engine's, its answers,
and what it does with bad input."""

import dataclasses
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.bots import GreedySeat, RandomSeat
from game.mjai.bot import MAX_LINE_BYTES, MjaiBot, run_bot
from game.mjai.protocol import Message, MjaiEventWriter, action_from_mjai, tile_name
from game.table import Table
from game.view import HIDDEN, PlayerView, SeatView
from rules.actions import PASS, Action, Chi, Discard, Kita, Pon, Ron, Shouminkan, Tsumo
from rules.events import Event, RoundEnded, RoundStarted, TileDiscarded, TileDrawn
from rules.meld import Meld
from rules.ruleset import RuleSet, preset

ROOT = Path(__file__).resolve().parents[2]
# every preset mjai can play (the boxed game's, seed-deluxe, has flowers, which mjai has no tiles for)
PRESETS = ("standard", "tenhou", "mahjong-soul", "kobalab", "seed-netmahjong", "tenhou-3p")


def canonical(value: object, rules: RuleSet, drawn: int | None = None) -> object:
    """A view, action or list of them with each tile id replaced by its mjai name (copies are alike); a
    discard also says whether it is the ``drawn`` tile."""

    def name(tile: int | None) -> str | None:
        return None if tile is None else "?" if tile == HIDDEN else tile_name(tile, rules)

    if isinstance(value, SeatView):
        fields = {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
        fields.update(
            hand=[name(tile) for tile in value.hand],
            drawn=name(value.drawn),
            players=[canonical(player, rules) for player in value.players],
            dora_indicators=[name(tile) for tile in value.dora_indicators],
            claimable=name(value.claimable),
        )
        return fields
    if isinstance(value, PlayerView):
        return (
            [canonical(meld, rules) for meld in value.melds],
            [(name(river.tile), river.tsumogiri, river.riichi, river.called) for river in value.river],
            [name(tile) for tile in value.kita],
            value.riichi,
            value.concealed,
        )
    if isinstance(value, Meld):
        return value.type, [name(tile) for tile in value.tiles], name(value.called), value.from_seat
    if isinstance(value, Discard):
        return "discard", name(value.tile), value.riichi, value.tile == drawn
    if isinstance(value, Chi | Pon):
        return type(value).__name__, [name(tile) for tile in value.tiles]
    if isinstance(value, Shouminkan | Kita):
        return type(value).__name__, name(value.tile)
    if isinstance(value, tuple):
        return [canonical(item, rules, drawn) for item in value]
    return value


class Spy:
    """An AI stand-in that records what the bot asks and shows it, and answers with ``choose``."""

    def __init__(self, choose: Callable[[SeatView, tuple[Action, ...]], Action]) -> None:
        self.choose = choose
        self.asked: list[tuple[SeatView, tuple[Action, ...]]] = []
        self.events: list[Event] = []

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        self.asked.append((view, legal))
        return self.choose(view, legal)

    def observe(self, event: Event) -> None:
        self.events.append(event)


class Twin:
    """A table seat played by ``inner`` while an in-process MjaiBot follows the same seat through mjai events.

    At each decision the bot must ask its AI with the engine's own view and legal actions (up to which copy of
    a tile is which), and its mjai answer must map back to the inner seat's action.
    """

    def __init__(self, inner, seat: int, rules: RuleSet, problems: list[str]) -> None:
        self.inner = inner
        self.seat = seat
        self.rules = rules
        self.problems = problems
        self.decisions = 0
        self.writer = MjaiEventWriter(seat, rules)
        self.bot = MjaiBot("normal", rules)
        assert self.bot.react([self.writer.start_game()]) == {"type": "none"}
        self.spy = Spy(self._same_as_inner)
        self.bot.ai = self.spy
        self.pending: list[Message] = []
        self.answer: Action | None = None
        self.drawn: int | None = None  # the table's drawn tile at the decision

    def _same_as_inner(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        wanted = canonical(self.answer, self.rules, self.drawn)
        return next(action for action in legal if canonical(action, self.rules, view.drawn) == wanted)

    def _send(self) -> Message:
        batch, self.pending = self.pending, []
        answer = self.bot.react(batch)
        self.problems.extend(f"seat {self.seat}: {problem}" for problem in self.bot.take_problems())
        return answer

    def observe(self, event: Event) -> None:
        self.inner.observe(event)
        self.pending.extend(self.writer.convert(event))
        if isinstance(event, RoundEnded) and self._send() != {"type": "none"}:
            self.problems.append(f"seat {self.seat}: an answer at the end of the hand")

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        self.decisions += 1
        self.answer = self.inner.decide(view, legal)
        self.drawn = view.drawn
        asked = len(self.spy.asked)
        message = self._send()
        if len(self.spy.asked) != asked + 1:
            self.problems.append(f"seat {self.seat}: the bot did not ask its AI at {view.phase} ({message})")
            return self.answer
        bot_view, bot_legal = self.spy.asked[-1]
        if canonical(bot_view, self.rules) != canonical(view, self.rules):
            self.problems.append(f"seat {self.seat}: views differ\n{bot_view}\n{view}")
        if canonical(bot_legal, self.rules, bot_view.drawn) != canonical(legal, self.rules, view.drawn):
            self.problems.append(f"seat {self.seat}: legal actions differ\n{bot_legal}\n{legal}")
        riichi = message.get("type") == "reach"
        if riichi:
            self.writer.reach_announced = True
            message = self.bot.react([{"type": "reach", "actor": self.seat}])
        mapped = action_from_mjai(message, view, legal, self.rules, riichi=riichi)
        if mapped != self.answer:
            self.problems.append(f"seat {self.seat}: answered {message} for {self.answer}")
        return self.answer


@pytest.mark.parametrize("name", PRESETS)
def test_the_bot_rebuilds_the_engines_view_and_legal_actions(name: str) -> None:
    rules = dataclasses.replace(preset(name), game_length="east")
    problems: list[str] = []
    decisions = 0
    for seed in range(2):
        seats = [
            Twin((RandomSeat if index % 2 else GreedySeat)(seed * 10 + index), index, rules, problems)
            for index in range(rules.players)
        ]
        Table(rules, seats, seed).run()
        assert problems == [], problems[:3]
        decisions += sum(seat.decisions for seat in seats)
    assert decisions > 200


# --- hand-made event streams -----------------------------------------------------------------------------


def kyoku(seat: int, hand: str, *, oya: int = 0, dora: str = "W", players: int = 4) -> Message:
    tehais = [["?"] * 13 for _ in range(players)]
    tehais[seat] = hand.split()
    return {
        "type": "start_kyoku",
        "bakaze": "E",
        "dora_marker": dora,
        "kyoku": oya + 1,
        "honba": 0,
        "kyotaku": 0,
        "oya": oya,
        "scores": [25000] * players,
        "tehais": tehais,
    }


def spy_bot(seat: int, choose: Callable[[SeatView, tuple[Action, ...]], Action], rules_name="standard"):
    bot = MjaiBot("normal", preset(rules_name))
    assert bot.react([{"type": "start_game", "id": seat, "names": ["a", "b", "c", "d"]}]) == {"type": "none"}
    spy = Spy(choose)
    bot.ai = spy
    return bot, spy


NINE_GATES_SHAPE = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2p 2p"  # ittsu, waiting on 1p or 2p


def first_of(kind: type) -> Callable[[SeatView, tuple[Action, ...]], Action]:
    return lambda view, legal: next(action for action in legal if isinstance(action, kind))


def test_it_answers_hora_on_a_winning_draw() -> None:
    bot, spy = spy_bot(0, first_of(Tsumo))
    answer = bot.react([kyoku(0, NINE_GATES_SHAPE), {"type": "tsumo", "actor": 0, "pai": "2p"}])
    assert answer == {"type": "hora", "actor": 0, "target": 0, "pai": "2p"}
    view, legal = spy.asked[0]
    assert Tsumo() in legal
    assert tile_name(view.drawn, bot.rules) == "2p"
    assert bot.take_problems() == []


def test_it_answers_hora_on_a_winning_discard_and_none_when_it_passes() -> None:
    opening = [kyoku(1, NINE_GATES_SHAPE), {"type": "tsumo", "actor": 0, "pai": "?"}]
    discard = {"type": "dahai", "actor": 0, "pai": "1p", "tsumogiri": True}
    bot, spy = spy_bot(1, first_of(Ron))
    assert bot.react([*opening, discard]) == {"type": "hora", "actor": 1, "target": 0, "pai": "1p"}
    assert spy.asked[0][1][-1] == PASS
    bot, spy = spy_bot(1, lambda view, legal: PASS)
    assert bot.react([*opening, discard]) == {"type": "none"}
    shown = [type(event) for event in spy.events]
    assert shown == [RoundStarted, TileDrawn, TileDiscarded]
    started, drawn, _ = spy.events
    assert started.hands[0] == ()
    assert len(started.hands[1]) == 13
    assert drawn.tile == HIDDEN


def test_it_answers_none_when_nothing_can_be_done() -> None:
    bot, spy = spy_bot(1, first_of(Ron))
    answer = bot.react(
        [
            kyoku(1, NINE_GATES_SHAPE),
            {"type": "tsumo", "actor": 0, "pai": "?"},
            {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
        ]
    )
    assert answer == {"type": "none"}
    assert spy.asked == []


SCATTERED = "1m 4m 7m 2p 5pr 8p 3s 6s 9s E S W N"  # far from tenpai: nothing but a discard to do


def test_the_ai_discards_a_tile_it_holds() -> None:
    bot = MjaiBot("normal", preset("standard"))
    hand = SCATTERED
    bot.react([{"type": "start_game", "id": 0}])
    answer = bot.react([kyoku(0, hand), {"type": "tsumo", "actor": 0, "pai": "C"}])
    assert answer["type"] == "dahai"
    assert answer["actor"] == 0
    assert answer["pai"] in [*hand.split(), "C"]
    assert answer["tsumogiri"] == (answer["pai"] == "C")
    assert bot.take_problems() == []


def test_riichi_is_reach_then_the_dahai_after_the_reach_event() -> None:
    def riichi_east(view: SeatView, legal: tuple[Action, ...]) -> Action:
        riichi = [a for a in legal if isinstance(a, Discard) and a.riichi and tile_name(a.tile, rules) == "E"]
        return riichi[0] if riichi else next(a for a in legal if isinstance(a, Ron))

    rules = preset("standard")
    bot, spy = spy_bot(0, riichi_east)
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2p 3p"
    assert bot.react([kyoku(0, hand), {"type": "tsumo", "actor": 0, "pai": "E"}]) == {
        "type": "reach",
        "actor": 0,
    }
    answer = bot.react([{"type": "reach", "actor": 0}])
    assert answer == {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": True}
    assert len(spy.asked) == 1  # the riichi discard was chosen with the reach
    answer = bot.react(
        [
            {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": True},
            {"type": "reach_accepted", "actor": 0},
            {"type": "tsumo", "actor": 1, "pai": "?"},
            {"type": "dahai", "actor": 1, "pai": "4p", "tsumogiri": False},
        ]
    )
    assert answer == {"type": "hora", "actor": 0, "target": 1, "pai": "4p"}
    view, legal = spy.asked[1]
    assert legal == (Ron(), PASS)
    assert view.players[0].riichi
    assert view.scores == (24000, 25000, 25000, 25000)
    assert view.riichi_sticks == 1


def test_three_players_nukidora_and_its_replacement_draw() -> None:
    bot, spy = spy_bot(0, first_of(Kita), "tenhou-3p")
    hand = "1m 9m 1p 2p 3p 4p 6s 7s 8s P P F N"
    start = kyoku(0, hand, players=4)  # mjai's four seats, the fourth empty
    start["scores"][3] = 0
    answer = bot.react([start, {"type": "tsumo", "actor": 0, "pai": "E"}])
    assert answer == {"type": "nukidora", "actor": 0, "pai": "N"}
    spy.choose = lambda view, legal: Discard(view.drawn)
    answer = bot.react([answer, {"type": "tsumo", "actor": 0, "pai": "C"}])
    assert answer == {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True}
    view, _ = spy.asked[-1]
    assert [tile_name(tile, bot.rules) for tile in view.players[0].kita] == ["N"]
    assert view.n == 3
    assert bot.take_problems() == []


# --- bad input -----------------------------------------------------------------------------------------


def run_lines(lines: list[str], rules_name: str = "standard") -> tuple[int, list[Message], list[str]]:
    out, err = io.StringIO(), io.StringIO()
    code = run_bot("normal", rules_name, io.StringIO("".join(line + "\n" for line in lines)), out, err)
    return code, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue().splitlines()


def test_bad_lines_get_a_one_line_error_and_none_and_the_bot_carries_on() -> None:
    start = json.dumps([kyoku(0, SCATTERED), {"type": "tsumo", "actor": 0, "pai": "C"}])
    lines = [
        '[{"type":"start_game","id":0}]',
        "not json",
        '{"type":"start_game","id":0}',
        '[{"type":"hello"}]',
        "[1]",
        start,
        '[{"type":"dahai","actor":2,"pai":"E","tsumogiri":true}]',
        '[{"type":"tsumo","actor":0,"pai":"1p"}]',
        '[{"type":"end_kyoku"}]',
        start,
        "",
        json.dumps([kyoku(0, "1m 1m 1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m")]),
    ]
    code, answers, errors = run_lines(lines)
    assert code == 0
    assert len(answers) == len(lines)
    none = {"type": "none"}
    assert answers[:5] == [none] * 5
    assert answers[5]["type"] == "dahai"
    assert answers[6] == none
    assert answers[7] == {
        "type": "dahai",
        "actor": 0,
        "pai": "1p",
        "tsumogiri": True,
    }  # lost the hand: tsumogiri
    assert answers[8] == none
    assert answers[9]["type"] == "dahai"  # a new hand is followed again
    assert answers[10:] == [none, none]
    assert errors == [
        "mjai-bot: line 2: not valid JSON at column 1: Expecting value",
        "mjai-bot: line 3: expected a JSON array of mjai events, got a JSON object",
        "mjai-bot: line 4: event 1: unknown event type 'hello'",
        "mjai-bot: line 5: event 1 is a JSON number, not an object",
        "mjai-bot: line 7: event 1 (dahai): a discard by seat 2, but the hand waits for seat 0 to play after"
        " its draw; ignoring the rest of this hand",
        "mjai-bot: line 11: empty line (expected a JSON array of mjai events)",
        "mjai-bot: line 12: event 1 (start_kyoku): more 1m than the tile set holds;"
        " ignoring the rest of this hand",
    ]


@pytest.mark.parametrize(
    ("events", "error"),
    [
        ([{"type": "start_kyoku"}], "event 1 (start_kyoku): 'bakaze' must be one of E S W N, got None"),
        ([{"type": "start_game", "id": 7}], "event 1 (start_game): 'id' must be a seat from 0 to 3, got 7"),
        ([{"type": "tsumo", "actor": 0, "pai": "1x"}], "event 1 (tsumo): '1x' is not an mjai tile name"),
        (
            [{"type": "tsumo", "actor": 1, "pai": "?"}],
            "a draw by seat 1, but the hand waits for seat 0 to play",
        ),
        ([{"type": "tsumo", "actor": 0, "pai": "?"}], "event 1 (tsumo): our own draw must name its tile"),
        ([{"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": False}], "our hand holds no C to discard"),
        ([{"type": "pon", "actor": 1, "target": 0, "pai": "E", "consumed": ["E"]}], "'consumed' must list 2"),
        ([{"type": "dora", "dora_marker": "W"}], "dora indicator W, but every W is already accounted for"),
    ],
)
def test_inconsistent_events_are_named(events: list[Message], error: str) -> None:
    bot = MjaiBot("normal", preset("standard"))
    bot.react([{"type": "start_game", "id": 0}])
    hand = "W W W 1m 2m 3m 4m 5m 6m 7m 8m 9m 1p"  # three W in hand and a W indicator: every W is seen
    bot.react([kyoku(0, hand, dora="W")])
    assert bot.react(events) == {"type": "none"}
    [problem] = bot.take_problems()
    assert error in problem


def test_bad_arguments_and_the_end_of_input() -> None:
    err = io.StringIO()
    assert run_bot("normal", "no-such-rules", io.StringIO(""), io.StringIO(), err) == 2
    assert err.getvalue().startswith("error: unknown rule set 'no-such-rules'")
    err = io.StringIO()
    assert run_bot("grandmaster", "standard", io.StringIO(""), io.StringIO(), err) == 2
    assert err.getvalue().startswith("error: unknown AI level 'grandmaster'")
    err = io.StringIO()
    assert run_bot("normal", "seed-deluxe", io.StringIO(""), io.StringIO(), err) == 2
    assert err.getvalue() == "error: the rule set 'seed-deluxe' has flowers, which mjai has no tiles for\n"
    assert run_lines([]) == (0, [], [])


def test_bytes_that_are_not_utf8_make_a_bad_line() -> None:
    data = b'[{"type":"start_game","id":0}]\n\xff\xfe[]\n[{"type":"end_game","x":"\xe3\x81"}]\n[]\n'
    out, err = io.StringIO(), io.StringIO()
    assert run_bot("normal", "standard", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), out, err) == 0
    assert out.getvalue().splitlines() == ['{"type":"none"}'] * 4
    assert err.getvalue().splitlines() == [
        "mjai-bot: line 2: not UTF-8 text (byte 1)",
        "mjai-bot: line 3: not UTF-8 text (byte 26)",
    ]


START = b'[{"type":"start_game","id":0}]'
HOSTILE_LINES = [
    pytest.param(b"[" * 100000, "nested more than 64 deep", id="deep-nesting"),
    pytest.param(
        b'[{"type":"start_game","id":' + b"1" * 5000 + b"}]",
        "a number of 5000 characters (at most 40)",
        id="huge-int",
    ),
    pytest.param(
        b"[" + b" " * MAX_LINE_BYTES + b"]",
        f"longer than {MAX_LINE_BYTES} bytes (expected a JSON array of mjai events)",
        id="over-size",
    ),
    pytest.param(
        b'[{"type":"start_game","id":0,"names":["\xff"]}]', "not UTF-8 text (byte 40)", id="not-utf8"
    ),
    pytest.param(b'[{"type":"start_game","id":', "not valid JSON at column 28: Expecting value", id="cut"),
]


@pytest.mark.parametrize(("line", "error"), HOSTILE_LINES)
def test_a_hostile_line_is_one_error_line_and_the_bot_carries_on(line: bytes, error: str) -> None:
    data = START + b"\n" + line + b"\n" + json.dumps([kyoku(0, SCATTERED)]).encode() + b"\n"
    data += b'[{"type":"tsumo","actor":0,"pai":"C"}]\n'
    out, err = io.StringIO(), io.StringIO()
    assert run_bot("normal", "standard", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), out, err) == 0
    answers = [json.loads(answer) for answer in out.getvalue().splitlines()]
    assert answers[:3] == [{"type": "none"}] * 3
    assert answers[3]["type"] == "dahai"  # still following the game
    assert err.getvalue().splitlines() == [f"mjai-bot: line 2: {error}"]


def test_lines_given_as_text_get_the_same_limits() -> None:
    lines = [START.decode(), "[" * 100000, '[{"type":"end_game","n":' + "2" * 5000 + "}]", ""]
    out, err = io.StringIO(), io.StringIO()
    assert run_bot("normal", "standard", io.StringIO("\n".join(lines)), out, err) == 0
    assert out.getvalue().splitlines() == ['{"type":"none"}'] * 3
    assert err.getvalue().splitlines() == [
        "mjai-bot: line 2: nested more than 64 deep",
        "mjai-bot: line 3: a number of 5000 characters (at most 40)",
    ]


def test_the_mjai_bot_command_survives_hostile_lines() -> None:
    data = b"\n".join([START, b"[" * 100000, b'[{"type":"end_game","n":' + b"2" * 5000 + b"}]", b"\xff"])
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "mjai-bot", "--level", "easy"],
        input=data + b"\n",
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.decode().splitlines() == ['{"type":"none"}'] * 4
    assert done.stderr.decode().splitlines() == [
        "mjai-bot: line 2: nested more than 64 deep",
        "mjai-bot: line 3: a number of 5000 characters (at most 40)",
        "mjai-bot: line 4: not UTF-8 text (byte 1)",
    ]
