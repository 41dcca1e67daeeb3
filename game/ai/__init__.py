"""AI players from beginner to strong: each is a Seat that sees only its own view, deterministic per seed."""

from __future__ import annotations

from game.seat import Seat
from rules.ruleset import RuleSet

LEVELS = ("easy", "normal", "strong")
"""The AI levels, weakest first."""


def create_ai(level: str, rules: RuleSet, seed: int) -> Seat:
    """A new AI seat of ``level`` for a table playing ``rules``; the same seed gives the same play."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (expected one of {', '.join(LEVELS)})")
    from game.ai.player import create_seat

    return create_seat(level, rules, seed)
