"""The player's settings (language, animation speed, volumes, window, tile theme, timer, toggles) and their
file.

Stored as JSON in the user's config folder (``RIICHI_MAHJONG_HOME`` overrides it, for tests). A damaged file
(bad JSON or values, not UTF-8, too large, too deeply nested, absurd numbers) gives one warning line naming it
and what is wrong; it is kept aside as ``settings.json.bad`` before anything new is written, so nothing saved
is lost.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.clock import CLOCK_NAMES, NO_CLOCK
from game.home import config_dir
from game.safe_json import JsonError
from game.safe_json import loads as load_json

logger = logging.getLogger(__name__)

SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
THEMES = ("classic", "contrast")
LANGUAGES = ("en", "ko", "ja")
TIMERS = CLOCK_NAMES  # "off" or a preset's "BASE+BANK": a new game's decision clock
MAX_FILE_BYTES = 1024 * 1024  # a settings file is a few hundred bytes: anything this large is not one


class SettingsError(ValueError):
    """A settings file that cannot be used; the message is one line naming the file and the problem."""


@dataclass(frozen=True)
class Settings:
    """Everything the settings screen changes."""

    language: str = "en"
    speed: float = 1.0
    master_volume: float = 0.8
    effects_volume: float = 1.0
    muted: bool = False
    fullscreen: bool = False
    window: tuple[int, int] = (1280, 720)
    theme: str = "classic"
    auto_win: bool = False
    no_calls: bool = False
    auto_discard_after_riichi: bool = True
    practice: bool = False  # the coach at the table (never in a tournament)
    timer: str = NO_CLOCK  # casual play is untimed unless the player asks
    tutorial_offered: bool = False  # the title screen offered the tutorial once (at first start)

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise SettingsError(
                f"language must be one of {', '.join(LANGUAGES)}, got {_shown(self.language)}"
            )
        if self.speed not in SPEEDS:
            raise SettingsError(
                f"speed must be one of {', '.join(map(str, SPEEDS))}, got {_shown(self.speed)}"
            )
        for name in ("master_volume", "effects_volume"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise SettingsError(f"{name} must be between 0 and 1, got {_shown(value)}")
        if self.theme not in THEMES:
            raise SettingsError(f"theme must be one of {', '.join(THEMES)}, got {_shown(self.theme)}")
        if self.timer not in TIMERS:
            raise SettingsError(f"timer must be one of {', '.join(TIMERS)}, got {_shown(self.timer)}")
        width, height = self.window
        if not (640 <= width <= 8192 and 400 <= height <= 8192):
            raise SettingsError(f"window must be between 640x400 and 8192x8192, got {width}x{height}")

    def toggled(self, name: str) -> Settings:
        """A copy with the on/off setting `name` switched."""
        if _TYPES.get(name) is not bool:
            raise SettingsError(f"{name!r} is not an on/off setting")
        changes: dict[str, Any] = {name: not getattr(self, name)}
        return dataclasses.replace(self, **changes)


_TYPES: dict[str, type] = {
    "language": str,
    "speed": float,
    "master_volume": float,
    "effects_volume": float,
    "muted": bool,
    "fullscreen": bool,
    "theme": str,
    "auto_win": bool,
    "no_calls": bool,
    "auto_discard_after_riichi": bool,
    "practice": bool,
    "timer": str,
    "tutorial_offered": bool,
}


def _shown(value: object, limit: int = 60) -> str:
    """A value as the error line shows it: its repr, cut short (a damaged file may hold anything)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.json"


def parse_settings(text: str | bytes, where: str) -> Settings:
    """Settings from a file's JSON text (or its UTF-8 bytes); SettingsError (one line, naming `where`) when it
    is not usable."""
    if len(text) > MAX_FILE_BYTES:
        raise SettingsError(f"{where}: larger than {MAX_FILE_BYTES} bytes, so not a settings file")
    try:
        data = load_json(text, where, max_bytes=MAX_FILE_BYTES)
    except JsonError as exc:
        raise SettingsError(str(exc)) from None
    if not isinstance(data, dict):
        raise SettingsError(f"{where}: expected a JSON object, got {type(data).__name__}")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "window":
            if (
                not isinstance(value, list)
                or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                raise SettingsError(f"{where}: 'window' must be [width, height], got {_shown(value)}")
            values[key] = (value[0], value[1])
            continue
        expected = _TYPES.get(key)
        if expected is None:
            raise SettingsError(f"{where}: unknown setting {_shown(key)}")
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, expected) or (expected is not bool and isinstance(value, bool)):
            raise SettingsError(f"{where}: {key!r} must be a {expected.__name__}, got {_shown(value)}")
        values[key] = value
    try:
        return Settings(**values)
    except SettingsError as exc:
        raise SettingsError(f"{where}: {exc}") from None


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (with one warning line) when the file is missing or unusable."""
    path = path or settings_path()
    try:
        data = read_file(path)
    except FileNotFoundError:
        return Settings()
    except OSError as exc:
        logger.warning("%s: cannot read the settings (%s); using the defaults", path, exc)
        return Settings()
    try:
        return parse_settings(data, str(path))
    except SettingsError as exc:
        logger.warning("%s; using the defaults", exc)
        return Settings()


def read_file(path: Path, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """A small file's bytes, reading no more than ``max_bytes`` + 1 of them (more is only a sign it is not
    the file expected: the parser then refuses it as too large)."""
    with path.open("rb") as file:
        return file.read(max_bytes + 1)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a damaged file already there is kept aside as settings.json.bad."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        try:
            parse_settings(read_file(path), str(path))
        except (SettingsError, OSError):
            path.replace(path.with_name(path.name + ".bad"))
    data = dataclasses.asdict(settings)
    data["window"] = list(settings.window)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    temporary.replace(path)
