"""Buttons and panels shared by every screen: rounded, softly shaded, rendered once per size and state.

Everything drawn here is cached by its arguments, so a screen full of buttons costs blits, not re-rendering.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from graphics.fonts import render_text
from graphics.layout import Box

INK = (245, 240, 226)
DIM_INK = (168, 178, 170)
GOLD = (236, 196, 92)
PANEL = (12, 26, 22)
BUTTON = (34, 62, 52)
BUTTON_HOVER = (52, 94, 76)
BUTTON_PRIMARY = (176, 58, 46)
BUTTON_PRIMARY_HOVER = (206, 80, 62)
BUTTON_OFF = (44, 48, 48)


@lru_cache(maxsize=256)
def panel_surface(
    w: int,
    h: int,
    color: tuple[int, int, int] = PANEL,
    alpha: int = 215,
    radius: int = 14,
    border: bool = True,
) -> pygame.Surface:
    """A rounded translucent panel with a thin light border."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(surface, (*color, alpha), surface.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(surface, (255, 255, 255, 46), surface.get_rect(), width=2, border_radius=radius)
    return surface


@lru_cache(maxsize=512)
def button_surface(w: int, h: int, label: str, state: str, primary: bool, lang: str) -> pygame.Surface:
    """A button face: `state` is "normal", "hover", "pressed" or "disabled"."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    if state == "disabled":
        base = BUTTON_OFF
    elif primary:
        base = BUTTON_PRIMARY_HOVER if state in ("hover", "pressed") else BUTTON_PRIMARY
    else:
        base = BUTTON_HOVER if state in ("hover", "pressed") else BUTTON
    radius = max(4, h // 4)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (0, 0, 0, 90), rect.move(0, 3), border_radius=radius)
    body = rect.inflate(0, -3).move(0, 2 if state == "pressed" else 0)
    pygame.draw.rect(surface, (*base, 245), body, border_radius=radius)
    highlight = tuple(min(255, c + 40) for c in base)
    pygame.draw.rect(surface, (*highlight, 255), body, width=2, border_radius=radius)
    ink = DIM_INK if state == "disabled" else INK
    size = max(10, round(h * 0.42))
    text = render_text(label, size, ink, bold=True, lang=lang)
    if text.get_width() > w - 12:
        size = max(8, int(size * (w - 12) / text.get_width()))
        text = render_text(label, size, ink, bold=True, lang=lang)
    surface.blit(text, text.get_rect(center=body.center))
    return surface


@dataclass
class Button:
    """A clickable labelled box; `value` is what a click means to the screen that owns it."""

    box: Box
    label: str
    value: Hashable
    enabled: bool = True
    primary: bool = False
    selected: bool = False

    def hit(self, x: float, y: float) -> bool:
        """Whether the point is on the button (and it can be clicked)."""
        return self.enabled and self.box.contains_point(x, y)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], lang: str) -> None:
        """Draw the button, lit when the mouse is over it or it is the selected choice."""
        if not self.enabled:
            state = "disabled"
        elif self.selected or self.box.contains_point(*mouse):
            state = "hover"
        else:
            state = "normal"
        surface.blit(
            button_surface(self.box.w, self.box.h, self.label, state, self.primary, lang),
            (self.box.x, self.box.y),
        )


def grid_of_buttons(
    area: Box, labels: Sequence[tuple[str, Hashable]], height: int, gap: int = 8
) -> list[Button]:
    """Buttons of one width in rows inside `area`, in reading order, the block against the area's bottom
    left: as many columns as the widest label allows, more (narrower, their text shrunk) when the rows
    would not fit the area's height."""
    if not labels:
        return []
    count = len(labels)
    wanted = max(
        max(height * 2, round(height * 0.32 * max(len(label), 3) + height * 0.9)) for label, _ in labels
    )
    columns = max(1, min(count, (area.w + gap) // (min(wanted, area.w) + gap)))
    max_rows = max(1, (area.h + gap) // (height + gap))
    columns = max(columns, min(count, -(-count // max_rows)))
    rows = -(-count // columns)
    width = min(wanted, (area.w - gap * (columns - 1)) // columns)
    top = area.bottom - rows * height - (rows - 1) * gap
    buttons = []
    for index, (label, value) in enumerate(labels):
        row, column = divmod(index, columns)
        box = Box(area.x + column * (width + gap), top + row * (height + gap), width, height)
        buttons.append(Button(box, label, value))
    return buttons


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: tuple[int, int, int],
    at: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    lang: str = "en",
) -> pygame.Rect:
    """Blit cached text with its `anchor` ("topleft", "center", "midtop", "topright", ...) at `at`."""
    image = render_text(text, size, color, bold=bold, lang=lang)
    rect = image.get_rect(**{anchor: at})
    surface.blit(image, rect)
    return rect


# ----------------------------------------------------------------------------------------------------------
# form controls for the menu screens: each draws from a surface cached by its size, text, state and language

FIELD = (8, 18, 15)
TRACK = (22, 40, 34)
GOLD_DARK = (150, 116, 44)
DARK_INK = (28, 22, 12)


@lru_cache(maxsize=2048)
def fitted_size(text: str, size: int, max_w: int, bold: bool = False, lang: str = "en") -> int:
    """The largest font size up to `size` at which `text` is no wider than `max_w` (at least 8)."""
    from graphics.fonts import text_size

    width = text_size(text, size, bold, lang)[0]
    while width > max_w and size > 8:
        size = max(8, min(size - 1, int(size * max_w / max(1, width))))
        width = text_size(text, size, bold, lang)[0]
    return size


@lru_cache(maxsize=512)
def fitted_text(
    text: str, size: int, max_w: int, bold: bool = False, lang: str = "en", min_size: int = 11
) -> tuple[str, int]:
    """`text` and the font size that keep it within `max_w`: shrunk, but not below `min_size` (smaller is not
    read at a glance), then shortened in the middle with "…" so its end, often what tells names apart
    ("Strong AI 3"), stays.

    >>> fitted_text("Ann", 16, 500)
    ('Ann', 16)
    """
    from graphics.fonts import text_size

    fitted = fitted_size(text, size, max_w, bold, lang)
    if fitted >= min(min_size, size):
        return text, fitted
    size = min(min_size, size)
    tail = text[-max(1, min(4, len(text) // 3)) :]
    for keep in range(len(text) - len(tail) - 1, 0, -1):
        shortened = text[:keep].rstrip() + "…" + tail
        if text_size(shortened, size, bold, lang)[0] <= max_w:
            return shortened, size
    return "…" + tail, size


def draw_fitted(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: tuple[int, int, int],
    box: Box,
    anchor: str = "midleft",
    bold: bool = False,
    lang: str = "en",
) -> pygame.Rect:
    """Blit `text` into `box` at `anchor` ("midleft", "center", "midright"), shrunk to fit its width."""
    fitted = fitted_size(text, size, box.w, bold, lang)
    points = {
        "midleft": (box.x, box.y + box.h // 2),
        "center": box.center,
        "midright": (box.right, box.y + box.h // 2),
        "topleft": (box.x, box.y),
        "midtop": (box.x + box.w // 2, box.y),
    }
    return draw_text(surface, text, fitted, color, points[anchor], anchor, bold, lang)


@lru_cache(maxsize=512)
def wrap_text(text: str, size: int, max_w: int, lang: str = "en") -> tuple[str, ...]:
    """`text` broken into lines no wider than `max_w`: at spaces, or between characters where it has none."""
    from graphics.fonts import text_size

    def fits(line: str) -> bool:
        return text_size(line, size, False, lang)[0] <= max_w

    lines: list[str] = []
    for paragraph in text.split("\n"):
        units = paragraph.split(" ") if " " in paragraph else list(paragraph)
        joiner = " " if " " in paragraph else ""
        line = ""
        for unit in units:
            candidate = f"{line}{joiner}{unit}" if line else unit
            if fits(candidate) or not line:
                line = candidate
            else:
                lines.append(line)
                line = unit
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=64)
def focus_ring_surface(w: int, h: int, radius: int) -> pygame.Surface:
    """A gold outline with a soft glow, drawn around the control that has the keyboard focus."""
    pad = max(3, h // 12)
    surface = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for step in range(pad):
        alpha = 30 + 50 * step // pad
        rect = surface.get_rect().inflate(-2 * step, -2 * step)
        pygame.draw.rect(surface, (*GOLD, alpha), rect, width=1, border_radius=radius + pad - step)
    pygame.draw.rect(
        surface, (*GOLD, 255), surface.get_rect().inflate(-2 * pad + 2, -2 * pad + 2), 2, radius + 1
    )
    return surface


def draw_focus_ring(surface: pygame.Surface, box: Box) -> None:
    """Mark `box` as the keyboard focus."""
    ring = focus_ring_surface(box.w, box.h, max(4, box.h // 4))
    surface.blit(ring, ring.get_rect(center=(box.x + box.w // 2, box.y + box.h // 2)))


def _track(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int], alpha: int = 255) -> None:
    radius = rect.h // 2
    pygame.draw.rect(surface, (0, 0, 0, 70), rect.move(0, 2), border_radius=radius)
    pygame.draw.rect(surface, (*fill, alpha), rect, border_radius=radius)
    pygame.draw.rect(surface, (255, 255, 255, 40), rect, width=1, border_radius=radius)


@lru_cache(maxsize=256)
def toggle_surface(w: int, h: int, label: str, on: bool, state: str, lang: str) -> pygame.Surface:
    """A labelled on/off switch filling a row: the label on the left, the switch on the right."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    if state == "hover":
        pygame.draw.rect(surface, (255, 255, 255, 22), surface.get_rect(), border_radius=max(4, h // 4))
    switch_h = max(8, round(h * 0.5))
    switch_w = round(switch_h * 1.9)
    switch = pygame.Rect(w - switch_w - max(4, h // 6), (h - switch_h) // 2, switch_w, switch_h)
    enabled = state != "disabled"
    _track(surface, switch, (GOLD if enabled else GOLD_DARK) if on else TRACK)
    knob_r = switch_h // 2 - max(2, switch_h // 10)
    knob_x = switch.right - switch_h // 2 if on else switch.x + switch_h // 2
    pygame.draw.circle(surface, (0, 0, 0, 80), (knob_x, switch.centery + 2), knob_r)
    pygame.draw.circle(surface, INK if enabled else DIM_INK, (knob_x, switch.centery), knob_r)
    ink = INK if enabled else DIM_INK
    size = fitted_size(label, max(10, round(h * 0.4)), switch.x - max(8, h // 4) * 2, False, lang)
    text = render_text(label, size, ink, lang=lang)
    surface.blit(text, text.get_rect(midleft=(max(8, h // 4), h // 2)))
    return surface


@dataclass
class Toggle:
    """An on/off switch with its label; a click anywhere on the row flips it."""

    box: Box
    label: str
    value: bool
    enabled: bool = True

    def hit(self, x: float, y: float) -> bool:
        """Whether the point is on the row (and it can be flipped)."""
        return self.enabled and self.box.contains_point(x, y)

    def flip(self) -> None:
        """Switch it over."""
        if self.enabled:
            self.value = not self.value

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], lang: str) -> None:
        """Draw the row."""
        state = "disabled" if not self.enabled else "hover" if self.box.contains_point(*mouse) else "normal"
        image = toggle_surface(self.box.w, self.box.h, self.label, self.value, state, lang)
        surface.blit(image, (self.box.x, self.box.y))


@lru_cache(maxsize=512)
def slider_surface(w: int, h: int, percent: int, text: str, state: str, lang: str) -> pygame.Surface:
    """A horizontal slider at `percent` (0..100) with `text` (its value) on the right."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    track, knob_r = slider_geometry(w, h)
    enabled = state != "disabled"
    _track(surface, track, TRACK)
    filled = track.copy()
    filled.w = max(track.h, round(track.w * percent / 100))
    if percent > 0:
        _track(surface, filled, GOLD if enabled else GOLD_DARK)
    knob_x = track.x + round(track.w * percent / 100)
    pygame.draw.circle(surface, (0, 0, 0, 90), (knob_x, track.centery + 2), knob_r)
    pygame.draw.circle(surface, INK if enabled else DIM_INK, (knob_x, track.centery), knob_r)
    if state == "hover":
        pygame.draw.circle(surface, (*GOLD, 255), (knob_x, track.centery), knob_r, width=2)
    size = max(10, round(h * 0.4))
    label = render_text(text, size, INK if enabled else DIM_INK, bold=True, lang=lang)
    surface.blit(label, label.get_rect(midright=(w - 4, h // 2)))
    return surface


def slider_geometry(w: int, h: int) -> tuple[pygame.Rect, int]:
    """The track inside a w x h slider (room left for the knob and the value text) and the knob radius."""
    knob_r = max(5, round(h * 0.26))
    text_w = round(h * 1.9)
    track_h = max(4, round(h * 0.18))
    track = pygame.Rect(knob_r + 2, (h - track_h) // 2, max(4, w - text_w - 2 * knob_r - 6), track_h)
    return track, knob_r


@dataclass
class Slider:
    """A value from 0 to 1 set by dragging, clicking on the track, or the arrow keys in `step`s."""

    box: Box
    value: float
    text: str  # the value as shown (e.g. "80%"), from the owner's catalogue
    enabled: bool = True
    step: float = 0.05

    def hit(self, x: float, y: float) -> bool:
        """Whether the point is on the slider."""
        return self.enabled and self.box.contains_point(x, y)

    def value_at(self, x: float) -> float:
        """The value under window column `x`, clamped to 0..1 and rounded to whole percent."""
        track, _ = slider_geometry(self.box.w, self.box.h)
        fraction = (x - self.box.x - track.x) / max(1, track.w)
        return round(min(1.0, max(0.0, fraction)) * 100) / 100

    def nudge(self, steps: int) -> None:
        """Move by whole steps, clamped to 0..1."""
        self.value = round(min(1.0, max(0.0, self.value + steps * self.step)) * 100) / 100

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], lang: str) -> None:
        """Draw the slider."""
        state = "disabled" if not self.enabled else "hover" if self.box.contains_point(*mouse) else "normal"
        image = slider_surface(self.box.w, self.box.h, round(self.value * 100), self.text, state, lang)
        surface.blit(image, (self.box.x, self.box.y))


@lru_cache(maxsize=512)
def cycler_surface(w: int, h: int, label: str, state: str, lang: str) -> pygame.Surface:
    """A choice box "‹ value ›": the arrows step through the choices."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    radius = max(4, h // 4)
    rect = surface.get_rect()
    base = BUTTON_OFF if state == "disabled" else BUTTON_HOVER if state == "hover" else BUTTON
    pygame.draw.rect(surface, (0, 0, 0, 90), rect.move(0, 3), border_radius=radius)
    body = rect.inflate(0, -3)
    pygame.draw.rect(surface, (*base, 245), body, border_radius=radius)
    pygame.draw.rect(surface, (*(min(255, c + 40) for c in base), 255), body, width=2, border_radius=radius)
    arrow = max(4, round(h * 0.16))
    ink = DIM_INK if state == "disabled" else GOLD
    for direction, cx in ((-1, round(h * 0.42)), (1, w - round(h * 0.42))):
        cy = body.centery
        points = [
            (cx + direction * arrow * 0.6, cy),
            (cx - direction * arrow * 0.5, cy - arrow),
            (cx - direction * arrow * 0.5, cy + arrow),
        ]
        pygame.draw.polygon(surface, ink, points)
    size = fitted_size(label, max(10, round(h * 0.42)), w - round(h * 1.7), True, lang)
    text = render_text(label, size, DIM_INK if state == "disabled" else INK, bold=True, lang=lang)
    surface.blit(text, text.get_rect(center=body.center))
    return surface


@dataclass
class Cycler:
    """One choice of several, shown as "‹ value ›": a click on the left third goes back, elsewhere forward."""

    box: Box
    labels: tuple[str, ...]
    index: int
    enabled: bool = True

    def hit(self, x: float, y: float) -> bool:
        """Whether the point is on the control."""
        return self.enabled and self.box.contains_point(x, y)

    def step(self, steps: int) -> None:
        """Move through the choices, wrapping around."""
        if self.enabled and self.labels:
            self.index = (self.index + steps) % len(self.labels)

    def click(self, x: float) -> None:
        """Step back on the left third, forward elsewhere."""
        self.step(-1 if x < self.box.x + self.box.w / 3 else 1)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], lang: str) -> None:
        """Draw the control."""
        state = "disabled" if not self.enabled else "hover" if self.box.contains_point(*mouse) else "normal"
        label = self.labels[self.index] if self.labels else ""
        surface.blit(cycler_surface(self.box.w, self.box.h, label, state, lang), (self.box.x, self.box.y))


@lru_cache(maxsize=512)
def segmented_surface(
    w: int,
    h: int,
    labels: tuple[str, ...],
    index: int,
    hover: int,
    enabled: bool,
    lang: str,
    label_langs: tuple[str, ...] = (),
) -> pygame.Surface:
    """A row of joined choices with the chosen one filled in gold; `hover` is the lit one (-1: none).

    `label_langs` gives a label its own language (a language's name is written in that language).
    """
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    radius = max(4, h // 4)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (0, 0, 0, 90), rect.move(0, 3), border_radius=radius)
    body = rect.inflate(0, -3)
    pygame.draw.rect(surface, (*TRACK, 245), body, border_radius=radius)
    count = max(1, len(labels))
    for position, label in enumerate(labels):
        left = round(position * w / count)
        right = round((position + 1) * w / count)
        cell = pygame.Rect(left, body.y, right - left, body.h).inflate(-4, -4)
        chosen = position == index
        if chosen:
            pygame.draw.rect(surface, GOLD if enabled else GOLD_DARK, cell, border_radius=max(3, radius - 2))
        elif position == hover and enabled:
            pygame.draw.rect(surface, (*BUTTON_HOVER, 255), cell, border_radius=max(3, radius - 2))
        if position and not chosen and position - 1 != index:
            pygame.draw.line(
                surface, (255, 255, 255, 40), (left, body.y + h // 5), (left, body.bottom - h // 5)
            )
        ink = DARK_INK if chosen else INK if enabled else DIM_INK
        own = label_langs[position] if position < len(label_langs) else lang
        size = fitted_size(label, max(10, round(h * 0.4)), cell.w - 8, chosen, own)
        text = render_text(label, size, ink, bold=chosen, lang=own)
        surface.blit(text, text.get_rect(center=cell.center))
    pygame.draw.rect(surface, (255, 255, 255, 46), body, width=1, border_radius=radius)
    return surface


@dataclass
class Segmented:
    """A choice among a few values shown side by side; the chosen one is gold."""

    box: Box
    labels: tuple[str, ...]
    index: int
    enabled: bool = True
    label_langs: tuple[str, ...] = ()  # a label's own language, where it differs from the screen's

    def hit(self, x: float, y: float) -> bool:
        """Whether the point is on the control."""
        return self.enabled and self.box.contains_point(x, y)

    def segment_at(self, x: float) -> int:
        """The choice under window column `x`."""
        count = max(1, len(self.labels))
        return min(count - 1, max(0, int((x - self.box.x) * count / max(1, self.box.w))))

    def step(self, steps: int) -> None:
        """Move the choice, stopping at the ends."""
        if self.enabled and self.labels:
            self.index = min(len(self.labels) - 1, max(0, self.index + steps))

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], lang: str) -> None:
        """Draw the control, lighting the choice under the mouse."""
        hover = self.segment_at(mouse[0]) if self.box.contains_point(*mouse) else -1
        image = segmented_surface(
            self.box.w, self.box.h, self.labels, self.index, hover, self.enabled, lang, self.label_langs
        )
        surface.blit(image, (self.box.x, self.box.y))


@lru_cache(maxsize=256)
def input_surface(w: int, h: int, text: str, placeholder: str, focused: bool, lang: str) -> pygame.Surface:
    """A text field: sunken, with its text (or the dim placeholder when empty)."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    radius = max(4, h // 5)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (*FIELD, 235), rect, border_radius=radius)
    pygame.draw.rect(surface, (0, 0, 0, 110), pygame.Rect(2, 2, w - 4, max(2, h // 10)), border_radius=radius)
    border = (*GOLD, 255) if focused else (255, 255, 255, 60)
    pygame.draw.rect(surface, border, rect, width=2 if focused else 1, border_radius=radius)
    size = max(10, round(h * 0.42))
    shown, ink = (text, INK) if text else (placeholder, DIM_INK)
    size = fitted_size(shown, size, w - round(h * 0.6) - 6, False, lang)
    label = render_text(shown, size, ink, lang=lang)
    surface.blit(label, label.get_rect(midleft=(round(h * 0.3), h // 2)))
    return surface


@dataclass
class TextInput:
    """A one-line text field; typed text arrives as pygame TEXTINPUT events, Backspace deletes."""

    box: Box
    text: str
    placeholder: str = ""
    max_chars: int = 16
    digits_only: bool = False
    enabled: bool = True

    def hit(self, x: float, y: float) -> bool:
        """Whether the point is on the field."""
        return self.enabled and self.box.contains_point(x, y)

    def insert(self, typed: str) -> bool:
        """Add typed text (filtered, within `max_chars`); whether anything was added."""
        if self.digits_only:
            typed = "".join(char for char in typed if char.isdigit() and char.isascii())
        typed = "".join(char for char in typed if char.isprintable())
        room = self.max_chars - len(self.text)
        if not typed or room <= 0 or not self.enabled:
            return False
        self.text += typed[:room]
        return True

    def backspace(self) -> bool:
        """Delete the last character; whether there was one."""
        if not self.text or not self.enabled:
            return False
        self.text = self.text[:-1]
        return True

    def draw(
        self,
        surface: pygame.Surface,
        mouse: tuple[int, int],
        lang: str,
        focused: bool = False,
        caret: bool = False,
    ) -> None:
        """Draw the field; `caret` shows the blinking insertion mark after the text."""
        if not self.enabled:
            return
        image = input_surface(self.box.w, self.box.h, self.text, self.placeholder, focused, lang)
        surface.blit(image, (self.box.x, self.box.y))
        if focused and caret:
            from graphics.fonts import text_size

            size = fitted_size(
                self.text or " ",
                max(10, round(self.box.h * 0.42)),
                self.box.w - round(self.box.h * 0.6) - 6,
                False,
                lang,
            )
            width = text_size(self.text, size, False, lang)[0] if self.text else 0
            x = self.box.x + round(self.box.h * 0.3) + width + 2
            top = self.box.y + round(self.box.h * 0.24)
            pygame.draw.line(surface, GOLD, (x, top), (x, self.box.bottom - round(self.box.h * 0.24)), 2)
