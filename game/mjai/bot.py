"""Our AI as an mjai bot: reads JSON arrays of mjai events, a line at a time, and answers each with one line.

This is how mjai.app and Mortal-compatible tools run bots. The events are followed with a Mirror (a real round
state), so the AI decides on the engine's own view and legal actions. A bad line (not UTF-8, not JSON, too
long or too deeply nested, or events that do not fit) gets a one-line error on stderr naming the line and
``{"type":"none"}`` as its answer; the bot carries on until the end of its input.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any, TextIO

from game.ai import LEVELS, create_ai
from game.mjai.mirror import Mirror, UnknownEventError
from game.mjai.protocol import (
    Message,
    MjaiError,
    action_to_mjai,
    dahai_message,
    fallback_action,
    is_offered,
    none_message,
    parse_tile,
)
from game.safe_json import JsonError
from game.safe_json import loads as load_json
from game.seat import Seat
from game.view import SeatView
from rules.actions import Action, Discard
from rules.events import Event
from rules.ruleset import RuleSet, RuleSetError, preset

_RESET_EVENTS = ("start_game", "start_kyoku", "end_kyoku", "end_game")
MAX_LINE_BYTES = 4 * 1024 * 1024  # a line is the events since our last answer: a hand's worth is ~20 kB


class MjaiBot:
    """One AI seat behind the mjai protocol: ``react`` takes one line's events and gives the answer."""

    def __init__(self, level: str, rules: RuleSet, *, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (expected one of {', '.join(LEVELS)})")
        self.level = level
        self.rules = rules
        self.seed = seed
        self.mirror = Mirror(rules)
        self.ai: Seat = create_ai(level, rules, seed)
        self.problems: list[str] = []  # what went wrong since the last ``take_problems``
        self._broken = False  # the hand in play could not be followed: wait for the next one
        self._riichi_tile: int | None = None  # our riichi discard, chosen when we answered reach
        self._last: Message | None = None

    def take_problems(self) -> list[str]:
        """The problems found since the last call (one line each), and forget them."""
        problems, self.problems = self.problems, []
        return problems

    def react_line(self, line: str | bytes) -> Message:
        """The answer to one input line (a JSON array of events, as text or UTF-8 bytes); problems go to
        ``problems``."""
        if not line.strip():
            self.problems.append("empty line (expected a JSON array of mjai events)")
            return none_message()
        try:  # only the end stripped, so that a column in an error counts from the start of the line
            data: Any = load_json(line.rstrip(), "line", max_bytes=MAX_LINE_BYTES, one_line=True)
        except JsonError as error:  # run_bot names the line: keep what is wrong, and the column in it
            self.problems.append(error.reason)
            return none_message()
        if not isinstance(data, list):
            self.problems.append(f"expected a JSON array of mjai events, got a JSON {_json_kind(data)}")
            return none_message()
        return self.react(data)

    def react(self, events: list[Any]) -> Message:
        """Follow one batch of events and answer: an action when the hand waits for us, else ``none``."""
        failed = False
        for index, message in enumerate(events, start=1):
            if not isinstance(message, dict):
                self.problems.append(f"event {index} is a JSON {_json_kind(message)}, not an object")
                failed = True
                continue
            kind = message.get("type")
            if self._broken and kind not in _RESET_EVENTS:
                self._last = message
                continue
            try:
                shown = self.mirror.feed(message)
            except UnknownEventError as error:
                self.problems.append(f"event {index}: {error}")
                failed = True
                continue
            except MjaiError as error:
                self.problems.append(f"event {index} ({kind}): {error}; ignoring the rest of this hand")
                failed, self._broken = True, True
                continue
            except Exception as error:  # a bug here must not end the bot: report it, wait for the next hand
                self.problems.append(
                    f"event {index} ({kind}): internal error {type(error).__name__}: {error}"
                )
                failed, self._broken = True, True
                continue
            self._last = message
            if kind in _RESET_EVENTS:
                self._broken = False
                self._riichi_tile = None
            if kind == "start_game":
                self.ai = create_ai(self.level, self.rules, self.seed)
            elif kind == "dahai" and message.get("actor") == self.mirror.seat:
                self._riichi_tile = None
            for event in shown:
                self._observe(event)
        if failed:
            return none_message()
        if self._broken:
            return self._tsumogiri_answer()
        try:
            return self._answer()
        except Exception as error:  # as above: one line on stderr, and the bot goes on
            self.problems.append(f"internal error {type(error).__name__} while answering: {error}")
            return none_message()

    def _observe(self, event: Event) -> None:
        try:
            self.ai.observe(event)
        except Exception as error:
            self.problems.append(f"the AI failed observing {type(event).__name__}: {error}")

    def _answer(self) -> Message:
        decision = self.mirror.decision()
        if decision is None:
            return none_message()
        view, legal = decision
        if self.mirror.is_reaching() and self._riichi_tile is not None:
            planned = Discard(self._riichi_tile, riichi=True)
            self._riichi_tile = None
            if planned in legal:
                return dahai_message(planned.tile, view, self.rules)
        action = self._choose(view, legal)
        if isinstance(action, Discard) and action.riichi:
            self._riichi_tile = action.tile
        return action_to_mjai(action, view, self.rules)

    def _choose(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        try:
            action = self.ai.decide(view, legal)
        except Exception as error:
            fallback = fallback_action(view, legal)
            self.problems.append(
                f"the AI failed deciding ({type(error).__name__}: {error}); playing {fallback}"
            )
            return fallback
        if action is None or not is_offered(action, legal):
            fallback = fallback_action(view, legal)
            self.problems.append(f"the AI answered {action!r}, which is not legal now; playing {fallback}")
            return fallback
        return action

    def _tsumogiri_answer(self) -> Message:
        """While a hand cannot be followed: discard each tile we draw (always legal), else do nothing."""
        last = self._last
        seat = self.mirror.seat
        if last is None or last.get("type") != "tsumo" or last.get("actor") != seat:
            return none_message()
        try:
            parse_tile(last.get("pai"), self.rules)
        except MjaiError:
            return none_message()
        return {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}


def run_bot(level: str, rules_name: str, stdin: TextIO, stdout: TextIO, stderr: TextIO | None = None) -> int:
    """Play as an mjai bot on these streams until the input ends: 0 then, 2 for a bad level or rule set."""
    errors = stderr if stderr is not None else sys.stderr
    try:
        rules = preset(rules_name)
        if rules.flowers:
            raise ValueError(f"the rule set {rules_name!r} has flowers, which mjai has no tiles for")
        bot = MjaiBot(level, rules)
    except (RuleSetError, ValueError) as error:
        print(f"error: {error}", file=errors)
        return 2
    # lines are read as bytes and decoded one by one: bytes that are not UTF-8 make one bad line
    source: IO[bytes] | IO[str] = getattr(stdin, "buffer", stdin)
    number = 0
    while True:
        line = source.readline(MAX_LINE_BYTES + 1)
        if not line:
            return 0
        number += 1
        if len(line) > MAX_LINE_BYTES:  # read past it a bounded piece at a time, and say so
            while line and line[-1:] not in ("\n", b"\n"):
                line = source.readline(MAX_LINE_BYTES + 1)
            bot.problems.append(f"longer than {MAX_LINE_BYTES} bytes (expected a JSON array of mjai events)")
            answer = none_message()
        else:
            answer = bot.react_line(line)
        for problem in bot.take_problems():
            print(f"mjai-bot: line {number}: {problem}", file=errors)
        try:
            stdout.write(json.dumps(answer, separators=(",", ":"), ensure_ascii=False) + "\n")
            stdout.flush()
        except (BrokenPipeError, ValueError):  # the server went away: as good as the end of input
            return 0
        errors.flush()


def _json_kind(value: object) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return "number"
