"""Localisation of UI text: the message catalogues (graphics/locale/<lang>.json) and ``tr`` to look a key up.

Catalogues are flat JSON objects of key -> str.format template with named fields, loaded on first use. A key
missing from the current language falls back to English; a key missing from English shows as the key itself.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.records import Clock

LANGUAGES = ("en", "ko", "ja")
LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "ja": "日本語"}
FALLBACK = "en"
LOCALE_DIR = Path(__file__).parent / "locale"

_log = logging.getLogger(__name__)
_catalogues: dict[str, Mapping[str, str]] = {}
_current = FALLBACK
_warned: set[tuple[str, str]] = set()  # (language, key) already logged as missing: one warning each


class CatalogueError(ValueError):
    """A catalogue file that cannot be read as a flat JSON object of strings."""


def set_language(lang: str) -> None:
    """Make ``lang`` (one of LANGUAGES) the language of every later ``tr``; ValueError for an unknown one."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    _current = lang


def language() -> str:
    """The current language code."""
    return _current


def tr(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled into its named fields."""
    template = catalogue(_current).get(key)
    if template is None:
        template = catalogue(FALLBACK).get(key) if _current != FALLBACK else None
        if template is None:
            _warn_once(FALLBACK, key, "missing from the English catalogue; showing the key")
            return key
        _warn_once(_current, key, f"missing from the '{_current}' catalogue; showing English")
    try:
        return template.format_map(params)
    except KeyError as error:
        raise KeyError(f"text '{key}': no value for the field {{{error.args[0]}}}") from None


def signed_points(points: int) -> str:
    """A difference in points as shown: signed, with thousands separators, and "±0" for none (never "+0").

    >>> signed_points(12000), signed_points(-3500), signed_points(0)
    ('+12,000', '-3,500', '±0')
    """
    return f"{points:+,}" if points else "±0"


def clock_label(clock: Clock | None) -> str:
    """A decision clock as every screen shows it: "Off", or "5 s + 20 s" (per decision + bank per hand)."""
    if clock is None:
        return tr("timer.off")
    return tr("timer.value", base=clock.base_s, bank=clock.bank_s)


def has_key(key: str) -> bool:
    """Whether the English catalogue (the reference) has ``key``."""
    return key in catalogue(FALLBACK)


def keys(lang: str) -> frozenset[str]:
    """Every key of one language's catalogue."""
    return frozenset(catalogue(lang))


def catalogue(lang: str) -> Mapping[str, str]:
    """One language's catalogue, read-only; loaded from its file on first use."""
    loaded = _catalogues.get(lang)
    if loaded is None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
        loaded = MappingProxyType(load_catalogue(LOCALE_DIR / f"{lang}.json"))
        _catalogues[lang] = loaded
    return loaded


def load_catalogue(path: Path) -> dict[str, str]:
    """Read and check one catalogue file; CatalogueError (one line naming the file) for any problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CatalogueError(f"{path.name}: cannot read: {_one_line(error)}") from None
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        raise CatalogueError(
            f"{path.name}: invalid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except _DuplicateKeyError as error:
        raise CatalogueError(f"{path.name}: key '{error.args[0]}' appears twice") from None
    if not isinstance(data, dict):
        raise CatalogueError(f"{path.name}: the catalogue must be a JSON object, got {type(data).__name__}")
    for key, value in data.items():
        if not isinstance(value, str):
            raise CatalogueError(f"{path.name}: key '{key}' must map to a string, got {type(value).__name__}")
        if not value.strip():
            raise CatalogueError(f"{path.name}: key '{key}' has an empty text")
        try:
            template_fields(value)
        except ValueError as error:
            raise CatalogueError(f"{path.name}: key '{key}': bad template: {error}") from None
    return data


def template_fields(template: str) -> frozenset[str]:
    """The named fields of a str.format template; ValueError for a malformed or positional one."""
    names: set[str] = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is None:
            continue
        if not name.isidentifier():
            raise ValueError(f"field {{{name}}} is not a plain name")
        names.add(name)
    return frozenset(names)


def reload() -> None:
    """Forget the loaded catalogues and warnings given, so the files are read again (tests, live edits)."""
    _catalogues.clear()
    _warned.clear()


class _DuplicateKeyError(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _warn_once(lang: str, key: str, problem: str) -> None:
    if (lang, key) not in _warned:
        _warned.add((lang, key))
        _log.warning("i18n: key '%s' %s", key, problem)


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())
