"""The one navigation point between screens: each screen asks for another by name, never by importing it.

Factories are imported on first use, so adding a screen changes this registry and nothing else.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from graphics.app import App, Scene

# name -> (module, factory); a factory is called as factory(app, **options)
SCREENS: dict[str, tuple[str, str]] = {
    "title": ("graphics.screens.title", "TitleScene"),
    "new_game": ("graphics.screens.new_game", "NewGameScene"),
    "settings": ("graphics.screens.settings_screen", "SettingsScene"),
    "reference": ("graphics.screens.reference", "ReferenceScene"),
    "results": ("graphics.screens.results", "FinalResultsScene"),
    "table": ("graphics.table_screen", "TableScreen"),
    "continue_match": ("graphics.screens.saved", "continue_match"),
    "continue_latest": ("graphics.screens.saved", "continue_latest"),
    "notice": ("graphics.screens.saved", "NoticeScene"),
    "tournaments": ("graphics.screens.tournament_list", "TournamentListScene"),
    "tournament_new": ("graphics.screens.tournament_create", "TournamentCreateScene"),
    "tournament_lobby": ("graphics.screens.tournament_lobby", "TournamentLobbyScene"),
    "tournament_standings": ("graphics.screens.tournament_standings", "TournamentStandingsScene"),
    "tournament_ceremony": ("graphics.screens.tournament_standings", "CeremonyScene"),
    "practice": ("graphics.screens.practice", "PracticeScene"),
    "drill": ("graphics.screens.drills", "DrillScene"),
    "review": ("graphics.screens.review", "ReviewScene"),
    "tutorial": ("graphics.screens.tutorial", "TutorialScene"),
    "stats": ("graphics.screens.stats", "StatsScene"),
    "records": ("graphics.screens.records", "RecordsScene"),
    "replay": ("graphics.screens.replay", "ReplayScene"),
}


def make(app: App, name: str, **options: Any) -> Scene:
    """The scene registered as ``name``, made for ``app`` with ``options``."""
    module_name, factory_name = SCREENS[name]
    factory: Callable[..., Scene] = getattr(importlib.import_module(module_name), factory_name)
    return factory(app, **options)


def go(app: App, name: str, **options: Any) -> None:
    """Show the scene registered as ``name`` from the next frame."""
    app.switch(make(app, name, **options))


def back_to(app: App, name: str, **options: Any) -> Callable[[], None]:
    """A callback that goes to ``name`` (for a screen's Back button)."""
    return lambda: go(app, name, **options)
