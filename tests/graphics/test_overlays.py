"""The end-of-hand panels: every kind draws at small and large sizes, reveals over time and waits for a click
(or moves on by itself when AIs are watched)."""

from collections.abc import Iterator

import pygame
import pytest

from game.terms import AbortiveDraw, ExhaustiveDraw, HandValue, HandWon, RoundEnded, parse_tiles, preset
from graphics.demo import offscreen_app
from graphics.overlays import AbortiveOverlay, DrawOverlay, ScoreOverlay, WinOverlay, make_overlay
from graphics.session import GameSession, SeatSetup
from graphics.table_screen import TableScreen


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def screen_at(size: tuple[int, int], auto: bool) -> TableScreen:
    app = offscreen_app(size)
    setups = (
        SeatSetup("You"),
        SeatSetup("Ann", "normal"),
        SeatSetup("Ben", "normal"),
        SeatSetup("Cy", "normal"),
    )
    screen = TableScreen(app, GameSession(preset("standard"), setups, seed=1), auto_continue=auto)
    for _ in range(40):  # deal the first hand so the table has a show to draw under the panel
        app.tick(1 / 20)
    return screen


def win_event() -> HandWon:
    hand = parse_tiles("123m456p789s234s55z")
    from rules.points import Payments  # test-only: building a HandValue by hand

    value = HandValue(
        3, 40, 0, None, 5200, Payments(ron=5200), 5200, (("riichi", 1), ("yakuhai_haku", 1), ("dora", 1))
    )
    return HandWon(0, 1, hand[-1], hand, (), value, (hand[3],), None, (5200, -5200, 0, 0))


EVENTS = [
    win_event(),
    ExhaustiveDraw((0, 2), ((1, 2), (), (3, 4), ()), (), (1500, -1500, 1500, -1500)),
    AbortiveDraw("kyuushu_kyuuhai", 1, ()),
    RoundEnded("win", (0,), (5200, -5200, 0, 0), (30200, 19800, 25000, 25000), 0, False, None),
]


@pytest.mark.parametrize("size", [(640, 400), (1920, 1080)])
@pytest.mark.parametrize("event", EVENTS, ids=lambda event: type(event).__name__)
def test_every_panel_draws_reveals_and_waits_for_a_click(size: tuple[int, int], event: object) -> None:
    screen = screen_at(size, auto=False)
    overlay = make_overlay(event, screen)
    assert isinstance(overlay, WinOverlay | DrawOverlay | AbortiveOverlay | ScoreOverlay)
    surface = screen.app.surface
    first = None
    for _ in range(120):
        overlay.update(1 / 30)
        screen.draw(surface)
        overlay.draw(surface)
        if first is None:
            first = pygame.image.tobytes(surface, "RGB")
    assert overlay.shown
    assert overlay.ready  # a player's game: ready as soon as all is shown, then waits to be dismissed
    assert pygame.image.tobytes(surface, "RGB") != first  # the panel revealed more as time passed


def test_watching_ais_the_panel_lingers_then_moves_on() -> None:
    screen = screen_at((1280, 720), auto=True)
    overlay = make_overlay(win_event(), screen)
    assert overlay is not None
    overlay.skip()
    assert overlay.shown
    assert not overlay.ready
    overlay.update(2.0)
    assert overlay.ready


def test_win_panel_counts_han_up_one_yaku_at_a_time() -> None:
    screen = screen_at((1280, 720), auto=False)
    overlay = WinOverlay(screen, win_event())
    assert overlay.yaku_at < overlay.banner_at < overlay.total_s
    # the banner comes after every yaku has been listed
    assert overlay.banner_at >= overlay.yaku_at + 3 * 0.42 - 1e-9
