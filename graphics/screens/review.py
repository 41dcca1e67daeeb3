"""The review screen: one seat's decisions in a finished match beside the strong AI's (``game.review``).

First a pick: the recent finished matches of the records (date, players, result) with the seat to review, or a
log file given as an option or dropped on the window. Then the review runs one hand a frame behind a progress
bar, and the screen shows the agreement rate and steps through the decisions that differ: the position the
seat decided in (its hand with the drawn tile, every river with riichi marked, melds, dora, scores), the
player's action and the AI's, and the numbers behind them. A file or a match that cannot be reviewed is one
line on the screen, never a crash.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame

from game.coach import Advice
from game.logs.record import GameRecord
from game.mjai.protocol import parse_tile
from game.records import RecordsError
from game.review import Decision, Review, ReviewError, file_plan, match_record, review_hands
from game.terms import PASS, RuleSet
from game.view import SeatView
from graphics import i18n
from graphics.app import App
from graphics.coach_panel import why_line
from graphics.fonts import text_size
from graphics.i18n import tr
from graphics.layout import Box
from graphics.match_list import LIST_ROWS, Target, draw_pick, finished_matches, match_label
from graphics.screens import navigation
from graphics.screens.chrome import backdrop, band_surface, draw_heading, draw_panel
from graphics.screens.form import Field, Form
from graphics.tiles import TileArt, art_kind
from graphics.widgets import DIM_INK, GOLD, INK, Button, Cycler, draw_fitted, draw_text, fitted_text

PLAYER_INK = (236, 150, 120)
AI_INK = (140, 210, 240)
RIICHI_INK = (236, 110, 96)
HONOR_NAMES = ("E", "S", "W", "N", "P", "F", "C")
"""mjai's honour names, in kind order from 27."""
ACTION_KINDS = ("discard", "riichi", "chi", "pon", "kan", "tsumo", "ron", "pass", "kita", "flower", "draw")
"""The ``review.action.{}`` texts."""
TILE_ACTIONS = ("discard", "riichi", "chi", "pon", "kan", "kita", "flower")
"""The actions written with their tile, ``review.action.{}_tile``."""


def tile_text(name: str) -> str:
    """An mjai tile name as the screen writes it: ``5m`` (a red five is a five), an honour by its name."""
    if name in HONOR_NAMES:
        return tr(f"review.honor.{HONOR_NAMES.index(name)}")
    return name.removesuffix("r")


def action_kind(message: dict[str, Any]) -> str:
    """The ``review.action.{}`` kind of an action in mjai notation."""
    kind = message.get("type")
    if kind == "dahai":
        return "riichi" if message.get("reach") else "discard"
    if kind in ("chi", "pon", "nukidora"):
        return "kita" if kind == "nukidora" else str(kind)
    if kind in ("daiminkan", "ankan", "kakan"):
        return "kan"
    if kind == "hora":
        return "tsumo" if message.get("actor") == message.get("target") else "ron"
    if kind == "ryukyoku":
        return "draw"
    if kind == "flower":
        return "flower"
    return "pass"


def action_text(message: dict[str, Any]) -> str:
    """An action in mjai notation as a line: "Discard 5m", "Riichi 3p", "Pon 7s", "Pass"."""
    kind = action_kind(message)
    tile = message.get("pai")
    if kind in TILE_ACTIONS and isinstance(tile, str):
        return tr(f"review.action.{kind}_tile", tile=tile_text(tile))
    return tr(f"review.action.{kind}")


def measure_text(numbers: dict[str, Any] | None) -> str:
    """A discard's numbers: shanten, ukeire and the AI's expected points where it valued the discards."""
    if not numbers:
        return ""
    shanten = numbers.get("shanten", 0)
    parts = [tr("tenpai") if shanten == 0 else tr("coach.shanten", count=shanten)]
    parts.append(tr("coach.tiles", count=numbers.get("ukeire", 0)))
    value = numbers.get("value")
    if value is not None:
        parts.append(tr("review.value", points=f"{round(value):,}"))
    return " · ".join(parts)


def decision_why(decision: Decision) -> str:
    """The coach's one-line reason for the AI's action."""
    detail = decision.detail
    advice = Advice(PASS, why=str(detail.get("why", "")), fields=dict(detail.get("fields", {})))
    return why_line(advice)


def hand_text(label: str, short: bool = False) -> str:
    """A hand label of the review (E1-0) as "East 1 · 0 honba"; ``short`` leaves out no honba."""
    winds = "ESWN"
    try:
        wind = winds.index(label[0])
        kyoku, honba = label[1:].split("-")
        round_name = tr("round.label", wind=tr(f"wind.{wind}"), kyoku=int(kyoku))
    except (ValueError, IndexError):
        return label
    if short and int(honba) == 0:
        return round_name
    return f"{round_name} · {tr('honba.label', n=int(honba))}"


class ReviewScene:
    """Pick a finished match or a file and a seat, run the review, step through the differing decisions."""

    def __init__(
        self,
        app: App,
        match: int | None = None,
        seat: int | None = None,
        path: str | Path | None = None,
        back: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
        self.back = back if back is not None else navigation.back_to(app, "title")
        self.form = Form(app.services.play_cue)
        self.notice = ""  # one line: what could not be read or reviewed
        self.targets: list[Target] = []
        self.chosen = 0  # the target picked in the list
        self.seat_index = 0  # of the chosen target's seats
        self.stage = "pick"  # "pick", "running", "steps"
        self.picked = False  # the review was started from the pick (Back returns to it)
        self.review: Review | None = None
        self.rules: RuleSet | None = None
        self.names: tuple[str, ...] = ()
        self.seat = 0
        self.hands = 0  # hands to review, and reviewed so far
        self.done_hands = 0
        self.running_label = ""
        self._work: Iterator[str] | None = None
        self.differing: list[Decision] = []
        self.index = 0  # the differing decision shown
        self._built: tuple[int, int, str, str, int] | None = None
        self._art: TileArt | None = None
        self.jump_boxes: list[tuple[Box, int]] = []
        self.row_boxes: list[tuple[Box, int]] = []
        if path is not None:
            self.open_file(Path(path), seat)
        else:
            try:
                self.targets = finished_matches(app)
            except RecordsError as error:
                self.notice = str(error)
            if match is not None:
                self.start_match(match, seat)

    # ---- what to review -----------------------------------------------------------------------------------

    def open_file(self, path: Path, seat: int | None = None) -> None:
        """Offer the log at ``path`` (its players' seats to choose); a bad file is the notice line."""
        try:
            plan = file_plan(path)
        except ReviewError as error:
            self.notice = one_line(str(error))
            return
        names = plan[0][0].names
        target = Target(path.name, tuple(names), tuple(range(len(names))), path=path)
        self.targets = [target, *[entry for entry in self.targets if entry.path is None]]
        self.chosen = 0
        self.seat_index = seat if seat is not None and 0 <= seat < len(names) else 0
        self.notice = ""
        self.stage = "pick"
        self._built = None

    def start_match(self, match: int, seat: int | None = None) -> None:
        """Review a stored match (from the results screen): at ``seat``, else its first human seat."""
        for index, target in enumerate(self.targets):
            if target.match == match:
                self.chosen = index
                break
        else:
            try:
                summary = self.app.records().match_summary(match)
            except RecordsError as error:
                self.notice = one_line(str(error))
                return
            humans = tuple(s for s, entry in enumerate(summary.seats) if entry.is_human)
            target = Target(
                match_label(summary),
                tuple(entry.name for entry in summary.seats),
                humans or tuple(range(len(summary.seats))),
                match=match,
            )
            self.targets.insert(0, target)
            self.chosen = 0
        target = self.targets[self.chosen]
        self.seat_index = target.humans.index(seat) if seat in target.humans else 0
        self.start()

    def seats_offered(self) -> tuple[int, ...]:
        """The chosen target's seats to review."""
        return self.targets[self.chosen].humans if self.targets else ()

    def start(self) -> None:
        """Begin reviewing the chosen target at the chosen seat (one hand a frame from the next update)."""
        if not self.targets:
            return
        target = self.targets[self.chosen]
        seats = target.humans
        self.seat = seats[min(self.seat_index, len(seats) - 1)]
        try:
            if target.match is not None:
                game, rules = match_record(self.app.records(), target.match)
                plan: list[tuple[GameRecord, RuleSet, int]] = [(game, rules, self.seat)]
            else:
                assert target.path is not None
                plan = file_plan(target.path, seat=self.seat)
        except (RecordsError, ReviewError) as error:
            self.notice = one_line(str(error))
            return
        self.notice = ""
        self.rules = plan[0][1]
        self.names = target.names
        self.review = Review()
        self.hands = sum(len(game.rounds) for game, _, _ in plan)
        self.done_hands = 0
        self._work = self._steps(plan, self.review)
        self.stage = "running"
        self._built = None

    @staticmethod
    def _steps(plan: list[tuple[GameRecord, RuleSet, int]], review: Review) -> Iterator[str]:
        for game, rules, seat in plan:
            yield from review_hands(game, rules, seat, review)

    def run_some(self, budget_s: float = 0.05) -> None:
        """Review hands until ``budget_s`` has passed (at least one); show the decisions once all are done."""
        if self._work is None or self.review is None:
            return
        start = time.perf_counter()
        while True:
            try:
                self.running_label = next(self._work)
            except StopIteration:
                self.finish()
                return
            except Exception as error:  # an engine bug must not take the window down: one line
                self.notice = one_line(f"{type(error).__name__}: {error}")
                self._work = None
                self.stage = "pick"
                self._built = None
                return
            self.done_hands += 1
            if time.perf_counter() - start >= budget_s:
                return

    def run_all(self) -> None:
        """Finish the review at once (tests, captures)."""
        while self.stage == "running":
            self.run_some(1e9)

    def finish(self) -> None:
        """The review is done: step through the differing decisions."""
        assert self.review is not None
        self._work = None
        self.differing = [decision for decision in self.review.decisions if not decision.agree]
        self.index = 0
        self.stage = "steps"
        self._built = None

    def step(self, steps: int) -> None:
        """Show the previous or the next differing decision."""
        if self.differing:
            self.index = max(0, min(len(self.differing) - 1, self.index + steps))
            self._built = None

    def jump(self, index: int) -> None:
        """Show the differing decision ``index``."""
        if 0 <= index < len(self.differing):
            self.index = index
            self._built = None

    def leave(self) -> None:
        """Back: to the pick when the review was started from it, else out of the screen."""
        if self.stage != "pick" and self.picked:
            self.stage = "pick"
            self._work = None
            self._built = None
            return
        self.back()

    def start_picked(self) -> None:
        """The Review button of the pick: start, and let Back return to the pick."""
        self.picked = True
        self.start()

    # ---- layout -------------------------------------------------------------------------------------------

    def art(self) -> TileArt:
        """The tile sprites of the player's theme."""
        theme = self.app.settings.theme
        if self._art is None or self._art.theme != theme:
            self._art = TileArt(theme)
        return self._art

    def build(self) -> None:
        """Boxes and buttons for the window's size, language and stage."""
        width, height = self.app.size
        lang = i18n.language()
        key = (width, height, lang, self.stage, self.index)
        if self._built == key:
            return
        self._built = key
        unit = max(26, min(height // 15, width // 22))
        margin = max(10, min(width, height) // 40)
        self.heading = Box(margin, margin // 2, width - 2 * margin, round(unit * 1.3))
        self.buttons_box = Box(margin, height - margin - unit, width - 2 * margin, unit)
        self.body = Box(margin, self.heading.bottom + margin // 2, width - 2 * margin, 0)
        self.body = Box(self.body.x, self.body.y, self.body.w, self.buttons_box.y - margin // 2 - self.body.y)
        fields: list[Field] = []
        button_w = min(unit * 5, (width - 2 * margin - 2 * margin) // 3)
        back_box = Box(self.buttons_box.x, self.buttons_box.y, button_w, unit)
        fields.append(Field("back", Button(back_box, tr("menu.back"), "back"), self.leave))
        if self.stage == "pick" and self.targets:
            right = self.buttons_box.right
            start_box = Box(right - button_w, self.buttons_box.y, button_w, unit)
            seat_box = Box(
                start_box.x - margin - button_w * 3 // 2, self.buttons_box.y, button_w * 3 // 2, unit
            )
            target = self.targets[self.chosen]
            labels = tuple(tr("review.seat", name=target.names[seat]) for seat in target.humans)
            self.seat_index = min(self.seat_index, len(labels) - 1)
            cycler = Cycler(seat_box, labels, self.seat_index)

            def chose_seat() -> None:
                self.seat_index = cycler.index

            fields.append(Field("seat", cycler, chose_seat))
            fields.append(
                Field(
                    "start", Button(start_box, tr("review.start"), "start", primary=True), self.start_picked
                )
            )
            self.form.set_fields(fields, default_focus="start")
            return
        if self.stage == "steps" and self.differing:
            right = self.buttons_box.right
            next_box = Box(right - button_w, self.buttons_box.y, button_w, unit)
            prev_box = Box(next_box.x - margin - button_w, self.buttons_box.y, button_w, unit)
            fields.append(
                Field(
                    "prev",
                    Button(prev_box, tr("review.previous"), "prev", enabled=self.index > 0),
                    lambda: self.step(-1),
                )
            )
            fields.append(
                Field(
                    "next",
                    Button(
                        next_box,
                        tr("review.next"),
                        "next",
                        primary=True,
                        enabled=self.index < len(self.differing) - 1,
                    ),
                    lambda: self.step(1),
                )
            )
            self.form.set_fields(fields, default_focus="next")
            return
        self.form.set_fields(fields, default_focus="back")

    # ---- the Scene protocol -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons; Left/Right step the decisions; a click on a row picks it; a dropped file opens; Esc
        goes back."""
        self.build()
        if event.type == pygame.DROPFILE:
            if self.stage != "running":
                self.open_file(Path(event.file))
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
                return
            if self.stage == "steps" and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step(1 if event.key == pygame.K_RIGHT else -1)
                return
            if self.stage == "pick" and event.key in (pygame.K_UP, pygame.K_DOWN) and self.targets:
                self.choose(self.chosen + (1 if event.key == pygame.K_DOWN else -1))
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for box, index in self.row_boxes if self.stage == "pick" else self.jump_boxes:
                if box.contains_point(*event.pos):
                    if self.stage == "pick":
                        self.choose(index)
                    else:
                        self.jump(index)
                    return
        self.form.handle(event)

    def choose(self, index: int) -> None:
        """Pick the target ``index`` of the list."""
        if self.targets:
            self.chosen = max(0, min(len(self.targets) - 1, index))
            self.seat_index = 0
            self._built = None

    def update(self, dt_s: float) -> None:
        """Run the review a little further; blink the focus."""
        if self.stage == "running":
            self.run_some()
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Every frame while the review runs; then only input changes the screen."""
        return 0.0 if self.stage == "running" else self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen for its stage."""
        self.build()
        width, height = self.app.size
        lang = i18n.language()
        surface.blit(backdrop(width, height), (0, 0))
        draw_heading(surface, tr("review.heading"), self.heading, lang)
        if self.stage == "pick":
            self.draw_pick(surface, lang)
        elif self.stage == "running":
            self.draw_running(surface, lang)
        else:
            self.draw_steps(surface, lang)
        self.form.draw(surface, lang)

    # ---- drawing ------------------------------------------------------------------------------------------

    def text_px(self, share: float) -> int:
        """A text size as a share of the window's smaller side."""
        width, height = self.app.size
        return max(11, round(min(max(width, height) * 0.5625, width, height) * share))

    def draw_pick(self, surface: pygame.Surface, lang: str) -> None:
        """The list of finished matches (or the file) to pick from, with the drop hint."""
        texts = (tr("review.pick"), tr("review.none"), tr("review.drop_hint"))
        self.row_boxes = draw_pick(
            surface,
            self.body,
            texts,
            self.targets,
            self.chosen,
            self.notice,
            self.text_px(0.028),
            LIST_ROWS,
            lang,
        )

    def draw_running(self, surface: pygame.Surface, lang: str) -> None:
        """The progress bar: hands reviewed of all."""
        body = self.body
        size = self.text_px(0.03)
        w = min(body.w, max(320, body.w * 2 // 3))
        bar = Box(body.x + (body.w - w) // 2, body.y + body.h // 2, w, max(12, size))
        text = tr("review.running", done=self.done_hands, total=self.hands)
        draw_text(surface, text, size, INK, (bar.x + bar.w // 2, bar.y - size), "midbottom", False, lang)
        pygame.draw.rect(
            surface, (8, 20, 16), pygame.Rect(bar.x, bar.y, bar.w, bar.h), border_radius=bar.h // 2
        )
        filled = round(bar.w * self.done_hands / max(1, self.hands))
        if filled:
            pygame.draw.rect(
                surface, GOLD, pygame.Rect(bar.x, bar.y, filled, bar.h), border_radius=bar.h // 2
            )

    def draw_steps(self, surface: pygame.Surface, lang: str) -> None:
        """The agreement, the position of the decision shown, both actions and the list to jump."""
        assert self.review is not None
        review = self.review
        body = self.body
        size = self.text_px(0.027)
        summary = tr(
            "review.agreement",
            name=self.names[self.seat] if self.seat < len(self.names) else str(self.seat),
            rate=f"{review.rate * 100:.0f}",
            agreed=review.agreed,
            total=len(review.decisions),
        )
        line_h = round(size * 1.7)
        shown, fit = fitted_text(summary, size + 2, body.w, True, lang)
        draw_text(surface, shown, fit, GOLD, (body.x, body.y + line_h // 2), "midleft", True, lang)
        area = Box(body.x, body.y + line_h, body.w, body.h - line_h)
        self.jump_boxes = []
        if not self.differing:
            draw_panel(surface, area)
            text = tr("review.all_agree") if review.decisions else tr("review.no_decisions")
            draw_fitted(surface, text, size, INK, area, "center", lang=lang)
            return
        decision = self.differing[self.index]
        gap = max(8, body.w // 80)
        if area.w >= area.h * 1.3:  # landscape: the position on the left, the actions on the right
            board_w = round(area.w * 0.6)
            board = Box(area.x, area.y, board_w, area.h)
            side = Box(board.right + gap, area.y, area.w - board_w - gap, area.h)
        else:  # portrait: the position above
            board_h = round(area.h * 0.55)
            board = Box(area.x, area.y, area.w, board_h)
            side = Box(area.x, board.bottom + gap, area.w, area.h - board_h - gap)
        draw_panel(surface, board)
        draw_panel(surface, side)
        if decision.view is not None:
            self.draw_position(surface, board, decision.view, decision, lang)
        self.draw_actions(surface, side, decision, lang)

    def draw_position(
        self, surface: pygame.Surface, box: Box, view: SeatView, decision: Decision, lang: str
    ) -> None:
        """The table as the seat saw it: round and honba, dora, each seat's score, river and melds, the
        seat's hand with the drawn tile set apart."""
        art = self.art()
        pad = max(6, box.h // 40)
        size = self.text_px(0.024)
        inner = Box(box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad)
        header = tr("review.step", index=self.index + 1, count=len(self.differing))
        header = f"{header} · {hand_text(decision.hand)}"
        dora_h = round(size * 1.4)
        x = inner.right - len(view.dora_indicators) * (round(dora_h * 0.75) + 1)
        dora_label = tr("review.dora")
        label_x = x - 6 - text_size(dora_label, size, False, lang)[0]
        shown, fit = fitted_text(header, size, max(40, label_x - inner.x - 8), True, lang)
        draw_text(surface, shown, fit, GOLD, (inner.x, inner.y + dora_h // 2), "midleft", True, lang)
        draw_text(surface, dora_label, size, DIM_INK, (x - 6, inner.y + dora_h // 2), "midright", False, lang)
        for tile in view.dora_indicators:
            face = self.face(art, tile, dora_h)
            surface.blit(face, (x, inner.y))
            x += face.get_width() + 1
        top = inner.y + max(dora_h, size) + pad
        hand_h = max(24, min(round(inner.h * 0.2), round(inner.w / 15.5)))
        rows_bottom = inner.bottom - hand_h - pad
        players = view.n
        row_h = (rows_bottom - top) // players
        name_w = round(inner.w * 0.24)
        metrics = self.river_metrics(view, inner.w - name_w - 8, row_h - 2)
        for offset in range(players):
            seat = (view.seat + offset) % players
            y = top + offset * row_h
            self.draw_seat_row(
                surface, Box(inner.x, y, inner.w, row_h - 2), view, seat, name_w, metrics, lang
            )
        self.draw_hand(surface, Box(inner.x, inner.bottom - hand_h, inner.w, hand_h), view)

    @staticmethod
    def river_metrics(view: SeatView, room: int, row_h: int) -> tuple[int, int, int]:
        """One size for every river: (river tile height, tiles a line, meld tile height), in one line or two,
        whichever shows the longest river (counted from 12) with the widest melds bigger."""
        meld_h = max(10, round(row_h * 0.42))
        meld_w = max(
            (
                sum(len(meld.tiles) for meld in player.melds) * round(meld_h * 0.75) + 6 * len(player.melds)
                for player in view.players
            ),
            default=0,
        )
        width = max(40, room - meld_w - 8)
        longest = max(12, *(len(player.river) for player in view.players))
        best = (0, longest, meld_h)
        for lines in (1, 2, 3):
            per_line = -(-longest // lines)
            height = min((row_h - 4) // lines, round(width / (per_line + 0.4) / 0.75))
            if height > best[0]:
                best = (height, per_line, meld_h)
        return best

    def face(self, art: TileArt, tile: int, height: int, turns: int = 0) -> pygame.Surface:
        """A tile's face, red fives red."""
        red = self.rules is not None and tile in self.rules.red_five_ids
        return art.face(art_kind(tile), height, turns, red=red)

    def draw_seat_row(
        self,
        surface: pygame.Surface,
        box: Box,
        view: SeatView,
        seat: int,
        name_w: int,
        metrics: tuple[int, int, int],
        lang: str,
    ) -> None:
        """One seat: wind, name, score and riichi on the left; its river; its melds at the right end."""
        art = self.art()
        player = view.players[seat]
        size = max(10, min(self.text_px(0.022), box.h // 3))
        own = seat == view.seat
        surface.blit(band_surface(box.w, box.h, (255, 255, 255, 18 if own else 8)), (box.x, box.y))
        wind = tr(f"wind.{view.seat_winds[seat]}")
        name = self.names[seat] if seat < len(self.names) else str(seat)
        shown, fit = fitted_text(f"{wind} · {name}", size, name_w - 8, own, lang)
        draw_text(surface, shown, fit, GOLD if own else INK, (box.x + 6, box.y + 3), "topleft", own, lang)
        line_y = box.y + 3 + round(fit * 1.3)
        draw_text(
            surface, f"{view.scores[seat]:,}", size - 1, DIM_INK, (box.x + 6, line_y), "topleft", False, lang
        )
        if player.riichi:
            riichi = tr("review.riichi")
            draw_text(
                surface, riichi, size - 1, RIICHI_INK, (box.x + name_w - 8, line_y), "topright", True, lang
            )
        tile_h, per_line, meld_h = metrics
        right = box.right - 4
        for meld in reversed(player.melds):
            for tile in reversed(meld.tiles):
                face = self.face(art, tile, meld_h)
                right -= face.get_width()
                surface.blit(face, (right, box.bottom - face.get_height() - 3))
            right -= 6
        lines = max(1, -(-len(player.river) // per_line))
        y0 = box.y + (box.h - lines * tile_h) // 2
        river_x = box.x + name_w
        x = river_x
        for index, river_tile in enumerate(player.river):
            if index and index % per_line == 0:
                x = river_x
            turns = 1 if river_tile.riichi else 0
            face = self.face(art, river_tile.tile, tile_h, turns)
            if river_tile.called:
                face = face.copy()
                face.set_alpha(90)
            y = y0 + (index // per_line) * tile_h + (tile_h - face.get_height())
            surface.blit(face, (x, y))
            if river_tile.riichi:
                edge = pygame.Rect(x, y, face.get_width(), face.get_height())
                pygame.draw.rect(surface, RIICHI_INK, edge, 2, border_radius=3)
            x += face.get_width()

    def draw_hand(self, surface: pygame.Surface, box: Box, view: SeatView) -> None:
        """The seat's concealed hand, sorted, with the drawn tile set apart at the right."""
        art = self.art()
        tiles = list(view.hand)
        drawn = view.drawn
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        height = box.h
        step_w = round(height * 0.75)
        total = len(tiles) * step_w + (step_w // 2 + step_w if drawn is not None else 0)
        if total > box.w:
            height = max(12, round(height * box.w / total))
            step_w = round(height * 0.75)
        x = box.x
        for tile in tiles:
            surface.blit(self.face(art, tile, height), (x, box.bottom - height))
            x += step_w
        if drawn is not None:
            x += step_w // 2
            surface.blit(self.face(art, drawn, height), (x, box.bottom - height))

    def draw_actions(self, surface: pygame.Surface, box: Box, decision: Decision, lang: str) -> None:
        """The player's action and the AI's with their numbers, the AI's reason, then the list to jump."""
        art = self.art()
        pad = max(8, box.h // 36)
        size = self.text_px(0.026)
        inner = Box(box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad)
        y = inner.y
        line_h = round(size * 1.45)
        detail = decision.detail
        for who, message, numbers, ink in (
            ("review.player", decision.actual, detail.get("actual"), PLAYER_INK),
            ("review.ai", decision.expected, detail.get("expected"), AI_INK),
        ):
            label = tr(who, action=action_text(message))
            tile = message.get("pai")
            x = inner.x
            if isinstance(tile, str) and self.rules is not None:
                try:
                    kind, _ = parse_tile(tile, self.rules)
                except ValueError:
                    kind = -1
                if kind >= 0:
                    face = art.face(kind, round(line_h * 1.1))
                    surface.blit(face, (x, y))
                    x += face.get_width() + 6
            shown, fit = fitted_text(label, size, inner.right - x, True, lang)
            draw_text(surface, shown, fit, ink, (x, y + round(line_h * 0.55)), "midleft", True, lang)
            y += round(line_h * 1.25)
            measure = measure_text(numbers if isinstance(numbers, dict) else None)
            if measure:
                shown, fit = fitted_text(measure, size - 2, inner.right - x, lang=lang)
                draw_text(surface, shown, fit, INK, (x, y), "topleft", False, lang)
                y += line_h
            y += line_h // 3
        why = decision_why(decision)
        if why:
            from graphics.widgets import wrap_text

            for line in wrap_text(why, size - 2, inner.w, lang)[:3]:
                draw_text(surface, line, size - 2, DIM_INK, (inner.x, y), "topleft", False, lang)
                y += round((size - 2) * 1.35)
        y += line_h // 2
        # the list of differing decisions, around the one shown
        draw_text(
            surface,
            tr("review.differing", count=len(self.differing)),
            size - 2,
            GOLD,
            (inner.x, y),
            "topleft",
            True,
            lang,
        )
        y += line_h
        row_h = max(size + 4, round((size - 2) * 1.6))
        rows = max(0, (inner.bottom - y) // row_h)
        if rows == 0:
            return
        first = max(0, min(self.index - rows // 2, len(self.differing) - rows))
        for index in range(first, min(len(self.differing), first + rows)):
            item = self.differing[index]
            row = Box(inner.x, y, inner.w, row_h - 2)
            self.jump_boxes.append((row, index))
            current = index == self.index
            if current:
                surface.blit(band_surface(row.w, row.h, (*GOLD, 44), (*GOLD, 160), 1, 4), (row.x, row.y))
            actions = f"{action_text(item.actual)} → {action_text(item.expected)}"
            text = f"{index + 1}. {hand_text(item.hand, True)} · {actions}"
            shown, fit = fitted_text(text, size - 3, row.w - 8, lang=lang)
            draw_text(
                surface,
                shown,
                fit,
                GOLD if current else INK,
                (row.x + 4, row.y + row.h // 2),
                "midleft",
                False,
                lang,
            )
            y += row_h


def one_line(text: str) -> str:
    """``text`` as one line of at most 200 characters."""
    return " ".join(text.split())[:200]
