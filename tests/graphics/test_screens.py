"""The menu screens driven headless by synthetic pygame events: what each control does; every screen drawn."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pygame
import pytest

from game.terms import LOCAL_YAKU, PRESET_NAMES, YAKU_ORDER, Meld, MeldType, Standings, preset
from game.yaku_reference import EXAMPLES, example_tiles
from graphics import i18n
from graphics.app import App, Services
from graphics.layout import Box, tile_width
from graphics.screens import first_scene
from graphics.screens import results as results_module
from graphics.screens.form import Field, Form
from graphics.screens.new_game import (
    OPTIONS,
    NewGameChoices,
    NewGameScene,
    ai_names,
    build_rules,
    option_values,
    presets_for,
)
from graphics.screens.reference import (
    ENTRY_CACHE,
    ReferenceScene,
    caption_measure,
    example_pieces,
    group_of,
    meld_slots,
    reference_groups,
)
from graphics.screens.results import FinalResultsScene, ResultRow, result_rows, rules_line
from graphics.screens.settings_screen import SettingsScene
from graphics.screens.title import TITLE_TILES, WAVE_CROSS_S, WAVE_PERIOD_S, TitleScene, wave_lift
from graphics.session import GameSession, SeatSetup
from graphics.settings import SPEEDS, Settings, load_settings
from graphics.widgets import Button, Cycler, Segmented, Slider, TextInput, Toggle

SIZES = ((640, 400), (1280, 720), (1920, 1080), (3840, 2160), (800, 1200))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Settings are written to a fresh folder; the language is English before and after each test."""
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    pygame.init()
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


class Recorder:
    """Services that remember what the screens asked for."""

    def __init__(self) -> None:
        self.cues: list[str] = []
        self.volumes: list[tuple[float, float, bool]] = []

    def services(self) -> Services:
        return Services(
            play_cue=self.cues.append,
            set_volumes=lambda master, effects, muted: self.volumes.append((master, effects, muted)),
        )


def make_app(size: tuple[int, int] = (1280, 720), recorder: Recorder | None = None, **settings: Any) -> App:
    services = recorder.services() if recorder is not None else Services()
    return App(surface=pygame.Surface(size), settings=Settings(**settings), services=services, windowed=False)


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


def field(scene: Any, key: object) -> Field:
    found = scene.form.field(key)
    assert found is not None, f"no field {key!r}"
    return cast(Field, found)


def start(app: App, scene: Any) -> Any:
    app.switch(scene)
    frame(app)
    return scene


# ---- title -------------------------------------------------------------------------------------------------


def test_first_scene_is_the_title() -> None:
    assert isinstance(first_scene(make_app()), TitleScene)


@pytest.mark.parametrize(
    ("entry", "expected"),
    [("new_game", NewGameScene), ("settings", SettingsScene), ("reference", ReferenceScene)],
)
def test_title_buttons_open_their_screens(entry: str, expected: type) -> None:
    app = make_app()
    scene = start(app, TitleScene(app))
    click(app, field(scene, entry).control.box)
    assert isinstance(app.scene, expected)


def test_title_quit_button_and_escape_end_the_app() -> None:
    app = make_app()
    scene = start(app, TitleScene(app))
    click(app, field(scene, "quit").control.box)
    assert not app.running
    app = make_app(tutorial_offered=True)  # no tutorial offer up: that one takes the first Esc
    start(app, TitleScene(app))
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_title_keyboard_moves_through_the_menu_and_enter_chooses() -> None:
    recorder = Recorder()
    app = make_app(recorder=recorder)
    scene = start(app, TitleScene(app))
    assert scene.form.focus_key == "new_game"  # nothing saved: no Continue above it
    for _ in range(5):
        key(app, pygame.K_DOWN)  # tournaments, practice, records, settings, reference
    assert scene.form.focus_key == "reference"
    key(app, pygame.K_UP)
    assert scene.form.focus_key == "settings"
    for _ in range(5):
        key(app, pygame.K_TAB, shift=True)  # records, practice, tournaments, new game, then the last entry
    assert scene.form.focus_key == "quit"
    for _ in range(5):
        key(app, pygame.K_DOWN)  # new game, tournaments, practice, records, settings
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    assert "hover" in recorder.cues
    assert recorder.cues[-1] == "click"


def test_settings_back_from_the_title_returns_to_the_title() -> None:
    app = make_app()
    scene = start(app, TitleScene(app))
    click(app, field(scene, "settings").control.box)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)


def test_switching_the_language_changes_the_rendered_title() -> None:
    app = make_app()
    scene = start(app, TitleScene(app))
    area = scene.build().heading
    english = app.surface.subsurface(pygame.Rect(*area)).copy()
    english_label = field(scene, "new_game").control.label
    app.apply_settings(Settings(language="ko"), save=False)
    frame(app)
    korean = app.surface.subsurface(pygame.Rect(*area)).copy()
    assert field(scene, "new_game").control.label == i18n.tr("title.new_game") != english_label
    differing = sum(
        english.get_at((x, y)) != korean.get_at((x, y))
        for x in range(0, area.w, 4)
        for y in range(0, area.h, 4)
    )
    assert differing > 50, "the title did not change with the language"


def test_the_title_wave_crosses_the_row_then_rests() -> None:
    count = len(TITLE_TILES)
    crest_times = [(index + 1.6) / (count + 3.2) * WAVE_CROSS_S for index in range(count)]
    for index, time_s in enumerate(crest_times):
        assert wave_lift(index, count, time_s) == pytest.approx(1.0)
        assert wave_lift((index + 3) % count, count, time_s) == 0.0
    resting = (WAVE_CROSS_S + WAVE_PERIOD_S) / 2
    assert all(wave_lift(index, count, resting) == 0.0 for index in range(count))
    assert wave_lift(2, count, crest_times[2] + WAVE_PERIOD_S) == pytest.approx(1.0)


# ---- new game ----------------------------------------------------------------------------------------------


def test_presets_are_offered_by_player_count() -> None:
    four, three = presets_for(4), presets_for(3)
    assert set(four) | set(three) == set(PRESET_NAMES)
    assert not set(four) & set(three)
    assert all(preset(name).players == 4 for name in four)
    assert all(preset(name).players == 3 for name in three)


def test_new_game_defaults() -> None:
    choices = NewGameChoices()
    assert choices.players == 4
    assert choices.preset == "standard"
    setups = choices.setups()
    assert setups == (
        SeatSetup("Player 1", "human"),
        SeatSetup("Normal AI 1", "normal"),
        SeatSetup("Normal AI 2", "normal"),
        SeatSetup("Normal AI 3", "normal"),
    )
    assert choices.rules() == preset("standard")


def test_ai_names_are_numbered_only_when_a_level_repeats() -> None:
    assert ai_names(("human", "strong", "normal", "easy")) == {1: "Strong AI", 2: "Normal AI", 3: "Easy AI"}
    assert ai_names(("strong", "strong", "human")) == {0: "Strong AI 1", 1: "Strong AI 2"}


def test_choosing_three_players_restricts_the_presets_and_the_seats() -> None:
    app = make_app()
    scene = start(app, NewGameScene(app))
    count = field(scene, "players").control
    click(app, count.box, 0.25)  # the left half: 3 players
    assert scene.choices.players == 3
    chooser = field(scene, "preset").control
    assert isinstance(chooser, Cycler)
    assert chooser.labels == tuple(i18n.tr(f"preset.{name}") for name in presets_for(3))
    assert scene.form.field(("level", 3)) is None, "the fourth seat is gone"
    for _ in range(len(presets_for(3)) + 1):
        click(app, field(scene, "preset").control.box, 0.9)
        assert scene.choices.rules().players == 3
    assert len(scene.choices.setups()) == 3
    click(app, field(scene, "players").control.box, 0.75)
    assert scene.choices.players == 4
    assert scene.choices.rules().players == 4


def test_a_new_preset_brings_its_own_length_and_options() -> None:
    choices = NewGameChoices()
    choices.options["kuitan"] = False
    choices.game_length = "east"
    choices.choose_preset("seed-netmahjong")
    assert choices.game_length == "east"  # that rulebook plays East only
    assert choices.options == option_values(preset("seed-netmahjong"))
    choices.choose_preset("standard")
    assert choices.game_length == "hanchan"
    assert choices.options["kuitan"]
    with pytest.raises(ValueError, match="not for 4 players"):
        choices.choose_preset("tenhou-3p")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_option_combination_gives_a_consistent_rule_set(name: str) -> None:
    base = preset(name)
    for values in itertools.product((False, True), repeat=len(OPTIONS)):
        options = dict(zip(OPTIONS, values, strict=True))
        for length in ("east", "hanchan"):
            rules = build_rules(name, length, options)
            assert rules.players == base.players
            assert rules.game_length == length
            assert option_values(rules) == options, "the switches read back as chosen"
            assert any(rules.red_fives) == options["red_fives"]
            if base.players == 3:
                assert rules.red_fives[0] == 0, "three players have no red five of characters"
            if not rules.double_ron:
                assert rules.triple_ron in ("abortive", "atamahane"), "no triple ron without double ron"
            if not rules.ura_dora:
                assert not rules.kan_ura
                assert not rules.chip_ura
            if not any(rules.red_fives):
                assert not rules.chip_red
            assert all(getattr(rules, yaku) == options["local_yaku"] for yaku in LOCAL_YAKU)
            assert rules.uma == base.uma
            assert rules.start_points == base.start_points


def test_untouched_options_keep_the_preset_exactly() -> None:
    for name in PRESET_NAMES:
        rules = build_rules(name, preset(name).game_length, option_values(preset(name)))
        assert rules == preset(name)


def test_typing_names_and_choosing_levels() -> None:
    app = make_app()
    scene = start(app, NewGameScene(app))
    click(app, field(scene, ("name", 0)).control.box)
    type_text(app, "Alice!")
    key(app, pygame.K_BACKSPACE)
    assert scene.choices.names[0] == "Alice"
    level = field(scene, ("level", 1)).control
    click(app, level.box, 0.1)  # the left arrow: back from Normal AI to Easy AI
    click(app, field(scene, ("level", 2)).control.box, 0.9)  # forward: Strong AI
    click(app, field(scene, ("level", 3)).control.box, 0.9)
    click(app, field(scene, ("level", 3)).control.box, 0.9)  # past Strong AI wraps round to Human
    name_3 = field(scene, ("name", 3)).control
    assert isinstance(name_3, TextInput)
    assert name_3.enabled
    assert not field(scene, ("name", 1)).control.enabled, "an AI seat has no name to type"
    assert scene.choices.setups() == (
        SeatSetup("Alice", "human"),
        SeatSetup("Easy AI", "easy"),
        SeatSetup("Strong AI", "strong"),
        SeatSetup("Player 4", "human"),
    )


def test_seed_field_takes_digits_only_and_roll_fills_it() -> None:
    app = make_app()
    scene = start(app, NewGameScene(app))
    assert scene.choices.seed_text == ""
    click(app, field(scene, "seed").control.box)
    type_text(app, "12a3-4")
    assert scene.choices.seed_text == "1234"
    assert scene.choices.seed() == 1234
    key(app, pygame.K_BACKSPACE)
    assert scene.choices.seed() == 123
    click(app, field(scene, "roll").control.box)
    assert scene.choices.seed_text.isdigit()
    assert scene.choices.seed_text != "123"
    empty = NewGameChoices()
    seeds = {empty.seed() for _ in range(5)}
    assert len(seeds) > 1, "an empty seed field means a random seed"


def test_option_toggles_and_length_change_the_rules() -> None:
    app = make_app()
    scene = start(app, NewGameScene(app))
    click(app, field(scene, ("option", "red_fives")).control.box)
    click(app, field(scene, ("option", "kuitan")).control.box)
    click(app, field(scene, "length").control.box, 0.25)
    rules = scene.choices.rules()
    assert rules.red_fives == (0, 0, 0)
    assert not rules.kuitan
    assert rules.game_length == "east"


def test_new_game_keyboard_reaches_every_control_and_start_is_the_default() -> None:
    app = make_app()
    scene = start(app, NewGameScene(app))
    assert scene.form.focus_key == "start"
    enabled = [f.key for f in scene.form.fields if f.control.enabled]
    seen = []
    for _ in enabled:
        key(app, pygame.K_TAB)
        seen.append(scene.form.focus_key)
    assert sorted(map(str, seen)) == sorted(map(str, enabled))
    while scene.form.focus_key != "length":
        key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    assert scene.choices.game_length == "east"


def test_start_builds_the_session_and_opens_the_table() -> None:
    table_screen = pytest.importorskip(
        "graphics.table_screen", reason="the lead's table screen is not written yet"
    )
    app = make_app(auto_win=True, no_calls=True)
    scene = start(app, NewGameScene(app))
    click(app, field(scene, ("level", 1)).control.box, 0.9)  # Strong AI
    click(app, field(scene, "seed").control.box)
    type_text(app, "4242")
    click(app, field(scene, "start").control.box)
    assert isinstance(app.scene, table_screen.TableScreen)
    session = app.scene.session
    assert session.seed == 4242
    assert session.setups == scene.choices.setups()
    assert session.setups[1] == SeatSetup("Strong AI", "strong")
    assert session.rules == preset("standard")
    human = session.humans[0]
    assert human.toggles.auto_win
    assert human.toggles.no_calls
    assert human.toggles.auto_discard_after_riichi


def test_new_game_escape_and_back_return_to_the_title() -> None:
    app = make_app()
    start(app, NewGameScene(app))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    scene = start(app, NewGameScene(app))
    click(app, field(scene, "back").control.box)
    assert isinstance(app.scene, TitleScene)


# ---- settings ----------------------------------------------------------------------------------------------


def saved(home: Path) -> dict[str, Any]:
    return cast(dict[str, Any], json.loads((home / "settings.json").read_text(encoding="utf-8")))


def test_language_applies_at_once_and_is_saved(home: Path) -> None:
    app = make_app()
    scene = start(app, SettingsScene(app, back=lambda: None))
    english = field(scene, "back").control.label
    click(app, field(scene, "language").control.box, 0.5)  # the middle: 한국어
    assert app.settings.language == "ko"
    assert i18n.language() == "ko"
    assert field(scene, "back").control.label == i18n.tr("menu.back") != english
    assert saved(home)["language"] == "ko"
    assert load_settings().language == "ko"


def test_speed_theme_toggles_and_display_are_saved(home: Path) -> None:
    app = make_app()
    scene = start(app, SettingsScene(app, back=lambda: None))
    click(app, field(scene, "speed").control.box, 0.99)
    assert app.settings.speed == SPEEDS[-1]
    click(app, field(scene, "theme").control.box, 0.75)
    assert app.settings.theme == "contrast"
    assert scene.art().theme == "contrast"
    for name in ("auto_win", "no_calls", "auto_discard_after_riichi"):
        click(app, field(scene, name).control.box)
    click(app, field(scene, "fullscreen").control.box, 0.75)
    click(app, field(scene, "muted").control.box)
    expected = {
        "speed": SPEEDS[-1],
        "theme": "contrast",
        "auto_win": True,
        "no_calls": True,
        "auto_discard_after_riichi": False,
        "fullscreen": True,
        "muted": True,
    }
    assert {name: saved(home)[name] for name in expected} == expected


def test_volume_slider_drags_live_and_saves_on_release(home: Path) -> None:
    recorder = Recorder()
    app = make_app(recorder=recorder)
    scene = start(app, SettingsScene(app, back=lambda: None))
    slider = field(scene, "master_volume").control
    assert isinstance(slider, Slider)
    y = slider.box.y + slider.box.h // 2
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(slider.box.x + 1, y), button=1))
    assert app.settings.master_volume == 0.0
    assert recorder.volumes[-1][0] == 0.0
    assert not (home / "settings.json").exists(), "not saved while dragging"
    middle = field(scene, "master_volume").control.box
    frame(
        app,
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(middle.x + middle.w // 3, y), rel=(1, 0), buttons=(1, 0, 0)
        ),
    )
    dragged = app.settings.master_volume
    assert 0.2 < dragged < 0.8
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(middle.x + middle.w // 3, y), button=1))
    assert saved(home)["master_volume"] == dragged
    while scene.form.focus_key != "effects_volume":
        key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    assert app.settings.effects_volume == pytest.approx(0.95)
    assert saved(home)["effects_volume"] == pytest.approx(0.95)


def test_settings_back_button_and_escape_call_back() -> None:
    calls: list[str] = []
    app = make_app()
    scene = start(app, SettingsScene(app, back=lambda: calls.append("back")))
    click(app, field(scene, "back").control.box)
    key(app, pygame.K_ESCAPE)
    assert calls == ["back", "back"]


# ---- yaku reference ----------------------------------------------------------------------------------------


def test_every_yaku_is_listed_once_in_groups_ordered_by_value() -> None:
    groups = reference_groups()
    listed = [yaku for group in groups for yaku in group.yaku]
    assert sorted(listed) == sorted(YAKU_ORDER)
    assert len(listed) == len(set(listed))
    keys = [group.key for group in groups]
    assert keys[0] == "1"
    assert keys[-2:] == ["yakuman", "dora"]
    assert group_of("nagashi_mangan") == "mangan"
    assert group_of("chinitsu") == "6"
    assert group_of("kokushi_13") == "yakuman"
    assert group_of("aka_dora") == "dora"
    for group in groups:
        assert list(group.yaku) == sorted(group.yaku, key=YAKU_ORDER.index)


def _meld(kind_type: MeldType, tiles: tuple[int, ...], called: int | None, source: int | None) -> Meld:
    return Meld(kind_type, tiles, called=called, from_seat=source)


def test_called_tiles_turn_toward_their_source() -> None:
    chi = meld_slots(_meld(MeldType.CHI, (8, 12, 16), 12, 3))  # 3m 4m 5m, 4m from the left
    assert chi[0] == (12, True, False)
    assert [slot[1] for slot in chi] == [True, False, False]
    opposite = meld_slots(_meld(MeldType.PON, (40, 41, 42), 42, 2))
    assert [slot[1] for slot in opposite] == [False, True, False]
    assert opposite[1][0] == 42
    right = meld_slots(_meld(MeldType.DAIMINKAN, (40, 41, 42, 43), 40, 1))
    assert [slot[1] for slot in right] == [False, False, False, True]
    assert right[-1][0] == 40
    added = meld_slots(_meld(MeldType.SHOUMINKAN, (40, 41, 42, 43), 41, 3))
    assert added[0] == (41, True, False)
    assert added[1][1:] == (True, True)
    closed = meld_slots(_meld(MeldType.ANKAN, (40, 41, 42, 43), None, None))
    assert not any(sideways for _, sideways, _ in closed)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.yaku)
def test_example_rows_set_the_winning_tile_apart(example: Any) -> None:
    tile_h = 40
    pieces, width = example_pieces(example, tile_h)
    tiles = example_tiles(example)
    shown = len(tiles.hand) + sum(len(meld.tiles) for meld in tiles.melds)
    assert len(pieces) == (
        shown + len(tiles.dora_indicators) + len(tiles.ura_indicators) + example.kita + example.flowers
    )
    win = [piece for piece in pieces if piece.caption == "win"]
    assert len(win) == 1
    before = [piece for piece in pieces if piece.x < win[0].x]
    assert (
        win[0].x - max(piece.x + (tile_h if piece.sideways else tile_width(tile_h)) for piece in before) > 0
    )
    sideways = sum(piece.sideways for piece in pieces)
    open_melds = sum(not text.startswith("ankan") for text in example.melds)
    assert sideways == open_melds + sum(text.startswith("shouminkan") for text in example.melds)
    faces_down = sum(piece.kind is None for piece in pieces)
    assert faces_down == 2 * sum(text.startswith("ankan") for text in example.melds)
    assert width == max(piece.x + (tile_h if piece.sideways else tile_width(tile_h)) for piece in pieces)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_example_row_fits_the_list_with_its_captions(size: tuple[int, int], lang: str) -> None:
    app = make_app(size, language=lang)
    app.apply_settings(app.settings, save=False)
    scene = start(app, ReferenceScene(app, back=lambda: None))
    m = scene.metrics
    assert m.tile_h >= 0.8 * scene.build().tile_h, "the tiles shrink only a little for the captions"
    for example in EXAMPLES:
        measure = caption_measure(example, m, lang)
        pieces, width = example_pieces(example, m.tile_h, measure)
        assert width + 2 * m.pad <= m.width, example.yaku
        captioned: dict[str, list[int]] = {}
        for piece in pieces:
            if piece.caption:
                captioned.setdefault(piece.caption, []).append(piece.x)
        spans = []
        for caption, xs in captioned.items():
            centre = (xs[0] + xs[-1] + tile_width(m.tile_h)) / 2
            spans.append((centre - measure(caption) / 2, centre + measure(caption) / 2))
        for (_, right), (left, _) in itertools.pairwise(sorted(spans)):
            assert right <= left, f"{example.yaku}: captions overlap"


def test_reference_scrolls_by_keys_wheel_and_group_buttons() -> None:
    app = make_app()
    scene = start(app, ReferenceScene(app, back=lambda: None))
    assert scene.target == 0
    assert scene.max_offset > 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.target == pytest.approx(scene.build().viewport.h * 0.9)
    for _ in range(60):
        frame(app)
    assert scene.offset == scene.target, "the list eases to where it was sent"
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert scene.target < scene.offset
    key(app, pygame.K_END)
    assert scene.target == scene.max_offset
    key(app, pygame.K_HOME)
    assert scene.target == 0
    click(app, field(scene, ("group", "yakuman")).control.box)
    heading = next(entry for entry in scene.entries if entry.yaku is None and entry.group == "yakuman")
    assert scene.target == min(heading.y, scene.max_offset)
    assert scene.current_group() in ("yakuman", "dora")


def test_reference_renders_only_what_is_in_view_and_keeps_a_bounded_cache() -> None:
    app = make_app()
    scene = start(app, ReferenceScene(app, back=lambda: None))
    view = scene.build().viewport
    shown = [entry for entry in scene.entries if entry.y < view.h]
    assert set(scene._rendered) == set(range(len(shown)))
    for _ in range(40):
        key(app, pygame.K_PAGEDOWN)
        for _ in range(10):
            frame(app)
    assert len(scene._rendered) <= ENTRY_CACHE
    assert scene.offset == scene.max_offset


def test_reference_scrollbar_drag_and_back() -> None:
    calls: list[str] = []
    app = make_app()
    scene = start(app, ReferenceScene(app, back=lambda: calls.append("back")))
    bar = scene.build().scrollbar
    x = bar.x + bar.w // 2
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, bar.bottom - 1), button=1))
    assert scene.target == scene.max_offset
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(x, bar.y), rel=(0, -1), buttons=(1, 0, 0)))
    assert scene.target == 0
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, bar.y), button=1))
    assert not scene.dragging_bar
    key(app, pygame.K_ESCAPE)
    click(app, field(scene, "back").control.box)
    assert calls == ["back", "back"]


# ---- final results -----------------------------------------------------------------------------------------

STANDINGS = Standings(
    scores=(18600, 42300, 7300, 31800),
    ranks=(3, 1, 4, 2),
    before_uma=(-11000, 32000, -23000, 2000),
    uma=(-10000, 20000, -20000, 10000),
    settled=(-21000, 52000, -43000, 12000),
    leftover_points=1000,
)


def fake_session(standings: Standings | None = STANDINGS) -> GameSession:
    setups = tuple(SeatSetup(name, "human" if i == 0 else "normal") for i, name in enumerate("ABCD"))
    return cast(
        GameSession,
        SimpleNamespace(rules=preset("standard"), setups=setups, standings=standings, then=("title", {})),
    )


def test_result_rows_follow_the_ranks() -> None:
    rows = result_rows(STANDINGS, ("A", "B", "C", "D"))
    assert [row.name for row in rows] == ["B", "D", "A", "C"]
    assert [row.rank for row in rows] == [1, 2, 3, 4]
    assert rows[0].total == 52000
    assert rows[0].score == 42300


def test_results_show_a_zero_difference_as_plus_minus_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    real = results_module.render_text

    def recording(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        shown.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(results_module, "render_text", recording)
    app = make_app()
    scene = start(app, FinalResultsScene(app, fake_session()))
    scene.render_row(ResultRow(2, 1, "B", 30000, 0, 0, 0), 1)  # 30,000 back after an uma of 0: no gain at all
    assert shown.count("±0") == 3
    assert "+0" not in shown
    assert "0" not in shown


def test_rules_line_names_oka_only_when_there_is_one() -> None:
    line = rules_line(preset("standard"), 2000)
    assert "20,000" in line
    assert "10-20" in line
    assert "2,000" in line
    no_oka = rules_line(preset("seed-deluxe"), 0)
    assert i18n.tr("results.oka", points="+0").split()[0] not in no_oka


def test_results_buttons_lead_to_a_new_game_or_the_title() -> None:
    app = make_app()
    scene = start(app, FinalResultsScene(app, fake_session()))
    key(app, pygame.K_RETURN)  # the first key only finishes the reveal
    assert app.scene is scene
    key(app, pygame.K_RETURN)  # then Enter presses the default: New game
    assert isinstance(app.scene, NewGameScene)
    scene = start(app, FinalResultsScene(app, fake_session()))
    frame(app, dt_s=5.0)
    click(app, field(scene, "title").control.box)
    assert isinstance(app.scene, TitleScene)


def test_results_highlight_first_place() -> None:
    app = make_app()
    scene = start(app, FinalResultsScene(app, fake_session()))
    frame(app, dt_s=5.0)
    first, second = scene.build().rows[:2]
    lit = app.surface.get_at((first.x + first.w // 2, first.y + 3))
    plain = app.surface.get_at((second.x + second.w // 2, second.y + 3))
    assert lit.r > plain.r + 20, "the winner's row is lit in gold"
    assert lit.g > plain.g + 10


# ---- every scene at every size -----------------------------------------------------------------------------

SCENES = {
    "title": lambda app: TitleScene(app),
    "new_game": lambda app: NewGameScene(app),
    "settings": lambda app: SettingsScene(app, back=lambda: None),
    "reference": lambda app: ReferenceScene(app, back=lambda: None),
    "results": lambda app: FinalResultsScene(app, fake_session()),
    "results_empty": lambda app: FinalResultsScene(app, fake_session(None)),
}


@pytest.mark.parametrize("name", SCENES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_scene_draws_at_every_size(name: str, size: tuple[int, int]) -> None:
    app = make_app(size, language="ja" if size == (800, 1200) else "en")
    app.apply_settings(app.settings, save=False)
    scene = SCENES[name](app)
    app.switch(scene)
    frame(app)
    key(app, pygame.K_TAB)  # draws the focus ring too
    frame(app, dt_s=2.0)
    surface = app.surface
    colours = {surface.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 29)}
    assert len(colours) > 20, "the screen is drawn, not blank"
    for f in scene.form.fields:
        assert Box(0, 0, *size).contains(f.control.box)


def test_form_skips_disabled_fields_and_wraps() -> None:
    form = Form()
    fields = [
        Field("a", Button(Box(0, 0, 10, 10), "A", "a"), lambda: None),
        Field("b", Toggle(Box(0, 20, 10, 10), "B", False, enabled=False), lambda: None),
        Field("c", Segmented(Box(0, 40, 10, 10), ("x", "y"), 0), lambda: None),
    ]
    form.set_fields(fields, default_focus="b")
    assert form.focus_key == "a", "a disabled field never takes the focus"
    form.move_focus(1)
    assert form.focus_key == "c"
    form.move_focus(1)
    assert form.focus_key == "a"


def test_every_key_the_screens_build_exists_in_every_language() -> None:
    from graphics.screens.layouts import RESULT_COLUMNS
    from graphics.screens.new_game import GAME_LENGTHS, LEVELS, PLAYER_COUNTS
    from graphics.screens.settings_screen import TOGGLES
    from graphics.screens.title import MENU
    from graphics.settings import THEMES

    keys = [f"title.{name}" for name in MENU]
    keys += [f"newgame.level.{level}" for level in LEVELS] + [
        f"newgame.length.{name}" for name in GAME_LENGTHS
    ]
    keys += [f"option.{name}" for name in OPTIONS] + [f"option.players.{n}" for n in PLAYER_COUNTS]
    keys += [f"preset.{name}" for name in PRESET_NAMES] + [f"preset_desc.{name}" for name in PRESET_NAMES]
    keys += [f"option.uma.{preset(name).uma}" for name in PRESET_NAMES]
    keys += [f"settings.theme.{name}" for name in THEMES] + [f"settings.{name}" for name in TOGGLES]
    keys += [f"results.{column}" for column in RESULT_COLUMNS]
    keys += [f"yaku.{yaku}" for yaku in YAKU_ORDER] + [f"yaku_desc.{yaku}" for yaku in YAKU_ORDER]
    keys += [
        f"limit.{name}" for name in ("mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman")
    ]
    for lang in i18n.LANGUAGES:
        missing = [key for key in keys if key not in i18n.catalogue(lang)]
        assert missing == [], lang
