"""The command line (main.py) and the title screen, without a display: SDL's dummy driver or none at all;
numbers out of range, and every command ending quietly on Ctrl-C and SIGTERM."""

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest
from PIL import Image

import main
from graphics.screens.layouts import title_layout
from graphics.tileart import CLASSIC
from tests.conftest import AS_FROM_A_TERMINAL, stop_with_signal

ROOT = Path(__file__).resolve().parents[1]


def run_main(
    *args: str, env: dict[str, str] | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """Run `python main.py ARGS` as a user would, from another directory."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT.parent,
        timeout=60,
        check=False,
    )


def test_help_lists_the_commands() -> None:
    result = run_main("--help")
    assert result.returncode == 0, result.stderr
    for command in ("play", "score", "capture"):
        assert f"    {command} " in result.stdout


def test_score_reads_stdin_and_answers_each_line(score_samples: tuple[tuple[dict, dict], ...]) -> None:
    requests = "".join(json.dumps(request) + "\n" for request, _ in score_samples)
    result = run_main("score", stdin=requests)
    assert result.returncode == 0, result.stderr
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        expected for _, expected in score_samples
    ]


def test_score_reads_an_input_file(tmp_path: Path, score_samples: tuple[tuple[dict, dict], ...]) -> None:
    request, expected = score_samples[0]
    source = tmp_path / "hands.jsonl"
    source.write_text(json.dumps(request) + "\n", encoding="utf-8")
    result = run_main("score", "--input", str(source))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected


@pytest.mark.parametrize("name", ["missing.json", "."])
def test_score_with_an_unreadable_input_is_a_one_line_error(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    result = run_main("score", "--input", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("error: cannot read input file")
    assert str(path) in result.stderr


def test_score_answers_a_non_utf8_line_with_an_error_and_goes_on(
    tmp_path: Path, score_samples: tuple[tuple[dict, dict], ...]
) -> None:
    # before: the whole run ended with "is not UTF-8 text" and the answer to the first line was lost
    (first, first_answer), (second, second_answer) = score_samples[:2]
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(
        json.dumps(first).encode() + b'\n{"hand": "\xe9"}\n' + json.dumps(second).encode() + b"\n"
    )
    result = run_main("score", "--input", str(path))
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers == [first_answer, {"error": "line 2: not UTF-8 text (byte 11)"}, second_answer]


@pytest.mark.parametrize(
    "driver",
    [
        # what a user on a headless Linux machine gets; elsewhere there is always a display
        pytest.param(
            None, marks=pytest.mark.skipif(sys.platform != "linux", reason="Linux display variables")
        ),
        "x11",
    ],
)
def test_play_without_a_display_is_a_one_line_error(driver: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    result = run_main(env=env)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("error: cannot open a window")


def test_capture_writes_the_title_screen(tmp_path: Path) -> None:
    out = tmp_path / "title.png"
    assert main.main(["capture", str(out), "--size", "640x360"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(out) as image:
        assert image.size == (640, 360)
        rgb = image.convert("RGB")
        corner = rgb.getpixel((2, 2))
        # no saved match, so no Continue: New game, Tournaments, Settings, Yaku reference, Quit
        tile = title_layout(640, 360, buttons=5).tiles[3]  # the East tile
        face = rgb.getpixel(
            (tile.x + round(tile.w * 0.06), tile.y + round(tile.h * 0.4))
        )  # margin beside the art
    assert isinstance(corner, tuple)
    assert isinstance(face, tuple)
    assert corner[1] > max(corner[0], corner[2]), "background is green felt"
    assert all(abs(a - b) <= 24 for a, b in zip(face, CLASSIC.face_top, strict=True)), "tile face is ivory"


@pytest.mark.parametrize("size", ["big", "10x10", "1280x"])
def test_capture_rejects_a_bad_size(size: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main.main(["capture", "out.png", "--size", size])
    assert exit_info.value.code == 2


def test_play_runs_frames_then_quits(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "RIICHI_MAHJONG_HOME": str(tmp_path),
    }
    result = run_main("play", "--size", "800x600", "--frames", "3", env=env)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("scene", main.CAPTURE_SCENES)
@pytest.mark.parametrize("language", ["en", "ko"])
def test_capture_renders_every_menu_screen(tmp_path: Path, scene: str, language: str) -> None:
    out = tmp_path / f"{scene}.png"
    assert (
        main.main(["capture", str(out), "--size", "800x450", "--scene", scene, "--language", language]) == 0
    )
    with Image.open(out) as image:
        assert image.size == (800, 450)
        colors = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colors is not None
    assert len(colors) > 200  # a real picture, not a blank fill


def test_capture_of_tournament_screens_leaves_the_players_records_alone(tmp_path: Path) -> None:
    home = Path(os.environ["RIICHI_MAHJONG_HOME"])
    before = sorted(path.name for path in home.iterdir()) if home.exists() else []
    assert main.main(["capture", str(tmp_path / "lobby.png"), "--scene", "tournament-lobby"]) == 0
    after = sorted(path.name for path in home.iterdir()) if home.exists() else []
    assert after == before


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # before: `capture --time 1e9` rendered for ever, nan or a negative time were taken as they came
        (
            ["capture", "o.png", "--time", "1e9"],
            "capture: error: argument --time: must be 0 to 600 seconds, got 1e9",
        ),
        (["capture", "o.png", "--time", "-1"], "argument --time: must be 0 to 600 seconds, got -1"),
        (["capture", "o.png", "--time", "nan"], "argument --time: must be 0 to 600 seconds, got nan"),
        (["capture", "o.png", "--time", "x"], "argument --time: invalid float value: 'x'"),
        (["play", "--frames", "0"], "play: error: argument --frames: must be 1 to 1000000, got 0"),
        # before: 16x16 to 8192x8192 was taken, and a window under 640x400 was a SettingsError traceback
        (["play", "--size", "640x360"], "argument --size: size '640x360' is outside 640x400 .. 8192x8192"),
        (["demo", "--size", "320x200"], "argument --size: size '320x200' is outside 640x400 .. 8192x8192"),
        (["capture", "o.png", "--size", "8193x10"], "argument --size: size '8193x10' is outside 16x16 .."),
        (["play", "--frames", "10000000000"], "argument --frames: must be 1 to 1000000, got 10000000000"),
        (
            ["verify-log", "f", "--max-size", "0"],
            "argument --max-size: must be more than 0 and at most 4096 MB",
        ),
        (
            ["verify-log", "f", "--max-size", "inf"],
            "argument --max-size: must be more than 0 and at most 4096 MB",
        ),
        (["demo", "--seed", "-1"], "demo: error: argument --seed: must be 0 to 9223372036854775807, got -1"),
        (["selftest", "--seed", str(2**64)], "argument --seed: must be 0 to 9223372036854775807"),
        (["simulate", "--games", "0"], "simulate: error: argument --games: must be 1 to 1000000, got 0"),
        (["simulate", "--jobs", "999"], "argument --jobs: must be 1 to 256, got 999"),
        (["tournament", "standings", "--id", "0"], "argument --id: must be 1 to 9223372036854775807, got 0"),
        (["tournament", "play", "--id", str(2**63)], "argument --id: must be 1 to 9223372036854775807"),
        (["tournament", "standings", "--id", "x"], "argument --id: invalid int value: 'x'"),
    ],
)
def test_numbers_out_of_range_are_one_usage_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main.build_parser().parse_args(argv)
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert message in err


@pytest.mark.parametrize(
    ("argv", "name", "value"),
    [
        (["capture", "o.png", "--time", "600"], "time", 600.0),
        (["capture", "o.png", "--time", "0"], "time", 0.0),
        (["play", "--frames", "1000000"], "frames", 1_000_000),
        (["verify-log", "f", "--max-size", "4096"], "max_size", 4096.0),
        (["verify-log", "f", "--max-size", "0.001"], "max_size", 0.001),
        (["demo", "--seed", "0"], "seed", 0),
        (["selftest", "--seed", str(2**63 - 1)], "seed", 2**63 - 1),
        (["tournament", "export", "--id", str(2**63 - 1), "--out", "x"], "id", 2**63 - 1),
    ],
)
def test_numbers_at_the_limits_are_taken(argv: list[str], name: str, value: object) -> None:
    assert getattr(main.build_parser().parse_args(argv), name) == value


def test_the_limits_are_those_of_the_code_behind() -> None:
    from game.verify import MAX_SIZE_LIMIT_MB
    from graphics.settings import Settings, SettingsError

    assert main.MAX_LOG_MB == MAX_SIZE_LIMIT_MB
    width, height = main.SMALLEST_WINDOW
    assert Settings(window=(width, height)).window == (width, height)
    for smaller in ((width - 1, height), (width, height - 1)):
        with pytest.raises(SettingsError):
            Settings(window=smaller)
    assert main.build_parser().parse_args(["play", "--size", f"{width}x{height}"]).size == (width, height)


def start_main(
    *args: str, env: dict[str, str] | None = None, stdin: int | None = subprocess.DEVNULL
) -> subprocess.Popen[bytes]:
    """Start `python main.py ARGS` with its output piped to the test."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT.parent,
        preexec_fn=AS_FROM_A_TERMINAL,
    )


def wait_for(process: subprocess.Popen[bytes], ready: Callable[[], bool], what: str) -> None:
    """Poll until `ready()` (the command is at work): the readiness marker, instead of a fixed sleep."""
    deadline = time.monotonic() + 60
    while not ready():
        if process.poll() is not None:
            pytest.fail(f"ended with status {process.returncode} before {what}: {process.communicate()}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"no {what} after 60 s: {process.communicate()}")
        time.sleep(0.02)


def read_until(process: subprocess.Popen[bytes], stream: IO[bytes] | None, marker: bytes) -> bytes:
    """Read `stream` (unbuffered, so communicate() gets the rest) until `marker` has come."""
    assert stream is not None
    seen = b""
    while marker not in seen:
        piece = os.read(stream.fileno(), 4096)
        if not piece:
            pytest.fail(f"ended with status {process.wait()} before {marker!r}: {seen!r}")
        seen += piece
    return seen


def assert_ended_quietly(process: subprocess.Popen[bytes], signum: int, err: str, took: float) -> None:
    """The exit status of a program ended by that signal (130 Ctrl-C, 143 SIGTERM), no traceback, promptly."""
    assert process.returncode == 128 + signum, err[-800:]
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    assert took < 10


SIGNALS = [
    pytest.param(signal.SIGINT, id="SIGINT"),
    pytest.param(signal.SIGTERM, id="SIGTERM"),
]
posix_only = pytest.mark.skipif(os.name != "posix", reason="sends POSIX signals")


@posix_only
@pytest.mark.parametrize("signum", SIGNALS)
def test_capture_ends_on_a_signal(tmp_path: Path, signum: int) -> None:
    # before, SIGTERM: SDL took it over as a quit event, which capture never reads; it rendered on to the end
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    out = tmp_path / "title.png"
    env = {**os.environ, "TMPDIR": str(scratch)}
    process = start_main("capture", str(out), "--time", "60", env=env)
    # the render loop runs inside its scratch records folder
    wait_for(process, lambda: any(scratch.glob("riichi-capture-*")), "scratch folder")
    _, err, took = stop_with_signal(process, signum)
    assert_ended_quietly(process, signum, err, took)
    assert not out.exists()
    assert not any(scratch.iterdir()), "the scratch folder was not cleaned up: no orderly end"


@posix_only
@pytest.mark.parametrize("signum", SIGNALS)
def test_play_ends_on_a_signal(tmp_path: Path, signum: int) -> None:
    # before, SIGTERM: SDL turned it into a window close and play exited 0
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "RIICHI_MAHJONG_HOME": str(tmp_path),
    }
    process = start_main("play", "--frames", "1000000", "--size", "640x400", env=env)
    # the title screen has opened the records database (to offer Continue): the frame loop is running
    wait_for(process, (tmp_path / "records.sqlite3-wal").exists, "records database")
    _, err, took = stop_with_signal(process, signum)
    assert_ended_quietly(process, signum, err, took)
    assert not (tmp_path / "records.sqlite3-wal").exists(), "the records database was not closed"


@posix_only
@pytest.mark.parametrize("signum", SIGNALS)
def test_score_reading_stdin_ends_on_a_signal(
    signum: int, score_samples: tuple[tuple[dict, dict], ...]
) -> None:
    # before, SIGTERM: killed by it (status -15)
    process = start_main("score", stdin=subprocess.PIPE)
    assert process.stdin is not None
    process.stdin.write(json.dumps(score_samples[0][0]).encode() + b"\n")
    process.stdin.flush()
    answer = read_until(process, process.stdout, b"\n")  # answered: now waiting for the next line
    assert json.loads(answer) == score_samples[0][1]
    out, err, took = stop_with_signal(process, signum)
    assert_ended_quietly(process, signum, err, took)
    assert out == ""


@posix_only
@pytest.mark.parametrize("signum", SIGNALS)
def test_mjai_bot_reading_stdin_ends_on_a_signal(signum: int) -> None:
    process = start_main("mjai-bot", "--level", "easy", stdin=subprocess.PIPE)
    assert process.stdin is not None
    process.stdin.write(b"not json\n")
    process.stdin.flush()
    assert read_until(process, process.stdout, b"\n") == b'{"type":"none"}\n'
    _, err, took = stop_with_signal(process, signum)
    assert_ended_quietly(process, signum, err, took)


@posix_only
@pytest.mark.parametrize("signum", SIGNALS)
def test_verify_log_ends_on_a_signal(tmp_path: Path, signum: int) -> None:
    # before, SIGTERM: killed by it (status -15)
    from game.simulate import LogWriter, simulate
    from rules.ruleset import preset

    logs = LogWriter(tmp_path, seed=1)
    simulate(["greedy"] * 4, 1, preset("standard"), logs=logs)
    log = str(logs.written[0])  # the game's tenhou.net/6 log, checked 2000 times over: a long run
    process = start_main("verify-log", "--progress", *[log] * 2000)
    read_until(process, process.stderr, b"verify-log: ")  # its progress bar: files are being checked
    out, err, took = stop_with_signal(process, signum)
    assert_ended_quietly(process, signum, err, took)
    assert "hands=" not in out  # stopped, not finished


def test_a_signal_python_swallows_is_sent_again() -> None:
    # a KeyboardInterrupt raised where Python can only drop it (here a __del__; in simulate, an at-fork
    # callback while the workers start) must still end the program, not be printed and forgotten
    code = (
        "import signal, sys, time\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import main\n"
        "main.install_signal_handlers()\n"
        "class Dropped:\n"
        "    def __del__(self):\n"
        "        signal.raise_signal(signal.SIGINT)\n"
        "try:\n"
        "    Dropped()\n"
        "    time.sleep(5)\n"
        "    print('went on')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=AS_FROM_A_TERMINAL,
    )
    assert done.stdout == "interrupted\n", done.stderr
    assert done.stderr == ""
