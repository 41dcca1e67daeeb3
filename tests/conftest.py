"""Shared test setup: headless SDL before any pygame import, project paths (with ../shared and the skip
without it), slow tests scheduled first."""

import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# must precede any pygame import in the test process: no window, no audio device in tests or CI
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
# the reference material beside the repository (rules/RULES.md, oracles/): every test reads it from here
SHARED = ROOT.parent / "shared"
ORACLES = SHARED / "oracles"
HAS_SHARED = SHARED.is_dir()
NO_SHARED = "needs ../shared (the oracle data) beside the clone"
# A clone without ../shared skips what reads it, with this one-line reason, instead of failing: a test that
# reads it is marked @needs_shared; a module that reads it at import (or only tests the data) starts with
# `if not HAS_SHARED: pytest.skip(NO_SHARED, allow_module_level=True)`, reported under its own name.
needs_shared = pytest.mark.skipif(not HAS_SHARED, reason=NO_SHARED)


def _default_stop_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


# preexec_fn for a child process a test stops with Ctrl-C or SIGTERM: those signals at their defaults in it,
# as from a terminal, even when the test run itself started with them ignored (a background job of a script,
# as a CI runner may start it; the game keeps an ignored signal ignored, as command-line tools do)
AS_FROM_A_TERMINAL: Callable[[], None] | None = _default_stop_signals if os.name == "posix" else None


def stop_with_signal(
    process: subprocess.Popen[bytes], signum: int, seen: bytes = b""
) -> tuple[str, str, float]:
    """Send `signum` to a child started by a test; its standard output, its standard error (after `seen`, what
    the test read of it before) and the seconds it took to end. A child still running 20 s later is killed
    and fails the test."""
    sent = time.monotonic()
    process.send_signal(signum)
    try:
        out, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"still running 20 s after signal {signum}: {(seen + err).decode()[-500:]}")
    return out.decode(), (seen + err).decode(), time.monotonic() - sent


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository root."""
    return ROOT


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared reference material (rules spec, oracles) beside the repository; skips a test without it."""
    if not HAS_SHARED:
        pytest.skip(NO_SHARED)
    return SHARED


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run slow tests first so that pytest-xdist spreads them over the workers instead of ending on one."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


# Two requests for `main.py score` with results worked out by hand from RULES.md (standard preset, §17.1):
# hand 234m 678m 456p 789s 55s, winning on 6m with the 78m ryanmen, seat South, round East; no tanyao (789s).
# 1. Tsumo: menzen tsumo 1 + pinfu 1 = 2 han; pinfu tsumo is fixed at 20 fu (§5.3). Non-dealer tsumo,
#    B = 20 * 2^(2+2) = 320: the dealer pays ceil100(2B) = 700, each non-dealer ceil100(B) = 400 (§6.1),
#    total 1500 (the 20 fu / 2 han table entry 400/700).
# 2. Ron from the left with riichi, dora indicator 4s (dora 5s, held twice), 1 honba, 1 riichi stick:
#    riichi 1 + pinfu 1 + dora 2 = 4 han; 20 + menzen ron 10 = 30 fu (§5.2). B = 30 * 2^6 = 1920,
#    ron 4B = 7680 -> 7700 (no kiriage mangan by default, §17.1 #17); the discarder pays 7700 + 300 honba
#    (§6.3) = 8000 and the winner also takes the 1000-point riichi stick: 9000.
SCORE_SAMPLES = (
    (
        {"hand": "234678m456p789s55s", "win_tile": "6m", "tsumo": True, "seat_wind": "S", "round_wind": "E"},
        {
            "han": 2,
            "fu": 20,
            "yakuman": 0,
            "limit": None,
            "points": 1500,
            "payments": {"dealer": 700, "non_dealer": 400},
            "winner_gain": 1500,
            "yaku": [["menzen_tsumo", 1], ["pinfu", 1]],
        },
    ),
    (
        {
            "hand": "234678m456p789s55s",
            "win_tile": "6m",
            "from": 3,
            "riichi": True,
            "seat_wind": "S",
            "round_wind": "E",
            "dora_indicators": "4s",
            "honba": 1,
            "riichi_sticks": 1,
        },
        {
            "han": 4,
            "fu": 30,
            "yakuman": 0,
            "limit": None,
            "points": 7700,
            "payments": {"ron": 8000},
            "winner_gain": 9000,
            "yaku": [["riichi", 1], ["pinfu", 1], ["dora", 2]],
        },
    ),
)


@pytest.fixture(scope="session")
def score_samples() -> tuple[tuple[dict[str, object], dict[str, object]], ...]:
    """(request, expected result) pairs for `score`, derived by hand above."""
    return SCORE_SAMPLES


@pytest.fixture(autouse=True)
def english_ui() -> Iterator[None]:
    """Every test starts and ends with the English UI (some switch the language, which is process-wide)."""
    from graphics import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def private_config_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Settings and records the tests save go to a temporary folder of each test's own, never the user's
    config: a match one test saves cannot put Continue on another test's title screen."""
    previous = os.environ.get("RIICHI_MAHJONG_HOME")
    os.environ["RIICHI_MAHJONG_HOME"] = str(tmp_path_factory.mktemp("config-home"))
    yield
    if previous is None:
        os.environ.pop("RIICHI_MAHJONG_HOME", None)
    else:
        os.environ["RIICHI_MAHJONG_HOME"] = previous
