"""verify-log against real Tenhou games (mjx's 85 mjlog files) and its handling of bad files."""

from __future__ import annotations

import gzip
import io
import subprocess
import sys
from pathlib import Path

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
