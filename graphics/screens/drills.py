"""The drills screen: one puzzle at a time from ``game.drills``, the player's answer, then the answer shown.

What to discard: click a tile of the 14; the answer is the whole discard table (shanten, ukeire and its
tiles), the widest discards and the strong AI's choice. Count the score: pick one of four point totals; the
answer lists the yaku, the fu and the points. Name the waits: toggle tiles in a picker of the 34 kinds and
confirm. Which tile is safe: click the tile of the hand thought safest against the riichi; the answer ranks
every tile by the AI's danger with its reason. Count the fu: pick the fu; the answer lists the fu items.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.drill_answers import (
    FU_CHOICES,
    Tile,
    danger_level,
    is_correct,
    score_choices,
    tile_kind,
    tile_text,
    tiles_of,
    wait_shapes,
    wind_index,
)
from game.drill_progress import DEFAULT_PLAYER, DrillProgress, open_progress
from game.drills import DrillError, Puzzle, find, score_fu_items
from game.terms import KIND_COUNT, RuleSet
from graphics import i18n
from graphics.app import App
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import ERROR_INK, MINUS, PLUS, backdrop, draw_heading
from graphics.screens.form import Field, Form
from graphics.screens.layouts import Frame, _best
from graphics.tiles import TileArt
from graphics.widgets import DIM_INK, GOLD, INK, Button, draw_fitted, draw_text, fitted_text, panel_surface

DANGER_COLOURS = ((110, 200, 120), (200, 200, 90), (236, 150, 60), (230, 80, 70))  # safe .. high
DRILL_DESIGNS = ((1280, 720), (720, 1250))


# ---- layout ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrillLayout:
    """The drills screen: heading, the prompt line, the hand, the middle area (rivers, situation, picker or
    the answer), the choice buttons and the bottom bar (Back, the status line, Confirm or Next)."""

    width: int
    height: int
    scale: float
    portrait: bool
    heading: Box
    prompt: Box
    hand: Box
    middle: Box
    choices: Box
    back: Box
    status: Box
    action: Box

    def text_px(self, design_px: float) -> int:
        """A font size in window pixels for a design size."""
        return max(9, round(design_px * self.scale))


def drill_layout(width: int, height: int) -> DrillLayout:
    """The drills screen for a window of ``width`` x ``height``."""
    index, frame = _best(DRILL_DESIGNS, width, height)
    return _portrait(frame, width, height) if index else _landscape(frame, width, height)


def _landscape(frame: Frame, width: int, height: int) -> DrillLayout:
    return DrillLayout(
        width=width,
        height=height,
        scale=frame.scale,
        portrait=False,
        heading=frame.box(40, 6, 1200, 60),
        prompt=frame.box(60, 70, 1160, 34),
        hand=frame.box(60, 110, 1160, 96),
        middle=frame.box(60, 216, 1160, 340),
        choices=frame.box(60, 566, 1160, 56),
        back=frame.box(60, 644, 220, 56),
        status=frame.box(300, 644, 680, 56),
        action=frame.box(1000, 644, 220, 56),
    )


def _portrait(frame: Frame, width: int, height: int) -> DrillLayout:
    return DrillLayout(
        width=width,
        height=height,
        scale=frame.scale,
        portrait=True,
        heading=frame.box(20, 20, 680, 80),
        prompt=frame.box(30, 110, 660, 56),
        hand=frame.box(30, 176, 660, 90),
        middle=frame.box(30, 280, 660, 700),
        choices=frame.box(30, 994, 660, 120),
        back=frame.box(30, 1164, 200, 60),
        status=frame.box(240, 1164, 240, 60),
        action=frame.box(490, 1164, 200, 60),
    )


@dataclass(frozen=True)
class HandPlace:
    """A tile of the position on screen; ``part``: "hand" (concealed), "meld" or "win" (the winning tile)."""

    tile: Tile
    box: Box
    part: str


# ---- the screen --------------------------------------------------------------------------------------------


class DrillScene:
    """Puzzles of one drill at one level, one at a time; Back (or Esc) returns to the Practice menu."""

    def __init__(
        self,
        app: App,
        kind: str,
        level: int = 1,
        back: Callable[[], None] | None = None,
        progress: DrillProgress | None = None,
        player: str = DEFAULT_PLAYER,
        seed: int | None = None,
        rules: RuleSet | None = None,
    ) -> None:
        self.app = app
        self.kind = kind
        self.level = level
        self.back = back if back is not None else navigation.back_to(app, "practice")
        self.progress = progress if progress is not None else open_progress(app.records)
        self.player = player
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rules = rules
        self.index = -1
        self.puzzle: Puzzle | None = None
        self.error = ""
        self.answer: Any = None  # None while asking
        self.correct: bool | None = None
        self.picked: set[int] = set()  # the waits toggled so far
        self._fu_items: tuple[int, list[tuple[str, int]] | None] | None = None  # (puzzle id, items)
        self.form = Form(app.services.play_cue)
        self.layout: DrillLayout | None = None
        self._built: tuple[int, int, str, int, bool] | None = None
        self._art: tuple[str, TileArt] | None = None
        self.next_puzzle()

    # ---- puzzles -------------------------------------------------------------------------------------------

    def next_puzzle(self) -> None:
        """Show the next puzzle of the drill."""
        self.index += 1
        self.answer = None
        self.correct = None
        self.picked = set()
        try:
            self.puzzle = find(self.kind, self.seed, self.level, self.index, self.rules).puzzle
            self.error = ""
        except DrillError as exc:
            self.puzzle = None
            self.error = str(exc)
        self.build(force=True)

    @property
    def answered(self) -> bool:
        """Whether the answer is showing."""
        return self.correct is not None

    def submit(self, answer: Any) -> None:
        """Take the player's answer, count it and show the solution."""
        if self.puzzle is None or self.answered:
            return
        self.answer = answer
        self.correct = is_correct(self.kind, self.puzzle, answer)
        self.progress.record(self.kind, self.level, self.correct, self.player)
        self.app.services.play_cue("click")
        self.build(force=True)

    def hand_tiles(self) -> list[str]:
        """The names of the concealed tiles shown (with the drawn tile last for a discard)."""
        if self.puzzle is None:
            return []
        if self.kind not in ("score", "fu"):
            return [tile_text(tile) for tile in tiles_of(self.puzzle["hand"])]
        names = [tile_text(tile) for tile in tiles_of(self.puzzle["request"]["hand"])]
        names.remove(
            tile_text(tiles_of(self.puzzle["request"]["win_tile"])[0])
        )  # shown apart, framed in gold
        return names

    def toggle_wait(self, kind: int) -> None:
        """Add a kind to the waits picked, or take it away."""
        if self.answered:
            return
        self.picked ^= {kind}
        self.build(force=True)

    # ---- building ------------------------------------------------------------------------------------------

    def art(self) -> TileArt:
        """The tile art in the chosen theme."""
        theme = self.app.settings.theme
        if self._art is None or self._art[0] != theme:
            self._art = (theme, TileArt(theme))
        return self._art[1]

    def build(self, force: bool = False) -> DrillLayout:
        """The layout and the buttons for the current size, language and state."""
        width, height = self.app.size
        lang = i18n.language()
        key = (width, height, lang, self.index, self.answered)
        if self.layout is None or force or self._built != key:
            self.layout = drill_layout(width, height)
            self._built = key
            self.form.set_fields(self._fields(self.layout), default_focus="action")
        return self.layout

    def _fields(self, layout: DrillLayout) -> list[Field]:
        fields: list[Field] = []
        if self.puzzle is not None and not self.answered:
            values: Sequence[int] = ()
            if self.kind == "score":
                values = score_choices(self.puzzle, self.index)
            elif self.kind == "fu":
                values = FU_CHOICES
            for value, box in zip(
                values, _button_row(layout.choices, len(values), layout.portrait), strict=True
            ):
                label = self._choice_label(value)
                fields.append(Field(("choice", value), Button(box, label, value), self._chooser(value)))
            if self.kind in ("discard", "safe"):
                places = [place for place in self.hand_places(layout) if place.part == "hand"]
                for number, place in enumerate(places):
                    name = tile_text(place.tile)
                    button = Button(place.box, "", name)
                    fields.append(Field(("tile", number), button, self._picker(name)))
            if self.kind == "waits":
                for kind, box in self.picker_boxes(layout):
                    button = Button(box, "", kind, selected=kind in self.picked)
                    fields.append(Field(("wait", kind), button, self._waiter(kind)))
        fields.append(Field("back", Button(layout.back, tr("menu.back"), "back"), self.back))
        if self.answered or self.puzzle is None:
            fields.append(
                Field(
                    "action", Button(layout.action, tr("drill.next"), "next", primary=True), self.next_puzzle
                )
            )
        elif self.kind == "waits":
            confirm = Button(layout.action, tr("drill.confirm"), "confirm", primary=True)
            fields.append(Field("action", confirm, lambda: self.submit(frozenset(self.picked))))
        return fields

    def _choice_label(self, value: int) -> str:
        if self.kind == "score":
            return tr("drill.points", points=value)
        return tr("drill.fu_more", fu=value) if value == FU_CHOICES[-1] else tr("drill.fu", fu=value)

    def _chooser(self, value: int) -> Callable[[], None]:
        return lambda: self.submit(value)

    def _picker(self, name: str) -> Callable[[], None]:
        return lambda: self.submit(name)

    def _waiter(self, kind: int) -> Callable[[], None]:
        return lambda: self.toggle_wait(kind)

    def picker_boxes(self, layout: DrillLayout) -> list[tuple[int, Box]]:
        """The 34 kinds of the waits picker: a row per suit and one for the honours."""
        area = layout.middle
        tile_h = min(round(area.h / 4 * 0.86), round(area.w / 9 / 0.75 * 0.86), layout.text_px(88))
        tile_w = round(tile_h * 0.75)
        gap = max(3, tile_h // 8)
        row_h = tile_h + gap
        x0 = area.x + (area.w - (9 * tile_w + 8 * gap)) // 2
        y0 = area.y + (area.h - 4 * row_h) // 2
        boxes = []
        for kind in range(KIND_COUNT):
            row, column = divmod(kind, 9)
            boxes.append((kind, Box(x0 + column * (tile_w + gap), y0 + row * row_h, tile_w, tile_h)))
        return boxes

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Form input (a tile of the hand, a choice, the picker, Back, Confirm or Next); Esc goes back."""
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
        heading = tr("drill.heading", drill=tr(f"drill.kind.{self.kind}"), level=self.level)
        draw_heading(surface, heading, layout.heading, lang)
        if self.puzzle is None:
            draw_fitted(
                surface, self.error, layout.text_px(20), ERROR_INK, layout.prompt, "center", lang=lang
            )
        else:
            self.draw_prompt(surface, layout, lang)
            self.draw_middle(surface, layout, lang)
        self.form.draw(surface, lang)
        if self.puzzle is not None:
            self.draw_hand(surface, layout)
        if self.kind == "waits" and self.puzzle is not None and not self.answered:
            art = self.art()
            for kind, box in self.picker_boxes(layout):
                image = art.face(kind, box.h - 6)
                surface.blit(image, image.get_rect(center=box.center))
                if kind in self.picked:
                    pygame.draw.rect(surface, GOLD, pygame.Rect(box.x, box.y, box.w, box.h), 3, 5)
                else:
                    veil = pygame.Surface(image.get_size(), pygame.SRCALPHA)
                    veil.fill((0, 0, 0, 70))
                    surface.blit(veil, image.get_rect(center=box.center))
        self.draw_status(surface, layout, lang)

    # ---- drawing -------------------------------------------------------------------------------------------

    def draw_prompt(self, surface: pygame.Surface, layout: DrillLayout, lang: str) -> None:
        """The question, or whether the answer was right."""
        if self.answered:
            text = tr("drill.right") if self.correct else tr("drill.wrong")
            colour = PLUS if self.correct else MINUS
            draw_fitted(surface, text, layout.text_px(24), colour, layout.prompt, "midleft", True, lang)
            return
        draw_fitted(
            surface,
            tr(f"drill.ask.{self.kind}"),
            layout.text_px(22),
            INK,
            layout.prompt,
            "midleft",
            lang=lang,
        )

    def hand_places(self, layout: DrillLayout) -> list[HandPlace]:
        """Where each tile of the position goes: the concealed tiles, then the melds (a little smaller), then
        the winning tile of a score or fu puzzle; as large as the hand box allows."""
        if self.puzzle is None:
            return []
        box = layout.hand
        concealed = [tile for name in self.hand_tiles() for tile in tiles_of(name)]
        request = self.puzzle["request"] if self.kind in ("score", "fu") else self.puzzle
        meld_tiles = [tiles_of(meld["tiles"]) for meld in request.get("melds", [])]
        win = tiles_of(request["win_tile"]) if self.kind in ("score", "fu") else []
        count = len(concealed) + sum(len(group) for group in meld_tiles) + len(win)
        groups = len(meld_tiles) + (1 if win else 0)
        tile_h = box.h
        while tile_h > 16 and count * tile_h * 0.75 + groups * tile_h * 0.4 > box.w:
            tile_h -= 2
        tile_w = round(tile_h * 0.75)
        gap = round(tile_h * 0.4)
        x = box.x + (box.w - (count * tile_w + groups * gap)) // 2
        y = box.y + (box.h - tile_h) // 2
        places = []
        for tile in concealed:
            places.append(HandPlace(tile, Box(x, y, tile_w, tile_h), "hand"))
            x += tile_w
        small_h, small_w = round(tile_h * 0.9), round(tile_w * 0.9)
        for group in meld_tiles:
            x += gap
            for tile in group:
                places.append(HandPlace(tile, Box(x, y + tile_h - small_h, small_w, small_h), "meld"))
                x += small_w
        if win:
            places.append(HandPlace(win[0], Box(x + gap, y, tile_w, tile_h), "win"))
        return places

    def draw_hand(self, surface: pygame.Surface, layout: DrillLayout) -> None:
        """The position's tiles, over the (hidden) buttons of the clickable ones: a tile under the mouse or
        with the keyboard focus rises, as does the one chosen once answered; the winning tile is framed."""
        art = self.art()
        focused = self.form.focused()
        focus_box = focused.control.box if focused is not None and self.form.keyboard else None
        mouse = (-1, -1) if self.form.keyboard else self.form.mouse
        chosen = tile_kind(self.answer) if isinstance(self.answer, str) else None
        clickable = self.kind in ("discard", "safe") and not self.answered
        for place in self.hand_places(layout):
            (kind, red), box = place.tile, place.box
            lift = 0
            if place.part == "hand":
                over = clickable and (box.contains_point(*mouse) or box == focus_box)
                if over or (chosen == kind and self.answered):
                    lift = max(2, box.h // 10)
            surface.blit(art.face(kind, box.h, 0, red), (box.x, box.y - lift))
            if place.part == "win":
                pygame.draw.rect(surface, GOLD, pygame.Rect(box.x - 2, box.y - 2, box.w + 4, box.h + 4), 2, 4)

    def draw_middle(self, surface: pygame.Surface, layout: DrillLayout, lang: str) -> None:
        """The situation or rivers, and the explanation once answered."""
        assert self.puzzle is not None
        area = layout.middle
        if self.kind == "waits" and not self.answered:
            return  # the picker, drawn with the form
        surface.blit(panel_surface(area.w, area.h, radius=12), (area.x, area.y))
        inner = Box(area.x + 14, area.y + 10, area.w - 28, area.h - 20)
        size = layout.text_px(23 if layout.portrait else 19)  # a tall window has room to spare for the text
        if self.kind == "safe":
            split = inner if not self.answered else _left(inner, layout.portrait)
            self.draw_rivers(surface, split, size, lang)
            if self.answered:
                self.draw_ranking(surface, _right(inner, layout.portrait), size, lang)
            return
        situation = self.situation_lines()
        y = inner.y
        for text, tiles in situation:
            y = self.tiles_line(surface, text, tiles, size, inner, y)
        y += size // 2
        if not self.answered:
            return
        body = Box(inner.x, y, inner.w, inner.bottom - y)
        if self.kind == "discard":
            self.draw_discard_table(surface, body, size, lang)
        elif self.kind == "waits":
            self.draw_waits(surface, body, size, lang)
        elif self.kind == "score":
            self.draw_score(surface, body, size, lang)
        else:
            self.draw_fu(surface, body, size, lang)

    def situation_lines(self) -> list[tuple[str, str]]:
        """What the player needs besides the hand: winds, how the hand was won, the dora indicators; each
        line a text and the tiles (mpsz) shown after it."""
        assert self.puzzle is not None
        puzzle = self.puzzle
        if self.kind == "waits":
            return []  # the hand alone
        if self.kind not in ("score", "fu"):
            winds = tr("drill.winds_line", seat=_wind(puzzle["seat_wind"]), round=_wind(puzzle["round_wind"]))
            return [(winds, ""), (tr("drill.dora_line"), puzzle["dora_indicators"])]
        request = puzzle["request"]
        how = tr("drill.tsumo") if request.get("tsumo") else tr("drill.ron")
        winds = tr(
            "drill.win_line",
            how=how,
            tile=request["win_tile"],
            seat=_wind(request.get("seat_wind", "E")),
            round=_wind(request.get("round_wind", "E")),
        )
        lines = [(winds, ""), (tr("drill.dora_line"), request.get("dora_indicators", ""))]
        if request.get("ura_indicators"):
            lines.append((tr("drill.ura"), request["ura_indicators"]))
        extras = [tr(f"yaku.{name}") for name in FLAGS if request.get(name)]
        if request.get("honba"):
            extras.append(tr("drill.honba", count=request["honba"]))
        if extras:
            lines.append((" · ".join(extras), ""))
        return lines

    def tiles_line(self, surface: pygame.Surface, text: str, tiles: str, size: int, box: Box, y: int) -> int:
        """A line of text with small tiles after it (dora indicators); the y of the next line."""
        lang = i18n.language()
        if not tiles:
            return _line(surface, text, size, DIM_INK, box.x, y, box.w, lang)
        tile_h = round(size * 1.5)
        rect = draw_text(surface, text, size, DIM_INK, (box.x, y + tile_h // 2), "midleft", False, lang)
        x = rect.right + max(4, size // 2)
        for tile in tiles_of(tiles):
            image = self.art().face(tile[0], tile_h, 0, tile[1])
            surface.blit(image, (x, y))
            x += image.get_width() + 2
        return y + tile_h + max(3, size // 4)

    def draw_discard_table(self, surface: pygame.Surface, box: Box, size: int, lang: str) -> None:
        """Every discard: its tile, shanten, ukeire count and tiles; the widest and the AI's choice marked."""
        assert self.puzzle is not None
        art = self.art()
        best = {tile_kind(name) for name in self.puzzle["best"]}
        ai = tile_kind(self.puzzle["ai_choice"])
        chosen = tile_kind(self.answer) if isinstance(self.answer, str) else None
        summary = tr(
            "drill.best_line",
            best=" ".join(self.puzzle["best"]),
            ai=self.puzzle["ai_choice"],
        )
        y = _line(surface, summary, size, GOLD, box.x, box.y, box.w, lang, bold=True)
        options = self.puzzle["options"]
        row_h = max(14, min(round(size * 2.2), (box.bottom - y) // max(1, len(options))))
        row_h = max(row_h, round(size * 1.45))
        rows = max(1, (box.bottom - y) // row_h)
        columns = 1 if len(options) <= rows else 2
        per = -(-len(options) // columns)
        col_w = box.w // columns
        small = max(9, size - 3)
        for number, option in enumerate(options[: rows * columns]):
            column, row = divmod(number, per)
            if row >= rows:
                continue
            x, top = box.x + column * col_w, y + row * row_h
            kind = tile_kind(option["discard"])
            colour = GOLD if kind in best else INK
            if kind == ai:
                band = pygame.Surface((col_w - 8, row_h), pygame.SRCALPHA)
                band.fill((240, 200, 90, 40))
                surface.blit(band, (x, top))
            tile_h = row_h - 2
            surface.blit(art.face(kind, tile_h), (x + 2, top + 1))
            mid = top + row_h // 2
            shanten = tr("tenpai") if option["shanten"] == 0 else tr("coach.shanten", count=option["shanten"])
            draw_text(surface, shanten, small, colour, (x + tile_h, mid), "midleft", False, lang)
            count = tr("coach.tiles", count=option["ukeire"])
            draw_text(
                surface, count, small, colour, (x + tile_h + round(size * 5.2), mid), "midleft", False, lang
            )
            start = x + tile_h + round(size * 9.6)
            marks = [tr("drill.you_mark")] if kind == chosen else []
            if kind == ai:
                marks.append(tr("drill.ai_mark"))
            end = x + col_w - 10
            if marks:
                mark = " · ".join(marks)
                end = draw_text(surface, mark, small, GOLD, (end, mid), "midright", True, lang).left - 8
            wait_h = max(10, round(tile_h * 0.85))
            step = round(wait_h * 0.75)
            room = max(0, (end - start) // step)
            for index, name in enumerate(option["ukeire_tiles"][:room]):
                surface.blit(art.face(tile_kind(name), wait_h), (start + index * step, mid - wait_h // 2))

    def draw_waits(self, surface: pygame.Surface, box: Box, size: int, lang: str) -> None:
        """The right waits, and the ones the player picked."""
        assert self.puzzle is not None
        art = self.art()
        waits = [tile_kind(name) for name in self.puzzle["waits"]]
        picked = sorted(self.answer or ())
        y = box.y
        for label, kinds in ((tr("drill.waits_are"), waits), (tr("drill.you_picked"), picked)):
            y = _line(surface, label, size, GOLD, box.x, y, box.w, lang, bold=True)
            tile_h = min(round(size * 3.2), max(16, (box.bottom - y) // 2 - size))
            x = box.x
            for kind in kinds:
                image = art.face(kind, tile_h)
                surface.blit(image, (x, y))
                if label != tr("drill.waits_are") and kind not in waits:
                    pygame.draw.line(surface, MINUS, (x, y), (x + image.get_width(), y + tile_h), 3)
                x += image.get_width() + 4
            if not kinds:
                draw_text(
                    surface, tr("drill.none"), size, DIM_INK, (x, y + tile_h // 2), "midleft", False, lang
                )
            y += tile_h + size // 2
        # each wait's shape: where the winning tile sits ("3p: ryanmen, kanchan")
        for kind in waits:
            shapes = wait_shapes(self.puzzle["hand"], kind)
            names = ", ".join(tr(f"wait.{shape}") for shape in shapes)
            text = tr("drill.wait_shape", tile=tile_text((kind, False)), shapes=names)
            if y + size > box.bottom:
                break
            y = _line(surface, text, size, INK, box.x, y, box.w, lang)

    def draw_score(self, surface: pygame.Surface, box: Box, size: int, lang: str) -> None:
        """Every yaku with its han, then the han and fu and the points."""
        assert self.puzzle is not None
        answer = self.puzzle["answer"]
        y = box.y
        lines = [tr("drill.yaku_han", yaku=tr(f"yaku.{name}"), han=han) for name, han in answer["yaku"]]
        total = tr("drill.total", han=answer["han"], fu=answer["fu"], points=answer["points"])
        if answer.get("limit"):
            total += " · " + tr(f"limit.{answer['limit']}")
        columns = 2 if len(lines) * round(size * 1.35) > box.h - 3 * size else 1
        per = -(-len(lines) // columns)
        col_w = box.w // columns
        for number, line in enumerate(lines):
            column, row = divmod(number, per)
            _line(
                surface,
                line,
                size,
                INK,
                box.x + column * col_w,
                y + row * round(size * 1.35),
                col_w - 10,
                lang,
            )
        y += per * round(size * 1.35) + size // 3
        y = _line(surface, total, size + 2, GOLD, box.x, y, box.w, lang, bold=True)
        items = self.score_fu_items()
        if items and not answer.get("yakuman"):
            parts = " · ".join(
                tr("drill.fu_part", item=tr(f"drill.fu_item.{name}"), fu=fu) for name, fu in items
            )
            _line(surface, tr("drill.fu_line", items=parts), size, DIM_INK, box.x, y, box.w, lang)

    def score_fu_items(self) -> list[tuple[str, int]] | None:
        """The fu items of the score puzzle shown (worked out once per puzzle)."""
        assert self.puzzle is not None
        key = id(self.puzzle)
        if self._fu_items is None or self._fu_items[0] != key:
            self._fu_items = (key, score_fu_items(self.puzzle["request"]))
        return self._fu_items[1]

    def draw_fu(self, surface: pygame.Surface, box: Box, size: int, lang: str) -> None:
        """Every fu item, then the sum rounded up."""
        assert self.puzzle is not None
        y = box.y
        items = self.puzzle["items"]
        line_h = round(size * 1.35)
        columns = 2 if len(items) * line_h > box.h - 3 * size else 1
        per = -(-len(items) // columns)
        col_w = box.w // columns
        for number, (name, fu) in enumerate(items):
            column, row = divmod(number, per)
            text = tr("drill.fu_item_line", item=tr(f"drill.fu_item.{name}"), fu=fu)
            _line(surface, text, size, INK, box.x + column * col_w, y + row * line_h, col_w - 10, lang)
        y += per * line_h + size // 3
        total = sum(fu for _, fu in items)
        _line(
            surface,
            tr("drill.fu_total", sum=total, fu=self.puzzle["fu"]),
            size + 2,
            GOLD,
            box.x,
            y,
            box.w,
            lang,
            True,
        )

    def draw_rivers(self, surface: pygame.Surface, box: Box, size: int, lang: str) -> None:
        """The riichi seats' rivers, their riichi tile turned, and the dora indicators."""
        assert self.puzzle is not None
        art = self.art()
        riichi = self.puzzle["riichi"]
        sides = (
            ("", "right", "left") if len(self.puzzle["rivers"]) == 3 else ("", "right", "opposite", "left")
        )
        y = self.tiles_line(surface, tr("drill.dora_line"), self.puzzle["dora_indicators"], size, box, box.y)
        room = (box.bottom - y) // max(1, len(riichi)) - round(size * 1.5)
        for seat in riichi:
            y = _line(
                surface, tr(f"drill.riichi_{sides[seat]}"), size, GOLD, box.x, y, box.w, lang, bold=True
            )
            river = self.puzzle["rivers"][seat]
            tile_h = max(16, min(round(size * 2.6), room // 2 - 4))
            tile_w = round(tile_h * 0.75)
            per_row = max(6, (box.w + 2) // (tile_w + 2) - 1)
            x, row_top = box.x, y
            for number, name in enumerate(river):
                if number and number % per_row == 0:
                    x, row_top = box.x, row_top + tile_h + 4
                kind, red = tiles_of(name.rstrip("*"))[0]
                turned = name.endswith("*")
                image = art.face(kind, tile_h, 1 if turned else 0, red)
                surface.blit(image, (x, row_top + tile_h - image.get_height()))
                x += image.get_width() + 2
            y = row_top + tile_h + size // 2

    def draw_ranking(self, surface: pygame.Surface, box: Box, size: int, lang: str) -> None:
        """Every tile of the hand, safest first, with its danger level and reason."""
        assert self.puzzle is not None
        art = self.art()
        ranking = self.puzzle["ranking"]
        y = _line(surface, tr("drill.ranking"), size, GOLD, box.x, box.y, box.w, lang, bold=True)
        row_h = max(14, min(round(size * 1.5), (box.bottom - y) // max(1, len(ranking))))
        small = max(9, min(size - 2, row_h - 4))
        chosen = tile_kind(self.answer) if isinstance(self.answer, str) else None
        for number, entry in enumerate(ranking):
            top = y + number * row_h
            if top + row_h > box.bottom + 2:
                break
            kind = tile_kind(entry["tile"])
            if kind == chosen:
                band = pygame.Surface((box.w, row_h), pygame.SRCALPHA)
                band.fill((240, 200, 90, 40))
                surface.blit(band, (box.x, top))
            surface.blit(art.face(kind, row_h - 2), (box.x + 2, top + 1))
            level = danger_level(entry["danger"])
            reason = entry["reason"]
            label = tr(f"coach.danger.{level}")
            if reason != "none":
                label = f"{label} · {tr(f'coach.reason.{reason}')}"
            label = f"{label} ({entry['danger'] * 100:.1f}%)"
            shown, fit = fitted_text(label, small, box.w - row_h - 8, lang=lang, min_size=9)
            draw_text(
                surface,
                shown,
                fit,
                DANGER_COLOURS[level],
                (box.x + row_h + 4, top + row_h // 2),
                "midleft",
                False,
                lang,
            )

    def draw_status(self, surface: pygame.Surface, layout: DrillLayout, lang: str) -> None:
        """The player's streak and accuracy at this drill and level."""
        player = self.progress.player(self.player)
        tally = player.tally(self.kind, self.level)
        percent = round(100 * tally.accuracy) if tally.accuracy is not None else 0
        text = tr(
            "drill.status",
            number=self.index + 1,
            correct=tally.correct,
            attempts=tally.attempts,
            percent=percent,
            streak=player.streak,
        )
        draw_fitted(surface, text, layout.text_px(18), DIM_INK, layout.status, "center", lang=lang)


FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")
"""A score request's situation flags shown under the hand (each a yaku's catalogue name)."""


def _wind(letter: str) -> str:
    return tr(f"wind.{wind_index(letter)}")


def _left(box: Box, portrait: bool) -> Box:
    if portrait:
        return Box(box.x, box.y, box.w, box.h * 2 // 5)
    return Box(box.x, box.y, box.w * 11 // 20, box.h)


def _right(box: Box, portrait: bool) -> Box:
    if portrait:
        top = box.y + box.h * 2 // 5 + 8
        return Box(box.x, top, box.w, box.bottom - top)
    left = box.x + box.w * 11 // 20 + 16
    return Box(left, box.y, box.right - left, box.h)


def _button_row(area: Box, count: int, portrait: bool) -> list[Box]:
    """``count`` buttons across ``area`` (two rows in a portrait window when there are many)."""
    if not count:
        return []
    rows = 2 if portrait and count > 4 else 1
    per = -(-count // rows)
    gap = max(6, area.w // 80)
    height = min((area.h - (rows - 1) * gap) // rows, area.w // 11)  # a single row in a tall box stays low
    width = min((area.w - (per - 1) * gap) // per, height * 4)
    boxes = []
    for number in range(count):
        row, column = divmod(number, per)
        in_row = min(per, count - row * per)
        x0 = area.x + (area.w - (in_row * width + (in_row - 1) * gap)) // 2
        boxes.append(Box(x0 + column * (width + gap), area.y + row * (height + gap), width, height))
    return boxes


def _line(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    x: int,
    y: int,
    width: int,
    lang: str,
    bold: bool = False,
) -> int:
    """One line of text at (x, y), shortened to ``width``; the y of the next line."""
    shown, fit = fitted_text(text, size, max(1, width), bold, lang, min_size=10)
    draw_text(surface, shown, fit, colour, (x, y), "topleft", bold, lang)
    return y + round(size * 1.4)
