"""The end-of-hand panels: every kind draws at small and large sizes, reveals over time and waits for a click
(or moves on by itself when AIs are watched)."""

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from game.terms import AbortiveDraw, ExhaustiveDraw, HandValue, HandWon, RoundEnded, parse_tiles, preset
from graphics import i18n, widgets
from graphics.demo import offscreen_app
from graphics.overlays import AbortiveOverlay, DrawOverlay, Overlay, ScoreOverlay, WinOverlay, make_overlay
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
        screen.update(1 / 20)
    assert screen.show is not None
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


# ----------------------------------------------------------------------------------------------------------
# what a panel draws, recorded from its blits: every text with its rect, every tile face with its kind


class RecordingSurface(pygame.Surface):
    """A surface that remembers every blit (the image and where it landed)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.recorded: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        rect = super().blit(source, dest, area, special_flags)
        self.recorded.append((source, rect))
        return rect


@dataclass
class Drawn:
    texts: list[tuple[str, pygame.Rect]]
    faces: list[tuple[int, pygame.Rect]]  # tile kind and where
    rects: list[pygame.Rect]  # every blit but the panel's shade


def drawn_by(overlay: Overlay, monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Draw the fully shown panel once, recording its texts and tile faces."""
    texts: list[tuple[str, pygame.Rect]] = []
    images: dict[int, int] = {}
    real_face = overlay.screen.art.face

    def draw_text(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = widgets.draw_text(surface, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    def face(kind: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = real_face(kind, *args, **kwargs)
        images[id(image)] = kind
        return image

    monkeypatch.setattr("graphics.overlays.draw_text", draw_text)
    monkeypatch.setattr(overlay.screen.art, "face", face)
    layout = overlay.screen.layout
    surface = RecordingSurface((layout.width, layout.height))
    overlay.skip()
    overlay.update(0.0)
    overlay.draw(surface)
    monkeypatch.undo()
    blits = [(image, rect) for image, rect in surface.recorded if rect.size != (overlay.box.w, overlay.box.h)]
    faces = [(images[id(image)], rect) for image, rect in blits if id(image) in images]
    return Drawn(texts, faces, [rect for _, rect in blits])


def test_exhaustive_draw_shows_tenpai_hands_waits_and_each_name_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.shanten import waits

    screen = screen_at((1280, 720), auto=False)
    hand0 = parse_tiles("123m456p789s2345s")
    hand2 = parse_tiles("22345678m11p999s")
    event = ExhaustiveDraw((0, 2), (hand0, (), hand2, ()), (), (1500, -1500, 1500, -1500))
    drawn = drawn_by(DrawOverlay(screen, event), monkeypatch)
    names = [setup.name for setup in screen.session.setups]
    shown = [text for text, _ in drawn.texts]
    for name in names:
        assert shown.count(name) == 1, f"{name!r} drawn {shown.count(name)} times: {shown}"
    expected: Counter[int] = Counter()
    for hand in (hand0, hand2):
        counts = [0] * 34
        for tile in hand:
            counts[tile >> 2] += 1
        hand_waits = waits(counts)
        assert hand_waits  # the test's hands are tenpai
        expected.update(tile >> 2 for tile in hand)
        expected.update(hand_waits)
    faces = Counter(kind for kind, _ in drawn.faces)
    assert not expected - faces, f"missing tiles {expected - faces}"
    assert shown.count(i18n.tr("tenpai")) == 2
    assert shown.count(i18n.tr("noten")) == 2
    for delta in ("+1,500", "-1,500"):
        assert shown.count(delta) == 2


HINT_SIZES = [(1280, 720), (1024, 600), (1024, 768), (1920, 1080)]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("size", HINT_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("kind", ["win", "draw"])
def test_continue_hint_overlaps_nothing_on_the_panel(
    kind: str, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    i18n.set_language(lang)
    try:
        screen = screen_at(size, auto=False)
        hand = parse_tiles("123m456p789s2345s")
        event = (
            win_event()
            if kind == "win"
            else ExhaustiveDraw((0, 1, 2), (hand, hand, hand, ()), (), (1000, 1000, 1000, -3000))
        )
        overlay = make_overlay(event, screen)
        assert overlay is not None
        drawn = drawn_by(overlay, monkeypatch)
        hint = i18n.tr("overlay.continue")
        hints = [rect for text, rect in drawn.texts if text == hint]
        assert len(hints) == 1
        others = [rect for rect in drawn.rects if rect != hints[0]]
        assert len(others) > 10
        for rect in others:
            assert not rect.colliderect(hints[0]), f"the hint {hints[0]} overlaps {rect}"
        assert pygame.Rect(overlay.box.x, overlay.box.y, overlay.box.w, overlay.box.h).contains(hints[0])
    finally:
        i18n.set_language("en")
