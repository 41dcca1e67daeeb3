"""The statistics page: registered under its name, the figures of game.stats, the matches read a few per
frame, players picked by keys and clicks, the filters, an empty and a damaged records file, and every language
at a landscape and a portrait size with its text fitting."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai import create_ai
from game.records import Records, SeatEntry
from game.saved_match import MatchWriter
from game.stats import StatsFilter, entry_json, pool
from game.table import Table
from game.terms import RuleSet, preset
from graphics import i18n
from graphics.app import App, Services
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens import stats as stats_screen
from graphics.screens.stats import StatsScene, figure_text, moving_average, percent, stats_layout
from graphics.settings import Settings
from graphics.widgets import fitted_size, fitted_text

EAST = preset("standard").with_overrides({"game_length": "east"})
EAST_3P = preset("tenhou-3p").with_overrides({"game_length": "east"})
FOUR = (
    SeatEntry("Ann", "human"),
    SeatEntry("Easy AI", "easy"),
    SeatEntry("Normal AI", "normal"),
    SeatEntry("Strong AI", "strong"),
)
THREE = (SeatEntry("Ann", "human"), SeatEntry("Easy AI", "easy"), SeatEntry("Dana", "human"))
SIZES = ((1280, 720), (720, 1250))


def play(records: Records, rules: RuleSet, seats: tuple[SeatEntry, ...], seed: int) -> None:
    """One match played by easy and normal AIs (people's seats too), stored as the game stores it."""
    levels = ["normal" if entry.is_human else "easy" for entry in seats]
    table = Table(rules, [create_ai(level, rules, seed + seat) for seat, level in enumerate(levels)], seed)
    MatchWriter.attach(records, records.create_match(rules, seed, seats), table)
    table.run()


@pytest.fixture(scope="module")
def stocked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three 4-player matches and one 3-player match."""
    path = tmp_path_factory.mktemp("stats-screen") / "records.sqlite3"
    with Records(path) as records:
        for seed in (21, 22, 23):
            play(records, EAST, FOUR, seed)
        play(records, EAST_3P, THREE, 24)
    return path


@pytest.fixture
def app(display: None, tmp_path: Path) -> Iterator[App]:
    pygame.font.init()
    made = App(surface=pygame.Surface((1280, 720)), settings=Settings(), services=Services(), windowed=False)
    made.records_path = tmp_path / "records.sqlite3"
    yield made
    made.close_records()
    i18n.set_language("en")


@pytest.fixture
def filled(app: App, stocked: Path) -> App:
    assert app.records_path is not None
    app.records_path.write_bytes(stocked.read_bytes())
    return app


def opened(app: App, **options: Any) -> StatsScene:
    scene = StatsScene(app, back=options.pop("back", lambda: None), **options)
    scene.load_all()
    app.switch(scene)
    app.tick(0.0)
    return scene


def key(app: App, code: int) -> None:
    app.tick(0.0, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)])


def test_the_page_is_registered_as_stats(filled: App) -> None:
    calls: list[str] = []
    scene = navigation.make(filled, "stats", back=lambda: calls.append("back"))
    assert isinstance(scene, StatsScene)
    filled.switch(scene)
    key(filled, pygame.K_ESCAPE)
    assert calls == ["back"]
    assert navigation.SCREENS["stats"] == ("graphics.screens.stats", "StatsScene")


def test_the_page_shows_the_figures_game_stats_computes(filled: App) -> None:
    scene = opened(filled)
    assert scene.reader is not None
    expected = pool(scene.reader.matches, StatsFilter(players=4))
    assert [(entry.name, entry.level) for entry in scene.entries] == [
        (entry.name, entry.level) for entry in expected
    ]
    assert [entry.name for entry in scene.entries] == ["Ann", "Easy AI", "Normal AI", "Strong AI"]
    entry = scene.entry
    assert entry is not None
    assert entry.name == "Ann"  # people first
    data = entry_json(entry)
    assert figure_text(entry, "avg_rank") == f"{data['avg_rank']:.2f}"
    assert figure_text(entry, "win_rate") == percent(data["win_rate"])
    assert figure_text(entry, "deal_in_rate") == percent(data["deal_in_rate"])
    assert figure_text(entry, "tsumo_share") == percent(data["tsumo_share"])
    assert scene.note() == "Finished matches counted: 3"


def test_the_matches_are_read_a_few_per_frame(filled: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_screen, "READ_BUDGET_S", 0.0)  # one match per frame
    scene = StatsScene(filled, back=lambda: None)
    filled.switch(scene)
    assert scene.loading
    assert scene.next_frame_s() == 0.0
    filled.tick(0.0)
    assert scene.reader is not None
    assert scene.reader.position == 1
    assert scene.loading
    assert scene.entries == []
    for _ in range(3):
        filled.tick(0.0)
    assert not scene.loading
    assert scene.next_frame_s() is None
    assert [entry.name for entry in scene.entries][:1] == ["Ann"]


def test_keys_and_clicks_pick_a_player(filled: App) -> None:
    scene = opened(filled)
    key(filled, pygame.K_DOWN)
    assert scene.selected == ("easy", "Easy AI")
    key(filled, pygame.K_END)
    assert scene.selected == ("strong", "Strong AI")
    key(filled, pygame.K_HOME)
    assert scene.selected == ("human", "Ann")
    rows = scene.build().rows
    filled.tick(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rows[2].center, button=1)])
    assert scene.selected == ("normal", "Normal AI")
    filled.tick(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rows[6].center, button=1)])
    assert scene.selected == ("normal", "Normal AI"), "an empty row picks nobody"


def test_the_filters_pool_the_matches_again(filled: App) -> None:
    scene = opened(filled)
    assert scene.form.focus_key == "seats"
    key(filled, pygame.K_RIGHT)  # 3 players
    assert scene.players == 3
    assert [entry.name for entry in scene.entries] == ["Ann", "Dana", "Easy AI"]
    assert scene.selected == ("human", "Ann")
    assert scene.entry is not None
    assert len(scene.entry.stats.rank_counts) == 3
    assert scene.presets() == ("tenhou-3p",)
    key(filled, pygame.K_TAB)
    key(filled, pygame.K_RIGHT)  # the one preset of 3-player matches
    assert scene.ruleset == "tenhou-3p"
    assert len(scene.entries) == 3
    key(filled, pygame.K_TAB)
    key(filled, pygame.K_RIGHT)  # the last 30 days: everything here was played just now
    assert scene.period == 1
    assert len(scene.entries) == 3
    scene.players = 4
    scene.refresh()  # the 3-player preset does not exist at 4-player tables: back to all
    assert scene.ruleset is None
    assert len(scene.entries) == 4


def test_the_table_size_with_more_matches_opens_first(app: App) -> None:
    assert app.records_path is not None
    with Records(app.records_path) as records:
        play(records, EAST_3P, THREE, 31)
    scene = opened(app)
    assert scene.players == 3
    assert scene.presets() == ("tenhou-3p",)


class Drawn:
    """The texts the page draws through its fitting helpers: as asked and as drawn (text, size) each."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, int, str, int, Box | None]] = []
        draw_fitted, text_at = stats_screen.draw_fitted, stats_screen._text_at

        def fitted(
            surface: Any, text: str, size: int, color: Any, box: Box, *args: Any, **kwargs: Any
        ) -> Any:
            bold = args[1] if len(args) > 1 else kwargs.get("bold", False)
            lang = args[2] if len(args) > 2 else kwargs.get("lang", "en")
            self.texts.append((text, size, text, fitted_size(text, size, box.w, bold, lang), box))
            return draw_fitted(surface, text, size, color, box, *args, **kwargs)

        def at(
            surface: Any,
            text: str,
            size: int,
            color: Any,
            where: Any,
            anchor: str,
            lang: str,
            max_w: int,
            bold: bool = False,
            line_h: int = 0,
        ) -> None:
            shown, shown_px = fitted_text(text, size, max(8, max_w), bold, lang, min(11, size))
            self.texts.append((text, size, shown, shown_px, None))
            text_at(surface, text, size, color, where, anchor, lang, max_w, bold, line_h)

        monkeypatch.setattr(stats_screen, "draw_fitted", fitted)
        monkeypatch.setattr(stats_screen, "_text_at", at)

    def has(self, text: str) -> bool:
        return any(drawn == text for drawn, *_ in self.texts)


def test_an_empty_database_is_a_friendly_empty_page(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = Drawn(monkeypatch)
    scene = opened(app)
    scene.draw(app.surface)
    assert scene.error == ""
    assert scene.entries == []
    assert drawn.has(i18n.tr("stats.empty_title"))
    assert not drawn.has(i18n.tr("stats.none_filtered_title"))


def test_filters_that_leave_nothing_say_so(filled: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = Drawn(monkeypatch)
    scene = opened(filled, period=2)
    scene.reader.matches[:] = [m for m in scene.reader.matches if m.players == 4]  # type: ignore[union-attr]
    scene.players = 3
    scene.refresh()
    scene.draw(filled.surface)
    assert scene.entries == []
    assert drawn.has(i18n.tr("stats.none_filtered_title"))


def test_a_damaged_file_is_one_line_and_left_as_it_is(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    assert app.records_path is not None
    app.records_path.write_bytes(b"SQLite format 3\x00" + b"\x13" * 3000)
    before = app.records_path.read_bytes()
    drawn = Drawn(monkeypatch)
    scene = opened(app)
    scene.draw(app.surface)
    assert str(app.records_path) in scene.error
    assert "\n" not in scene.error
    assert drawn.has(i18n.tr("stats.unreadable"))
    key(app, pygame.K_DOWN)  # nothing to pick, nothing breaks
    assert app.records_path.read_bytes() == before


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_language_and_size_draws_with_its_text_fitting(
    filled: App,
    language: str,
    size: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    i18n.set_language(language)
    filled.surface = pygame.Surface(size)
    drawn = Drawn(monkeypatch)
    window = Box(0, 0, *size)
    with caplog.at_level(logging.WARNING, logger="graphics.i18n"):
        scene = opened(filled)
        for index in range(len(scene.entries)):  # a person and every AI level
            scene.select(index)
            scene.draw(filled.surface)
        key(filled, pygame.K_RIGHT)  # the 3-player tables
        scene.draw(filled.surface)
    assert not [record for record in caplog.records if "i18n" in record.getMessage()]
    assert drawn.texts
    for text, wanted, shown, got, box in drawn.texts:
        assert shown == text, f"{text!r} shortened to {shown!r}"
        assert got >= max(9, round(wanted * 0.8)), f"{text!r} shrunk from {wanted} to {got} px"
        assert box is None or window.contains(box), text
    lang = i18n.language()
    for field in scene.form.fields:
        control = field.control
        labels = getattr(control, "labels", None) or (getattr(control, "label", ""),)
        cell_w = control.box.w // len(labels)
        wanted = max(10, round(control.box.h * 0.4))
        for label in labels:
            assert fitted_size(label, wanted, cell_w - 8, True, lang) >= round(wanted * 0.8), label


@pytest.mark.parametrize(
    "size", [(1280, 720), (1920, 1080), (1024, 768), (800, 600), (720, 1250), (600, 1000)]
)
def test_the_layout_fits_the_window_and_controls_never_overlap(size: tuple[int, int]) -> None:
    layout = stats_layout(*size)
    window = Box(0, 0, *size)
    assert all(window.contains(box) for box in layout.boxes())
    for first, second in itertools.combinations(layout.controls(), 2):
        apart = (
            first.right <= second.x
            or second.right <= first.x
            or first.bottom <= second.y
            or second.bottom <= first.y
        )
        assert apart, (first, second)
    assert (size[1] > size[0]) == (layout.list_panel.w > layout.figures_panel.w), "portrait for tall windows"


def test_a_long_name_is_shortened_with_its_end_kept_not_shrunk_to_nothing(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert app.records_path is not None
    name = "Alexandria Konstantinopoulou 2"
    with Records(app.records_path) as records:
        play(records, EAST, (SeatEntry(name, "human"), *FOUR[1:]), 41)
    drawn = Drawn(monkeypatch)
    scene = opened(app)
    scene.draw(app.surface)
    shortened = [(shown, px) for text, _, shown, px, _ in drawn.texts if text == name and shown != text]
    assert shortened, "the list and the chart have no room for the whole name"
    assert all(shown.endswith("u 2") and "…" in shown and px >= 11 for shown, px in shortened)


def test_the_trend_line_averages_the_last_few_ranks() -> None:
    assert moving_average([1, 2, 3, 4, 1], 3) == [1.0, 1.5, 2.0, 3.0, pytest.approx(8 / 3)]
    assert moving_average([], 5) == []


def test_the_examples_in_the_docstrings() -> None:
    import doctest

    result = doctest.testmod(stats_screen)
    assert result.attempted > 0, "no examples: nothing was checked"
    assert result.failed == 0
