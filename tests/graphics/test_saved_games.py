"""Saved matches on screen: New game saves as it goes, the menu leaves (kept) or abandons (asked twice), the
title's Continue resumes at the exact decision behind the privacy screen, and a continued match ends exactly
as an uninterrupted one."""

from pathlib import Path

import pygame
import pytest

from game.records import Clock, Records
from game.terms import preset
from game.tournament import Entry, create
from graphics.app import App, Services
from graphics.demo import run_selftest, scripted_answer
from graphics.screens import navigation
from graphics.screens.new_game import NewGameChoices, NewGameScene
from graphics.screens.saved import NoticeScene
from graphics.screens.title import TitleScene
from graphics.settings import Settings
from graphics.table_screen import TableScreen

EAST = preset("standard").with_overrides({"game_length": "east"})


def make_app(tmp_path: Path) -> App:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))  # a display, so tile images take its pixel format: blits run at speed
    pygame.font.init()
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(), services=Services(), windowed=False)
    app.records_path = tmp_path / "records.sqlite3"
    return app


def start_match(app: App, levels: list[str]) -> TableScreen:
    choices = NewGameChoices()
    choices.levels = levels
    choices.game_length = "east"
    choices.seed_text = "4242"
    scene = NewGameScene(app, choices)
    app.switch(scene)
    scene.start()
    screen = app.scene
    assert isinstance(screen, TableScreen)
    return screen


def play_until(app: App, screen: TableScreen, answers: int) -> None:
    for _ in range(20000):
        if len(screen.session.table.actions) >= answers or screen.finished:
            return
        app.tick(1 / 20, scripted_answer(screen))
    raise AssertionError("the match did not move")


def test_new_game_saves_every_answer_as_it_is_applied(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "normal", "normal", "normal"])
    session = screen.session
    assert session.match_id is not None
    play_until(app, screen, 30)
    stored = app.records().load_match(session.match_id)
    assert stored.actions == tuple(session.table.actions)
    assert stored.summary.seats[0].name == "Player 1"
    assert stored.summary.seed == 4242


def test_leaving_keeps_the_match_and_continue_resumes_it_at_the_same_decision(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "easy", "strong", "normal"])
    play_until(app, screen, 25)
    for _ in range(200):  # on to the human's next decision
        if screen.decision is not None:
            break
        app.tick(1 / 20)
    assert screen.decision is not None
    pending = screen.session.humans[0].pending
    assert pending is not None
    answered = list(screen.session.table.actions)
    screen.pause()
    assert [button.value for button in screen.pause_buttons][-2:] == ["quit", "abandon"]
    screen.pause_choice("quit")
    assert isinstance(app.scene, TitleScene)
    app.close_records()  # as if the window had been closed
    title = TitleScene(app)
    assert title.menu()[0] == "continue"
    title.choose("continue")
    resumed = app.scene
    assert isinstance(resumed, TableScreen)
    assert resumed.session.table.actions == answered
    for _ in range(50):
        app.tick(1 / 20)
        if resumed.decision is not None:
            break
    again = resumed.session.humans[0].pending
    assert again is not None
    assert again.legal == pending.legal
    assert again.view == pending.view


def test_abandoning_asks_first_and_then_no_continue_is_offered(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "normal", "normal", "normal"])
    play_until(app, screen, 10)
    screen.pause()
    screen.pause_choice("abandon")
    assert screen.confirming == "abandon"
    assert [button.value for button in screen.pause_buttons] == ["abandon_yes", "abandon_no"]
    screen.pause_choice("abandon_no")
    assert not screen.paused
    screen.pause()
    screen.pause_choice("abandon")
    screen.pause_choice("abandon_yes")
    assert isinstance(app.scene, TitleScene)
    match_id = screen.session.match_id
    assert match_id is not None
    assert app.records().match_summary(match_id).status == "abandoned"
    assert "continue" not in TitleScene(app).menu()


def test_two_humans_resume_behind_the_privacy_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "normal", "human", "normal"])
    play_until(app, screen, 20)
    app.close_records()
    navigation.go(app, "continue_latest")
    resumed = app.scene
    assert isinstance(resumed, TableScreen)
    assert resumed.session.shown_seats() == frozenset()
    for _ in range(400):
        app.tick(1 / 20)
        if resumed.privacy_seat is not None:
            break
    assert resumed.privacy_seat in (0, 2)
    assert resumed.session.shown_seats() == frozenset(), "no hand shows before the hand-over"


def test_leaving_a_match_that_is_not_saved_asks_first(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    assert app.records_path is not None
    app.records_path.write_bytes(b"not a database" * 10)  # the match cannot be saved: it plays on unsaved
    screen = start_match(app, ["human", "normal", "normal", "normal"])
    assert screen.session.match_id is None
    assert screen.session.save_error is not None
    play_until(app, screen, 10)
    screen.pause()
    assert [button.value for button in screen.pause_buttons][-1] == "quit"  # nothing stored to abandon
    screen.pause_choice("quit")
    assert app.scene is screen, "the match is not left without a word"
    assert screen.confirming == "leave"
    assert [button.value for button in screen.pause_buttons] == ["leave_yes", "leave_no"]
    screen.draw(app.surface)  # with the question
    screen.pause_choice("leave_no")
    assert not screen.paused
    assert app.scene is screen
    screen.pause()
    screen.pause_choice("quit")
    screen.pause_choice("leave_yes")
    assert isinstance(app.scene, TitleScene)


def test_leaving_after_saving_stopped_asks_first_and_a_saved_match_leaves_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "normal", "normal", "normal"])
    play_until(app, screen, 10)
    screen.pause()
    assert screen.is_saved
    screen.pause_choice("resume")
    app.records()._connection.execute("PRAGMA query_only = ON")  # every write now fails, as on a full disk
    play_until(app, screen, 20)
    assert screen.session.save_error is not None
    assert not screen.is_saved, "the answers since saving stopped would be lost"
    screen.pause()
    assert [button.value for button in screen.pause_buttons][-2:] == ["quit", "abandon"]
    screen.pause_choice("quit")
    assert screen.confirming == "leave"
    assert app.scene is screen
    screen.pause_choice("leave_yes")
    assert isinstance(app.scene, TitleScene)


def test_a_damaged_records_file_gives_a_notice_not_a_crash(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    assert app.records_path is not None
    app.records_path.write_bytes(b"not a database" * 10)
    title = TitleScene(app)
    assert "continue" not in title.menu()
    navigation.go(app, "continue_match", match_id=1)
    assert isinstance(app.scene, NoticeScene)
    app.tick(1 / 30)
    assert "not an SQLite file" in app.scene.message
    app.scene.done()
    assert isinstance(app.scene, TitleScene)


@pytest.mark.slow
def test_a_match_continued_after_closing_ends_exactly_as_an_uninterrupted_one(tmp_path: Path) -> None:
    whole = make_app(tmp_path / "whole")
    (tmp_path / "whole").mkdir()
    _, uninterrupted = run_selftest(whole, seed=7, interrupt_after=None)
    cut = make_app(tmp_path / "cut")
    (tmp_path / "cut").mkdir()
    _, continued = run_selftest(cut, seed=7, interrupt_after=45)
    assert continued == uninterrupted
    with Records(tmp_path / "cut" / "records.sqlite3") as records:
        assert [match.status for match in records.matches()] == ["finished"]


def test_the_tournament_clock_answers_for_a_player_out_of_time_and_its_bank_survives_a_resume(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    entries = [Entry("Ann"), Entry("B", "normal"), Entry("C", "normal"), Entry("D", "normal")]
    tournament = create(app.records(), "Clocked", entries, EAST, rounds=1, seed=2, clock=Clock(1, 2))
    match = app.records().matches(tournament=tournament)[0]
    navigation.go(
        app,
        "continue_match",
        match_id=match.id,
        then="tournament_lobby",
        then_options={"tournament": tournament},
    )
    screen = app.scene
    assert isinstance(screen, TableScreen)
    seat = next(index for index, entry in enumerate(match.seats) if entry.is_human)
    for _ in range(2000):
        if screen.decision is not None:
            break
        app.tick(1 / 20)
    assert screen.decision is not None
    clock = screen.session.clocks[seat]
    answered = len(screen.session.table.actions)
    for _ in range(int(3.5 * 20)):  # 1 s of base time and the 2 s bank, then a little more
        app.tick(1 / 20)
    assert len(screen.session.table.actions) > answered, "the clock did not answer"
    assert clock.bank_left_s == 0
    stored = app.records().load_match(match.id)
    mine = [ms for (who, _), ms in zip(stored.actions, stored.elapsed_ms, strict=True) if who == seat]
    assert mine[-1] is not None
    assert mine[-1] >= 3000
    app.close_records()
    navigation.go(app, "continue_match", match_id=match.id)
    resumed = app.scene
    assert isinstance(resumed, TableScreen)
    hands = screen.session.table.match.hands_played
    assert resumed.session.table.match.hands_played == hands, "the seed keeps the resume in the same hand"
    assert resumed.session.clocks[seat].bank_left_s == 0, "the spent bank came back after a resume"


def test_a_records_file_that_stops_taking_writes_leaves_the_match_playing_unsaved(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    screen = start_match(app, ["human", "normal", "normal", "normal"])
    play_until(app, screen, 12)
    app.records()._connection.execute("PRAGMA query_only = ON")  # every write now fails, as on a full disk
    play_until(app, screen, 40)
    assert len(screen.session.table.actions) >= 40, "the match went on"
    assert screen.session.save_error is not None
    assert "cannot write" in screen.session.save_error
    screen.draw(app.surface)  # with the warning line
    match_id = screen.session.match_id
    assert match_id is not None
    stored = app.records().load_match(match_id)
    assert 12 <= len(stored.actions) < 40, "the answers before the failure stay, and no later one slipped in"
