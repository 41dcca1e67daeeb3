"""The table screen: animates each step of the session, draws the table, and takes the human's input.

The game advances only when the animator is idle (ARCHITECTURE.md). Sprites move from where they were to where
the new step puts them; a tile that changes face on the spot flips. Drawing reads state and never changes it.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from game.advice import DiscardInfo, HandStatus, discard_advice, hand_status
from game.clock import timeout_action
from game.coach import Advice
from game.records import RecordsError
from game.terms import Action, Discard, RiichiAccepted, RoundStarted, is_red
from graphics import i18n
from graphics.app import App
from graphics.board import Show, Sprite, build_sprites
from graphics.coach_panel import draw_coach
from graphics.controls import Chooser, InputMapper, tiles_used
from graphics.dora_panel import DoraPanel, slot_count
from graphics.fonts import text_size
from graphics.layout import Box, TableLayout, compute_layout, standing_height, tile_width
from graphics.overlays import Overlay, make_overlay
from graphics.presenter import WALL_SOURCE, Step
from graphics.screens import navigation
from graphics.session import GameSession
from graphics.tiles import TileArt, art_kind
from graphics.tween import Animator, Track, ease_in_out_cubic, ease_out_back, ease_out_cubic, lerp
from graphics.widgets import (
    GOLD,
    INK,
    Button,
    draw_text,
    fitted_size,
    fitted_text,
    grid_of_buttons,
    panel_surface,
)

FELT = (28, 96, 68)
FELT_DARK = (12, 46, 34)
TABLE_EDGE = (92, 58, 34)
WIND_CHARS = "東南西北"
LABEL_S = 0.9  # how long a call label stays up
DORA_ROW = (0.345, 0.6)  # the dora indicators' band in the centre panel, as fractions of its height
DICE_S = 1.6  # how long the dice thrown at a hand's start stay up

logger = logging.getLogger(__name__)


@dataclass
class Motion:
    """A sprite on its way from `start` to its place; `flip` when it also turns over (from `old_tile`),
    `old_turns` when it also turns on the table (a riichi discard laid sideways)."""

    start: Box
    track: Track
    flip: bool = False
    old_tile: int | None = None
    old_turns: int | None = None


class TableScreen:
    """The scene that plays a match on screen."""

    def __init__(
        self,
        app: App,
        session: GameSession,
        on_step_shown: Callable[[Step | None, TableScreen], None] | None = None,
        auto_continue: bool | None = None,
        on_overlay_shown: Callable[[Overlay, TableScreen], None] | None = None,
    ) -> None:
        self.app = app
        self.session = session
        self.rules = session.rules
        self.theme = app.settings.theme
        self.art = TileArt(self.theme)
        self.paused = False
        self.confirming: str | None = None  # "abandon" or "leave" while the menu asks to confirm it
        self.clock_decision: tuple[int, int] | None = None  # the decision the clock runs for
        self.pause_buttons: list[Button] = []
        self.animator = Animator(speed=app.settings.speed)
        self.reserve_bottom = 0  # window pixels kept free under the table (a replay's control bar)
        self.menu_enabled = True  # the menu button and its pause menu (a replay has controls of its own)
        self.layout = compute_layout(*self.table_size(), players=session.rules.players)
        self.sprites: dict[Hashable, Sprite] = {}
        self.order: list[Sprite] = []
        self.motions: dict[Hashable, Motion] = {}
        self.show: Show | None = None
        self.step: Step | None = None
        self.label: tuple[int, str, float, float] | None = None  # seat, text, start and end time
        self.dice: tuple[tuple[int, int], float] | None = None
        self.stick_slide: tuple[int, Track] | None = None  # a riichi stick on its way to the centre
        self.dora = DoraPanel(three_player=session.rules.three_player)  # the indicators in the centre panel
        self.dora_slots = slot_count(session.rules)
        self.overlay: Overlay | None = None
        self.mapper = InputMapper()
        self.decision: tuple[int, int] | None = None  # (seat, serial) the controls show
        self.advice: dict[int, DiscardInfo] = {}
        self.riichi_advice: dict[int, DiscardInfo] = {}
        self.status: HandStatus | None = None
        self.coach_advice: Advice | None = None  # the practice coach's view of the decision shown
        self.undo_button: Button | None = None  # practice games: take back one's last decision (U)
        self.buttons: list[Button] = []
        self.option_buttons: list[Button] = []
        self.toggle_buttons: list[Button] = []
        self.privacy_seat: int | None = None
        self.privacy_button: Button | None = None
        self.show_differences = False
        self.auto_continue = session.spectator if auto_continue is None else auto_continue
        self.on_step_shown = on_step_shown
        self.on_overlay_shown = on_overlay_shown
        self._step_reported = True
        self._background: pygame.Surface | None = None
        self._panel_cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.mouse = (0, 0)
        self.finished = False
        self.lang = app.settings.language
        self.refresh_controls()

    # ---- time ---------------------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        """Advance animation; when idle, show the next step or wait for a human."""
        if self.paused:
            return
        if self.theme != self.app.settings.theme:  # changed in the settings screen during the match
            self.theme = self.app.settings.theme
            self.art = TileArt(self.theme)
        if self.lang != self.app.settings.language:
            self.lang = self.app.settings.language
            self._panel_cache.clear()
            self.refresh_controls()
        self.animator.speed = self.app.settings.speed
        self.animator.update(dt_s)
        self.run_clock(dt_s)
        if self.overlay is not None:
            self.overlay.update(dt_s * self.animator.speed)
        if self.size_changed():
            self.relayout()
        for _ in range(64):  # several instant steps may pass in one frame
            if not self.animator.idle:
                return
            if not self._step_reported:
                self._step_reported = True
                if self.on_step_shown is not None:
                    self.on_step_shown(self.step, self)
            overlay = self.overlay
            if overlay is not None:
                if overlay.shown and not overlay.reported:
                    overlay.reported = True
                    if self.on_overlay_shown is not None:
                        self.on_overlay_shown(overlay, self)
                if not (overlay.ready and (self.auto_continue or overlay.dismissed)):
                    return
                self.overlay = None
            if self.privacy_seat is not None:
                return
            step = self.session.next_step()
            if step is not None:
                self.start(step)
                continue
            if self.session.finished:
                self.finish()
                return
            self.prepare_decision()
            return

    def next_frame_s(self) -> float | None:
        """Every frame while anything moves or the game goes on by itself (AIs play, a panel counts up); the
        decision clock's next second while a person thinks against it; None while only input changes the
        table (a person's turn without a clock, the privacy screen, a panel waiting for a click, the pause
        menu)."""
        if self.paused:
            return None
        if self.moving():
            return 0.0
        overlay = self.overlay
        if overlay is not None:
            waiting = overlay.ready and overlay.reported and not (self.auto_continue or overlay.dismissed)
            return None if waiting else 0.0  # a panel counting up, or leaving by itself
        if self.privacy_seat is not None:
            return None
        if self.decision is None or self.session.waiting_human() != self.decision[0]:
            return 0.0
        clock = self.session.clocks.get(self.decision[0])
        if clock is None:
            return None
        left_s = clock.base_left_s if clock.base_left_s > 0 else clock.bank_now_s
        if left_s <= 0:
            return 0.0  # run out: the next update answers for the player
        return left_s - math.ceil(left_s) + 1.0  # until the shown whole seconds change

    def moving(self) -> bool:
        """Whether anything on the table still moves: a sprite, a call label, the dice, a kan dora turning
        over in the centre panel, or a step not yet reported as shown."""
        now = self.animator.now_s
        label_up = self.label is not None and now < self.label[3]
        dice_up = self.dice is not None and now - self.dice[1] <= DICE_S
        busy = label_up or dice_up or self.dora.busy(now)
        return not self.animator.idle or busy or not self._step_reported

    def run_clock(self, dt_s: float) -> None:
        """Spend the shown decision's time; when its base time and the bank are gone, answer for the player
        (pass, or discard the drawn tile)."""
        if self.decision is None or self.privacy_seat is not None:
            return
        seat, _ = self.decision
        clock = self.session.clocks.get(seat)
        pending = self.session.humans[seat].pending
        if clock is None or pending is None:
            return
        clock.spend(dt_s)
        if clock.expired:
            self.send(timeout_action(pending.view, pending.legal))

    def table_size(self) -> tuple[int, int]:
        """The size the table is laid out in: the window less ``reserve_bottom``."""
        width, height = self.app.size
        return width, max(1, height - self.reserve_bottom)

    def size_changed(self) -> bool:
        """Whether the table's size differs from the layout's."""
        width, height = self.table_size()
        return (width, height) != (self.layout.width, self.layout.height) and width >= 1 and height >= 1

    def relayout(self) -> None:
        """Lay everything out again for the window's new size (no animation)."""
        self.layout = compute_layout(*self.table_size(), players=self.rules.players)
        self._background = None
        self._panel_cache.clear()
        self.motions.clear()
        if self.show is not None:
            self.sprites = build_sprites(self.show, self.layout)
            self.order = sorted(self.sprites.values(), key=lambda sprite: sprite.z)
        self.refresh_controls()

    def start(self, step: Step) -> None:
        """Animate to `step`'s show and start whatever comes with it."""
        self.step = step
        self._step_reported = False
        if isinstance(step.event, RoundStarted):
            self.motions.clear()
            self.dora.reset()
        self.set_show(step.show, step.duration_s, step.source)
        self.dora.set_indicators(step.show.wall.indicators, self.animator.now_s, animate=step.duration_s > 0)
        if step.event is not None:
            self.app.services.show_event(step.event)
        hold = step.duration_s + step.hold_s
        if step.label is not None:
            seat, key = step.label
            hold = max(hold, LABEL_S * 0.75)
            now = self.animator.now_s
            self.label = (seat, i18n.tr(key), now, now + hold + 0.35)  # fades out as the next step starts
        if isinstance(step.event, RiichiAccepted):
            self.stick_slide = (step.event.seat, self.animator.add(0.45, ease=ease_out_cubic))
            hold = max(hold, 0.45)
        if step.dice is not None:
            self.dice = (step.dice, self.animator.now_s)
            self.app.services.play_cue("dice")
        self.animator.hold(hold)
        if step.overlay is not None:
            self.overlay = make_overlay(step.overlay, self)

    def show_at(self, step: Step) -> None:
        """Show `step`'s moment at once, as if it had just been animated (a replay's jump): nothing moves, no
        label, dice or stick slide; its end-of-hand panel, if any, fully shown."""
        self.animator.skip()
        self.step = step
        self._step_reported = True
        self.motions.clear()
        self.label, self.dice, self.stick_slide = None, None, None
        self.sprites = build_sprites(step.show, self.layout)
        self.order = sorted(self.sprites.values(), key=lambda sprite: sprite.z)
        self.show = step.show
        self.dora.reset()
        self.dora.set_indicators(step.show.wall.indicators, self.animator.now_s, animate=False)
        self.overlay = make_overlay(step.overlay, self) if step.overlay is not None else None
        if self.overlay is not None:
            self.overlay.skip()
            self.overlay.reported = True

    def set_show(self, show: Show, duration_s: float, source: int | None) -> None:
        """Move every sprite to where `show` puts it over `duration_s`."""
        old = self.sprites
        new = build_sprites(show, self.layout)
        now_motions: dict[Hashable, Motion] = {}
        by_tile = {sprite.tile: sprite for sprite in old.values() if sprite.tile is not None}
        removed = [sprite for key, sprite in old.items() if key not in new]
        pool = self._origin_pool(removed, source)
        track: Track | None = None

        def motion(
            start: Box, flip: bool = False, old_tile: int | None = None, turns: int | None = None
        ) -> Motion:
            nonlocal track
            if track is None:
                track = self.animator.add(max(duration_s, 0.001), ease=ease_in_out_cubic)
            return Motion(start, track, flip, old_tile, turns)

        for key, sprite in new.items():
            before = old.get(key)
            if before is not None:
                flip = before.tile != sprite.tile
                if before.box != sprite.box or flip:
                    now_motions[key] = motion(self._current_box(key, before), flip, before.tile, before.turns)
                continue
            origin = by_tile.get(sprite.tile) if sprite.tile is not None else None
            if origin is None and pool:
                origin = pool.pop(0)
            if origin is not None:
                same_face = origin.tile == sprite.tile and not origin.standing
                now_motions[key] = motion(
                    self._current_box(origin.key, origin), turns=origin.turns if same_face else None
                )
        self.motions = now_motions
        self.sprites = new
        self.order = sorted(new.values(), key=lambda sprite: sprite.z)
        self.show = show

    def _origin_pool(self, removed: list[Sprite], source: int | None) -> list[Sprite]:
        """Sprites that left, in the order new ones should take their places from."""
        if source == WALL_SOURCE:
            return [sprite for sprite in removed if sprite.key[0] == "w"]  # type: ignore[index]
        if source is None or self.show is None:
            return []
        hidden = [
            sprite
            for sprite in removed
            if sprite.key[0] == "b" and sprite.key[1] == source  # type: ignore[index]
        ]
        hidden.sort(key=lambda sprite: -sprite.key[2])  # type: ignore[index]
        return hidden

    def _current_box(self, key: Hashable, sprite: Sprite) -> Box:
        """Where a sprite is drawn right now (mid-flight ones included)."""
        moving = self.motions.get(key)
        if moving is None:
            return sprite.box
        t = moving.track.progress(self.animator.now_s)
        return _lerp_box(moving.start, sprite.box, t)

    # ---- humans -------------------------------------------------------------------------------------------

    def prepare_decision(self) -> None:
        """Show the waiting human's controls (behind the privacy screen when humans share the screen)."""
        seat = self.session.waiting_human()
        if seat is None:
            return
        human = self.session.humans[seat]
        pending = human.pending
        assert pending is not None
        if self.session.private and self.session.viewer != seat:
            self.session.conceal()
            self.reshow()
            self.privacy_seat = seat
            return
        if self.decision == (seat, pending.serial):
            return
        self.decision = (seat, pending.serial)
        clock = self.session.clock_for(seat)
        if clock is not None and self.clock_decision != self.decision:
            clock.start()  # a new question (not the same one shown again after a toggle)
        self.clock_decision = self.decision
        view = pending.view
        self.mapper.set_decision(pending.legal, view.hand, view.drawn)
        self.advice = discard_advice(view, pending.legal, self.rules)
        self.riichi_advice = (
            discard_advice(view, pending.legal, self.rules, riichi=True)
            if any(isinstance(a, Discard) and a.riichi for a in pending.legal)
            else {}
        )
        self.status = hand_status(view, self.rules)
        self.coach_advice = self.session.advice(seat)  # None unless the match is a practice game
        self.refresh_controls()

    def reshow(self) -> None:
        """Draw the current moment again with the session's present viewer (no animation)."""
        frame = self.session.current_frame()
        if frame is None:
            return
        show = self.session.presenter.reshow(frame, self.session.bottom, self.session.shown_seats())
        if show is not None:
            self.motions.clear()
            self.sprites = build_sprites(show, self.layout)
            self.order = sorted(self.sprites.values(), key=lambda sprite: sprite.z)
            self.show = show

    def send(self, action: Action) -> None:
        """Answer the pending decision with an offered action."""
        if self.decision is None:
            return
        seat, _ = self.decision
        self.session.choose(seat, action)  # stops the person's clock and records the thinking time
        self.decision = None
        self.mapper.clear()
        self.advice, self.riichi_advice, self.status = {}, {}, None
        self.coach_advice = None
        self.refresh_controls()
        self.app.services.play_cue("click")
        if self.session.private:
            self.session.conceal()
            self.reshow()

    def refresh_controls(self) -> None:
        """Rebuild the action buttons, a chooser's options and the toggles for the current decision."""
        layout = self.layout
        labels = [(i18n.tr(button.label_key), button.label_key) for button in self.mapper.buttons()]
        self.buttons = grid_of_buttons(layout.buttons, labels, layout.button_h)
        for button, spec in zip(self.buttons, self.mapper.buttons(), strict=True):
            button.primary = spec.label_key in ("action.tsumo", "action.ron")
            button.selected = spec.selected
        self.option_buttons = []
        chooser = self.mapper.chooser
        if chooser is not None:
            self.option_buttons = self._chooser_buttons(chooser)
        self.undo_button = None
        if self.session.practice and self.decision is not None:
            coach = layout.coach
            box = Box(
                coach.x, coach.y, min(coach.w, round(layout.button_h * 3.4)), round(layout.button_h * 0.8)
            )
            self.undo_button = Button(box, i18n.tr("table.undo"), "undo")
        settings = self.app.settings
        self.toggle_buttons = []
        if self.session.humans:
            toggles = [
                ("auto_win", settings.auto_win, "toggle.auto_win"),
                ("no_calls", settings.no_calls, "toggle.no_calls"),
                ("auto_discard_after_riichi", settings.auto_discard_after_riichi, "toggle.auto_discard"),
            ]
            area = layout.toggles
            row = area.h // 3
            for index, (name, on, key) in enumerate(toggles):
                box = Box(area.x, area.y + index * row, area.w, round(row * 0.8))
                self.toggle_buttons.append(Button(box, i18n.tr(key), name, selected=on))

    def _chooser_buttons(self, chooser: Chooser) -> list[Button]:
        """The chooser's options in a row centred over the hand, just above the status line."""
        layout = self.layout
        height = round(layout.button_h * 1.6)
        width = round(tile_width(layout.river_h) * 4.4)
        gap = layout.pad
        count = len(chooser.actions)
        x = layout.cx - (count * width + (count - 1) * gap) // 2
        y = layout.status.y - layout.pad - height
        return [Button(Box(x + index * (width + gap), y, width, height), "", index) for index in range(count)]

    # ---- input --------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Clicks, keys and the mouse position."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(*event.pos)
            return
        if event.type == pygame.KEYDOWN:
            self.key(event.key)

    def click(self, x: int, y: int) -> None:
        """A left click at (x, y)."""
        if self.paused:
            for button in self.pause_buttons:
                if button.hit(x, y):
                    self.pause_choice(str(button.value))
            return
        if self.menu_enabled and self.menu_button().hit(x, y):
            self.pause()
            return
        if self.privacy_seat is not None:
            if self.privacy_button is not None and self.privacy_button.hit(x, y):
                self.reveal_for(self.privacy_seat)
            return
        if self.overlay is not None:
            if self.overlay.ready:
                self.overlay.dismissed = True
            else:
                self.overlay.skip()
            return
        for button in self.toggle_buttons:
            if button.hit(x, y):
                self.flip_toggle(str(button.value))
                return
        if self.undo_button is not None and self.undo_button.hit(x, y):
            self.undo()
            return
        if not self.animator.idle:
            self.animator.skip()
            return
        if self.layout.panel.contains_point(x, y):
            self.show_differences = not self.show_differences
            self._panel_cache.clear()
            return
        for button in self.option_buttons:
            if button.hit(x, y):
                self._act(self.mapper.click_option(int(str(button.value))))
                return
        for button in self.buttons:
            if button.hit(x, y):
                self._act(self.mapper.click_button(str(button.value)))
                return
        index = self.hand_index_at(x, y)
        if index is not None:
            self._act(self.mapper.click_tile(index))

    def key(self, key: int) -> None:
        """A key press."""
        if self.paused:
            if key in (pygame.K_ESCAPE, pygame.K_F10):
                self.pause_choice("resume")
            return
        if key == pygame.K_F10:
            self.pause()
            return
        if key == pygame.K_ESCAPE and not self.escape_answers_decision():
            self.pause()  # nothing on offer to skip or close (one's own turn to discard included): the menu
            return
        if key in (pygame.K_RIGHTBRACKET, pygame.K_KP_PLUS, pygame.K_LEFTBRACKET, pygame.K_KP_MINUS):
            self.change_speed(1 if key in (pygame.K_RIGHTBRACKET, pygame.K_KP_PLUS) else -1)
            return
        if self.privacy_seat is not None:
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.reveal_for(self.privacy_seat)
            return
        if self.overlay is not None:
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                if self.overlay.ready:
                    self.overlay.dismissed = True
                else:
                    self.overlay.skip()
            return
        if key == pygame.K_TAB:
            self.show_differences = not self.show_differences
            self._panel_cache.clear()
            return
        if self.decision is None:
            if key in (pygame.K_SPACE, pygame.K_RETURN):
                self.animator.skip()
            return
        if key == pygame.K_u and self.undo_button is not None:
            self.undo()
            return
        self._act(self.mapper.key(key))

    def undo(self) -> None:
        """Practice games: go back to one's last decision with a choice in this hand and ask it again (the AIs
        replay the same answers); nothing happens when there is none to take back."""
        if self.decision is None:
            return
        rewound = self.session.rewound(self.decision[0])
        if rewound is None:
            return
        self.session = rewound
        self.decision = self.clock_decision = None
        self.mapper.clear()
        self.advice, self.riichi_advice, self.status, self.coach_advice = {}, {}, None, None
        self.overlay, self.label, self.dice = None, None, None
        self.motions.clear()
        self.reshow()
        self.refresh_controls()
        self.app.services.play_cue("click")

    def escape_answers_decision(self) -> bool:
        """Whether Esc goes to the decision on offer (skip a call or ron, close a chooser, leave riichi mode)
        rather than opening the menu."""
        return self.decision is not None and self.privacy_seat is None and self.mapper.answers_escape()

    def _act(self, outcome: object) -> None:
        if isinstance(outcome, Chooser) or outcome is None:
            self.refresh_controls()
            return
        self.send(outcome)  # type: ignore[arg-type]

    def flip_toggle(self, name: str) -> None:
        """Switch one of the human toggles (saved with the settings, applied to every human seat)."""
        from game.human import HumanToggles

        settings = self.app.settings.toggled(name)
        self.app.apply_settings(settings)
        toggles = HumanToggles(settings.auto_win, settings.no_calls, settings.auto_discard_after_riichi)
        for human in self.session.humans.values():
            human.toggles = toggles
        self.decision = None
        self.refresh_controls()

    def change_speed(self, step: int) -> None:
        """One animation speed faster or slower ([ and ], or keypad - and +), saved with the settings."""
        import dataclasses

        from graphics.settings import SPEEDS

        index = SPEEDS.index(self.app.settings.speed) if self.app.settings.speed in SPEEDS else 1
        speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index + step))]
        self.app.apply_settings(dataclasses.replace(self.app.settings, speed=speed))
        now = self.animator.now_s
        self.label = (
            self.show.bottom if self.show else 0,
            i18n.tr("table.speed", speed=speed),
            now,
            now + 0.9,
        )

    def menu_button(self) -> Button:
        """The small menu button in the top-left corner (Esc or F10 does the same)."""
        return Button(self.layout.menu, i18n.tr("table.menu"), "menu")

    def pause(self, confirm: str | None = None) -> None:
        """Stop the game and show the menu: resume, settings, yaku reference, leave (a saved match is kept
        for later; leaving one that is not saved is asked again) and, for a stored single match, abandon it
        (asked again before it is done)."""
        self.paused = True
        self.confirming = confirm
        layout = self.layout
        height = max(28, round(layout.height * 0.06))
        width = round(max(layout.width * 0.26, height * 7))
        x = (layout.width - width) // 2
        if confirm == "abandon":
            entries = [("abandon_yes", "table.abandon_confirm"), ("abandon_no", "table.abandon_keep")]
        elif confirm == "leave":
            entries = [("leave_yes", "table.leave_unsaved_confirm"), ("leave_no", "table.abandon_keep")]
        else:
            entries = [
                ("resume", "table.resume"),
                ("settings", "table.settings"),
                ("reference", "table.reference"),
                ("quit", "table.leave_saved" if self.is_saved else "table.quit"),
            ]
            if self.session.match_id is not None and self.session.tournament is None:
                entries.append(("abandon", "table.abandon"))
        top = layout.height // 2 - len(entries) * (height + 12) // 2
        self.pause_buttons = [
            Button(
                Box(x, top + index * (height + 12), width, height), i18n.tr(key), value, primary=index == 0
            )
            for index, (value, key) in enumerate(entries)
        ]

    def pause_choice(self, value: str) -> None:
        """Act on a pause-menu button."""
        self.app.services.play_cue("click")
        if value in ("resume", "abandon_no", "leave_no"):
            self.paused = False
            self.confirming = None
            return
        if value == "settings":
            navigation.go(self.app, "settings", back=self.come_back)
        elif value == "reference":
            navigation.go(self.app, "reference", back=self.come_back, rules=self.session.rules)
        elif value == "abandon":
            self.pause(confirm="abandon")
        elif value == "abandon_yes":
            try:
                self.session.abandon()
            except RecordsError as error:
                logger.warning("cannot abandon the match: %s", error)
            navigation.go(self.app, "title")
        elif value == "quit" and not self.is_saved:
            self.pause(confirm="leave")  # leaving would lose the match, or its answers since saving stopped
        elif value in ("quit", "leave_yes"):
            name, options = self.session.then
            navigation.go(self.app, name, **options)

    @property
    def is_saved(self) -> bool:
        """Whether the match is kept as it is played, so leaving loses nothing (Continue takes it up)."""
        return self.session.match_id is not None and self.session.save_error is None

    def come_back(self) -> None:
        """Return to this match from the settings or the reference (still paused, rebuilt for any changes)."""
        self.app.switch(self)
        self._background = None
        self._panel_cache.clear()
        self.pause()

    def draw_pause(self, surface: pygame.Surface) -> None:
        """The pause menu over a dimmed table."""
        layout = self.layout
        surface.blit(shade(layout.width, layout.height, (4, 10, 8, 190)), (0, 0))
        lang = i18n.language()
        first = self.pause_buttons[0].box
        size = max(16, round(first.h * 0.7))
        draw_text(
            surface,
            i18n.tr(
                "table.abandon_question"
                if self.confirming == "abandon"
                else "table.leave_unsaved_question"
                if self.confirming == "leave"
                else "table.paused"
            ),
            size,
            GOLD,
            (layout.width // 2, first.y - size * 2),
            "midtop",
            True,
            lang,
        )
        for button in self.pause_buttons:
            button.draw(surface, self.mouse, lang)

    def reveal_for(self, seat: int) -> None:
        """The named human took the screen: show their tiles and controls."""
        self.privacy_seat = None
        self.session.hand_over(seat)
        self.reshow()
        self.prepare_decision()

    def hand_index_at(self, x: int, y: int) -> int | None:
        """Which of the viewer's hand tiles is under (x, y)."""
        tiles = self.mapper.tiles
        for index, tile in enumerate(tiles):
            sprite = self.sprites.get(("h", tile))
            if sprite is None:
                continue
            box = sprite.box
            lifted = Box(box.x, box.y - round(box.h * 0.18), box.w, box.h + round(box.h * 0.18))
            if lifted.contains_point(x, y):
                return index
        return None

    def finish(self) -> None:
        """The match is over: the final results screen."""
        if self.finished:
            return
        self.finished = True
        if self.on_step_shown is not None:
            self.on_step_shown(None, self)
        navigation.go(self.app, "results", session=self.session)

    # ---- drawing ------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table for this frame."""
        layout = self.layout
        if self._background is None or self._background.get_size() != (layout.width, layout.height):
            self._background = table_background(layout)
        surface.blit(self._background, (0, 0))
        if self.show is None:
            return
        surface.blit(self.center_panel(), (layout.panel.x, layout.panel.y))
        self.draw_sticks(surface)
        now = self.animator.now_s
        moving: list[tuple[Sprite, Motion]] = []
        hover = self.hovered_tile()
        for sprite in self.order:
            motion = self.motions.get(sprite.key)
            if motion is not None and not motion.track.finished(now):
                moving.append((sprite, motion))
                continue
            self.blit_sprite(surface, sprite, sprite.box, hover)
        for sprite, motion in moving:
            t = motion.track.progress(now)
            box = _lerp_box(motion.start, sprite.box, t)
            if motion.flip:
                self.blit_flip(surface, sprite, motion, box, motion.track.raw(now))
            elif (
                motion.old_turns is not None and motion.old_turns != sprite.turns and sprite.tile is not None
            ):
                self.blit_turning(surface, sprite, motion.old_turns, box, t)
            else:
                self.blit_sprite(surface, sprite, box, hover)
        hover_point = None if self.overlay is not None or self.paused else self.mouse
        self.dora.draw(
            surface,
            self.dora_box(),
            self.art,
            now,
            self.dora_slots,
            hover_point,
            self.rules.red_fives,
            i18n.language(),
        )
        self.draw_names(surface)
        self.draw_label(surface)
        self.draw_dice(surface)
        for button in self.toggle_buttons:
            draw_toggle(surface, button, button.box.contains_point(*self.mouse), i18n.language())
        if self.decision is not None:
            self.draw_controls(surface)
            if self.coach_advice is not None:
                box = self.layout.coach
                if self.undo_button is not None:
                    self.undo_button.draw(surface, self.mouse, i18n.language())
                    top = self.undo_button.box.bottom + self.layout.pad
                    box = Box(box.x, top, box.w, box.bottom - top)
                draw_coach(surface, box, self.coach_advice, self.art)
        if self.overlay is not None:
            self.overlay.draw(surface)
        if self.privacy_seat is not None:
            self.draw_privacy(surface)
        if self.paused:
            self.draw_pause(surface)
        elif self.menu_enabled:
            self.menu_button().draw(surface, self.mouse, i18n.language())
            self.draw_save_warning(surface)

    def tile_surface(
        self, tile: int | None, height: int, turns: int, standing: bool = False
    ) -> pygame.Surface:
        """The art of a tile face (or its back when `tile` is None); `standing` foreshortens a back."""
        if tile is None:
            if standing:
                return standing_back(self.art, height, turns)
            return self.art.back(height, turns)
        return self.art.face(art_kind(tile), height, turns, is_red(tile, self.rules.red_fives))

    def blit_sprite(self, surface: pygame.Surface, sprite: Sprite, box: Box, hover: int | None) -> None:
        """One tile at `box`, with its marks (shaded when tsumogiri, lit when claimable or hovered)."""
        image = self.tile_surface(sprite.tile, sprite.height, sprite.turns, sprite.standing)
        x, y = box.x, box.y
        key = sprite.key
        if key[0] == "h" and self.decision is not None and self.show is not None:  # type: ignore[index]
            info = self._advice_for(sprite.tile)
            if sprite.tile == hover or (
                self.mapper.cursor is not None
                and self.mapper.tiles
                and self.mapper.cursor < len(self.mapper.tiles)
                and self.mapper.tiles[self.mapper.cursor] == sprite.tile
            ):
                y -= round(box.h * 0.16)
            surface.blit(image, (x, y))
            if info is not None and not info.allowed:
                surface.blit(shade(image.get_width(), image.get_height(), (20, 20, 20, 120)), (x, y))
            elif info is not None and info.waits:
                pygame.draw.rect(surface, GOLD, (x + 2, y - 6, image.get_width() - 4, 4), border_radius=2)
            return
        surface.blit(image, (x, y))
        if sprite.mark == "claim":
            pygame.draw.rect(
                surface, GOLD, (x - 2, y - 2, image.get_width() + 4, image.get_height() + 4), 3, 5
            )
        elif sprite.mark == "tsumogiri":
            surface.blit(shade(image.get_width(), image.get_height(), (60, 70, 80, 55)), (x, y))

    def blit_turning(
        self, surface: pygame.Surface, sprite: Sprite, old_turns: int, box: Box, t: float
    ) -> None:
        """A tile turning on the table as it travels (the riichi discard laid sideways), 15 degrees a step."""
        assert sprite.tile is not None
        turn = (sprite.turns - old_turns) % 4
        sweep = 90 * (turn if turn < 3 else -1)  # the short way round
        angle = (old_turns * 90 + round(sweep * t / 15) * 15) % 360
        key = (sprite.tile, sprite.height, angle)
        image = _turn_cache.get(key)
        if image is None:
            upright = self.tile_surface(sprite.tile, sprite.height, 0)
            image = pygame.transform.rotate(upright, angle)
            if len(_turn_cache) > 512:
                _turn_cache.clear()
            _turn_cache[key] = image
        surface.blit(image, image.get_rect(center=box.center))

    def blit_flip(
        self, surface: pygame.Surface, sprite: Sprite, motion: Motion, box: Box, raw: float
    ) -> None:
        """A tile turning over: squashed to the edge, then opening on its other face."""
        steps = 8
        index = min(steps - 1, int(raw * steps))
        first_half = index < steps // 2
        tile = motion.old_tile if first_half else sprite.tile
        angle = (index + 0.5) / steps * math.pi
        squash = max(0.08, abs(math.cos(angle)))
        image = self.tile_surface(tile, sprite.height, sprite.turns)
        width = max(1, round(image.get_width() * squash))
        key = (tile, sprite.height, sprite.turns, width)
        scaled = _flip_cache.get(key)
        if scaled is None:
            scaled = pygame.transform.smoothscale(image, (width, image.get_height()))
            _flip_cache[key] = scaled
        surface.blit(scaled, (box.x + (box.w - width) // 2, box.y))

    def _advice_for(self, tile: int | None) -> DiscardInfo | None:
        if tile is None:
            return None
        if self.mapper.riichi_mode:
            return self.riichi_advice.get(tile)
        return self.advice.get(tile)

    def hovered_tile(self) -> int | None:
        """The viewer's hand tile under the mouse, while a decision is up."""
        if self.decision is None:
            return None
        index = self.hand_index_at(*self.mouse)
        if index is None:
            return None
        return self.mapper.tiles[index]

    def center_panel(self) -> pygame.Surface:
        """The centre panel: round, honba, sticks, tiles left, seat winds, dealer and scores (cached)."""
        show = self.show
        assert show is not None
        view = show.view
        key = (
            view.round_wind,
            view.kyoku,
            view.honba,
            view.riichi_sticks,
            view.tiles_left,
            view.scores,
            view.dealer,
            show.bottom,
            self.show_differences,
            i18n.language(),
            self.layout.panel,
        )
        cached = self._panel_cache.get(key)
        if cached is not None:
            return cached
        if len(self._panel_cache) > 64:
            self._panel_cache.clear()
        panel = self.layout.panel
        surface = pygame.Surface((panel.w, panel.h), pygame.SRCALPHA)
        pygame.draw.rect(surface, (8, 20, 17, 235), surface.get_rect(), border_radius=panel.w // 12)
        pygame.draw.rect(surface, (214, 182, 110, 160), surface.get_rect(), 2, border_radius=panel.w // 12)
        lang = i18n.language()
        unit = panel.w / 10
        round_text = i18n.tr("round.label", wind=i18n.tr(f"wind.{view.round_wind}"), kyoku=view.kyoku + 1)
        draw_text(
            surface,
            round_text,
            round(unit * 1.15),
            INK,
            (panel.w // 2, round(panel.h * 0.26)),
            "center",
            True,
            lang,
        )
        sub = i18n.tr("table.honba_sticks", honba=view.honba, sticks=view.riichi_sticks)
        draw_text(
            surface,
            sub,
            round(unit * 0.62),
            (200, 210, 200),
            (panel.w // 2, round(panel.h * 0.655)),
            "center",
            False,
            lang,
        )
        left = i18n.tr("tiles_left.label", n=view.tiles_left)
        draw_text(
            surface,
            left,
            round(unit * 0.62),
            GOLD,
            (panel.w // 2, round(panel.h * 0.76)),
            "center",
            False,
            lang,
        )
        base = view.scores[show.bottom]
        for seat in range(view.n):
            rel = self.layout.rel_of(seat, show.bottom)
            wind = (seat - view.dealer) % view.n
            score = view.scores[seat]
            if self.show_differences and seat != show.bottom:
                text = i18n.signed_points(score - base)
                ink = INK if score == base else (120, 220, 140) if score < base else (240, 120, 110)
            else:
                text = f"{score:,}"
                ink = INK
            color = (236, 90, 70) if seat == view.dealer else (230, 226, 210)
            line = pygame.Surface((panel.w, round(unit * 1.2)), pygame.SRCALPHA)
            draw_text(
                line,
                WIND_CHARS[wind],
                round(unit * 0.95),
                color,
                (round(panel.w * 0.2), line.get_height() // 2),
                "center",
                True,
                "ja",
            )
            draw_text(
                line,
                text,
                round(unit * 0.85),
                ink,
                (round(panel.w * 0.58), line.get_height() // 2),
                "center",
                True,
                lang,
            )
            rotated = pygame.transform.rotate(line, 90 * rel)
            if rel == 0:
                surface.blit(rotated, (0, panel.h - rotated.get_height() - round(unit * 0.15)))
            elif rel == 1:
                surface.blit(rotated, (panel.w - rotated.get_width() - round(unit * 0.15), 0))
            elif rel == 2:
                surface.blit(rotated, (0, round(unit * 0.15)))
            else:
                surface.blit(rotated, (round(unit * 0.15), 0))
        self._panel_cache[key] = surface
        return surface

    def dora_box(self) -> Box:
        """Where the dora indicators lie in the centre panel: between the round's name and the honba line,
        clear of the seats' scores along the panel's edges."""
        panel = self.layout.panel
        return Box(
            panel.x + round(panel.w * 0.14),
            panel.y + round(panel.h * DORA_ROW[0]),
            round(panel.w * 0.72),
            round(panel.h * (DORA_ROW[1] - DORA_ROW[0])),
        )

    def draw_sticks(self, surface: pygame.Surface) -> None:
        """Riichi sticks in front of the seats that declared, between the centre panel and their rivers
        (sliding in as they are placed)."""
        show = self.show
        assert show is not None
        for seat in show.sticks:
            rel = self.layout.rel_of(seat, show.bottom)
            box = self.layout.stick_box(rel)
            image = stick_surface(box.w, box.h)
            if self.stick_slide is not None and self.stick_slide[0] == seat:
                # the stick slides from the player's side of the table to its place before the river
                stick = self.layout.stick_box(0)
                start = self.layout.frame(rel).box(-stick.w / 2, self.layout.wall_v, stick.w, stick.h)
                t = self.stick_slide[1].progress(self.animator.now_s)
                box = _lerp_box(start, box, t)
            surface.blit(image, (box.x, box.y))

    def draw_names(self, surface: pygame.Surface) -> None:
        """Each player's plate: seat wind, name and score (riichi and the dealer marked)."""
        show = self.show
        assert show is not None
        view = show.view
        for seat, setup in enumerate(self.session.setups):
            rel = self.layout.rel_of(seat, show.bottom)
            image = self.plate(
                seat, setup.name, view.scores[seat], (seat - view.dealer) % view.n, seat in show.sticks
            )
            box = self.layout.plate_box(rel)
            x = box.x if rel == 1 else box.right - image.get_width()  # against the table's edge
            surface.blit(image, (x, box.y))

    def plate(self, seat: int, name: str, score: int, wind: int, riichi: bool) -> pygame.Surface:
        """A player's name plate (cached per content)."""
        turn = self.show is not None and self.show.view.turn == seat
        key = ("plate", seat, name, score, wind, riichi, turn, i18n.language(), self.layout.river_h)
        cached = self._panel_cache.get(key)
        if cached is not None:
            return cached
        lang = i18n.language()
        size = max(12, round(self.layout.river_h * 0.36))
        height = self.layout.plate_h
        limit = self.layout.plate_w
        # a long name in a narrow margin: smaller type, then shortened in the middle, never clipped
        name, name_size = fitted_text(name, size, limit - round(size * 3.2), True, lang)
        name_w = text_size(name, name_size, True, lang)[0]
        width = min(limit, max(round(size * 9.5), round(size * 3.2) + name_w))
        plate = pygame.Surface((width, height), pygame.SRCALPHA)
        plate.blit(panel_surface(width, height, (10, 24, 20), 200, size // 2), (0, 0))
        if turn:
            pygame.draw.rect(plate, GOLD, plate.get_rect(), 2, border_radius=size // 2)
        color = (236, 90, 70) if wind == 0 else (230, 226, 210)
        draw_text(
            plate,
            WIND_CHARS[wind],
            round(size * 1.5),
            color,
            (round(size * 1.1), height // 2),
            "center",
            True,
            "ja",
        )
        draw_text(
            plate, name, name_size, GOLD, (round(size * 2.2), round(height * 0.28)), "midleft", True, lang
        )
        draw_text(
            plate, f"{score:,}", size, INK, (round(size * 2.2), round(height * 0.7)), "midleft", False, lang
        )
        if riichi:
            stick = stick_surface(round(size * 2.4), max(4, size // 3))
            plate.blit(
                stick, (width - stick.get_width() - size // 2, round(height * 0.7) - stick.get_height() // 2)
            )
        self._panel_cache[key] = plate
        return plate

    def draw_label(self, surface: pygame.Surface) -> None:
        """A call's name over the caller's side, popping in and fading."""
        if self.label is None or self.show is None:
            return
        seat, text, start, end = self.label
        now = self.animator.now_s
        if now >= end:
            self.label = None
            return
        rel = self.layout.rel_of(seat, self.show.bottom)
        x, y = self.layout.frame(rel).point(0, self.layout.river_v + self.layout.river_h * 2.2)
        pop = round(ease_out_back(min(1.0, (now - start) * 4)) * 6) / 6  # a few sizes, each rendered once
        size = max(16, round(self.layout.river_h * 0.9 * max(pop, 0.3)))
        image = outlined_text(text, size, self.lang)
        left = end - now
        if left < 0.3:
            image = faded_text(text, size, self.lang, round(255 * left / 0.3))
        surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def draw_save_warning(self, surface: pygame.Surface) -> None:
        """One red line under the menu button when the match can no longer be saved (it plays on)."""
        if self.session.save_error is None:
            return
        button = self.menu_button().box
        size = max(11, round(button.h * 0.5))
        draw_text(
            surface,
            i18n.tr("table.not_saved"),
            size,
            (236, 120, 110),
            (button.x, button.bottom + size // 2),
            "topleft",
            True,
            i18n.language(),
        )

    def draw_dice(self, surface: pygame.Surface) -> None:
        """The dice roll at the start of a hand."""
        if self.dice is None:
            return
        (a, b), start = self.dice
        age = self.animator.now_s - start
        if age > DICE_S:
            self.dice = None
            return
        size = round(self.layout.panel.w * 0.2)
        cx, cy = self.layout.panel.center
        rolling = age < 0.5
        values = ((int(age * 23) % 6) + 1, (int(age * 31 + 3) % 6) + 1) if rolling else (a, b)
        for index, value in enumerate(values):
            image = die_surface(value, size)
            x = cx + (index * 2 - 1) * size * 0.65 - size / 2
            surface.blit(image, (round(x), round(cy - size / 2)))

    def draw_controls(self, surface: pygame.Surface) -> None:
        """Buttons, a chooser, toggles, the status line and the hovered tile's waits or reason."""
        lang = i18n.language()
        for button in self.buttons:
            button.draw(surface, self.mouse, lang)
        chooser = self.mapper.chooser
        if chooser is not None:
            self.draw_chooser(surface, chooser)
        self.draw_status(surface)
        self.draw_clock(surface)
        hover = self.hovered_tile()
        if hover is None and self.mapper.cursor is not None and self.mapper.cursor < len(self.mapper.tiles):
            hover = self.mapper.tiles[self.mapper.cursor]
        info = self._advice_for(hover)
        if hover is not None and info is not None:
            self.draw_tooltip(surface, hover, info)

    def draw_clock(self, surface: pygame.Surface) -> None:
        """The decision's clock on top of the action buttons: base seconds left, then the hand's bank (red
        once the bank is being spent), as online clients show it."""
        if self.decision is None:
            return
        clock = self.session.clocks.get(self.decision[0])
        if clock is None:
            return
        box = self.layout.clock_box(min((button.box.y for button in self.buttons), default=None))
        height = box.h
        surface.blit(panel_surface(box.w, box.h, radius=max(4, height // 3)), (box.x, box.y))
        lang = i18n.language()
        base, bank = math.ceil(clock.base_left_s), math.ceil(clock.bank_now_s)
        urgent = clock.base_left_s <= 0
        color = (236, 110, 100) if urgent else GOLD
        draw_text(
            surface,
            str(base),
            round(height * 0.62),
            color,
            (box.x + round(height * 1.0), box.center[1]),
            "center",
            True,
            lang,
        )
        draw_text(
            surface,
            f"+ {bank}",
            round(height * 0.42),
            color if urgent else INK,
            (box.x + round(height * 2.2), box.center[1]),
            "center",
            False,
            lang,
        )

    def draw_chooser(self, surface: pygame.Surface, chooser: Chooser) -> None:
        """The options of one button (which chi, which kan), each shown with its tiles."""
        hand = self.mapper.tiles
        claimed = self.show.view.claimable if self.show is not None else None
        height = round(self.layout.river_h * 0.9)
        for index, (button, action) in enumerate(zip(self.option_buttons, chooser.actions, strict=True)):
            selected = index == self.mapper.option_cursor or button.box.contains_point(*self.mouse)
            surface.blit(
                panel_surface(button.box.w, button.box.h, (40, 70, 58) if selected else (14, 30, 26)),
                button.box[:2],
            )
            tiles = list(tiles_used(action, hand, claimed))
            if claimed is not None and not any(t == claimed for t in tiles):
                tiles.append(claimed)
            width = tile_width(height)
            x = button.box.x + (button.box.w - len(tiles) * width) // 2
            for offset, tile in enumerate(sorted(tiles)):
                surface.blit(
                    self.tile_surface(tile, height, 0),
                    (x + offset * width, button.box.y + (button.box.h - height) // 2),
                )

    def draw_status(self, surface: pygame.Surface) -> None:
        """A line over the hand: riichi mode prompt, waits, furiten, no yaku."""
        status = self.status
        parts = []
        if self.mapper.riichi_mode:
            parts.append(i18n.tr("table.choose_riichi_discard"))
        if status is not None and status.waits:
            parts.append(i18n.tr("tenpai"))
            if status.furiten:
                parts.append(i18n.tr("furiten"))
            if status.no_yaku:
                parts.append(i18n.tr("no_yaku"))
        if not parts:
            return
        box = self.layout.status
        draw_text(
            surface, "  ·  ".join(parts), box.h, (250, 220, 140), box.center, "center", True, i18n.language()
        )

    def draw_tooltip(self, surface: pygame.Surface, tile: int, info: DiscardInfo) -> None:
        """The waits a discard leaves (with copies left), or why the tile cannot be discarded."""
        sprite = self.sprites.get(("h", tile))
        if sprite is None:
            return
        lang = i18n.language()
        size = max(12, round(self.layout.hand_h * 0.22))
        if not info.allowed and info.reason:
            text = i18n.tr(info.reason)
            image = outlined_text(text, size, lang)
            box = sprite.box
            rect = image.get_rect(midbottom=(box.center[0], box.y - round(box.h * 0.25)))
            # a long reason stays whole on screen, above the leftmost or rightmost tile too
            rect.clamp_ip(pygame.Rect(8, 0, self.layout.width - 16, self.layout.height))
            surface.blit(image, rect)
            return
        if not info.waits:
            return
        height = round(self.layout.river_h * 0.8)
        width = tile_width(height)
        label = i18n.tr("table.waits", count=info.remaining)
        if info.furiten:
            label += "  " + i18n.tr("furiten")
        if info.no_yaku:
            label += "  " + i18n.tr("no_yaku")
        caption = outlined_text(label, size, lang)
        panel_w = max(len(info.waits) * width + 24, caption.get_width() + 24)
        panel_h = height + caption.get_height() + 24
        box = sprite.box
        x = min(max(8, box.center[0] - panel_w // 2), self.layout.width - panel_w - 8)
        y = box.y - round(box.h * 0.3) - panel_h
        surface.blit(panel_surface(panel_w, panel_h, (10, 24, 20), 235), (x, y))
        surface.blit(caption, (x + 12, y + 8))
        for index, kind in enumerate(info.waits):
            surface.blit(
                self.art.face(kind, height, 0, False), (x + 12 + index * width, y + 14 + caption.get_height())
            )

    def draw_privacy(self, surface: pygame.Surface) -> None:
        """The hand-over screen: every concealed hand hidden until the named player confirms."""
        seat = self.privacy_seat
        assert seat is not None
        layout = self.layout
        surface.blit(shade(layout.width, layout.height, (4, 10, 8, 235)), (0, 0))
        lang = i18n.language()
        name = self.session.setups[seat].name
        size = max(18, round(layout.height * 0.06))
        center = (layout.width // 2, round(layout.height * 0.4))
        draw_text(surface, i18n.tr("privacy.pass_to", name=name), size, GOLD, center, "center", True, lang)
        hint = i18n.tr("privacy.hint")
        draw_text(
            surface, hint, max(12, size // 2), INK, (center[0], center[1] + size), "center", False, lang
        )
        width, height = round(layout.width * 0.22), round(size * 1.3)
        box = Box(center[0] - width // 2, center[1] + size * 2, width, height)
        self.privacy_button = Button(box, i18n.tr("privacy.ready", name=name), "ready", primary=True)
        self.privacy_button.draw(surface, self.mouse, lang)


_standing_cache: dict[tuple[int, int, int], pygame.Surface] = {}


def standing_back(art: TileArt, height: int, turns: int) -> pygame.Surface:
    """A face-down tile standing on its edge, seen from above: its back, foreshortened (cached)."""
    key = (id(art), height, turns)
    surface = _standing_cache.get(key)
    if surface is None:
        back = art.back(height, 0)
        surface = pygame.transform.smoothscale(back, (back.get_width(), standing_height(height)))
        surface = pygame.transform.rotate(surface, 90 * turns)
        _standing_cache[key] = surface
    return surface


def draw_toggle(surface: pygame.Surface, button: Button, hover: bool, lang: str) -> None:
    """An on/off switch: a small panel with a check box and its label."""
    box = button.box
    surface.blit(
        panel_surface(box.w, box.h, (24, 50, 42) if hover else (10, 24, 20), 210, box.h // 3), box[:2]
    )
    side = round(box.h * 0.56)
    check = pygame.Rect(box.x + round(box.h * 0.25), box.y + (box.h - side) // 2, side, side)
    pygame.draw.rect(surface, GOLD if button.selected else (150, 160, 150), check, 2, border_radius=3)
    if button.selected:
        points = [
            (check.x + side * 0.2, check.y + side * 0.55),
            (check.x + side * 0.42, check.y + side * 0.78),
            (check.x + side * 0.82, check.y + side * 0.25),
        ]
        pygame.draw.lines(surface, GOLD, False, points, max(2, side // 6))
    at = (check.right + round(box.h * 0.3), box.y + box.h // 2)
    room = box.right - at[0] - round(box.h * 0.25)  # a long label in a narrow margin: smaller type
    size = fitted_size(button.label, max(11, round(box.h * 0.52)), room, False, lang)
    draw_text(surface, button.label, size, INK, at, "midleft", False, lang)


def _lerp_box(a: Box, b: Box, t: float) -> Box:
    return Box(round(lerp(a.x, b.x, t)), round(lerp(a.y, b.y, t)), b.w, b.h)


_flip_cache: dict[tuple[object, ...], pygame.Surface] = {}
_turn_cache: dict[tuple[int, int, int], pygame.Surface] = {}
_shade_cache: dict[tuple[int, int, tuple[int, int, int, int]], pygame.Surface] = {}
_stick_cache: dict[tuple[int, int], pygame.Surface] = {}
_die_cache: dict[tuple[int, int], pygame.Surface] = {}
_outline_cache: dict[tuple[str, int, str], pygame.Surface] = {}


def shade(width: int, height: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent rectangle (cached)."""
    key = (width, height, rgba)
    surface = _shade_cache.get(key)
    if surface is None:
        surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        surface.fill(rgba)
        if len(_shade_cache) > 256:
            _shade_cache.clear()
        _shade_cache[key] = surface
    return surface


def stick_surface(width: int, height: int) -> pygame.Surface:
    """A 1000-point riichi stick: white with a red dot, lying along its longer side."""
    key = (width, height)
    surface = _stick_cache.get(key)
    if surface is None:
        surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        radius = min(width, height) // 2
        pygame.draw.rect(surface, (0, 0, 0, 80), surface.get_rect().move(1, 2), border_radius=radius)
        pygame.draw.rect(surface, (244, 242, 234), surface.get_rect(), border_radius=radius)
        dot = max(2, min(width, height) // 3)
        pygame.draw.circle(surface, (206, 36, 40), (width // 2, height // 2), dot)
        _stick_cache[key] = surface
    return surface


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.22), (0.73, 0.22), (0.27, 0.5), (0.73, 0.5), (0.27, 0.78), (0.73, 0.78)),
}


def die_surface(value: int, size: int) -> pygame.Surface:
    """A white die showing `value` (red pip for one and four, as Japanese dice have)."""
    key = (value, size)
    surface = _die_cache.get(key)
    if surface is None:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(surface, (0, 0, 0, 90), surface.get_rect().move(2, 3), border_radius=size // 5)
        pygame.draw.rect(surface, (250, 248, 240), surface.get_rect(), border_radius=size // 5)
        pygame.draw.rect(surface, (190, 186, 176), surface.get_rect(), 2, border_radius=size // 5)
        color = (200, 30, 36) if value in (1, 4) else (30, 30, 34)
        radius = size * (0.15 if value == 1 else 0.085)
        for px, py in _PIPS[value]:
            pygame.draw.circle(surface, color, (round(px * size), round(py * size)), radius)
        _die_cache[key] = surface
    return surface


_fade_cache: dict[tuple[str, int, str, int], pygame.Surface] = {}


def faded_text(text: str, size: int, lang: str, alpha: int) -> pygame.Surface:
    """`outlined_text` at an alpha level (16 levels, cached), leaving the opaque one untouched."""
    level = max(0, min(15, alpha // 16))
    key = (text, size, lang, level)
    surface = _fade_cache.get(key)
    if surface is None:
        surface = outlined_text(text, size, lang).copy()
        surface.set_alpha(level * 17)
        if len(_fade_cache) > 256:
            _fade_cache.clear()
        _fade_cache[key] = surface
    return surface


def outlined_text(text: str, size: int, lang: str) -> pygame.Surface:
    """Bold gold text with a dark outline, readable over tiles and felt (cached)."""
    from graphics.fonts import render_text

    key = (text, size, lang)
    surface = _outline_cache.get(key)
    if surface is None:
        ink = render_text(text, size, (255, 226, 140), bold=True, lang=lang)
        dark = render_text(text, size, (20, 14, 8), bold=True, lang=lang)
        pad = max(2, size // 14)
        surface = pygame.Surface((ink.get_width() + pad * 2, ink.get_height() + pad * 2), pygame.SRCALPHA)
        for dx in (-pad, 0, pad):
            for dy in (-pad, 0, pad):
                if dx or dy:
                    surface.blit(dark, (pad + dx, pad + dy))
        surface.blit(ink, (pad, pad))
        if len(_outline_cache) > 512:
            _outline_cache.clear()
        _outline_cache[key] = surface
    return surface


def table_background(layout: TableLayout) -> pygame.Surface:
    """The room, the table's wooden rim and its felt, with a soft light in the middle (made once per size)."""
    width, height = layout.width, layout.height
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            r = min(1.0, math.hypot((x - 31.5) / 32, (y - 17.5) / 18) / 1.2)
            t = r * r
            small.set_at(
                (x, y), tuple(round(c + (e - c) * t) for c, e in zip((24, 40, 36), (6, 12, 12), strict=True))
            )
    surface = pygame.transform.smoothscale(small, (width, height))
    side = layout.side
    felt_box = pygame.Rect(0, 0, side, side)
    felt_box.center = (layout.cx, layout.cy)
    rim = felt_box.inflate(round(side * 0.02), round(side * 0.02))
    pygame.draw.rect(surface, TABLE_EDGE, rim, border_radius=round(side * 0.03))
    felt_small = pygame.Surface((48, 48))
    for y in range(48):
        for x in range(48):
            r = min(1.0, math.hypot((x - 23.5) / 24, (y - 23.5) / 24) / 1.35)
            t = r**1.6
            felt_small.set_at(
                (x, y), tuple(round(c + (e - c) * t) for c, e in zip(FELT, FELT_DARK, strict=True))
            )
    felt = pygame.transform.smoothscale(felt_small, felt_box.size)
    mask = pygame.Surface(felt_box.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(side * 0.025))
    felt.set_colorkey(None)
    rounded = pygame.Surface(felt_box.size, pygame.SRCALPHA)
    rounded.blit(felt, (0, 0))
    rounded.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(rounded, felt_box.topleft)
    return surface.convert() if pygame.display.get_surface() is not None else surface
