"""The player's settings (language, animation speed, volumes, window, tile theme, toggles) and their file.

Stored as JSON in the user's config folder (``RIICHI_MAHJONG_HOME`` overrides it, for tests). A damaged file
gives one warning line naming it and what is wrong; it is kept aside as ``settings.json.bad`` before anything
new is written, so nothing saved is lost.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.home import config_dir

logger = logging.getLogger(__name__)

SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
THEMES = ("classic", "contrast")
LANGUAGES = ("en", "ko", "ja")


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

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise SettingsError(f"language must be one of {', '.join(LANGUAGES)}, got {self.language!r}")
        if self.speed not in SPEEDS:
            raise SettingsError(f"speed must be one of {', '.join(map(str, SPEEDS))}, got {self.speed!r}")
        for name in ("master_volume", "effects_volume"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise SettingsError(f"{name} must be between 0 and 1, got {value!r}")
        if self.theme not in THEMES:
            raise SettingsError(f"theme must be one of {', '.join(THEMES)}, got {self.theme!r}")
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
}


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.json"


def parse_settings(text: str, where: str) -> Settings:
    """Settings from a file's JSON text; SettingsError (one line, naming `where`) when it is not usable."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SettingsError(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno})") from None
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
                raise SettingsError(f"{where}: 'window' must be [width, height], got {value!r}")
            values[key] = (value[0], value[1])
            continue
        expected = _TYPES.get(key)
        if expected is None:
            raise SettingsError(f"{where}: unknown setting {key!r}")
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, expected) or (expected is not bool and isinstance(value, bool)):
            raise SettingsError(f"{where}: {key!r} must be a {expected.__name__}, got {value!r}")
        values[key] = value
    try:
        return Settings(**values)
    except SettingsError as exc:
        raise SettingsError(f"{where}: {exc}") from None


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (with one warning line) when the file is missing or unusable."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        logger.warning("%s: cannot read the settings (%s); using the defaults", path, exc)
        return Settings()
    try:
        return parse_settings(text, str(path))
    except SettingsError as exc:
        logger.warning("%s; using the defaults", exc)
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a damaged file already there is kept aside as settings.json.bad."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        try:
            parse_settings(path.read_text(encoding="utf-8"), str(path))
        except (SettingsError, OSError, UnicodeDecodeError):
            path.replace(path.with_name(path.name + ".bad"))
    data = dataclasses.asdict(settings)
    data["window"] = list(settings.window)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    temporary.replace(path)
