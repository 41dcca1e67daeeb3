"""The AI specs the measuring tools take: a level name (``easy``, ``normal``, ``strong``) or ``module:Class``,
an importable subclass of ``game.ai.player.AiSeat`` built like a strong seat (how an AI change is tried before
it is written into the level)."""

from __future__ import annotations

import importlib

from game.ai.player import STRONG, STYLES, AiSeat, create_seat
from rules.ruleset import RuleSet


class AiSpecError(ValueError):
    """A spec that names neither a level nor an AiSeat subclass; the message is one line."""


def seat_factory(spec: str) -> type[AiSeat] | None:
    """The class a ``module:Class`` spec names (None for a level name); AiSpecError when it is neither."""
    if spec in STYLES:
        return None
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise AiSpecError(f"{spec}: neither a level ({', '.join(STYLES)}) nor module:Class")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise AiSpecError(f"{spec}: cannot import {module_name} ({error})") from None
    found = getattr(module, class_name, None)
    if not (isinstance(found, type) and issubclass(found, AiSeat)):
        raise AiSpecError(f"{spec}: {class_name} is not an AiSeat subclass in {module_name}")
    return found


def build_seat(spec: str, rules: RuleSet, seed: int) -> AiSeat:
    """The AI ``spec`` names, seeded with ``seed``."""
    factory = seat_factory(spec)
    if factory is None:
        return create_seat(spec, rules, seed)
    return factory(STRONG, rules, seed)
