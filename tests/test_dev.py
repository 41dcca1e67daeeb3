"""dev.py's commands (what `dev.py play ARGS` runs), and a clone's test run without ../shared beside it."""

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import dev
import main
from tests.conftest import NO_SHARED, ROOT

MAIN = str(ROOT / "main.py")
# test files that read ../shared (at import, per test, or in a parametrization) next to ones that do not
SHARED_READERS = (
    "tests/oracles/test_hands_negative.py",
    "tests/oracles/test_xiangting.py",
    "tests/oracles/test_convert.py",
    "tests/rules/test_points.py",
    "tests/game/test_verify_log.py",
)


def test_game_commands_are_main_py_subcommands() -> None:
    parser = main.build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    assert set(dev.GAME_COMMANDS) == set(commands.choices)


@pytest.mark.parametrize(
    "args, command",
    [
        ([], ["play"]),
        (["--size", "800x600"], ["play", "--size", "800x600"]),
        (["--help"], ["play", "--help"]),
        (["-h"], ["play", "-h"]),
        (["--frames", "3", "--size", "640x480"], ["play", "--frames", "3", "--size", "640x480"]),
        (["play", "--size", "800x600"], ["play", "--size", "800x600"]),
        (["selftest", "--seed", "3"], ["selftest", "--seed", "3"]),
        (["score", "--input", "hands.jsonl"], ["score", "--input", "hands.jsonl"]),
        (["tournament", "list"], ["tournament", "list"]),
        (["capture", "out.png"], ["capture", "out.png"]),
    ],
)
def test_play_runs_the_games_play_command_unless_args_name_another(
    args: list[str], command: list[str]
) -> None:
    assert dev.play_command("python", args) == ["python", MAIN, *command]


def test_dev_py_play_help_shows_the_games_play_options(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(dev, "ensure_venv", lambda: Path(sys.executable))  # .venv is this interpreter's
    assert dev.main(["play", "--help"]) == 0
    out = capfd.readouterr().out
    assert "usage: main.py play" in out
    assert "--size" in out
    assert "--frames" in out


def test_dev_py_play_with_a_size_opens_the_game_at_that_size(monkeypatch: pytest.MonkeyPatch) -> None:
    # headless (conftest's dummy SDL drivers), three frames, then the game quits by itself
    monkeypatch.setattr(dev, "ensure_venv", lambda: Path(sys.executable))
    assert dev.main(["play", "--size", "800x600", "--frames", "3"]) == 0


def test_usage_explains_play_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert dev.main(["--help"]) == 0
    usage = capsys.readouterr().out
    assert "main.py play ARGS" in usage
    assert "--size" in usage


def clone_without_shared(target: Path) -> Path:
    """Copy the working tree's files (tracked and new, as git lists them; no .venv) to target/clone."""
    if shutil.which("git") is None:
        pytest.skip("needs git to list the repository's files")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode != 0:
        pytest.skip("needs a git checkout to list the repository's files")
    clone = target / "clone"
    for name in sorted(set(listed.stdout.decode().split("\0")) - {""}):
        source = ROOT / name
        if source.is_file() and not name.startswith(".venv/"):
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    return clone


def run_pytest(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run pytest with this interpreter in the clone, without the calling pytest's environment variables."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}
    env |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONHASHSEED": "0"}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args]
    return subprocess.run(
        command, cwd=clone, env=env, capture_output=True, text=True, timeout=300, check=False
    )


@pytest.mark.slow
def test_a_clone_without_shared_runs_the_other_tests_and_skips_the_oracle_ones(tmp_path: Path) -> None:
    clone = clone_without_shared(tmp_path)
    assert not (clone.parent / "shared").exists()
    collected = run_pytest(clone, "--collect-only", "-q", "tests")
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    assert "error" not in collected.stdout.splitlines()[-1]
    ran = run_pytest(clone, "-q", "-rs", *SHARED_READERS)
    output = ran.stdout + ran.stderr
    assert ran.returncode == 0, output[-3000:]
    summary = output.splitlines()[-1]
    assert " passed" in summary
    assert " skipped" in summary
    assert "failed" not in summary
    assert "error" not in summary
    skips = [line for line in output.splitlines() if line.startswith("SKIPPED")]
    assert skips
    assert all(line.endswith(NO_SHARED) for line in skips), skips
    # a module that is all oracle data is one line under its own name
    assert any("tests/oracles/test_hands_negative.py" in line for line in skips)
    assert any("tests/oracles/test_xiangting.py" in line for line in skips)
