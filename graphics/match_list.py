"""The finished matches of the records as the review and replay screens offer them: one line each, newest
first, drawn as a list of rows to pick from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.records import MatchSummary
from graphics.app import App
from graphics.layout import Box
from graphics.screens.chrome import band_surface
from graphics.widgets import GOLD, INK, draw_text, fitted_text

LIST_ROWS = 8  # finished matches offered


@dataclass(frozen=True)
class Target:
    """A match to open: a stored match (``match``) or a log file (``path``), with the players' names."""

    label: str
    names: tuple[str, ...]
    humans: tuple[int, ...]  # the seats people played (every seat for a file)
    match: int | None = None
    path: Path | None = None


def match_label(summary: MatchSummary) -> str:
    """One line for a finished match: its date, the players and their final scores."""
    date = summary.updated_at[:16].replace("T", " ")
    scores = summary.result.scores if summary.result is not None else ()
    players = ", ".join(
        f"{entry.name} {scores[seat]:,}" if seat < len(scores) else entry.name
        for seat, entry in enumerate(summary.seats)
    )
    return f"{date} · {players}"


def finished_matches(app: App, rows: int = LIST_ROWS) -> list[Target]:
    """The ``rows`` latest finished matches of the records, newest first; RecordsError when unreadable."""
    targets = []
    for summary in app.records().matches(statuses=("finished",))[:rows]:
        humans = tuple(seat for seat, entry in enumerate(summary.seats) if entry.is_human)
        targets.append(
            Target(
                match_label(summary),
                tuple(entry.name for entry in summary.seats),
                humans or tuple(range(len(summary.seats))),
                match=summary.id,
            )
        )
    return targets


def draw_match_rows(
    surface: pygame.Surface,
    targets: list[Target],
    chosen: int,
    area: Box,
    row_h: int,
    size: int,
    pad: int,
    lang: str,
) -> list[tuple[Box, int]]:
    """One row per target from the top of ``area`` while they fit, the chosen one marked; the rows' boxes
    with their indexes (for clicks)."""
    rows: list[tuple[Box, int]] = []
    for index, target in enumerate(targets):
        box = Box(area.x, area.y + index * row_h, area.w, row_h - 4)
        if box.bottom > area.bottom:
            break
        rows.append((box, index))
        picked = index == chosen
        fill = (*GOLD, 44) if picked else (255, 255, 255, 12)
        edge = (*GOLD, 180) if picked else None
        surface.blit(band_surface(box.w, box.h, fill, edge, 2, 6), (box.x, box.y))
        label = target.label if target.match is None else f"#{target.match} · {target.label}"
        shown, fit = fitted_text(label, size, box.w - 2 * pad, lang=lang)
        draw_text(
            surface,
            shown,
            fit,
            GOLD if picked else INK,
            (box.x + pad, box.y + box.h // 2),
            "midleft",
            False,
            lang,
        )
    return rows
