"""Where the player's files live: the settings folder (``RIICHI_MAHJONG_HOME`` overrides it, for tests)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def config_dir() -> Path:
    """Where settings and saved data live for this user."""
    override = os.environ.get("RIICHI_MAHJONG_HOME")
    if override:
        return Path(override)
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / "riichi-mahjong"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "riichi-mahjong"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "riichi-mahjong"
