"""Reader fuzzing: every JSON reader of outside input fed random bytes and damaged real inputs.

``python -m tools.fuzz_readers --seconds 600 [--seed S] [--case N]`` feeds five readers in turn: the settings
file (``graphics.settings.parse_settings``), the saved New-game setup (``graphics.screens.new_game.
parse_choices``), score requests (``game.calculator.score_line``, and ``run`` over several lines), mjai-bot
input lines (``game.mjai.bot.MjaiBot.react_line`` at a point of a real game it follows) and an external mjai
bot's answers (``game.mjai.seat.read_answer``, then ``game.mjai.protocol.action_from_mjai`` against a real
decision). The inputs are random bytes and mutations of real ones: bit flips, byte edits, truncations,
duplicated pieces, changed JSON values, deep nesting, huge numbers, bytes that are not UTF-8, oversize.

Each reader must give a usable value or its documented one-line error; any other exception (or an error that
is not one line, an answer that cannot be written, a value that breaks what uses it next, a case slower than
``SLOW_S``) is a traceback. Prints ``cases=N tracebacks=T seconds=S`` at the end, the same per reader, and
each distinct traceback shape once with the case to rerun (``--case N``). Not part of the test run.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import io
import json
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tools import fuzz_mutations

SLOW_S = 10.0  # a case taking longer than this counts as a hang
PLACEHOLDER = "\x01NUMBER\x01"  # stands for a huge number in a structure until it is written out as text


# --- mutations: each takes bytes and a generator and returns new bytes ----------------------------------


def _huge_number(rng: random.Random) -> bytes:
    digits = rng.choice((39, 40, 41, 300, 4300, 4301, 5000, 100000))
    body = "".join(rng.choice("0123456789") for _ in range(min(digits, 64))) * (digits // 64 + 1)
    body = body[:digits]
    return rng.choice(
        [
            body,
            "-" + body,
            "1" + body,
            "0." + body,
            "1e" + body[:7],
            "-1E+" + body[:5],
            "1" + body + "e-" + body[:6],
            "1e999",
            "-1e999",
            "1e-999",
            "-0",
            "-0.0",
            str(2**63),
            str(-(2**63) - 1),
        ]
    ).encode()


def random_bytes(data: bytes, rng: random.Random) -> bytes:
    """Noise: any bytes, or characters of JSON in any order."""
    size = rng.choice((0, 1, 2, 5, 20, 100, 1000, 5000))
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(size))
    alphabet = b'[]{}",:0123456789eE.-+ truefalsnul\\u\n\t?mpsz'
    return bytes(rng.choice(alphabet) for _ in range(size))


def byte_edits(data: bytes, rng: random.Random) -> bytes:
    """Bytes replaced, inserted or removed, with characters that matter to JSON."""
    return fuzz_mutations.byte_edits(data, rng, b'"[]{},:0123456789-.eE+\\/ \n\r\tnulltrue?\x00\x7f\x80\xff')


def duplicate(data: bytes, rng: random.Random) -> bytes:
    """A piece copied once or many times to another place."""
    if not data:
        return data
    start = rng.randrange(len(data))
    piece = data[start : rng.randrange(start, len(data) + 1)] * rng.choice((1, 1, 2, 10, 1000))
    at = rng.randrange(len(data) + 1)
    return data[:at] + piece + data[at:]


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    """Arrays or objects nested deeper than any limit, around the whole or inside it."""
    depth = rng.choice((63, 64, 65, 66, 200, 1000, 100000))
    opener, closer = rng.choice(((b"[", b"]"), (b'{"a":', b"}"), (b'[{"type":', b"}]")))
    closing = closer * depth if rng.random() < 0.7 else b""
    if rng.random() < 0.5 or not data:
        return opener * depth + data + closing
    at = rng.randrange(len(data) + 1)
    return data[:at] + opener * depth + b"1" + closing + data[at:]


def huge_numbers(data: bytes, rng: random.Random) -> bytes:
    """A number in the text replaced with a huge or unrepresentable one (or one put anywhere)."""
    spans = []
    start = None
    for index, byte in enumerate(data + b" "):
        if chr(byte) in "-0123456789.eE+":
            start = index if start is None else start
        elif start is not None:
            spans.append((start, index))
            start = None
    if spans and rng.random() < 0.8:
        begin, end = rng.choice(spans)
    else:
        begin = end = rng.randrange(len(data) + 1)
    return data[:begin] + _huge_number(rng) + data[end:]


def not_utf8(data: bytes, rng: random.Random) -> bytes:
    """Bytes that are not UTF-8 put in (or the whole in another encoding)."""
    if rng.random() < 0.15:
        return data.decode("utf-8", "replace").encode(
            rng.choice(("utf-16", "utf-32", "latin-1", "cp1252")), "replace"
        )
    bad = rng.choice(
        (
            b"\xff",
            b"\xfe\xff",
            b"\xc3",
            b"\xe3\x81",
            b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80",
            b"\xc0\xaf",
            b"\x80",
        )
    )
    at = rng.randrange(len(data) + 1)
    return data[:at] + bad + data[at:]


_ODD_VALUES: list[Callable[[random.Random], Any]] = [
    lambda rng: None,
    lambda rng: rng.choice((True, False)),
    lambda rng: rng.choice((0, 1, -1, 2, 3, 4, 5, 7, 2**31, 2**63, 10**39, -(10**39))),
    lambda rng: rng.choice((0.5, -0.0, 1e308, -1e308, 5e-324, 3.0, 1.0)),
    lambda rng: PLACEHOLDER,
    lambda rng: rng.choice(("", "x" * rng.choice((1, 100, 10000)), "\ud800", "\udfff", "a\x00b", "\n", "é")),
    lambda rng: rng.choice(
        ("5mr", "5m", "?", "E", "C", "9z", "0p", "1m2m", "none", "dahai", "reach", "hora")
    ),
    lambda rng: rng.choice(("123m456p789s1122z", "1m", "0m0m", "11111m", "standard", "tenhou-3p", "human")),
    lambda rng: rng.choice(("en", "ko", "ja", "classic", "contrast", "east", "hanchan", "3", "4")),
    lambda rng: [],
    lambda rng: {},
    lambda rng: [[[]]],
    lambda rng: {"type": rng.choice(("none", "dahai", "start_game", "tsumo", "chi", "kakan", "ryukyoku"))},
    lambda rng: [rng.randrange(-5, 40) for _ in range(rng.choice((1, 2, 4, 13, 14, 100)))],
    lambda rng: ["1m"] * rng.choice((1, 2, 3, 4, 13, 14, 50)),
]


_NEW_KEYS = ("type", "actor", "pai", "players", "hand", "window", "\ud800", "")


def json_values(data: bytes, rng: random.Random) -> bytes:
    """The JSON parsed and one to three values changed (types swapped, keys dropped or added)."""
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        return byte_edits(data, rng)
    for _ in range(rng.randint(1, 3)):
        value = fuzz_mutations.mutate_value(value, rng, _ODD_VALUES, _NEW_KEYS)
    text = json.dumps(value, ensure_ascii=rng.random() < 0.5, allow_nan=True).encode("utf-8", "surrogatepass")
    marker = b'"\\u0001NUMBER\\u0001"'  # json.dumps always escapes the control characters
    while marker in text:
        text = text.replace(marker, _huge_number(rng), 1)
    return text


MUTATIONS: list[Callable[[bytes, random.Random], bytes]] = [
    random_bytes,
    fuzz_mutations.bit_flips,
    byte_edits,
    fuzz_mutations.truncate,
    duplicate,
    deep_nesting,
    huge_numbers,
    not_utf8,
    json_values,
    json_values,
    json_values,
    fuzz_mutations.splice,
]


def mutate(corpus: list[bytes], rng: random.Random, limit: int) -> tuple[str, bytes]:
    """A mutation of one of ``corpus`` (one to three mutations, sometimes padded past ``limit``)."""
    data = rng.choice(corpus)
    fuzz_mutations.splice_with[0] = rng.choice(corpus)
    names = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        mutation = rng.choice(MUTATIONS)
        names.append(mutation.__name__)
        data = mutation(data, rng)
    if rng.random() < 0.02:
        names.append("oversize")
        padding = b" " * (limit - len(data) + rng.choice((1, 2, 100)))
        data = data + padding if rng.random() < 0.5 else padding + data
    return "+".join(names), data


# --- the readers and what each must do -----------------------------------------------------------------


class BrokenError(Exception):
    """A reader that answered, but wrongly (an error that is not one line, a value that does not work)."""


def _one_line(text: object, what: str) -> None:
    if not isinstance(text, str) or "\n" in text or "\r" in text or not text:
        raise BrokenError(f"{what} is not one line: {text!r:.300}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BrokenError(f"{what} cannot be printed as UTF-8: {text!r:.300}") from None


@dataclass
class Reader:
    """One reader under test: its real inputs, its size limit, and a check that raises on a traceback."""

    name: str
    corpus: list[bytes]
    limit: int
    check: Callable[[bytes, random.Random], None]
    cases: int = 0
    tracebacks: int = 0
    slowest_s: float = 0.0
    shapes: dict[str, Failure] = field(default_factory=dict)


@dataclass
class Failure:
    """A distinct traceback shape: the first case that showed it and how many did."""

    case: int
    description: str
    detail: str
    count: int = 1


def settings_reader() -> Reader:
    """graphics.settings.parse_settings: Settings or a SettingsError naming the file."""
    from graphics.settings import MAX_FILE_BYTES, Settings, SettingsError, parse_settings

    variants = [
        Settings(),
        Settings(
            language="ko", speed=2.0, master_volume=0.3, muted=True, window=(1600, 900), theme="contrast"
        ),
        Settings(language="ja", speed=0.5, effects_volume=0.0, fullscreen=True, auto_win=True, no_calls=True),
    ]
    corpus = []
    for settings in variants:
        data = dataclasses.asdict(settings)
        data["window"] = list(settings.window)
        corpus.append((json.dumps(data, indent=2, sort_keys=True) + "\n").encode())
    corpus.append(b"{}")

    def check(data: bytes, rng: random.Random) -> None:
        try:
            settings = parse_settings(data, "settings.json")
        except SettingsError as error:
            _one_line(str(error), "the error")
            if not str(error).startswith("settings.json: "):
                raise BrokenError(f"the error does not name the file: {error}") from None
            return
        if not isinstance(settings, Settings):
            raise BrokenError(f"not Settings: {settings!r:.200}")
        dataclasses.replace(settings)  # the values pass the checks again (the settings screen copies them)
        json.dumps(dataclasses.asdict(settings)).encode("utf-8")

    return Reader("settings", corpus, MAX_FILE_BYTES, check)


def new_game_reader() -> Reader:
    """graphics.screens.new_game.parse_choices: choices that work on the screen, or a ValueError line."""
    from graphics.screens.new_game import MAX_CHOICES_BYTES, NewGameChoices, choices_to_json, parse_choices

    corpus = [json.dumps(choices_to_json(NewGameChoices()), indent=2).encode()]
    three = NewGameChoices()
    three.choose_players(3)
    three.levels = ["human", "strong", "human", "easy"]
    three.names = ["Ann", "", "민수", "x" * 16]
    three.game_length = "east"
    corpus.append(json.dumps(choices_to_json(three), ensure_ascii=False, indent=2).encode())
    four = NewGameChoices()
    four.choose_preset("mahjong-soul")
    four.options = {name: not value for name, value in four.options.items()}
    corpus.append(json.dumps(choices_to_json(four)).encode())

    def check(data: bytes, rng: random.Random) -> None:
        try:
            choices = parse_choices(data, "new_game.json")
        except ValueError as error:  # JsonError is one too
            _one_line(str(error), "the error")
            if not str(error).startswith("new_game.json: "):
                raise BrokenError(f"the error does not name the file: {error}") from None
            return
        # what the New-game screen does next with them: show, start and save them
        choices.rules()
        for setup in choices.setups():
            _one_line(setup.name or "-", "a seat's name")
            if not setup.name.isprintable():
                raise BrokenError(f"a name the screen cannot draw: {setup.name!r}")
        json.dumps(choices_to_json(choices), ensure_ascii=False).encode("utf-8")

    return Reader("new-game", corpus, MAX_CHOICES_BYTES, check)


SCORE_REQUESTS: list[dict[str, Any]] = [
    {"hand": "234789m56p456s77s7p", "win_tile": "7p", "from": 3, "seat_wind": "S"},
    {"hand": "234678m456p789s55s", "win_tile": "6m", "tsumo": True, "seat_wind": "S"},
    {
        "hand": "123m406p789s11z",
        "win_tile": "1z",
        "melds": [{"type": "pon", "tiles": "777z", "from": 2, "called": "7z"}],
        "from": 1,
        "dora_indicators": "4p6z",
        "honba": 2,
        "riichi_sticks": 1,
    },
    {
        "hand": "19m19p19s1234567z1m",
        "win_tile": "1m",
        "tsumo": True,
        "riichi": True,
        "ippatsu": True,
        "ura_indicators": "9s",
        "ruleset": "tenhou",
    },
    {
        "hand": "22m",
        "win_tile": "2m",
        "melds": [
            {"type": "ankan", "tiles": "1111z"},
            {"type": "daiminkan", "tiles": "5555p", "from": 3},
            {"type": "shouminkan", "tiles": "0555s", "from": 1, "called": "0s"},
            {"type": "chi", "tiles": "789m", "from": 3, "called": "8m"},
        ],
        "from": 2,
        "rinshan": False,
        "rules": {"kiriage_mangan": True},
    },
    {
        "hand": "123p456p789p11s22s",
        "win_tile": "2s",
        "players": 3,
        "ruleset": "tenhou-3p",
        "kita": 2,
        "tsumo": True,
        "seat_wind": "E",
        "round_wind": "S",
    },
]


def score_reader() -> Reader:
    """game.calculator: every line answered with a result or an error line, and the answer writable."""
    from game.calculator import MAX_LINE_BYTES, run, score_line

    corpus = [json.dumps(request, ensure_ascii=False).encode() for request in SCORE_REQUESTS]

    def check(data: bytes, rng: random.Random) -> None:
        number = rng.randint(1, 10**6)
        result = score_line(data, number)
        if not isinstance(result, dict):
            raise BrokenError(f"not a dict: {result!r:.200}")
        if "error" in result:
            _one_line(result["error"], "the error")
        out = io.StringIO()
        run(io.BytesIO(data + b"\n"), out)  # the whole command: the answer can be written as a UTF-8 line
        text = out.getvalue()
        text.encode("utf-8")
        lines = data.count(b"\n") + 1
        answers = text.splitlines()
        if len(answers) != lines:
            raise BrokenError(f"{lines} line(s) in, {len(answers)} answer(s) out")
        for answer in answers:
            json.loads(answer)
        if rng.random() < 0.1:
            run(io.StringIO((data + b"\n").decode("utf-8", "replace")), io.StringIO())  # text input as well

    return Reader("score", corpus, MAX_LINE_BYTES, check)


def _played_games() -> list[tuple[Any, list[list[dict[str, Any]]], list[tuple[Any, tuple[Any, ...]]]]]:
    """Short matches (4 and 3 players): seat 0's mjai lines as an external bot would be sent them, and
    seat 0's decisions (view, legal actions)."""
    from game.bots import GreedySeat, RandomSeat
    from game.mjai.protocol import MjaiEventWriter
    from game.table import Table
    from rules.events import RoundEnded
    from rules.ruleset import preset

    class Recorder:
        def __init__(self, inner: Any, rules: Any) -> None:
            self.inner = inner
            self.writer = MjaiEventWriter(0, rules)
            self.lines: list[list[dict[str, Any]]] = [[self.writer.start_game()]]
            self.pending: list[dict[str, Any]] = []
            self.decisions: list[tuple[Any, tuple[Any, ...]]] = []

        def decide(self, view: Any, legal: tuple[Any, ...]) -> Any:
            self.lines.append(self.pending)
            self.pending = []
            self.decisions.append((view, legal))
            return self.inner.decide(view, legal)

        def observe(self, event: Any) -> None:
            self.pending.extend(self.writer.convert(event))
            if isinstance(event, RoundEnded):
                self.lines.append(self.pending)
                self.pending = []
            self.inner.observe(event)

    games = []
    for index, name in enumerate(("standard", "tenhou-3p", "mahjong-soul")):
        rules = preset(name).with_overrides({"game_length": "east"})
        inner = (RandomSeat if index == 2 else GreedySeat)(index)
        recorder = Recorder(inner, rules)
        seats: list[Any] = [recorder] + [
            (GreedySeat if (index + seat) % 2 else RandomSeat)(index * 10 + seat)
            for seat in range(1, rules.players)
        ]
        Table(rules, seats, index).run()
        recorder.lines.append([*recorder.pending, recorder.writer.end_game()])
        games.append((rules, recorder.lines, recorder.decisions))
    return games


_BOT_BUGS = ("internal error", "the AI failed", "the AI answered")


def mjai_bot_reader(games: list[Any]) -> Reader:
    """game.mjai.bot.MjaiBot.react_line in the middle of a game: an mjai answer and one-line problems."""
    from game.mjai.bot import MAX_LINE_BYTES, MjaiBot

    # the bot at points of each game: a copy is fed the damaged line, then the game's next real lines
    snapshots: list[tuple[MjaiBot, list[bytes]]] = []
    corpus = []
    for index, (rules, lines, _) in enumerate(games):
        encoded = [json.dumps(line, separators=(",", ":")).encode() for line in lines]
        corpus.extend(encoded)
        bot = MjaiBot(("easy", "normal", "strong")[index % 3], rules, seed=index)
        for position, line in enumerate(encoded):
            if position % 7 == 0:
                snapshots.append((copy.deepcopy(bot), encoded[position : position + 3]))
            bot.react_line(line)
            bot.take_problems()

    def check(data: bytes, rng: random.Random) -> None:
        original, following = rng.choice(snapshots)
        bot = copy.deepcopy(original)
        for line in [data, *following[1:]]:
            answer = bot.react_line(line)
            json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
            if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
                raise BrokenError(f"an answer that is no mjai action: {answer!r:.200}")
            for problem in bot.take_problems():
                _one_line(problem, "a problem")
                if any(bug in problem for bug in _BOT_BUGS):
                    raise BrokenError(f"a bug caught by the bot: {problem:.500}")

    return Reader("mjai-bot", corpus, MAX_LINE_BYTES, check)


def mjai_seat_reader(games: list[Any]) -> Reader:
    """game.mjai.seat.read_answer then action_from_mjai: an offered action, None, or an AnswerError line."""
    from game.mjai.protocol import action_from_mjai, action_to_mjai, is_offered, none_message
    from game.mjai.seat import MAX_ANSWER_BYTES, AnswerError, read_answer
    from rules.actions import Discard

    decisions = [(rules, view, legal) for rules, _, game_decisions in games for view, legal in game_decisions]
    corpus = [json.dumps(none_message()).encode()]
    for rules, view, legal in decisions[::5]:
        for action in legal:
            corpus.append(json.dumps(action_to_mjai(action, view, rules), separators=(",", ":")).encode())

    def check(data: bytes, rng: random.Random) -> None:
        rules, view, legal = rng.choice(decisions)
        try:
            message = read_answer(data)
        except AnswerError as error:
            _one_line(str(error), "the error")
            if len(str(error)) > 400:
                raise BrokenError(f"an error line of {len(str(error))} characters") from None
            return
        action = action_from_mjai(message, view, legal, rules)
        if action is not None and not is_offered(action, legal):
            raise BrokenError(f"{message!r:.200} became {action!r}, which was not offered")
        riichi = tuple(option for option in legal if isinstance(option, Discard) and option.riichi)
        if riichi:
            action = action_from_mjai(message, view, riichi, rules, riichi=True)
            if action is not None and not is_offered(action, riichi):
                raise BrokenError(f"{message!r:.200} became {action!r}, which was not offered")
        json.dumps(message, separators=(",", ":"))  # as the seat's warning quotes it

    return Reader("mjai-seat", corpus, MAX_ANSWER_BYTES, check)


def readers() -> list[Reader]:
    """Every reader under test, with its corpus of real inputs."""
    games = _played_games()
    return [
        settings_reader(),
        new_game_reader(),
        score_reader(),
        mjai_bot_reader(games),
        mjai_seat_reader(games),
    ]


# --- the run -------------------------------------------------------------------------------------------


def make_case(reader: Reader, seed: int, number: int) -> tuple[str, bytes, random.Random]:
    """Case ``number`` of run ``seed`` for a reader: a description, its bytes and the generator to go on
    with."""
    rng = random.Random(seed * 1_000_003 + number)
    description, data = mutate(reader.corpus, rng, reader.limit)
    return description, data, rng


def run_case(reader: Reader, seed: int, number: int) -> None:
    """One case; records a traceback on the reader."""
    description, data, rng = make_case(reader, seed, number)
    started = time.perf_counter()
    failure: str | None = None
    try:
        reader.check(data, rng)
    except BrokenError as error:
        failure = f"wrong answer: {error}"
    except Exception:
        failure = traceback.format_exc()
    elapsed = time.perf_counter() - started
    reader.cases += 1
    reader.slowest_s = max(reader.slowest_s, elapsed)
    if failure is None and elapsed > SLOW_S:
        failure = f"slow: {elapsed:.1f} s"
    if failure is None:
        return
    reader.tracebacks += 1
    frames = [line for line in failure.splitlines() if line.strip().startswith("File ")]
    shape = (frames[-1].strip() if frames else "") + " " + failure.strip().splitlines()[-1][:80]
    if shape in reader.shapes:
        reader.shapes[shape].count += 1
    else:
        shown = repr(data[:300]) + (f" ... ({len(data)} bytes)" if len(data) > 300 else "")
        reader.shapes[shape] = Failure(number, f"{description}: {shown}", failure)


def fuzz(seconds: float, seed: int, only: int | None = None) -> int:
    """Feed every reader for ``seconds`` in all (in turn, case by case); exit status 1 on any traceback."""
    started = time.perf_counter()
    under_test = readers()
    print(
        f"fuzz_readers: {', '.join(f'{r.name} ({len(r.corpus)} inputs)' for r in under_test)}; seed {seed}",
        flush=True,
    )
    setup_s = time.perf_counter() - started
    started = time.perf_counter()
    number = 0
    last_report = started
    while True:
        if only is not None:
            number = only
        reader = under_test[number % len(under_test)]
        run_case(reader, seed, number)
        number += 1
        now = time.perf_counter()
        if only is not None or now - started >= seconds:
            break
        if now - last_report >= 60:
            last_report = now
            cases = sum(r.cases for r in under_test)
            tracebacks = sum(r.tracebacks for r in under_test)
            print(f"  {cases} cases, {tracebacks} tracebacks, {now - started:.0f} s", flush=True)
    elapsed = time.perf_counter() - started
    for reader in under_test:
        print(
            f"{reader.name}: cases={reader.cases} tracebacks={reader.tracebacks}"
            f" slowest={reader.slowest_s:.2f}s shapes={len(reader.shapes)}"
        )
        for shape, failure in reader.shapes.items():
            print(f"  {failure.count} x {shape}")
            print(f"    first: case {failure.case}: {failure.description}")
            print(f"    rerun: python -m tools.fuzz_readers --seed {seed} --case {failure.case}")
            print("    " + failure.detail.strip().replace("\n", "\n    "))
    cases = sum(r.cases for r in under_test)
    tracebacks = sum(r.tracebacks for r in under_test)
    print(f"(setup {setup_s:.1f} s, not counted)")
    print(f"cases={cases} tracebacks={tracebacks} seconds={elapsed:.0f}")
    return 1 if tracebacks else 0


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--seconds N [--seed S] [--case N]``."""
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz_readers", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to fuzz, all readers together")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (cases are numbered within it)")
    parser.add_argument("--case", type=int, help="run only this case of the seed (as printed for a failure)")
    args = parser.parse_args(argv)
    return fuzz(args.seconds, args.seed, args.case)


if __name__ == "__main__":
    sys.exit(main())
