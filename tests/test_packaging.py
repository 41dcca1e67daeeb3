"""The PyInstaller bundle: build.spec builds; the bundle scores hands, draws the title, runs the selftest."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXE_NAME = "riichi-mahjong.exe" if sys.platform == "win32" else "riichi-mahjong"


def build_bundle(out: Path) -> Path:
    """Build the onedir bundle from build.spec under `out` and return its executable."""
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(ROOT / "build.spec"),
        "--noconfirm",
        "--log-level=WARN",
        f"--distpath={out / 'dist'}",
        f"--workpath={out / 'build'}",
    ]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, f"PyInstaller failed:\n{result.stdout}\n{result.stderr}"
    return out / "dist" / "riichi-mahjong" / EXE_NAME


# one test for the whole bundle, so that pytest-xdist never builds it twice on two workers
@pytest.mark.slow
def test_bundle_scores_hands_and_draws_the_title(
    tmp_path: Path, score_samples: tuple[tuple[dict, dict], ...]
) -> None:
    executable = build_bundle(tmp_path)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    lines = [json.dumps(request) for request, _ in score_samples] + ['{"hand": "123m"}']
    score = subprocess.run(
        [str(executable), "score"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert score.returncode == 0, score.stderr
    answers = [json.loads(line) for line in score.stdout.splitlines()]
    assert answers[:-1] == [expected for _, expected in score_samples]
    assert list(answers[-1]) == [
        "error"
    ]  # a bad line is answered, not fatal; its wording is the calculator's

    image = tmp_path / "title.png"
    capture = subprocess.run(
        [str(executable), "capture", str(image), "--size", "400x300"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert capture.returncode == 0, capture.stderr
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # the whole GUI loop runs from the bundle too: a complete match, fonts, tile sheets and sounds found
    selftest = subprocess.run(
        [str(executable), "selftest"],
        capture_output=True,
        text=True,
        env={**env, "RIICHI_MAHJONG_HOME": str(tmp_path / "home")},
        timeout=600,
        check=False,
    )
    assert selftest.returncode == 0, selftest.stderr
    assert selftest.stdout.startswith("selftest ok:"), selftest.stdout
