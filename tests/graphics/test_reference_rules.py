"""The yaku reference under a rule set: chosen at the top (standard, or the one it was opened with), each
local or optional yaku's card marked on or off (renhou with its value), and every mark fitting its card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pygame
import pytest

from game.terms import LOCAL_YAKU, PRESET_NAMES, RuleSet, preset
from game.yaku_reference import EXAMPLES, example_for
from graphics import i18n
from graphics.app import App, Services
from graphics.fonts import text_size
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.form import Field
from graphics.screens.layouts import reference_layout
from graphics.screens.reference import (
    ON_FILL,
    ReferenceScene,
    example_value,
    fit_metrics,
    name_row_fits,
    render_entry,
    rule_choices,
    switch_mark,
    value_text,
)
from graphics.settings import Settings
from graphics.tiles import TileArt
from graphics.widgets import Cycler, fitted_size

SIZES = ((1280, 720), (800, 600), (720, 1250), (1920, 1080), (640, 400), (3840, 2160), (800, 1200))
STANDARD = preset("standard")
LOCAL_CARDS = tuple(example.yaku for example in EXAMPLES if example.local)
EVERYTHING_ON = STANDARD.with_overrides(
    {"renhou": "yakuman", "paarenchan": True, "flowers": True, **dict.fromkeys(LOCAL_YAKU, True)}
)


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
    settings = Settings(language=language)
    return App(surface=pygame.Surface(size), settings=settings, services=Services(), windowed=False)


def frame(app: App, *events: pygame.event.Event) -> None:
    app.tick(1 / 60, list(events))


def click(app: App, box: Box, x_fraction: float = 0.5) -> None:
    pos = (box.x + int(box.w * x_fraction), box.y + box.h // 2)
    frame(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def key(app: App, code: int) -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def chooser(scene: ReferenceScene) -> Cycler:
    found = scene.form.field("rules")
    assert found is not None, "the reference has a rule set chooser"
    control = cast(Field, found).control
    assert isinstance(control, Cycler)
    return control


def start(app: App, **options: Any) -> ReferenceScene:
    scene = navigation.make(app, "reference", back=lambda: None, **options)
    app.switch(scene)
    frame(app)
    return cast(ReferenceScene, scene)


# ---- the marks


def test_standard_marks_every_local_card_off() -> None:
    for yaku in LOCAL_CARDS:
        assert switch_mark(yaku, STANDARD) == ("Off", False), yaku
    assert switch_mark("riichi", STANDARD) is None
    assert switch_mark("kita", preset("tenhou-3p")) is None
    assert switch_mark("nagashi_mangan", STANDARD) is None


def test_the_seed_presets_mark_what_they_enable() -> None:
    assert switch_mark("flower", preset("seed-deluxe")) == ("On", True)
    assert switch_mark("renhou", preset("seed-deluxe")) == ("Off", False)
    assert switch_mark("renhou", preset("seed-netmahjong")) == ("Baiman", True)
    assert switch_mark("flower", preset("seed-netmahjong")) == ("Off", False)
    i18n.set_language("ja")
    assert switch_mark("renhou", preset("seed-netmahjong")) == ("倍満", True)
    assert switch_mark("flower", preset("seed-deluxe")) == ("あり", True)
    i18n.set_language("ko")
    assert switch_mark("tuibudao", STANDARD) == ("없음", False)


def test_renhou_is_worth_what_the_rule_set_says() -> None:
    net = preset("seed-netmahjong")
    assert value_text("renhou") == "Mangan"
    assert value_text("renhou", STANDARD) == "Mangan"  # off: the card shows the yaku at its usual value
    assert value_text("renhou", net) == "Baiman"
    assert example_value("renhou", net) == ("8 han · Baiman", "16,000 points")
    yakuman = STANDARD.with_overrides({"renhou": "yakuman"})
    assert value_text("renhou", yakuman) == "Yakuman"
    assert example_value("renhou", yakuman) == ("Yakuman", "32,000 points")
    assert value_text("tanyao", net) == value_text("tanyao")


def test_a_card_shows_its_mark_only_under_a_rule_set() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    try:
        app = make_app()
        scene = start(app)
        m, art = scene.metrics, TileArt("classic")
        entry = next(entry for entry in scene.entries if entry.yaku == "flower")
        plain = render_entry("flower", m, entry.h, art, "en")
        off = render_entry("flower", m, entry.h, art, "en", STANDARD)
        on = render_entry("flower", m, entry.h, art, "en", preset("seed-deluxe"))
    finally:
        pygame.display.quit()
    row = pygame.Rect(0, 0, m.width // 2, round(m.name_px * 1.5) + m.pad)

    def colours(image: pygame.Surface) -> set[tuple[int, int, int]]:
        return {
            image.get_at((x, y))[:3] for x in range(row.left, row.right) for y in range(row.top, row.bottom)
        }

    assert ON_FILL in colours(on)
    assert ON_FILL not in colours(off)
    assert colours(off) != colours(plain), "off is marked too"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_local_card_keeps_its_name_marks_and_value_on_one_row(size: tuple[int, int], lang: str) -> None:
    i18n.set_language(lang)
    layout = reference_layout(*size)
    m = fit_metrics(layout.viewport.w, layout.tile_h, layout.text_px(15), lang)
    for rules in (STANDARD, EVERYTHING_ON, preset("seed-netmahjong")):
        for yaku in LOCAL_CARDS:
            assert name_row_fits(yaku, m, lang, rules), f"{yaku} under {rules.name}"


# ---- the chooser


def test_the_chooser_offers_every_preset_and_starts_on_standard() -> None:
    app = make_app()
    scene = start(app)
    assert scene.rules == STANDARD
    assert chooser(scene).labels == tuple(i18n.tr(f"preset.{name}") for name in PRESET_NAMES)
    assert chooser(scene).index == PRESET_NAMES.index("standard")


@pytest.mark.parametrize("name", ["seed-deluxe", "seed-netmahjong"])
def test_opened_with_a_preset_it_starts_there(name: str) -> None:
    app = make_app()
    scene = start(app, rules=preset(name))
    assert scene.rules == preset(name)
    assert chooser(scene).index == PRESET_NAMES.index(name)


def test_opened_with_changed_rules_it_offers_them_after_their_preset() -> None:
    changed = preset("seed-netmahjong").with_overrides({"tuibudao": True})
    choices = rule_choices(changed)
    assert [name for name, _, _ in choices] == [*PRESET_NAMES[:6], "seed-netmahjong", *PRESET_NAMES[6:]]
    app = make_app()
    scene = start(app, rules=changed)
    assert scene.rules == changed
    assert chooser(scene).labels[chooser(scene).index] == "Net-mahjong rulebook (as chosen)"
    assert switch_mark("tuibudao", scene.rules) == ("On", True)
    assert rule_choices(preset("tenhou")) == rule_choices(None), "a preset as it is is not offered twice"
    renamed = rule_choices(RuleSet(name="custom", kuitan=False))
    assert (renamed[0][0], renamed[0][1]) == ("standard", True)


def test_choosing_another_rule_set_redraws_the_marks_and_keeps_the_place() -> None:
    app = make_app()
    scene = start(app)
    key(app, pygame.K_END)  # the dora group's last card: flowers
    for _ in range(60):
        frame(app)
    place = scene.offset
    flower = next(index for index, entry in enumerate(scene.entries) if entry.yaku == "flower")
    assert flower in scene._rendered, "the flower card is in view"
    before = scene.surface_for(flower)
    cycler = chooser(scene)
    click(app, cycler.box, 0.95)  # the right arrow: the next preset
    assert scene.rules == preset(PRESET_NAMES[PRESET_NAMES.index("standard") + 1])
    while scene.rules.name != "seed-deluxe":
        click(app, chooser(scene).box, 0.95)
    assert scene.offset == pytest.approx(place, abs=2)
    after = scene.surface_for(flower)
    assert after is not before, "the card is drawn again under the new rule set"
    xs, ys = range(after.get_width() // 2), range(round(scene.metrics.name_px * 1.5) + scene.metrics.pad)
    assert ON_FILL in {after.get_at((x, y))[:3] for x in xs for y in ys}
    assert ON_FILL not in {before.get_at((x, y))[:3] for x in xs for y in ys}


def test_the_keyboard_reaches_the_chooser() -> None:
    app = make_app()
    scene = start(app)
    scene.form.focus("rules")
    key(app, pygame.K_RETURN)
    assert scene.rules == preset("tenhou")
    key(app, pygame.K_RIGHT)
    assert scene.rules == preset("mahjong-soul")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert scene.rules == STANDARD
    assert scene.form.focus_key == "rules", "the arrows change the rule set, not the focus"
    key(app, pygame.K_TAB)
    assert scene.form.focus_key != "rules"


# ---- the layout


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_chooser_row_sits_below_the_heading_and_above_the_panels(size: tuple[int, int]) -> None:
    layout = reference_layout(*size)
    row = layout.rule_set
    window = Box(0, 0, *size)
    assert window.contains(row.label)
    assert window.contains(row.control)
    assert row.control.y >= layout.heading.bottom
    for box in (row.label, row.control):
        assert not box.overlaps(layout.index_panel)
        assert not box.overlaps(layout.list_panel)
    assert not row.label.overlaps(row.control)
    assert row.control in layout.controls()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES[:4], ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_chooser_and_its_label_fit(size: tuple[int, int], lang: str) -> None:
    i18n.set_language(lang)
    row = reference_layout(*size).rule_set
    label_px = max(10, round(row.label.h * 0.4))
    assert text_size(i18n.tr("option.preset"), label_px, False, lang)[0] <= row.label.w
    control = row.control
    # the label's size and room as the cycler draws it
    full_px, room = max(10, round(control.h * 0.42)), control.w - round(control.h * 1.7)
    for name in PRESET_NAMES:
        assert text_size(i18n.tr(f"preset.{name}"), full_px, True, lang)[0] <= room, name
        changed = i18n.tr("reference.chosen", name=i18n.tr(f"preset.{name}"))  # may shrink, not much
        assert fitted_size(changed, full_px, room, True, lang) >= full_px * 0.75, name


def test_every_local_example_is_a_card_with_a_switch() -> None:
    assert {"renhou", "paarenchan", "flower", *LOCAL_YAKU} == set(LOCAL_CARDS)
    marks = [switch_mark(yaku, EVERYTHING_ON) for yaku in LOCAL_CARDS]
    assert all(mark is not None and mark[1] for mark in marks)
    assert example_for("flower").local
