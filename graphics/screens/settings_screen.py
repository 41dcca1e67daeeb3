"""The settings screen: language, animation speed, volumes, window or fullscreen, tile theme, the new games'
timer and play toggles.

Every change goes through ``app.apply_settings`` at once (and is saved), so a new language re-renders this
very screen. While a volume slider is dragged the value applies live and is saved when the button is released.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.clock import clock_from_name
from graphics import i18n
from graphics.app import App
from graphics.i18n import LANGUAGE_NAMES, clock_label, tr
from graphics.screens.chrome import backdrop, draw_heading, draw_label, draw_panel
from graphics.screens.form import Field, Form
from graphics.screens.layouts import SettingsLayout, settings_layout
from graphics.settings import LANGUAGES, SPEEDS, THEMES, TIMERS, Settings
from graphics.tiles import TileArt
from graphics.widgets import DIM_INK, Button, Cycler, Segmented, Slider, Toggle, draw_fitted

TOGGLES = ("auto_win", "no_calls", "auto_discard_after_riichi", "practice")
# a preview that shows what the themes are about: the three suits, a red five, the dragons and the back
PREVIEW_TILES: tuple[tuple[int, bool] | None, ...] = (
    (2, False),
    (13, True),
    (18, False),
    (22, False),
    (32, False),
    (33, False),
    None,
)


def speed_label(speed: float) -> str:
    """An animation speed as shown: "1×", "1.5×"."""
    return tr("settings.speed_value", value=f"{speed:g}")


class SettingsScene:
    """Change the settings; `back` leaves the screen (to wherever it was opened from)."""

    def __init__(self, app: App, back: Callable[[], None]) -> None:
        self.app = app
        self.back = back
        self.form = Form(app.services.play_cue)
        self.layout: SettingsLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self._art: tuple[str, TileArt] | None = None

    # ---- building ------------------------------------------------------------------------------------------

    def build(self, force: bool = False) -> SettingsLayout:
        """The layout and controls for the current size, language and settings."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or force or self._built != (width, height, lang):
            self.layout = settings_layout(width, height, len(TOGGLES))
            self._built = (width, height, lang)
            self.form.set_fields(self._fields(self.layout), default_focus="language")
        return self.layout

    def _fields(self, layout: SettingsLayout) -> list[Field]:
        s = self.app.settings
        fields: list[Field] = []
        language = Segmented(
            layout.language.control,
            tuple(LANGUAGE_NAMES[lang] for lang in LANGUAGES),
            LANGUAGES.index(s.language),
            label_langs=LANGUAGES,
        )
        fields.append(Field("language", language, lambda: self.change(language=LANGUAGES[language.index])))
        speed = Segmented(
            layout.speed.control, tuple(speed_label(value) for value in SPEEDS), SPEEDS.index(s.speed)
        )
        fields.append(Field("speed", speed, lambda: self.change(speed=SPEEDS[speed.index])))
        for name, row in (("master_volume", layout.master), ("effects_volume", layout.effects)):
            value = getattr(s, name)
            slider = Slider(row.control, value, tr("settings.percent", value=round(value * 100)))
            fields.append(Field(name, slider, self._volume_setter(name, slider)))
        mute = Toggle(layout.mute, tr("settings.mute"), s.muted)
        fields.append(Field("muted", mute, lambda: self.change(muted=mute.value)))
        display = Segmented(
            layout.display.control, (tr("settings.windowed"), tr("settings.fullscreen")), int(s.fullscreen)
        )
        fields.append(Field("fullscreen", display, lambda: self.change(fullscreen=display.index == 1)))
        theme = Segmented(
            layout.theme.control,
            tuple(tr(f"settings.theme.{name}") for name in THEMES),
            THEMES.index(s.theme),
        )
        fields.append(Field("theme", theme, lambda: self.change(theme=THEMES[theme.index])))
        timer = Cycler(
            layout.timer.control,
            tuple(clock_label(clock_from_name(name)) for name in TIMERS),
            TIMERS.index(s.timer),
        )
        fields.append(Field("timer", timer, lambda: self.change(timer=TIMERS[timer.index])))
        for name, box in zip(TOGGLES, layout.toggles, strict=True):
            toggle = Toggle(box, tr(f"settings.{name}"), getattr(s, name))
            fields.append(Field(name, toggle, self._toggle_setter(name, toggle)))
        fields.append(Field("back", Button(layout.back, tr("menu.back"), "back"), self.back))
        return fields

    def _volume_setter(self, name: str, slider: Slider) -> Callable[[], None]:
        def set_volume() -> None:
            dragging = self.form.dragging == name
            self.change(save=not dragging, **{name: slider.value})

        return set_volume

    def _toggle_setter(self, name: str, toggle: Toggle) -> Callable[[], None]:
        return lambda: self.change(**{name: toggle.value})

    def change(self, save: bool = True, **changes: object) -> None:
        """Apply changed settings now (saved unless `save` is False) and redraw the controls."""
        settings: Settings = dataclasses.replace(self.app.settings, **changes)  # type: ignore[arg-type]
        if settings != self.app.settings or save:
            self.app.apply_settings(settings, save=save)
        self.build(force=True)

    def art(self) -> TileArt:
        """The tile art in the chosen theme."""
        theme = self.app.settings.theme
        if self._art is None or self._art[0] != theme:
            self._art = (theme, TileArt(theme))
        return self._art[1]

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Form input; Esc goes back."""
        self.build()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Nothing moves here but the focus ring."""
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Only input changes this screen."""
        return self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        draw_heading(surface, tr("settings.title"), layout.heading, lang)
        draw_panel(surface, layout.sound_panel, tr("settings.display_sound"), layout.sound_title, lang)
        for key, row in (
            ("settings.language", layout.language),
            ("settings.speed", layout.speed),
            ("settings.master_volume", layout.master),
            ("settings.effects_volume", layout.effects),
            ("settings.display", layout.display),
        ):
            draw_label(surface, tr(key), row.label, lang)
        draw_panel(surface, layout.play_panel, tr("settings.tiles_play"), layout.play_title, lang)
        draw_label(surface, tr("settings.theme"), layout.theme.label, lang)
        draw_label(surface, tr("timer.label"), layout.timer.label, lang)
        self.draw_preview(surface, layout)
        self.form.draw(surface, lang)
        draw_fitted(
            surface, tr("settings.hint"), layout.text_px(16), DIM_INK, layout.hint, "midright", lang=lang
        )

    def draw_preview(self, surface: pygame.Surface, layout: SettingsLayout) -> None:
        """A few tiles in the chosen theme, centred in the preview box."""
        box = layout.preview
        art = self.art()
        tile_h = round(box.h * 0.86)
        tile_w = round(tile_h * 0.75)
        gap = max(2, tile_h // 12)
        count = len(PREVIEW_TILES)
        while count * tile_w + (count - 1) * gap > box.w and tile_h > 12:
            tile_h -= 2
            tile_w = round(tile_h * 0.75)
        x = box.x + (box.w - (count * tile_w + (count - 1) * gap)) // 2
        for tile in PREVIEW_TILES:
            image = art.back(tile_h, 0) if tile is None else art.face(tile[0], tile_h, 0, tile[1])
            surface.blit(image, image.get_rect(midbottom=(x + tile_w // 2, box.y + (box.h + tile_h) // 2)))
            x += tile_w + gap
