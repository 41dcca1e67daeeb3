"""The replay viewer: a finished match of the records, or a log file (Tenhou mjlog plain or gzip, tenhou.net/6
JSON, mjai JSON lines, also dropped on the window), played back on the real table with its animations.

First a pick (the recent finished matches, or a dropped file); then the table with a control bar under it.
Keys, as in kobalab's viewer: Left / Right one action, Shift+Left / Right (or Page Up / Down) one turn,
Up / Down one hand, Space plays and pauses, Home / End the match's start and end; H lists the hands (round,
winner, value) to jump to, V changes the view (every hand open, or one seat's), [ and ] the speed, E exports
the match as tenhou.net/6 JSON and mjai JSON lines. Going forward animates; going back rebuilds the moment
at once (``ReplaySession.jump``). A file that cannot be shown is one line on the screen, never a crash.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import pygame

from game.home import config_dir
from game.records import RecordsError
from game.replay_view import (
    HandReplay,
    MatchReplay,
    Position,
    ReplayViewError,
    export,
    open_file,
    open_match,
)
from graphics import i18n
from graphics.app import App
from graphics.i18n import tr
from graphics.layout import Box
from graphics.match_list import Target, draw_pick, finished_matches
from graphics.replay_session import ReplaySession
from graphics.screens import navigation
from graphics.screens.chrome import ERROR_INK, MINUS, PLUS, backdrop, band_surface, draw_heading, draw_panel
from graphics.screens.form import Field, Form
from graphics.session import GameSession
from graphics.settings import SPEEDS
from graphics.table_screen import TableScreen
from graphics.widgets import (
    DIM_INK,
    GOLD,
    INK,
    Button,
    Cycler,
    draw_fitted,
    draw_text,
    fitted_size,
    fitted_text,
)

PICK_ROWS = 12  # finished matches offered
TRANSPORT = (
    "hand_back",
    "turn_back",
    "action_back",
    "play",
    "action_forward",
    "turn_forward",
    "hand_forward",
)
"""The transport buttons, left to right (``replay.button.{}`` names them in the hint)."""
BAR_INK = (10, 30, 23)
EXPORT_FOLDER = ("exports", "replays")
DRAW_KEYS = {"exhaustive": "draw.exhaustive", "nagashi_mangan": "draw.nagashi_mangan"}


@dataclass(frozen=True)
class BarLayout:
    """The control bar under the table: one row on wide windows, two on narrow ones."""

    top: int
    height: int
    unit: int  # a control's height
    info: Box
    transport: tuple[Box, ...]
    view: Box
    speed: Box
    hands: Box
    export: Box
    back: Box


def bar_layout(width: int, height: int) -> BarLayout:
    """The bar for a window of ``width`` x ``height``."""
    unit = max(28, min(52, round(min(height, width * 0.8) * 0.055)))
    pad = max(5, unit // 5)
    icon = unit
    sizes = {
        "view": round(unit * 5.2),
        "speed": round(unit * 3.8),
        "hands": round(unit * 2.4),
        "export": round(unit * 2.4),
        "back": round(unit * 2.2),
    }
    transport_w = len(TRANSPORT) * icon + (len(TRANSPORT) - 1) * (pad // 2)
    info_min = round(unit * 4.4)
    rest_w = sum(sizes.values()) + (len(sizes) - 1) * pad
    one_row = info_min + transport_w + rest_w + 4 * pad <= width
    rows = 1 if one_row else 2
    band = rows * unit + (rows + 1) * pad
    top = height - band
    row_y = [top + pad + row * (unit + pad) for row in range(rows)]
    if one_row:
        x = width - pad - rest_w
        transport_x = x - pad - transport_w
        info = Box(pad, row_y[0], transport_x - 2 * pad, unit)
        second = row_y[0]
    else:
        transport_x = width - pad - transport_w
        info = Box(pad, row_y[0], transport_x - 2 * pad, unit)
        second = row_y[1]
        scale = min(1.0, (width - 2 * pad - (len(sizes) - 1) * pad) / rest_w)
        sizes = {name: int(size * scale) for name, size in sizes.items()}
        x = pad
    transport = tuple(
        Box(transport_x + index * (icon + pad // 2), row_y[0], icon, unit) for index in range(len(TRANSPORT))
    )
    boxes: dict[str, Box] = {}
    for name, size in sizes.items():
        boxes[name] = Box(x, second, size, unit)
        x += size + pad
    if not one_row:  # Back against the right edge
        back = boxes["back"]
        boxes["back"] = Box(width - pad - back.w, back.y, back.w, back.h)
    return BarLayout(top, band, unit, info, transport, **boxes)


def round_text(hand: HandReplay, short: bool = False) -> str:
    """ "East 1 · 2 honba" for the hand (``short`` leaves out no honba)."""
    record = hand.record
    name = tr("round.label", wind=tr(f"wind.{record.round_wind}"), kyoku=record.kyoku + 1)
    if short and record.honba == 0:
        return name
    return f"{name} · {tr('honba.label', n=record.honba)}"


def outcome_text(hand: HandReplay, names: tuple[str, ...]) -> str:
    """How the hand ended: each win with its winner, discarder and value, or the draw."""
    if hand.wins:
        parts = []
        for win in hand.wins:
            points = f"{win.points:,}"
            if win.discarder is None:
                parts.append(tr("replay.outcome.tsumo", name=names[win.seat], points=points))
            else:
                parts.append(
                    tr("replay.outcome.ron", name=names[win.seat], loser=names[win.discarder], points=points)
                )
        return " / ".join(parts)
    if hand.draw in DRAW_KEYS:
        return tr(DRAW_KEYS[hand.draw])
    if hand.draw is not None:
        key = f"abortive.{hand.draw}"
        return tr(key) if i18n.has_key(key) else tr("draw.abortive")
    return tr("replay.outcome.unfinished")


def seat_names(replay: MatchReplay) -> tuple[str, ...]:
    """The players' names, "Seat N" where the log has none."""
    return tuple(name or tr("replay.seat", n=seat + 1) for seat, name in enumerate(replay.names))


def one_line(text: str) -> str:
    """A message as one line."""
    return " ".join(text.split())


class ReplayScene:
    """Pick a match or a file, then step through it on the table."""

    def __init__(
        self,
        app: App,
        path: str | Path | None = None,
        match: int | None = None,
        hand: int | None = None,
        back: Callable[[], None] | None = None,
        replay: MatchReplay | None = None,
        stem: str = "replay",
    ) -> None:
        """``hand`` (1-based) is where an opened match starts; ``replay`` one already read (its files are
        exported as ``stem``)."""
        self.app = app
        self.back = back if back is not None else navigation.back_to(app, "title")
        self.form = Form(app.services.play_cue)
        self.stage = "pick"  # "pick" or "view"
        self.notice = ""  # one line: what could not be opened
        self.status = ""  # one line in the bar: the export's result
        self.status_error = False
        self.targets: list[Target] = []
        self.chosen = 0
        self.row_boxes: list[tuple[Box, int]] = []
        self.replay: MatchReplay | None = None
        self.session: ReplaySession | None = None
        self.table: TableScreen | None = None
        self.names: tuple[str, ...] = ()
        self.stem = "replay"  # export file names
        self.picked = False  # the match shown was picked from the list (Back returns to it)
        self.listing = False  # the hand list is open
        self.list_choice = 0
        self.list_top = 0  # first hand row shown
        self.list_rows: list[tuple[Box, int]] = []
        self.mouse = (0, 0)
        self._built: tuple[int, int, str, str] | None = None
        self.bar = bar_layout(*app.size)
        self.bar_buttons: list[Button] = []
        self.view_cycler: Cycler | None = None
        self.speed_cycler: Cycler | None = None
        if replay is not None:
            self.stem = stem
            self.start(replay, hand)
        elif path is not None:
            self.open_path(Path(path), hand)
        elif match is not None:
            self.open_stored(match, hand)
        if self.stage == "pick":
            self.load_targets()

    # ---- what to show -------------------------------------------------------------------------------------

    def load_targets(self) -> None:
        """The recent finished matches of the records (a records problem is the notice line)."""
        try:
            self.targets = finished_matches(self.app, PICK_ROWS)
        except RecordsError as error:
            self.notice = one_line(str(error))
        self.chosen = min(self.chosen, max(0, len(self.targets) - 1))
        self._built = None

    def open_path(self, path: Path, hand: int | None = None) -> None:
        """Show the log at ``path``; a file that cannot be shown is the notice line."""
        try:
            replay = open_file(path)
        except ReplayViewError as error:
            self.fail(str(error))
            return
        self.stem = path.name.split(".")[0] or "replay"
        self.start(replay, hand)

    def open_stored(self, match: int, hand: int | None = None) -> None:
        """Show a finished match of the records."""
        try:
            replay = open_match(self.app.records(), match)
        except (ReplayViewError, RecordsError) as error:
            self.fail(str(error))
            return
        self.stem = f"match-{match}"
        self.start(replay, hand)

    def fail(self, message: str) -> None:
        """Say why on the pick (or in the bar, when a match is shown)."""
        if self.stage == "view":
            self.status, self.status_error = one_line(message), True
        else:
            self.notice = one_line(message)
            self._built = None

    def start(self, replay: MatchReplay, hand: int | None = None) -> None:
        """Put ``replay`` on the table at the start of ``hand`` (1-based; the first when None)."""
        self.replay = replay
        self.names = seat_names(replay)
        self.session = ReplaySession(replay, self.names)
        table = TableScreen(self.app, cast(GameSession, self.session), auto_continue=False)
        table.menu_enabled = False  # the bar has Back; the table's pause menu would offer to leave a match
        self.table = table
        self.stage = "view"
        self.notice = ""
        self.status, self.status_error = "", False
        if replay.notes:
            self.status = one_line(replay.notes[0]) + (
                f" (+{len(replay.notes) - 1})" if len(replay.notes) > 1 else ""
            )
            self.status_error = True
        self.listing = False
        self._built = None
        self.relayout()
        index = 0 if hand is None else max(0, min(len(replay.hands) - 1, hand - 1))
        self.jump(Position(index, 0))

    # ---- moving -------------------------------------------------------------------------------------------

    def jump(self, target: Position) -> None:
        """Show ``target`` at once."""
        assert self.session is not None
        assert self.table is not None
        self.table.show_at(self.session.jump(target))

    def forward(self, target: Position) -> None:
        """Animate up to ``target`` (a later position); a step still running finishes at once."""
        session, table = self.session, self.table
        assert session is not None
        assert table is not None
        if target <= session.target:
            return
        table.animator.skip()
        table.overlay = None  # the hand's panel gives way to what follows
        session.forward_to(target)

    def go(self, name: str) -> None:
        """One of the transport moves (``TRANSPORT``), or "start" / "end"."""
        session = self.session
        if session is None:
            return
        if name == "play":
            self.toggle_play()
            return
        cursor = session.cursor
        if session.busy or session.playing:  # a move while animating starts from where it was going
            session.playing = False
            self.jump(session.target)
        moves: dict[str, Callable[[], Position]] = {
            "action_back": lambda: cursor.action(-1),
            "action_forward": lambda: cursor.action(1),
            "turn_back": lambda: cursor.turn(-1),
            "turn_forward": lambda: cursor.turn(1),
            "hand_back": lambda: cursor.hand_step(-1),
            "hand_forward": lambda: cursor.hand_step(1),
            "start": lambda: cursor.first,
            "end": lambda: cursor.end,
        }
        target = moves[name]()
        if target == cursor.position:
            return
        if name in ("action_forward", "turn_forward") and target.hand == cursor.position.hand:
            self.forward(target)
        else:
            self.jump(target)

    def toggle_play(self) -> None:
        """Play on from here at the chosen speed, or pause (at the end, play starts over)."""
        session, table = self.session, self.table
        assert session is not None
        assert table is not None
        if session.playing:
            session.playing = False
            return
        if session.cursor.position == session.cursor.end:
            self.jump(session.cursor.first)
        table.overlay = None
        session.playing = True

    def show_first_win(self) -> None:
        """Jump to the first win of the match with its panel up (the first hand's end when nobody won)."""
        if self.replay is None:
            return
        hand = next((hand for hand in self.replay.hands if hand.wins), self.replay.hands[0])
        self.jump(Position(hand.index, hand.end_panel()))

    def set_view(self, index: int) -> None:
        """0: every hand open; k: seat k-1's view, that seat at the bottom."""
        session, table = self.session, self.table
        assert session is not None
        assert table is not None
        session.set_viewpoint(None if index == 0 else index - 1)
        self.jump(session.target)
        self._built = None

    def set_speed(self, index: int) -> None:
        """The animation speed (kept in the settings, as the table's [ and ] do)."""
        speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index))]
        self.app.apply_settings(dataclasses.replace(self.app.settings, speed=speed))
        self._built = None

    def export_match(self) -> None:
        """Write the match as tenhou.net/6 JSON and mjai JSON lines into the exports folder."""
        if self.replay is None:
            return
        folder = config_dir().joinpath(*EXPORT_FOLDER)
        try:
            written = [export(self.replay, kind, folder, self.stem) for kind in ("tenhou6", "mjai")]
        except ReplayViewError as error:
            self.status, self.status_error = one_line(str(error)), True
            return
        self.status = tr(
            "replay.exported", files=" · ".join(path.name for path in written), folder=str(folder)
        )
        self.status_error = False
        self.app.services.play_cue("click")

    # ---- layout -------------------------------------------------------------------------------------------

    def relayout(self) -> None:
        """The bar and its controls for the window's size and language; the table above it."""
        width, height = self.app.size
        key = (width, height, i18n.language(), self.stage)
        if self._built == key:
            return
        self._built = key
        if self.stage == "pick":
            self.build_pick()
            return
        self.bar = bar = bar_layout(width, height)
        table, session = self.table, self.session
        assert table is not None
        assert session is not None
        table.reserve_bottom = bar.height
        if table.size_changed():
            table.relayout()
        playing = session.playing
        self.bar_buttons = [
            Button(box, "", name, primary=name == "play", selected=name == "play" and playing)
            for box, name in zip(bar.transport, TRANSPORT, strict=True)
        ]
        self.bar_buttons += [
            Button(bar.hands, tr("replay.hands"), "hands", selected=self.listing),
            Button(bar.export, tr("replay.export"), "export"),
            Button(bar.back, tr("menu.back"), "back"),
        ]
        views = (tr("replay.view.all"), *(tr("replay.view.seat", name=name) for name in self.names))
        view = 0 if session.viewpoint is None else session.viewpoint + 1
        self.view_cycler = Cycler(bar.view, views, view)
        speed = self.app.settings.speed
        speeds = tuple(tr("replay.speed", speed=f"{value:g}") for value in SPEEDS)
        self.speed_cycler = Cycler(bar.speed, speeds, SPEEDS.index(speed) if speed in SPEEDS else 1)

    def build_pick(self) -> None:
        """The pick's boxes and buttons."""
        width, height = self.app.size
        unit = max(26, min(height // 15, width // 22))
        margin = max(10, min(width, height) // 40)
        self.heading = Box(margin, margin // 2, width - 2 * margin, round(unit * 1.3))
        buttons = Box(margin, height - margin - unit, width - 2 * margin, unit)
        self.body = Box(margin, self.heading.bottom + margin // 2, width - 2 * margin, 0)
        self.body = Box(self.body.x, self.body.y, self.body.w, buttons.y - margin // 2 - self.body.y)
        button_w = min(unit * 5, (width - 4 * margin) // 3)
        fields = [
            Field(
                "back", Button(Box(buttons.x, buttons.y, button_w, unit), tr("menu.back"), "back"), self.back
            )
        ]
        if self.targets:
            open_box = Box(buttons.right - button_w, buttons.y, button_w, unit)
            fields.append(
                Field("open", Button(open_box, tr("replay.open"), "open", primary=True), self.open_chosen)
            )
        self.form.set_fields(fields, default_focus="open")

    def open_chosen(self) -> None:
        """Open the match chosen in the list (Back then returns to the list)."""
        if self.targets:
            target = self.targets[self.chosen]
            if target.match is not None:
                self.open_stored(target.match)
                self.picked = self.stage == "view"

    def leave(self) -> None:
        """Back from the table: to the list it was picked from, else to where the viewer was opened from."""
        if self.stage == "view" and self.picked:
            self.stage = "pick"
            self.picked = False
            self.table = self.session = self.replay = None
            self.listing = False
            self.status = ""
            self._built = None
            self.load_targets()
            return
        self.back()

    # ---- the Scene protocol -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Keys and clicks of the stage; a dropped file opens wherever the viewer is."""
        if event.type == pygame.DROPFILE:
            from_pick = self.stage == "pick"
            self.open_path(Path(event.file))
            self.picked = self.picked or (from_pick and self.stage == "view")
            return
        if self.stage == "pick":
            self.handle_pick(event)
            return
        self.relayout()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            assert self.table is not None
            self.table.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(*event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.listing:
            self.scroll_list(-event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key, bool(event.mod & pygame.KMOD_SHIFT))

    def handle_pick(self, event: pygame.event.Event) -> None:
        """The pick: Up / Down and a click choose, Enter opens, Esc goes back."""
        self.relayout()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.targets:
                self.chosen = max(
                    0, min(len(self.targets) - 1, self.chosen + (1 if event.key == pygame.K_DOWN else -1))
                )
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for box, index in self.row_boxes:
                if box.contains_point(*event.pos):
                    if index == self.chosen:
                        self.open_chosen()
                    self.chosen = index
                    return
        self.form.handle(event)

    def key(self, key: int, shift: bool) -> None:
        """The viewer's keys (see the module's docstring)."""
        if self.listing:
            self.list_key(key)
            return
        moves = {
            pygame.K_LEFT: "turn_back" if shift else "action_back",
            pygame.K_RIGHT: "turn_forward" if shift else "action_forward",
            pygame.K_PAGEUP: "turn_back",
            pygame.K_PAGEDOWN: "turn_forward",
            pygame.K_UP: "hand_back",
            pygame.K_DOWN: "hand_forward",
            pygame.K_HOME: "start",
            pygame.K_END: "end",
            pygame.K_SPACE: "play",
            pygame.K_RETURN: "action_forward",  # as a hand's panel says: Enter goes on
            pygame.K_KP_ENTER: "action_forward",
        }
        if key in moves:
            self.go(moves[key])
        elif key == pygame.K_ESCAPE:
            self.leave()
        elif key == pygame.K_h:
            self.open_list()
        elif key == pygame.K_v and self.session is not None:
            viewpoint = self.session.viewpoint
            index = 0 if viewpoint is None else viewpoint + 1
            self.set_view((index + (-1 if shift else 1)) % (len(self.names) + 1))
        elif key == pygame.K_e:
            self.export_match()
        elif key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_KP_MINUS, pygame.K_KP_PLUS):
            speed = self.app.settings.speed
            index = SPEEDS.index(speed) if speed in SPEEDS else 1
            self.set_speed(index + (1 if key in (pygame.K_RIGHTBRACKET, pygame.K_KP_PLUS) else -1))
        elif key == pygame.K_TAB and self.table is not None:
            self.table.key(key)  # the centre panel's score differences

    def click(self, x: int, y: int) -> None:
        """A left click on the bar, the hand list or the table's centre panel."""
        if self.listing:
            for box, index in self.list_rows:
                if box.contains_point(x, y):
                    self.pick_hand(index)
                    return
            if not self.list_box().contains_point(x, y) and y < self.bar.top:
                self.listing = False
                self._built = None
                return
        for button in self.bar_buttons:
            if button.hit(x, y):
                self.press(str(button.value))
                return
        for cycler, apply in ((self.view_cycler, self.set_view), (self.speed_cycler, self.set_speed)):
            if cycler is not None and cycler.hit(x, y):
                cycler.click(x)
                apply(cycler.index)
                return
        table = self.table
        if table is None or y >= self.bar.top:
            return
        if table.overlay is not None:  # a hand's panel: a click goes on, as it says
            self.go("action_forward")
        elif table.layout.panel.contains_point(x, y):
            table.click(x, y)  # the centre panel: score differences

    def press(self, name: str) -> None:
        """A bar button."""
        self.app.services.play_cue("click")
        if name == "hands":
            if self.listing:
                self.listing = False
                self._built = None
            else:
                self.open_list()
        elif name == "export":
            self.export_match()
        elif name == "back":
            self.leave()
        else:
            self.go(name)

    # ---- the hand list ------------------------------------------------------------------------------------

    def open_list(self) -> None:
        """Show the hand list with the hand on the table chosen."""
        if self.session is None:
            return
        self.listing = True
        self.list_choice = self.session.target.hand
        self.list_top = max(0, self.list_choice - 2)
        self._built = None

    def list_key(self, key: int) -> None:
        """Up / Down choose a hand, Enter shows it, Esc or H closes the list."""
        assert self.replay is not None
        count = len(self.replay.hands)
        if key in (pygame.K_ESCAPE, pygame.K_h):
            self.listing = False
            self._built = None
        elif key in (
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_PAGEUP,
            pygame.K_PAGEDOWN,
            pygame.K_HOME,
            pygame.K_END,
        ):
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}
            if key == pygame.K_HOME:
                self.list_choice = 0
            elif key == pygame.K_END:
                self.list_choice = count - 1
            else:
                self.list_choice = max(0, min(count - 1, self.list_choice + step[key]))
            visible = max(1, len(self.list_rows))
            if self.list_choice < self.list_top:
                self.list_top = self.list_choice
            elif self.list_choice >= self.list_top + visible:
                self.list_top = self.list_choice - visible + 1
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.pick_hand(self.list_choice)

    def scroll_list(self, rows: int) -> None:
        """The mouse wheel moves the list."""
        assert self.replay is not None
        visible = max(1, len(self.list_rows))
        self.list_top = max(0, min(len(self.replay.hands) - visible, self.list_top + rows))

    def pick_hand(self, index: int) -> None:
        """Show the start of hand ``index`` and close the list."""
        self.listing = False
        self._built = None
        self.jump(Position(index, 0))

    def list_box(self) -> Box:
        """The hand list's panel, over the table."""
        width = self.app.size[0]
        top = self.bar.top
        w = min(width - 20, max(round(width * 0.62), 560))
        h = round(top * 0.86)
        return Box((width - w) // 2, (top - h) // 2, w, h)

    # ---- time ---------------------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        """Run the table's animation; keep the play button's look in step with the session."""
        if self.stage == "pick":
            self.form.update(dt_s)
            return
        table, session = self.table, self.session
        assert table is not None
        assert session is not None
        playing = session.playing
        table.auto_continue = playing  # playing, a hand's panel goes by itself; stepping, it stays
        table.update(dt_s)
        if playing != session.playing:
            self._built = None

    def next_frame_s(self) -> float | None:
        """Every frame while anything moves or plays; at rest only input changes the viewer."""
        if self.stage == "pick":
            return self.form.next_frame_s()
        table, session = self.table, self.session
        assert table is not None
        assert session is not None
        if session.playing or session.busy or table.moving():
            return 0.0
        overlay = table.overlay
        return 0.0 if overlay is not None and not overlay.shown else None

    # ---- drawing ------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The pick, or the table with the bar and the hand list."""
        self.relayout()
        lang = i18n.language()
        if self.stage == "pick":
            self.draw_pick(surface, lang)
            return
        table = self.table
        assert table is not None
        table.draw(surface)
        self.draw_bar(surface, lang)
        if self.listing:
            self.draw_list(surface, lang)

    def text_px(self, share: float) -> int:
        """A text size as a share of the window's smaller side."""
        width, height = self.app.size
        return max(11, round(min(max(width, height) * 0.5625, width, height) * share))

    def draw_pick(self, surface: pygame.Surface, lang: str) -> None:
        """The finished matches to pick from, the drop hint and the notice."""
        width, height = self.app.size
        surface.blit(backdrop(width, height), (0, 0))
        draw_heading(surface, tr("replay.heading"), self.heading, lang)
        texts = (tr("replay.pick"), tr("replay.none"), tr("replay.drop_hint"))
        self.row_boxes = draw_pick(
            surface,
            self.body,
            texts,
            self.targets,
            self.chosen,
            self.notice,
            self.text_px(0.028),
            PICK_ROWS,
            lang,
        )
        self.form.draw(surface, lang)

    def draw_bar(self, surface: pygame.Surface, lang: str) -> None:
        """The control bar: where the viewer is, the transport, the view, the speed and the buttons."""
        session, replay = self.session, self.replay
        assert session is not None
        assert replay is not None
        bar = self.bar
        width = self.app.size[0]
        surface.fill(BAR_INK, pygame.Rect(0, bar.top, width, bar.height))
        pygame.draw.line(surface, (*GOLD,), (0, bar.top), (width, bar.top), 1)
        position = session.target
        hand = replay.hands[position.hand]
        info = bar.info
        size = max(10, round(bar.unit * 0.36))
        first = f"{round_text(hand)}  ({position.hand + 1}/{len(replay.hands)})"
        draw_fitted(
            surface, first, size, GOLD, Box(info.x, info.y, info.w, info.h // 2), bold=True, lang=lang
        )
        if self.status:
            line, ink = self.status, ERROR_INK if self.status_error else PLUS
        else:
            hint = self.hovered_hint()
            line = hint or tr("replay.step", n=position.frame, total=hand.last)
            ink = INK if hint else DIM_INK
        shown, fit = fitted_text(line, size, info.w, lang=lang)
        draw_text(surface, shown, fit, ink, (info.x, info.y + info.h * 3 // 4), "midleft", False, lang)
        for button in self.bar_buttons:
            button.draw(surface, self.mouse, lang)
            if button.value in TRANSPORT:
                playing = session.playing and button.value == "play"
                draw_icon(surface, button.box, "pause" if playing else str(button.value), button.primary)
        for cycler in (self.view_cycler, self.speed_cycler):
            if cycler is not None:
                cycler.draw(surface, self.mouse, lang)

    def hovered_hint(self) -> str:
        """The name and key of the bar control under the mouse ("" for none)."""
        for button in self.bar_buttons:
            if button.box.contains_point(*self.mouse) and button.value in TRANSPORT:
                return tr(f"replay.button.{button.value}")
        if self.view_cycler is not None and self.view_cycler.box.contains_point(*self.mouse):
            return tr("replay.button.view")
        if self.speed_cycler is not None and self.speed_cycler.box.contains_point(*self.mouse):
            return tr("replay.button.speed")
        return ""

    def draw_list(self, surface: pygame.Surface, lang: str) -> None:
        """The hand list: round, how it ended, each seat's gain or loss; the chosen hand marked."""
        replay, session = self.replay, self.session
        assert replay is not None
        assert session is not None
        box = self.list_box()
        shade = pygame.Surface((self.app.size[0], self.bar.top), pygame.SRCALPHA)
        shade.fill((4, 10, 8, 170))
        surface.blit(shade, (0, 0))
        draw_panel(surface, box)
        pad = max(8, box.h // 40)
        size = max(11, min(20, box.h // 26))
        title = Box(box.x + pad, box.y + pad, box.w - 2 * pad, size * 2)
        draw_fitted(
            surface, tr("replay.hand_list", n=len(replay.hands)), size + 2, GOLD, title, bold=True, lang=lang
        )
        notes_h = 0
        if replay.notes:
            notes_h = round(size * 1.6)
            text = one_line(" · ".join(replay.notes))
            shown, fit = fitted_text(text, size - 1, box.w - 2 * pad, lang=lang)
            draw_text(
                surface,
                shown,
                fit,
                ERROR_INK,
                (box.x + pad, box.bottom - pad - notes_h // 2),
                "midleft",
                False,
                lang,
            )
        top = title.bottom + pad // 2
        inner_w = box.w - 2 * pad
        two_lines = inner_w < size * 40  # narrow: the seats' gains and losses go under the outcome
        row_h = round(size * (3.5 if two_lines else 2.1))
        # the seats' names over their columns of gains and losses
        header_h = round(size * 1.5)
        columns = (0.0, 0.3, 1.0) if two_lines else (0.0, 0.24, 0.64)
        x0, _, x2 = (box.x + 2 * pad + round(share * (inner_w - 2 * pad)) for share in columns)
        left = x0 if two_lines else x2
        cell = (box.right - 2 * pad - left) / max(1, replay.players)
        name_px = min(
            size - 2, *(fitted_size(name, size - 2, round(cell) - 6, False, lang) for name in self.names)
        )
        for seat, name in enumerate(self.names):
            at = (round(left + cell * (seat + 1)), top + header_h // 2)
            shown, fit = fitted_text(name, name_px, round(cell) - 6, lang=lang)
            draw_text(surface, shown, fit, DIM_INK, at, "midright", False, lang)
        top += header_h
        visible = max(1, (box.bottom - pad - notes_h - top) // row_h)
        self.list_top = max(0, min(self.list_top, len(replay.hands) - visible))
        self.list_rows = []
        current = session.target.hand
        for row, index in enumerate(range(self.list_top, min(len(replay.hands), self.list_top + visible))):
            hand = replay.hands[index]
            row_box = Box(box.x + pad, top + row * row_h, inner_w, row_h - 3)
            self.list_rows.append((row_box, index))
            chosen = index == self.list_choice
            hover = row_box.contains_point(*self.mouse)
            fill = (*GOLD, 44) if chosen else (255, 255, 255, 20 if hover else 10)
            edge = (*GOLD, 170) if index == current else None
            surface.blit(band_surface(row_box.w, row_box.h, fill, edge, 1, 5), (row_box.x, row_box.y))
            first = row_box.y + (row_box.h * 3 // 10 if two_lines else row_box.h // 2)
            x0, x1, x2 = (row_box.x + pad + round(share * (inner_w - 2 * pad)) for share in columns)
            label, fit = fitted_text(round_text(hand), size, x1 - x0 - pad, lang=lang)
            draw_text(surface, label, fit, GOLD if chosen else INK, (x0, first), "midleft", True, lang)
            outcome, fit = fitted_text(outcome_text(hand, self.names), size, x2 - x1 - pad, lang=lang)
            ink = ERROR_INK if hand.problems else INK
            draw_text(surface, outcome, fit, ink, (x1, first), "midleft", False, lang)
            line = row_box.y + row_box.h * 3 // 4 if two_lines else first
            delta_px = fitted_size("+12,000", size - 1, round(cell) - 6, False, lang)  # one size for all
            for seat, delta in enumerate(hand.deltas):
                ink = PLUS if delta > 0 else MINUS if delta < 0 else DIM_INK
                text = i18n.signed_points(delta) if delta else "0"
                at = (round(left + cell * (seat + 1)), line)
                draw_text(surface, text, delta_px, ink, at, "midright", False, lang)
        hint = tr("replay.list_hint")
        shown, fit = fitted_text(hint, size - 2, inner_w, lang=lang)
        if not replay.notes:
            draw_text(
                surface, shown, fit, DIM_INK, (box.x + pad, box.bottom - pad), "bottomleft", False, lang
            )


def draw_icon(surface: pygame.Surface, box: Box, name: str, primary: bool) -> None:
    """A transport icon drawn over its button: triangles and bars, pointing the way the button goes."""
    ink = (28, 22, 12) if primary else INK
    cx, cy = box.center
    r = box.h * 0.22
    back = name.endswith("_back")

    def triangle(x: float, pointing_left: bool, scale: float = 1.0) -> None:
        s = r * scale
        points = (
            [(x - s, cy), (x + s * 0.8, cy - s), (x + s * 0.8, cy + s)]
            if pointing_left
            else [
                (x + s, cy),
                (x - s * 0.8, cy - s),
                (x - s * 0.8, cy + s),
            ]
        )
        pygame.draw.polygon(surface, ink, [(round(px), round(py)) for px, py in points])

    def bar(x: float, height: float = r) -> None:
        w = max(2, round(r * 0.32))
        pygame.draw.rect(
            surface, ink, pygame.Rect(round(x - w / 2), round(cy - height), w, round(height * 2))
        )

    if name == "play":
        triangle(cx + r * 0.15, False, 1.15)
    elif name == "pause":
        bar(cx - r * 0.45, r * 0.95)
        bar(cx + r * 0.45, r * 0.95)
    elif name.startswith("action"):
        triangle(cx, back, 0.85)
    elif name.startswith("turn"):
        triangle(cx - r * 0.55, back, 0.8)
        triangle(cx + r * 0.55, back, 0.8)
    else:  # a hand: a triangle against a bar
        triangle(cx + (r * 0.25 if back else -r * 0.25), back, 0.85)
        bar(cx - r * 0.85 if back else cx + r * 0.85)


def capture_hands(replay: MatchReplay, folder: Path, size: tuple[int, int], language: str) -> int:
    """Save ``hand-KK-start.png`` (just dealt) and ``hand-KK-end.png`` (its first end-of-hand panel) for every
    hand into ``folder``, drawn off-screen; the number of pictures written (OSError when one cannot be)."""
    from graphics.demo import offscreen_app
    from graphics.settings import Settings

    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    i18n.set_language(language)
    app = offscreen_app(size, Settings(language=language))
    scene = ReplayScene(app, replay=replay, back=lambda: None)
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for index, hand in enumerate(replay.hands):
        for name, frame in (("start", 0), ("end", hand.end_panel())):
            scene.jump(Position(index, frame))
            scene.draw(app.surface)
            target = folder / f"hand-{index + 1:02d}-{name}.png"
            try:
                pygame.image.save(app.surface, str(target))
            except pygame.error as error:
                raise OSError(str(error)) from None
            written += 1
    return written
