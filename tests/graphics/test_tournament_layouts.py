"""Tournament screen layouts: pure math on the window size, checked from a small window to 1440p."""

from collections.abc import Callable
from itertools import combinations, pairwise

import pytest

from graphics.layout import Box
from graphics.screens.layouts import ScreenLayout
from graphics.screens.tournament_layouts import (
    CREATE_SETTINGS,
    LIST_COLUMNS,
    OPTION_COLUMNS,
    ceremony_layout,
    create_layout,
    list_layout,
    lobby_layout,
    standings_layout,
    visible_rows,
)

SIZES = ((640, 400), (800, 600), (1280, 720), (1920, 1080), (2560, 1440), (1000, 1000))
LAYOUTS: dict[str, Callable[[int, int], ScreenLayout]] = {
    "list": list_layout,
    "create": create_layout,
    "lobby": lobby_layout,
    "standings_4p": lambda w, h: standings_layout(w, h, 4),
    "standings_3p": lambda w, h: standings_layout(w, h, 3),
    "standings_chips": lambda w, h: standings_layout(w, h, 4, chips=True),
    "ceremony": ceremony_layout,
}
size_ids = pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")


def _apart(boxes: list[Box], what: str) -> None:
    for a, b in combinations(boxes, 2):
        assert not a.overlaps(b), f"{what}: {a} overlaps {b}"


@pytest.mark.parametrize("name", LAYOUTS)
@size_ids
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
@size_ids
def test_controls_never_overlap(name: str, size: tuple[int, int]) -> None:
    controls = LAYOUTS[name](*size).controls()
    assert len(controls) >= 2
    _apart(controls, f"{name} at {size}")


@pytest.mark.parametrize("name", LAYOUTS)
@size_ids
def test_controls_and_text_stay_readable(name: str, size: tuple[int, int]) -> None:
    layout = LAYOUTS[name](*size)
    large = size[0] >= 1280 and size[1] >= 720
    for box in layout.controls():
        assert box.h >= (28 if large else 14), f"{name} at {size}: {box} is too low to read or hit"
    assert layout.text_px(13) >= 9  # the smallest text any tournament screen draws
    if large:
        assert layout.text_px(15) >= 14


@size_ids
def test_list_rows_and_cells(size: tuple[int, int]) -> None:
    layout = list_layout(*size)
    assert len(layout.rows) >= 6
    assert len(layout.header) == len(LIST_COLUMNS)
    assert all(layout.panel.contains(row) for row in layout.rows)
    assert all(layout.viewport.contains(row) for row in layout.rows)
    for row, cells in zip(layout.rows, layout.cells, strict=True):
        assert all(row.contains(cell) for cell in cells)
        _apart(list(cells), "list cells")
    assert not layout.panel.overlaps(layout.new)
    assert layout.panel.contains(layout.scrollbar)


@size_ids
def test_create_form_sits_in_its_panels(size: tuple[int, int]) -> None:
    layout = create_layout(*size)
    assert len(layout.entries) >= 6  # 32 participants scroll through at least six rows at a time
    for row in layout.entries:
        assert all(layout.people_panel.contains(box) for box in row)
        assert layout.entries_view.contains(row.name)
    assert layout.people_panel.contains(layout.add)
    assert layout.people_panel.contains(layout.scrollbar)
    assert len(layout.settings) == len(CREATE_SETTINGS)
    for setting in layout.settings:
        assert layout.rules_panel.contains(setting.label)
        assert layout.rules_panel.contains(setting.control)
    assert layout.rules_panel.contains(layout.roll)
    assert not layout.people_panel.overlaps(layout.rules_panel)
    assert not layout.error.overlaps(layout.back)
    assert not layout.error.overlaps(layout.create)


@size_ids
def test_create_options_row_and_panel(size: tuple[int, int]) -> None:
    layout = create_layout(*size)
    assert CREATE_SETTINGS.index("options") == CREATE_SETTINGS.index("preset") + 1
    _apart([box for row in layout.settings for box in row], "settings rows")
    panel = layout.options
    assert layout.rules_panel.contains(panel.panel), "the panel is drawn over the rules, not the participants"
    assert not panel.panel.overlaps(layout.people_panel)
    inside = [panel.title, panel.note, *panel.toggles, panel.detail, panel.done]
    assert all(panel.panel.contains(box) for box in inside)
    assert all(Box(0, 0, *size).contains(box) for box in [panel.panel, *inside])
    assert len(panel.toggles) == 6
    _apart(panel.controls(), f"options panel at {size}")
    _apart([panel.title, panel.note, panel.detail, *panel.controls()], f"options panel text at {size}")
    rows = len(panel.toggles) // OPTION_COLUMNS
    columns = [panel.toggles[index : index + rows] for index in range(0, len(panel.toggles), rows)]
    assert len(columns) == OPTION_COLUMNS
    for column in columns:
        assert len({box.x for box in column}) == 1, "a column's switches line up"
        assert all(a.bottom <= b.y for a, b in pairwise(column))
    assert columns[0][0].right <= columns[1][0].x
    large = size[0] >= 1280 and size[1] >= 720
    for box in panel.controls():
        assert box.h >= (28 if large else 14), f"{box} is too low to read or hit"
    assert panel.detail.h >= layout.text_px(16) * 2, "room for a two-line description"


@pytest.mark.parametrize("options", [4, 5, 6, 8])
def test_create_options_panel_takes_other_counts(options: int) -> None:
    panel = create_layout(1280, 720, options).options
    assert len(panel.toggles) == options
    _apart(panel.controls(), f"{options} options")
    assert all(panel.panel.contains(box) for box in panel.controls())


@size_ids
def test_lobby_cards_hold_their_seats_and_buttons(size: tuple[int, int]) -> None:
    layout = lobby_layout(*size)
    assert len(layout.cards) == 4
    _apart([card.box for card in layout.cards], "cards")
    for card in layout.cards:
        assert layout.cards_view.contains(card.box)
        assert len(card.seats) == 4
        assert all(card.box.contains(box) for box in card.inner)
        seat_boxes = [box for line in card.seats for box in (line.tile, line.name, line.score, line.points)]
        _apart([*seat_boxes, card.first, card.second, card.title, card.status], "a card")
    assert layout.tables_panel.contains(layout.byes)
    assert not layout.tables_panel.overlaps(layout.side_panel)
    assert len(layout.standings) >= 10
    assert all(layout.side_panel.contains(box) for row in layout.standings for box in row)
    adjust = layout.adjust
    form = [adjust.participant.control, adjust.points.control, adjust.reason.control, adjust.apply]
    assert all(layout.side_panel.contains(box) for box in [*form, adjust.cancel, adjust.error])
    dialog = layout.play_out
    assert all(dialog.panel.contains(box) for box in (dialog.title, dialog.detail, dialog.bar, dialog.cancel))


@pytest.mark.parametrize("chips", [False, True])
@pytest.mark.parametrize("places", [3, 4])
@size_ids
def test_standings_columns_and_chart(size: tuple[int, int], places: int, chips: bool) -> None:
    layout = standings_layout(*size, places, chips)
    assert len(layout.header) == 6 + places + chips  # a rule set with chips: their column too
    assert len(layout.rows) >= 10
    _apart(list(layout.header), "header")
    for cells, band in zip(layout.rows, layout.row_bands, strict=True):
        assert all(band.contains(cell) for cell in cells)
        assert layout.table_panel.contains(band)
    assert not layout.note.overlaps(layout.row_bands[-1])
    assert layout.chart_panel.contains(layout.plot)
    assert all(layout.chart_panel.contains(box) for box in layout.legend)
    _apart([layout.plot, layout.x_labels, *layout.legend], "chart")
    assert not layout.table_panel.overlaps(layout.chart_panel)


@size_ids
def test_ceremony_podium_puts_the_champion_highest(size: tuple[int, int]) -> None:
    layout = ceremony_layout(*size)
    first, second, third = layout.podium
    assert first.block.y < second.block.y < third.block.y
    assert first.block.bottom == second.block.bottom == third.block.bottom
    assert second.block.right <= first.block.x <= first.block.right <= third.block.x
    steps = [box for step in layout.podium for box in step]
    _apart([*steps, *layout.rest, layout.champion, layout.subtitle, layout.standings], "ceremony")


def test_layouts_scale_with_the_window() -> None:
    small, large = lobby_layout(1280, 720), lobby_layout(2560, 1440)
    assert large.scale == pytest.approx(2 * small.scale)
    assert large.back.w == pytest.approx(2 * small.back.w, abs=2)
    assert large.text_px(16) == pytest.approx(2 * small.text_px(16), abs=1)


@pytest.mark.parametrize(("height", "row", "gap", "rows"), [(448, 54, 6, 7), (100, 54, 6, 1), (10, 54, 6, 1)])
def test_visible_rows(height: float, row: float, gap: float, rows: int) -> None:
    assert visible_rows(height, row, gap) == rows
