"""The demo capture run saves every listed screenshot; the selftest plays a whole match in the GUI loop."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from graphics.demo import SHOTS, offscreen_app, run_demo

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 3)])
def test_capture_run_saves_every_listed_screenshot(
    display: object, tmp_path: Path, players: int, seed: int
) -> None:
    app = offscreen_app((960, 540))
    capture = run_demo(app, seed, players=players, length="east", capture_dir=tmp_path, fast=True)
    assert capture is not None
    assert sorted(capture.taken) == sorted(SHOTS)
    images = {}
    for name in SHOTS:
        path = tmp_path / f"{name}.png"
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        image = pygame.image.load(str(path))
        assert image.get_size() == (960, 540)
        images[name] = pygame.image.tobytes(image, "RGB")
    # every moment is a different picture
    assert len(set(images.values())) == len(SHOTS)


@pytest.mark.slow
def test_selftest_command_plays_a_match_and_exits_0(tmp_path: Path) -> None:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "RIICHI_MAHJONG_HOME": str(tmp_path)}
    import os

    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "selftest"],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("selftest ok:")


def test_demo_rejects_a_preset_for_the_wrong_player_count(tmp_path: Path) -> None:
    import os

    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "RIICHI_MAHJONG_HOME": str(tmp_path),
    }
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "demo",
            "--players",
            "3",
            "--ruleset",
            "standard",
            "--capture",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == ["error: rule preset 'standard' is for 4 players, not 3"]
