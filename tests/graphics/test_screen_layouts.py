"""Menu screen layouts: pure math on the window size, checked at small, common, 4K and tall windows."""

from collections.abc import Callable
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphics.layout import Box
from graphics.screens.layouts import (
    CHIP_RESULT_COLUMNS,
    RESULT_COLUMNS,
    Frame,
    ScreenLayout,
    fit_frame,
    new_game_layout,
    reference_layout,
    results_layout,
    settings_layout,
    title_layout,
)

SIZES = ((640, 400), (1280, 720), (1920, 1080), (3840, 2160), (800, 1200))
LAYOUTS: dict[str, Callable[[int, int], ScreenLayout]] = {
    "title": title_layout,
    "new_game": new_game_layout,
    "settings": settings_layout,
    "reference": reference_layout,
    "results_4p": lambda w, h: results_layout(w, h, 4),
    "results_3p": lambda w, h: results_layout(w, h, 3),
    "results_review": lambda w, h: results_layout(w, h, 4, review=True),  # a third button: Review
    "results_chips": lambda w, h: results_layout(w, h, 4, chips=True),  # a column for the chips
}


@pytest.mark.parametrize("name", LAYOUTS)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_box_lies_inside_the_window(name: str, size: tuple[int, int]) -> None:
    layout = LAYOUTS[name](*size)
    window = Box(0, 0, *size)
    boxes = layout.boxes()
    assert len(boxes) > 5
    for box in boxes:
        assert box.w > 0
        assert box.h > 0
        assert window.contains(box), f"{name}: {box} leaves the {size} window"


@pytest.mark.parametrize("name", LAYOUTS)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_controls_never_overlap(name: str, size: tuple[int, int]) -> None:
    controls = LAYOUTS[name](*size).controls()
    assert len(controls) >= 2
    for a, b in combinations(controls, 2):
        assert not a.overlaps(b), f"{name} at {size}: {a} overlaps {b}"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_controls_sit_in_their_panels(size: tuple[int, int]) -> None:
    title = title_layout(*size)
    assert all(title.panel.contains(button) for button in title.buttons)
    assert not any(title.panel.overlaps(tile) for tile in title.tiles)
    lifted = [box._replace(y=box.y - title.tile_lift) for box in title.tiles]
    assert all(not title.subtitle.overlaps(box) for box in lifted), "a waving tile rises into the subtitle"

    game = new_game_layout(*size)
    players = [game.count.control, *(box for seat in game.seats for box in seat)]
    rules = [game.preset.control, game.preset_note, game.length.control, *game.options, game.seed.control]
    assert all(game.players_panel.contains(box) for box in [*players, game.note, *game.timer])
    assert game.note.bottom <= game.timer.label.y, "the note ends above the timer row"
    assert game.seats[-1].label.bottom <= game.note.y
    assert all(game.rules_panel.contains(box) for box in [*rules, game.seed_roll])
    assert not game.players_panel.overlaps(game.rules_panel)

    settings = settings_layout(*size)
    sound = [settings.language, settings.speed, settings.master, settings.effects, settings.display]
    assert all(settings.sound_panel.contains(row.control) for row in sound)
    assert settings.sound_panel.contains(settings.mute)
    assert all(
        settings.play_panel.contains(box)
        for box in [settings.theme.control, settings.preview, *settings.timer, *settings.toggles]
    )
    assert not settings.preview.overlaps(settings.theme.control)
    assert settings.preview.bottom <= settings.timer.label.y
    assert settings.timer.label.bottom <= settings.toggles[0].y

    reference = reference_layout(*size)
    assert all(reference.index_panel.contains(box) for box in reference.groups)
    assert reference.list_panel.contains(reference.viewport)
    assert reference.list_panel.contains(reference.scrollbar)
    assert not reference.index_panel.overlaps(reference.list_panel)

    chips = results_layout(*size, 4, chips=True)
    for results, columns in ((results_layout(*size, 4), RESULT_COLUMNS), (chips, CHIP_RESULT_COLUMNS)):
        assert results.columns == columns
        assert all(results.panel.contains(row) for row in results.rows)
        assert len(results.header) == len(columns)
        for row, cells in zip(results.rows, results.cells, strict=True):
            assert len(cells) == len(columns)
            assert all(row.contains(cell) for cell in cells)
            assert all(not a.overlaps(b) for a, b in combinations(cells, 2))
        assert not results.panel.overlaps(results.new_game)


def test_tall_windows_stack_the_panels_and_wide_ones_put_them_side_by_side() -> None:
    for layout_of in (new_game_layout, settings_layout, reference_layout):
        wide, tall = layout_of(1920, 1080), layout_of(800, 1200)
        assert not wide.portrait
        assert tall.portrait
    tall_game = new_game_layout(800, 1200)
    assert tall_game.rules_panel.y >= tall_game.players_panel.bottom
    wide_game = new_game_layout(1920, 1080)
    assert wide_game.rules_panel.x >= wide_game.players_panel.right


def test_layouts_scale_with_the_window() -> None:
    small, large = new_game_layout(1280, 720), new_game_layout(2560, 1440)
    assert large.scale == pytest.approx(2 * small.scale)
    assert large.start.w == pytest.approx(2 * small.start.w, abs=2)
    assert large.text_px(20) == pytest.approx(2 * small.text_px(20), abs=1)


def test_results_panel_fits_the_number_of_players() -> None:
    three, four = results_layout(1280, 720, 3), results_layout(1280, 720, 4)
    assert len(three.rows) == 3
    assert len(four.rows) == 4
    assert three.panel.h < four.panel.h


def test_fit_frame_centres_the_design_and_keeps_a_margin() -> None:
    frame = fit_frame(1000, 500, 2000, 2000)
    left, top = frame.box(0, 0, 1, 1)[:2]
    right, bottom = frame.box(1000, 500, 0, 0)[:2]
    assert left > 0
    assert right < 2000
    assert left == pytest.approx(2000 - right, abs=1)
    assert top == pytest.approx(2000 - bottom, abs=1)


@given(
    scale=st.floats(min_value=0.3, max_value=4.0),
    x=st.floats(min_value=0, max_value=900),
    w=st.floats(min_value=4, max_value=100),  # at least a pixel at the smallest scale: no box rounds to 0
    gap=st.floats(min_value=0, max_value=20),
)
def test_rounding_never_makes_neighbours_overlap(scale: float, x: float, w: float, gap: float) -> None:
    frame = Frame(scale, 7, 3)
    a = frame.box(x, 10, w, 20)
    b = frame.box(x + w + gap, 10, w, 20)
    assert not a.overlaps(b)
    assert b.x >= a.right
