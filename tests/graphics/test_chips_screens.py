"""Chips (RULES.md §12) on the final results and the tournament standings: a column of their own under a rule
set with chips, none without, and the settled total that includes them."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pygame
import pytest

from game.records import Records
from game.terms import Standings, preset
from game.tournament import Entry, create, load_view, play_ai_tables
from graphics import i18n
from graphics.app import App
from graphics.screens import results as results_module
from graphics.screens import tournament_standings as standings_module
from graphics.screens.layouts import CHIP_RESULT_COLUMNS, RESULT_COLUMNS
from graphics.screens.results import FinalResultsScene, result_rows, rules_line
from graphics.screens.tournament_standings import TournamentStandingsScene
from graphics.session import GameSession, SeatSetup
from graphics.settings import Settings

pytestmark = pytest.mark.usefixtures("display")

NET = preset("seed-netmahjong")
# 40000 / 30000 / 20000 / 10000: +50 / +10 / -20 / -40 with oka and uma; chips -1 / +3 / -3 / +1 at 5000
STANDINGS = Standings(
    scores=(40000, 30000, 20000, 10000),
    ranks=(1, 2, 3, 4),
    before_uma=(30000, 0, -10000, -20000),
    uma=(20000, 10000, -10000, -20000),
    settled=(45000, 25000, -35000, -35000),
    leftover_points=0,
    chips=(-1, 3, -3, 1),
)


def session(rules: object, standings: Standings) -> GameSession:
    setups = tuple(SeatSetup(name, "normal") for name in ("Ann", "Ben", "Cy", "Dee"))
    return cast(
        GameSession, SimpleNamespace(rules=rules, setups=setups, standings=standings, then=("title", {}))
    )


def shown_texts(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[str]:
    """Record every text the module draws through ``name`` (render_text or draw_fitted)."""
    shown: list[str] = []
    real = getattr(module, name)

    def recording(*args: Any, **kwargs: Any) -> Any:
        shown.append(args[1] if name == "draw_fitted" else args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, recording)
    return shown


def test_result_rows_carry_each_players_chips() -> None:
    rows = result_rows(STANDINGS, ("Ann", "Ben", "Cy", "Dee"))
    assert [(row.name, row.chips, row.total) for row in rows] == [
        ("Ann", -1, 45000),
        ("Ben", 3, 25000),
        ("Cy", -3, -35000),
        ("Dee", 1, -35000),
    ]


def test_the_rules_line_names_the_chip_rate_only_with_chips() -> None:
    assert "5,000" in rules_line(NET, 0)
    assert rules_line(NET, 0).endswith(i18n.tr("results.chip_rule", points="5,000"))
    assert i18n.tr("results.chip_rule", points="5,000") not in rules_line(preset("standard"), 0)


def test_the_final_results_show_a_chips_column(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(), windowed=False)
    rendered = shown_texts(monkeypatch, results_module, "render_text")
    headers = shown_texts(monkeypatch, results_module, "draw_fitted")
    scene = FinalResultsScene(app, session(NET, STANDINGS))
    app.switch(scene)
    app.tick(5.0, [])
    assert scene.build().columns == CHIP_RESULT_COLUMNS
    assert i18n.tr("results.chips") in headers
    for text in ("-1", "+3", "-3", "+1", "+45,000", "+25,000", "-35,000"):
        assert text in rendered, text


def test_the_final_results_without_chips_have_no_chips_column(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(), windowed=False)
    headers = shown_texts(monkeypatch, results_module, "draw_fitted")
    plain = Standings(STANDINGS.scores, STANDINGS.ranks, STANDINGS.before_uma, STANDINGS.uma, (50000,) * 4, 0)
    scene = FinalResultsScene(app, session(preset("standard"), plain))
    app.switch(scene)
    app.tick(5.0, [])
    assert scene.build().columns == RESULT_COLUMNS
    assert i18n.tr("results.chips") not in headers


def test_the_tournament_standings_show_a_chips_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        people = [Entry(name, "normal") for name in ("Aki", "Ben", "Cleo", "Dai", "Eve")]
        tournament = create(records, "Chips night", people, NET, rounds=2, fill="house", seed=3)
        play_ai_tables(records, tournament)
        rows = load_view(records, tournament).rows
    assert any(row.chips for row in rows), "no chips in this tournament: pick another seed"
    drawn = shown_texts(monkeypatch, standings_module, "draw_fitted")
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(), windowed=False)
    app.records_path = path
    scene = TournamentStandingsScene(app, tournament)
    app.switch(scene)
    app.tick(1 / 60, [])
    assert i18n.tr("tournament.standings.chips") in drawn
    for row in rows:
        assert (f"{row.chips:+d}" if row.chips else "0") in drawn
