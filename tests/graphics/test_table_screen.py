"""The table screen driven like a player would: random clicks and keys only ever play offered actions, the
window can change size mid-hand, Esc pauses, a click skips the animation, spectators see every hand, and the
centre panel's score differences."""

import dataclasses
import logging
import random
from typing import Any

import pygame
import pytest

from game.terms import PASS, Action, Discard, preset
from graphics import table_screen
from graphics.demo import offscreen_app, scripted_answer
from graphics.session import GameSession, SeatSetup
from graphics.table_screen import TableScreen

pytestmark = pytest.mark.usefixtures("display")


def make_screen(setups: tuple[SeatSetup, ...], seed: int, size: tuple[int, int] = (1280, 720)) -> TableScreen:
    app = offscreen_app(size)
    rules = preset("standard" if len(setups) == 4 else "tenhou-3p").with_overrides({"game_length": "east"})
    screen = TableScreen(app, GameSession(rules, setups, seed))
    app.switch(screen)
    return screen


KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_1,
    pygame.K_5,
    pygame.K_0,
    pygame.K_d,
    pygame.K_t,
    pygame.K_r,
    pygame.K_c,
    pygame.K_p,
    pygame.K_k,
    pygame.K_x,
    pygame.K_q,
    pygame.K_n,
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(4, 2), (3, 8)])
def test_random_input_only_ever_plays_offered_actions(
    players: int, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    setups = (SeatSetup("You"), *(SeatSetup(f"AI {i}", "normal") for i in range(1, players)))
    screen = make_screen(setups, seed)
    app = screen.app
    rng = random.Random(seed)
    human = screen.session.humans[0]
    answers = 0
    with caplog.at_level(logging.WARNING, logger="game.table"):
        for _ in range(60000):
            if screen.finished:
                break
            events: list[pygame.event.Event] = []
            roll = rng.random()
            if roll < 0.3:
                pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
                events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)]
            elif roll < 0.6:
                events = [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="")]
            elif roll < 0.62:
                events = scripted_answer(screen)  # keeps the match moving when random input dawdles
            if screen.paused:
                events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")]
            before = human.pending
            app.tick(1 / 20, events)
            if before is not None and human.pending is not before:
                answers += 1
    assert screen.finished
    assert answers > 20
    # the table re-checks every answer: not one was refused
    assert not [record for record in caplog.records if "not legal" in record.getMessage()]


def test_resizing_mid_hand_lays_out_again() -> None:
    screen = make_screen((SeatSetup("You"), *(SeatSetup(f"AI {i}", "normal") for i in range(1, 4))), 3)
    app = screen.app
    for _ in range(300):
        app.tick(1 / 20, scripted_answer(screen))
    app.surface = pygame.Surface((1920, 1080))
    app.tick(1 / 20)
    assert (screen.layout.width, screen.layout.height) == (1920, 1080)
    assert all(0 <= sprite.box.x < 1920 and 0 <= sprite.box.y < 1080 for sprite in screen.sprites.values())
    app.surface = pygame.Surface((800, 600))
    app.tick(1 / 20)
    assert screen.layout.width == 800
    for _ in range(300):
        app.tick(1 / 20, scripted_answer(screen))


def test_escape_pauses_and_nothing_moves_until_resumed() -> None:
    screen = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(4)), 4)
    app = screen.app
    for _ in range(50):
        app.tick(1 / 20)
    screen.key(pygame.K_ESCAPE)
    assert screen.paused
    actions, now = len(screen.session.table.actions), screen.animator.now_s
    for _ in range(100):
        app.tick(1 / 20)
    assert len(screen.session.table.actions) == actions
    assert screen.animator.now_s == now
    screen.key(pygame.K_ESCAPE)
    assert not screen.paused
    for _ in range(100):
        app.tick(1 / 20)
    assert len(screen.session.table.actions) > actions


def test_a_click_skips_the_running_animation() -> None:
    screen = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(4)), 4)
    app = screen.app
    app.tick(1 / 60)
    assert not screen.animator.idle
    screen.click(app.size[0] // 2, app.size[1] // 3)
    assert screen.animator.idle


def test_spectators_see_every_hand_and_a_human_only_their_own() -> None:
    watch = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(4)), 6)
    for _ in range(200):
        watch.app.tick(1 / 20)
    assert watch.show is not None
    assert set(watch.show.hands) == {0, 1, 2, 3}
    play = make_screen((SeatSetup("You"), *(SeatSetup(f"AI {i}", "normal") for i in range(1, 4))), 6)
    for _ in range(200):
        play.app.tick(1 / 20, scripted_answer(play))
    assert play.show is not None
    assert set(play.show.hands) - set(play.show.open_hands) <= {0}
    hidden = [key for key in play.sprites if key[0] == "b"]
    assert len(hidden) >= 30  # the three opponents' concealed tiles are backs


def test_the_frame_benchmark_scene_runs() -> None:
    from benchmarks.gui_bench import busy_frame_times

    times = busy_frame_times((640, 400), frames=30, warmup=5)
    assert len(times) == 30
    assert all(t > 0 for t in times)


def test_brackets_change_the_animation_speed(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    screen = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(4)), 4)
    assert screen.app.settings.speed == 1.0
    screen.key(pygame.K_RIGHTBRACKET)
    screen.key(pygame.K_RIGHTBRACKET)
    assert screen.app.settings.speed == 2.0
    screen.app.tick(1 / 60)
    assert screen.animator.speed == 2.0
    for _ in range(10):
        screen.key(pygame.K_LEFTBRACKET)
    assert screen.app.settings.speed == 0.5  # the slowest setting, not beyond


def test_score_differences_show_plus_minus_zero_for_equal_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(4)), 4)
    for _ in range(20):
        screen.app.tick(1 / 20)
    assert screen.show is not None
    assert set(screen.show.view.scores) == {25000}, "everyone still has the starting score"
    shown: list[str] = []
    real = table_screen.draw_text

    def recording(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> None:
        shown.append(text)
        real(surface, text, *args, **kwargs)

    monkeypatch.setattr(table_screen, "draw_text", recording)
    screen.key(pygame.K_TAB)  # the scores as differences from the bottom seat's
    assert screen.show_differences
    screen.center_panel()
    assert shown.count("±0") == 3
    assert "+0" not in shown
    assert "25,000" in shown  # the bottom seat's own score stays a score


class BlitRecorder(pygame.Surface):
    """A surface that remembers the screen rect of every blit onto it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.rects: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        rect = (
            source.get_rect(topleft=dest)
            if isinstance(dest, tuple)
            else source.get_rect(topleft=dest.topleft)
        )
        self.rects.append(rect)
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (2560, 1080)])
@pytest.mark.parametrize("players", [3, 4])
def test_riichi_sticks_lie_in_front_of_their_seats_clear_of_everything(
    players: int, size: tuple[int, int]
) -> None:
    screen = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(players)), 4, size)
    for _ in range(5):
        screen.app.tick(1 / 20)
    assert screen.show is not None
    screen.show = dataclasses.replace(screen.show, sticks=frozenset(range(players)))  # everyone in riichi
    screen.stick_slide = None
    layout = screen.layout
    sticks = BlitRecorder(size)
    screen.draw_sticks(sticks)
    plates = BlitRecorder(size)
    screen.draw_names(plates)
    assert len(sticks.rects) == players
    assert len(plates.rects) == players
    # full rivers (a sideways riichi tile in each of the first two rows) for every seat at the table
    rivers = []
    for seat in range(players):
        rel = layout.rel_of(seat, screen.show.bottom)
        sideways_before = 0
        for index in range(21):
            if index % 6 == 0:
                sideways_before = 0
            rivers.append(layout.river_box(rel, index, sideways_before, index in (2, 9)))
            sideways_before += index in (2, 9)
    # the panel's text (round, honba, tiles left, each seat's wind and score) lies inside the panel box
    panel = pygame.Rect(layout.panel)
    window = pygame.Rect(0, 0, *size)
    for stick in sticks.rects:
        assert window.contains(stick), stick
        assert not stick.colliderect(panel), f"stick {stick} drawn over the centre panel {panel}"
        assert stick.collidelist([pygame.Rect(box) for box in rivers]) == -1, stick
        assert stick.collidelist(plates.rects) == -1, stick
    # the sticks are thin, lying along the river: across the bottom and top seats, upright for the side ones
    for stick in sticks.rects:
        assert max(stick.w, stick.h) >= 5 * min(stick.w, stick.h)
    assert len({(stick.w > stick.h) for stick in sticks.rects}) == 2


def play_until(screen: TableScreen, offered: Any) -> None:
    """Answer with the scripted keys until the human's decision on screen satisfies `offered(legal)`."""
    for _ in range(20000):
        if screen.decision is not None and screen.animator.idle and offered(screen.mapper.legal):
            return
        screen.app.tick(1 / 20, scripted_answer(screen))
    raise AssertionError("the decision never came")


def human_table(seed: int) -> TableScreen:
    return make_screen((SeatSetup("You"), *(SeatSetup(f"AI {i}", "normal") for i in range(1, 4))), seed)


def test_escape_opens_the_menu_on_ones_own_turn_to_discard_and_closes_it() -> None:
    screen = human_table(3)
    play_until(screen, lambda legal: any(isinstance(action, Discard) for action in legal))
    human = screen.session.humans[0]
    pending = human.pending
    screen.key(pygame.K_ESCAPE)
    assert screen.paused, "Esc on one's own turn opens the menu"
    assert human.awaiting_choice  # and plays nothing
    assert human.pending is pending
    screen.key(pygame.K_ESCAPE)
    assert not screen.paused, "Esc in the menu closes it"
    assert screen.decision is not None
    assert human.awaiting_choice
    screen.key(pygame.K_F10)
    assert screen.paused
    screen.key(pygame.K_F10)
    assert not screen.paused, "F10 closes the menu too"


def test_escape_skips_an_offered_call_like_the_skip_button() -> None:
    screen = human_table(3)
    play_until(screen, lambda legal: PASS in legal)
    human = screen.session.humans[0]
    chosen: list[Action] = []
    real = human.choose
    human.choose = lambda action: (chosen.append(action), real(action))[1]  # type: ignore[method-assign]
    screen.key(pygame.K_ESCAPE)
    assert not screen.paused, "Esc answers the offer rather than opening the menu"
    assert chosen == [PASS]
    assert not human.awaiting_choice  # answered
    play_until(screen, lambda legal: PASS in legal)
    screen.key(pygame.K_F10)
    assert screen.paused, "F10 opens the menu even while a call is offered"
    screen.key(pygame.K_F10)
    assert not screen.paused
    assert human.awaiting_choice  # the offer still waits for its answer


def test_escape_opens_the_menu_with_no_decision_on_screen() -> None:
    screen = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(4)), 4)
    for _ in range(30):
        screen.app.tick(1 / 20)
    assert screen.decision is None
    screen.key(pygame.K_ESCAPE)
    assert screen.paused
    screen.key(pygame.K_F10)
    assert not screen.paused


@pytest.mark.parametrize("size", [(1024, 768), (1000, 800), (1024, 600)])
def test_long_names_on_narrow_plates_stay_readable_and_apart(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from graphics import i18n

    i18n.set_language("ja")
    try:
        names = tuple(f"上級コンピューター {seat}" for seat in range(1, 5))
        screen = make_screen(tuple(SeatSetup(name, "normal") for name in names), 4, size)
        for _ in range(5):
            screen.app.tick(1 / 20)
        drawn: list[tuple[str, int]] = []
        real = table_screen.draw_text

        def recording(surface: pygame.Surface, text: str, size: int, *args: Any, **kwargs: Any) -> Any:
            drawn.append((text, size))
            return real(surface, text, size, *args, **kwargs)

        monkeypatch.setattr(table_screen, "draw_text", recording)
        screen._panel_cache.clear()
        plates = BlitRecorder(size)
        screen.draw_names(plates)
    finally:
        i18n.set_language("en")
    shown = [(text, px) for text, px in drawn if "上級" in text]
    assert len(shown) == 4
    assert len({text[-1] for text, _ in shown}) == 4  # each plate still says which computer it is
    assert all(px >= 11 for _, px in shown), shown  # was shrunk to 8 px at 1024x768
    for rect in plates.rects:
        assert rect.w <= screen.layout.plate_w


def test_the_pause_menus_yaku_reference_shows_the_match_rules() -> None:
    # The reference opened in a match is shown under the match's rules (its local yaku marked on).
    app = offscreen_app((1280, 720))
    rules = preset("seed-deluxe").with_overrides({"game_length": "east"})
    setups = (SeatSetup("You"), SeatSetup("A", "normal"), SeatSetup("B", "normal"), SeatSetup("C", "normal"))
    screen = TableScreen(app, GameSession(rules, setups, 3))
    app.switch(screen)
    screen.pause_choice("reference")
    scene = app.scene
    assert type(scene).__name__ == "ReferenceScene"
    assert scene.rule_choices[scene.rule_index][2] == rules  # type: ignore[attr-defined]
