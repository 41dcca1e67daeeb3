"""The window loop: a still scene is drawn once and the loop sleeps (and says so), a moving one is drawn every
frame, input and a scene's timed change wake it; and what each scene reports about its next frame."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.terms import preset
from graphics import i18n
from graphics.app import FPS, MAX_DT_S, POLL_S, App, LoopStats, Services, frame_due_s, open_window, sooner
from graphics.layout import Box
from graphics.screens.form import CARET_PERIOD_S, Field, Form
from graphics.screens.results import FinalResultsScene
from graphics.screens.title import WAVE_CROSS_S, WAVE_PERIOD_S, TitleScene
from graphics.session import GameSession, SeatSetup
from graphics.settings import Settings
from graphics.table_screen import TableScreen
from graphics.widgets import Button, TextInput


@pytest.fixture(autouse=True)
def display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A (dummy) window, so the loop can wait for its events; no timer left running afterwards."""
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))
    pygame.event.clear()
    i18n.set_language("en")
    yield
    pygame.time.set_timer(pygame.QUIT, 0)
    pygame.time.set_timer(pygame.KEYDOWN, 0)
    pygame.display.quit()


def window_app(tmp_path: Path | None = None) -> App:
    surface = pygame.display.get_surface()
    assert surface is not None
    app = App(surface=surface, settings=Settings(), services=Services())
    if tmp_path is not None:
        app.records_path = tmp_path / "records.sqlite3"
    return app


class Probe:
    """A scene that records what the loop does with it; `due_s` is its answer to next_frame_s."""

    def __init__(self, due_s: float | None) -> None:
        self.due_s = due_s
        self.calls: list[tuple[str, Any]] = []

    def handle(self, event: pygame.event.Event) -> None:
        self.calls.append(("handle", event.type))

    def update(self, dt_s: float) -> None:
        self.calls.append(("update", dt_s))

    def draw(self, surface: pygame.Surface) -> None:
        self.calls.append(("draw", None))

    def next_frame_s(self) -> float | None:
        return self.due_s

    def count(self, name: str) -> int:
        return sum(1 for call, _ in self.calls if call == name)

    def updates(self) -> list[float]:
        return [value for call, value in self.calls if call == "update"]


class Silent:
    """A scene that does not say when it next changes (drawn every frame, as before)."""

    def __init__(self) -> None:
        self.draws = 0

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt_s: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


def quit_after(seconds: float) -> None:
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)


# ---- the loop --------------------------------------------------------------------------------------------


def test_a_still_scene_is_drawn_once_then_the_loop_sleeps_and_reports_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slept: list[float] = []  # the time really spent in each time.sleep of the loop
    real_sleep = time.sleep

    def sleep(seconds: float) -> None:
        start = time.perf_counter()
        real_sleep(seconds)
        slept.append(time.perf_counter() - start)

    monkeypatch.setattr(time, "sleep", sleep)  # the module graphics.app sleeps through
    app = window_app()
    scene = Probe(None)
    app.switch(scene)
    quit_after(0.4)
    wall, cpu = time.perf_counter(), time.process_time()
    frames = app.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert frames == 1
    assert scene.count("draw") == 1, "nothing changed, yet the scene was drawn again"
    assert app.stats.waits >= 1
    assert app.stats.waited_s >= 0.3
    assert app.stats.frames_skipped >= round(0.3 * FPS)
    # the loop's wait is spent asleep, not polling: this holds however loaded the machine (a busy loop on a
    # shared CPU can still take less than half of a core, so the CPU share alone proves little)
    assert sum(slept) >= 0.6 * wall, f"slept {sum(slept):.2f} s of {wall:.2f}: the loop polled instead"
    assert len(slept) <= wall / POLL_S + 5, f"{len(slept)} wake-ups in {wall:.2f} s"
    assert cpu < 0.5 * wall, f"a core kept busy with nothing to draw ({cpu:.2f} s of {wall:.2f})"


def test_a_moving_scene_is_drawn_every_frame_at_the_frame_rate() -> None:
    app = window_app()
    scene = Probe(0.0)
    app.switch(scene)
    start = time.perf_counter()
    assert app.run(max_frames=12) == 12
    assert scene.count("draw") == 12
    assert app.stats.waits == 0
    assert all(0.0 <= dt <= MAX_DT_S for dt in scene.updates())
    assert time.perf_counter() - start >= 10 / FPS, "frames were not paced"


def test_a_scene_that_does_not_say_is_drawn_every_frame() -> None:
    app = window_app()
    scene = Silent()
    app.switch(scene)
    assert frame_due_s(scene) == 0.0
    assert app.run(max_frames=5) == 5
    assert scene.draws == 5
    assert app.stats.waits == 0


def test_input_wakes_the_sleeping_loop_and_is_drawn_at_once() -> None:
    app = window_app()
    scene = Probe(None)
    app.switch(scene)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    pygame.time.set_timer(key, 150, loops=1)
    quit_after(0.5)
    app.run()
    draws = [index for index, (call, _) in enumerate(scene.calls) if call == "draw"]
    handled = scene.calls.index(("handle", pygame.KEYDOWN))
    assert len(draws) == 2, "the key press was not drawn, or the still scene was drawn more than once"
    assert draws[0] < handled < draws[1]
    assert app.stats.waits >= 2  # before the key, and after it until the quit


def test_the_loop_wakes_when_the_scene_asked_and_gives_it_all_the_time_that_passed() -> None:
    app = window_app()

    class Ticking(Probe):
        """Changes every 0.2 s, like a clock's seconds."""

        def __init__(self) -> None:
            super().__init__(None)
            self.time_s = 0.0

        def update(self, dt_s: float) -> None:
            super().update(dt_s)
            self.time_s += dt_s

        def next_frame_s(self) -> float | None:
            return 0.2 - self.time_s % 0.2

    scene = Ticking()
    app.switch(scene)
    quit_after(0.5)
    start = time.perf_counter()
    app.run()
    elapsed = time.perf_counter() - start
    assert scene.count("draw") == 3  # at 0, 0.2 and 0.4 s
    assert app.stats.waits >= 2
    assert max(scene.updates()) > MAX_DT_S, "the time slept was cut to a moving frame's limit"
    assert scene.time_s == pytest.approx(elapsed, abs=0.05)


def test_a_new_scene_is_drawn_even_when_nothing_moves_in_it() -> None:
    app = window_app()
    second = Probe(None)

    class Switching(Probe):
        def handle(self, event: pygame.event.Event) -> None:
            super().handle(event)
            app.switch(second)

    first = Switching(None)
    app.switch(first)
    pygame.time.set_timer(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"), 100, 1)
    quit_after(0.4)
    app.run()
    assert first.count("draw") == 1
    assert second.count("draw") == 1


def test_the_sleep_looks_for_input_every_few_milliseconds(monkeypatch: pytest.MonkeyPatch) -> None:
    naps: list[float] = []

    def nap(seconds: float) -> None:  # no real time passes: the deadline never comes, only input ends it
        naps.append(seconds)
        if len(naps) == 5:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(time, "sleep", nap)  # the module graphics.app sleeps through
    app = window_app()
    app.switch(Probe(None))
    app.run()
    assert len(naps) == 5
    assert all(0 < seconds <= POLL_S for seconds in naps)
    assert app.stats.waits == 1


def test_until_and_max_frames_end_the_run() -> None:
    app = window_app()
    scene = Probe(0.0)
    app.switch(scene)
    assert app.run(until=lambda: scene.count("draw") >= 3) == 3
    assert app.run(max_frames=2) == 2
    assert app.stats == LoopStats(frames=5, waits=0, waited_s=0.0)


def test_sooner_takes_the_earliest_due_time() -> None:
    assert sooner() is None
    assert sooner(None, 1.5, None, 0.25) == 0.25
    assert sooner(0.0, None) == 0.0


# ---- what the scenes report ------------------------------------------------------------------------------


def test_the_title_moves_while_its_wave_crosses_then_sleeps_until_the_next(tmp_path: Path) -> None:
    app = window_app(tmp_path)
    title = TitleScene(app)
    app.switch(title)
    app.tick(0.0)
    assert title.next_frame_s() == 0.0
    app.advance(WAVE_CROSS_S + 0.1)
    assert title.next_frame_s() == pytest.approx(WAVE_PERIOD_S - WAVE_CROSS_S - 0.1)
    app.advance(WAVE_PERIOD_S - WAVE_CROSS_S - 0.1)
    assert title.next_frame_s() == 0.0
    assert app.run(max_frames=3) == 3, "play --frames N must still end on the title"
    app.close_records()


def test_a_form_asks_for_the_caret_blink_only_while_a_text_field_has_the_focus() -> None:
    form = Form()
    box = Box(0, 0, 100, 20)
    form.set_fields([Field("ok", Button(box, "OK", "ok"), lambda: None)])
    assert form.next_frame_s() is None
    form.set_fields([Field("name", TextInput(box, "Ann"), lambda: None)], default_focus="name")
    form.update(0.1)
    assert form.next_frame_s() == pytest.approx(CARET_PERIOD_S / 2 - 0.1)


def test_the_results_move_while_their_rows_come_in_then_sleep() -> None:
    session = GameSession(preset("standard"), tuple(SeatSetup(f"AI {n}", "easy") for n in range(4)), seed=3)
    session.table.run()
    app = window_app()
    scene = FinalResultsScene(app, session)
    app.switch(scene)
    app.tick(0.0)
    assert scene.next_frame_s() == 0.0
    app.advance(scene.reveal_done_s())
    assert scene.next_frame_s() is None


def human_table(app: App, clock: tuple[int, int] | None = None) -> TableScreen:
    """A table whose seat 0 is a person (with a decision clock of base and bank seconds), played on in steps
    of a quarter second until the person must answer."""
    setups = (SeatSetup("You"), *(SeatSetup(f"AI {seat}", "normal") for seat in (1, 2, 3)))
    session = GameSession(preset("standard"), setups, seed=5)
    if clock is not None:
        session.use_clock(*clock)
    screen = TableScreen(app, session)
    app.switch(screen)
    app.tick(0.0)
    for _ in range(2000):
        if screen.decision is not None:
            return screen
        assert screen.next_frame_s() == 0.0, "the table slept while the AIs had the turn"
        app.advance(0.25)
    raise AssertionError("the person was never asked")


def test_the_table_moves_while_ais_play_and_sleeps_while_the_person_thinks() -> None:
    app = window_app()
    screen = human_table(app)
    assert screen.next_frame_s() is None
    screen.pause()
    assert screen.next_frame_s() is None
    screen.pause_choice("resume")
    screen.send(screen.mapper.legal[0])
    assert screen.next_frame_s() == 0.0, "after the answer the game goes on by itself"


def test_the_table_wakes_each_second_of_a_shown_decision_clock() -> None:
    app = window_app()
    screen = human_table(app, clock=(3, 2))
    clock = screen.session.clocks[0]
    spent = clock.used_s
    assert screen.next_frame_s() == pytest.approx(1.0 - spent % 1.0)
    app.advance(0.3)
    assert screen.next_frame_s() == pytest.approx(1.0 - (spent + 0.3) % 1.0)
    app.advance(3.0 - clock.used_s + 0.25)  # into the bank
    assert clock.base_left_s == 0.0
    assert screen.next_frame_s() == pytest.approx(0.75)


def test_the_real_loop_lets_the_decision_clock_answer_with_no_input() -> None:
    app = window_app()
    screen = human_table(app, clock=(1, 0))
    session = screen.session
    answered = len(session.table.actions)
    quit_after(5.0)  # a safety net: the clock should answer after one second
    app.run(until=lambda: len(session.table.actions) > answered)
    assert app.running, "the clock never answered for the sleeping player"
    assert app.stats.waits >= 1
    assert app.stats.waited_s >= 0.5


def test_the_idle_benchmark_measures_the_title_and_a_waiting_table() -> None:
    from benchmarks.idle_bench import idle_shares

    shares = idle_shares(seconds=0.3, size=(640, 400))
    assert set(shares) == {"idle_cpu_share", "idle_cpu_share_table"}
    assert all(0.0 < share < 0.5 for share in shares.values()), shares


@pytest.mark.parametrize(("driver", "software"), [("x11", True), ("wayland", False), ("kmsdrm", False)])
def test_the_window_skips_the_opengl_framebuffer_only_on_x11(
    monkeypatch: pytest.MonkeyPatch, driver: str, software: bool
) -> None:
    # X11 shows a software frame through shared memory, cheaper than an OpenGL texture; a driver with no
    # framebuffer of its own (Wayland, KMSDRM) must keep SDL's texture one, or set_mode finds none at all
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "")  # so that its absence is restored afterwards
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION")
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    seen: list[str | None] = []

    def set_mode(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
        seen.append(os.environ.get("SDL_FRAMEBUFFER_ACCELERATION"))  # SDL reads it as it makes the surface
        return pygame.Surface(size)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    open_window(Settings(window=(640, 400)))
    assert seen == (["0"] if software else [None])
