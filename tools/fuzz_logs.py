"""Log-reader fuzzing: verify-log's reading and checking path fed random bytes and damaged real logs.

``python -m tools.fuzz_logs --seconds 600 [--seed S] [--save DIR]`` mutates a corpus (the mjx Tenhou mjlog
files of ../shared/oracles when present, each also as gzip, as tenhou.net/6 JSON and as mjai JSON lines, plus
played matches of every preset in the last two formats) with bit flips, truncations, deleted, duplicated and
swapped lines and tags, changed attributes and JSON values, deep nesting, huge numbers, gzip damage and gzip
bombs, and runs each case through ``game.verify.check_data``. Every case must end in report lines only (one
line each, naming the case); an exception escaping is a traceback. Prints ``cases=N tracebacks=T seconds=S``;
each distinct traceback shape once with the case to rerun (``--case N``). Not part of the test run.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.logs import mjai, tenhou6
from game.logs.mjlog import read_mjlog
from game.logs.record import GameRecord, WinResult
from game.verify import MAX_LINE_CHARS, Summary, check_data, parse_log
from tools import fuzz_mutations

ROOT = Path(__file__).resolve().parents[1]
MJLOG_DIR = ROOT.parent / "shared" / "oracles" / "mjx" / "mjlog"
SOURCE = "case.log"
MAX_BYTES = 2 * 1024 * 1024  # a small limit so that oversized input and gzip bombs are quick to make
DIGITS = "0123456789"
SLOW_S = 20.0  # a case taking longer than this counts as a hang


@dataclass(frozen=True)
class Seed:
    """One corpus file: its name and bytes, and its kind ("mjlog", "gzip", "tenhou6", "mjai")."""

    name: str
    kind: str
    data: bytes


def played_records() -> list[Any]:
    """A short match of every preset, recorded (so the corpus has calls, kans, kita and draws of our own)."""
    from game.bots import GreedySeat, RandomSeat
    from game.recorder import GameRecorder
    from game.table import Table
    from rules.ruleset import PRESET_NAMES, preset

    records = []
    for index, name in enumerate(PRESET_NAMES):
        rules = preset(name).with_overrides({"game_length": "east"})
        seats = [
            (GreedySeat if (index + seat) % 2 else RandomSeat)(index * 10 + seat)
            for seat in range(rules.players)
        ]
        table = Table(rules, seats, index)
        recorder = GameRecorder.attach(table)
        records.append(recorder.record(table.run()))
    return records


def corpus() -> list[Seed]:
    """The files mutations start from."""
    seeds: list[Seed] = []
    for path in sorted(MJLOG_DIR.glob("*.mjlog")):
        data = path.read_bytes()
        seeds.append(Seed(path.name, "mjlog", data))
        seeds.append(Seed(path.name + ".gz", "gzip", gzip.compress(data, mtime=0)))
        record = read_mjlog(path)
        seeds.append(Seed(path.stem + ".json", "tenhou6", tenhou6.dumps(record).encode()))
        seeds.append(Seed(path.stem + ".mjson", "mjai", mjai.dumps(record).encode()))
    for record in played_records():
        name = f"{record.ruleset}-{record.extra.get('seed', '')}"
        seeds.append(Seed(name + ".json", "tenhou6", tenhou6.dumps(record).encode()))
        seeds.append(Seed(name + ".mjson", "mjai", mjai.dumps(record).encode()))
    return seeds


# -- mutations: each takes the bytes and a generator and returns new bytes ---------------------------------


def _huge_number(rng: random.Random) -> str:
    return rng.choice(
        [
            "9" * rng.choice((41, 400, 5000)),
            "-" + "9" * 5000,
            "1e999",
            "-1e999",
            "1e-999",
            "4" * 20,
            "-1",
            "0.5",
        ]
    )


def byte_edits(data: bytes, rng: random.Random) -> bytes:
    """Bytes replaced, inserted or removed, with characters that matter to the formats."""
    return fuzz_mutations.byte_edits(data, rng, b'<>"/=,[]{}:0123456789-.\n ?rmpszEx\x00\xff')


def _pieces(data: bytes) -> tuple[list[bytes], bytes]:
    """Lines, or for one-line XML its tags; with the joiner."""
    if data.count(b"\n") > 2:
        return data.split(b"\n"), b"\n"
    parts = data.split(b"<")
    return parts, b"<"


def shuffle_pieces(data: bytes, rng: random.Random) -> bytes:
    """Lines or tags deleted, duplicated or swapped."""
    parts, joiner = _pieces(data)
    if len(parts) < 2:
        return fuzz_mutations.truncate(data, rng)
    for _ in range(rng.randint(1, 4)):
        i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
        action = rng.randrange(4)
        if action == 0 and len(parts) > 1:
            del parts[i]
        elif action == 1:
            parts.insert(j, parts[i])
        elif action == 2:
            parts[i], parts[j] = parts[j], parts[i]
        else:
            parts.insert(j, rng.choice(parts))
            del parts[min(i, len(parts) - 1)]
    return joiner.join(parts)


def xml_attributes(data: bytes, rng: random.Random) -> bytes:
    """mjlog: attribute values changed to odd numbers, lists and text; tag names changed."""
    text = data.decode("utf-8", "replace")
    for _ in range(rng.randint(1, 4)):
        quotes = [index for index, char in enumerate(text) if char == '"']
        if len(quotes) < 2:
            break
        pair = rng.randrange(len(quotes) // 2) * 2
        start, end = quotes[pair], quotes[pair + 1]
        value = rng.choice(
            [
                "",
                "-1",
                "1,,2",
                "x",
                "0,0",
                "136",
                "999",
                ",",
                "1.5",
                "%ZZ",
                "%E3%81",
                "4,4,4,4,4,4,4",
                _huge_number(rng),
            ]
        )
        if rng.random() < 0.3:
            old = text[start + 1 : end].split(",")
            old[rng.randrange(len(old))] = value
            value = ",".join(old)
        text = text[: start + 1] + value + text[end:]
    if rng.random() < 0.3:
        tags = [
            "INIT",
            "N",
            "REACH",
            "DORA",
            "AGARI",
            "RYUUKYOKU",
            "GO",
            "UN",
            "BYE",
            "T0",
            "D135",
            "W200",
            "mjloggm",
        ]
        at = text.find("<", rng.randrange(max(1, len(text))))
        if at >= 0:
            end = at + 1
            while end < len(text) and (text[end].isalnum()):
                end += 1
            text = text[: at + 1] + rng.choice(tags) + text[end:]
    return text.encode()


_ODD_VALUES: list[Callable[[random.Random], Any]] = [
    lambda rng: None,
    lambda rng: True,
    lambda rng: "x",
    lambda rng: "",
    lambda rng: -1,
    lambda rng: 0,
    lambda rng: 1.5,
    lambda rng: 2**64,
    lambda rng: 10**39,
    lambda rng: [],
    lambda rng: {},
    lambda rng: [0] * rng.randint(1, 20),
    lambda rng: "?",
    lambda rng: "5mr",
    lambda rng: rng.choice(["1m", "9p", "N", "C", "r60", "f44", "p212121", "k33333333", "a44444444", "60"]),
    lambda rng: rng.randint(-5, 200),
]


def json_values(data: bytes, rng: random.Random) -> bytes:
    """tenhou6: values changed anywhere in the document; mjai: in a few of the lines."""
    text = data.decode("utf-8", "replace")
    lines = text.split("\n")
    if len(lines) > 2:  # mjai
        for _ in range(rng.randint(1, 3)):
            index = rng.randrange(len(lines))
            try:
                value = json.loads(lines[index])
            except (ValueError, RecursionError):
                continue
            lines[index] = json.dumps(
                fuzz_mutations.mutate_value(value, rng, _ODD_VALUES), ensure_ascii=False
            )
        return "\n".join(lines).encode()
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return byte_edits(data, rng)
    for _ in range(rng.randint(1, 3)):
        value = fuzz_mutations.mutate_value(value, rng, _ODD_VALUES)
    return json.dumps(value, ensure_ascii=False).encode()


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    """Arrays or tags nested far too deep, somewhere in the text."""
    depth = rng.choice((65, 1000, 100_000))
    at = rng.randrange(len(data) + 1)
    if data.lstrip().startswith(b"<"):
        nested = b"<a>" * depth + b"</a>" * depth if rng.random() < 0.5 else b"<a>" * depth
    else:
        nested = b"[" * depth + (b"]" * depth if rng.random() < 0.5 else b"")
    if rng.random() < 0.2:
        return nested
    return data[:at] + nested + data[at:]


def huge_numbers(data: bytes, rng: random.Random) -> bytes:
    """A run of digits replaced by a number far too big (or a float that is not finite)."""
    text = data.decode("utf-8", "replace")
    digits = [index for index, char in enumerate(text) if char.isdigit()]
    if not digits:
        return (text + _huge_number(rng)).encode()
    for _ in range(rng.randint(1, 3)):
        start = rng.choice(digits)
        end = start
        while end < len(text) and text[end].isdigit():
            end += 1
        text = text[:start] + _huge_number(rng) + text[end:]
        digits = [index for index in digits if index < len(text) and text[index].isdigit()]
        if not digits:
            break
    return text.encode()


def small_numbers(data: bytes, rng: random.Random) -> bytes:
    """A few numbers nudged (a riichi stick, a score, a tile id): the log mostly still reads, and differs."""
    text = data.decode("utf-8", "replace")
    for _ in range(rng.randint(1, 3)):
        starts = [
            i for i, char in enumerate(text) if char in DIGITS and (i == 0 or not text[i - 1].isalnum())
        ]
        if not starts:
            break
        start = rng.choice(starts)
        end = start
        while end < len(text) and text[end] in DIGITS:
            end += 1
        if end - start > 12:
            continue
        value = int(text[start:end]) + rng.choice((-1000, -100, -4, -1, 1, 4, 100, 1000))
        text = text[:start] + str(max(value, 0)) + text[end:]
    return text.encode()


def _edit_record(record: GameRecord, rng: random.Random) -> GameRecord:
    """One change to a readable record: a hand's header, a step, a result or the final scores."""
    rounds = list(record.rounds)
    if not rounds:
        return record
    index = rng.randrange(len(rounds))
    hand = rounds[index]
    choice = rng.randrange(6)
    if choice == 0:
        name = rng.choice(["honba", "riichi_sticks", "round_wind", "kyoku"])
        hand = dataclasses.replace(hand, **{name: max(0, getattr(hand, name) + rng.choice((-1, 1, 2)))})
    elif choice == 1:
        scores = list(hand.scores)
        scores[rng.randrange(len(scores))] += rng.choice((-1000, 100, 8000))
        hand = dataclasses.replace(hand, scores=tuple(scores))
    elif choice == 2 and hand.steps:
        steps = list(hand.steps)
        at = rng.randrange(len(steps))
        action = rng.randrange(3)
        if action == 0:
            del steps[at]
        elif action == 1:
            steps.insert(at, steps[at])
        elif at + 1 < len(steps):
            steps[at], steps[at + 1] = steps[at + 1], steps[at]
        hand = dataclasses.replace(hand, steps=tuple(steps))
    elif choice == 3 and hand.results:
        results = list(hand.results)
        at = rng.randrange(len(results))
        result = results[at]
        if isinstance(result, WinResult):
            field = rng.choice(["han", "fu", "points", "seat"])
            value = getattr(result, field) + rng.choice((-1, 1, 10))
            if field == "seat":
                value %= record.players
            result = dataclasses.replace(result, **{field: value})
        else:
            deltas = list(result.deltas)
            if deltas:
                deltas[rng.randrange(len(deltas))] += rng.choice((-1000, 1500))
            result = dataclasses.replace(result, deltas=tuple(deltas))
        results[at] = result
        hand = dataclasses.replace(hand, results=tuple(results))
    elif choice == 4:
        hand = dataclasses.replace(hand, results=())
        rounds = rounds[: index + 1]
    elif record.final_scores is not None:
        scores = list(record.final_scores)
        scores[0] += 100
        return dataclasses.replace(record, final_scores=tuple(scores))
    rounds[index] = hand
    return dataclasses.replace(record, rounds=tuple(rounds))


_records: dict[bytes, GameRecord | None] = {}


def record_edits(data: bytes, rng: random.Random) -> bytes:
    """The log read, changed where it still reads (see _edit_record), and written as tenhou6 or mjai."""
    if data not in _records:
        if len(_records) > 2000:  # mutated inputs come by too: keep the memory bounded
            _records.clear()
        try:
            _records[data] = parse_log(data, SOURCE)[0]
        except Exception:  # unreadable (a reader bug shows up when such bytes are a case of their own)
            _records[data] = None
    record = _records[data]
    if record is None:
        return small_numbers(data, rng)
    for _ in range(rng.randint(1, 3)):
        record = _edit_record(record, rng)
    writer = tenhou6.dumps if rng.random() < 0.5 else mjai.dumps
    try:
        return writer(record).encode()
    except Exception:  # the writers take only records that make sense
        return small_numbers(data, rng)


def random_bytes(data: bytes, rng: random.Random) -> bytes:
    """Noise, sometimes behind a format's opening so the reader gets past its first check."""
    noise = rng.randbytes(rng.randint(0, 2000))
    prefix = rng.choice(
        [
            b"",
            b"\x1f\x8b",
            b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03",
            b'<mjloggm ver="2.3">',
            b'{"type":',
            b'{"log":[',
            b"\xef\xbb\xbf",
            b"[",
            b"{",
        ]
    )
    return prefix + noise


MUTATIONS: list[Callable[[bytes, random.Random], bytes]] = [
    fuzz_mutations.bit_flips,
    byte_edits,
    fuzz_mutations.truncate,
    shuffle_pieces,
    xml_attributes,
    json_values,
    json_values,
    deep_nesting,
    huge_numbers,
    random_bytes,
    fuzz_mutations.splice,
    small_numbers,
    record_edits,
]
GENTLE = [small_numbers, record_edits, record_edits]
GZIP_DAMAGE: list[Callable[[bytes, random.Random], bytes]] = [
    fuzz_mutations.bit_flips,
    fuzz_mutations.truncate,
    byte_edits,
]


def make_case(seeds: list[Seed], seed: int, number: int) -> tuple[str, bytes, int]:
    """Case ``number`` of run ``seed``: a description, its bytes and the size limit to read it with."""
    rng = random.Random(seed * 1_000_003 + number)
    base = rng.choice(seeds)
    fuzz_mutations.splice_with[0] = rng.choice(seeds).data
    data = base.data
    names = []
    packed = base.kind == "gzip"
    if packed and rng.random() < 0.5:  # damage the gzip stream itself
        damage = rng.choice(GZIP_DAMAGE)
        names.append(f"gzip-{damage.__name__}")
        return f"{base.name}: {'+'.join(names)}", damage(data, rng), MAX_BYTES
    if packed:
        data = gzip.decompress(data)
    gentle = rng.random() < 0.35  # one change that mostly still reads, so the replay and match are reached
    for _ in range(1 if gentle else rng.choice((1, 1, 1, 2, 3))):
        mutation = rng.choice(GENTLE if gentle else MUTATIONS)
        names.append(mutation.__name__)
        data = mutation(data, rng)
    limit = MAX_BYTES
    if rng.random() < 0.02:  # oversized: a plain file or a gzip bomb over the limit
        names.append("bomb")
        data = data + b" " * (MAX_BYTES + 1)
        packed = packed or rng.random() < 0.7
    if packed:
        data = gzip.compress(data, compresslevel=1, mtime=0)
        if rng.random() < 0.1:
            names.append("two-members")
            data += gzip.compress(b"\n", mtime=0)
    return f"{base.name}: {'+'.join(names)}", data, limit


@dataclass
class Failure:
    """A distinct traceback shape: the first case that showed it and how many did."""

    case: int
    description: str
    detail: str
    count: int = 1


def run_case(data: bytes, limit: int) -> list[str]:
    """Check one case; returns its report lines (an exception escaping is the caller's to catch)."""
    lines: list[str] = []
    check_data(data, SOURCE, None, Summary(), lines.append, max_bytes=limit)
    return lines


def bad_lines(lines: list[str]) -> list[str]:
    """Report lines that are not one line naming the case."""
    return [
        line
        for line in lines
        if "\n" in line
        or "\r" in line
        or len(line) > MAX_LINE_CHARS
        or not line.startswith((f"error: {SOURCE}", f"{SOURCE}:"))
    ]


def fuzz(seconds: float, seed: int, save: Path | None, only: int | None = None) -> int:
    """Run cases until time is up; print the figures and each distinct failure. Exit status 1 on any."""
    seeds = corpus()
    print(f"fuzz_logs: corpus of {len(seeds)} files, seed {seed}", flush=True)
    failures: dict[str, Failure] = {}
    started = time.perf_counter()
    number = 0 if only is None else only
    cases = tracebacks = 0
    slowest = 0.0
    while True:
        elapsed = time.perf_counter() - started
        if (only is None and elapsed >= seconds) or (only is not None and cases == 1):
            break
        description, data, limit = make_case(seeds, seed, number)
        case_started = time.perf_counter()
        shape = detail = None
        try:
            lines = run_case(data, limit)
            wrong = bad_lines(lines)
            if wrong:
                shape, detail = "a report line that is not one line naming the file", repr(wrong[0][:300])
        except Exception as error:
            frame = traceback.extract_tb(error.__traceback__)[-1]
            shape = f"{type(error).__name__} at {Path(frame.filename).name}:{frame.lineno}"
            detail = "".join(traceback.format_exception(error)).strip()
        took = time.perf_counter() - case_started
        slowest = max(slowest, took)
        if shape is None and took > SLOW_S:
            shape, detail = f"a case slower than {SLOW_S:.0f} s", f"{took:.1f} s"
        if shape is not None:
            tracebacks += 1
            if shape in failures:
                failures[shape].count += 1
            else:
                failures[shape] = Failure(number, description, detail or "")
                if save is not None:
                    save.mkdir(parents=True, exist_ok=True)
                    (save / f"case-{number}.log").write_bytes(data)
        cases += 1
        number += 1
        if only is None and cases % 500 == 0:
            print(f"  {cases} cases, {tracebacks} tracebacks, {elapsed:.0f} s", flush=True)
    elapsed = time.perf_counter() - started
    for shape, failure in failures.items():
        print(
            f"FAILED ({failure.count}x) {shape}: case {failure.case} ({failure.description}),"
            f" rerun: python -m tools.fuzz_logs --seed {seed} --case {failure.case}"
        )
        print("    " + failure.detail.replace("\n", "\n    "))
    print(f"slowest case {slowest:.2f} s")
    print(f"cases={cases} tracebacks={tracebacks} seconds={elapsed:.0f}")
    return 1 if tracebacks else 0


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz_logs", description=__doc__)
    parser.add_argument("--seconds", type=float, default=600.0, help="how long to run (default 600)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--case", type=int, help="run only this case of the seed (as printed for a failure)")
    parser.add_argument("--save", type=Path, help="write the first input of each failure to this folder")
    args = parser.parse_args(argv)
    return fuzz(args.seconds, args.seed, args.save, args.case)


if __name__ == "__main__":
    sys.exit(main())
