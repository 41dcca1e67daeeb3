"""Keyboard focus and mouse input for a menu screen's controls: one list of fields, in Tab order.

Tab / Shift+Tab and Up / Down move the focus; Left / Right change a choice, a slider or a switch (and move
between buttons); Enter or Space presses. The focus ring shows only once the keyboard is used, as on the web.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from graphics.widgets import Button, Cycler, Segmented, Slider, TextInput, Toggle, draw_focus_ring

Control = Button | Toggle | Slider | Cycler | Segmented | TextInput

CARET_PERIOD_S = 1.0
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Field:
    """A control and what to do after the player changes or presses it."""

    key: Hashable
    control: Control
    on_change: Callable[[], None]


def _enabled(control: Control) -> bool:
    return control.enabled


class Form:
    """The focusable controls of one screen, with the focus, the hover and a slider being dragged."""

    def __init__(self, play_cue: Callable[[str], None] = lambda cue: None) -> None:
        self.fields: list[Field] = []
        self.focus_key: Hashable | None = None
        self.keyboard = False  # the ring shows after keyboard navigation and hides when the mouse moves
        self.mouse = (-1, -1)
        self.dragging: Hashable | None = None
        self.hover_key: Hashable | None = None
        self.play_cue = play_cue
        self.clock_s = 0.0

    def set_fields(self, fields: Sequence[Field], default_focus: Hashable | None = None) -> None:
        """Replace the controls (after a relayout or a change); the focus stays on the same key if it can."""
        self.fields = list(fields)
        keys = [field.key for field in self.fields if _enabled(field.control)]
        if self.focus_key not in keys:
            self.focus_key = default_focus if default_focus in keys else (keys[0] if keys else None)
        if self.dragging not in keys:
            self.dragging = None

    def field(self, key: Hashable) -> Field | None:
        """The field with `key`, if there is one."""
        for field in self.fields:
            if field.key == key:
                return field
        return None

    def focused(self) -> Field | None:
        """The field with the keyboard focus."""
        return self.field(self.focus_key) if self.focus_key is not None else None

    def at(self, x: float, y: float) -> Field | None:
        """The enabled field under a point."""
        for field in self.fields:
            if field.control.hit(x, y):
                return field
        return None

    def move_focus(self, steps: int) -> None:
        """Move the focus to the next (or previous) enabled field, wrapping around."""
        keys = [field.key for field in self.fields if _enabled(field.control)]
        if not keys:
            self.focus_key = None
            return
        if self.focus_key not in keys:
            self.focus_key = keys[0] if steps > 0 else keys[-1]
        else:
            self.focus_key = keys[(keys.index(self.focus_key) + steps) % len(keys)]
        self.keyboard = True
        self.clock_s = 0.0
        self.play_cue("hover")
        self._text_input(self.focused())

    def focus(self, key: Hashable) -> None:
        """Give the focus to the field `key`."""
        self.focus_key = key
        self.clock_s = 0.0
        self._text_input(self.focused())

    # ---- input ---------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; whether the form used it."""
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging is not None:
                dragged = self.field(self.dragging)
                self.dragging = None
                if dragged is not None:
                    dragged.on_change()
                return True
            return False
        if event.type == pygame.TEXTINPUT:
            focused = self.focused()
            if focused is not None and isinstance(focused.control, TextInput):
                if focused.control.insert(event.text):
                    focused.on_change()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, bool(event.mod & pygame.KMOD_SHIFT))
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        self.mouse = (int(pos[0]), int(pos[1]))
        self.keyboard = False
        if self.dragging is not None:
            dragged = self.field(self.dragging)
            if dragged is not None and isinstance(dragged.control, Slider):
                value = dragged.control.value_at(pos[0])
                if value != dragged.control.value:
                    dragged.control.value = value
                    dragged.on_change()
            return True
        hovered = self.at(*pos)
        key = hovered.key if hovered is not None else None
        if key != self.hover_key:
            self.hover_key = key
            if key is not None and isinstance(hovered.control if hovered else None, Button):
                self.play_cue("hover")
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        self.mouse = (int(pos[0]), int(pos[1]))
        self.keyboard = False
        field = self.at(*pos)
        if field is None:
            return False
        self.focus(field.key)
        control = field.control
        if isinstance(control, Button):
            self.play_cue("click")
            field.on_change()
        elif isinstance(control, Toggle):
            control.flip()
            self.play_cue("click")
            field.on_change()
        elif isinstance(control, Cycler):
            control.click(pos[0])
            self.play_cue("click")
            field.on_change()
        elif isinstance(control, Segmented):
            index = control.segment_at(pos[0])
            if index != control.index:
                control.index = index
                self.play_cue("click")
                field.on_change()
        elif isinstance(control, Slider):
            self.dragging = field.key
            control.value = control.value_at(pos[0])
            field.on_change()
        return True

    def _key(self, key: int, shift: bool) -> bool:
        focused = self.focused()
        control = focused.control if focused is not None else None
        if isinstance(control, TextInput) and focused is not None:
            if key == pygame.K_BACKSPACE:
                if control.backspace():
                    focused.on_change()
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.move_focus(1)
                return True
            if key == pygame.K_SPACE:
                return True  # the space itself arrives as TEXTINPUT
        if key == pygame.K_TAB:
            self.move_focus(-1 if shift else 1)
            return True
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if key == pygame.K_DOWN else -1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self._adjust(1 if key == pygame.K_RIGHT else -1)
        if key in ACTIVATE_KEYS:
            return self._activate()
        return False

    def _adjust(self, steps: int) -> bool:
        focused = self.focused()
        if focused is None:
            self.move_focus(steps)
            return True
        control = focused.control
        self.keyboard = True
        if isinstance(control, Cycler | Segmented):
            before = control.index
            control.step(steps)
            if control.index != before:
                self.play_cue("click")
                focused.on_change()
        elif isinstance(control, Slider):
            before_value = control.value
            control.nudge(steps)
            if control.value != before_value:
                focused.on_change()
        elif isinstance(control, Toggle):
            if control.value != (steps > 0):
                control.flip()
                self.play_cue("click")
                focused.on_change()
        elif isinstance(control, Button):
            self.move_focus(steps)
        return True

    def _activate(self) -> bool:
        focused = self.focused()
        if focused is None:
            self.move_focus(1)
            return True
        control = focused.control
        self.keyboard = True
        if isinstance(control, Button):
            self.play_cue("click")
            focused.on_change()
        elif isinstance(control, Toggle):
            control.flip()
            self.play_cue("click")
            focused.on_change()
        elif isinstance(control, Cycler):
            control.step(1)
            self.play_cue("click")
            focused.on_change()
        elif isinstance(control, Segmented):
            control.index = (control.index + 1) % max(1, len(control.labels))
            self.play_cue("click")
            focused.on_change()
        return True

    def _text_input(self, field: Field | None) -> None:
        """Ask SDL for typed text (and the IME) while a text field has the focus."""
        has_window = pygame.display.get_init() and pygame.display.get_surface() is not None
        if has_window and field is not None and isinstance(field.control, TextInput):
            pygame.key.start_text_input()
            box = field.control.box
            pygame.key.set_text_input_rect(pygame.Rect(box.x, box.y, box.w, box.h))

    # ---- time and drawing ----------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        """Advance the caret's blink."""
        self.clock_s += dt_s

    def next_frame_s(self) -> float | None:
        """When the caret next blinks (a text field has the focus), else None: only input changes the form."""
        focused = self.focused()
        if focused is None or not isinstance(focused.control, TextInput):
            return None
        half = CARET_PERIOD_S / 2
        return half - self.clock_s % half

    def draw(self, surface: pygame.Surface, lang: str) -> None:
        """Draw every control, then the focus ring."""
        mouse = (-1, -1) if self.keyboard else self.mouse
        focused = self.focused()
        for field in self.fields:
            control = field.control
            is_focused = field is focused
            if isinstance(control, TextInput):
                caret = (self.clock_s % CARET_PERIOD_S) < CARET_PERIOD_S / 2
                control.draw(surface, mouse, lang, focused=is_focused, caret=caret)
            elif isinstance(control, Button) and is_focused and self.keyboard:
                control.draw(surface, control.box.center, lang)
            else:
                control.draw(surface, mouse, lang)
        if self.keyboard and focused is not None and not isinstance(focused.control, TextInput):
            draw_focus_ring(surface, focused.control.box)
