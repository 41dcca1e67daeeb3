"""kobalab's 37 scripted games replayed under the kobalab preset: every hand and the end agree."""

from __future__ import annotations

from functools import cache

import pytest

from game.logs.record import GameRecord
from game.verify import Summary, verify_game
from rules.ruleset import preset
from tests.conftest import HAS_SHARED, NO_SHARED, ORACLES

from .kobalab_script import read_script

if not HAS_SHARED:
    pytest.skip(NO_SHARED, allow_module_level=True)
SCRIPT = ORACLES / "kobalab" / "script.json"


@cache
def games() -> list[GameRecord]:
    return read_script(SCRIPT)


def test_all_37_games_are_there() -> None:
    assert len(games()) == 37


@pytest.mark.parametrize("index", range(37))
def test_scripted_game_replays_to_the_logged_results(index: int) -> None:
    game = games()[index]
    summary = Summary()
    verify_game(game, preset("kobalab"), summary)
    assert summary.lines == [], "\n".join([game.extra.get("title", ""), *summary.lines])
    assert summary.hands == summary.agreed == len(game.rounds)
