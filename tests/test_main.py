"""The command line (main.py) and the title screen, without a display: SDL's dummy driver or none at all."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import main
from graphics.screens.layouts import title_layout
from graphics.tileart import CLASSIC

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
