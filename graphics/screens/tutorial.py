"""The tutorial: the real table on the tutorial's fixed walls, with a panel that says what to do next and
points at the tiles or the button to use.

The lessons (``game.tutorial.LESSONS``) go in order. A lesson to read waits for Next; a lesson to act accepts
only its own action: anything else the table would send is refused with a hint and never reaches the game.
After the last hand's scores a Done panel leads back. Esc asks before leaving.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.terms import Action
from game.tutorial import HUMAN, LESSONS, Lesson
from graphics import i18n
from graphics.app import App
from graphics.i18n import tr
from graphics.layout import Box
from graphics.overlays import ScoreOverlay
from graphics.screens import navigation
from graphics.screens.chrome import draw_paragraph, veil
from graphics.session import GameSession
from graphics.table_screen import TableScreen
from graphics.widgets import DIM_INK, GOLD, INK, Button, draw_fitted, panel_surface, wrap_text

HINT_INK = (250, 150, 120)
POINTER_FRAME_S = 1 / 30  # the pointer's pulse is smooth enough at this rate
BUTTON_KEYS = {
    "chi": "action.chi",
    "pon": "action.pon",
    "riichi": "action.riichi",
    "tsumo": "action.tsumo",
    "ron": "action.ron",
}


class GuidedTable(TableScreen):
    """The table screen with the tutorial's say on every answer, no toggles and no results screen."""

    def __init__(self, app: App, session: GameSession, guide: TutorialScene) -> None:
        self.guide = guide
        super().__init__(app, session)

    def send(self, action: Action) -> None:
        """Pass on only the answer the lesson asks for; anything else shows the hint instead."""
        if self.decision is None:
            return
        if not self.guide.answer(action):
            self.app.services.play_cue("click")
            return
        super().send(action)

    def refresh_controls(self) -> None:
        """The table's controls without the automatic-answer toggles (the lessons need every decision)."""
        super().refresh_controls()
        self.toggle_buttons = []

    def update(self, dt_s: float) -> None:
        """Play on, but stop once the last hand's scores have been read."""
        overlay = self.overlay
        if self.guide.complete and isinstance(overlay, ScoreOverlay) and overlay.ready and overlay.dismissed:
            self.overlay = None  # the Done panel takes its place
            self.guide.finish()
            return
        super().update(dt_s)

    def finish(self) -> None:
        """The match never ends within the tutorial; should it, the tutorial is over."""
        self.finished = True
        self.guide.finish()


class TutorialScene:
    """The guided first hands; ``back`` is called on leaving (the title screen when None)."""

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        self.app = app
        self.back = back
        self.index = 0  # the lesson in progress
        self.hint = False  # the last answer was refused
        self.done = False
        self.confirming = False  # Esc: asking whether to leave
        self.time_s = 0.0
        self.mouse = (0, 0)
        self.session = GameSession.tutorial(tr("tutorial.you"))
        self.table = GuidedTable(app, self.session, self)
        self.buttons: list[Button] = []

    # ---- the lessons ---------------------------------------------------------------------------------------

    @property
    def lesson(self) -> Lesson | None:
        """The lesson in progress (None once all are done)."""
        return LESSONS[self.index] if self.index < len(LESSONS) else None

    @property
    def complete(self) -> bool:
        """Whether every lesson has been done (the last hand's end is still being shown)."""
        return self.index >= len(LESSONS)

    @property
    def at_decision(self) -> bool:
        """Whether the person's controls are up for a decision: when a lesson shows."""
        return self.table.decision is not None and self.session.waiting_human() == HUMAN

    @property
    def reading(self) -> bool:
        """Whether a lesson to read (closed with Next) is on screen."""
        lesson = self.lesson
        return lesson is not None and lesson.expect is None and self.at_decision

    def answer(self, action: Action) -> bool:
        """The table is about to send ``action``: True (on to the next lesson) when it is the one asked."""
        lesson = self.lesson
        if lesson is None or lesson.expect is None or not lesson.accepts(action):
            self.hint = True
            return False
        self.index += 1
        self.hint = False
        return True

    def next(self) -> None:
        """Close a lesson to read."""
        if self.reading:
            self.index += 1
            self.hint = False
            self.app.services.play_cue("click")

    def finish(self) -> None:
        """The last hand is over: the Done panel."""
        self.done = True

    def leave(self) -> None:
        """Back where the tutorial was opened from."""
        self.app.services.play_cue("click")
        if self.back is not None:
            self.back()
        else:
            navigation.go(self.app, "title")

    def play_to(self, target: int, frames: int = 20_000) -> None:
        """Answer the lessons by themselves until lesson ``target`` (0-based) shows, or (past the last one)
        until the Done panel: captures and tests."""
        for _ in range(frames):
            if self.done or (self.index >= target and self.at_decision):
                return
            overlay = self.table.overlay
            if overlay is not None:
                overlay.skip()
                overlay.dismissed = overlay.ready
            lesson = self.lesson
            pending = self.session.humans[HUMAN].pending
            if lesson is not None and self.at_decision and pending is not None:
                if lesson.expect is None:
                    self.next()
                else:
                    self.table.send(next(action for action in pending.legal if lesson.accepts(action)))
            self.update(0.1)

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """The panel's buttons and Esc first; the table gets the rest unless a lesson is being read."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.table.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            self.key(event.key)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(*event.pos)

    def key(self, key: int) -> None:
        """Esc asks to leave; Enter or Space closes a lesson to read (or the Done panel)."""
        if key == pygame.K_ESCAPE:
            self.confirming = not self.confirming
            return
        if self.confirming:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.leave()
            return
        if self.done:
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.leave()
            return
        if self.reading:
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.next()
            return
        if key == pygame.K_F10:
            self.confirming = True
            return
        self.table.key(key)

    def click(self, x: int, y: int) -> None:
        """A click on the panel's buttons, else on the table (not while a lesson is read or a panel asks)."""
        for button in self.panel_buttons():
            if button.hit(x, y):
                self.press(str(button.value))
                return
        if self.confirming or self.done or self.reading:
            return
        if self.table.menu_button().hit(x, y):
            self.confirming = True
            return
        self.table.click(x, y)

    def press(self, value: str) -> None:
        """Act on one of the panel's buttons."""
        if value == "next":
            self.next()
        elif value in ("skip", "leave", "done"):
            self.leave()
        elif value == "stay":
            self.confirming = False

    def update(self, dt_s: float) -> None:
        """The table plays on, except while a lesson is read, the Done panel shows or Esc asks."""
        self.time_s += dt_s
        if self.done or self.confirming or self.reading:
            return
        self.table.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Nothing moves under the Done and Leave panels; the pointer pulses a few times a second while a
        lesson shows; else the table says."""
        if self.done or self.confirming:
            return None
        if self.at_decision:
            return POINTER_FRAME_S
        return self.table.next_frame_s()

    # ---- drawing -------------------------------------------------------------------------------------------

    def panel_box(self) -> Box:
        """Where the lesson's text goes: the right margin's top when it is wide enough (the toggles' place,
        unused here), else a band across the top of the table."""
        layout = self.table.layout
        table_right = layout.cx + layout.side // 2
        margin_w = layout.width - table_right - 2 * layout.pad
        top = layout.menu.y
        if margin_w >= 230:
            bottom = layout.plate_box(1).y - layout.pad
            return Box(table_right + layout.pad, top, margin_w, max(120, bottom - top))
        table_x = layout.cx - layout.side // 2
        width = layout.side - 2 * layout.pad
        head, size = self.text_sizes()
        lesson = self.lesson
        lines = 3
        if lesson is not None:
            text = tr(f"tutorial.step.{lesson.key}")
            lines = len(wrap_text(text, size, width - 4 * layout.pad, i18n.language()))
        button_h = max(26, round(layout.button_h * 0.9))
        needed = round(head * 1.6 + lines * size * 1.35 + head * 1.3 + button_h) + 4 * layout.pad
        height = max(round(layout.side * 0.2), min(needed, round(layout.side * 0.62)))
        return Box(table_x + layout.pad, top, width, height)

    def text_sizes(self) -> tuple[int, int]:
        """The panel's heading and text sizes."""
        head = max(12, round(self.table.layout.button_h * 0.5))
        return head, max(13, round(head * 1.15))

    def panel_buttons(self) -> list[Button]:
        """The buttons on screen now: Leave/Stay, Done, or Next and Skip on the lesson's panel."""
        layout = self.table.layout
        height = max(26, round(layout.button_h * 0.9))
        if self.confirming or self.done:
            box = self.center_box()
            width = min(round(box.w * 0.4), height * 6)
            y = box.bottom - height - layout.pad * 2
            mid = box.x + box.w // 2
            if self.done:
                return [
                    Button(Box(mid - width // 2, y, width, height), tr("tutorial.done"), "done", primary=True)
                ]
            gap = layout.pad * 2
            return [
                Button(Box(mid - width - gap // 2, y, width, height), tr("tutorial.leave_yes"), "leave"),
                Button(Box(mid + gap // 2, y, width, height), tr("tutorial.leave_no"), "stay", primary=True),
            ]
        if self.lesson is None or not self.at_decision:
            return []  # no panel between the lessons
        panel = self.panel_box()
        pad = layout.pad
        y = panel.bottom - height - pad
        skip_w = min(round(panel.w * 0.5), height * 5)
        buttons = [Button(Box(panel.x + pad, y, skip_w, height), tr("tutorial.skip"), "skip")]
        if self.reading:
            next_w = min(round(panel.w * 0.4), height * 4)
            buttons.append(
                Button(
                    Box(panel.right - pad - next_w, y, next_w, height),
                    tr("tutorial.next"),
                    "next",
                    primary=True,
                )
            )
        return buttons

    def center_box(self) -> Box:
        """The Done and Leave panels' place, over the table's middle."""
        layout = self.table.layout
        w = min(layout.side - 2 * layout.pad, max(360, round(layout.width * 0.42)))
        h = round(layout.side * 0.46)
        return Box(layout.cx - w // 2, layout.cy - h // 2, w, h)

    def targets(self) -> list[Box]:
        """The boxes the lesson points at: its button (until pressed, for riichi), then its tiles."""
        lesson = self.lesson
        if lesson is None or not self.at_decision:
            return []
        boxes: list[Box] = []
        table = self.table
        if lesson.button is not None:
            key = BUTTON_KEYS[lesson.button]
            for button in table.buttons:
                if button.value == key and not button.selected:
                    boxes.append(button.box)
        kinds = set(lesson.tiles)
        for tile in table.mapper.tiles:
            sprite = table.sprites.get(("h", tile))
            if tile >> 2 in kinds and sprite is not None:
                boxes.append(sprite.box)
        return boxes

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the lesson's panel with its pointer, or the Done or Leave panel."""
        self.table.draw(surface)
        lang = i18n.language()
        if self.confirming or self.done:
            self.draw_center(surface, lang)
            return
        lesson = self.lesson
        if lesson is not None and self.at_decision:
            self.draw_pointer(surface)
            self.draw_lesson(surface, lesson, lang)

    def draw_lesson(self, surface: pygame.Surface, lesson: Lesson, lang: str) -> None:
        """The panel: which step, the lesson's text, the hint after a wrong answer, Skip and Next."""
        box = self.panel_box()
        layout = self.table.layout
        pad = layout.pad
        surface.blit(panel_surface(box.w, box.h, alpha=235), (box.x, box.y))
        head, size = self.text_sizes()
        title = tr("tutorial.step_n", n=self.index + 1, total=len(LESSONS))
        draw_fitted(
            surface,
            title,
            head,
            GOLD,
            Box(box.x + pad * 2, box.y + pad, box.w - pad * 4, round(head * 1.4)),
            "midleft",
            True,
            lang,
        )
        buttons = self.panel_buttons()
        text_top = box.y + pad + round(head * 1.6)
        text_bottom = min(button.box.y for button in buttons) - pad
        hint_h = round(head * 1.3) if self.hint else 0
        text = Box(box.x + pad * 2, text_top, box.w - pad * 4, max(10, text_bottom - text_top - hint_h))
        draw_paragraph(surface, tr(f"tutorial.step.{lesson.key}"), text, size, lang, INK)
        if self.hint:
            hint = Box(text.x, text.bottom, text.w, hint_h)
            draw_fitted(
                surface, tr("tutorial.hint"), round(head * 0.9), HINT_INK, hint, "midleft", True, lang
            )
        for button in buttons:
            button.draw(surface, self.mouse, lang)

    def draw_pointer(self, surface: pygame.Surface) -> None:
        """A pulsing gold frame round each target (neighbours share one), a bobbing arrow over the first."""
        targets = merged(self.targets())
        if not targets:
            return
        pulse = 0.5 + 0.5 * math.sin(self.time_s * 5.0)
        width = max(2, round(self.table.layout.pad * 0.4))
        colour = (*GOLD, round(150 + 105 * pulse))
        overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for target in targets:
            grow = width + round(pulse * width)
            rect = pygame.Rect(target.x - grow, target.y - grow, target.w + 2 * grow, target.h + 2 * grow)
            pygame.draw.rect(overlay, colour, rect, width=width, border_radius=width * 2)
        first = targets[0]
        reach = max(24, round(self.table.layout.hand_h * 0.7))
        tip_y = first.y - width * 3 - round(pulse * width * 2)
        mid_x = first.x + first.w // 2
        draw_arrow(overlay, (mid_x, tip_y - reach), (mid_x, tip_y), colour, max(3, width + 2))
        surface.blit(overlay, (0, 0))

    def draw_center(self, surface: pygame.Surface, lang: str) -> None:
        """The Done panel, or Esc's question."""
        layout = self.table.layout
        surface.blit(veil(layout.width, layout.height, 170), (0, 0))
        box = self.center_box()
        surface.blit(panel_surface(box.w, box.h, alpha=252), (box.x, box.y))
        pad = layout.pad * 2
        head = max(16, round(layout.button_h * 0.8))
        title = tr("tutorial.done_title") if self.done else tr("tutorial.leave_question")
        draw_fitted(
            surface,
            title,
            head,
            GOLD,
            Box(box.x + pad, box.y + pad, box.w - 2 * pad, round(head * 1.4)),
            "center",
            True,
            lang,
        )
        buttons = self.panel_buttons()
        if self.done:
            top = box.y + pad + round(head * 1.8)
            text = Box(box.x + pad, top, box.w - 2 * pad, buttons[0].box.y - pad - top)
            draw_paragraph(
                surface, tr("tutorial.done_text"), text, max(12, round(head * 0.62)), lang, DIM_INK
            )
        for button in buttons:
            button.draw(surface, self.mouse, lang)


def merged(boxes: list[Box]) -> list[Box]:
    """The boxes with side-by-side neighbours (hand tiles next to each other) joined into one."""
    result: list[Box] = []
    for box in sorted(boxes, key=lambda box: (box.y, box.x)):
        last = result[-1] if result else None
        if last is not None and last.y == box.y and last.h == box.h and 0 <= box.x - last.right <= box.w // 4:
            result[-1] = Box(last.x, last.y, box.right - last.x, last.h)
        else:
            result.append(box)
    return result


def draw_arrow(
    surface: pygame.Surface,
    start: tuple[int, int],
    end: tuple[int, int],
    colour: tuple[int, int, int, int],
    width: int,
) -> None:
    """A straight arrow from ``start`` with its head at ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = width * 4
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, colour, start, (round(base[0]), round(base[1])), width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [end, left, right])
