"""The dora indicator panel: slot geometry at every size, the dora an indicator points to, the flip's timing,
and drawing (tile pixels in each revealed slot, a tooltip inside the window)."""

import dataclasses
from itertools import combinations

import pygame
import pytest

from game.terms import parse_tiles, preset
from graphics import i18n
from graphics.dora_panel import FLIP_S, GLOW_S, KAN_DORA_SLOTS, DoraPanel, slot_boxes, slot_count
from graphics.layout import Box
from graphics.tiles import TileArt

BOXES = [Box(0, 0, 130, 28), Box(10, 20, 190, 40), Box(5, 5, 260, 56), Box(100, 300, 380, 80)]
SLOTS = 1 + KAN_DORA_SLOTS


pytestmark = pytest.mark.usefixtures("display")


def tile(notation: str) -> int:
    """The tile id of one tile in mpsz notation (``0p``: a red five)."""
    (only,) = parse_tiles(notation)
    return only


def kind(notation: str) -> int:
    return tile(notation) >> 2


# ---- geometry ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("box", BOXES, ids=lambda box: f"{box.w}x{box.h}")
@pytest.mark.parametrize("slots", [1, 3, SLOTS])
def test_slots_lie_inside_the_box_in_one_upright_row_without_overlaps(box: Box, slots: int) -> None:
    boxes = slot_boxes(box, slots)
    assert len(boxes) == slots
    for slot in boxes:
        assert box.contains(slot)
        assert slot.h > slot.w  # upright
        assert slot.h >= box.h * 0.75  # as large as the box allows: readable at 1280x720
    assert len({(slot.y, slot.w, slot.h) for slot in boxes}) == 1
    for a, b in combinations(boxes, 2):
        assert not a.overlaps(b)
    left, right = boxes[0].x - box.x, box.right - boxes[-1].right
    assert abs(left - right) <= 1  # centred


def test_a_narrow_box_gets_smaller_tiles_not_slots_outside_it() -> None:
    box = Box(0, 0, 100, 60)
    boxes = slot_boxes(box, SLOTS)
    assert all(box.contains(slot) for slot in boxes)
    assert boxes[0].h < 30


def test_slot_count_follows_the_kan_dora_rule() -> None:
    assert slot_count(preset("standard")) == SLOTS
    assert slot_count(dataclasses.replace(preset("standard"), kan_dora=False)) == 1


# ---- hover ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("4z", "1z"), ("7z", "5z"), ("0m", "6m"), ("0p", "6p")],
)
@pytest.mark.parametrize("box", BOXES[:2], ids=lambda box: f"{box.w}x{box.h}")
def test_hovering_an_indicator_names_the_dora_it_points_to(indicator: str, dora: str, box: Box) -> None:
    panel = DoraPanel()
    panel.set_indicators((tile("1s"), tile(indicator)), 0.0, False)
    second = slot_boxes(box, SLOTS)[1]
    assert panel.hovered_dora(box, SLOTS, second.center) == kind(dora)
    assert panel.hovered_dora(box, SLOTS, (second.right - 1, second.bottom - 1)) == kind(dora)


def test_nothing_is_hovered_off_the_indicators_or_on_unrevealed_slots() -> None:
    panel = DoraPanel()
    box = BOXES[1]
    panel.set_indicators((tile("3m"),), 0.0, False)
    boxes = slot_boxes(box, SLOTS)
    assert panel.hovered_dora(box, SLOTS, boxes[0].center) == kind("4m")
    assert panel.hovered_dora(box, SLOTS, boxes[1].center) is None  # a kan dora slot still face down
    assert panel.hovered_dora(box, SLOTS, (box.x, box.y)) is None
    assert panel.hovered_dora(box, SLOTS, None) is None


def test_three_player_indicators_wrap_1m_to_9m() -> None:
    box = BOXES[1]
    center = slot_boxes(box, SLOTS)[0].center
    panel = DoraPanel(three_player=True)
    panel.set_indicators((tile("1m"),), 0.0, False)
    assert panel.hovered_dora(box, SLOTS, center) == kind("9m")
    panel.set_indicators((tile("9m"),), 0.0, False)
    assert panel.hovered_dora(box, SLOTS, center) == kind("1m")
    panel.set_indicators((tile("0s"),), 0.0, False)  # three-player red fives are in circles and bamboo
    assert panel.hovered_dora(box, SLOTS, center) == kind("6s")


# ---- the flip ---------------------------------------------------------------------------------------------


def test_a_new_indicator_flips_then_the_panel_goes_idle() -> None:
    panel = DoraPanel()
    panel.set_indicators((tile("1m"),), 10.0, False)  # the hand's first indicator: shown at once
    assert not panel.busy(10.0)
    assert panel.flip_progress(0, 10.0) == 1.0
    panel.set_indicators((tile("1m"), tile("5z")), 11.0, True)  # a kan dora
    assert panel.busy(11.0)
    assert panel.flip_progress(1, 11.0) == 0.0
    assert 0.0 < panel.flip_progress(1, 11.0 + FLIP_S / 2) < 1.0
    assert panel.flip_progress(1, 11.0 + FLIP_S) == 1.0
    assert panel.flip_progress(0, 11.0) == 1.0  # the old indicator does not turn again
    assert panel.busy(11.0 + FLIP_S)  # its glow is fading
    assert not panel.busy(11.0 + FLIP_S + GLOW_S)


def test_indicators_revealed_together_turn_one_after_another() -> None:
    panel = DoraPanel()
    panel.set_indicators((tile("1m"), tile("2m"), tile("3m")), 0.0, True)
    progress = [panel.flip_progress(index, FLIP_S / 2) for index in range(3)]
    assert progress[0] > progress[1] > progress[2] >= 0.0


def test_reset_starts_a_new_hand_with_nothing_turning() -> None:
    panel = DoraPanel()
    panel.set_indicators((tile("1m"), tile("2m")), 0.0, True)
    panel.reset()
    assert panel.indicators == ()
    assert not panel.busy(0.0)
    panel.set_indicators((tile("7p"),), 5.0, False)
    assert panel.flip_progress(0, 5.0) == 1.0


# ---- drawing ----------------------------------------------------------------------------------------------


def draw(panel: DoraPanel, box: Box, now_s: float, hover: tuple[int, int] | None = None) -> pygame.Surface:
    surface = pygame.Surface((box.right + 200, box.bottom + 200))
    surface.fill((0, 0, 0))
    panel.draw(surface, box, TileArt(), now_s, SLOTS, hover, (1, 1, 1), "en")
    return surface


def ivory_pixels(surface: pygame.Surface, box: Box) -> int:
    """How many light, warm pixels (a tile face's ivory) lie inside `box`."""
    count = 0
    for x in range(box.x, box.right):
        for y in range(box.y, box.bottom):
            r, g, b, _ = surface.get_at((x, y))
            count += r > 200 and g > 190 and b > 150
    return count


@pytest.mark.parametrize("box", [BOXES[0], BOXES[1], BOXES[3]], ids=lambda box: f"{box.w}x{box.h}")
def test_each_revealed_slot_shows_a_face_and_the_rest_show_backs(box: Box) -> None:
    panel = DoraPanel()
    panel.set_indicators((tile("9m"), tile("0p")), 0.0, False)
    surface = draw(panel, box, 1.0)
    slots = slot_boxes(box, SLOTS)
    for slot in slots[:2]:
        assert ivory_pixels(surface, slot) > slot.w * slot.h * 0.15
    for slot in slots[2:]:
        assert ivory_pixels(surface, slot) < slot.w * slot.h * 0.05  # a back, not a face
        assert surface.get_at(slot.center)[:3] != (0, 0, 0)


def test_mid_flip_the_slot_is_a_thin_sliver_then_a_face() -> None:
    box = BOXES[3]
    panel = DoraPanel()
    panel.set_indicators((tile("1m"),), 0.0, False)
    panel.set_indicators((tile("1m"), tile("4s")), 1.0, True)
    slot = slot_boxes(box, SLOTS)[1]
    middle = draw(panel, box, 1.0 + FLIP_S / 2)
    edge = Box(slot.x, slot.y, slot.w // 4, slot.h)  # the tile is turned edge on: its sides are empty
    assert ivory_pixels(middle, edge) == 0
    assert middle.get_at((edge.x + 1, slot.center[1]))[:3] == (0, 0, 0)
    done = draw(panel, box, 1.0 + FLIP_S + GLOW_S)
    assert ivory_pixels(done, slot) > slot.w * slot.h * 0.3


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize(
    ("window", "box"),
    [
        ((1280, 720), Box(545, 330, 190, 40)),
        ((1280, 720), Box(0, 0, 190, 40)),
        ((2560, 1440), Box(2180, 1360, 380, 80)),
    ],
    ids=["centre", "top-left-corner", "bottom-right-corner"],
)
def test_the_tooltip_shows_the_dora_inside_the_window(lang: str, window: tuple[int, int], box: Box) -> None:
    i18n.set_language(lang)
    try:
        panel = DoraPanel()
        panel.set_indicators((tile("9m"), tile("7z")), 0.0, False)
        surface = pygame.Surface(window)
        art = TileArt()
        slots = slot_boxes(box, SLOTS)
        for index in (0, 1):
            rect = panel.draw_tooltip(surface, slots[index], art, index, lang)
            assert surface.get_rect().contains(rect)
            slot = pygame.Rect(slots[index])
            assert not rect.colliderect(slot)  # the indicator itself stays visible
        surface.fill((0, 0, 0))
        panel.draw(surface, box, art, 1.0, SLOTS, slots[1].center, (1, 1, 1), lang)
        assert surface.get_at(slots[1].center)[:3] != (0, 0, 0)
    finally:
        i18n.set_language("en")


def test_the_module_examples_hold() -> None:
    import doctest

    import graphics.dora_panel

    assert doctest.testmod(graphics.dora_panel).failed == 0
