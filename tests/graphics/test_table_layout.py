"""The table's composition at every window shape from 4:3 to 21:9: every rectangle the screen draws (tiles of
crowded rivers, walls, hands and melds, name plates, the centre panel, riichi sticks, buttons, toggles, the
clock, the menu button and the status line) lies inside the window, and no two things that belong to
different places overlap."""

import dataclasses
import itertools
from collections.abc import Iterator

import pygame
import pytest

from game.terms import Meld, MeldType
from game.view import PlayerView, RiverTile
from graphics import i18n
from graphics.board import Show, WallState, build_sprites
from graphics.controls import CHI, KAN, KITA, KYUUSHU, PON, RIICHI, RON, SKIP, TSUMO
from graphics.fonts import text_size
from graphics.layout import Box, TableLayout, compute_layout
from graphics.session import SeatSetup
from graphics.widgets import grid_of_buttons
from tests.graphics.test_table_screen import BlitRecorder, make_screen

SIZES = [
    (1024, 600),
    (1024, 768),
    (1000, 800),
    (1280, 720),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (2560, 1080),
    (2560, 1440),
]
LANGUAGES = ("en", "ko", "ja")
OFFERS = ((RON, CHI, PON, KAN, SKIP), (TSUMO, RIICHI, KAN, KITA, KYUUSHU))  # the most buttons shown at once


pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _river() -> tuple[RiverTile, ...]:
    """Twenty discards with a riichi tile lying sideways in the first row and a called-riichi passing its turn
    on in the second: three full rows and two in the fourth."""
    tiles = [RiverTile(index * 4 + 1, index % 3 == 0, index == 2) for index in range(20)]
    tiles[8] = RiverTile(8 * 4 + 1, False, True, called=True)
    return tuple(tiles)


def _kans(first_kind: int) -> tuple[Meld, ...]:
    """Four open kans, the widest melds (one tile sideways, called from each side in turn)."""
    melds = []
    for index in range(4):
        kind = first_kind + index
        tiles = tuple(kind * 4 + copy for copy in range(4))
        melds.append(Meld(MeldType.DAIMINKAN, tiles, tiles[0], 1 + index % 3))
    return tuple(melds)


def _seat_shows(base: Show, players: int, crowded: str) -> Iterator[tuple[int, Show]]:
    """One show per seat with only that seat's tiles on the table (tile ids are unique within a show only):
    `crowded` "kans" gives four kans, four kita in three-player games and two concealed tiles; "open"
    gives fourteen concealed tiles face up (an open hand at a draw, or the spectator's view)."""
    empty = PlayerView((), (), (), False, 0)
    for seat in range(players):
        if crowded == "kans":
            kita = tuple(30 * 4 + copy for copy in range(4)) if players == 3 else ()
            hand = (28 * 4, 28 * 4 + 1)
            player = PlayerView(_kans(20), _river(), kita, True, len(hand))
        else:
            hand = tuple(range(80, 80 + 14))
            player = PlayerView((), _river(), (), True, len(hand))
        players_view = tuple(player if other == seat else empty for other in range(players))
        view = dataclasses.replace(base.view, players=players_view)
        yield (
            seat,
            dataclasses.replace(
                base,
                view=view,
                hands={seat: hand},
                drawn={seat: hand[-1]},
                dealt=None,
                sticks=frozenset(),
                open_hands=frozenset({seat}) if crowded == "open" else frozenset(),
            ),
        )


def _tile_groups(base: Show, layout: TableLayout, players: int, crowded: str) -> dict[str, list[Box]]:
    groups: dict[str, list[Box]] = {}
    for seat, show in _seat_shows(base, players, crowded):
        for key, sprite in build_sprites(show, layout).items():
            kind = key[0]  # type: ignore[index]
            if kind == "w":
                continue  # the wall: checked once below from the base show
            group = {"r": "river", "m": "melds", "k": "melds", "h": "hand", "b": "hand"}[kind]
            groups.setdefault(f"{group} {seat}", []).append(sprite.box)
    wall = [sprite.box for key, sprite in build_sprites(base, layout).items() if key[0] == "w"]  # type: ignore[index]
    groups["wall"] = wall
    return groups


def _fixed_groups(screen: object, layout: TableLayout, players: int, lang: str) -> dict[str, list[Box]]:
    """What the screen itself draws beside the tiles, measured from its own drawing calls."""
    from graphics.table_screen import TableScreen

    assert isinstance(screen, TableScreen)
    assert screen.show is not None
    groups: dict[str, list[Box]] = {"panel": [layout.panel], "menu": [layout.menu]}
    plates = BlitRecorder((layout.width, layout.height))
    screen.draw_names(plates)
    for seat, rect in enumerate(plates.rects):
        groups[f"plate {seat}"] = [Box(*rect)]
    for seat in range(players):
        groups[f"stick {seat}"] = [layout.stick_box(layout.rel_of(seat, screen.show.bottom))]
    for number, offer in enumerate(OFFERS):
        labels = [(i18n.tr(key), key) for key in offer]
        buttons = grid_of_buttons(layout.buttons, labels, layout.button_h)
        groups[f"buttons {number}"] = [button.box for button in buttons]
        groups[f"clock {number}"] = [layout.clock_box(min(button.box.y for button in buttons))]
    groups["clock"] = [layout.clock_box(None)]  # one's own turn to discard: no button
    toggles = layout.toggles
    row = toggles.h // 3
    groups["toggles"] = [
        Box(toggles.x, toggles.y + index * row, toggles.w, round(row * 0.8)) for index in range(3)
    ]
    status = " · ".join(
        i18n.tr(key) for key in ("table.choose_riichi_discard", "tenpai", "furiten", "no_yaku")
    )
    width, height = text_size(status, layout.status.h, True, lang)
    box = layout.status
    groups["status"] = [Box(box.center[0] - width // 2, box.center[1] - height // 2, width, height)]
    return groups


ALTERNATIVES = {  # each offer's buttons with its clock, or the clock alone: never two of these at once
    frozenset(pair)
    for pair in itertools.combinations(("buttons 0", "clock 0", "buttons 1", "clock 1", "clock"), 2)
    if pair[0].split()[-1] != pair[1].split()[-1]
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("crowded", ["kans", "open"])
def test_nothing_overlaps_and_everything_is_inside_the_window(
    size: tuple[int, int], players: int, crowded: str
) -> None:
    setups = (
        SeatSetup("Player with a long name"),
        *(SeatSetup(f"Strong AI {i}", "normal") for i in range(1, players)),
    )
    screen = make_screen(setups, 4, size)
    for _ in range(5):
        screen.app.tick(1 / 20)
    base = screen.show
    assert base is not None
    base = dataclasses.replace(base, wall=WallState(base.wall.stacks, base.wall.break_stack))
    layout = screen.layout
    window = Box(0, 0, *size)
    tiles = _tile_groups(base, layout, players, crowded)
    for lang in LANGUAGES:
        i18n.set_language(lang)
        groups = {**tiles, **_fixed_groups(screen, layout, players, lang)}
        for name, boxes in groups.items():
            for box in boxes:
                assert window.contains(box), f"{lang}: {name} {box} outside the {size} window"
        names = sorted(groups)
        for index, a in enumerate(names):
            for b in names[index + 1 :]:
                if frozenset({a, b}) in ALTERNATIVES:
                    continue
                for box_a in groups[a]:
                    hit = next((box_b for box_b in groups[b] if box_a.overlaps(box_b)), None)
                    assert hit is None, f"{lang} {size}: {a} {box_a} overlaps {b} {hit}"


@pytest.mark.parametrize("size", SIZES)
def test_end_of_hand_panels_leave_the_name_plates_uncovered(size: tuple[int, int]) -> None:
    layout = compute_layout(*size)
    for rel in range(4):
        assert not layout.overlay.overlaps(layout.plate_box(rel)), rel
    assert Box(0, 0, *size).contains(layout.overlay)


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_is_centred_under_the_table(size: tuple[int, int]) -> None:
    layout = compute_layout(*size)
    first, last = layout.hand_tile_box(0, 14, True), layout.hand_tile_box(13, 14, True)
    assert abs((first.x + last.right) / 2 - layout.cx) <= layout.hand_h * 0.1
    # the buttons are beside the hand: level with the table's lower part, to the right of the table
    assert layout.buttons.x >= layout.table.right
    assert layout.buttons.bottom <= layout.table.bottom


def test_opponents_open_hands_are_readable_at_1280_by_720() -> None:
    assert compute_layout(1280, 720).other_h >= 28


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dora_row_lies_in_the_centre_panel_clear_of_its_text(
    size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graphics import table_screen
    from graphics.dora_panel import slot_boxes

    i18n.set_language(lang)
    screen = make_screen(tuple(SeatSetup(f"AI {i}", "normal") for i in range(4)), 4, size)
    for _ in range(5):
        screen.app.tick(1 / 20)
    texts: list[pygame.Rect] = []
    real = table_screen.draw_text

    def recording(surface: pygame.Surface, *args: object, **kwargs: object) -> pygame.Rect:
        rect = real(surface, *args, **kwargs)  # type: ignore[arg-type]
        if surface.get_size() == (screen.layout.panel.w, screen.layout.panel.h):
            texts.append(rect.move(screen.layout.panel.x, screen.layout.panel.y))  # round, honba, tiles left
        return rect

    monkeypatch.setattr(table_screen, "draw_text", recording)
    screen._panel_cache.clear()
    screen.center_panel()
    assert len(texts) == 3
    panel = screen.layout.panel
    edge = round(panel.w * 0.135)  # the seats' winds and scores run along the panel's edges
    inner = Box(panel.x + edge, panel.y + edge, panel.w - 2 * edge, panel.h - 2 * edge)
    slots = slot_boxes(screen.dora_box(), screen.dora_slots)
    assert len(slots) == 5
    for slot in slots:
        assert inner.contains(slot), (slot, inner)
        assert not any(pygame.Rect(slot).colliderect(text) for text in texts), slot
    # the indicators stay readable: at 1280x720 they are nearly the wall's size
    if size == (1280, 720):
        assert slots[0].h >= 26


def test_a_kan_dora_turning_over_keeps_the_frames_coming() -> None:
    from game.terms import Discard
    from tests.graphics.test_table_screen import human_table, play_until

    screen = human_table(3)
    play_until(screen, lambda legal: any(isinstance(action, Discard) for action in legal))
    assert screen.next_frame_s() is None  # a person thinking without a clock: nothing to draw
    now = screen.animator.now_s
    shown = screen.dora.indicators
    screen.dora.set_indicators((*shown, 132), now, animate=True)  # a kan turns the next indicator
    assert screen.next_frame_s() == 0.0
    screen.app.tick(1.5)
    assert screen.next_frame_s() is None  # turned over: still again
