"""verify-log against real Tenhou games (mjx's 85 mjlog files) and its handling of bad files."""

from __future__ import annotations

import gzip
import io
import json
import re
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from game.verify import verify_files
from tests.conftest import ORACLES, ROOT, needs_shared

MJLOG = ORACLES / "mjx" / "mjlog"
FILES = sorted(MJLOG.glob("*.mjlog"))


@needs_shared
def test_there_are_85_tenhou_logs() -> None:
    assert len(FILES) == 85


@needs_shared
def test_every_tenhou_log_agrees() -> None:
    out = io.StringIO()
    summary = verify_files(FILES, None, out)
    assert summary.disagreed == 0, out.getvalue()
    assert summary.errors == 0, out.getvalue()
    assert summary.hands == summary.agreed > 400
    assert out.getvalue().splitlines()[-1] == summary.line()


@needs_shared
def test_command_line_and_exit_status(tmp_path: Path) -> None:
    good = FILES[0]
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "verify-log", str(good)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("hands=")
    assert " disagreed=0 errors=0" in done.stdout.splitlines()[-1]


@needs_shared
def test_gzip_reads_like_plain(tmp_path: Path) -> None:
    packed = tmp_path / "game.mjlog.gz"
    packed.write_bytes(gzip.compress(FILES[0].read_bytes()))
    plain_out, packed_out = io.StringIO(), io.StringIO()
    plain = verify_files([FILES[0]], None, plain_out)
    zipped = verify_files([packed], None, packed_out)
    assert (plain.hands, plain.agreed) == (zipped.hands, zipped.agreed)


@needs_shared
@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines"),
        (b"hello", "neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines"),
        (b"\x1f\x8b\x08\x00garbage", "a damaged gzip file"),
        (b"\xff\xfe<mjloggm>", "not UTF-8 text"),
    ],
)
def test_bad_files_are_errors_and_the_run_goes_on(tmp_path: Path, content: bytes, message: str) -> None:
    bad = tmp_path / "bad.log"
    bad.write_bytes(content)
    out = io.StringIO()
    summary = verify_files([bad, FILES[0]], None, out)
    lines = out.getvalue().splitlines()
    assert summary.errors == 1
    assert lines[0].startswith(f"error: {bad}: ")
    assert message in lines[0]
    assert summary.hands > 0  # the good file after it was still checked


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    out = io.StringIO()
    summary = verify_files([tmp_path / "nope.mjlog"], None, out)
    assert summary.errors == 1
    assert "cannot read the file" in out.getvalue()


@needs_shared
def test_truncated_mjlog_is_an_error_naming_the_file(tmp_path: Path) -> None:
    cut = tmp_path / "cut.mjlog"
    cut.write_bytes(FILES[0].read_bytes()[:3000])
    out = io.StringIO()
    summary = verify_files([cut], None, out)
    assert summary.errors == 1
    assert out.getvalue().startswith(f"error: {cut}")


@needs_shared
def test_ruleset_override_is_used() -> None:
    out = io.StringIO()
    summary = verify_files([FILES[0]], "no-such-preset", out)
    assert summary.errors == 1
    assert "unknown rule set 'no-such-preset'" in out.getvalue()


@needs_shared
def test_every_tenhou_log_agrees_as_tenhou6_json(tmp_path: Path) -> None:
    # The same games written as tenhou.net/6 JSON, the format Tenhou's viewer and NAGA read.
    from game.logs.mjlog import read_mjlog
    from game.logs.tenhou6 import dumps

    converted = []
    for path in FILES:
        target = tmp_path / f"{path.stem}.json"
        target.write_text(dumps(read_mjlog(path)), encoding="utf-8")
        converted.append(target)
    out = io.StringIO()
    summary = verify_files(converted, None, out)
    assert (summary.disagreed, summary.errors) == (0, 0), out.getvalue()
    assert summary.hands == summary.agreed > 400


@needs_shared
def test_the_log_game_type_sets_the_rules(tmp_path: Path) -> None:
    # A Tenhou game type without red fives and without open tanyao (GO type bits 0x02 and 0x04).
    from game.logs.mjlog import read_mjlog
    from game.verify import log_rules

    text = FILES[0].read_text(encoding="utf-8")
    record = read_mjlog(FILES[0])
    assert log_rules(record).red_fives == (1, 1, 1)
    go_type = int(text.split('<GO type="')[1].split('"')[0])
    variant = tmp_path / "variant.mjlog"
    variant.write_text(
        text.replace(f'<GO type="{go_type}"', f'<GO type="{go_type | 0x06}"', 1), encoding="utf-8"
    )
    rules = log_rules(read_mjlog(variant))
    assert rules.red_fives == (0, 0, 0)
    assert rules.kuitan is False


# -- issue 12: a bad file is its lines in the report and the next file is read ------------------------------


def _tenhou6_with_sticks(tmp_path: Path, hand: int, sticks: int) -> Path:
    """FILES[0] as tenhou.net/6 JSON with the riichi-stick count of one hand header changed."""
    from game.logs.mjlog import read_mjlog
    from game.logs.tenhou6 import dumps

    log = json.loads(dumps(read_mjlog(FILES[0])))
    log["log"][hand][0][2] = sticks
    path = tmp_path / "sticks.json"
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    return path


def _mjlog_with_seed(tmp_path: Path, seed: str, changed: str) -> Path:
    """FILES[0] with the seed (round, honba, riichi sticks, dice, dora) of one INIT tag changed."""
    text = FILES[0].read_text(encoding="utf-8")
    assert text.count(f'<INIT seed="{seed}"') == 1
    path = tmp_path / "sticks.mjlog"
    path.write_text(text.replace(f'<INIT seed="{seed}"', f'<INIT seed="{changed}"'), encoding="utf-8")
    return path


# FILES[0]'s hands: E1-0, E2-0 (a win, no sticks), E2-1, E3-0, E4-0, E4-1, S1-2 (a win, one stick), S2-0
A_STICK_TOO_MANY = [  # E2-0's header says 1 riichi stick where the match so far has 0
    "E2-0: riichi sticks at the start: log 1, engine 0",
    "E2-0: seat 1's win: deltas log [-2600, 8800, -2600, -2600], engine [-2600, 9800, -2600, -2600]",
]
A_STICK_TOO_FEW = [  # S1-2's header says 0 riichi sticks where the match so far has 1
    "S1-2: riichi sticks at the start: log 0, engine 1",
    "S1-2: seat 3's win: deltas log [0, 0, -4500, 5500], engine [0, 0, -4500, 4500]",
]
STICKS_OFF = [
    pytest.param(lambda tmp_path: _tenhou6_with_sticks(tmp_path, 1, 1), A_STICK_TOO_MANY, id="tenhou6"),
    pytest.param(
        lambda tmp_path: _mjlog_with_seed(tmp_path, "4,2,1,0,3,6", "4,2,0,0,3,6"), A_STICK_TOO_FEW, id="mjlog"
    ),
]


@needs_shared
@pytest.mark.parametrize(("make", "problems"), STICKS_OFF)
def test_a_hand_header_off_the_running_scores_is_reported_and_the_next_file_read(
    tmp_path: Path, make: Any, problems: list[str]
) -> None:
    # before: MatchError out of next_hand ended the whole run
    bad = make(tmp_path)
    out = io.StringIO()
    summary = verify_files([bad, FILES[1]], None, out)
    assert out.getvalue().splitlines() == [
        *(f"{bad}: {problem}" for problem in problems),
        "hands=12 agreed=11 disagreed=1 errors=0",  # the other 7 hands and FILES[1]'s 4 still agree
    ]
    assert summary.disagreed == 1


@needs_shared
def test_the_command_goes_on_past_hand_headers_off_the_scores(tmp_path: Path) -> None:
    (tmp_path / "json").mkdir()
    (tmp_path / "xml").mkdir()
    bad_json = _tenhou6_with_sticks(tmp_path / "json", 1, 1)
    bad_mjlog = _mjlog_with_seed(tmp_path / "xml", "4,2,1,0,3,6", "4,2,0,0,3,6")
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "verify-log", str(bad_json), str(bad_mjlog), str(FILES[1])],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stderr == ""  # no traceback
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        *(f"{bad_json}: {problem}" for problem in A_STICK_TOO_MANY),
        *(f"{bad_mjlog}: {problem}" for problem in A_STICK_TOO_FEW),
        "hands=20 agreed=18 disagreed=2 errors=0",
    ]


def _corrupt_gzip(tmp_path: Path) -> Path:
    """FILES[0] gzipped with 16 bytes in the middle of the deflate stream inverted."""
    packed = bytearray(gzip.compress(FILES[0].read_bytes(), mtime=0))
    middle = len(packed) // 2
    packed[middle : middle + 16] = bytes(byte ^ 0xFF for byte in packed[middle : middle + 16])
    path = tmp_path / "corrupt.mjlog.gz"
    path.write_bytes(bytes(packed))
    return path


@needs_shared
def test_a_corrupt_gzip_stream_is_one_line_and_the_next_file_read(tmp_path: Path) -> None:
    # before: zlib.error ("invalid distance too far back") out of gzip.decompress ended the run
    bad = _corrupt_gzip(tmp_path)
    out = io.StringIO()
    summary = verify_files([bad, FILES[0]], None, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"error: {bad}: a damaged gzip file: Error -3 while decompressing data: ")
    assert lines[1] == "hands=8 agreed=8 disagreed=0 errors=1"
    assert summary.errors == 1


@needs_shared
def test_a_tile_number_of_thousands_of_digits_is_one_line_with_its_reason(tmp_path: Path) -> None:
    # before: ValueError (int() of over 4,300 digits) ended the run; then the 5,000-digit tag name filled the
    # line and the reason was cut off
    text = FILES[0].read_text(encoding="utf-8")
    draw = re.search(r"<T\d+/>", text)
    assert draw is not None
    bad = tmp_path / "huge.mjlog"
    bad.write_text(text[: draw.start()] + "<T" + "9" * 5000 + "/>" + text[draw.end() :], encoding="utf-8")
    out = io.StringIO()
    verify_files([bad, FILES[1]], None, out)
    assert out.getvalue().splitlines() == [
        f"error: {bad}: round 1 (E1-0), tag 6 <T9999999999999999999... (5001 characters)>: unknown tag",
        "hands=4 agreed=4 disagreed=0 errors=1",
    ]


def _verify_log(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """main.py verify-log ARGS in this process: exit status, standard output and standard error."""
    import main

    status = main.main(["verify-log", *(str(arg) for arg in args)])
    out, err = capsys.readouterr()
    return status, out, err


@needs_shared
def test_a_file_over_max_size_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert FILES[1].stat().st_size < 0.01 * 1024 * 1024 < FILES[0].stat().st_size == 13_076
    status, out, err = _verify_log(capsys, "--max-size", "0.01", FILES[0], FILES[1])
    assert out.splitlines() == [
        f"error: {FILES[0]}: the file is 12.8 KB, over the 10.2 KB limit (--max-size)",  # not "0 MB ... 0 MB"
        "hands=4 agreed=4 disagreed=0 errors=1",
    ]
    assert (status, err) == (2, "")  # a data error


@needs_shared
def test_a_gzip_bomb_stops_at_max_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bomb = tmp_path / "bomb.mjlog.gz"
    bomb.write_bytes(gzip.compress(b"<mjloggm>" + b" " * 3_000_000, mtime=0))  # 3 KB that unpack to 3 MB
    assert bomb.stat().st_size < 10_000
    status, out, err = _verify_log(capsys, "--max-size", "1", bomb, FILES[0])
    assert out.splitlines() == [
        f"error: {bomb}: a gzip file that unpacks to over the 1 MB limit (--max-size)",
        "hands=8 agreed=8 disagreed=0 errors=1",
    ]
    assert (status, err) == (2, "")


def test_the_default_limit_is_64_mb_on_disk_and_unpacked(tmp_path: Path) -> None:
    # before: both were read whole (65 MB of NUL bytes, 65 MB unpacked) and then called no log at all
    sparse = tmp_path / "sparse.mjlog"
    with sparse.open("wb") as handle:
        handle.truncate(65 * 1024 * 1024)  # a hole: no disk space, no time
    bomb = tmp_path / "bomb.mjlog.gz"
    packer = zlib.compressobj(1, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    chunk = b" " * (1024 * 1024)
    bomb.write_bytes(
        packer.compress(b"<mjloggm>") + b"".join(packer.compress(chunk) for _ in range(64)) + packer.flush()
    )
    out = io.StringIO()
    summary = verify_files([sparse, bomb], None, out)
    assert out.getvalue().splitlines() == [
        f"error: {sparse}: the file is 65 MB, over the 64 MB limit (--max-size)",
        f"error: {bomb}: a gzip file that unpacks to over the 64 MB limit (--max-size)",
        "hands=0 agreed=0 disagreed=0 errors=2",
    ]
    assert summary.errors == 2


def _screen(text: str) -> list[str]:
    """The rows a terminal shows for text: each carriage return writes over its row from the start."""
    rows = []
    for row in text.split("\n"):
        shown = ""
        for part in row.split("\r"):
            shown = part + shown[len(part) :]
        rows.append(shown.rstrip(" "))
    return rows


_BAR = re.compile(r"verify-log: (\d)/3 files, (\d+) hands: (\S.*)")


@needs_shared
def test_progress_bar_on_standard_error_leaves_standard_output_to_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.mjlog"
    empty.write_bytes(b"")
    report = [
        f"error: {empty}: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines (it starts with '')",
        "hands=12 agreed=12 disagreed=0 errors=1",
    ]
    status, out, err = _verify_log(capsys, "--progress", FILES[0], empty, FILES[1])
    assert (status, out.splitlines()) == (2, report)
    assert "\n" not in err
    assert err.startswith("\rverify-log: 0/3 files, 0 hands: ...")
    assert err.endswith("\r")
    assert _screen(err) == [""]  # wiped at the end
    drawn = [part.rstrip(" ") for part in err.split("\r") if part.strip(" ")]
    bars = [_BAR.fullmatch(part) for part in drawn]
    assert all(bars), drawn
    # each file's start is drawn: (files done, hands checked so far, the end of the file's name)
    starts = {(bar[1], bar[2]): bar[3] for bar in bars if bar is not None}
    assert str(FILES[0]).endswith(starts["0", "0"].removeprefix("..."))
    assert str(empty).endswith(starts["1", "8"].removeprefix("..."))
    assert str(FILES[1]).endswith(starts["2", "8"].removeprefix("..."))
    # off, and the default when standard error is no terminal: no bar, the same report
    assert _verify_log(capsys, "--no-progress", FILES[0], empty, FILES[1]) == (2, out, "")
    assert _verify_log(capsys, FILES[0], empty, FILES[1]) == (2, out, "")


@needs_shared
def test_the_progress_bar_is_wiped_before_each_report_line(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mjlog"
    empty.write_bytes(b"")
    screen = io.StringIO()  # standard output and standard error on one terminal
    verify_files([FILES[0], empty, FILES[1]], None, screen, err=screen, progress=True)
    assert "verify-log: 1/3 files, 8 hands: " in screen.getvalue()
    assert _screen(screen.getvalue()) == [
        f"error: {empty}: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines (it starts with '')",
        "hands=12 agreed=12 disagreed=0 errors=1",
        "",
    ]


def test_progress_waits_two_seconds_then_redraws_at_most_ten_times_a_second() -> None:
    from game.verify import PROGRESS_AFTER_S, Progress

    now = [1000.0]
    stream = io.StringIO()
    bar = Progress(stream, 2, enabled=True, clock=lambda: now[0])
    bar.file(0, "a.mjlog")
    bar.hand()
    assert stream.getvalue() == ""  # a short run shows nothing
    now[0] += PROGRESS_AFTER_S
    bar.hand()
    assert stream.getvalue() == "\rverify-log: 0/2 files, 2 hands: a.mjlog"
    now[0] += 0.05
    bar.hand()  # within a tenth of a second of the last drawing
    assert stream.getvalue() == "\rverify-log: 0/2 files, 2 hands: a.mjlog"
    bar.file(1, "b" * 50)  # a new file is always drawn; a long name keeps its end
    first = "\rverify-log: 0/2 files, 2 hands: a.mjlog"
    second = "\rverify-log: 1/2 files, 3 hands: ..." + "b" * 37
    assert stream.getvalue() == first + second
    now[0] += 0.1
    bar.file(2, "c")  # a shorter line blanks the rest of the longer one
    third = "\r" + "verify-log: 2/2 files, 3 hands: c".ljust(len(second) - 1)
    assert stream.getvalue() == first + second + third
    bar.clear()
    assert (
        stream.getvalue()
        == first + second + third + "\r" + " " * len("verify-log: 2/2 files, 3 hands: c") + "\r"
    )
    for enabled, immediate in ((False, True), (True, True)):
        stream = io.StringIO()
        bar = Progress(stream, 1, enabled=enabled, immediate=immediate, clock=lambda: 5.0)
        bar.file(0, "x")
        assert stream.getvalue() == ("\rverify-log: 0/1 files, 0 hands: x" if enabled else "")


class _Terminal(io.StringIO):
    """Standard error on a terminal."""

    def isatty(self) -> bool:
        return True


@needs_shared
@pytest.mark.parametrize(
    ("err", "progress", "shown"),
    [
        (_Terminal, None, True),  # the default on a terminal for a long input
        (io.StringIO, None, False),  # never into a file or pipe by default
        (_Terminal, False, False),  # --no-progress
        (io.StringIO, True, True),  # --progress
    ],
)
def test_when_the_bar_is_shown(
    monkeypatch: pytest.MonkeyPatch, err: type[io.StringIO], progress: bool | None, shown: bool
) -> None:
    import game.verify

    monkeypatch.setattr(game.verify, "PROGRESS_BYTES", FILES[0].stat().st_size)  # FILES[0] is a long input
    stream, out = err(), io.StringIO()
    verify_files([FILES[0]], None, out, err=stream, progress=progress)
    assert out.getvalue() == "hands=8 agreed=8 disagreed=0 errors=0\n"
    assert stream.getvalue().startswith("\rverify-log: 0/1 files, 0 hands: ") is shown
    assert _screen(stream.getvalue()) == [""]


MJAI_CHUNKS = 4  # the 85 games in four tests, so that the two test workers share them


@needs_shared
@pytest.mark.parametrize("chunk", range(MJAI_CHUNKS))
def test_every_tenhou_log_agrees_as_mjai_json_lines(tmp_path: Path, chunk: int) -> None:
    # The same games as mjai events (what Mortal and mjai-reviewer read and write), one JSON object a line.
    # before: every file was "not JSON (Extra data ...)"
    from game.logs.mjai import dumps
    from game.logs.mjlog import read_mjlog

    converted, hands = [], 0
    for number, path in enumerate(FILES[chunk::MJAI_CHUNKS]):
        record = read_mjlog(path)
        hands += len(record.rounds)
        target = tmp_path / f"{path.stem}.{('mjson', 'jsonl')[number % 2]}"
        target.write_text(dumps(record), encoding="utf-8")
        converted.append(target)
    out = io.StringIO()
    summary = verify_files(converted, None, out)
    assert out.getvalue() == f"hands={hands} agreed={hands} disagreed=0 errors=0\n"
    assert summary.hands == hands > 90


@needs_shared
def test_mjai_json_lines_gzipped_and_with_a_disagreement(tmp_path: Path) -> None:
    from game.logs.mjai import dumps
    from game.logs.mjlog import read_mjlog

    lines = dumps(read_mjlog(FILES[0])).splitlines(keepends=True)
    assert lines[96] == '{"type":"hora","actor":3,"target":2,"deltas":[0,0,-5200,5200],"ura_markers":[]}\n'
    packed = tmp_path / "game.json.gz"  # as Mortal's logs come
    packed.write_bytes(gzip.compress("".join(lines).encode(), mtime=0))
    changed = tmp_path / "changed.mjson"
    lines[96] = lines[96].replace("[0,0,-5200,5200]", "[-1000,1000,-5200,5200]")
    changed.write_text("".join(lines), encoding="utf-8")
    out = io.StringIO()
    verify_files([packed, changed], None, out)
    assert out.getvalue().splitlines() == [
        f"{changed}: E1-0: seat 3's win: deltas log [-1000, 1000, -5200, 5200], engine [0, 0, -5200, 5200]",
        "hands=16 agreed=15 disagreed=1 errors=0",
    ]


@needs_shared
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        pytest.param(
            lambda lines: [*lines[:3], lines[3].replace('"1s"', '"1x"'), *lines[4:]],
            "line 4 (E1-0): the discard '1x' is no mjai tile name",
            id="unknown-tile",
        ),
        pytest.param(
            lambda lines: [*lines[:3], lines[3].replace('"1s"', '"C"'), *lines[4:]],
            "line 4 (E1-0): the discard: seat 0 does not hold C",
            id="discard-not-held",
        ),
        pytest.param(
            lambda lines: [*lines[:3], '["dahai", 0, "1s"]\n', *lines[4:]],
            "line 4: an mjai event is a JSON object",
            id="not-an-object",
        ),
        pytest.param(
            # before: read as a tenhou.net/6 JSON that breaks off at line 2
            lambda lines: [lines[0][:40] + "\n", *lines[1:]],
            "line 1: not valid JSON at column 38: Unterminated string",
            id="damaged-first-line",
        ),
    ],
)
def test_a_malformed_mjai_line_is_one_line_naming_the_file_and_the_line(
    tmp_path: Path, edit: Any, message: str
) -> None:
    from game.logs.mjai import dumps
    from game.logs.mjlog import read_mjlog

    lines = dumps(read_mjlog(FILES[0])).splitlines(keepends=True)
    assert lines[3] == '{"type":"dahai","actor":0,"pai":"1s","tsumogiri":false}\n'
    bad = tmp_path / "bad.mjson"
    bad.write_text("".join(edit(lines)), encoding="utf-8")
    out = io.StringIO()
    summary = verify_files([bad, FILES[1]], None, out)
    assert out.getvalue().splitlines() == [
        f"error: {bad}: {message}",
        "hands=4 agreed=4 disagreed=0 errors=1",
    ]
    assert summary.errors == 1


def test_the_examples_in_verify_hold() -> None:
    import doctest

    import game.verify

    results = doctest.testmod(game.verify)
    assert results.failed == 0
    assert results.attempted >= 2


# A download cut short in the middle of a hand: the hands before it are checked, the cut one is one
# "truncated" line and counts as an error of the file, never as a disagreement of the engine. FILES[0] cut in
# its third hand (E2-1), as each format; a cut line or tag at the end is left out.
def _cut_mjlog() -> str:
    text = FILES[0].read_text(encoding="utf-8")
    third = [match.start() for match in re.finditer("<INIT", text)][2]
    return text[: third + 700]


def _cut_tenhou6() -> str:
    from game.logs.mjlog import read_mjlog
    from game.logs.tenhou6 import dumps

    text = dumps(read_mjlog(FILES[0]))
    third = json.dumps(json.loads(text)["log"][2], ensure_ascii=False, separators=(",", ":"))
    return text[: text.index(third) + len(third) // 2]


def _cut_mjai(whole_lines: bool) -> str:
    from game.logs.mjai import dumps
    from game.logs.mjlog import read_mjlog

    lines = dumps(read_mjlog(FILES[0])).splitlines(keepends=True)
    third = [number for number, line in enumerate(lines) if '"start_kyoku"' in line][2]
    cut = "".join(lines[: third + 9])
    return cut if whole_lines else cut + lines[third + 9][:20]


@needs_shared
@pytest.mark.parametrize(
    "name, make, position",
    [
        ("cut.mjlog", _cut_mjlog, r"tag \d+"),
        ("cut.json", _cut_tenhou6, r"log\[2\]"),
        ("cut.mjson", lambda: _cut_mjai(False), r"line \d+"),
        ("cut-at-a-line.mjson", lambda: _cut_mjai(True), r"line \d+"),
    ],
    ids=["mjlog", "tenhou6", "mjai-mid-line", "mjai-whole-lines"],
)
def test_a_log_cut_in_the_middle_of_a_hand_is_truncated_there(
    tmp_path: Path, name: str, make: Any, position: str
) -> None:
    cut = tmp_path / name
    cut.write_text(make(), encoding="utf-8")
    out = io.StringIO()
    summary = verify_files([cut, FILES[1]], None, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2, lines
    expected = (
        rf"{re.escape(str(cut))}: E2-1 \({position}\): truncated: the log stops in the middle of this hand"
    )
    assert re.fullmatch(expected, lines[0]), lines[0]
    # E1-0 and E2-0 agree, E2-1 is the error; FILES[1]'s 4 hands are read after it
    assert lines[1] == "hands=7 agreed=6 disagreed=0 errors=1"
    assert (summary.hands, summary.agreed, summary.disagreed, summary.errors) == (7, 6, 0, 1)


@needs_shared
def test_a_log_cut_between_hands_is_truncated_after_its_last_hand(tmp_path: Path) -> None:
    from game.logs.mjai import dumps
    from game.logs.mjlog import read_mjlog

    lines = dumps(read_mjlog(FILES[0])).splitlines(keepends=True)
    third = [number for number, line in enumerate(lines) if '"start_kyoku"' in line][2]
    cut = tmp_path / "between.mjson"
    cut.write_text("".join(lines[:third]), encoding="utf-8")
    out = io.StringIO()
    verify_files([cut], None, out)
    assert out.getvalue().splitlines() == [
        f"{cut}: truncated: the log stops after its last whole hand",
        "hands=2 agreed=2 disagreed=0 errors=1",
    ]


@needs_shared
def test_a_whole_log_that_ends_in_the_middle_of_a_hand_is_no_error(tmp_path: Path) -> None:
    # mjx's "upd-bef-*" games stop before their last update on purpose: the files are whole (</mjloggm>), and
    # so are the same games written as tenhou.net/6 JSON (不明) and mjai (end_game).
    from game.logs.mjai import dumps as mjai_dumps
    from game.logs.mjlog import read_mjlog
    from game.logs.tenhou6 import dumps as tenhou6_dumps

    path = MJLOG / "upd-bef-chankan-twice.mjlog"
    record = read_mjlog(path)
    assert not record.rounds[-1].results
    json_file, mjai_file = tmp_path / "whole.json", tmp_path / "whole.mjson"
    json_file.write_text(tenhou6_dumps(record), encoding="utf-8")
    mjai_file.write_text(mjai_dumps(record), encoding="utf-8")
    out = io.StringIO()
    summary = verify_files([path, json_file, mjai_file], None, out)
    assert (summary.disagreed, summary.errors) == (0, 0), out.getvalue()
