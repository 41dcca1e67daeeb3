"""The list of tournaments: every one in the records as a row (newest first) to open, or start a new one.

The rows are read once when the screen opens; a damaged database is one red line on the screen, never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.records import RecordsError
from game.tournament import TournamentError, format_points, load_view
from graphics import i18n
from graphics.app import App
from graphics.i18n import tr
from graphics.screens import navigation
from graphics.screens.chrome import (
    ERROR_INK,
    backdrop,
    band_surface,
    draw_heading,
    draw_panel,
    draw_scrollbar,
)
from graphics.screens.form import Field, Form
from graphics.screens.tournament_layouts import LIST_COLUMNS, ListLayout, list_layout
from graphics.widgets import DIM_INK, GOLD, INK, Button, draw_fitted

FINISHED_INK = (150, 220, 160)
DOUBLE_CLICK_S = 0.45


@dataclass(frozen=True)
class ListEntry:
    """One tournament as its row shows it."""

    id: int
    name: str
    participants: int
    preset: str
    rounds_done: int
    rounds: int
    status: str  # "running" or "finished"
    leader: str  # the leader's name and points, or "" before any match is finished


def read_entries(app: App) -> list[ListEntry]:
    """Every tournament in the records, newest first; RecordsError or TournamentError when unreadable."""
    records = app.records()
    entries = []
    for info in records.tournaments():
        view = load_view(records, info.id)
        played = any(row.matches for row in view.rows) or bool(view.adjustments)
        leader = f"{view.rows[0].name} {format_points(view.rows[0].points)}" if played and view.rows else ""
        entries.append(
            ListEntry(
                id=info.id,
                name=info.name,
                participants=len(info.participants),
                preset=info.rules.name,
                rounds_done=view.rounds_done,
                rounds=info.rounds,
                status=info.status,
                leader=leader,
            )
        )
    return entries


class TournamentListScene:
    """Pick a tournament to open, or create a new one."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.form = Form(app.services.play_cue)
        self.layout: ListLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self.entries: list[ListEntry] = []
        self.error = ""
        self.selected = 0
        self.offset = 0  # the first row in view
        self.hover = -1  # the entry under the mouse
        self.time_s = 0.0
        self._last_click: tuple[int, float] = (-1, -10.0)
        self.deleting: ListEntry | None = None  # the tournament whose deletion waits for a second yes
        self.reload()

    def reload(self) -> None:
        """Read the tournaments again (an unreadable database becomes the error line)."""
        try:
            self.entries = read_entries(self.app)
            self.error = ""
        except (RecordsError, TournamentError) as error:
            self.entries = []
            self.error = " ".join(str(error).split())
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self._built = None

    # ---- building ------------------------------------------------------------------------------------------

    def build(self) -> ListLayout:
        """The layout and buttons for the current size and language."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or self._built != (width, height, lang):
            self.layout = list_layout(width, height)
            self._built = (width, height, lang)
            has_any = bool(self.entries)
            if self.deleting is not None:
                self.form.set_fields(
                    [
                        Field(
                            "keep", Button(self.layout.open, tr("tournament.list.keep"), "keep"), self.keep
                        ),
                        Field(
                            "confirm",
                            Button(
                                self.layout.new, tr("tournament.list.delete_confirm"), "confirm", primary=True
                            ),
                            self.delete_confirmed,
                        ),
                    ],
                    default_focus="keep",
                )
                return self.layout
            self.form.set_fields(
                [
                    Field("back", Button(self.layout.back, tr("menu.back"), "back"), self.back),
                    Field(
                        "delete",
                        Button(self.layout.delete, tr("tournament.list.delete"), "delete", enabled=has_any),
                        self.delete_selected,
                    ),
                    Field(
                        "open",
                        Button(self.layout.open, tr("tournament.list.open"), "open", enabled=has_any),
                        self.open_selected,
                    ),
                    Field(
                        "new",
                        Button(self.layout.new, tr("tournament.list.new"), "new", primary=True),
                        self.new,
                    ),
                ],
                default_focus="open" if has_any else "new",
            )
            self.scroll_to(self.selected)
        return self.layout

    @property
    def shown(self) -> int:
        """How many rows are in view."""
        return len(self.build().rows)

    def scroll_to(self, index: int) -> None:
        """Scroll so that entry `index` is in view."""
        shown = len(self.layout.rows) if self.layout else 1
        if index < self.offset:
            self.offset = index
        elif index >= self.offset + shown:
            self.offset = index - shown + 1
        self.offset = max(0, min(self.offset, len(self.entries) - shown))

    def scroll(self, rows: int) -> None:
        """Move the list by whole rows."""
        self.offset = max(0, min(self.offset + rows, len(self.entries) - self.shown))

    def select(self, index: int) -> None:
        """Select entry `index` (clamped) and bring it into view."""
        if self.entries:
            self.selected = max(0, min(index, len(self.entries) - 1))
            self.scroll_to(self.selected)

    def entry_at(self, pos: tuple[int, int]) -> int:
        """The entry under a point, or -1."""
        layout = self.build()
        for slot, box in enumerate(layout.rows):
            if box.contains_point(*pos) and self.offset + slot < len(self.entries):
                return self.offset + slot
        return -1

    # ---- actions -------------------------------------------------------------------------------------------

    def back(self) -> None:
        """Back to the title screen."""
        navigation.go(self.app, "title")

    def new(self) -> None:
        """Set up a new tournament."""
        navigation.go(self.app, "tournament_new")

    def delete_selected(self) -> None:
        """Ask to delete the selected tournament (nothing is deleted before the second yes)."""
        if self.entries:
            self.deleting = self.entries[self.selected]
            self._built = None

    def keep(self) -> None:
        """Do not delete after all."""
        self.deleting = None
        self._built = None

    def delete_confirmed(self) -> None:
        """Delete the tournament asked about, with its matches; read the list again."""
        entry = self.deleting
        self.deleting = None
        if entry is not None:
            try:
                self.app.records().delete_tournament(entry.id)
            except RecordsError as error:
                self.error = " ".join(str(error).split())
        self.reload()

    def open_selected(self) -> None:
        """Open the selected tournament's lobby."""
        if self.entries:
            navigation.go(self.app, "tournament_lobby", tournament=self.entries[self.selected].id)

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Rows by mouse, wheel and Up/Down/Page keys; buttons through the form; Esc goes back."""
        self.build()
        if self.deleting is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.keep()
                return
            if event.type in (
                pygame.KEYDOWN,
                pygame.MOUSEMOTION,
                pygame.MOUSEBUTTONDOWN,
                pygame.MOUSEBUTTONUP,
            ):
                self.form.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.shown,
                pygame.K_PAGEDOWN: self.shown,
                pygame.K_HOME: -len(self.entries),
                pygame.K_END: len(self.entries),
            }
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in moves:
                self.select(self.selected + moves[event.key])
                return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.entry_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.entry_at(event.pos)
            if index >= 0:
                last_index, last_s = self._last_click
                self.select(index)
                self._last_click = (index, self.time_s)
                if last_index == index and self.time_s - last_s <= DOUBLE_CLICK_S:
                    self.open_selected()
                return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Advance the clock (for double clicks) and the caret."""
        self.time_s += dt_s
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Nothing moves on the list: only input changes it."""
        return self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        draw_heading(surface, tr("tournament.list.title"), layout.heading, lang)
        draw_panel(surface, layout.panel)
        header_px = max(9, round(layout.header[0].h * 0.46))
        for column, cell in zip(LIST_COLUMNS, layout.header, strict=True):
            draw_fitted(
                surface, tr(f"tournament.list.{column}"), header_px, GOLD, cell, "midleft", True, lang
            )
        rule = layout.header[0]
        pygame.draw.line(
            surface,
            (120, 100, 50),
            (layout.viewport.x, rule.bottom + 4),
            (layout.viewport.right, rule.bottom + 4),
            max(1, round(layout.scale)),
        )
        if self.error:
            draw_fitted(
                surface,
                tr("tournament.list.damaged", error=self.error),
                layout.text_px(18),
                ERROR_INK,
                layout.rows[0],
                "midleft",
                lang=lang,
            )
        elif not self.entries:
            middle = layout.rows[min(2, len(layout.rows) - 1)]
            draw_fitted(
                surface, tr("tournament.list.empty"), layout.text_px(20), DIM_INK, middle, "center", lang=lang
            )
        for slot in range(len(layout.rows)):
            index = self.offset + slot
            if index >= len(self.entries):
                break
            self.draw_row(surface, layout, slot, self.entries[index], index, lang)
        draw_scrollbar(surface, layout.scrollbar, self.offset, len(layout.rows), len(self.entries))
        if self.deleting is not None:
            radius = max(6, layout.panel.h // 28)
            shade = band_surface(layout.panel.w, layout.panel.h, (4, 10, 8, 210), radius=radius)
            surface.blit(shade, (layout.panel.x, layout.panel.y))
            question = tr("tournament.list.delete_question", name=self.deleting.name)
            draw_fitted(surface, question, layout.text_px(24), GOLD, layout.panel, "center", True, lang)
        self.form.draw(surface, lang)

    def draw_row(
        self, surface: pygame.Surface, layout: ListLayout, slot: int, entry: ListEntry, index: int, lang: str
    ) -> None:
        """One tournament's row: a band (gold when selected), then its cells."""
        box = layout.rows[slot]
        selected = index == self.selected
        fill = (*GOLD, 40) if selected else (255, 255, 255, 24 if index == self.hover else 12)
        edge = (*GOLD, 190) if selected else (255, 255, 255, 30)
        band = band_surface(box.w, box.h, fill, edge, 2 if selected else 1, max(4, box.h // 5))
        surface.blit(band, (box.x, box.y))
        cells = layout.cells[slot]
        size = layout.text_px(18)
        finished = entry.status == "finished"
        texts = (
            (entry.name, GOLD if selected else INK, True),
            (tr("tournament.list.people", n=entry.participants), INK, False),
            (
                tr(f"preset.{entry.preset}") if i18n.has_key(f"preset.{entry.preset}") else entry.preset,
                INK,
                False,
            ),
            (tr("tournament.list.rounds_of", done=entry.rounds_done, total=entry.rounds), INK, False),
            (
                tr(f"tournament.status.{entry.status}"),
                FINISHED_INK if finished else GOLD,
                True,
            ),
            (entry.leader or "—", INK if entry.leader else DIM_INK, False),
        )
        for cell, (text, ink, bold) in zip(cells, texts, strict=True):
            draw_fitted(surface, text, round(size * 1.08) if bold else size, ink, cell, "midleft", bold, lang)
