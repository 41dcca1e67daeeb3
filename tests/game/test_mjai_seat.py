"""External mjai bots as seats: our own bot over the protocol, misbehaving bots, and the mjai mapping."""

import dataclasses
import doctest
import logging
import re
import shlex
import sys
from pathlib import Path

import pytest

import game.mjai.protocol
import game.mjai.seat
from game.bots import GreedySeat
from game.mjai.protocol import MjaiEventWriter, action_from_mjai, fallback_action
from game.mjai.seat import AnswerError, ExternalMjaiSeat, MjaiSeatError, read_answer
from game.table import Table
from game.view import HIDDEN, PlayerView, SeatView
from rules.actions import PASS, Action, Chi, Discard, Kyuushu, Pon, Ron, Tsumo
from rules.events import Event, MeldCalled, RoundStarted, TileDiscarded, TileDrawn
from rules.meld import Meld, MeldType
from rules.round import Phase
from rules.ruleset import preset
from rules.tiles import parse_tiles

ROOT = Path(__file__).resolve().parents[2]
FAKE_BOT = Path(__file__).resolve().parent / "fake_mjai_bots" / "bad_bot.py"
EAST_4P = dataclasses.replace(preset("standard"), game_length="east")
EAST_3P = dataclasses.replace(preset("tenhou-3p"), game_length="east")


def our_bot(rules_name: str) -> str:
    """The command line of our own AI as an mjai bot (what ``main.py mjai-bot`` runs)."""
    run = f"run_bot('normal', {rules_name!r}, sys.stdin, sys.stdout)"
    code = f"import sys; from game.mjai.bot import run_bot; sys.exit({run})"
    return shlex.join([sys.executable, "-c", code])


def fake_bot(*args: str) -> str:
    return shlex.join([sys.executable, str(FAKE_BOT), *args])


class Checked:
    """Passes a seat through, recording whether each answer was one of the offered actions."""

    def __init__(self, inner: ExternalMjaiSeat) -> None:
        self.inner = inner
        self.answers: list[tuple[Action | None, tuple[Action, ...]]] = []

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        answer = self.inner.decide(view, legal)
        self.answers.append((answer, legal))
        return answer

    def observe(self, event: Event) -> None:
        self.inner.observe(event)


def play(
    rules, command: str, seat: int = 1, seed: int = 0, **options: float
) -> tuple[Table, ExternalMjaiSeat, Checked]:
    external = ExternalMjaiSeat(command, seat, rules, **options)
    checked = Checked(external)
    seats = [GreedySeat(seed * 10 + index) for index in range(rules.players)]
    seats[seat] = checked
    table = Table(rules, seats, seed)
    try:
        table.run()
    finally:
        external.close()
    return table, external, checked


@pytest.fixture(autouse=True)
def _run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # our bot is imported as game.mjai.bot from the repository root


@pytest.mark.parametrize(("rules", "seat", "seed"), [(EAST_4P, 1, 0), (EAST_4P, 0, 3), (EAST_3P, 2, 1)])
def test_our_bot_plays_a_whole_game_through_the_protocol(rules, seat, seed, caplog) -> None:
    caplog.set_level(logging.INFO)  # the bot's own stderr lines are logged at INFO: there must be none
    table, external, checked = play(rules, our_bot(rules.name), seat=seat, seed=seed, timeout_s=10.0)
    assert table.finished
    assert external.failed is None
    assert external.fallbacks == 0
    assert len(checked.answers) > 20
    assert all(answer in legal for answer, legal in checked.answers)
    assert [record.getMessage() for record in caplog.records] == []
    assert external._process.poll() is not None  # close() ended the bot


NOT_JSON = "which is no mjai action (not valid JSON at column 1: Expecting value)"


@pytest.mark.parametrize(
    ("mode", "failed"),
    [
        (("crash-start",), "exited with code 3"),
        (("crash", "6"), "exited with code 4"),
        (("stall", "1"), "gave no answer within 0.3 s"),
        (("garbage", "4"), f"wrote 'this is not json', {NOT_JSON}"),
        (("illegal", "4"), 'answered {"type":"dahai","pai":"?","tsumogiri":true}, which is not legal now'),
        (("deep", "4"), "which is no mjai action (nested more than 64 deep)"),
        (("bignum", "4"), "which is no mjai action (a number of 5000 characters (at most 40))"),
        (("huge", "4"), "which is no mjai action (1048577 bytes is too large (at most 1048576))"),
        (
            ("not-utf8", "4"),
            'wrote \'\ufffd\ufffd{"type":"none"}\', which is no mjai action (not UTF-8 text (byte 1))',
        ),
    ],
)
def test_a_misbehaving_bot_is_benched_at_once_with_one_warning(mode, failed, caplog) -> None:
    caplog.set_level(logging.WARNING)
    # a short limit only where the bot stalls: elsewhere a busy machine must not turn into a timeout
    table, external, checked = play(EAST_4P, fake_bot(*mode), timeout_s=0.3 if mode[0] == "stall" else 5.0)
    assert table.finished
    assert external.failed is not None
    assert failed in external.failed
    assert external.fallbacks > 0
    assert all(answer in legal for answer, legal in checked.answers)
    warnings = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    # told off once for the whole game, and never asked again
    # with the hand it happened in (no game named: this table was not set up by simulate)
    assert len(warnings) == 1
    assert re.fullmatch(
        rf"seat 1 \(mjai\): the mjai bot {re.escape(external.failed)} \(E[1-4]-\d+\); playing safe defaults "
        "for the rest of the game",
        warnings[0],
    )
    assert external._process.poll() is not None


def test_a_bot_writing_more_lines_than_asked_is_told_off_at_most_twice(caplog) -> None:
    caplog.set_level(logging.WARNING)
    table, _, checked = play(EAST_4P, fake_bot("chatty", "3"), timeout_s=5.0)
    assert table.finished
    assert all(answer in legal for answer, legal in checked.answers)
    warnings = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    # extra lines found waiting are dropped with one warning; one that comes late is read as the next
    # answer, out of step with the game: the first such answer that is illegal benches the bot
    assert 1 <= len(warnings) <= 2
    assert sum("line(s) nobody asked for (one answer per line is expected)" in w for w in warnings) <= 1
    assert sum("rest of the game" in w for w in warnings) <= 1
    assert all(message.startswith("seat 1 (mjai): the mjai bot ") for message in warnings)
    assert not [record for record in caplog.records if record.name == "game.table"]


def test_a_stalled_bot_costs_one_time_limit_only() -> None:
    import time

    # the same bot and game where the bot never stalls (it would after 10**6 lines) sets the pace of this
    # machine now, so a loaded machine does not fail the test; a seat that waited out the limit ten times
    # instead of once took about 5 s more and failed it
    start = time.monotonic()
    _, reference, _ = play(EAST_4P, fake_bot("stall", "1000000"), timeout_s=0.5)
    paced = time.monotonic() - start
    assert reference.failed is None
    start = time.monotonic()
    _, external, _ = play(EAST_4P, fake_bot("stall", "1"), timeout_s=0.5)
    assert external.failed == "gave no answer within 0.5 s"
    assert time.monotonic() - start < 1.5 * paced + 1.5


def test_a_bad_discard_after_reach_keeps_the_riichi_and_benches_the_bot(caplog) -> None:
    caplog.set_level(logging.WARNING)
    command = shlex.join([sys.executable, str(FAKE_BOT.parent / "flaky_reach_bot.py"), "standard"])
    for seed in range(8):  # play until the bot declares riichi at least once
        table, external, checked = play(EAST_4P, command, seed=seed, timeout_s=5.0)
        riichi = [action for seat, action in table.actions if seat == 1 and getattr(action, "riichi", False)]
        if riichi:
            break
    assert riichi, "the AI never declared riichi"
    assert table.finished
    assert external.failed == f"wrote 'a riichi? which tile?', {NOT_JSON}"
    assert all(answer in legal for answer, legal in checked.answers)
    # the declared riichi stands (the seat played its tsumogiri); the bot is not asked again
    first = next(
        index for index, (answer, _) in enumerate(checked.answers) if getattr(answer, "riichi", False)
    )
    assert external.fallbacks == len(checked.answers) - first
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 1
    assert re.fullmatch(
        rf"seat 1 \(mjai\): the mjai bot wrote 'a riichi\? which tile\?', {re.escape(NOT_JSON)}"
        r" \(E[1-4]-\d+\); playing safe defaults for the rest of the game",
        messages[0],
    )


def test_a_missing_program_is_a_clear_error() -> None:
    with pytest.raises(MjaiSeatError, match="cannot start the mjai bot 'no-such-mjai-bot-here'"):
        ExternalMjaiSeat("no-such-mjai-bot-here", 0, EAST_4P)
    with pytest.raises(MjaiSeatError, match="empty"):
        ExternalMjaiSeat("   ", 0, EAST_4P)


# --- the mapping between our events and actions and mjai messages -----------------------------------------


def test_events_become_mjai_events_as_the_seat_may_see_them() -> None:
    rules = EAST_4P
    writer = MjaiEventWriter(2, rules)
    hand = parse_tiles("123m406p789s1122z")
    started = RoundStarted(
        0, 1, 2, 1, 1, (25000, 24000, 26000, 25000), parse_tiles("5s")[0], ((), (), hand, ()), 70
    )
    assert writer.start_game() == {"type": "start_game", "id": 2, "names": ["0", "1", "2", "3"]}
    [kyoku] = writer.convert(started)
    assert kyoku["bakaze"] == "E"
    assert kyoku["kyoku"] == 2
    assert kyoku["oya"] == 1
    assert kyoku["kyotaku"] == 1
    assert kyoku["honba"] == 2
    assert kyoku["tehais"][2] == ["1m", "2m", "3m", "4p", "5pr", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]
    assert kyoku["tehais"][0] == ["?"] * 13
    assert writer.convert(TileDrawn(1, HIDDEN, False, 69)) == [{"type": "tsumo", "actor": 1, "pai": "?"}]
    assert writer.convert(TileDiscarded(1, 16, True, True)) == [
        {"type": "reach", "actor": 1},
        {"type": "dahai", "actor": 1, "pai": "5mr", "tsumogiri": True},
    ]
    writer.reach_announced = True  # our own reach already went out while our bot chose its tile
    assert writer.convert(TileDiscarded(2, 17, False, True)) == [
        {"type": "dahai", "actor": 2, "pai": "5m", "tsumogiri": False}
    ]
    pon = Meld(MeldType.PON, (124, 125, 126), called=126, from_seat=2)
    assert writer.convert(MeldCalled(3, pon, 1)) == [
        {"type": "pon", "actor": 3, "target": 1, "pai": "P", "consumed": ["P", "P"]}
    ]
    kan = Meld(MeldType.SHOUMINKAN, (124, 125, 126, 127), called=126, from_seat=2)
    assert writer.convert(MeldCalled(3, kan, None)) == [
        {"type": "kakan", "actor": 3, "pai": "P", "consumed": ["P", "P", "P"]}
    ]


def test_three_player_streams_keep_four_seats() -> None:
    writer = MjaiEventWriter(0, EAST_3P)
    hand = parse_tiles("19m123p456p789s11z")[:13]
    [kyoku] = writer.convert(RoundStarted(0, 0, 0, 0, 0, (35000,) * 3, 128, (hand, (), ()), 55))
    assert kyoku["scores"] == [35000, 35000, 35000, 0]
    assert len(kyoku["tehais"]) == 4
    assert writer.start_game()["names"] == ["0", "1", "2", ""]


def turn_view(hand: str, drawn_index: int = -1) -> SeatView:
    tiles = parse_tiles(hand)
    return SeatView(
        seat=0,
        hand=tiles,
        drawn=tiles[drawn_index],
        players=tuple(PlayerView((), (), (), False, 13) for _ in range(4)),
        scores=(25000,) * 4,
        riichi_sticks=0,
        honba=0,
        round_wind=0,
        kyoku=0,
        dealer=0,
        dora_indicators=(0,),
        tiles_left=60,
        phase=Phase.TURN,
        turn=0,
        claimable=None,
    )


def test_mjai_answers_map_to_the_offered_actions() -> None:
    rules = EAST_4P
    view = turn_view("1112m406p789s1122z")
    legal: tuple[Action, ...] = (
        Tsumo(),
        Discard(view.drawn),
        Discard(0),
        Discard(52),
        Discard(view.drawn, True),
    )
    assert action_from_mjai({"type": "hora", "actor": 0, "target": 0}, view, legal, rules) == Tsumo()
    assert action_from_mjai(
        {"type": "dahai", "pai": "5pr", "tsumogiri": False}, view, legal, rules
    ) == Discard(52)
    tsumogiri = {"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": True}
    assert action_from_mjai(tsumogiri, view, legal, rules) == Discard(view.drawn)
    assert action_from_mjai(tsumogiri, view, legal, rules, riichi=True) == Discard(view.drawn, True)
    for bad in (
        {"type": "dahai", "pai": "5p"},  # a plain 5p is not the red one held
        {"type": "dahai", "pai": "9z"},
        {"type": "dahai", "actor": 3, "pai": "1m"},  # someone else's action
        {"type": "none"},  # no pass on one's own turn
        {"type": "ryukyoku"},
        {"type": "chi", "consumed": "12m"},
    ):
        assert action_from_mjai(bad, view, legal, rules) is None, bad
    claim = (Chi((48, 56)), Chi((52, 56)), Pon((16, 17)), Ron(), PASS)
    assert action_from_mjai({"type": "chi", "consumed": ["6p", "4p"]}, view, claim, rules) == Chi((48, 56))
    assert action_from_mjai({"type": "chi", "consumed": ["5pr", "6p"]}, view, claim, rules) == Chi((52, 56))
    assert action_from_mjai({"type": "pon", "consumed": ["5mr", "5m"]}, view, claim, rules) == Pon((16, 17))
    assert action_from_mjai({"type": "pon", "consumed": ["5m", "5m"]}, view, claim, rules) is None
    assert action_from_mjai({"type": "none"}, view, claim, rules) == PASS
    assert action_from_mjai({"type": "ryukyoku"}, view, (Kyuushu(), Discard(0)), rules) == Kyuushu()


def test_the_safe_default_passes_else_discards_the_drawn_tile() -> None:
    view = turn_view("1112m406p789s1122z")
    assert fallback_action(view, (Ron(), PASS)) == PASS
    assert fallback_action(view, (Tsumo(), Discard(0), Discard(view.drawn))) == Discard(view.drawn)
    assert fallback_action(dataclasses.replace(view, drawn=None), (Tsumo(), Discard(0))) == Discard(0)


def test_protocol_examples() -> None:
    assert doctest.testmod(game.mjai.protocol).failed == 0


@pytest.mark.parametrize(
    ("line", "why"),
    [
        pytest.param(b"[" * 100000, "(nested more than 64 deep)", id="deep-nesting"),
        pytest.param(
            b'{"type":"none","n":' + b"7" * 5000 + b"}", "(a number of 5000 characters", id="huge-int"
        ),
        pytest.param(
            b'{"type":"none","pad":"' + b"x" * (1 << 20) + b'"}', "bytes is too large", id="over-size"
        ),
        pytest.param(b'{"type":"none\xff"}', "(not UTF-8 text (byte 14))", id="not-utf8"),
        pytest.param(b'{"type":"dahai","pai":', "(not valid JSON at column 23: Expecting value)", id="cut"),
        pytest.param(b'["none"]', "which is no mjai action", id="not-an-object"),
        pytest.param(b'{"type":5}', "which is no mjai action", id="type-not-a-string"),
        pytest.param(
            b"\x00" * 300, "(not valid JSON at column 1", id="control-characters"
        ),  # found by fuzzing
        pytest.param("\ufeff".encode() * 100, "(not valid JSON at column 1", id="utf-16-bom"),
    ],
)
def test_an_answer_that_is_no_mjai_action_is_one_line(line: bytes, why: str) -> None:
    with pytest.raises(AnswerError) as error:
        read_answer(line)
    assert str(error.value).startswith("wrote '")
    assert why in str(error.value)
    assert "\n" not in str(error.value)
    assert len(str(error.value)) < 250


def test_seat_examples() -> None:
    assert doctest.testmod(game.mjai.seat).failed == 0
