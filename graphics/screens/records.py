"""The Records menu: the way to the replays and the statistics, each with a line saying what it holds, and how
many finished matches the records have."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.records import RecordsError
from graphics import i18n
from graphics.app import App
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import ERROR_INK, backdrop, draw_heading, draw_panel
from graphics.screens.form import Field, Form
from graphics.widgets import INK, Button, draw_fitted

ENTRIES = ("replays", "stats")  # the screens reached from here, in order
SCREEN_OF = {"replays": "replay", "stats": "stats"}


class RecordsScene:
    """Choose Replays or Statistics; Back (or Esc) returns to where the menu was opened from."""

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        self.app = app
        self.back = back if back is not None else navigation.back_to(app, "title")
        self.form = Form(app.services.play_cue)
        self._built: tuple[int, int, str] | None = None
        self.cards: list[tuple[str, Box]] = []
        self.notice = ""
        try:
            self.finished = len(app.records().matches(statuses=("finished",)))
        except RecordsError as error:
            self.finished = 0
            self.notice = " ".join(str(error).split())

    def open(self, name: str) -> None:
        """Go to the replays or the statistics, coming back here."""
        navigation.go(self.app, SCREEN_OF[name], back=navigation.back_to(self.app, "records", back=self.back))

    def build(self) -> None:
        """Cards and buttons for the window's size and language."""
        width, height = self.app.size
        key = (width, height, i18n.language())
        if self._built == key:
            return
        self._built = key
        unit = max(28, min(height // 14, width // 20))
        margin = max(12, min(width, height) // 30)
        self.heading = Box(margin, margin // 2, width - 2 * margin, round(unit * 1.3))
        panel_w = min(width - 2 * margin, unit * 22)
        top = self.heading.bottom + margin
        card_h = round(unit * 2.3)
        gap = margin
        self.panel = Box((width - panel_w) // 2, top, panel_w, len(ENTRIES) * (card_h + gap) + gap + unit)
        fields: list[Field] = []
        self.cards = []
        inner = self.panel.w - 2 * gap
        button_w = min(round(unit * 6.5), inner // 2)
        for index, name in enumerate(ENTRIES):
            y = self.panel.y + gap + index * (card_h + gap)
            button = Button(
                Box(self.panel.x + gap, y, button_w, unit), tr(f"records.{name}"), name, primary=index == 0
            )
            fields.append(Field(name, button, self._opener(name)))
            self.cards.append((name, Box(self.panel.x + gap, y + unit, inner, card_h - unit)))
        back_box = Box(self.panel.x, min(height - margin - unit, self.panel.bottom + margin), button_w, unit)
        fields.append(Field("back", Button(back_box, tr("menu.back"), "back"), self.back))
        self.form.set_fields(fields, default_focus=ENTRIES[0])

    def _opener(self, name: str) -> Callable[[], None]:
        return lambda: self.open(name)

    def handle(self, event: pygame.event.Event) -> None:
        """The form's keys and clicks; Esc goes back."""
        self.build()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Blink the focus."""
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Only the focus ring's blink changes the menu by itself."""
        return self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, the two cards with their lines, Back."""
        self.build()
        width, height = self.app.size
        lang = i18n.language()
        surface.blit(backdrop(width, height), (0, 0))
        draw_heading(surface, tr("records.heading"), self.heading, lang)
        draw_panel(surface, self.panel)
        size = max(12, round(self.cards[0][1].h * 0.3)) if self.cards else 14
        for name, box in self.cards:
            line = tr(f"records.{name}_desc")
            if name == "replays":
                line = f"{line} · {tr('records.finished', n=self.finished)}"
            draw_fitted(surface, line, size, INK, box, lang=lang)
        if self.notice:
            box = Box(self.panel.x, self.panel.bottom - size * 2, self.panel.w, size * 2)
            draw_fitted(surface, self.notice, size, ERROR_INK, box, anchor="center", lang=lang)
        self.form.draw(surface, lang)
