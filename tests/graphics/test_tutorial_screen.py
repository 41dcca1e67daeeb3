"""The tutorial screen played with clicks as a person would: every lesson in order, wrong answers refused
with a hint, Esc asking before leaving; and the title screen's one-time offer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.tutorial import LESSONS
from graphics import i18n
from graphics.app import App, Services
from graphics.layout import Box
from graphics.screens.title import TitleScene
from graphics.screens.tutorial import TutorialScene
from graphics.settings import Settings, load_settings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, display: None) -> Iterator[Path]:
    """Settings are written to a fresh folder; English before and after."""
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


def make_app(size: tuple[int, int] = (1280, 720), **settings: Any) -> App:
    surface = pygame.Surface(size)
    return App(surface=surface, settings=Settings(**settings), services=Services(), windowed=False)


def frame(app: App, *events: pygame.event.Event, dt_s: float = 0.1) -> None:
    app.tick(dt_s, list(events))


def click(app: App, box: Box) -> None:
    pos = (box.x + box.w // 2, box.y + box.h // 2)
    frame(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def key(app: App, code: int) -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def start(size: tuple[int, int] = (1280, 720)) -> tuple[App, TutorialScene, list[str]]:
    app = make_app(size)
    left: list[str] = []
    scene = TutorialScene(app, back=lambda: left.append("back"))
    app.switch(scene)
    frame(app)
    return app, scene, left


def wait_for_lesson(app: App, scene: TutorialScene, limit: int = 3000) -> None:
    """Let the table play (clicking through the end-of-hand panels) until a lesson shows or the Done panel."""
    for _ in range(limit):
        if scene.done or scene.at_decision:
            return
        if scene.table.overlay is not None:
            click(app, Box(scene.table.layout.cx - 5, scene.table.layout.cy - 5, 10, 10))
        else:
            frame(app)
    raise AssertionError(f"lesson {scene.index} never showed")


def button(scene: TutorialScene, value: str) -> Box:
    return next(found.box for found in scene.panel_buttons() if found.value == value)


def test_every_lesson_is_done_by_clicking_what_it_points_at() -> None:
    app, scene, left = start()
    shown = []
    for index, lesson in enumerate(LESSONS):
        wait_for_lesson(app, scene)
        assert scene.index == index
        shown.append(lesson.key)
        targets = scene.targets()
        assert targets, f"{lesson.key} points at nothing"
        if lesson.expect is None:
            assert scene.reading
            click(app, button(scene, "next"))
        else:
            click(app, targets[0])
            if lesson.button == "riichi":  # the button puts the hand in riichi mode: then the tile
                assert scene.index == index
                click(app, scene.targets()[0])
        assert scene.index == index + 1, f"{lesson.key} was not completed"
        assert not scene.hint
    assert shown == [lesson.key for lesson in LESSONS]
    wait_for_lesson(app, scene)
    assert scene.done
    click(app, button(scene, "done"))
    assert left == ["back"]
    standings = scene.session.table.match
    assert standings.scores[0] > 25_000  # the person won both hands


def test_a_wrong_answer_is_refused_with_a_hint_and_never_played() -> None:
    app, scene, _ = start()
    wait_for_lesson(app, scene)
    click(app, button(scene, "next"))  # past the goal: discard the North
    wait_for_lesson(app, scene)
    assert LESSONS[scene.index].key == "discard"
    human = scene.session.humans[0]
    pending = human.pending
    wrong = next(tile for tile in scene.table.mapper.tiles if tile >> 2 != LESSONS[scene.index].tiles[0])
    click(app, scene.table.sprites[("h", wrong)].box)
    assert scene.hint
    assert scene.index == 1
    assert human.pending == pending  # nothing was sent to the table
    assert human.awaiting_choice
    for _ in range(5):
        frame(app)
    assert scene.session.table.actions == []  # the table still waits on the first discard
    click(app, scene.targets()[0])
    assert scene.index == 2
    assert not scene.hint


def test_a_lesson_to_read_takes_no_table_input_until_next() -> None:
    app, scene, _ = start()
    wait_for_lesson(app, scene)
    assert scene.reading
    tile = scene.table.mapper.tiles[-1]
    click(app, scene.table.sprites[("h", tile)].box)  # a discard click while the goal is explained
    assert scene.index == 0
    assert scene.session.humans[0].awaiting_choice
    key(app, pygame.K_RETURN)
    assert scene.index == 1


def test_escape_asks_before_leaving() -> None:
    app, scene, left = start()
    wait_for_lesson(app, scene)
    key(app, pygame.K_ESCAPE)
    assert [found.value for found in scene.panel_buttons()] == ["leave", "stay"]
    click(app, button(scene, "stay"))
    assert not scene.confirming
    assert left == []
    key(app, pygame.K_ESCAPE)
    click(app, button(scene, "leave"))
    assert left == ["back"]


def test_the_narrow_layout_puts_the_lesson_over_the_table_and_still_plays() -> None:
    app, scene, _ = start((1024, 768))
    wait_for_lesson(app, scene)
    panel = scene.panel_box()
    layout = scene.table.layout
    assert layout.cx - layout.side // 2 <= panel.x
    assert panel.right <= layout.cx + layout.side // 2
    click(app, button(scene, "next"))
    wait_for_lesson(app, scene)
    click(app, scene.targets()[0])
    assert scene.index == 2


def test_the_title_offers_the_tutorial_once(home: Path) -> None:
    app = make_app()
    title = TitleScene(app)
    app.switch(title)
    frame(app)
    assert title.offering
    assert not load_settings().tutorial_offered
    no = next(found for found in title.prompt_buttons(title.build()) if found.value == "no")
    click(app, no.box)
    assert app.settings.tutorial_offered
    assert load_settings().tutorial_offered  # saved
    assert app.scene is title
    click(app, no.box)  # the offer is gone: a click there does nothing of it
    assert app.scene is title
    assert not title.offering


def test_yes_starts_the_tutorial_and_counts_as_offered() -> None:
    app = make_app()
    title = TitleScene(app)
    app.switch(title)
    frame(app)
    yes = next(found for found in title.prompt_buttons(title.build()) if found.value == "yes")
    click(app, yes.box)
    frame(app)
    assert isinstance(app.scene, TutorialScene)
    assert app.settings.tutorial_offered


def test_a_player_already_offered_sees_no_prompt() -> None:
    app = make_app(tutorial_offered=True)
    title = TitleScene(app)
    app.switch(title)
    frame(app)
    assert not title.offering


def test_the_practice_menu_opens_the_tutorial_and_leaving_comes_back() -> None:
    from game.drill_progress import DrillProgress
    from graphics.screens.practice import PracticeScene

    app = make_app(tutorial_offered=True)
    menu = PracticeScene(app, progress=DrillProgress())
    app.switch(menu)
    frame(app)
    entry = menu.form.field("tutorial")
    assert entry is not None
    click(app, entry.control.box)
    frame(app)
    scene = app.scene
    assert isinstance(scene, TutorialScene)
    assert scene.panel_buttons() == []  # the table deals first: no panel, nothing to click yet
    wait_for_lesson(app, scene)
    click(app, button(scene, "skip"))
    frame(app)
    assert isinstance(app.scene, PracticeScene)


def test_esc_closes_the_offer_first_and_quits_only_after(home: Path) -> None:
    app = make_app()
    title = TitleScene(app)
    app.switch(title)
    frame(app)
    app.running = True
    key(app, pygame.K_ESCAPE)
    assert app.running  # the offer took the Esc: the game goes on
    assert not title.offering
    assert load_settings().tutorial_offered  # answered "not now", as its button does
    key(app, pygame.K_ESCAPE)
    assert not app.running
