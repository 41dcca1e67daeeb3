"""The Practice menu: the five drills, each with a level chooser and the player's progress, and the way to the
match review and the tutorial (shown once those screens exist)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.drill_progress import DEFAULT_PLAYER, NAME_CHARS, DrillProgress, open_progress
from game.drills import KINDS, LEVELS
from graphics import i18n
from graphics.app import App
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import backdrop, draw_heading, draw_panel
from graphics.screens.form import Field, Form
from graphics.screens.layouts import Frame, _best
from graphics.widgets import DIM_INK, INK, Button, Segmented, TextInput, draw_fitted

EXTRAS = ("review", "tutorial")  # other screens reached from here, each shown once it is registered
PRACTICE_DESIGNS = ((1280, 720), (720, 1250))


@dataclass(frozen=True)
class DrillRow:
    """One drill on the Practice screen: its button, the level chooser and the progress lines."""

    button: Box
    level: Box
    progress: Box
    streak: Box


@dataclass(frozen=True)
class PracticeLayout:
    """The Practice screen for one window size."""

    width: int
    height: int
    scale: float
    heading: Box
    panel: Box
    panel_title: Box
    name: Box  # the player's name: whose progress is shown and counted
    player: Box
    rows: tuple[DrillRow, ...]
    back: Box
    extras: tuple[Box, ...]

    def text_px(self, design_px: float) -> int:
        """A font size in window pixels for a design size."""
        return max(9, round(design_px * self.scale))


def practice_layout(width: int, height: int) -> PracticeLayout:
    """The Practice screen for a window of ``width`` x ``height``: landscape, or portrait for tall windows."""
    index, frame = _best(PRACTICE_DESIGNS, width, height)
    return _portrait(frame, width, height) if index else _landscape(frame, width, height)


def _landscape(frame: Frame, width: int, height: int) -> PracticeLayout:
    rows = tuple(
        DrillRow(
            button=frame.box(150, 196 + index * 78, 380, 60),
            level=frame.box(556, 200 + index * 78, 210, 52),
            progress=frame.box(796, 196 + index * 78, 330, 30),
            streak=frame.box(796, 226 + index * 78, 330, 28),
        )
        for index in range(len(KINDS))
    )
    return PracticeLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(40, 20, 1200, 90),
        panel=frame.box(120, 118, 1040, 488),
        panel_title=frame.box(150, 130, 580, 40),
        name=frame.box(740, 127, 200, 46),
        player=frame.box(950, 130, 180, 40),
        rows=rows,
        back=frame.box(120, 632, 240, 58),
        extras=tuple(frame.box(640 + index * 270, 632, 250, 58) for index in range(len(EXTRAS))),
    )


def _portrait(frame: Frame, width: int, height: int) -> PracticeLayout:
    rows = tuple(
        DrillRow(
            button=frame.box(60, 236 + index * 158, 600, 60),
            level=frame.box(60, 306 + index * 158, 250, 52),
            progress=frame.box(336, 302 + index * 158, 330, 30),
            streak=frame.box(336, 332 + index * 158, 330, 28),
        )
        for index in range(len(KINDS))
    )
    return PracticeLayout(
        width=width,
        height=height,
        scale=frame.scale,
        heading=frame.box(20, 30, 680, 100),
        panel=frame.box(30, 144, 660, 890),
        panel_title=frame.box(60, 156, 600, 40),
        name=frame.box(60, 199, 300, 32),
        player=frame.box(370, 196, 290, 34),
        rows=rows,
        back=frame.box(30, 1066, 660, 58),
        extras=tuple(frame.box(30 + index * 340, 1140, 320, 58) for index in range(len(EXTRAS))),
    )


def progress_line(progress: DrillProgress, player: str, kind: str, level: int) -> tuple[str, str]:
    """The two progress lines of a drill: right answers at the level, then at every level."""
    tally = progress.player(player).tally(kind, level)
    accuracy = tally.accuracy
    if accuracy is None:
        first = tr("practice.not_tried")
    else:
        first = tr(
            "practice.score", correct=tally.correct, attempts=tally.attempts, percent=round(accuracy * 100)
        )
    total = progress.player(player).tally(kind)
    return first, tr("practice.all_levels", attempts=total.attempts, correct=total.correct)


class PracticeScene:
    """Choose a drill and its level; Back (or Esc) returns to where the screen was opened from."""

    def __init__(
        self,
        app: App,
        back: Callable[[], None] | None = None,
        progress: DrillProgress | None = None,
        player: str | None = None,
        levels: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.back = back if back is not None else navigation.back_to(app, "title")
        self.progress = progress if progress is not None else open_progress(app.records)
        self.player = player if player is not None else self.progress.current
        self.levels = dict(levels) if levels is not None else dict.fromkeys(KINDS, LEVELS[0])
        self.form = Form(app.services.play_cue)
        self.layout: PracticeLayout | None = None
        self._built: tuple[int, int, str] | None = None

    def extras(self) -> tuple[str, ...]:
        """The other practice screens that exist in this build."""
        return tuple(name for name in EXTRAS if name in navigation.SCREENS)

    def build(self, force: bool = False) -> PracticeLayout:
        """The layout and the controls for the current size and language."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or force or self._built != (width, height, lang):
            self.layout = practice_layout(width, height)
            self._built = (width, height, lang)
            self.form.set_fields(self._fields(self.layout), default_focus=("drill", KINDS[0]))
        return self.layout

    def _fields(self, layout: PracticeLayout) -> list[Field]:
        fields: list[Field] = []
        for kind, row in zip(KINDS, layout.rows, strict=True):
            fields.append(
                Field(("drill", kind), Button(row.button, tr(f"drill.kind.{kind}"), kind), self._opener(kind))
            )
            labels = tuple(tr("practice.level_n", level=level) for level in LEVELS)
            chooser = Segmented(row.level, labels, LEVELS.index(self.levels[kind]))
            fields.append(Field(("level", kind), chooser, self._leveler(kind, chooser)))
        typed = TextInput(
            layout.name,
            "" if self.player == DEFAULT_PLAYER else self.player,
            placeholder=tr("practice.name_placeholder"),
            max_chars=NAME_CHARS,
        )
        fields.append(Field("player", typed, lambda: self._set_player(typed.text)))
        fields.append(Field("back", Button(layout.back, tr("menu.back"), "back"), self.back))
        shown = self.extras()
        for name, box in zip(shown, layout.extras[len(layout.extras) - len(shown) :], strict=True):
            fields.append(Field(name, Button(box, tr(f"practice.{name}"), name), self._goer(name)))
        return fields

    def _set_player(self, text: str) -> None:
        """Practise under the typed name (blank: the default player); the progress shown follows."""
        self.player = self.progress.set_current(text)

    def _opener(self, kind: str) -> Callable[[], None]:
        return lambda: self.open_drill(kind)

    def _leveler(self, kind: str, chooser: Segmented) -> Callable[[], None]:
        def set_level() -> None:
            self.levels[kind] = LEVELS[chooser.index]

        return set_level

    def _goer(self, name: str) -> Callable[[], None]:
        return lambda: navigation.go(self.app, name, back=self.reopen)

    def reopen(self) -> None:
        """Come back to this menu (from a drill, the review or the tutorial) with its levels as they were."""
        navigation.go(
            self.app,
            "practice",
            back=self.back,
            progress=self.progress,
            player=self.player,
            levels=self.levels,
        )

    def open_drill(self, kind: str) -> None:
        """Start the drill ``kind`` at its chosen level."""
        navigation.go(
            self.app,
            "drill",
            kind=kind,
            level=self.levels[kind],
            back=self.reopen,
            progress=self.progress,
            player=self.player,
        )

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
        draw_heading(surface, tr("practice.title"), layout.heading, lang)
        draw_panel(surface, layout.panel, tr("practice.drills"), layout.panel_title, lang)
        player = self.progress.player(self.player)
        streak = tr("practice.streak", streak=player.streak, best=player.best_streak)
        draw_fitted(surface, streak, layout.text_px(19), DIM_INK, layout.player, "midright", lang=lang)
        for kind, row in zip(KINDS, layout.rows, strict=True):
            first, second = progress_line(self.progress, self.player, kind, self.levels[kind])
            draw_fitted(surface, first, layout.text_px(19), INK, row.progress, "midleft", lang=lang)
            draw_fitted(surface, second, layout.text_px(16), DIM_INK, row.streak, "midleft", lang=lang)
        self.form.draw(surface, lang)
