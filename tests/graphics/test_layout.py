"""Layout math at several window sizes: everything inside the window, nothing that must not overlap does."""

import itertools

import pytest

from graphics.board import (
    Show,
    WallState,
    break_stack_for,
    build_sprites,
    ring_position,
    side_stacks,
    wall_slots,
)
from graphics.layout import MIN_SIZE, Box, compute_layout, tile_width

SIZES = [
    (640, 400),
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (800, 1200),
]


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("players", [3, 4])
def test_layout_parts_inside_the_window(width: int, height: int, players: int) -> None:
    layout = compute_layout(width, height, players)
    window = Box(0, 0, width, height)
    assert window.contains(layout.panel)
    assert window.contains(layout.buttons)
    # the viewer's full hand (14 tiles, the drawn one apart) and the meld row fit
    first = layout.hand_tile_box(0, 14, True)
    last = layout.hand_tile_box(13, 14, True)
    assert window.contains(first)
    assert window.contains(last)
    assert last.right <= layout.meld_right - 3 * layout.meld_h  # room left for at least one meld
    assert layout.meld_right <= width
    # the buttons sit above the hand
    assert layout.buttons.bottom <= layout.hand_y


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_rivers_do_not_overlap_each_other_or_the_panel(width: int, height: int) -> None:
    layout = compute_layout(width, height, 4)
    boxes: dict[int, list[Box]] = {}
    for rel in range(4):
        sideways_before = 0
        rel_boxes = []
        for index in range(20):  # three rows, the last grown on by two
            if index % 6 == 0 and index < 18:
                sideways_before = 0
            sideways = index in (3, 13)
            rel_boxes.append(layout.river_box(rel, index, sideways_before, sideways))
            if sideways:
                sideways_before += 1
        boxes[rel] = rel_boxes
        for box in rel_boxes:
            assert not box.overlaps(layout.panel)
    for a in range(4):
        for b in range(a + 1, 4):
            for box_a in boxes[a]:
                assert not any(box_a.overlaps(box_b) for box_b in boxes[b]), (a, b, box_a)
    # within one river, tiles never overlap
    for rel_boxes in boxes.values():
        for i, box_a in enumerate(rel_boxes):
            for box_b in rel_boxes[i + 1 :]:
                assert not box_a.overlaps(box_b)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_wall_lies_outside_the_rivers_and_inside_the_table(width: int, height: int) -> None:
    layout = compute_layout(width, height, 4)
    rivers = [layout.river_box(rel, index, 0, False) for rel in range(4) for index in range(18)]
    table = Box(layout.cx - layout.side // 2, layout.cy - layout.side // 2, layout.side, layout.side)
    for rel in range(4):
        for index in range(17):
            for level in (0, 1):
                box = layout.wall_stack_box(rel, index, 17, level)
                assert table.contains(box)
                assert not any(box.overlaps(river) for river in rivers)


def test_layout_scales_with_the_window() -> None:
    small, large = compute_layout(1280, 720), compute_layout(1920, 1080)
    assert large.hand_h > small.hand_h
    assert large.river_h > small.river_h
    assert abs(large.river_h / small.river_h - 1.5) < 0.1


def test_tiny_windows_are_clamped() -> None:
    layout = compute_layout(100, 50)
    assert (layout.width, layout.height) == MIN_SIZE


def test_seat_frames_rotate_around_the_centre() -> None:
    layout = compute_layout(1280, 720)
    # a point in front of each seat lies on that seat's side of the centre
    below = layout.frame(0).point(0, 100)
    right = layout.frame(1).point(0, 100)
    above = layout.frame(2).point(0, 100)
    left = layout.frame(3).point(0, 100)
    assert below[1] > layout.cy
    assert right[0] > layout.cx
    assert above[1] < layout.cy
    assert left[0] < layout.cx
    # each seat's "right" runs counter-clockwise: bottom -> right, right -> up
    assert layout.frame(0).point(50, 0)[0] > layout.cx
    assert layout.frame(1).point(50, 0)[1] < layout.cy
    assert tile_width(100) == 75


def test_wall_ring_and_break() -> None:
    assert sum(side_stacks(68)) == 68
    assert sum(side_stacks(54)) == 54
    seen = {ring_position(stack, 68) for stack in range(68)}
    assert len(seen) == 68
    # dice 5 for dealer 0: the dealer's own wall, broken 5 stacks from its right end
    assert ring_position(break_stack_for(5, 0, 68), 68) == (0, 5)
    # dice 6: the right player's wall (seat 1), which comes last in the clockwise ring
    assert ring_position(break_stack_for(6, 0, 68), 68) == (1, 6)
    # dice 7 for dealer 2: the dealer's opposite is seat 0
    assert ring_position(break_stack_for(7, 2, 68), 68) == (0, 7)


def test_wall_slots_follow_draws_rinshan_and_indicators() -> None:
    wall = WallState(68, 10, live_drawn=52, rinshan_drawn=1, indicators=(5, 9))
    slots = wall_slots(wall)
    assert len(slots) == 136 - 52 - 1
    # 52 tiles dealt from the break on: stacks 10..35 are gone, 36 is next
    assert (10, 0) not in slots
    assert (35, 1) not in slots
    assert (36, 0) in slots
    assert (9, 0) not in slots  # the first replacement tile: the top of the last stack
    assert slots[(7, 0)] == 5
    assert slots[(6, 0)] == 9
    assert sorted(face for face in slots.values() if face is not None) == [5, 9]


def test_sprites_for_a_dealt_hand(dealt_show: Show) -> None:
    layout = compute_layout(1280, 720)
    sprites = build_sprites(dealt_show, layout)
    own = [key for key in sprites if key[0] == "h"]
    hidden = [key for key in sprites if key[0] == "b"]
    wall = [key for key in sprites if key[0] == "w"]
    assert len(own) == 14  # the dealer's 13 and the drawn tile
    assert len(hidden) == 39
    assert len(wall) == 136 - 53
    boxes = [sprites[key].box for key in own]
    assert all(a.right <= b.x for a, b in itertools.pairwise(boxes))  # left to right, no overlap
    assert boxes[-1].x - boxes[-2].right > 0  # the drawn tile set apart


@pytest.fixture
def dealt_show() -> Show:
    from game.table import Table
    from game.terms import preset
    from game.view import view_for

    rules = preset("standard")

    class Never:
        def decide(self, view, legal):  # type: ignore[no-untyped-def]
            return None

        def observe(self, event):  # type: ignore[no-untyped-def]
            pass

    table = Table(rules, [Never() for _ in range(4)], seed=3)
    table.step()
    state = table.state
    assert state is not None
    view = view_for(state, 0)
    wall = WallState(68, 10, live_drawn=53)
    return Show(
        view, 0, wall, rules.red_fives, hands={0: view.hand}, drawn={0: view.drawn} if view.drawn else {}
    )


def _with_river(show: Show, seat: int, river: tuple[object, ...]) -> Show:
    import dataclasses

    players = list(show.view.players)
    players[seat] = dataclasses.replace(players[seat], river=river)
    return dataclasses.replace(show, view=dataclasses.replace(show.view, players=tuple(players)))


def test_a_called_discard_leaves_the_river_and_the_rest_close_up(dealt_show: Show) -> None:
    from game.view import RiverTile

    layout = compute_layout(1280, 720)
    plain = (RiverTile(0, False, False), RiverTile(4, True, False), RiverTile(8, False, False))
    called = (RiverTile(0, False, False), RiverTile(4, True, False, called=True), RiverTile(8, False, False))
    before = build_sprites(_with_river(dealt_show, 1, plain), layout)
    after = build_sprites(_with_river(dealt_show, 1, called), layout)
    assert ("r", 4) in before
    assert ("r", 4) not in after
    assert after[("r", 8)].box == before[("r", 4)].box  # the next discard takes the called one's place
    assert before[("r", 4)].mark == "tsumogiri"  # tsumogiri stays marked
    assert after[("r", 0)].mark == ""
    assert after[("r", 8)].mark == ""


def test_a_called_riichi_discard_passes_its_sideways_turn_on(dealt_show: Show) -> None:
    from game.view import RiverTile

    layout = compute_layout(1280, 720)
    river = (RiverTile(0, False, False), RiverTile(4, False, True, called=True), RiverTile(8, False, False))
    sprites = build_sprites(_with_river(dealt_show, 0, river), layout)
    assert ("r", 4) not in sprites
    tile = sprites[("r", 8)]
    assert tile.box.w > tile.box.h  # the next discard lies sideways for the riichi
    assert tile.box == layout.river_box(0, 1, 0, True)


def test_a_flower_wall_has_a_nine_stack_dead_wall_with_the_indicator_on_its_fifth_stack() -> None:
    # 140 tiles: 70 stacks, 18 and 17 a side; four stacks of replacement tiles, then the indicators.
    assert side_stacks(70) == (18, 17, 18, 17)
    wall = WallState(70, 10, live_drawn=52, rinshan_drawn=3, indicators=(5, 9), dead_stacks=9)
    slots = wall_slots(wall)
    assert len(slots) == 140 - 52 - 3
    assert (9, 0) not in slots
    assert (9, 1) not in slots
    assert (8, 0) not in slots
    assert (8, 1) in slots
    assert slots[(5, 0)] == 5  # the fifth stack from the dead wall's far end
    assert slots[(4, 0)] == 9


def test_flowers_set_aside_lie_beside_the_melds_face_up(dealt_show: Show) -> None:
    import dataclasses

    layout = compute_layout(1280, 720)
    players = list(dealt_show.view.players)
    players[2] = dataclasses.replace(players[2], flowers=(137, 139))
    show = dataclasses.replace(dealt_show, view=dataclasses.replace(dealt_show.view, players=tuple(players)))
    sprites = build_sprites(show, layout)
    assert sprites[("k", 137)].tile == 137
    assert sprites[("k", 139)].tile == 139
    assert sprites[("k", 137)].turns == layout.rel_of(2, 0)
