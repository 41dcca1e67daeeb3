"""What a still window costs: the share of one CPU core the real loop (``App.run``) takes on the title screen
for five seconds (one wave of its tiles, then rest), and at a table waiting for the human's discard.

Headless (SDL's dummy video driver), so it measures the loop's own work (updates, drawing, waiting) and not
the display server's; the share is process CPU time over wall time. The run ends on a QUIT event from an SDL
timer, as a window close would end it.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from benchmarks.headless import headless_app

SECONDS = 5.0
SIZE = (1280, 720)


def _share_of_run(app: object, seconds: float) -> float:
    """CPU time over wall time while ``app.run()`` goes on for `seconds` (a timed QUIT ends it)."""
    import pygame

    from graphics.app import App

    assert isinstance(app, App)
    app.running = True
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.run()
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


def idle_shares(seconds: float = SECONDS, size: tuple[int, int] = SIZE) -> dict[str, float]:
    """The CPU share of the title screen and of a table waiting for the human, `seconds` each."""
    app = headless_app(size)
    import pygame

    from game.terms import preset
    from graphics.screens import first_scene
    from graphics.session import GameSession, SeatSetup
    from graphics.table_screen import TableScreen

    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="riichi-idle-bench-") as folder:
        app.records_path = Path(folder) / "records.sqlite3"  # never the player's own records
        app.switch(first_scene(app))
        app.run(max_frames=1)  # the title's first frame builds its layout, backdrop and tile art
        results["idle_cpu_share"] = round(_share_of_run(app, seconds), 3)
        # a table where AIs play on until the human (seat 0) must answer, then waits for the human
        setups = (SeatSetup("You"), *(SeatSetup(f"AI {seat}", "normal") for seat in (1, 2, 3)))
        session = GameSession(preset("standard"), setups, seed=5)
        screen = TableScreen(app, session)
        app.switch(screen)
        app.tick(0.0)
        for _ in range(2000):  # quarter-second steps, nothing drawn: no timing yet
            if screen.decision is not None:
                break
            screen.update(0.25)
        assert screen.decision is not None, "the table never asked the human"
        results["idle_cpu_share_table"] = round(_share_of_run(app, seconds), 3)
        app.close_records()
    pygame.display.quit()
    return results


def run() -> dict[str, float]:
    """idle_cpu_share (the title screen) and idle_cpu_share_table: CPU time / wall time, lower is better."""
    return idle_shares()
