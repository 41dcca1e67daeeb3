"""Two humans at one screen: no frame ever shows a human's concealed tiles to anyone but that human, and every
hand-over between them goes through the "pass to" screen."""

from collections.abc import Iterator

import pygame
import pytest

from game.terms import preset
from graphics.demo import offscreen_app, scripted_answer
from graphics.session import GameSession, SeatSetup
from graphics.table_screen import TableScreen


@pytest.fixture
def screen() -> Iterator[TableScreen]:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    app = offscreen_app((1280, 720))
    rules = preset("standard").with_overrides({"game_length": "east"})
    setups = (SeatSetup("Alice"), SeatSetup("AI", "normal"), SeatSetup("Bob"), SeatSetup("AI 2", "normal"))
    screen = TableScreen(app, GameSession(rules, setups, seed=5))
    app.switch(screen)
    yield screen
    pygame.display.quit()


def concealed_face_up(screen: TableScreen) -> set[int]:
    """Seats whose concealed (not laid-open) tiles are drawn face up in this frame."""
    show = screen.show
    if show is None:
        return set()
    seats = set()
    for seat in range(show.view.n):
        if seat in show.hands and seat not in show.open_hands:
            seats.add(seat)
    # cross-check against the sprites themselves: a face-up hand tile belongs to a shown seat
    face_up_tiles = {key[1] for key in screen.sprites if key[0] == "h"}
    for seat, hand in show.hands.items():
        if seat not in show.open_hands:
            assert face_up_tiles >= set(hand) or show.dealt is not None
    return seats


def test_only_the_confirmed_human_sees_their_tiles(screen: TableScreen) -> None:
    session = screen.session
    app = screen.app
    hand_overs = 0
    decisions_seen: set[tuple[int, int]] = set()
    previous_viewer = None
    for _ in range(40000):
        if screen.finished:
            break
        app.tick(1 / 20, scripted_answer(screen))
        shown = concealed_face_up(screen)
        # never two humans' tiles, never a human's tiles while the privacy screen is up
        assert len(shown) <= 1
        if screen.privacy_seat is not None:
            assert shown == set(), "the privacy screen is up but a hand shows"
        if shown:
            assert shown == {session.viewer}
        if screen.decision is not None:
            seat, serial = screen.decision
            assert session.viewer == seat
            assert shown == {seat}
            decisions_seen.add((seat, serial))
        if session.viewer is not None and session.viewer != previous_viewer:
            hand_overs += 1
        previous_viewer = session.viewer
    assert screen.finished, "the east-only match did not end"
    seats_decided = {seat for seat, _ in decisions_seen}
    assert seats_decided == {0, 2}
    assert hand_overs >= 10  # the humans took turns through the pass screen many times


def test_privacy_screen_waits_for_the_named_player(screen: TableScreen) -> None:
    app = screen.app
    for _ in range(5000):
        app.tick(1 / 20)
        if screen.privacy_seat is not None:
            break
    seat = screen.privacy_seat
    assert seat is not None
    # time passes and nothing is revealed until the player confirms
    for _ in range(50):
        app.tick(1 / 20)
    assert screen.privacy_seat == seat
    assert screen.decision is None
    assert concealed_face_up(screen) == set()
    screen.key(pygame.K_RETURN)
    assert screen.privacy_seat is None
    assert screen.session.viewer == seat
    assert screen.decision is not None
    assert screen.decision[0] == seat
    assert concealed_face_up(screen) == {seat}
