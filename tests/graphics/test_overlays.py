"""The end-of-hand panels: every kind draws at small and large sizes, reveals over time and waits for a click
(or moves on by itself when AIs are watched)."""

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from game.terms import (
    AbortiveDraw,
    ExhaustiveDraw,
    HandValue,
    HandWon,
    Meld,
    MeldType,
    RoundEnded,
    parse_tiles,
    preset,
)
from graphics import i18n, widgets
from graphics.demo import offscreen_app
from graphics.layout import Box, tile_width
from graphics.overlays import AbortiveOverlay, DrawOverlay, Overlay, ScoreOverlay, WinOverlay, make_overlay
from graphics.session import GameSession, SeatSetup
from graphics.table_screen import TableScreen

pytestmark = pytest.mark.usefixtures("display")


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


# ----------------------------------------------------------------------------------------------------------
# the win panel's layout: nothing drawn on top of anything, the han total once, the panel fitted to content

PANEL_SIZES = [(1024, 768), (1280, 720), (2560, 1080)]
MANY_YAKU = (
    ("riichi", 1),
    ("ippatsu", 1),
    ("menzen_tsumo", 1),
    ("pinfu", 1),
    ("tanyao", 1),
    ("iipeikou", 1),
    ("sanshoku", 2),
    ("dora", 2),
    ("aka_dora", 1),
    ("ura_dora", 2),
)


def riichi_win(yaku: tuple[tuple[str, int], ...], tsumo: bool) -> HandWon:
    """A riichi win with two dora and two ura dora indicators (a kan was made), by tsumo or ron."""
    from rules.points import Payments  # test-only: building a HandValue by hand

    hand = parse_tiles("234m406p678s22345s")
    han = sum(han for _, han in yaku)
    value = HandValue(han, 30, 0, "baiman" if han >= 8 else None, 16000, Payments(ron=16000), 16000, yaku)
    deltas = (16000, -16000, 0, 0)
    return HandWon(
        0, None if tsumo else 1, hand[-1], hand, (), value, tuple(parse_tiles("7z1p")), None, deltas
    )


def open_win() -> HandWon:
    """A ron with a daiminkan and a pon laid down: the widest hand row."""
    from rules.points import Payments  # test-only: building a HandValue by hand

    hand = parse_tiles("234m406p22s")
    melds = (
        Meld(MeldType.DAIMINKAN, tuple(parse_tiles("7777z")), None, 2),
        Meld(MeldType.PON, tuple(parse_tiles("111s")), None, 1),
    )
    value = HandValue(2, 40, 0, None, 2600, Payments(ron=2600), 2600, (("yakuhai_chun", 1), ("aka_dora", 1)))
    return HandWon(0, 3, hand[-1], hand, melds, value, (), None, (2600, 0, 0, -2600))


def with_chips(event: HandWon, *paid: int) -> HandWon:
    """The win with the chips each other seat (1, 2, 3, in order) pays its winner, seat 0."""
    return dataclasses.replace(event, chips=(sum(paid), *(-count for count in paid)))


def with_riichi_and_dora(screen: TableScreen, seat: int) -> None:
    """The table as a riichi winner's panel sees it: `seat` in riichi, two dora indicators up."""
    show = screen.show
    assert show is not None
    players = list(show.view.players)
    players[seat] = dataclasses.replace(players[seat], riichi=True)
    view = dataclasses.replace(show.view, players=tuple(players))
    wall = dataclasses.replace(show.wall, indicators=tuple(parse_tiles("9m0s")))
    screen.show = dataclasses.replace(show, view=view, wall=wall)


def win_drawn(
    size: tuple[int, int], lang: str, event: HandWon, monkeypatch: pytest.MonkeyPatch
) -> tuple[WinOverlay, Drawn]:
    i18n.set_language(lang)
    screen = screen_at(size, auto=False)
    with_riichi_and_dora(screen, event.seat)
    overlay = WinOverlay(screen, event)
    return overlay, drawn_by(overlay, monkeypatch)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("size", PANEL_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("kind", ["ron", "tsumo-many-yaku", "open-hand", "ron-chips", "tsumo-pao-chips"])
def test_nothing_on_the_win_panel_overlaps_anything_else(
    kind: str, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = {
        "ron": riichi_win((("riichi", 1), ("pinfu", 1), ("dora", 2)), tsumo=False),
        "tsumo-many-yaku": riichi_win(MANY_YAKU, tsumo=True),
        "open-hand": open_win(),
        "ron-chips": with_chips(riichi_win((("riichi", 1), ("pinfu", 1), ("dora", 2)), tsumo=False), 2, 0, 0),
        "tsumo-pao-chips": with_chips(riichi_win(MANY_YAKU, tsumo=True), 1, 12, 1),  # the longest chips line
    }
    event = events[kind]
    try:
        overlay, drawn = win_drawn(size, lang, event, monkeypatch)
    finally:
        i18n.set_language("en")
    panel = pygame.Rect(overlay.box)
    window = pygame.Rect(0, 0, *size)
    assert window.contains(panel)
    assert len(drawn.rects) > 20
    for rect in drawn.rects:
        assert panel.contains(rect), f"{rect} reaches outside the panel {panel}"
    for index, rect in enumerate(drawn.rects):
        for other in drawn.rects[index + 1 :]:
            assert not rect.colliderect(other), f"{rect} overlaps {other}: {drawn.texts}"


@pytest.mark.parametrize("size", PANEL_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_win_panel_shows_its_han_total_once_in_the_value(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    event = riichi_win((("riichi", 1), ("pinfu", 1), ("dora", 2)), tsumo=False)
    _, drawn = win_drawn(size, "en", event, monkeypatch)
    shown = [text for text, _ in drawn.texts]
    assert i18n.tr("score.han", han=4) not in shown  # no lone "4 han" line above the value
    assert shown.count(i18n.tr("score.han_fu", han=4, fu=30)) == 1
    assert sum("4 han" in text for text in shown) == 1


def test_the_han_count_runs_up_where_the_value_then_lands(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = screen_at((1280, 720), auto=False)
    with_riichi_and_dora(screen, 0)
    overlay = WinOverlay(screen, riichi_win((("riichi", 1), ("pinfu", 1), ("dora", 2)), tsumo=False))
    texts: list[tuple[str, pygame.Rect]] = []

    def draw_text(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = widgets.draw_text(surface, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    monkeypatch.setattr("graphics.overlays.draw_text", draw_text)
    surface = pygame.Surface((1280, 720))
    overlay.update(overlay.yaku_at + 0.42 + 0.01)  # two yaku shown
    overlay.draw(surface)
    counts = [rect for text, rect in texts if text == i18n.tr("score.han", han=2)]
    assert len(counts) == 1
    texts.clear()
    overlay.skip()
    overlay.draw(surface)
    value = [rect for text, rect in texts if text == i18n.tr("score.han_fu", han=4, fu=30)]
    assert len(value) == 1
    assert value[0].top == counts[0].top
    assert not any(text == i18n.tr("score.han", han=4) for text, _ in texts)


@pytest.mark.parametrize("size", PANEL_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_win_panel_is_fitted_to_its_content(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    overlay, drawn = win_drawn(size, "en", riichi_win((("riichi", 1), ("dora", 1)), tsumo=False), monkeypatch)
    assert overlay.box.h < overlay.full_h  # two yaku: shorter than the usual panel
    hint = i18n.tr("overlay.continue")
    names = {setup.name for setup in overlay.screen.session.setups}
    payments = [rect for text, rect in drawn.texts if text in names]
    points = [rect for text, rect in drawn.texts if text == overlay.points()]
    (hint_rect,) = [rect for text, rect in drawn.texts if text == hint]
    unit = overlay.full_h / 24
    assert len(payments) == 4
    assert len(points) == 1
    # the payments sit close under the points, and the prompt close under the payments: no empty band
    assert min(rect.top for rect in payments) - points[0].bottom < unit * 1.5
    assert hint_rect.top - max(rect.bottom for rect in payments) < unit * 2.5
    assert overlay.box.bottom - hint_rect.bottom < unit * 1.5
    # centred on the window
    assert abs(overlay.box.center[1] - size[1] // 2) <= 1
    assert abs(overlay.box.center[0] - size[0] // 2) <= 1


@pytest.mark.parametrize("size", PANEL_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_dora_and_ura_dora_are_two_labelled_groups_apart(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    overlay, drawn = win_drawn(size, "en", riichi_win((("riichi", 1), ("dora", 1)), tsumo=True), monkeypatch)
    height = overlay.fit.dora_h
    row = pygame.Rect(overlay.box.x, overlay.fit.dora_y, overlay.box.w, height)
    labels = [(text, rect) for text, rect in drawn.texts if row.collidepoint(rect.center)]
    (dora,) = [rect for text, rect in labels if text == i18n.tr("win.dora")]  # not the yaku named Dora
    (ura,) = [rect for text, rect in labels if text == i18n.tr("win.ura")]
    small = [rect for rect in drawn.rects if rect.h == height and rect.top == overlay.fit.dora_y]
    assert len(small) == 4  # two dora indicators, then two ura dora indicators
    small.sort(key=lambda rect: rect.x)
    width = small[0].w
    # each label sits just left of its own tiles, vertically centred on them
    assert 0 < small[0].left - dora.right <= width
    assert 0 < small[2].left - ura.right <= width
    assert abs(dora.centery - small[0].centery) <= 2
    assert abs(ura.centery - small[2].centery) <= 2
    # and the ura group keeps a clear gap from the dora group
    assert ura.left - small[1].right >= width
    # the row is centred on the panel
    assert abs((dora.left + small[-1].right) // 2 - overlay.box.center[0]) <= 2


def test_the_ura_dora_still_turn_over_one_after_another(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = screen_at((1280, 720), auto=False)
    with_riichi_and_dora(screen, 0)
    overlay = WinOverlay(screen, riichi_win((("riichi", 1), ("dora", 1)), tsumo=True))
    steps: list[int] = []
    real = screen.art.flip_frame

    def flip_frame(tile: int | None, red: bool, height: int, step: int, steps_: int = 8) -> pygame.Surface:
        steps.append(step)
        return real(tile, red, height, step, steps_)

    monkeypatch.setattr(screen.art, "flip_frame", flip_frame)
    surface = pygame.Surface((1280, 720))
    overlay.update(overlay.ura_at + 0.2)
    overlay.draw(surface)
    assert len(steps) == 2
    assert 0 < steps[1] < steps[0] < 8  # the second one turns after the first
    steps.clear()
    overlay.skip()
    overlay.draw(surface)
    assert steps == [8, 8]


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (2560, 1080), (640, 400)])
def test_the_draw_panel_fits_its_rows_and_a_noten_row_is_one_line(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = screen_at(size, auto=False)
    hand = parse_tiles("123m456p789s2345s")
    overlay = DrawOverlay(
        screen, ExhaustiveDraw((0, 2), (hand, (), hand, ()), (), (1500, -1500, 1500, -1500))
    )
    drawn = drawn_by(overlay, monkeypatch)
    assert overlay.box.h <= overlay.full_h
    rows = overlay.rows_y
    assert rows[1] - rows[0] > rows[2] - rows[1]  # a tenpai row holds its tiles, a noten row one line
    panel = pygame.Rect(overlay.box)
    for index, rect in enumerate(drawn.rects):
        assert panel.contains(rect)
        for other in drawn.rects[index + 1 :]:
            assert not rect.colliderect(other), f"{rect} overlaps {other}"


TABLE_SIZES = [(1024, 600), (1024, 768), (1000, 800), (1280, 720), (1366, 768), (1600, 900), (1920, 1080)]
TABLE_SIZES += [(2560, 1080), (2560, 1440)]


@pytest.mark.parametrize("size", TABLE_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("kind", ["win", "draw"])
def test_end_of_hand_panels_leave_every_name_plate_readable(
    kind: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = screen_at(size, auto=False)
    hand0 = parse_tiles("123m456p789s2345s")
    hand2 = parse_tiles("22345678m11p999s")
    draw = ExhaustiveDraw((0, 2), (hand0, (), hand2, ()), (), (1500, -1500, 1500, -1500))
    overlay: Overlay = WinOverlay(screen, win_event()) if kind == "win" else DrawOverlay(screen, draw)
    drawn = drawn_by(overlay, monkeypatch)  # lays the panel out and draws it whole
    panel = overlay.box
    assert all(panel.contains(Box(*rect)) for rect in drawn.rects if rect.w and rect.h)
    for rel in range(4):
        plate = screen.layout.plate_box(rel)
        assert not panel.overlaps(plate), f"the {kind} panel {panel} covers the plate {plate}"


# ----------------------------------------------------------------------------------------------------------
# chips (RULES.md §12): a line of their own under the points, only when the win earns some


@pytest.mark.parametrize(
    ("tsumo", "paid", "line"),
    [
        (True, (3, 3, 3), "Chips: 3 from each"),
        (False, (2, 0, 0), "Chips: 2 from the discarder"),
        (True, (1, 7, 1), "Chips: 1 from each, 6 more from Ben (pao)"),  # pao: seat 2 pays the yakuman's
        (True, (0, 6, 0), "Chips: 6 from Ben (pao)"),
    ],
)
def test_the_win_panel_shows_the_chips_on_their_own_line(
    tsumo: bool, paid: tuple[int, ...], line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = with_chips(riichi_win((("riichi", 1), ("pinfu", 1), ("dora", 2)), tsumo=tsumo), *paid)
    overlay, drawn = win_drawn((1280, 720), "en", event, monkeypatch)
    assert overlay.chips_text() == line
    shown = [rect for text, rect in drawn.texts if text == line]
    (points,) = [rect for text, rect in drawn.texts if text == overlay.points()]
    seated = {setup.name for setup in overlay.screen.session.setups}
    names = [rect for text, rect in drawn.texts if text in seated]
    assert len(shown) == 1
    assert points.bottom <= shown[0].top  # under the points
    assert shown[0].bottom <= min(rect.top for rect in names)  # above the payments


@pytest.mark.parametrize("chips", [(), (0, 0, 0, 0)], ids=["no chips in the rules", "none earned"])
def test_a_win_without_chips_has_no_chips_line(
    chips: tuple[int, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    event = dataclasses.replace(riichi_win((("riichi", 1), ("dora", 1)), tsumo=True), chips=chips)
    overlay, drawn = win_drawn((1280, 720), "en", event, monkeypatch)
    assert overlay.chips_text() is None
    assert not any(text.startswith("Chips") for text, _ in drawn.texts)


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_chips_line_is_translated(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    event = with_chips(riichi_win((("riichi", 1), ("dora", 1)), tsumo=True), 2, 2, 2)
    try:
        overlay, drawn = win_drawn((1280, 720), lang, event, monkeypatch)
        line = i18n.tr("win.chips_each", count=2)
        assert overlay.chips_text() == line
    finally:
        i18n.set_language("en")
    assert "Chips" not in line
    assert "2" in line
    assert [text for text, _ in drawn.texts].count(line) == 1


@pytest.mark.parametrize("size", [(640, 400), (1280, 720)])
def test_the_winners_flowers_are_shown_beside_the_indicators_face_up(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The flowers option: a winner's flowers set aside are each a dora; the panel shows them as a third group,
    # labelled, face up from the start (only the ura dora turn over), clear of the ura dora and on the panel.
    i18n.set_language("en")
    screen = screen_at(size, auto=False)
    with_riichi_and_dora(screen, 0)
    show = screen.show
    assert show is not None
    players = list(show.view.players)
    players[0] = dataclasses.replace(players[0], flowers=(136, 138))
    screen.show = dataclasses.replace(show, view=dataclasses.replace(show.view, players=tuple(players)))
    event = riichi_win((("riichi", 1), ("dora", 1), ("flower", 2)), tsumo=True)
    overlay = WinOverlay(screen, event)
    assert overlay.dora_groups()[-1] == (i18n.tr("yaku.flower"), [136, 138])
    flips: list[int | None] = []
    real = screen.art.flip_frame

    def flip_frame(tile: int | None, red: bool, height: int, step: int, steps_: int = 8) -> pygame.Surface:
        flips.append(tile)
        return real(tile, red, height, step, steps_)

    monkeypatch.setattr(screen.art, "flip_frame", flip_frame)
    drawn = drawn_by(overlay, monkeypatch)
    assert len(flips) == 2
    assert 34 not in flips
    assert 36 not in flips
    height = overlay.fit.dora_h
    row = pygame.Rect(overlay.box.x, overlay.fit.dora_y, overlay.box.w, height)
    small = sorted(
        (
            rect
            for rect in drawn.rects
            if rect.h == height and rect.top == overlay.fit.dora_y and rect.w == tile_width(height)
        ),
        key=lambda r: r.x,
    )
    assert len(small) == 6  # two dora, two ura dora, two flowers
    (label,) = [
        rect for text, rect in drawn.texts if text == i18n.tr("yaku.flower") and row.collidepoint(rect.center)
    ]
    assert small[3].right < label.left < small[4].left
    assert overlay.box.contains(small[0].union(small[-1]))
