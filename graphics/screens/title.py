"""The title screen: the game's name over a row of tiles that waves now and then, and the main menu."""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable

import pygame

from game.records import RecordsError
from graphics import i18n
from graphics.app import App, sooner
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import TITLE_GOLD, backdrop, draw_panel, draw_paragraph, shadowed_text
from graphics.screens.form import Field, Form
from graphics.screens.layouts import TitleLayout, title_layout
from graphics.tiles import TileArt
from graphics.widgets import DIM_INK, INK, Button, draw_fitted, fitted_size

logger = logging.getLogger(__name__)

# (kind 0..33, red five): 1m, red 5p, 9s, East, haku, hatsu, chun
TITLE_TILES = ((0, False), (13, True), (26, False), (27, False), (31, False), (32, False), (33, False))
MENU = ("continue", "new_game", "tournaments", "practice", "records", "settings", "reference", "quit")
WAVE_PERIOD_S = 5.0
WAVE_CROSS_S = 2.4  # the wave crosses the row in this time, then the tiles rest until the period ends
WAVE_WIDTH = 1.6  # how many tiles one crest spans


def wave_lift(index: int, count: int, time_s: float) -> float:
    """How high tile `index` of `count` floats at `time_s`, from 0 (resting) to 1 (the crest)."""
    phase = time_s % WAVE_PERIOD_S
    crest = phase / WAVE_CROSS_S * (count + 2 * WAVE_WIDTH) - WAVE_WIDTH  # in tile positions
    distance = abs(index - crest) / WAVE_WIDTH
    if distance >= 1.0:
        return 0.0
    return 0.5 + 0.5 * math.cos(math.pi * distance)


class TitleScene:
    """The first screen: New game, Settings, Yaku reference, Quit."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.time_s = 0.0
        self.form = Form(app.services.play_cue)
        self.layout: TitleLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self._art: tuple[str, TileArt] | None = None
        self._can_continue: bool | None = None
        self._felt: tuple[tuple[int, int, str], pygame.Surface] | None = None
        self.mouse = (0, 0)  # for the tutorial offer's buttons

    # ---- building ------------------------------------------------------------------------------------------

    def menu(self) -> tuple[str, ...]:
        """The entries shown: Continue only when an unfinished match or tournament is saved."""
        if self._can_continue is None:
            try:
                self._can_continue = self.app.records().has_unfinished()
            except RecordsError as error:
                logger.warning("%s", error)
                self._can_continue = False
        return MENU if self._can_continue else tuple(name for name in MENU if name != "continue")

    def build(self) -> TitleLayout:
        """The layout and the menu for the current size and language (rebuilt only when those change)."""
        width, height = self.app.size
        lang = i18n.language()
        menu = self.menu()
        if self.layout is None or self._built != (width, height, lang):
            self.layout = title_layout(width, height, len(TITLE_TILES), len(menu))
            self._built = (width, height, lang)
            fields = []
            first = menu[0]
            for name, box in zip(menu, self.layout.buttons, strict=True):
                button = Button(box, tr(f"title.{name}"), name, primary=name == first)
                fields.append(Field(name, button, self._action(name)))
            self.form.set_fields(fields, default_focus=first)
        return self.layout

    def art(self) -> TileArt:
        """The tile art in the chosen theme."""
        theme = self.app.settings.theme
        if self._art is None or self._art[0] != theme:
            self._art = (theme, TileArt(theme))
        return self._art[1]

    def _action(self, name: str) -> Callable[[], None]:
        return lambda: self.choose(name)

    def choose(self, name: str) -> None:
        """Do what a menu entry says."""
        if name == "quit":
            self.app.quit()
        elif name in ("settings", "reference"):
            navigation.go(self.app, name, back=navigation.back_to(self.app, "title"))
        else:
            navigation.go(self.app, {"continue": "continue_latest"}.get(name, name))

    # ---- the tutorial, offered once -----------------------------------------------------------------------

    @property
    def offering(self) -> bool:
        """Whether the tutorial is still to be offered (first start: until the player answers)."""
        return not self.app.settings.tutorial_offered

    def prompt_box(self, layout: TitleLayout) -> Box:
        """The small "new to riichi mahjong?" panel: beside the menu, to its right."""
        gap = max(8, layout.width // 60)
        width = max(180, min(layout.width - layout.panel.right - 2 * gap, round(layout.panel.w * 1.25)))
        x = min(layout.panel.right + gap, layout.width - width - gap)
        return Box(x, layout.panel.y, width, max(90, round(layout.panel.h * 0.42)))

    def prompt_buttons(self, layout: TitleLayout) -> list[Button]:
        """Yes and Not now, along the prompt's foot."""
        box = self.prompt_box(layout)
        pad = max(6, box.w // 28)
        height = max(24, round(layout.buttons[0].h * 0.9)) if layout.buttons else 28
        width = (box.w - 3 * pad) // 2
        y = box.bottom - pad - height
        return [
            Button(Box(box.x + pad, y, width, height), tr("tutorial.prompt_yes"), "yes", primary=True),
            Button(Box(box.x + 2 * pad + width, y, width, height), tr("tutorial.prompt_no"), "no"),
        ]

    def answer_offer(self, play: bool) -> None:
        """Either answer means the tutorial has been offered (saved); Yes starts it."""
        self.app.apply_settings(dataclasses.replace(self.app.settings, tutorial_offered=True))
        self.app.services.play_cue("click")
        if play:
            navigation.go(self.app, "tutorial")

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Menu input (and the tutorial's offer, while it shows: Esc answers it "not now"); Esc quits."""
        layout = self.build()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.offering and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.prompt_buttons(layout):
                if button.hit(*event.pos):
                    self.answer_offer(button.value == "yes")
                    return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.offering:  # the first Esc closes the offer, as the panel's own "Not now" does
                self.answer_offer(False)
                return
            self.app.quit()
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Advance the wave and the caret."""
        self.time_s += dt_s
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Every frame while the wave crosses the row; then nothing moves until the next wave."""
        phase = self.time_s % WAVE_PERIOD_S
        return sooner(0.0 if phase < WAVE_CROSS_S else WAVE_PERIOD_S - phase, self.form.next_frame_s())

    def draw(self, surface: pygame.Surface) -> None:
        """The whole title screen."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(self.felt(layout, lang), (0, 0))
        self.draw_tiles(surface, layout)
        draw_panel(surface, layout.panel)
        self.form.draw(surface, lang)
        if self.offering:
            self.draw_prompt(surface, layout, lang)
        draw_fitted(
            surface,
            tr("title.footer"),
            round(layout.footer.h * 0.62),
            DIM_INK,
            layout.footer,
            "center",
            lang=lang,
        )

    def draw_prompt(self, surface: pygame.Surface, layout: TitleLayout, lang: str) -> None:
        """The tutorial's offer: a line of text over Yes and Not now."""
        box = self.prompt_box(layout)
        draw_panel(surface, box)
        buttons = self.prompt_buttons(layout)
        pad = max(6, box.w // 28)
        text = Box(box.x + pad, box.y + pad, box.w - 2 * pad, buttons[0].box.y - box.y - 2 * pad)
        size = max(12, round(buttons[0].box.h * 0.55))
        draw_paragraph(surface, tr("tutorial.prompt"), text, size, lang, INK)
        for button in buttons:
            button.draw(surface, self.mouse, lang)

    def felt(self, layout: TitleLayout, lang: str) -> pygame.Surface:
        """The backdrop with the game's name and the subtitle, made once per size and language: a frame of the
        wave is then one blit under the tiles."""
        key = (layout.width, layout.height, lang)
        if self._felt is not None and self._felt[0] == key:
            return self._felt[1]
        surface = backdrop(layout.width, layout.height).copy()
        name = tr("title.name")
        size = fitted_size(name, max(16, round(layout.heading.h * 0.78)), layout.heading.w, True, lang)
        image = shadowed_text(name, size, TITLE_GOLD, lang, gilded=True)
        surface.blit(image, image.get_rect(center=layout.heading.center))
        draw_fitted(
            surface,
            tr("title.subtitle"),
            round(layout.subtitle.h * 0.72),
            INK,
            layout.subtitle,
            "center",
            lang=lang,
        )
        self._felt = (key, surface)
        return surface

    def draw_tiles(self, surface: pygame.Surface, layout: TitleLayout) -> None:
        """The row of tiles, each lifted by the wave, with its shadow on the felt."""
        art = self.art()
        count = len(TITLE_TILES)
        for index, ((kind, red), box) in enumerate(zip(TITLE_TILES, layout.tiles, strict=True)):
            lift = wave_lift(index, count, self.time_s)
            image = art.face(kind, box.h, 0, red)
            rest = image.get_rect(midbottom=(box.x + box.w // 2, box.bottom))
            shadow = _shadow(box.w, max(2, box.h // 8), round(90 - 50 * lift))
            surface.blit(shadow, shadow.get_rect(center=(rest.centerx, box.bottom)))
            surface.blit(image, rest.move(0, -round(lift * layout.tile_lift)))


_shadows: dict[tuple[int, int, int], pygame.Surface] = {}


def _shadow(w: int, h: int, alpha: int) -> pygame.Surface:
    """A soft ellipse of shade under a tile (cached by size and darkness)."""
    alpha = max(0, min(255, alpha - alpha % 10))  # a few steps of darkness are plenty
    key = (w, h, alpha)
    surface = _shadows.get(key)
    if surface is None:
        surface = pygame.Surface((max(1, w + h), max(1, h)), pygame.SRCALPHA)
        pygame.draw.ellipse(surface, (0, 0, 0, alpha), surface.get_rect())
        if len(_shadows) > 128:
            _shadows.clear()
        _shadows[key] = surface
    return surface
