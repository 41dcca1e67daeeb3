"""The tournament screens driven headless by synthetic pygame events: list, setup, lobby, standings, ceremony.

Tournaments are made through ``game.tournament.create`` in a records file of the test's own; the screens are
drawn at several sizes and in every language, and each action is checked in the database afterwards.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pygame
import pytest

from game.records import Clock, Records
from game.rule_options import OPTIONS, option_values
from game.terms import PRESET_NAMES, preset
from game.tournament import Entry, PlayOut, adjust, create, load_view
from graphics import i18n
from graphics.app import App, frame_due_s
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import MINUS, PLUS, points_ink
from graphics.screens.form import Field
from graphics.screens.tournament_create import (
    CLOCKS,
    CreateChoices,
    EntryChoice,
    TournamentCreateScene,
    build_entries,
    check_choices,
    default_names,
    options_summaries,
)
from graphics.screens.tournament_list import TournamentListScene
from graphics.screens.tournament_lobby import PointsInput, TournamentLobbyScene, parse_points
from graphics.screens.tournament_standings import (
    DRAW_S,
    CeremonyScene,
    TournamentStandingsScene,
    chart_series,
    line_color,
    nice_ticks,
)
from graphics.settings import Settings
from graphics.widgets import INK

EAST = preset("standard").with_overrides({"game_length": "east"})
MIXED = [
    Entry("Ann"),
    Entry("Bob"),
    Entry("Chen", "easy"),
    Entry("다은", "normal"),
    Entry("さくら", "strong"),
]
AIS = [Entry("Aki", "easy"), Entry("Ben", "normal"), Entry("Cleo", "strong"), Entry("Dai", "normal")]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The settings folder (exports go there) is the test's own; the UI is English before and after."""
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    pygame.init()
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(scope="module")
def stocked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    """A records file with a mixed tournament, a finished AI one (with an adjustment) and one of 32 AIs."""
    path = tmp_path_factory.mktemp("stock") / "records.sqlite3"
    with Records(path) as records:
        ids = {
            "mixed": create(records, "Friday club", MIXED, EAST, rounds=2, seed=3),
            "ais": create(records, "AI league", AIS, EAST, rounds=2, seed=5),
        }
        run = PlayOut(records, ids["ais"])
        while run.advance(200):
            pass
        adjust(records, ids["ais"], "Ben", -2.0, "late arrival")
        many = [Entry(f"Player {n}", "normal") for n in range(1, 33)]
        ids["big"] = create(records, "Big open", many, EAST, rounds=3, seed=9)
    return path, ids


@pytest.fixture
def stock(stocked: tuple[Path, dict[str, int]], tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A fresh copy of the stocked records for one test."""
    source, ids = stocked
    path = tmp_path / "records.sqlite3"
    shutil.copy(source, path)
    return path, ids


def make_app(records: Path, size: tuple[int, int] = (1280, 720), language: str = "en") -> App:
    app = App(surface=pygame.Surface(size), settings=Settings(language=language), windowed=False)
    app.records_path = records
    return app


def frame(app: App, *events: pygame.event.Event, dt_s: float = 1 / 60) -> None:
    app.tick(dt_s, list(events))


def click(app: App, box: Box, x_fraction: float = 0.5) -> None:
    """Press and release the left button over `box` (at `x_fraction` of its width)."""
    pos = (box.x + int(box.w * x_fraction), box.y + box.h // 2)
    frame(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def key(app: App, code: int, shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))


def type_text(app: App, text: str) -> None:
    frame(app, pygame.event.Event(pygame.TEXTINPUT, text=text))


def wheel(app: App, notches: int) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))


def field(scene: Any, name: object) -> Field:
    found = scene.form.field(name)
    assert found is not None, f"no field {name!r}"
    return cast(Field, found)


def showing(app: App, scene: object) -> bool:
    """Whether `scene` is the app's scene (without narrowing either for the type checker)."""
    return app.scene is scene


def shown(app: App) -> str:
    """The class name of the app's scene."""
    return type(app.scene).__name__


def start(app: App, scene: Any) -> Any:
    app.switch(scene)
    frame(app)
    return scene


def clear(app: App, scene: Any, name: object) -> None:
    """Click a text field and delete everything in it."""
    click(app, field(scene, name).control.box)
    for _ in range(70):
        key(app, pygame.K_BACKSPACE)


class Calls:
    """Stands in for navigation.go and remembers where the screens asked to go."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, app: App, name: str, **options: Any) -> None:
        self.calls.append((name, options))


# ---- every screen draws ------------------------------------------------------------------------------------

SCREENS: tuple[tuple[str, dict[str, str]], ...] = (
    ("tournaments", {}),
    ("tournament_new", {}),
    ("tournament_lobby", {"tournament": "mixed"}),
    ("tournament_lobby", {"tournament": "ais"}),
    ("tournament_lobby", {"tournament": "big"}),
    ("tournament_standings", {"tournament": "ais"}),
    ("tournament_standings", {"tournament": "big"}),
    ("tournament_ceremony", {"tournament": "ais"}),
)


@pytest.mark.parametrize(
    ("size", "language"),
    [
        ((1280, 720), "en"),
        ((1280, 720), "ko"),
        ((640, 400), "ja"),
        ((1920, 1080), "ko"),
        ((1000, 1000), "en"),
    ],
    ids=lambda value: f"{value[0]}x{value[1]}" if isinstance(value, tuple) else value,
)
def test_every_screen_draws(stock: tuple[Path, dict[str, int]], size: tuple[int, int], language: str) -> None:
    path, ids = stock
    i18n.set_language(language)
    app = make_app(path, size, language)
    for name, options in SCREENS:
        resolved = {key: ids[value] for key, value in options.items()}
        scene = navigation.make(app, name, **resolved)
        start(app, scene)
        for _ in range(3):
            frame(app, dt_s=0.5)
        assert showing(app, scene), f"{name} left by itself"
    app.close_records()


def test_screens_are_registered_under_their_names() -> None:
    registered = {
        "tournaments": TournamentListScene,
        "tournament_new": TournamentCreateScene,
        "tournament_lobby": TournamentLobbyScene,
        "tournament_standings": TournamentStandingsScene,
        "tournament_ceremony": CeremonyScene,
    }
    for name, scene in registered.items():
        assert navigation.SCREENS[name] == (scene.__module__, scene.__name__), name


def test_still_screens_sleep_and_moving_ones_ask_for_frames(stock: tuple[Path, dict[str, int]]) -> None:
    """Only input changes the list, the form, the lobby and the standings once the chart has grown: the
    window loop sleeps on them instead of drawing at full rate."""
    path, ids = stock
    app = make_app(path)
    still = (
        TournamentListScene(app),
        TournamentCreateScene(app),
        TournamentLobbyScene(app, ids["mixed"]),
    )
    for scene in still:
        start(app, scene)
        assert frame_due_s(scene) is None, type(scene).__name__
    create_scene = start(app, TournamentCreateScene(app))
    click(app, field(create_scene, "title").control.box)
    due = frame_due_s(create_scene)
    assert due is not None, "the caret blinks in a focused text field"
    assert 0 < due <= 1
    standings = start(app, TournamentStandingsScene(app, ids["ais"]))
    assert frame_due_s(standings) == 0.0, "the chart's lines grow in"
    frame(app, dt_s=DRAW_S)
    assert frame_due_s(standings) is None
    lobby = start(app, TournamentLobbyScene(app, ids["ais"]))
    click(app, field(lobby, "export").control.box)
    assert frame_due_s(lobby) == 0.0, "the export runs on the next frames"
    frame(app)
    frame(app)
    assert lobby.export_in == 0
    assert frame_due_s(lobby) is None
    ceremony = start(app, CeremonyScene(app, ids["ais"]))
    assert frame_due_s(ceremony) == 0.0, "the confetti never stops"
    app.close_records()


def test_play_out_asks_for_every_frame_while_it_runs(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        tournament = create(records, "Bots", AIS, EAST, rounds=1, seed=12)
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, tournament))
    click(app, field(scene, ("play_out", scene.tables()[0].id)).control.box)
    assert scene.play_out is not None
    assert frame_due_s(scene) == 0.0
    key(app, pygame.K_ESCAPE)
    assert scene.play_out is None
    assert frame_due_s(scene) is None
    app.close_records()


# ---- the list ----------------------------------------------------------------------------------------------


def test_list_shows_every_tournament_newest_first_and_opens_one(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentListScene(app))
    assert [entry.name for entry in scene.entries] == ["Big open", "AI league", "Friday club"]
    ais = scene.entries[1]
    assert (ais.participants, ais.rounds_done, ais.rounds, ais.status) == (4, 2, 2, "finished")
    assert ais.leader  # name and points of the leader
    assert scene.entries[2].leader == ""  # nothing played yet
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert scene.selected == 2
    key(app, pygame.K_RETURN)  # Open has the focus
    assert shown(app) == "TournamentLobbyScene"
    assert cast(Any, app.scene).tournament == ids["mixed"]


def test_list_double_click_opens_and_new_and_back(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentListScene(app))
    row = scene.build().rows[1]
    click(app, row)
    assert scene.selected == 1
    assert showing(app, scene)
    click(app, row)
    assert shown(app) == "TournamentLobbyScene"
    assert cast(Any, app.scene).tournament == ids["ais"]
    scene = start(app, TournamentListScene(app))
    click(app, field(scene, "new").control.box)
    assert shown(app) == "TournamentCreateScene"
    scene = start(app, TournamentListScene(app))
    key(app, pygame.K_ESCAPE)
    assert shown(app) == "TitleScene"


def test_list_scrolls_when_there_are_many(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        for number in range(12):
            create(records, f"Cup {number}", AIS, EAST, rounds=1, seed=number)
    app = make_app(path)
    scene = start(app, TournamentListScene(app))
    visible = len(scene.build().rows)
    assert visible < 12
    wheel(app, -3)
    assert scene.offset == 3
    key(app, pygame.K_END)
    assert scene.selected == 11
    assert scene.offset == 12 - visible
    wheel(app, 50)
    assert scene.offset == 0


def test_empty_list_says_so_and_cannot_open(tmp_path: Path) -> None:
    app = make_app(tmp_path / "records.sqlite3")
    scene = start(app, TournamentListScene(app))
    assert scene.entries == []
    assert scene.error == ""
    assert not field(scene, "open").control.enabled
    assert scene.form.focus_key == "new"


def test_damaged_database_is_one_line_on_the_list(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"\x00garbage, not a database\xff" * 300)
    app = make_app(path)
    scene = start(app, TournamentListScene(app))
    frame(app)
    assert scene.error
    assert "\n" not in scene.error
    assert scene.entries == []
    assert showing(app, scene)
    # the other screens say it too, and the create screen refuses to create in it
    for made in (TournamentLobbyScene(app, 1), TournamentStandingsScene(app, 1), CeremonyScene(app, 1)):
        start(app, made)
        frame(app)
        assert showing(app, made)
    create_scene = start(app, TournamentCreateScene(app))
    click(app, field(create_scene, "create").control.box)
    assert create_scene.error
    assert showing(app, create_scene)
    assert path.read_bytes().startswith(b"\x00garbage")


# ---- creating ----------------------------------------------------------------------------------------------


def test_default_rows_and_names() -> None:
    choices = CreateChoices(name="Cup")
    assert [entry.level for entry in choices.entries] == ["human", "normal", "normal", "normal"]
    assert default_names(choices.entries) == ["Player 1", "Normal AI 1", "Normal AI 2", "Normal AI 3"]
    choices.entries[1].level = "strong"
    assert default_names(choices.entries) == ["Player 1", "Strong AI", "Normal AI 1", "Normal AI 2"]
    choices.entries[2].name = "  Mio "
    assert [entry.name for entry in build_entries(choices.entries)] == [
        "Player 1",
        "Strong AI",
        "Mio",
        "Normal AI 2",
    ]
    assert check_choices(choices) == ""
    assert choices.clock_setting() == Clock(5, 20), "a tournament is timed unless the organiser says not"
    choices.clock = 0
    assert choices.clock_setting() is None
    assert CLOCKS[3] == Clock(10, 30)
    choices.choose_preset("seed-netmahjong")
    assert choices.game_length == "east"
    assert choices.rules().game_length == "east"


def test_create_screen_creates_from_clicks_and_keys(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    app = make_app(path)
    scene = start(app, TournamentCreateScene(app))
    clear(app, scene, "title")
    type_text(app, "Club night")
    click(app, field(scene, ("name", 0)).control.box)
    type_text(app, "Ann")
    click(app, field(scene, ("level", 1)).control.box, 0.9)  # normal -> strong
    click(app, field(scene, "add").control.box)
    assert len(scene.choices.entries) == 5
    click(app, field(scene, ("level", 4)).control.box, 0.1)  # normal -> easy
    click(app, field(scene, "length").control.box, 0.25)  # east only
    click(app, field(scene, "rounds").control.box, 0.9)  # 4 -> 5 rounds
    click(app, field(scene, "seating").control.box, 0.75)  # swiss
    click(app, field(scene, "clock").control.box, 0.9)  # 5 s + 20 s -> 10 s + 30 s
    click(app, field(scene, "seed").control.box)
    type_text(app, "42x")
    click(app, field(scene, "create").control.box)
    assert shown(app) == "TournamentLobbyScene"
    with Records(path) as records:
        (info,) = records.tournaments()
        assert info.name == "Club night"
        assert [(p.name, p.level) for p in info.participants] == [
            ("Ann", "human"),
            ("Strong AI", "strong"),
            ("Normal AI 1", "normal"),
            ("Normal AI 2", "normal"),
            ("Easy AI", "easy"),
        ]
        assert (info.rounds, info.seating, info.fill, info.seed) == (5, "swiss", "house", 42)
        assert info.rules.game_length == "east"
        assert info.clock is not None
        assert (info.clock.base_s, info.clock.bank_s) == (10, 30)
    app.close_records()


def test_create_screen_keyboard_only(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    app = make_app(path)
    scene = start(app, TournamentCreateScene(app))
    assert scene.form.focus_key == "create"
    key(app, pygame.K_RETURN)
    assert shown(app) == "TournamentLobbyScene"
    with Records(path) as records:
        (info,) = records.tournaments()
        assert info.name == "Tournament 1"
        assert len(info.participants) == 4
    app.close_records()


@pytest.mark.parametrize("problem", ["two_participants", "empty_name", "duplicate_names", "model_refuses"])
def test_bad_input_shows_one_error_line_and_creates_nothing(tmp_path: Path, problem: str) -> None:
    path = tmp_path / "records.sqlite3"
    app = make_app(path)
    scene = start(app, TournamentCreateScene(app))
    if problem == "two_participants":
        scene.choices.entries = [EntryChoice("Ann"), EntryChoice("Bob")]
        scene.build(force=True)
    elif problem == "empty_name":
        clear(app, scene, "title")
    elif problem == "duplicate_names":
        click(app, field(scene, ("name", 0)).control.box)
        type_text(app, "Ann")
        click(app, field(scene, ("name", 2)).control.box)
        type_text(app, "ann")
    else:  # byes with three people at four-player tables: the tournament model refuses
        click(app, field(scene, ("remove", 3)).control.box)
        click(app, field(scene, "fill").control.box, 0.75)
    click(app, field(scene, "create").control.box)
    assert showing(app, scene)
    assert scene.error
    assert "\n" not in scene.error
    if problem == "duplicate_names":
        assert "ann" in scene.error.casefold()
    frame(app)  # the error line draws
    with Records(path) as records:
        assert records.tournaments() == []
    app.close_records()


def test_remove_stops_at_three_and_add_at_thirty_two(tmp_path: Path) -> None:
    app = make_app(tmp_path / "records.sqlite3")
    scene = start(app, TournamentCreateScene(app))
    click(app, field(scene, ("remove", 0)).control.box)
    assert len(scene.choices.entries) == 3
    assert scene.choices.entries[0].level == "normal"
    assert not field(scene, ("remove", 0)).control.enabled
    click(app, field(scene, ("remove", 0)).control.box)
    assert len(scene.choices.entries) == 3
    for _ in range(40):
        found = scene.form.field("add")
        if found is None or not found.control.enabled:
            break
        click(app, found.control.box)
    assert len(scene.choices.entries) == 32
    assert not field(scene, "add").control.enabled


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_thirty_two_rows_are_reachable_by_wheel_and_keyboard(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path / "records.sqlite3", size)
    choices = CreateChoices(name="Big", entries=[EntryChoice("", "normal") for _ in range(32)])
    scene = start(app, TournamentCreateScene(app, choices))
    assert scene.form.field(("name", 31)) is None  # below the view
    wheel(app, -40)
    last = field(scene, ("name", 31))
    click(app, last.control.box)
    type_text(app, "Last")
    assert scene.choices.entries[31].name == "Last"
    wheel(app, 40)
    assert scene.offset == 0
    # Tab walks through every row, scrolling the list as it goes
    click(app, field(scene, ("name", 0)).control.box)
    visited = set()
    for _ in range(32 * 3 + 2):
        focus = scene.form.focus_key
        if isinstance(focus, tuple):
            visited.add(focus[1])
        key(app, pygame.K_TAB)
    assert visited == set(range(32))
    # and back up with Shift+Tab
    for _ in range(32 * 3 + 4):
        key(app, pygame.K_TAB, shift=True)
    assert scene.offset == 0


# ---- the rule options -------------------------------------------------------------------------------------


def field_of(form: Any, name: object) -> Field:
    """A field of the options panel's form."""
    found = form.field(name)
    assert found is not None, f"no field {name!r}"
    return cast(Field, found)


def option(scene: Any, name: str) -> Field:
    """A switch of the options panel."""
    return field_of(scene.options_form, ("option", name))


def test_choices_carry_the_presets_options() -> None:
    choices = CreateChoices(name="Cup")
    assert choices.options == option_values(preset("standard"))
    assert choices.rules() == preset("standard")
    assert CreateChoices(preset="tenhou-3p").options == option_values(preset("tenhou-3p"))
    kept = CreateChoices(options={"kuitan": False})
    assert kept.options == {**option_values(preset("standard")), "kuitan": False}
    assert kept.rules().kuitan is False
    kept.choose_preset("tenhou")
    assert kept.options == option_values(preset("tenhou")), "a new preset brings its own options"
    kept.options["red_fives"] = False
    kept.choose_preset("tenhou-3p")
    assert kept.rules().red_fives == (0, 1, 1)


def test_options_summary_says_what_is_on() -> None:
    everything = dict.fromkeys(OPTIONS, True)
    assert options_summaries(everything) == ("All on",)
    assert options_summaries(dict.fromkeys(OPTIONS, False)) == ("All off",)
    some = {**everything, "kuitan": False, "local_yaku": False}
    assert options_summaries(some) == (
        "Red fives · Double ron · Ura dora · Bust",
        "4 of 6 on · off: Open tanyao (kuitan) · Local yaku",
        "4 of 6 on",
    )


def test_options_switched_on_the_screen_reach_the_stored_rules(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    app = make_app(path)
    scene = start(app, TournamentCreateScene(app))
    assert cast(Any, field(scene, "options").control).label == "5 of 6 on · off: Local yaku"
    click(app, field(scene, "options").control.box)
    assert scene.options_open
    click(app, option(scene, "red_fives").control.box)
    click(app, option(scene, "kuitan").control.box)
    click(app, option(scene, "local_yaku").control.box)
    switched = {"red_fives": False, "kuitan": False, "local_yaku": True}
    assert scene.choices.options == {**option_values(preset("standard")), **switched}
    frame(app)  # the open panel draws
    click(app, field_of(scene.options_form, "done").control.box)
    assert not scene.options_open
    summary = cast(Any, field(scene, "options").control).label
    assert summary in options_summaries(scene.choices.options)
    assert summary != "All on"
    click(app, field(scene, "create").control.box)
    assert shown(app) == "TournamentLobbyScene"
    tournament = cast(Any, app.scene).tournament
    rules = app.records().tournament(tournament).rules
    assert rules.red_fives == (0, 0, 0)
    assert rules.kuitan is False
    assert rules.chip_red is False
    assert option_values(rules) == {**option_values(preset("standard")), **switched}
    assert rules.enabled_local_yaku() != ()
    app.close_records()


def test_changing_the_preset_resets_the_options(tmp_path: Path) -> None:
    app = make_app(tmp_path / "records.sqlite3")
    scene = start(app, TournamentCreateScene(app))
    click(app, field(scene, "options").control.box)
    click(app, option(scene, "kuitan").control.box)
    click(app, option(scene, "bust").control.box)
    key(app, pygame.K_ESCAPE)
    assert scene.choices.options["kuitan"] is False
    assert showing(app, scene), "Esc closed the panel, not the screen"
    click(app, field(scene, "preset").control.box, 0.9)
    chosen = PRESET_NAMES[1]
    assert scene.choices.preset == chosen
    assert scene.choices.options == option_values(preset(chosen))
    assert cast(Any, field(scene, "options").control).label == "5 of 6 on · off: Local yaku"
    click(app, field(scene, "options").control.box)
    assert cast(Any, option(scene, "kuitan").control).value is True, "the switches show the new preset"
    app.close_records()


def test_options_panel_by_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path / "records.sqlite3")
    scene = start(app, TournamentCreateScene(app))
    scene.form.focus("preset")
    key(app, pygame.K_TAB)
    assert scene.form.focus_key == "options", "Tab reaches the Options button"
    key(app, pygame.K_RETURN)
    assert scene.options_open
    assert scene.options_form.focus_key == ("option", "red_fives")
    assert scene.options_form.keyboard, "opened by keyboard: the focus ring shows"
    key(app, pygame.K_SPACE)
    assert scene.choices.options["red_fives"] is False
    key(app, pygame.K_TAB)
    assert scene.options_form.focus_key == ("option", "kuitan")
    key(app, pygame.K_RETURN)
    assert scene.choices.options["kuitan"] is False
    key(app, pygame.K_RETURN)
    assert scene.choices.options["kuitan"] is True, "Enter flips it back"
    visited = []
    for _ in range(len(OPTIONS) + 1):
        visited.append(scene.options_form.focus_key)
        key(app, pygame.K_TAB)
    assert set(visited) == {*(("option", name) for name in OPTIONS), "done"}, "Tab stays in the panel"
    assert scene.options_form.focus_key == ("option", "kuitan")
    key(app, pygame.K_TAB, shift=True)
    key(app, pygame.K_TAB, shift=True)
    assert scene.options_form.focus_key == "done"
    frame(app)
    key(app, pygame.K_RETURN)
    assert not scene.options_open
    assert scene.form.focus_key == "options"
    key(app, pygame.K_RETURN)
    assert scene.options_open
    key(app, pygame.K_ESCAPE)
    assert not scene.options_open
    assert showing(app, scene)
    key(app, pygame.K_ESCAPE)
    assert shown(app) == "TournamentListScene"
    app.close_records()


def test_only_the_open_panel_takes_input(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    app = make_app(path)
    choices = CreateChoices(name="Big", entries=[EntryChoice("", "normal") for _ in range(12)])
    scene = start(app, TournamentCreateScene(app, choices))
    click(app, field(scene, "options").control.box)
    assert scene.options_open
    click(app, field(scene, "create").control.box)  # under the veil
    click(app, field(scene, ("name", 0)).control.box)
    type_text(app, "Nobody")
    wheel(app, -3)
    key(app, pygame.K_PAGEDOWN)
    assert showing(app, scene)
    assert scene.options_open
    assert scene.offset == 0
    assert scene.choices.entries[0].name == ""
    click(app, field_of(scene.options_form, "done").control.box)
    assert not scene.options_open
    with Records(path) as records:
        assert records.tournaments() == []
    app.close_records()


@pytest.mark.parametrize(
    ("size", "language"),
    [((1280, 720), "en"), ((640, 400), "ja"), ((1920, 1080), "ko"), ((1000, 1000), "en")],
    ids=lambda value: f"{value[0]}x{value[1]}" if isinstance(value, tuple) else value,
)
def test_options_panel_draws(tmp_path: Path, size: tuple[int, int], language: str) -> None:
    i18n.set_language(language)
    app = make_app(tmp_path / "records.sqlite3", size, language)
    scene = start(app, TournamentCreateScene(app))
    click(app, field(scene, "options").control.box)
    box = option(scene, "double_ron").control.box
    pos = (box.x + 4, box.y + 4)
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.options_form.hover_key == ("option", "double_ron")
    for _ in range(3):
        frame(app, dt_s=0.5)
    assert scene.options_open
    app.close_records()


def test_create_escape_goes_back_to_the_list(tmp_path: Path) -> None:
    app = make_app(tmp_path / "records.sqlite3")
    start(app, TournamentCreateScene(app))
    key(app, pygame.K_ESCAPE)
    assert shown(app) == "TournamentListScene"


# ---- the lobby ---------------------------------------------------------------------------------------------


def test_lobby_shows_the_round_in_play_and_browses_rounds(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["mixed"]))
    assert scene.round == 1
    assert not field(scene, "prev").control.enabled
    assert {match.round for match in scene.tables()} == {1}
    click(app, field(scene, "next").control.box)
    assert scene.round == 2
    assert not field(scene, "next").control.enabled
    key(app, pygame.K_PAGEUP)
    assert scene.round == 1
    assert scene.form.field("ceremony") is None  # not finished
    app.close_records()


def test_play_on_a_human_table_and_watch_an_ai_table_continue_the_match(
    stock: tuple[Path, dict[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ids = stock
    calls = Calls()
    monkeypatch.setattr(navigation, "go", calls)
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["mixed"]))
    humans = [m for m in scene.tables() if m.has_humans]
    machines = [m for m in scene.tables() if not m.has_humans]
    assert humans
    assert machines
    click(app, field(scene, ("play", humans[0].id)).control.box)
    expected = {
        "match_id": humans[0].id,
        "then": "tournament_lobby",
        "then_options": {"tournament": ids["mixed"]},
    }
    assert calls.calls[-1] == ("continue_match", expected)
    assert scene.form.field(("play", machines[0].id)) is None  # tables of AIs are watched or played out
    click(app, field(scene, ("watch", machines[0].id)).control.box)
    assert calls.calls[-1] == ("continue_match", {**expected, "match_id": machines[0].id})
    app.close_records()


def test_play_out_stops_at_a_table_with_a_person(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["mixed"]))
    machine = next(m for m in scene.tables() if not m.has_humans)
    click(app, field(scene, ("play_out", machine.id)).control.box)
    for _ in range(200):
        if scene.play_out is None:
            break
        frame(app)
    assert scene.play_out is None
    assert "person" in scene.message
    assert not scene.message_is_error
    app.close_records()


def test_play_out_finishes_an_all_ai_tournament(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        tournament = create(records, "Bots", AIS, EAST, rounds=2, seed=11)
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, tournament))
    first = scene.tables()[0]
    click(app, field(scene, ("play_out", first.id)).control.box)
    assert scene.play_out is not None
    assert [f.key for f in scene.form.fields] == ["cancel_play_out"]  # only Cancel while it runs
    fractions = []
    for _ in range(5000):
        run = scene.play_out
        if run is None:
            break
        fractions.append(scene.fraction)
        frame(app)
    assert scene.play_out is None, "the play-out did not finish"
    assert fractions == sorted(fractions)
    assert len(fractions) > 10  # spread over many frames, not done in one
    view = load_view(app.records(), tournament)
    assert view.matches
    assert all(match.status == "finished" for match in view.matches)
    assert view.info.status == "finished"
    assert all(row.matches == 2 for row in view.rows)
    assert scene.view is not None
    assert scene.view.info.status == "finished"
    assert scene.form.field("ceremony") is not None
    click(app, field(scene, "ceremony").control.box)
    assert shown(app) == "CeremonyScene"
    app.close_records()


def test_cancel_stops_the_play_out_and_keeps_what_was_played(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        tournament = create(records, "Bots", AIS, EAST, rounds=1, seed=12)
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, tournament))
    click(app, field(scene, ("play_out", scene.tables()[0].id)).control.box)
    for _ in range(5):
        frame(app)
    key(app, pygame.K_ESCAPE)
    assert scene.play_out is None
    assert showing(app, scene)
    (match,) = load_view(app.records(), tournament).matches
    assert match.status == "playing"
    assert match.actions > 0
    app.close_records()


def test_adjust_points_adds_an_adjustment(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["mixed"]))
    click(app, field(scene, "adjust").control.box)
    assert scene.adjusting
    click(app, field(scene, "adjust_who").control.box, 0.9)  # Ann -> Bob
    click(app, field(scene, "adjust_apply").control.box)
    assert scene.adjust_error  # no points yet
    click(app, field(scene, "adjust_points").control.box)
    type_text(app, "x-")
    type_text(app, "-")  # only one minus, and only first
    type_text(app, "2.55")  # only one decimal
    assert scene.adjust_points == "-2.5"
    click(app, field(scene, "adjust_apply").control.box)
    assert scene.adjust_error  # no reason yet
    click(app, field(scene, "adjust_reason").control.box)
    type_text(app, "late arrival")
    click(app, field(scene, "adjust_apply").control.box)
    assert not scene.adjusting
    (item,) = load_view(app.records(), ids["mixed"]).adjustments
    assert (item.points, item.reason) == (-2.5, "late arrival")
    assert scene.view is not None
    bob = next(row for row in scene.view.rows if row.name == "Bob")
    assert bob.points == -2.5
    assert "Bob" in scene.message
    app.close_records()


def test_points_field_and_parser() -> None:
    field_ = PointsInput(Box(0, 0, 100, 30), "")
    assert field_.insert("12.34")
    assert field_.text == "12.3"
    assert not field_.insert("-")
    assert parse_points("-0.5") == -0.5
    assert parse_points("-") is None
    assert parse_points("3.") is None


def test_export_writes_the_files_and_shows_the_folder(stock: tuple[Path, dict[str, int]], home: Path) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["ais"]))
    click(app, field(scene, "export").control.box)
    frame(app)
    folder = home / "exports" / f"tournament-{ids['ais']}"
    assert (folder / "standings.csv").exists()
    assert (folder / "standings.html").exists()
    assert len(list((folder / "logs").glob("*.json"))) == 2
    assert str(folder) in scene.message
    assert not scene.message_is_error
    app.close_records()


def test_lobby_buttons_and_escape(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["ais"]))
    click(app, field(scene, "standings").control.box)
    assert shown(app) == "TournamentStandingsScene"
    key(app, pygame.K_ESCAPE)
    assert shown(app) == "TournamentLobbyScene"
    key(app, pygame.K_ESCAPE)
    assert shown(app) == "TournamentListScene"
    app.close_records()


def test_lobby_cards_scroll_when_a_round_has_many_tables(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["big"]))
    tables = scene.tables()
    assert len(tables) == 8
    assert scene.form.field(("watch", tables[-1].id)) is None
    wheel(app, -5)
    assert scene.form.field(("watch", tables[-1].id)) is not None
    app.close_records()


# ---- standings and ceremony --------------------------------------------------------------------------------


def test_points_are_coloured_by_the_value_shown() -> None:
    assert points_ink(12.0) == PLUS
    assert points_ink(-2.5) == MINUS
    assert points_ink(0.04) == INK, "shown as 0.0: neither won nor lost"
    assert points_ink(-0.04) == INK


def test_chart_series_start_at_zero_and_end_at_the_points(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    with Records(path) as records:
        view = load_view(records, ids["ais"])
    for row in view.rows:
        series = chart_series(row, 2)
        assert series[0] == 0.0
        assert series[-1] == row.points
        assert len(series) == 3
    assert chart_series(view.rows[0], 0) == [0.0]
    ticks = nice_ticks(-12, 47)
    assert ticks[0] <= -12
    assert ticks[-1] >= 47
    assert 0.0 in ticks
    assert len({line_color(index) for index in range(32)}) == 32


def test_standings_scroll_and_hover_shows_adjustments(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentStandingsScene(app, ids["ais"]))
    assert scene.view is not None
    ben = next(index for index, row in enumerate(scene.view.rows) if row.name == "Ben")
    band = scene.build().row_bands[ben]
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=band.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.hover == ben
    assert "late arrival" in scene.note(scene.view)
    scene = start(app, TournamentStandingsScene(app, ids["big"]))
    visible = len(scene.build().rows)
    key(app, pygame.K_END)
    assert scene.offset == 32 - visible
    wheel(app, 3)
    assert scene.offset == 32 - visible - 3
    click(app, field(scene, "back").control.box)
    assert shown(app) == "TournamentLobbyScene"
    app.close_records()


def test_standings_of_three_player_tables_have_three_place_columns(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        three = preset("tenhou-3p").with_overrides({"game_length": "east"})
        tournament = create(records, "Sanma", AIS[:3], three, rounds=1, seed=2)
    app = make_app(path)
    scene = start(app, TournamentStandingsScene(app, tournament))
    assert scene.places == 3
    assert len(scene.build().header) == 9
    app.close_records()


def test_ceremony_buttons(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, CeremonyScene(app, ids["ais"]))
    before = [(flake.x, flake.y) for flake in scene.flakes]
    for _ in range(30):
        frame(app, dt_s=0.1)
    assert [(flake.x, flake.y) for flake in scene.flakes] != before  # the confetti falls
    click(app, field(scene, "standings").control.box)
    assert shown(app) == "TournamentStandingsScene"
    scene = start(app, CeremonyScene(app, ids["ais"]))
    key(app, pygame.K_RETURN)  # Title has the focus
    assert shown(app) == "TitleScene"
    app.close_records()


def test_play_opens_the_table_through_the_continue_match_screen(stock: tuple[Path, dict[str, int]]) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentLobbyScene(app, ids["mixed"]))
    human = next(m for m in scene.tables() if m.has_humans)
    click(app, field(scene, ("play", human.id)).control.box)
    assert shown(app) == "TableScreen"
    for _ in range(5):
        frame(app)
    app.close_records()


def test_deleting_a_tournament_asks_first_and_removes_it_with_its_matches(
    stock: tuple[Path, dict[str, int]],
) -> None:
    path, ids = stock
    app = make_app(path)
    scene = start(app, TournamentListScene(app))
    target = scene.entries[scene.selected]
    click(app, field(scene, "delete").control.box)
    assert scene.deleting == target
    key(app, pygame.K_ESCAPE)  # changed my mind
    assert scene.deleting is None
    assert shown(app) == "TournamentListScene"
    assert any(entry.id == target.id for entry in scene.entries)
    click(app, field(scene, "delete").control.box)
    app.surface.fill((0, 0, 0))
    scene.draw(app.surface)  # the question over the list
    click(app, field(scene, "confirm").control.box)
    assert all(entry.id != target.id for entry in scene.entries)
    with Records(path) as records:
        assert all(info.id != target.id for info in records.tournaments())
        assert records.matches(tournament=target.id) == []
        assert records.integrity() == "ok"
        assert len(records.tournaments()) == len(ids) - 1
