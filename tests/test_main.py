"""The command line (main.py) and the title screen, without a display: SDL's dummy driver or none at all."""

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from PIL import Image

import main
from graphics.tileart import CLASSIC
from graphics.title import (
    MAX_LIFT,
    NOTICE,
    TITLE_TILES,
    WAVE_CROSS_S,
    WAVE_PERIOD_S,
    TitleScreen,
    run_window,
    tile_lift,
    title_layout,
)

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(320, 240), (640, 360), (800, 1200), (1280, 720), (1600, 400), (1920, 1080), (3840, 2160)]


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


def test_score_with_non_utf8_input_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"hand": "\xe9"}\n')
    result = run_main("score", "--input", str(path))
    assert result.returncode == 2
    assert result.stderr == f"error: input file {path} is not UTF-8 text\n"


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
        tile = title_layout(640, 360).tiles[3]
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


def test_window_runs_frames_and_quits_on_escape() -> None:
    assert run_window((320, 240), max_frames=3) == 3
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert run_window((320, 240), max_frames=100) == 0


@pytest.mark.parametrize("size", SIZES)
def test_layout_fits_the_window_in_reading_order(size: tuple[int, int]) -> None:
    layout = title_layout(*size)
    boxes = [layout.title, layout.subtitle, *layout.tiles, *layout.notice, layout.footer]
    assert layout.window == (0, 0, *size)
    assert all(layout.window.contains(box) and box.w > 0 and box.h > 0 for box in boxes)
    rows = [layout.title, layout.subtitle, layout.tiles[0], *layout.notice, layout.footer]
    assert all(upper.bottom <= lower.y for upper, lower in itertools.pairwise(rows))
    assert len(layout.notice) == len(NOTICE)


@pytest.mark.parametrize("size", SIZES)
def test_layout_tiles_form_a_centred_row_with_room_to_rise(size: tuple[int, int]) -> None:
    layout = title_layout(*size)
    tiles = layout.tiles
    assert len(tiles) == len(TITLE_TILES)
    assert len({(tile.y, tile.w, tile.h) for tile in tiles}) == 1
    assert all(left.right < right.x for left, right in itertools.pairwise(tiles))
    assert abs(tiles[0].x - (size[0] - tiles[-1].right)) <= 1
    assert tiles[0].y - MAX_LIFT * tiles[0].h >= layout.subtitle.bottom
    assert tiles[0].h > tiles[0].w  # tiles stand upright


def test_layout_grows_with_the_window() -> None:
    heights = [title_layout(w, h).tiles[0].h for w, h in [(640, 360), (1280, 720), (1920, 1080)]]
    assert heights == sorted(heights)
    assert heights[0] < heights[-1]


def test_tile_lift_is_a_wave_that_crosses_the_row_then_rests() -> None:
    count = len(TITLE_TILES)
    times = [i * WAVE_PERIOD_S / 200 for i in range(400)]
    for index in range(count):
        lifts = [tile_lift(t, index) for t in times]
        assert all(0.0 <= lift <= MAX_LIFT for lift in lifts)
        assert all(
            lift == 0.0 for t, lift in zip(times, lifts, strict=True) if t % WAVE_PERIOD_S >= WAVE_CROSS_S
        )
        peak = (index + 1) * WAVE_CROSS_S / (count + 1)
        assert tile_lift(peak, index) == pytest.approx(MAX_LIFT)
        assert tile_lift(peak + WAVE_PERIOD_S, index) == pytest.approx(MAX_LIFT)  # periodic
        assert tile_lift(peak, (index + 2) % count) == 0.0  # one tile rises at a time
    assert all(tile_lift(0.0, index) == 0.0 for index in range(count))


def test_frames_repaint_only_what_moved_and_match_a_full_redraw() -> None:
    pygame.font.init()
    moving = WAVE_CROSS_S / 2  # mid-wave: one tile up, its neighbours moving
    screen, fresh = pygame.Surface((640, 360)), pygame.Surface((640, 360))
    title = TitleScreen()
    assert title.draw(screen, 0.0) == [screen.get_rect()]
    assert title.draw(screen, WAVE_PERIOD_S - 0.01) == []  # resting tiles: nothing to repaint
    dirty = title.draw(screen, moving)
    assert dirty
    assert all(screen.get_rect().contains(rect) for rect in dirty)
    assert sum(rect.w * rect.h for rect in dirty) < 640 * 360 // 4
    TitleScreen().draw(fresh, moving)
    assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(fresh, "RGB")
