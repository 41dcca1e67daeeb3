"""The practice coach at the table: on in practice games only (the setting), the panel drawn with the coach's
advice for the decision shown, and the same advice after a resume as in the uninterrupted match."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.coach import Advice
from graphics import coach_panel, i18n, table_screen
from graphics.demo import scripted_answer
from graphics.screens.title import TitleScene
from graphics.session import GameSession, SeatSetup
from graphics.settings import Settings
from graphics.table_screen import TableScreen
from rules.actions import Discard
from tests.graphics.test_saved_games import make_app, play_until, start_match

pytestmark = pytest.mark.usefixtures("display")


def _next_decision(app: Any, screen: TableScreen) -> None:
    for _ in range(400):
        if screen.decision is not None and screen.animator.idle:
            return
        app.tick(1 / 20)
    raise AssertionError("no decision came")


def test_the_setting_switches_the_coach_on_for_new_games(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "strong", "strong", "strong"])
    assert not screen.session.practice
    _next_decision(app, screen)
    assert screen.coach_advice is None
    app.apply_settings(dataclasses.replace(app.settings, practice=True))
    practice = start_match(app, ["human", "strong", "strong", "strong"])
    assert practice.session.practice
    _next_decision(app, practice)
    advice = practice.coach_advice
    assert isinstance(advice, Advice)
    pending = practice.session.humans[0].pending
    assert pending is not None
    assert advice.choice in pending.legal


def test_the_panel_draws_the_advice_of_the_decision_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    app.apply_settings(dataclasses.replace(app.settings, practice=True))
    screen = start_match(app, ["human", "strong", "strong", "strong"])
    drawn: list[Advice] = []
    original = coach_panel.draw_coach

    def recording(surface: pygame.Surface, box: Any, advice: Advice, art: Any) -> None:
        drawn.append(advice)
        original(surface, box, advice, art)

    monkeypatch.setattr(table_screen, "draw_coach", recording)
    turns = 0
    for _ in range(6000):
        if screen.decision is not None and screen.animator.idle:
            drawn.clear()
            screen.draw(app.surface)
            assert drawn == [screen.coach_advice]
            advice = drawn[0]
            if advice.options:
                turns += 1
                assert advice.options[0].kind == advice.choice.tile >> 2  # type: ignore[attr-defined]
                assert isinstance(advice.choice, Discard)
            if turns >= 3:
                break
        app.tick(1 / 20, scripted_answer(screen))
    assert turns >= 3


def test_a_resumed_practice_match_gets_the_same_advice(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.apply_settings(dataclasses.replace(app.settings, practice=True))
    screen = start_match(app, ["human", "strong", "strong", "strong"])
    play_until(app, screen, 40)
    _next_decision(app, screen)
    advice = screen.coach_advice
    assert advice is not None
    screen.pause()
    screen.pause_choice("quit")
    app.close_records()
    title = TitleScene(app)
    title.choose("continue")
    resumed = app.scene
    assert isinstance(resumed, TableScreen)
    assert resumed.session.practice
    _next_decision(app, resumed)
    assert resumed.coach_advice == advice
    # the shadow AI followed the restored hand: what it remembers and whether it folds
    before, after = screen.session.coaches[0].ai, resumed.session.coaches[0].ai
    assert len(before.memory.since_discard) == 4  # it saw the hand begin
    assert after.memory.since_discard == before.memory.since_discard
    assert after.memory.riichi_safe == before.memory.riichi_safe
    assert after.folding == before.folding
    assert after.rng.random() == before.rng.random()  # same hand and events seen


def test_no_coach_without_practice_and_none_for_ai_seats() -> None:
    from rules.ruleset import preset

    rules = preset("standard")
    setups = (SeatSetup("You"), *(SeatSetup(f"AI {i}", "strong") for i in range(1, 4)))
    plain = GameSession(rules, setups, 3)
    assert plain.advice(0) is None
    assert not plain.practice
    practice = GameSession(rules, setups, 3, practice=True)
    assert set(practice.coaches) == {0}
    assert practice.advice(1) is None


def test_practice_is_a_saved_setting() -> None:
    settings = Settings()
    assert settings.practice is False
    assert settings.toggled("practice").practice is True


def _answer_pending_discard(screen: TableScreen, pick: int) -> None:
    pending = screen.session.humans[0].pending
    assert pending is not None
    discards = [action for action in pending.legal if isinstance(action, Discard) and not action.riichi]
    screen.send(discards[pick % len(discards)])


def test_undo_asks_the_last_decision_again_and_the_records_follow(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.apply_settings(dataclasses.replace(app.settings, practice=True))
    screen = start_match(app, ["human", "strong", "strong", "strong"])
    for _ in range(3):  # a few own discards into the first hand
        _next_decision(app, screen)
        while not any(isinstance(a, Discard) for a in screen.mapper.legal):
            screen.app.tick(1 / 20, scripted_answer(screen))
            _next_decision(app, screen)
        asked = screen.session.humans[0].pending
        before = list(screen.session.table.actions)
        _answer_pending_discard(screen, 0)
        app.tick(1 / 20)
    assert asked is not None
    _next_decision(app, screen)
    after_answer = list(screen.session.table.actions)
    assert len(after_answer) > len(before)
    assert screen.undo_button is not None
    screen.undo()
    session = screen.session
    pending = None
    for _ in range(200):
        app.tick(1 / 20)
        pending = session.humans[0].pending
        if pending is not None and screen.decision is not None:
            break
    assert pending is not None
    assert (pending.view, pending.legal) == (asked.view, asked.legal)
    assert session.table.actions == before
    assert session.records is not None
    assert session.match_id is not None
    assert session.records.load_match(session.match_id).actions == tuple(before)
    _answer_pending_discard(screen, 1)  # the other discard: the match plays on and is saved as it goes
    _next_decision(app, screen)
    stored = session.records.load_match(session.match_id).actions
    assert stored == tuple(session.table.actions)
    assert stored[len(before)] != after_answer[len(before)]


def test_no_undo_outside_practice_or_before_ones_first_decision(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "strong", "strong", "strong"])
    _next_decision(app, screen)
    assert screen.undo_button is None
    assert screen.session.rewound(0) is None
    app.apply_settings(dataclasses.replace(app.settings, practice=True))
    practice = start_match(app, ["human", "strong", "strong", "strong"])
    _next_decision(app, practice)
    assert all(seat != 0 for seat, _ in practice.session.table.actions)  # its first turn: nothing answered
    assert practice.undo_button is not None
    assert practice.session.rewound(0) is None  # nothing of its own in this hand to take back
    before = list(practice.session.table.actions)
    practice.undo()  # so the button does nothing
    assert practice.session.table.actions == before
    assert practice.decision is not None


def test_after_an_undo_the_same_answer_replays_the_same_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.apply_settings(dataclasses.replace(app.settings, practice=True))
    screen = start_match(app, ["human", "strong", "normal", "easy"])
    for _ in range(2):
        _next_decision(app, screen)
        while not any(isinstance(a, Discard) for a in screen.mapper.legal):
            screen.app.tick(1 / 20, scripted_answer(screen))
            _next_decision(app, screen)
        _answer_pending_discard(screen, 2)
        app.tick(1 / 20)
    _next_decision(app, screen)
    played = list(screen.session.table.actions)  # through the AIs' answers up to the next own decision
    screen.undo()
    assert len(screen.session.table.actions) < len(played)  # taken back to the last own decision
    for _ in range(200):
        app.tick(1 / 20)
        if screen.decision is not None:
            break
    _answer_pending_discard(screen, 2)  # the same answer again
    app.tick(1 / 20)
    _next_decision(app, screen)
    assert screen.session.table.actions[: len(played)] == played


def test_the_panel_names_every_kind_of_action_the_ai_can_take() -> None:
    from game.terms import Ankan, Flower, Kita, Kyuushu
    from graphics.coach_panel import action_name

    i18n.set_language("en")
    assert action_name(Flower(137)) == i18n.tr("action.flower")
    assert action_name(Kita(120)) == i18n.tr("action.kita")
    assert action_name(Ankan(27)) == i18n.tr("action.kan")
    assert action_name(Kyuushu()) == i18n.tr("action.kyuushu")
