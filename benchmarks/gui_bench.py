"""Screen speed: frame times of a busy table (every tile on the move) at 1920x1080 and 1280x720, and startup.

The busy scene: an all-AI hand played on to its middle (full rivers, melds, wall half gone), then the view
swings between two bottom seats frame after frame, so every sprite is mid-animation with a call label and dice
up. That is more movement than any real event makes. Frame time is update + draw into SDL's software surface
(dummy video driver, as in CI). ``startup_s`` is process start to the first title frame (``main.py play
--frames 1``).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.headless import headless_app

ROOT = Path(__file__).resolve().parent.parent
FRAMES = 360
WARMUP_FRAMES = 60


def busy_frame_times(size: tuple[int, int], frames: int = FRAMES, warmup: int = WARMUP_FRAMES) -> list[float]:
    """Milliseconds per frame of the busy scene at `size` (after `warmup` frames)."""
    app = headless_app(size)
    import pygame

    from game.terms import preset
    from graphics.session import GameSession, SeatSetup
    from graphics.table_screen import TableScreen

    setups = tuple(SeatSetup(f"AI {seat + 1}", "normal") for seat in range(4))
    session = GameSession(preset("standard"), setups, seed=11, spectator=True)
    screen = TableScreen(app, session, auto_continue=True)
    app.switch(screen)
    # play on to the middle of the first hand with a fixed step (no timing yet)
    while session.last_frame is None or session.last_frame.public.tiles_left > 30:
        app.tick(1 / 30)
    show_a = screen.show
    assert show_a is not None
    frame = session.last_frame
    show_b = session.presenter.reshow(frame, (show_a.bottom + 1) % 4, session.shown_seats())
    assert show_b is not None
    times: list[float] = []
    shows = (show_a, show_b)
    for index in range(warmup + frames):
        if index % 12 == 0:  # every 0.2 s: swing the whole table again, with a label and dice
            screen.set_show(shows[(index // 12) % 2], 0.25, None)
            screen.label = (0, "Riichi", screen.animator.now_s, screen.animator.now_s + 0.6)
            screen.dice = ((3, 4), screen.animator.now_s)
        start = time.perf_counter()
        screen.animator.update(1 / 60)
        screen.draw(app.surface)
        pygame.display.flip()
        elapsed = time.perf_counter() - start
        if index >= warmup:
            times.append(elapsed * 1000.0)
    pygame.display.quit()
    return times


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def _startup_s(runs: int = 3) -> float:
    """Median seconds from process start to the first title frame drawn (and the window closed)."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        RIICHI_MAHJONG_HOME=str(ROOT / "build" / "bench-home"),
    )
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "play", "--frames", "1"],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run() -> dict[str, float]:
    """frame_ms_p95_1080p, frame_ms_p95_720p (lower is better; 16.7 ms is 60 fps) and startup_s."""
    results: dict[str, float] = {}
    for label, size in (("1080p", (1920, 1080)), ("720p", (1280, 720))):
        times = busy_frame_times(size)
        results[f"frame_ms_p95_{label}"] = round(_p95(times), 2)
        results[f"frame_ms_median_{label}"] = round(statistics.median(times), 2)
    results["startup_s"] = round(_startup_s(), 2)
    return results
