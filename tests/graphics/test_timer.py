"""The casual timer (issue 13): the Settings and New game rows, a clock for each person of a new game and none
for a watched one, expiry that only ever passes or discards the drawn tile, the clock stopped behind the
privacy screen, and a continued match that keeps its timer and its spent bank."""

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.clock import CLOCK_PRESETS, clock_from_name
from game.records import Clock
from game.terms import PASS, Action, Discard, preset
from graphics import i18n
from graphics.app import App
from graphics.demo import offscreen_app, scripted_answer
from graphics.screens import navigation
from graphics.screens.new_game import NewGameChoices, NewGameScene, load_choices
from graphics.screens.settings_screen import SettingsScene
from graphics.session import GameSession, SeatSetup
from graphics.settings import TIMERS, Settings, load_settings
from graphics.table_screen import TableScreen
from tests.graphics.test_screens import click, field, make_app, start

EAST = preset("standard").with_overrides({"game_length": "east"})
ONE_PERSON = (SeatSetup("You"), *(SeatSetup(f"AI {seat}", "normal") for seat in range(1, 4)))
TWO_PEOPLE = (SeatSetup("Ann"), SeatSetup("AI 1", "normal"), SeatSetup("Bo"), SeatSetup("AI 3", "normal"))
TICK_S = 1 / 20


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Settings, remembered choices and records in a fresh folder; a display for the tile images."""
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    i18n.set_language("en")
    yield tmp_path
    pygame.display.quit()


def timed_table(setups: tuple[SeatSetup, ...], seed: int, clock: tuple[int, int]) -> TableScreen:
    """A table screen whose people play against a decision clock of (base, bank) seconds."""
    app = offscreen_app((1280, 720), Settings(speed=3.0))
    session = GameSession(EAST, setups, seed)
    session.use_clock(*clock)
    screen = TableScreen(app, session)
    app.switch(screen)
    return screen


def idle_tick(screen: TableScreen) -> None:
    """Time passes with nobody at the keys: only a finished hand's panel is clicked away."""
    overlay = screen.overlay
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    screen.app.tick(TICK_S, [enter] if overlay is not None and overlay.ready else [])


def record_answers(screen: TableScreen, seat: int) -> list[tuple[tuple[Action, ...], int | None, Action]]:
    """From now on, each answer posted for the person at ``seat``: (offered actions, drawn tile, answer)."""
    human = screen.session.humans[seat]
    answers: list[tuple[tuple[Action, ...], int | None, Action]] = []
    real = human.choose

    def choose(action: Action) -> None:
        pending = human.pending
        assert pending is not None
        answers.append((pending.legal, pending.view.drawn, action))
        real(action)

    human.choose = choose  # type: ignore[method-assign]
    return answers


# ---- the rows ----------------------------------------------------------------------------------------------


def test_the_settings_row_cycles_the_timers_and_saves_each_at_once(home: Path) -> None:
    app = make_app()
    scene = start(app, SettingsScene(app, back=lambda: None))
    row = field(scene, "timer").control
    assert row.labels[row.index] == i18n.tr("timer.off"), "casual play is untimed by default"
    click(app, row.box, 0.9)  # forward
    assert app.settings.timer == TIMERS[1]
    assert load_settings().timer == TIMERS[1]
    click(app, field(scene, "timer").control.box, 0.1)  # back to off, then back round to the last preset
    click(app, field(scene, "timer").control.box, 0.1)
    assert app.settings.timer == TIMERS[-1]
    assert clock_from_name(app.settings.timer) == CLOCK_PRESETS[-1]
    assert load_settings().timer == TIMERS[-1]


def test_the_new_game_row_starts_at_the_setting_and_its_choice_is_remembered(home: Path) -> None:
    app = make_app(timer="5+20")
    app.records_path = home / "records.sqlite3"
    scene = start(app, NewGameScene(app))
    row = field(scene, "timer").control
    assert scene.choices.timer == "5+20"
    assert row.labels[row.index] == i18n.tr("timer.value", base=5, bank=20)
    click(app, row.box, 0.9)
    assert scene.choices.timer == "10+30"
    click(app, field(scene, "start").control.box)
    assert isinstance(app.scene, TableScreen)
    assert load_choices("5+20").timer == "10+30", "the setting is unchanged: the last choice is kept"
    assert load_choices("off").timer == "off", "a changed setting is the new game's timer again"
    app.close_records()


@pytest.mark.parametrize(
    ("levels", "timer", "timed"),
    [
        (["human", "normal", "human", "strong"], "3+10", {0, 2}),
        (["normal", "human", "easy", "normal"], "15+45", {1}),
        (["human", "normal", "human", "strong"], "off", set()),
        (["normal", "strong", "easy", "normal"], "5+20", set()),  # watched: nobody to time
    ],
)
def test_a_new_game_clocks_exactly_its_people_and_stores_the_timer(
    home: Path, levels: list[str], timer: str, timed: set[int]
) -> None:
    app = make_app()
    app.records_path = home / "records.sqlite3"
    scene = start(app, NewGameScene(app, NewGameChoices(levels=levels, timer=timer, seed_text="77")))
    assert field(scene, "timer").control.enabled == ("human" in levels)
    click(app, field(scene, "start").control.box)
    screen = app.scene
    assert isinstance(screen, TableScreen)
    session = screen.session
    assert set(session.clocks) == timed
    expected = Clock(*map(int, timer.split("+"))) if timed else None
    assert session.clock == expected
    for clock in session.clocks.values():
        assert expected is not None
        assert (clock.base_s, clock.bank_s, clock.bank_left_s) == (
            expected.base_s,
            expected.bank_s,
            expected.bank_s,
        )
    assert session.match_id is not None
    assert app.records().match_summary(session.match_id).clock == expected
    app.close_records()


# ---- expiry ------------------------------------------------------------------------------------------------


def test_the_clock_answers_only_after_the_base_time_and_the_bank(home: Path) -> None:
    screen = timed_table(ONE_PERSON, seed=3, clock=(1, 1))
    answers = record_answers(screen, 0)
    for _ in range(4000):
        if screen.decision is not None:
            break
        idle_tick(screen)
    assert screen.decision is not None
    for _ in range(int(1.9 / TICK_S)):  # the second of base time and most of the 1 s bank
        idle_tick(screen)
    assert answers == [], "the clock answered before the time was up"
    assert screen.session.humans[0].awaiting_choice
    for _ in range(int(0.4 / TICK_S)):
        idle_tick(screen)
    assert len(answers) == 1, "the clock did not answer when the time was up"
    assert screen.session.clocks[0].bank_left_s == 0, "the bank was spent"


@pytest.mark.parametrize(("setups", "seed"), [(ONE_PERSON, 3), (TWO_PEOPLE, 11)])
def test_an_expired_clock_only_ever_passes_or_discards_the_drawn_tile(
    home: Path, setups: tuple[SeatSetup, ...], seed: int
) -> None:
    screen = timed_table(setups, seed, clock=(1, 0))
    people = sorted(screen.session.humans)
    answers = {seat: record_answers(screen, seat) for seat in people}
    for _ in range(60000):
        if screen.finished or sum(len(found) for found in answers.values()) >= 40:
            break
        if screen.privacy_seat is not None:  # the hand-over is a person's click; the answers are the clock's
            screen.key(pygame.K_RETURN)
        idle_tick(screen)
    kinds = set()
    for seat in people:
        for legal, drawn, action in answers[seat]:
            if PASS in legal:
                assert action == PASS, f"offered {legal}, the clock played {action}"
                kinds.add("pass")
            elif drawn is not None:
                assert action == Discard(drawn), f"drew {drawn}, the clock played {action}"
                kinds.add("tsumogiri")
            else:  # after a call there is no drawn tile: the first plain discard
                plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
                assert action == plain[0], f"offered {legal}, the clock played {action}"
    assert kinds == {"pass", "tsumogiri"}, "the match never offered a call: pick another seed"
    assert all(len(answers[seat]) >= 5 for seat in people)


# ---- hot-seat ----------------------------------------------------------------------------------------------


def test_the_clock_stops_while_the_privacy_screen_is_up(home: Path) -> None:
    screen = timed_table(TWO_PEOPLE, seed=5, clock=(1, 0))
    session = screen.session
    for _ in range(4000):
        if screen.privacy_seat is not None:
            break
        idle_tick(screen)
    seat = screen.privacy_seat
    assert seat is not None
    answers = record_answers(screen, seat)
    clock = session.clocks[seat]
    used_s, applied = clock.used_s, len(session.table.actions)
    for _ in range(int(5.0 / TICK_S)):  # five times the decision's whole time
        idle_tick(screen)
    assert screen.privacy_seat == seat
    assert answers == [], "the clock ran out behind the privacy screen"
    assert clock.used_s == used_s
    assert len(session.table.actions) == applied
    screen.key(pygame.K_RETURN)  # the player is at the screen: now the clock runs
    assert screen.decision is not None
    assert screen.decision[0] == seat
    assert clock.base_left_s == 1.0, "the player gets the whole decision time after the hand-over"
    for _ in range(int(1.5 / TICK_S)):
        idle_tick(screen)
    assert len(answers) == 1


# ---- resume ------------------------------------------------------------------------------------------------


def play_to_decision(app: App, screen: TableScreen, answers: int) -> None:
    """Play with the scripted keys past ``answers`` stored answers, then on to the person's next decision."""
    for _ in range(20000):
        if len(screen.session.table.actions) >= answers and screen.decision is not None:
            return
        app.tick(TICK_S, scripted_answer(screen) if len(screen.session.table.actions) < answers else [])
    raise AssertionError("the decision never came")


def test_a_continued_casual_match_keeps_its_timer_and_its_spent_bank(home: Path) -> None:
    app = make_app(timer="3+10")
    app.records_path = home / "records.sqlite3"
    scene = start(app, NewGameScene(app, NewGameChoices(game_length="east", seed_text="4242", timer="3+10")))
    click(app, field(scene, "start").control.box)
    screen = app.scene
    assert isinstance(screen, TableScreen)
    match_id = screen.session.match_id
    assert match_id is not None
    play_to_decision(app, screen, 12)
    clock = screen.session.clocks[0]
    answered = len(screen.session.table.actions)
    for _ in range(int(14 / TICK_S)):  # 3 s of base time and the 10 s bank, then a little more
        app.tick(TICK_S)
        if len(screen.session.table.actions) > answered:
            break
    assert clock.bank_left_s == 0, "the clock did not spend the bank"
    hands = screen.session.table.match.hands_played
    app.close_records()
    app.apply_settings(Settings(timer="off"), save=True)  # the setting no longer asks for a timer
    navigation.go(app, "continue_match", match_id=match_id)
    resumed = app.scene
    assert isinstance(resumed, TableScreen)
    assert resumed.session.clock == Clock(3, 10), "the match keeps the timer it was started with"
    assert set(resumed.session.clocks) == {0}
    assert resumed.session.table.match.hands_played == hands, "the seed keeps the resume in the same hand"
    assert resumed.session.clocks[0].bank_left_s == 0, "the spent bank came back after a resume"
    app.close_records()
