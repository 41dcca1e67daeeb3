"""An external mjai bot as a seat at our table: a subprocess that reads mjai events and answers with actions.

The protocol is mjai.app's: one JSON array of events in (everything since the last line, up to a point where
the bot may act, or the end of a hand), one JSON action out. The seat never blocks for long and never raises:
each answer has a time limit; a bot that crashes, stalls, writes something that is no mjai action (not JSON,
not UTF-8, too long or too deeply nested) or answers illegally is stopped at the first time and the seat plays
safe defaults for the rest of the game, with one warning saying why.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import shlex
import subprocess
import threading
from typing import IO, Any

from game.mjai.protocol import Message, MjaiEventWriter, action_from_mjai, fallback_action
from game.safe_json import JsonError
from game.safe_json import loads as load_json
from game.view import SeatView
from rules.actions import Action, Discard
from rules.events import Event, RoundEnded, RoundStarted
from rules.ruleset import RuleSet
from rules.tiles import WIND_LETTERS

logger = logging.getLogger(__name__)

_EXIT_WAIT_S = 1.0  # how long close() lets a bot exit by itself before killing it
_STDERR_PIECE_BYTES = 64 * 1024
MAX_ANSWER_BYTES = 1024 * 1024  # one action; room for the metadata some bots add (Mortal's q-values)


class MjaiSeatError(RuntimeError):
    """An external bot that cannot be started at all (no such program, empty command)."""


class AnswerError(ValueError):
    """A line from the bot that is no mjai action; the message (one line) quotes it and says why."""


def read_answer(line: bytes) -> Message:
    """The mjai action in one line the bot wrote; AnswerError when it is none (not UTF-8, not JSON, too long,
    too deeply nested, absurd numbers, or JSON that is not an object with a string "type").

    >>> read_answer(b'{"type":"none"}\\n')
    {'type': 'none'}
    >>> read_answer(b"[" * 100000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    game.mjai.seat.AnswerError: wrote '[[[[...[[[[', which is no mjai action (nested more than 64 deep)
    """
    shown = repr(line.strip()[:120].decode("utf-8", "replace"))
    shown = shown if len(shown) <= 130 else shown[:126] + "...'"  # control characters take 4 each
    try:
        message: Any = load_json(line, "answer", max_bytes=MAX_ANSWER_BYTES, one_line=True)
    except JsonError as error:  # what is wrong, and where in the line
        raise AnswerError(f"wrote {shown}, which is no mjai action ({error.reason})") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise AnswerError(f"wrote {shown}, which is no mjai action")
    return message


class ExternalMjaiSeat:
    """A seat played by an external mjai bot (``command`` is split like a shell would, but run directly)."""

    def __init__(
        self,
        command: str,
        seat: int,
        rules: RuleSet,
        *,
        timeout_s: float = 2.0,
        name: str = "mjai",
        start_timeout_s: float = 10.0,
        where: str = "",
    ) -> None:
        argv = _split_command(command)
        if not argv:
            raise MjaiSeatError("the mjai bot command is empty")
        try:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,  # bytes: each answer line is decoded by itself, see _exchange
            )
        except OSError as error:
            raise MjaiSeatError(f"cannot start the mjai bot {command!r}: {error.strerror or error}") from None
        self.seat = seat
        self.rules = rules
        self.name = name
        self.timeout_s = timeout_s
        self.start_timeout_s = start_timeout_s  # for the start_game line (bots may load a model first)
        self.failed: str | None = None  # why the bot is no longer asked (it crashed, stalled or misplayed)
        self.fallbacks = 0  # decisions answered with the safe default
        self.where = where  # which game the seat plays, for the warning that benches it (e.g. "game 17")
        self._hand = ""  # the hand in play, E1-0 style, for the same warning
        self._lines: queue.Queue[bytes | None] = queue.Queue()  # the bot's output lines; None at its end
        self._outbox: queue.Queue[bytes | None] = queue.Queue()  # lines for the bot; None closes its input
        self._writer = MjaiEventWriter(seat, rules)
        self._pending: list[Message] = []
        self._started = False
        self._warned_extra = False
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        assert self._process.stderr is not None
        # Threads do all the pipe work, so a bot that stops reading or writing can only cost a time limit.
        self._threads = (
            threading.Thread(target=_feed, args=(self._outbox, self._process.stdin), daemon=True),
            threading.Thread(target=_pump, args=(self._process.stdout, self._lines), daemon=True),
            threading.Thread(target=self._log_stderr, args=(self._process.stderr,), daemon=True),
        )
        for thread in self._threads:
            thread.start()

    # --- the Seat protocol ---------------------------------------------------------------------------

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The bot's answer to the events since its last line, or the safe default (never None)."""
        try:
            action = self._decide(view, legal)
        except Exception as error:  # never raise into the table: a bug here benches the bot, with one warning
            self._fail(f"answer could not be used ({type(error).__name__}: {error})")
            action = None
        if action is None:
            self.fallbacks += 1
            return fallback_action(view, legal)
        return action

    def observe(self, event: Event) -> None:
        """Queue the event for the bot's next line; at the end of a hand, send the hand's last events."""
        if isinstance(event, RoundStarted):
            self._hand = f"{WIND_LETTERS[event.round_wind]}{event.kyoku + 1}-{event.honba}"  # as round_label
        try:
            if self.failed is not None:
                return
            self._pending.extend(self._writer.convert(event))
            if isinstance(event, RoundEnded):
                self._exchange(self._take_pending(), self.timeout_s)  # the answer (none) is not used
        except Exception as error:  # the bot would no longer see the game as it is: bench it
            self._fail(f"could not be shown {type(event).__name__} ({type(error).__name__}: {error})")

    def close(self) -> None:
        """End the game for the bot (``end_game``, then end of input) and stop its process."""
        process = self._process
        if process.poll() is None and self.failed is None and self._started:
            self._send([self._writer.end_game()])
        self._outbox.put(None)
        try:
            process.wait(timeout=_EXIT_WAIT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for thread in self._threads:  # each ends with its pipe; then the pipes can be closed
            thread.join(timeout=_EXIT_WAIT_S)
        if not any(thread.is_alive() for thread in self._threads):
            for stream in (process.stdin, process.stdout, process.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):  # a pipe the bot broke: nothing left to flush
                        stream.close()

    def __enter__(self) -> ExternalMjaiSeat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- decisions -----------------------------------------------------------------------------------

    def _decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        if self.failed is not None:
            return None
        message = self._exchange(self._take_pending(), self.timeout_s)
        if message is None:
            return None
        if message.get("type") == "reach":
            return self._riichi(message, view, legal)
        action = action_from_mjai(message, view, legal, self.rules)
        if action is None:
            self._illegal(message, fallback_action(view, legal))
        return action

    def _riichi(self, message: Message, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The bot said reach: show it its reach event and take its discard (one of the riichi discards)."""
        riichi = tuple(action for action in legal if isinstance(action, Discard) and action.riichi)
        if not riichi:
            self._illegal(message, fallback_action(view, legal))
            return None
        self._writer.reach_announced = True
        answer = self._exchange([{"type": "reach", "actor": self.seat}], self.timeout_s)
        action = (
            action_from_mjai(answer, view, riichi, self.rules, riichi=True) if answer is not None else None
        )
        if action is not None:
            return action
        # the bot has seen its reach go out: keep the riichi, with the tsumogiri if that is one of them
        tsumogiri = Discard(view.drawn, riichi=True) if view.drawn is not None else None
        played = tsumogiri if tsumogiri in riichi else riichi[0]
        if answer is not None:
            self._illegal(answer, played)
        self.fallbacks += 1
        return played

    def _illegal(self, message: Message, played: Action) -> None:
        """An answer that is no offered action: this decision gets ``played``, and the rest of the game the
        safe defaults (a bot that misplays once cannot be trusted to follow the game)."""
        text = json.dumps(message, separators=(",", ":"))
        text = text if len(text) <= 200 else text[:197] + "..."
        self._fail(f"answered {text}, which is not legal now (playing {played})")

    # --- the process ---------------------------------------------------------------------------------

    def _take_pending(self) -> list[Message]:
        if not self._started:
            self._started = True
            self._exchange([self._writer.start_game()], self.start_timeout_s)
        batch, self._pending = self._pending, []
        return batch

    def _exchange(self, events: list[Message], timeout_s: float) -> Message | None:
        """Send one line, read one answer line; None when there is no usable answer (the bot is benched)."""
        if self.failed is not None or not self._skip_unasked_lines():
            return None
        self._send(events)
        try:
            line = self._lines.get(timeout=timeout_s)
        except queue.Empty:
            self._fail(f"gave no answer within {timeout_s:g} s")
            return None
        if line is None:
            self._fail(self._exit_reason())
            return None
        try:
            return read_answer(line)
        except AnswerError as error:
            self._fail(str(error))
            return None

    def _send(self, events: list[Message]) -> None:
        """Hand one line to the writer thread (a bot that does not read only makes its answer late)."""
        self._outbox.put(json.dumps(events, separators=(",", ":"), ensure_ascii=False).encode() + b"\n")

    def _skip_unasked_lines(self) -> bool:
        """Drop lines the bot wrote beyond its one answer per line, so the next answer is the right one;
        False if the bot turns out to be gone."""
        skipped = 0
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                break
            if line is None:
                self._fail(self._exit_reason())
                return False
            skipped += 1
        if skipped and not self._warned_extra:
            self._warned_extra = True
            self._warn(f"wrote {skipped} line(s) nobody asked for (one answer per line is expected)")
        return True

    def _exit_reason(self) -> str:
        try:
            code = self._process.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited with code {code}"

    def _fail(self, reason: str) -> None:
        if self.failed is not None:
            return
        self.failed = reason
        at = ", ".join(part for part in (self.where, self._hand) if part)
        self._warn(f"{reason}{f' ({at})' if at else ''}; playing safe defaults for the rest of the game")
        if self._process.poll() is None:
            self._process.kill()

    def _warn(self, text: str) -> None:
        logger.warning("seat %d (%s): the mjai bot %s", self.seat, self.name, text)

    def _log_stderr(self, stream: IO[bytes]) -> None:
        try:
            while line := stream.readline(_STDERR_PIECE_BYTES):  # a huge line is logged in pieces
                text = line.decode("utf-8", "replace").rstrip()
                logger.info("seat %d (%s) bot stderr: %s", self.seat, self.name, text)
        except (OSError, ValueError):
            pass


def _feed(outbox: queue.Queue[bytes | None], stream: IO[bytes]) -> None:
    """Write the queued lines to the bot's input until None comes (or the bot stops reading); close it."""
    with contextlib.suppress(OSError, ValueError):  # the bot is gone: its missing answers tell the seat
        while (line := outbox.get()) is not None:
            stream.write(line)
            stream.flush()
    with contextlib.suppress(OSError, ValueError):
        stream.close()


def _pump(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Move the bot's output lines to the queue; None once it closes its output. A line longer than
    MAX_ANSWER_BYTES goes as its first MAX_ANSWER_BYTES + 1 bytes (too long to use), and the rest of it is
    read and dropped a bounded piece at a time."""
    try:
        while line := stream.readline(MAX_ANSWER_BYTES + 1):
            lines.put(line)
            while len(line) > MAX_ANSWER_BYTES and not line.endswith(b"\n"):
                line = stream.readline(MAX_ANSWER_BYTES + 1)
    except (OSError, ValueError):
        pass
    lines.put(None)


def _split_command(command: str) -> list[str]:
    """The command's words as a shell would split them (on Windows, quotes around a word are removed)."""
    if os.name != "nt":
        return shlex.split(command)
    words = shlex.split(command, posix=False)
    return [word[1:-1] if len(word) >= 2 and word[0] == word[-1] == '"' else word for word in words]
