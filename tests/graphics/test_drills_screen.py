"""The Practice menu and the drills screen driven headless by synthetic pygame events: answering right or
wrong counts in the progress and shows the answer, each drill's rule for a right answer, Next, Esc, the menu's
way to each drill, and every screen drawn in each language without a missing text."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.drill_answers import FU_CHOICES, fu_choice, is_correct, score_choices, tile_kind
from game.drill_progress import DEFAULT_PLAYER, DrillProgress, load_progress, open_progress
from game.drills import KINDS
from game.records import Records
from graphics import i18n
from graphics.app import App, Services
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.drills import DrillScene, drill_layout
from graphics.screens.practice import PracticeScene, practice_layout
from graphics.screens.title import TitleScene
from graphics.settings import Settings
from graphics.widgets import Button

SEED = 1


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, display: None) -> Iterator[Path]:
    """Progress and settings go to a fresh folder; the language is English before and after each test."""
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    pygame.font.init()
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


def stored() -> DrillProgress:
    """The progress as the records hold it now."""
    with Records() as records:
        return load_progress(records)


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    return App(surface=pygame.Surface(size), settings=Settings(), services=Services(), windowed=False)


def frame(app: App, *events: pygame.event.Event) -> None:
    app.tick(1 / 60, list(events))


def click(app: App, box: Box) -> None:
    pos = (box.x + box.w // 2, box.y + box.h // 2)
    frame(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def press(app: App, code: int) -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def field_box(scene: DrillScene | PracticeScene | TitleScene, key: object) -> Box:
    found = scene.form.field(key)
    assert found is not None, f"no field {key!r}"
    return found.control.box


def drill(app: App, kind: str, progress: DrillProgress, level: int = 1) -> DrillScene:
    back: list[str] = []
    scene = DrillScene(app, kind, level, back=lambda: back.append("back"), progress=progress, seed=SEED)
    app.switch(scene)
    frame(app)
    assert scene.puzzle is not None, scene.error
    return scene


def verdict(scene: DrillScene) -> bool | None:
    """Whether the last answer was right (None while asking): read afresh after each click."""
    return scene.correct


def current(app: App) -> object:
    """The scene showing now."""
    return app.scene


def hand_box(scene: DrillScene, kind: int) -> Box:
    """Where a tile of ``kind`` was drawn in the hand (to click it)."""
    for field in scene.form.fields:
        control = field.control
        if not (isinstance(control, Button) and isinstance(field.key, tuple) and field.key[0] == "tile"):
            continue
        if tile_kind(str(control.value)) == kind:
            return control.box
    raise AssertionError(f"no tile of kind {kind} in the hand")


# ---- each drill: a right and a wrong answer by the player's own clicks ------------------------------------


def test_discard_right_answer_counts_and_shows_the_table(tmp_path: Path) -> None:
    app = make_app()
    progress = open_progress(app.records)
    scene = drill(app, "discard", progress)
    assert scene.puzzle is not None
    best = tile_kind(scene.puzzle["best"][0])
    click(app, hand_box(scene, best))
    assert scene.answered
    assert verdict(scene) is True
    assert scene.form.field("action") is not None  # Next
    tally = stored().player().tally("discard", 1)  # saved in the records
    assert (tally.attempts, tally.correct) == (1, 1)
    assert progress.player().streak == 1
    click(app, field_box(scene, "action"))
    assert scene.index == 1
    assert not scene.answered


def test_discard_wrong_answer_breaks_the_streak() -> None:
    app = make_app()
    progress = DrillProgress()
    progress.record("discard", 1, True)
    scene = drill(app, "discard", progress)
    assert scene.puzzle is not None
    good = {tile_kind(name) for name in scene.puzzle["best"]} | {tile_kind(scene.puzzle["ai_choice"])}
    wrong = [tile_kind(option["discard"]) for option in scene.puzzle["options"]]
    wrong = [kind for kind in wrong if kind not in good]
    assert wrong, "a level-1 puzzle has a worse discard"
    click(app, hand_box(scene, wrong[-1]))
    assert verdict(scene) is False
    assert progress.player().streak == 0
    assert progress.player().best_streak == 1
    assert progress.player().tally("discard", 1).attempts == 2


def test_discard_rule_accepts_the_best_and_the_ai_choice() -> None:
    puzzle = {"best": ["5p", "3m"], "ai_choice": "1z"}
    assert is_correct("discard", puzzle, "5p")
    assert is_correct("discard", puzzle, "0p")  # the red five is the same discard
    assert is_correct("discard", puzzle, "1z")
    assert not is_correct("discard", puzzle, "4m")


def test_score_choices_hold_the_answer_and_picking_it_is_right() -> None:
    app = make_app()
    progress = DrillProgress()
    scene = drill(app, "score", progress)
    assert scene.puzzle is not None
    right = scene.puzzle["answer"]["points"]
    choices = score_choices(scene.puzzle, scene.index)
    assert len(set(choices)) == 4
    assert right in choices
    assert choices == sorted(choices)
    wrong = next(value for value in choices if value != right)
    click(app, field_box(scene, ("choice", wrong)))
    assert verdict(scene) is False
    click(app, field_box(scene, "action"))  # Next
    assert scene.puzzle is not None
    right = scene.puzzle["answer"]["points"]
    click(app, field_box(scene, ("choice", right)))
    assert verdict(scene) is True
    assert progress.player().tally("score", 1).attempts == 2
    assert progress.player().tally("score", 1).correct == 1


def test_waits_must_be_named_exactly() -> None:
    app = make_app()
    progress = DrillProgress()
    scene = drill(app, "waits", progress)
    assert scene.puzzle is not None
    waits = {tile_kind(name) for name in scene.puzzle["waits"]}
    for kind in waits:
        click(app, field_box(scene, ("wait", kind)))
    extra = next(kind for kind in range(34) if kind not in waits)
    click(app, field_box(scene, ("wait", extra)))
    click(app, field_box(scene, ("wait", extra)))  # toggled off again
    assert scene.picked == waits
    click(app, field_box(scene, "action"))  # Confirm
    assert verdict(scene) is True
    click(app, field_box(scene, "action"))  # Next
    assert scene.puzzle is not None
    first = tile_kind(scene.puzzle["waits"][0])
    click(app, field_box(scene, ("wait", first)))
    click(app, field_box(scene, ("wait", extra if extra != first else 33)))
    click(app, field_box(scene, "action"))
    assert verdict(scene) is False
    assert not is_correct("waits", {"waits": ["2m", "5m"]}, frozenset({1}))
    assert is_correct("waits", {"waits": ["2m", "5m"]}, frozenset({1, 4}))


def test_safe_the_lowest_danger_is_right() -> None:
    app = make_app()
    progress = DrillProgress()
    scene = drill(app, "safe", progress)
    assert scene.puzzle is not None
    ranking = scene.puzzle["ranking"]
    click(app, hand_box(scene, tile_kind(ranking[-1]["tile"])))
    assert ranking[-1]["danger"] > ranking[0]["danger"]
    assert verdict(scene) is False
    click(app, field_box(scene, "action"))
    assert scene.puzzle is not None
    click(app, hand_box(scene, tile_kind(scene.puzzle["ranking"][0]["tile"])))
    assert verdict(scene) is True
    puzzle = {
        "ranking": [
            {"tile": "1z", "danger": 0.0},
            {"tile": "5m", "danger": 0.0},
            {"tile": "3p", "danger": 0.1},
        ]
    }
    assert is_correct("safe", puzzle, "5m")
    assert not is_correct("safe", puzzle, "3p")


def test_fu_pick_and_the_seventy_or_more_choice() -> None:
    app = make_app()
    progress = DrillProgress()
    scene = drill(app, "fu", progress)
    assert scene.puzzle is not None
    right = fu_choice(scene.puzzle["fu"])
    assert right in FU_CHOICES
    click(app, field_box(scene, ("choice", right)))
    assert verdict(scene) is True
    assert fu_choice(110) == 70
    assert is_correct("fu", {"fu": 90}, 70)
    assert not is_correct("fu", {"fu": 30}, 40)


def test_a_tile_can_be_picked_with_the_keyboard() -> None:
    app = make_app()
    progress = DrillProgress()
    scene = drill(app, "discard", progress)
    assert scene.form.focus_key == ("tile", 0)
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert scene.answered
    assert scene.answer == scene.hand_tiles()[1]
    assert progress.player().tally("discard", 1).attempts == 1


def test_a_second_answer_to_the_same_puzzle_is_not_counted() -> None:
    app = make_app()
    progress = DrillProgress()
    scene = drill(app, "fu", progress)
    scene.submit(20)
    scene.submit(30)
    assert progress.player().tally("fu", 1).attempts == 1


def test_escape_and_back_leave_the_drill() -> None:
    app = make_app()
    left: list[str] = []
    scene = DrillScene(app, "waits", back=lambda: left.append("esc"), progress=DrillProgress(), seed=SEED)
    app.switch(scene)
    frame(app)
    press(app, pygame.K_ESCAPE)
    click(app, field_box(scene, "back"))
    assert left == ["esc", "esc"]


# ---- the Practice menu -------------------------------------------------------------------------------------


def test_title_practice_entry_opens_the_practice_menu() -> None:
    app = make_app()
    title = TitleScene(app)
    title._can_continue = False
    app.switch(title)
    frame(app)
    click(app, field_box(title, "practice"))
    assert isinstance(current(app), PracticeScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(current(app), TitleScene)


@pytest.mark.parametrize("kind", KINDS)
def test_practice_menu_opens_each_drill_at_its_level(kind: str) -> None:
    app = make_app()
    progress = DrillProgress()
    menu = PracticeScene(app, progress=progress)
    app.switch(menu)
    frame(app)
    chooser = field_box(menu, ("level", kind))
    click(app, Box(chooser.x + chooser.w * 5 // 6 - 1, chooser.y, 2, chooser.h))  # the third segment
    assert menu.levels[kind] == 3
    click(app, field_box(menu, ("drill", kind)))
    scene = app.scene
    assert isinstance(scene, DrillScene)
    assert (scene.kind, scene.level, scene.progress) == (kind, 3, progress)
    press(app, pygame.K_ESCAPE)  # back to the menu, the level still chosen
    back = current(app)
    assert isinstance(back, PracticeScene)
    assert back.levels[kind] == 3


def test_review_and_tutorial_buttons_only_when_their_screens_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    screens = {
        name: entry for name, entry in navigation.SCREENS.items() if name not in ("review", "tutorial")
    }
    monkeypatch.setattr(navigation, "SCREENS", screens)
    menu = PracticeScene(app, progress=DrillProgress())
    app.switch(menu)
    frame(app)
    assert menu.form.field("review") is None
    assert menu.form.field("tutorial") is None
    monkeypatch.setitem(screens, "tutorial", ("graphics.screens.title", "TitleScene"))
    menu = PracticeScene(app, progress=DrillProgress())
    app.switch(menu)
    frame(app)
    assert menu.form.field("tutorial") is not None
    assert menu.form.field("review") is None


def test_the_menu_shows_progress_from_the_file(tmp_path: Path) -> None:
    with Records() as records:
        load_progress(records).record("safe", 1, True)
    app = make_app()
    menu = PracticeScene(app)
    assert menu.progress.player().tally("safe", 1).correct == 1


# ---- drawing -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768), (720, 1280), (640, 400)])
def test_layouts_fit_the_window(size: tuple[int, int]) -> None:
    width, height = size
    layout = drill_layout(width, height)
    boxes = [layout.heading, layout.prompt, layout.hand, layout.middle, layout.choices, layout.back]
    boxes += [layout.status, layout.action]
    for box in boxes:
        assert box.x >= 0
        assert box.right <= width
        assert box.y >= 0
        assert box.bottom <= height
    menu = practice_layout(width, height)
    controls = [menu.back, *menu.extras, *(box for row in menu.rows for box in (row.button, row.level))]
    for box in controls:
        assert box.right <= width
        assert box.bottom <= height
    for index, box in enumerate(controls):
        for other in controls[index + 1 :]:
            assert not pygame.Rect(box.x, box.y, box.w, box.h).colliderect(
                (other.x, other.y, other.w, other.h)
            )


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
def test_every_screen_renders_in_each_language_without_a_missing_text(
    language: str, caplog: pytest.LogCaptureFixture
) -> None:
    i18n.set_language(language)
    app = make_app((1024, 768))
    with caplog.at_level(logging.WARNING):
        menu = PracticeScene(app, progress=DrillProgress())
        app.switch(menu)
        frame(app)
        for kind in KINDS:
            scene = drill(app, kind, DrillProgress())
            tiles = scene.hand_tiles()
            answers = {"discard": tiles[0], "safe": tiles[-1], "waits": frozenset({0}), "score": 0, "fu": 30}
            scene.submit(answers[kind])
            frame(app)
            assert scene.answered
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []


def test_typing_a_name_practises_as_that_player_and_is_remembered(tmp_path: Path) -> None:
    with Records() as records:
        load_progress(records).record("safe", 1, True)  # the default player's
    app = make_app()
    menu = PracticeScene(app)
    app.switch(menu)
    frame(app)
    click(app, field_box(menu, "player"))
    frame(app, pygame.event.Event(pygame.TEXTINPUT, text="Mina"))
    assert menu.player == "Mina"
    assert menu.progress.player("Mina").tally("safe", 1).attempts == 0
    click(app, field_box(menu, ("drill", "safe")))
    scene = app.scene
    assert isinstance(scene, DrillScene)
    assert scene.player == "Mina"
    again = PracticeScene(app)  # the next visit starts with the last player
    assert again.player == "Mina"
    assert again.progress.player(DEFAULT_PLAYER).tally("safe", 1).correct == 1
