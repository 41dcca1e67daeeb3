"""A tournament's lobby: each round's tables as cards (seats by drawn wind, status, results), the standings,
and what the organiser does next: play a table, watch or play out the AI tables, adjust points, export.

The view is read from the records whenever the screen opens and after every action. Playing out the AI
tables runs a few milliseconds of engine steps per frame, so the window stays responsive and Cancel works.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.home import config_dir
from game.records import MatchSummary, RecordsError, SeatEntry
from game.saved_match import NobodySeat
from game.table import Table
from game.tournament import (
    PlayOut,
    TournamentError,
    TournamentView,
    adjust,
    advance,
    export,
    format_points,
    load_view,
)
from graphics import i18n
from graphics.app import App
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import (
    ERROR_INK,
    MINUS,
    PLUS,
    backdrop,
    draw_heading,
    draw_label,
    draw_panel,
    draw_paragraph,
    draw_rank,
    draw_scrollbar,
    points_ink,
    veil,
)
from graphics.screens.form import Field, Form
from graphics.screens.tournament_layouts import LobbyLayout, TableCard, lobby_layout
from graphics.tiles import TileArt
from graphics.widgets import (
    DIM_INK,
    GOLD,
    INK,
    Button,
    Cycler,
    TextInput,
    draw_fitted,
    panel_surface,
)

FRAME_BUDGET_S = 0.008  # engine time per frame while the AI tables are played out
WIND_TILES = (27, 28, 29, 30)  # East, South, West, North
POINTS_TYPING = re.compile(r"-?\d{0,4}(\.\d?)?")  # what may stand in the field while typing
POINTS_DONE = re.compile(r"-?(\d{1,4}(\.\d)?|\.\d)")  # what Apply accepts
REASON_CHARS = 80
LOBBY_ACTIONS = ("standings", "adjust", "export", "ceremony")  # the buttons along the bottom
ROUND_STATES = ("pending", "playing", "finished")  # a round's tag: no match begun, some begun, all finished


class PointsInput(TextInput):
    """A text field for settlement points: an optional leading minus, digits and at most one decimal."""

    def insert(self, typed: str) -> bool:
        """Add the typed characters that keep the text a number being written; whether any were added."""
        if not self.enabled:
            return False
        text = self.text
        for char in typed:
            candidate = text + char
            if len(candidate) <= self.max_chars and POINTS_TYPING.fullmatch(candidate):
                text = candidate
        if text == self.text:
            return False
        self.text = text
        return True


def parse_points(text: str) -> float | None:
    """The points typed, or None when the text is not a number with at most one decimal.

    >>> parse_points("-2.5"), parse_points("10"), parse_points("1.25")
    (-2.5, 10.0, None)
    """
    text = text.strip()
    return float(text) if POINTS_DONE.fullmatch(text) else None


def points_of(settled: int) -> float:
    """Settlement points (one decimal) from a stored result's points (1000 = one settlement point)."""
    return round(settled / 100) / 10


def current_round(view: TournamentView) -> int:
    """The round in play: the first with an unfinished match (the last round once all are played)."""
    waiting = [m.round for m in view.matches if m.status in ("pending", "playing") and m.round is not None]
    return min(waiting) if waiting else view.info.rounds


def scheduled_rounds(view: TournamentView) -> list[int]:
    """Every round with tables or byes stored, in order."""
    return sorted({m.round for m in view.matches if m.round is not None} | set(view.byes))


def seat_label(entry: SeatEntry, house_number: int) -> str:
    """A seat's name as shown: house seats in the UI's language."""
    return tr("tournament.house_seat", n=house_number) if entry.participant is None else entry.name


@dataclass(frozen=True)
class Progress:
    """Where a match in play stands: hands played and the current scores."""

    hands: int
    scores: tuple[int, ...]


def match_progress(app: App, match: MatchSummary) -> Progress | None:
    """A stored match replayed without its seats, to count its hands (None when it cannot be replayed)."""
    try:
        stored = app.records().load_match(match.id)
        rules = match.rules
        table = Table(rules, [NobodySeat() for _ in range(rules.players)], match.seed)
        table.restore(stored.actions)
    except (RecordsError, ValueError):
        return None
    return Progress(table.match.hands_played, table.match.scores)


class TournamentLobbyScene:
    """One tournament: its rounds, tables and standings, and the organiser's actions."""

    def __init__(self, app: App, tournament: int) -> None:
        self.app = app
        self.tournament = tournament
        self.form = Form(app.services.play_cue)
        self.layout: LobbyLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self.view: TournamentView | None = None
        self.load_error = ""
        self.message = ""
        self.message_is_error = False
        self.round = 1
        self.card_offset = 0  # the first row of cards in view
        self.adjusting = False
        self.adjust_error = ""
        self.adjust_who = 0
        self.adjust_points = ""
        self.adjust_reason = ""
        self.play_out: PlayOut | None = None
        self.fraction = 0.0  # the progress shown: never backwards (PlayOut's dips as a finished table closes)
        self.export_in = 0  # frames until a requested export runs (0: none asked for)
        self.time_s = 0.0
        self._progress: dict[tuple[int, int], Progress | None] = {}
        self._art: tuple[str, TileArt] | None = None
        self.reload(heal=True)

    # ---- reading -------------------------------------------------------------------------------------------

    def reload(self, heal: bool = False) -> None:
        """Read the tournament again; `heal` first schedules what is due (as opening a tournament does)."""
        try:
            records = self.app.records()
            if heal:
                advance(records, self.tournament)
            self.view = load_view(records, self.tournament)
            self.load_error = ""
        except (RecordsError, TournamentError) as error:
            self.view = None
            self.load_error = " ".join(str(error).split())
        if self.view is not None:
            self.round = self.clamped_round(current_round(self.view) if heal else self.round)
            names = len(self.view.info.participants)
            self.adjust_who = min(self.adjust_who, max(0, names - 1))
        self._built = None

    def clamped_round(self, number: int) -> int:
        """`number` within the scheduled rounds."""
        rounds = scheduled_rounds(self.view) if self.view is not None else []
        if not rounds:
            return 1
        return max(rounds[0], min(number, rounds[-1]))

    def tables(self) -> list[MatchSummary]:
        """The shown round's tables, by table number."""
        if self.view is None:
            return []
        found = [m for m in self.view.matches if m.round == self.round]
        return sorted(found, key=lambda m: m.table or 0)

    def progress(self, match: MatchSummary) -> Progress | None:
        """Hands played and scores of a match in play (cached until it moves on)."""
        run = self.play_out
        if run is not None and run.current is not None and run.current.id == match.id and run.table:
            return Progress(run.table.match.hands_played, run.table.match.scores)
        key = (match.id, match.actions)
        if key not in self._progress:
            self._progress[key] = match_progress(self.app, match)
        return self._progress[key]

    def art(self) -> TileArt:
        """The tile art in the chosen theme."""
        theme = self.app.settings.theme
        if self._art is None or self._art[0] != theme:
            self._art = (theme, TileArt(theme))
        return self._art[1]

    # ---- building ------------------------------------------------------------------------------------------

    @property
    def scale(self) -> float:
        """The layout's scale (design pixels to window pixels)."""
        return self.build().scale

    def build(self, force: bool = False) -> LobbyLayout:
        """The layout and controls for the current size, language and state."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or force or self._built != (width, height, lang):
            self.layout = lobby_layout(width, height)
            self._built = (width, height, lang)
            self.form.set_fields(self._fields(self.layout), default_focus=self._default_focus())
        return self.layout

    def _default_focus(self) -> str:
        if self.play_out is not None:
            return "cancel_play_out"
        if self.adjusting:
            return "adjust_points"
        return "standings" if self.view is not None else "back"

    def _fields(self, layout: LobbyLayout) -> list[Field]:
        back = Field("back", Button(layout.back, tr("menu.back"), "back"), self.back)
        if self.play_out is not None:
            cancel = Button(layout.play_out.cancel, tr("tournament.lobby.cancel"), "cancel")
            return [Field("cancel_play_out", cancel, self.cancel_play_out)]
        view = self.view
        if view is None:
            return [back]
        fields: list[Field] = []
        rounds = scheduled_rounds(view)
        has_prev = bool(rounds) and self.round > rounds[0]
        has_next = bool(rounds) and self.round < rounds[-1]
        fields.append(
            Field("prev", Button(layout.prev, "‹", "prev", enabled=has_prev), lambda: self.turn(-1))
        )
        fields.append(Field("next", Button(layout.next, "›", "next", enabled=has_next), lambda: self.turn(1)))
        tables = self.tables()
        self.card_offset = max(0, min(self.card_offset, self.max_card_offset(len(tables), layout)))
        first = self.card_offset * _columns(layout)
        for card, match in zip(layout.cards, tables[first:], strict=False):
            if match.status not in ("pending", "playing"):
                continue
            if match.has_humans:
                play = Button(card.second, tr("tournament.lobby.play"), ("play", match.id), primary=True)
                fields.append(Field(("play", match.id), play, self._opener(match)))
            else:
                watch = Button(card.first, tr("tournament.lobby.watch"), ("watch", match.id))
                fields.append(Field(("watch", match.id), watch, self._opener(match)))
                run = Button(card.second, tr("tournament.lobby.play_out"), ("play_out", match.id))
                fields.append(Field(("play_out", match.id), run, self.start_play_out))
        if self.adjusting:
            fields += self._adjust_fields(layout, view)
        fields.append(back)
        handlers: dict[str, Callable[[], None]] = {
            "standings": self.standings,
            "adjust": self.toggle_adjust,
            "export": self.request_export,
            "ceremony": self.ceremony,
        }
        for name, box in zip(LOBBY_ACTIONS, layout.actions, strict=True):
            if name == "ceremony" and view.info.status != "finished":
                continue
            button = Button(
                box,
                tr(f"tournament.lobby.{name}"),
                name,
                primary=name == "ceremony",
                selected=name == "adjust" and self.adjusting,
            )
            fields.append(Field(name, button, handlers[name]))
        fields.sort(key=lambda item: _tab_order(item.key))
        return fields

    def _adjust_fields(self, layout: LobbyLayout, view: TournamentView) -> list[Field]:
        panel = layout.adjust
        names = tuple(person.name for person in view.info.participants)
        who = Cycler(panel.participant.control, names, min(self.adjust_who, len(names) - 1))
        points = PointsInput(panel.points.control, self.adjust_points, placeholder="-2.0", max_chars=7)
        reason = TextInput(
            panel.reason.control,
            self.adjust_reason,
            placeholder=tr("tournament.adjust.reason_hint"),
            max_chars=REASON_CHARS,
        )

        def set_who() -> None:
            self.adjust_who = who.index

        def set_points() -> None:
            self.adjust_points = points.text
            self.adjust_error = ""

        def set_reason() -> None:
            self.adjust_reason = reason.text
            self.adjust_error = ""

        return [
            Field("adjust_who", who, set_who),
            Field("adjust_points", points, set_points),
            Field("adjust_reason", reason, set_reason),
            Field(
                "adjust_cancel",
                Button(panel.cancel, tr("tournament.lobby.cancel"), "cancel"),
                self.toggle_adjust,
            ),
            Field(
                "adjust_apply",
                Button(panel.apply, tr("tournament.adjust.apply"), "apply", primary=True),
                self.apply_adjustment,
            ),
        ]

    def _opener(self, match: MatchSummary) -> Callable[[], None]:
        return lambda: self.open_match(match)

    @staticmethod
    def max_card_offset(tables: int, layout: LobbyLayout) -> int:
        """The furthest the cards scroll, in rows of cards."""
        columns = _columns(layout)
        rows = -(-tables // columns)
        return max(0, rows - len(layout.cards) // columns)

    # ---- actions -------------------------------------------------------------------------------------------

    def say(self, text: str, error: bool = False) -> None:
        """Show one line under the panels."""
        self.message = " ".join(text.split())
        self.message_is_error = error

    def turn(self, steps: int) -> None:
        """Show the previous or next scheduled round."""
        if self.view is None:
            return
        rounds = scheduled_rounds(self.view)
        if not rounds:
            return
        position = rounds.index(self.round) if self.round in rounds else 0
        self.round = rounds[max(0, min(len(rounds) - 1, position + steps))]
        self.card_offset = 0
        self.build(force=True)

    def scroll_cards(self, rows: int) -> None:
        """Move the cards by whole rows."""
        layout = self.build()
        offset = max(0, min(self.card_offset + rows, self.max_card_offset(len(self.tables()), layout)))
        if offset != self.card_offset:
            self.card_offset = offset
            self.build(force=True)

    def open_match(self, match: MatchSummary) -> None:
        """Play (or watch) one table; the lobby comes back when it is over or left."""
        navigation.go(
            self.app,
            "continue_match",
            match_id=match.id,
            then="tournament_lobby",
            then_options={"tournament": self.tournament},
        )

    def start_play_out(self) -> None:
        """Start playing every pending table of AIs, a few milliseconds per frame."""
        try:
            self.play_out = PlayOut(self.app.records(), self.tournament, skip_people=True)
        except (RecordsError, TournamentError) as error:
            self.say(str(error), error=True)
            return
        self.fraction = 0.0
        self.message = ""
        self.adjusting = False
        self.build(force=True)

    def cancel_play_out(self) -> None:
        """Stop playing out; the match in play keeps every answer so far."""
        self.play_out = None
        self.reload()
        self.say(tr("tournament.lobby.play_out_cancelled"))
        self.build(force=True)

    def finish_play_out(self, run: PlayOut) -> None:
        """The play-out stopped: say where, and show the round in play."""
        self.play_out = None
        self.reload()
        view = self.view
        if run.waiting is not None:
            self.say(
                tr(
                    "tournament.lobby.play_out_waiting",
                    played=len(run.played),
                    round=run.waiting.round or 0,
                    table=run.waiting.table or 0,
                )
            )
        elif view is not None and view.info.status == "finished":
            self.say(tr("tournament.lobby.play_out_finished", played=len(run.played)))
        else:
            self.say(tr("tournament.lobby.play_out_done", played=len(run.played)))
        if view is not None:
            self.round = self.clamped_round(current_round(view))
            self.card_offset = 0
        self.build(force=True)

    def toggle_adjust(self) -> None:
        """Open or close the adjust-points form in place of the standings."""
        self.adjusting = not self.adjusting
        self.adjust_error = ""
        self.build(force=True)
        if self.adjusting:
            self.form.focus("adjust_who")

    def apply_adjustment(self) -> None:
        """Store the adjustment the form describes (or show in the form why it cannot be)."""
        view = self.view
        if view is None:
            return
        points = parse_points(self.adjust_points)
        if points is None:
            self.adjust_error = tr("tournament.adjust.error_points")
            return
        if not self.adjust_reason.strip():
            self.adjust_error = tr("tournament.adjust.error_reason")
            return
        person = view.info.participants[self.adjust_who]
        try:
            adjust(self.app.records(), self.tournament, person.name, points, self.adjust_reason)
        except (RecordsError, TournamentError) as error:
            self.adjust_error = " ".join(str(error).split())
            return
        self.say(tr("tournament.adjust.saved", name=person.name, points=format_points(points)))
        self.adjusting = False
        self.adjust_points = ""
        self.adjust_reason = ""
        self.reload()
        self.build(force=True)

    def export_folder(self) -> Path:
        """Where Export writes."""
        return config_dir() / "exports" / f"tournament-{self.tournament}"

    def request_export(self) -> None:
        """Export from the next frame, once "Exporting…" has been shown."""
        self.export_in = 2  # this frame shows "Exporting…", the next one exports
        self.say(tr("tournament.lobby.exporting"))

    def export_now(self) -> None:
        """Write the standings and every match's log into the export folder."""
        self.export_in = 0
        folder = self.export_folder()
        try:
            written = export(self.app.records(), self.tournament, folder)
        except (RecordsError, TournamentError) as error:
            self.say(str(error), error=True)
            return
        self.say(tr("tournament.lobby.exported", files=len(written), folder=str(folder)))

    def standings(self) -> None:
        """The full standings and the chart."""
        navigation.go(self.app, "tournament_standings", tournament=self.tournament)

    def ceremony(self) -> None:
        """The final ceremony."""
        navigation.go(self.app, "tournament_ceremony", tournament=self.tournament)

    def back(self) -> None:
        """Back to the list of tournaments."""
        navigation.go(self.app, "tournaments")

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons through the form; the wheel scrolls the cards; Page Up / Down change the round; Esc backs
        out of the play-out, the adjust form, then the screen."""
        self.build()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.play_out is not None:
                    self.cancel_play_out()
                elif self.adjusting:
                    self.toggle_adjust()
                else:
                    self.back()
                return
            if self.play_out is None and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.turn(1 if event.key == pygame.K_PAGEDOWN else -1)
                return
        elif event.type == pygame.MOUSEWHEEL and self.play_out is None:
            self.scroll_cards(-event.y)
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Play out AI tables within the frame's budget; run a requested export; blink the caret."""
        self.time_s += dt_s
        self.form.update(dt_s)
        if self.export_in:
            self.export_in -= 1
            if not self.export_in:
                self.export_now()
        run = self.play_out
        if run is None:
            return
        deadline = time.perf_counter() + FRAME_BUDGET_S
        played = len(run.played)
        try:
            while time.perf_counter() < deadline:
                if not run.advance(1):
                    self.finish_play_out(run)
                    return
            self.fraction = run.fraction  # PlayOut.fraction never goes back
            if len(run.played) != played:  # a table finished: show its result under the dialog
                self.reload()
        except (RecordsError, TournamentError) as error:
            self.play_out = None
            self.reload()
            self.say(str(error), error=True)
            self.build(force=True)

    def next_frame_s(self) -> float | None:
        """Every frame while AI tables are played out or an export waits; else only input changes it."""
        if self.play_out is not None or self.export_in:
            return 0.0
        return self.form.next_frame_s()

    # ---- drawing -------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen (with the play-out dialog over it while it runs)."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        view = self.view
        if view is None:
            draw_heading(surface, tr("tournament.lobby.title"), layout.heading, lang)
            draw_panel(surface, layout.tables_panel)
            draw_paragraph(
                surface,
                tr("tournament.lobby.unreadable", error=self.load_error),
                layout.cards_view,
                layout.text_px(18),
                lang,
                ERROR_INK,
            )
            self.form.draw(surface, lang)
            return
        info = view.info
        draw_heading(surface, info.name, layout.heading, lang)
        draw_fitted(
            surface, self.subtitle(view), layout.text_px(18), DIM_INK, layout.subtitle, "center", lang=lang
        )
        draw_panel(surface, layout.tables_panel)
        self.draw_round(surface, layout, view, lang)
        if self.adjusting:
            self.draw_adjust(surface, layout, lang)
        else:
            self.draw_standings(surface, layout, view, lang)
        if self.message:
            ink = ERROR_INK if self.message_is_error else INK
            draw_fitted(surface, self.message, layout.text_px(17), ink, layout.message, "center", lang=lang)
        if self.play_out is not None:
            self.draw_play_out(surface, layout, self.play_out, lang)
        self.form.draw(surface, lang)

    def subtitle(self, view: TournamentView) -> str:
        """Round in play, rule set, length and participants in one line."""
        info = view.info
        if info.status == "finished":
            stage = tr("tournament.lobby.finished_after", total=info.rounds)
        else:
            stage = tr("tournament.lobby.round_of", n=current_round(view), total=info.rounds)
        preset = (
            tr(f"preset.{info.rules.name}") if i18n.has_key(f"preset.{info.rules.name}") else info.rules.name
        )
        length = info.rules.game_length
        parts = [stage, preset]
        if i18n.has_key(f"newgame.length.{length}"):
            parts.append(tr(f"newgame.length.{length}"))
        parts.append(tr("tournament.list.people", n=len(info.participants)))
        return " · ".join(parts)

    def draw_round(
        self, surface: pygame.Surface, layout: LobbyLayout, view: TournamentView, lang: str
    ) -> None:
        """The round selector, the round's table cards and its byes."""
        tables = self.tables()
        finished = bool(tables) and all(m.status == "finished" for m in tables)
        started = any(m.status != "pending" for m in tables)
        state = "finished" if finished else "playing" if started else "pending"
        label = tr("tournament.lobby.round_label", n=self.round, total=view.info.rounds)
        size = max(10, round(layout.round_label.h * 0.56))
        box = layout.round_label
        draw_fitted(surface, label, size, GOLD, box, "center", True, lang)
        tag = tr(f"tournament.round_state.{state}")
        draw_fitted(
            surface,
            tag,
            max(9, round(size * 0.62)),
            _state_ink(state),
            Box(box.right - box.w // 4, box.y, box.w // 4, box.h),
            "midright",
            lang=lang,
        )
        columns = _columns(layout)
        first = self.card_offset * columns
        for card, match in zip(layout.cards, tables[first:], strict=False):
            self.draw_card(surface, card, match, lang)
        if not tables:
            draw_fitted(
                surface,
                tr("tournament.lobby.no_tables"),
                layout.text_px(18),
                DIM_INK,
                layout.cards_view,
                "center",
                lang=lang,
            )
        total_rows = -(-len(tables) // columns)
        draw_scrollbar(
            surface, layout.cards_scrollbar, self.card_offset, len(layout.cards) // columns, total_rows
        )
        byes = view.byes.get(self.round, ())
        names = [view.info.participants[who].name for who in byes if 0 <= who < len(view.info.participants)]
        text = (
            tr("tournament.lobby.byes", names=", ".join(names)) if names else tr("tournament.lobby.no_byes")
        )
        byes_box = layout.byes
        if total_rows * columns > len(layout.cards):
            shown = tr(
                "tournament.lobby.tables_shown",
                first=first + 1,
                last=min(len(tables), first + len(layout.cards)),
                total=len(tables),
            )
            half = byes_box._replace(x=byes_box.x + byes_box.w // 2, w=byes_box.w - byes_box.w // 2)
            draw_fitted(surface, shown, layout.text_px(15), DIM_INK, half, "midright", lang=lang)
            byes_box = byes_box._replace(w=byes_box.w // 2 - 8)
        draw_fitted(surface, text, layout.text_px(16), DIM_INK, byes_box, "midleft", lang=lang)

    def draw_card(self, surface: pygame.Surface, card: TableCard, match: MatchSummary, lang: str) -> None:
        """One table: number, status, each seat's wind tile and name, then scores and points or who plays."""
        box = card.box
        status = match.status
        in_play = (
            self.play_out is not None
            and self.play_out.current is not None
            and self.play_out.current.id == match.id
        )
        radius = max(6, box.h // 14)
        face = panel_surface(box.w, box.h, (20, 44, 36), 235, radius, border=False)
        surface.blit(face, (box.x, box.y))
        edge = {"finished": (110, 170, 120), "playing": GOLD}.get(
            "playing" if in_play else status, (90, 110, 100)
        )
        pygame.draw.rect(surface, edge, pygame.Rect(*box), max(1, round(box.h / 120)), radius)
        title_px = max(10, round(17 * self.scale))
        draw_fitted(
            surface,
            tr("tournament.lobby.table", n=match.table or 0),
            title_px,
            GOLD,
            card.title,
            "midleft",
            True,
            lang,
        )
        if in_play and status == "pending":
            status = "playing"
        progress = self.progress(match) if status == "playing" else None
        if status == "playing":
            status_text = (
                tr("tournament.status.playing_hands", hands=progress.hands)
                if progress is not None
                else tr("tournament.status.playing")
            )
        else:
            status_text = tr(f"tournament.status.{status}")
        status_px = max(9, round(14 * self.scale))
        draw_fitted(surface, status_text, status_px, _state_ink(status), card.status, "midright", lang=lang)
        art = self.art()
        seat_px = max(9, round(15 * self.scale))
        result = match.result
        house = 0
        for seat, (entry, line) in enumerate(zip(match.seats, card.seats, strict=False)):
            tile = art.face(WIND_TILES[seat], line.tile.h, 0, False)
            surface.blit(tile, tile.get_rect(center=line.tile.center))
            if entry.participant is None:
                house += 1
            name = seat_label(entry, house)
            first = result is not None and result.ranks[seat] == 1
            ink = GOLD if first else DIM_INK if entry.participant is None else INK
            draw_fitted(surface, name, seat_px, ink, line.name, "midleft", first, lang)
            if result is not None:
                draw_fitted(
                    surface, f"{result.scores[seat]:,}", seat_px, INK, line.score, "midright", lang=lang
                )
                points = points_of(result.settled[seat])
                draw_fitted(
                    surface,
                    format_points(points),
                    seat_px,
                    points_ink(points),
                    line.points,
                    "midright",
                    True,
                    lang,
                )
            elif progress is not None:
                draw_fitted(
                    surface, f"{progress.scores[seat]:,}", seat_px, INK, line.score, "midright", lang=lang
                )
            else:
                level = "house" if entry.participant is None else entry.level
                draw_fitted(
                    surface,
                    tr(f"tournament.level.{level}"),
                    max(9, round(seat_px * 0.94)),
                    DIM_INK,
                    line.who,
                    "midright",
                    lang=lang,
                )

    def draw_standings(
        self, surface: pygame.Surface, layout: LobbyLayout, view: TournamentView, lang: str
    ) -> None:
        """The top of the standings."""
        draw_panel(
            surface, layout.side_panel, tr("tournament.lobby.standings_title"), layout.side_title, lang
        )
        rows = view.rows
        played = any(row.matches for row in rows) or bool(view.adjustments)
        for (rank_box, name_box, points_box), row in zip(layout.standings, rows, strict=False):
            size = layout.text_px(16.5)
            radius = max(4, round(11.5 * layout.scale))
            draw_rank(surface, row.rank, rank_box, radius, size, lang, medal=played)
            draw_fitted(surface, row.name, size, INK, name_box, "midleft", row.rank == 1 and played, lang)
            draw_fitted(
                surface,
                format_points(row.points),
                size,
                points_ink(row.points),
                points_box,
                "midright",
                True,
                lang,
            )

    def draw_adjust(self, surface: pygame.Surface, layout: LobbyLayout, lang: str) -> None:
        """The adjust-points form's labels and its error (the controls are the form's)."""
        draw_panel(surface, layout.side_panel, tr("tournament.adjust.title"), layout.side_title, lang)
        panel = layout.adjust
        draw_label(surface, tr("tournament.adjust.participant"), panel.participant.label, lang)
        draw_label(surface, tr("tournament.adjust.points"), panel.points.label, lang)
        draw_label(surface, tr("tournament.adjust.reason"), panel.reason.label, lang)
        text, ink = (
            (self.adjust_error, ERROR_INK) if self.adjust_error else (tr("tournament.adjust.help"), DIM_INK)
        )
        draw_paragraph(surface, text, panel.error, layout.text_px(15), lang, ink)

    def draw_play_out(self, surface: pygame.Surface, layout: LobbyLayout, run: PlayOut, lang: str) -> None:
        """A veil over the lobby and the dialog: what is in play and how far the play-out has come."""
        surface.blit(veil(*surface.get_size(), alpha=120), (0, 0))
        dialog = layout.play_out
        radius = max(8, dialog.panel.h // 16)
        surface.blit(
            panel_surface(dialog.panel.w, dialog.panel.h, alpha=255, radius=radius), dialog.panel[:2]
        )
        draw_fitted(
            surface,
            tr("tournament.playout.title"),
            max(10, round(dialog.title.h * 0.62)),
            GOLD,
            dialog.title,
            "center",
            True,
            lang,
        )
        current = run.current
        if current is not None and run.table is not None:
            detail = tr(
                "tournament.playout.detail",
                round=current.round or 0,
                table=current.table or 0,
                hands=run.table.match.hands_played,
                done=len(run.played),
                total=max(run.total, len(run.played)),
            )
        else:
            detail = tr("tournament.playout.starting")
        draw_fitted(
            surface, detail, max(9, round(dialog.detail.h * 0.58)), INK, dialog.detail, "center", lang=lang
        )
        bar = dialog.bar
        radius = bar.h // 2
        pygame.draw.rect(surface, (8, 20, 16), pygame.Rect(*bar), border_radius=radius)
        filled = max(bar.h, round(bar.w * self.fraction))
        pygame.draw.rect(surface, GOLD, pygame.Rect(bar.x, bar.y, filled, bar.h), border_radius=radius)
        pygame.draw.rect(surface, (255, 255, 255), pygame.Rect(*bar), 1, radius)
        percent = f"{round(self.fraction * 100)}%"
        ink = (30, 24, 14) if filled > bar.w // 2 + bar.h else INK  # dark on the gold, light on the track
        draw_fitted(surface, percent, max(9, round(bar.h * 0.62)), ink, bar, "center", True, lang)


def _columns(layout: LobbyLayout) -> int:
    """Cards per row in the layout (the cards share their top edge along a row)."""
    top = layout.cards[0].box.y
    return sum(1 for card in layout.cards if card.box.y == top)


def _tab_order(key: object) -> int:
    """Keyboard order: round, cards, the adjust form, then the buttons along the bottom from the left."""
    order = [
        "prev",
        "next",
        "cards",
        "adjust_who",
        "adjust_points",
        "adjust_reason",
        "adjust_cancel",
        "adjust_apply",
        "back",
        "ceremony",
        "export",
        "adjust",
        "standings",
        "cancel_play_out",
    ]
    if isinstance(key, tuple):
        return order.index("cards")
    return order.index(str(key)) if key in order else len(order)


def _state_ink(status: str) -> tuple[int, int, int]:
    """The colour of a match or round status."""
    return {"finished": PLUS, "playing": GOLD, "abandoned": MINUS}.get(status, DIM_INK)
