"""The log files a measuring tool is given: files named, and folders read for the logs they hold."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


class LogPathError(ValueError):
    """A path that names no log; the message is one line."""


def log_files(paths: Sequence[str], suffixes: tuple[str, ...], what: str = "log files") -> list[Path]:
    """The files named in ``paths``, and for each folder its files ending in one of ``suffixes`` (sorted);
    LogPathError for a path that is neither, or a folder holding none (``what`` names them)."""
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.is_file() and p.name.endswith(suffixes))
            if not inside:
                raise LogPathError(f"{path}: no {what} in this folder")
            files.extend(inside)
        elif path.is_file():
            files.append(path)
        else:
            raise LogPathError(f"{path}: no such file or folder")
    return files
