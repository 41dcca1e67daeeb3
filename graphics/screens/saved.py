"""Saved matches: continuing one at its exact decision, and the title's Continue (the most recent unfinished
single match or tournament). A match that cannot be continued gives one line on a notice, never a crash."""

from __future__ import annotations

from typing import Any

import pygame

from game.human import HumanToggles
from game.records import RecordsError
from graphics import i18n
from graphics.app import App, Scene
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import backdrop, draw_heading, draw_panel, draw_paragraph
from graphics.screens.form import Field, Form
from graphics.session import GameSession
from graphics.widgets import Button


def continue_match(
    app: App, match_id: int, then: str = "title", then_options: dict[str, Any] | None = None
) -> Scene:
    """The table screen with the stored match rebuilt at its last answer; afterwards ``then`` is shown."""
    settings = app.settings
    toggles = HumanToggles(settings.auto_win, settings.no_calls, settings.auto_discard_after_riichi)
    try:
        session = GameSession.resume(app.records(), match_id, toggles, practice=settings.practice)
    except RecordsError as error:
        return NoticeScene(app, tr("saved.cannot_continue"), str(error), then, then_options or {})
    session.then = (then, dict(then_options or {}))
    return navigation.make(app, "table", session=session)


def latest_unfinished(app: App) -> tuple[str, int] | None:
    """What the title's Continue resumes: ("match", id) or ("tournament", id), the most recent; None."""
    records = app.records()
    singles = records.matches(single=True, statuses=("playing",))
    running = [info for info in records.tournaments() if info.status == "running"]
    best_single = singles[0] if singles else None
    best_tournament = running[0] if running else None
    if best_single is None and best_tournament is None:
        return None
    if best_tournament is None or (
        best_single is not None and best_single.updated_at >= best_tournament.updated_at
    ):
        assert best_single is not None
        return ("match", best_single.id)
    return ("tournament", best_tournament.id)


def continue_latest(app: App) -> Scene:
    """Continue the most recent unfinished thing: a single match at its decision; a tournament at its match
    in progress with people at it, else at its lobby."""
    try:
        latest = latest_unfinished(app)
        if latest is None:
            return navigation.make(app, "title")
        kind, number = latest
        if kind == "match":
            return continue_match(app, number)
        in_play = [
            match
            for match in app.records().matches(tournament=number, statuses=("playing",))
            if match.has_humans
        ]
    except RecordsError as error:
        return NoticeScene(app, tr("saved.cannot_continue"), str(error), "title", {})
    if in_play:
        return continue_match(app, in_play[0].id, "tournament_lobby", {"tournament": number})
    return navigation.make(app, "tournament_lobby", tournament=number)


class NoticeScene:
    """One message with an OK button (a match that cannot be continued, a damaged database)."""

    def __init__(self, app: App, heading: str, message: str, then: str, then_options: dict[str, Any]) -> None:
        self.app = app
        self.heading = heading
        self.message = message
        self.then = (then, then_options)
        self.form = Form(app.services.play_cue)
        self._built: tuple[int, int, str] | None = None
        self.panel = Box(0, 0, 1, 1)
        self.title_box = Box(0, 0, 1, 1)
        self.text_box = Box(0, 0, 1, 1)

    def build(self) -> None:
        """Place the panel, the text and the OK button for the window's size."""
        width, height = self.app.size
        lang = i18n.language()
        if self._built == (width, height, lang):
            return
        self._built = (width, height, lang)
        panel_w, panel_h = min(width - 40, max(420, width // 2)), min(height - 40, max(240, height // 2))
        self.panel = Box((width - panel_w) // 2, (height - panel_h) // 2, panel_w, panel_h)
        unit = max(24, panel_h // 8)
        self.title_box = Box(self.panel.x + unit // 2, self.panel.y + unit // 3, panel_w - unit, unit)
        self.text_box = Box(
            self.panel.x + unit // 2, self.title_box.bottom + unit // 2, panel_w - unit, panel_h - 4 * unit
        )
        button = Box(
            self.panel.x + (panel_w - 4 * unit) // 2, self.panel.bottom - unit * 3 // 2, 4 * unit, unit
        )
        self.form.set_fields(
            [Field("ok", Button(button, tr("saved.ok"), "ok", primary=True), self.done)], "ok"
        )

    def done(self) -> None:
        """Go on to the screen named when the notice was made."""
        name, options = self.then
        navigation.go(self.app, name, **options)

    def handle(self, event: pygame.event.Event) -> None:
        """OK, Enter or Esc go on."""
        self.build()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.done()
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Blink the focus."""
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Only input changes the notice."""
        return self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the panel, the message and the button."""
        self.build()
        width, height = self.app.size
        lang = i18n.language()
        surface.blit(backdrop(width, height), (0, 0))
        draw_panel(surface, self.panel)
        draw_heading(surface, self.heading, self.title_box, lang)
        draw_paragraph(surface, self.message, self.text_box, max(12, self.text_box.h // 6), lang)
        self.form.draw(surface, lang)
