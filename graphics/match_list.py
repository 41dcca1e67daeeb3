"""The finished matches of the records as the review and replay screens offer them: one line each, newest
first, drawn as the pick panel both screens show (with the notice and the drop hint)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.records import MatchSummary
from graphics.app import App
from graphics.layout import Box
from graphics.screens.chrome import ERROR_INK, band_surface, draw_panel
from graphics.widgets import DIM_INK, GOLD, INK, draw_fitted, draw_text, fitted_text

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


def draw_pick(
    surface: pygame.Surface,
    body: Box,
    texts: tuple[str, str, str],
    targets: list[Target],
    chosen: int,
    notice: str,
    size: int,
    rows: int,
    lang: str,
) -> list[tuple[Box, int]]:
    """The pick panel: its title, one row per target (``rows`` fit the panel) with the chosen one marked, or
    the empty line, the notice saying what went wrong, and the drop hint at the bottom; ``texts`` are the
    (title, empty, hint) lines. The rows' boxes with their indexes (for clicks)."""
    title, empty, hint = texts
    draw_panel(surface, body)
    pad = max(8, body.h // 30)
    inner = Box(body.x + pad, body.y + pad, body.w - 2 * pad, body.h - 2 * pad)
    draw_fitted(surface, title, size, GOLD, Box(inner.x, inner.y, inner.w, size * 2), bold=True, lang=lang)
    top = inner.y + size * 2 + pad // 2
    hint_h = round(size * 1.6)
    notice_h = round(size * 1.5) if notice else 0
    if not targets:
        draw_fitted(surface, empty, size, DIM_INK, Box(inner.x, top, inner.w, size * 2), lang=lang)
    area = Box(inner.x, top, inner.w, inner.bottom - hint_h - notice_h - top)
    row_h = max(size * 2, min(round(size * 2.6), area.h // max(1, rows)))
    found: list[tuple[Box, int]] = []
    for index, target in enumerate(targets):
        box = Box(area.x, area.y + index * row_h, area.w, row_h - 4)
        if box.bottom > area.bottom:
            break
        found.append((box, index))
        picked = index == chosen
        fill = (*GOLD, 44) if picked else (255, 255, 255, 12)
        edge = (*GOLD, 180) if picked else None
        surface.blit(band_surface(box.w, box.h, fill, edge, 2, 6), (box.x, box.y))
        label = target.label if target.match is None else f"#{target.match} · {target.label}"
        shown, fit = fitted_text(label, size, box.w - 2 * pad, lang=lang)
        ink = GOLD if picked else INK
        draw_text(surface, shown, fit, ink, (box.x + pad, box.y + box.h // 2), "midleft", False, lang)
    if notice:
        shown, fit = fitted_text(notice, size, inner.w, lang=lang)
        at = (inner.x, area.bottom + notice_h // 2)
        draw_text(surface, shown, fit, ERROR_INK, at, "midleft", False, lang)
    shown, fit = fitted_text(hint, size - 2, inner.w, lang=lang)
    draw_text(surface, shown, fit, DIM_INK, (inner.x, inner.bottom - hint_h // 2), "midleft", False, lang)
    return found
