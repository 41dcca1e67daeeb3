"""The new-game screen's "All rules" panel: every option a rule set sets, translated, fitting every window,
scrolled and closed by mouse and keys, and the yaku reference under the chosen rules from it."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any, cast

import pygame
import pytest

from game.rule_text import RuleLine, line_text, option_line, options, rule_lines
from game.terms import CHOICES, PRESET_NAMES, RuleSet, preset
from graphics import i18n
from graphics.app import App, Services
from graphics.fonts import text_size
from graphics.layout import Box
from graphics.screens.form import Field
from graphics.screens.layouts import new_game_layout, rule_details_layout
from graphics.screens.new_game import NewGameScene, detail_rows, rule_texts
from graphics.screens.reference import ReferenceScene
from graphics.settings import Settings
from graphics.widgets import fitted_size, wrap_text

# the sizes the issue names (landscape, small, portrait, large), then the other screen tests' sizes
SIZES = ((1280, 720), (800, 600), (720, 1250), (1920, 1080), (640, 400), (3840, 2160), (800, 1200))
LOOKED_AT = SIZES[:4]
STANDARD = preset("standard")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Settings are written to a fresh folder; the language is English before and after each test."""
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    pygame.init()
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


def make_app(size: tuple[int, int] = (1280, 720), language: str = "en") -> App:
    i18n.set_language(language)
    return App(
        surface=pygame.Surface(size),
        settings=Settings(language=language),
        services=Services(),
        windowed=False,
    )


def frame(app: App, *events: pygame.event.Event) -> None:
    app.tick(1 / 60, list(events))


def click(app: App, box: Box) -> None:
    pos = box.center
    frame(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def key(app: App, code: int) -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def field(form: Any, name: object) -> Field:
    found = form.field(name)
    assert found is not None, f"no field {name!r}"
    return cast(Field, found)


def start(app: App, scene: Any) -> Any:
    app.switch(scene)
    frame(app)
    return scene


def new_game_with(app: App, name: str) -> NewGameScene:
    scene = NewGameScene(app)
    rules = preset(name)
    if rules.players != scene.choices.players:
        scene.choices.choose_players(rules.players)
    scene.choices.choose_preset(name)
    scene.build(force=True)
    return cast(NewGameScene, start(app, scene))


def other_value(option: str) -> object:
    """A valid value of `option` that the standard rules do not have."""
    value = getattr(STANDARD, option)
    if option in CHOICES:
        return next(choice for choice in CHOICES[option] if choice != value)
    if isinstance(value, bool):
        return not value
    if option == "players":
        return 3
    if isinstance(value, int):
        return value + 1
    return (0, 1, 2)  # red_fives


def every_line() -> list[RuleLine]:
    """Every line of every preset, and a line for each option set apart from standard on its own."""
    lines = [line for name in PRESET_NAMES for line in rule_lines(preset(name))]
    for option in options():
        lines += rule_lines(STANDARD.with_overrides({option: other_value(option)}))
    return lines


# ---- the texts


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_line_of_every_preset_and_any_override_is_translated(lang: str) -> None:
    catalogue = i18n.catalogue(lang)
    i18n.set_language(lang)
    for line in every_line():
        assert line.name.key in catalogue, f"{lang}: {line.name.key} has no text"
        assert line.value.key in catalogue, f"{lang}: {line.value.key} has no text"
        name, value = rule_texts(line)
        text = line_text(line, i18n.tr, i18n.has_key)
        for shown in (name, value, text):
            assert "rule." not in shown
            assert "rule_value." not in shown
            assert "_" not in shown, f"{lang}: {shown!r} looks like an id"
        assert text.startswith(name)
        assert text[len(name) :].lstrip(":： ") in value  # the panel adds "(as Standard)" to a shared value


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_option_a_preset_changes_names_a_field_no_preset_line_is_missing(name: str) -> None:
    rules = preset(name)
    shown = {line.option for line in rule_lines(rules)}
    assert {option for option in options() if getattr(rules, option) != getattr(STANDARD, option)} <= shown


def test_lines_read_as_the_rulebooks_say_in_each_language() -> None:
    deluxe = {line.option: rule_texts(line) for line in rule_lines(preset("seed-deluxe"))}
    assert deluxe["start_points"] == ("Starting points", "30,000 points")
    assert deluxe["flowers"] == ("Flower tiles", "On")
    assert deluxe["abortive_dealer"] == ("After an abortive draw", "The dealer keeps the deal (as Standard)")
    i18n.set_language("ja")
    net = {line.option: rule_texts(line) for line in rule_lines(preset("seed-netmahjong"))}
    assert net["renhou"] == ("人和", "倍満")
    assert net["chips"] == ("祝儀", "あり")
    assert net["game_length"][1] == "東風戦"
    i18n.set_language("ko")
    deluxe_ko = {line.option: rule_texts(line) for line in rule_lines(preset("seed-deluxe"))}
    assert deluxe_ko["flowers"] == ("꽃패", "있음")
    kuitan = dict(rule_texts(line) for line in rule_lines(STANDARD.with_overrides({"kuitan": False})))
    assert kuitan == {"쿠이탕": "없음"}


def test_an_option_the_catalogue_lacks_shows_in_words_not_as_a_key() -> None:
    line = option_line("some_future_option", "both_ways")
    assert rule_texts(line) == ("Some future option", "both ways")
    assert line_text(line, i18n.tr, i18n.has_key) == "Some future option: both ways"


@pytest.mark.parametrize(("lang", "word"), [("en", "flower"), ("ko", "꽃패"), ("ja", "花牌")])
def test_the_boxed_game_preset_mentions_its_flowers(lang: str, word: str) -> None:
    assert word in i18n.catalogue(lang)["preset_desc.seed-deluxe"].lower()


# ---- the layout


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_panel_lies_in_the_window_below_the_heading_and_its_parts_in_it(size: tuple[int, int]) -> None:
    details = rule_details_layout(*size)
    game = new_game_layout(*size)
    window = Box(0, 0, *size)
    for box in details.boxes():
        assert box.w > 0
        assert box.h > 0
        assert window.contains(box), f"{box} leaves the window"
    inner = [details.heading, details.note, details.viewport, details.scrollbar, details.hint]
    assert all(details.panel.contains(box) for box in [*inner, details.reference, details.close])
    assert details.panel.y >= game.heading.bottom - 1, "the screen's heading stays in sight above the panel"
    for a, b in combinations([*details.controls(), details.heading, details.note, details.hint], 2):
        assert not a.overlaps(b), f"{a} overlaps {b}"
    assert details.viewport.h > details.panel.h // 2, "most of the panel is the list"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_all_rules_button_sits_in_the_rules_panel_beside_its_title(size: tuple[int, int]) -> None:
    game = new_game_layout(*size)
    assert game.rules_panel.contains(game.details)
    assert not game.details.overlaps(game.rules_title)
    assert game.details.bottom <= game.preset.control.y, "above the rule set's chooser"
    assert game.details in game.controls()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", LOOKED_AT, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_text_of_the_panel_fits(size: tuple[int, int], lang: str) -> None:
    i18n.set_language(lang)
    details, game = rule_details_layout(*size), new_game_layout(*size)
    label = i18n.tr("newgame.rules_details")
    label_px = max(10, round(game.details.h * 0.42))
    assert text_size(label, label_px, True, lang)[0] <= game.details.w - 12, (
        "the button's label is not shrunk"
    )
    for button, key in ((details.reference, "newgame.rules_reference"), (details.close, "menu.back")):
        assert text_size(i18n.tr(key), max(10, round(button.h * 0.42)), True, lang)[0] <= button.w - 12
    hint_px = details.text_px(14)
    assert fitted_size(i18n.tr("newgame.rules_hint"), hint_px, details.hint.w, False, lang) >= hint_px - 1
    note_px = details.text_px(15)
    note = wrap_text(i18n.tr("newgame.rules_note"), note_px, details.note.w, lang)
    assert len(note) * round(note_px * 1.35) <= details.note.h + note_px * 0.3, "the note fits unshrunk"
    heading_px = max(12, round(details.heading.h * 0.62))
    for name in PRESET_NAMES:  # the rule set's name as the heading: shrunk a little at most
        title = i18n.tr(f"preset.{name}")
        assert fitted_size(title, heading_px, round(details.heading.w * 0.7), True, lang) >= heading_px * 0.75
    size_px = details.text_px(17)
    width = details.viewport.w
    for name in PRESET_NAMES:
        rows, height = detail_rows(rule_lines(preset(name)), width, size_px, lang)
        assert height == (rows[-1].y + rows[-1].h if rows else 0)
        for row in rows:
            if row.beside:
                name_w = text_size(row.name[0], size_px, False, lang)[0]
                value_w = text_size(row.value[0], size_px, True, lang)[0]
                assert name_w + size_px + value_w <= width, row
            else:
                assert all(text_size(text, size_px, False, lang)[0] <= width for text in row.name), row
                assert all(text_size(text, size_px, True, lang)[0] <= width for text in row.value), row
        for above, below in pairwise(rows):
            assert above.y + above.h <= below.y, "rows never overlap"


def test_rows_put_a_heading_before_each_section_and_wrap_what_is_too_long() -> None:
    lines = rule_lines(preset("tenhou-3p"))
    rows, _ = detail_rows(lines, 900, 17, "en")
    headings = [row.name[0] for row in rows if row.heading]
    assert headings == ["Game", "Tiles and dora", "Yaku and scoring", "Draws and the deal", "Three players"]
    narrow, _ = detail_rows(lines, 260, 17, "en")
    wrapped = [row for row in narrow if not row.heading and not row.beside]
    assert wrapped, "a narrow list puts long values under their names"
    assert all(len(row.name) + len(row.value) >= 2 for row in wrapped)
    assert [row.as_standard for row in rows if not row.heading] == [line.as_standard for line in lines]


# ---- the screen


def test_all_rules_opens_the_panel_and_esc_back_and_a_click_outside_close_it() -> None:
    app = make_app()
    scene = new_game_with(app, "seed-deluxe")
    click(app, field(scene.form, "details").control.box)
    assert scene.details_open
    assert [line.option for line in rule_lines(scene.choices.rules())][:3] == [
        "start_points",
        "return_points",
        "oka",
    ]
    key(app, pygame.K_ESCAPE)
    assert not scene.details_open
    assert app.scene is scene, "Esc closes the panel, not the screen"
    click(app, field(scene.form, "details").control.box)
    click(app, field(scene.details_form, "close").control.box)
    assert not scene.details_open
    click(app, field(scene.form, "details").control.box)
    click(app, Box(2, 2, 4, 4))  # the dimmed screen around the panel
    assert not scene.details_open
    key(app, pygame.K_ESCAPE)
    assert app.scene is not scene, "with the panel closed Esc leaves the screen as before"


def test_the_panel_takes_the_keys_while_open() -> None:
    app = make_app()
    scene = new_game_with(app, "seed-netmahjong")
    scene.open_details()
    frame(app)
    before = scene.choices.game_length
    key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    assert scene.choices.game_length == before, "the setup behind the panel does not change"
    assert scene.details_form.focus_key in ("reference", "close")


@pytest.mark.parametrize("size", LOOKED_AT, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_list_scrolls_by_wheel_keys_and_scrollbar_and_stays_in_bounds(size: tuple[int, int]) -> None:
    app = make_app(size)
    scene = new_game_with(app, "tenhou-3p")
    scene.choices.options["local_yaku"] = True
    scene.open_details()
    frame(app)
    assert scene.details_max_offset > 0, "28 options do not fit the panel at once"
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert scene.details_offset > 0
    key(app, pygame.K_END)
    assert scene.details_offset == scene.details_max_offset
    key(app, pygame.K_PAGEDOWN)
    assert scene.details_offset == scene.details_max_offset
    key(app, pygame.K_HOME)
    assert scene.details_offset == 0
    key(app, pygame.K_DOWN)
    assert scene.details_offset > 0
    key(app, pygame.K_UP)
    assert scene.details_offset == 0
    bar = scene.build_details().scrollbar
    x = bar.x + bar.w // 2
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, bar.bottom - 1), button=1))
    assert scene.details_offset == scene.details_max_offset
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(x, bar.y), rel=(0, -1), buttons=(1, 0, 0)))
    assert scene.details_offset == 0
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, bar.y), button=1))
    assert not scene.dragging_bar
    assert scene.details_open


def test_standard_says_nothing_differs_and_a_switch_changes_the_list() -> None:
    app = make_app()
    scene = new_game_with(app, "standard")
    scene.open_details()
    frame(app)
    assert scene.details_rows == []
    scene.close_details()
    click(app, field(scene.form, ("option", "kuitan")).control.box)
    click(app, field(scene.form, "details").control.box)
    names = [row.name[0] for row in scene.details_rows if not row.heading]
    assert names == ["Open tanyao (kuitan)"]


def test_the_yaku_reference_opens_under_the_chosen_rules_and_comes_back_to_the_panel() -> None:
    app = make_app()
    scene = new_game_with(app, "seed-netmahjong")
    click(app, field(scene.form, ("option", "local_yaku")).control.box)
    chosen = scene.choices.rules()
    click(app, field(scene.form, "details").control.box)
    click(app, field(scene.details_form, "reference").control.box)
    reference = app.scene
    assert isinstance(reference, ReferenceScene)
    assert reference.rules == chosen
    key(app, pygame.K_ESCAPE)
    back = app.scene
    assert isinstance(back, NewGameScene)
    assert back.details_open
    assert back.choices is scene.choices
    assert back.choices.rules() == chosen


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_panel_draws_at_every_size(size: tuple[int, int], lang: str) -> None:
    app = make_app(size, lang)
    scene = new_game_with(app, "seed-deluxe")
    closed = app.surface.copy()
    scene.open_details()
    frame(app)
    panel = scene.build_details().panel
    inside = [
        (x, y)
        for x in range(panel.x + 4, panel.right - 4, 23)
        for y in range(panel.y + 4, panel.bottom - 4, 17)
    ]
    changed = sum(closed.get_at(point) != app.surface.get_at(point) for point in inside)
    assert changed > len(inside) // 2, "the panel covers the screen behind it"
    colours = {app.surface.get_at(point)[:3] for point in inside}
    assert len(colours) > 10, "the panel has text on it"
    assert all(Box(0, 0, *size).contains(f.control.box) for f in scene.details_form.fields)


def test_rule_set_equality_keeps_the_rows_until_the_rules_change() -> None:
    app = make_app()
    scene = new_game_with(app, "seed-deluxe")
    scene.open_details()
    rows = scene.details_rows
    scene.build_details()
    assert scene.details_rows is rows
    scene.choices.options["kuitan"] = False
    scene.build_details()
    assert scene.details_rows is not rows
    assert isinstance(scene.choices.rules(), RuleSet)
