"""The new-game screen: who sits where (humans with names, AIs by level), their timer, the rule set and its
main options.

The choices are plain data (``NewGameChoices``) turned into a rule set and seat setups by pure functions, so
what Start builds is tested without a screen. Presets are offered for the chosen number of players only, and
each option change keeps the options that depend on it consistent: no impossible rule set can be chosen.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.clock import NO_CLOCK, clock_from_name
from game.home import config_dir
from game.human import HumanToggles
from game.records import Clock, RecordsError
from game.rule_options import OPTIONS, build_rules, option_values
from game.rule_text import RuleLine, phrase_text, rule_lines
from game.safe_json import loads as load_json
from game.terms import PRESET_NAMES, RuleSet, preset
from graphics import i18n
from graphics.app import App
from graphics.fonts import render_text, text_size
from graphics.i18n import clock_label, tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import (
    BarDrag,
    backdrop,
    dragged_offset,
    draw_heading,
    draw_label,
    draw_panel,
    draw_paragraph,
    draw_scrollbar,
    thumb_length,
    veil,
)
from graphics.screens.form import Field, Form
from graphics.screens.layouts import NewGameLayout, RuleDetailsLayout, new_game_layout, rule_details_layout
from graphics.session import GameSession, SeatSetup
from graphics.settings import TIMERS, read_file
from graphics.widgets import (
    DIM_INK,
    GOLD,
    INK,
    Button,
    Cycler,
    Segmented,
    TextInput,
    Toggle,
    draw_fitted,
    panel_surface,
    wrap_text,
)

logger = logging.getLogger(__name__)

LEVELS = ("human", "easy", "normal", "strong")
GAME_LENGTHS = ("east", "hanchan")
PLAYER_COUNTS = (3, 4)
NAME_CHARS = 16
SEED_DIGITS = 9
DEFAULT_PRESETS = {4: "standard", 3: "tenhou-3p"}


def presets_for(players: int) -> tuple[str, ...]:
    """The presets made for `players` players, in PRESET_NAMES order."""
    return tuple(name for name in PRESET_NAMES if preset(name).players == players)


def ai_names(levels: tuple[str, ...]) -> dict[int, str]:
    """Display names of the AI seats ("Strong AI"), numbered when two share a level."""
    names: dict[int, str] = {}
    for seat, level in enumerate(levels):
        if level == "human":
            continue
        same = [other for other, other_level in enumerate(levels) if other_level == level]
        label = tr(f"newgame.level.{level}")
        names[seat] = (
            label if len(same) == 1 else tr("newgame.ai_numbered", name=label, n=same.index(seat) + 1)
        )
    return names


@dataclass
class NewGameChoices:
    """Everything the new-game screen lets the player choose."""

    players: int = 4
    presets: dict[int, str] = field(default_factory=lambda: dict(DEFAULT_PRESETS))
    levels: list[str] = field(default_factory=lambda: ["human", "normal", "normal", "normal"])
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])  # empty: the default name
    game_length: str = "hanchan"
    options: dict[str, bool] = field(default_factory=lambda: option_values(preset("standard")))
    seed_text: str = ""
    timer: str = NO_CLOCK  # one of TIMERS: the people's decision clock
    # the Settings timer when `timer` was chosen: once the setting changes, the new setting is the choice
    timer_default: str = NO_CLOCK

    @property
    def preset(self) -> str:
        """The preset chosen for the current number of players."""
        return self.presets[self.players]

    def choose_players(self, players: int) -> None:
        """Switch between 3 and 4 players; the rule set becomes that count's preset with its own defaults."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"players must be 3 or 4, got {players}")
        self.players = players
        self.choose_preset(self.presets[players])

    def choose_preset(self, name: str) -> None:
        """Take a preset for the current player count, with its game length and options."""
        if name not in presets_for(self.players):
            raise ValueError(f"preset '{name}' is not for {self.players} players")
        self.presets[self.players] = name
        rules = preset(name)
        self.game_length = rules.game_length if rules.game_length in GAME_LENGTHS else "hanchan"
        self.options = option_values(rules)

    def rules(self) -> RuleSet:
        """The rule set these choices make."""
        return build_rules(self.preset, self.game_length, self.options)

    def setups(self) -> tuple[SeatSetup, ...]:
        """Who plays each seat: humans with their names (or "Player n"), AIs by level."""
        levels = tuple(self.levels[: self.players])
        names = ai_names(levels)
        setups = []
        for seat, level in enumerate(levels):
            if level == "human":
                name = self.names[seat].strip() or tr("newgame.default_name", n=seat + 1)
            else:
                name = names[seat]
            setups.append(SeatSetup(name, level))
        return tuple(setups)

    def seed(self, rng: random.Random | None = None) -> int:
        """The typed seed, or a random one when the field is empty."""
        if self.seed_text.strip():
            return int(self.seed_text)
        return (rng or random.Random()).randrange(1, 10**SEED_DIGITS)

    def clock(self) -> Clock | None:
        """The decision clock the people play with (None: untimed)."""
        return clock_from_name(self.timer)


def default_choices(timer: str = NO_CLOCK) -> NewGameChoices:
    """The choices of a first game: the defaults, with the Settings timer."""
    return NewGameChoices(timer=timer, timer_default=timer)


CHOICES_FILE = "new_game.json"
MAX_CHOICES_BYTES = 1024 * 1024  # the file holds a few hundred bytes: anything this large is not it


def choices_to_json(choices: NewGameChoices) -> dict[str, object]:
    """The choices worth remembering for the next match (the seed is not: each match gets a new one)."""
    return {
        "players": choices.players,
        "presets": {str(players): name for players, name in choices.presets.items()},
        "levels": list(choices.levels),
        "names": list(choices.names),
        "game_length": choices.game_length,
        "options": dict(choices.options),
        "timer": choices.timer,
        "timer_default": choices.timer_default,
    }


def choices_from_json(data: object, where: str, timer: str = NO_CLOCK) -> NewGameChoices:
    """Remembered choices, with `timer` (the Settings timer) where they hold none or the setting has changed
    since; ValueError (one line, naming `where`) when anything in them is not usable."""

    def bad(what: str) -> ValueError:
        return ValueError(f"{where}: {what}")

    if not isinstance(data, dict):
        raise bad("expected a JSON object")
    choices = default_choices(timer)
    presets = data.get("presets", {})
    if not isinstance(presets, dict):
        raise bad("'presets' must be an object")
    for count, name in presets.items():
        if count not in ("3", "4"):
            raise bad(f"'presets' are for 3 or 4 players, not {_shown(count)}")
        if not isinstance(name, str) or name not in presets_for(int(count)):
            raise bad(f"no {count}-player preset {_shown(name)}")
        choices.presets[int(count)] = name
    players = data.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise bad(f"'players' must be 3 or 4, got {_shown(players)}")
    choices.choose_players(players)  # the preset's own length and options, then what was chosen over them
    levels, names = data.get("levels", choices.levels), data.get("names", choices.names)
    if not (isinstance(levels, list) and len(levels) == 4 and all(level in LEVELS for level in levels)):
        raise bad(f"'levels' must be four of {', '.join(LEVELS)}")
    if not (isinstance(names, list) and len(names) == 4 and all(_is_text(name) for name in names)):
        raise bad("'names' must be four strings")
    choices.levels, choices.names = list(levels), [name[:NAME_CHARS] for name in names]
    length = data.get("game_length", choices.game_length)
    if length not in GAME_LENGTHS:
        raise bad(f"'game_length' must be one of {', '.join(GAME_LENGTHS)}, got {_shown(length)}")
    choices.game_length = length
    options = data.get("options", {})
    if not isinstance(options, dict) or any(
        name not in OPTIONS or not isinstance(value, bool) for name, value in options.items()
    ):
        raise bad(f"'options' must map {', '.join(OPTIONS)} to true or false")
    choices.options.update(options)
    for name in ("timer", "timer_default"):  # a file from before timers has neither: the setting's
        if data.get(name, timer) not in TIMERS:
            raise bad(f"'{name}' must be one of {', '.join(TIMERS)}, got {_shown(data.get(name))}")
    if data.get("timer_default", timer) == timer:  # else the setting changed since: it wins
        choices.timer = data.get("timer", timer)
    return choices


def parse_choices(text: str | bytes, where: str, timer: str = NO_CLOCK) -> NewGameChoices:
    """Remembered choices from a file's JSON text (or its UTF-8 bytes), `timer` as in ``choices_from_json``;
    ValueError (one line, naming `where`) when it is not usable: bad JSON or values, not UTF-8, too large, too
    deeply nested, absurd numbers."""
    if len(text) > MAX_CHOICES_BYTES:
        raise ValueError(f"{where}: larger than {MAX_CHOICES_BYTES} bytes, so not a saved new-game setup")
    return choices_from_json(load_json(text, where, max_bytes=MAX_CHOICES_BYTES), where, timer)


def load_choices(timer: str = NO_CLOCK) -> NewGameChoices:
    """The choices of the last match started, or the defaults (one warning line if the file is damaged);
    `timer` is the Settings timer, the default of the timer row."""
    path = config_dir() / CHOICES_FILE
    try:
        data = read_file(path, MAX_CHOICES_BYTES)
    except FileNotFoundError:
        return default_choices(timer)
    except OSError as exc:
        logger.warning("%s: cannot read the last game's choices (%s); using the defaults", path, exc)
        return default_choices(timer)
    try:
        return parse_choices(data, str(path), timer)
    except ValueError as exc:  # JsonError is one too
        logger.warning("%s; using the defaults", exc)
    return default_choices(timer)


def _is_text(value: object) -> bool:
    """A string the name field could have typed: printable, as the field keeps it (so no NUL, which cannot
    be drawn, and no lone surrogate, which JSON may hold but UTF-8 cannot save)."""
    return isinstance(value, str) and value.isprintable()


def _shown(value: object, limit: int = 60) -> str:
    """A value as an error line shows it: its repr, cut short (a damaged file may hold anything)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def save_choices(choices: NewGameChoices) -> None:
    """Remember the choices for the next new game (written atomically; a failure is only logged)."""
    path = config_dir() / CHOICES_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(
            json.dumps(choices_to_json(choices), ensure_ascii=False, indent=2) + "\n", "utf-8"
        )
        temporary.replace(path)
    except OSError as exc:
        logger.warning("cannot remember the new game's choices: %s", exc)


# ---- "All rules": every option of the chosen rule set, in a panel over the screen --------------------------


@lru_cache(maxsize=4)
def fade_mask(w: int, h: int, top: int, bottom: int) -> pygame.Surface:
    """White, with alpha ramping from 0 to full over `top` pixels at the top and `bottom` at the bottom."""
    mask = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    for edge, start, step in ((top, 0, 1), (bottom, h - 1, -1)):
        for row in range(edge):
            alpha = round(255 * (row + 1) / (edge + 1))
            mask.fill((255, 255, 255, alpha), pygame.Rect(0, start + step * row, w, 1))
    return mask


def rule_texts(line: RuleLine) -> tuple[str, str]:
    """A rule line's name and value as shown; a value the standard rules share says so."""
    name = phrase_text(line.name, tr, i18n.has_key)
    value = phrase_text(line.value, tr, i18n.has_key)
    return name, tr("newgame.rules_as_standard", value=value) if line.as_standard else value


@dataclass(frozen=True)
class DetailRow:
    """One row of the "All rules" list, at `y` and `h` tall: a section heading (no value lines) or an option,
    its value beside the name when both fit one line, else in lines of its own under it."""

    y: int
    h: int
    name: tuple[str, ...]
    value: tuple[str, ...] = ()
    heading: bool = False
    as_standard: bool = False
    beside: bool = False


def detail_rows(lines: tuple[RuleLine, ...], width: int, size: int, lang: str) -> tuple[list[DetailRow], int]:
    """The rows of the list for `lines` in a list `width` wide with text of `size` pixels, and its height: a
    heading before each section, then its options."""
    line_h = round(size * 1.45)
    pad = max(2, size // 3)
    gap = size  # between a name and the value beside it
    rows: list[DetailRow] = []
    y = 0
    section = ""
    for line in lines:
        if line.section != section:
            section = line.section
            if rows:
                y += pad * 2
            heading_h = round(size * 1.7)
            rows.append(DetailRow(y, heading_h, (tr(f"rule_section.{section}"),), heading=True))
            y += heading_h
        name, value = rule_texts(line)
        name_w = text_size(name, size, False, lang)[0]
        value_w = text_size(value, size, True, lang)[0]
        if name_w + gap + value_w <= width:
            h = line_h + 2 * pad
            rows.append(DetailRow(y, h, (name,), (value,), as_standard=line.as_standard, beside=True))
        else:
            names = wrap_text(name, size, width, lang)
            values = wrap_text(value, size, width - 2 * size, lang)
            h = (len(names) + len(values)) * line_h + 2 * pad
            rows.append(DetailRow(y, h, names, values, as_standard=line.as_standard))
        y += rows[-1].h
    return rows, y


class NewGameScene:
    """Set up a match and start it."""

    def __init__(self, app: App, choices: NewGameChoices | None = None, details: bool = False) -> None:
        self.app = app
        self.choices = choices or load_choices(app.settings.timer)
        self.form = Form(app.services.play_cue)
        self.layout: NewGameLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self.rng = random.Random()
        # the "All rules" panel (`details`: open it at once, as when coming back from the yaku reference)
        self.details_open = False
        self.details_form = Form(app.services.play_cue)
        self.details_layout: RuleDetailsLayout | None = None
        self._details_built: tuple[int, int, str, RuleSet] | None = None
        self.details_rows: list[DetailRow] = []
        self.details_h = 0  # the whole list's height, in pixels
        self.details_offset = 0  # how far the list is scrolled, in pixels
        self.bar_drag = BarDrag()
        if details:
            self.open_details()

    # ---- building ------------------------------------------------------------------------------------------

    def build(self, force: bool = False) -> NewGameLayout:
        """The layout and controls for the current size, language and choices."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or force or self._built != (width, height, lang):
            self.layout = new_game_layout(width, height, len(OPTIONS))
            self._built = (width, height, lang)
            self.form.set_fields(self._fields(self.layout), default_focus="start")
        return self.layout

    def _fields(self, layout: NewGameLayout) -> list[Field]:
        c = self.choices
        fields: list[Field] = []
        count = Segmented(
            layout.count.control,
            tuple(tr(f"option.players.{n}") for n in PLAYER_COUNTS),
            PLAYER_COUNTS.index(c.players),
        )
        fields.append(Field("players", count, lambda: self._set_players(PLAYER_COUNTS[count.index])))
        for seat in range(c.players):
            row = layout.seats[seat]
            kind = Cycler(
                row.kind,
                tuple(tr(f"newgame.level.{level}") for level in LEVELS),
                LEVELS.index(c.levels[seat]),
            )
            fields.append(Field(("level", seat), kind, self._level_setter(seat, kind)))
            name = TextInput(
                row.name,
                c.names[seat],
                placeholder=tr("newgame.default_name", n=seat + 1),
                max_chars=NAME_CHARS,
                enabled=c.levels[seat] == "human",
            )
            fields.append(Field(("name", seat), name, self._name_setter(seat, name)))
        timer = Cycler(
            layout.timer.control,
            tuple(clock_label(clock_from_name(name)) for name in TIMERS),
            TIMERS.index(c.timer),
            enabled="human" in c.levels[: c.players],  # a match only watched has no clock
        )
        fields.append(Field("timer", timer, lambda: self._set_timer(TIMERS[timer.index])))
        details = Button(layout.details, tr("newgame.rules_details"), "details")
        fields.append(Field("details", details, self.open_details))
        presets = presets_for(c.players)
        chooser = Cycler(
            layout.preset.control, tuple(tr(f"preset.{name}") for name in presets), presets.index(c.preset)
        )
        fields.append(Field("preset", chooser, lambda: self._set_preset(presets[chooser.index])))
        length = Segmented(
            layout.length.control,
            tuple(tr(f"newgame.length.{name}") for name in GAME_LENGTHS),
            GAME_LENGTHS.index(c.game_length),
        )
        fields.append(Field("length", length, lambda: self._set_length(GAME_LENGTHS[length.index])))
        for option, box in zip(OPTIONS, layout.options, strict=True):
            toggle = Toggle(box, tr(f"option.{option}"), c.options[option])
            fields.append(Field(("option", option), toggle, self._option_setter(option, toggle)))
        seed = TextInput(
            layout.seed.control,
            c.seed_text,
            placeholder=tr("newgame.seed_random"),
            max_chars=SEED_DIGITS,
            digits_only=True,
        )
        fields.append(Field("seed", seed, lambda: self._set_seed(seed.text)))
        fields.append(Field("roll", Button(layout.seed_roll, tr("newgame.roll"), "roll"), self.roll_seed))
        fields.append(Field("back", Button(layout.back, tr("menu.back"), "back"), self.back))
        practice = Toggle(
            layout.practice,
            tr("newgame.practice"),
            self.app.settings.practice,
            enabled="human" in c.levels[: c.players],  # nobody to coach in a match only watched
        )
        fields.append(Field("practice", practice, lambda: self._set_practice(practice.value)))
        fields.append(
            Field("start", Button(layout.start, tr("newgame.start"), "start", primary=True), self.start)
        )
        return fields

    def _set_practice(self, on: bool) -> None:
        """The practice switch is the setting's: saved at once, as in the settings screen."""
        self.app.apply_settings(dataclasses.replace(self.app.settings, practice=on))

    def _level_setter(self, seat: int, control: Cycler) -> Callable[[], None]:
        def set_level() -> None:
            self.choices.levels[seat] = LEVELS[control.index]
            self.build(force=True)

        return set_level

    def _name_setter(self, seat: int, control: TextInput) -> Callable[[], None]:
        def set_name() -> None:
            self.choices.names[seat] = control.text

        return set_name

    def _option_setter(self, name: str, control: Toggle) -> Callable[[], None]:
        def set_option() -> None:
            self.choices.options[name] = control.value

        return set_option

    def _set_players(self, players: int) -> None:
        self.choices.choose_players(players)
        self.build(force=True)

    def _set_preset(self, name: str) -> None:
        self.choices.choose_preset(name)
        self.build(force=True)

    def _set_length(self, length: str) -> None:
        self.choices.game_length = length

    def _set_timer(self, timer: str) -> None:
        self.choices.timer = timer

    def _set_seed(self, text: str) -> None:
        self.choices.seed_text = text

    def roll_seed(self) -> None:
        """Fill the seed field with a new random seed."""
        self.choices.seed_text = str(self.rng.randrange(1, 10**SEED_DIGITS))
        self.build(force=True)

    # ---- the "All rules" panel -----------------------------------------------------------------------------

    def open_details(self) -> None:
        """Show every option of the chosen rule set (with the switches applied), from the top of the list."""
        self.details_open = True
        self.details_offset = 0
        self.bar_drag.active = False
        self.build_details()
        self.details_form.focus("close")

    def close_details(self) -> None:
        """Back to the setup."""
        self.details_open = False
        self.bar_drag.active = False

    @property
    def dragging_bar(self) -> bool:
        """Whether the panel's scrollbar thumb is being dragged."""
        return self.bar_drag.active

    def open_reference(self) -> None:
        """The yaku reference under the chosen rules; its Back returns here, the panel open."""
        choices = self.choices
        back = navigation.back_to(self.app, "new_game", choices=choices, details=True)
        navigation.go(self.app, "reference", back=back, rules=choices.rules())

    def build_details(self) -> RuleDetailsLayout:
        """The panel's layout, buttons and rows for the current size, language and rules."""
        width, height = self.app.size
        lang = i18n.language()
        rules = self.choices.rules()
        key = (width, height, lang, rules)
        if self.details_layout is None or self._details_built != key:
            layout = rule_details_layout(width, height)
            self.details_layout = layout
            self._details_built = key
            self.details_rows, self.details_h = detail_rows(
                rule_lines(rules), layout.viewport.w, layout.text_px(17), lang
            )
            self.details_offset = self.clamp_details(self.details_offset)
            self.details_form.set_fields(
                [
                    Field(
                        "reference",
                        Button(layout.reference, tr("newgame.rules_reference"), "reference"),
                        self.open_reference,
                    ),
                    Field("close", Button(layout.close, tr("menu.back"), "close"), self.close_details),
                ],
                default_focus="close",
            )
        assert self.details_layout is not None
        return self.details_layout

    @property
    def details_max_offset(self) -> int:
        """The furthest the list scrolls."""
        view = self.details_layout.viewport.h if self.details_layout is not None else 0
        return max(0, self.details_h - view)

    def clamp_details(self, offset: float) -> int:
        """An offset kept within the list."""
        return round(min(float(self.details_max_offset), max(0.0, offset)))

    def scroll_details(self, pixels: float) -> None:
        """Scroll the list by `pixels` (positive: down the list)."""
        self.details_offset = self.clamp_details(self.details_offset + pixels)

    def handle_details(self, event: pygame.event.Event) -> None:
        """The panel takes every event: scrolling by wheel, keys and scrollbar; its two buttons; Esc or a
        click outside it closes it."""
        layout = self.build_details()
        line = layout.text_px(17) * 1.5
        page = layout.viewport.h * 0.9
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -line,
                pygame.K_DOWN: line,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -float(self.details_h),
                pygame.K_END: float(self.details_h),
            }
            if event.key == pygame.K_ESCAPE:
                self.close_details()
                return
            if event.key in steps:
                self.scroll_details(steps[event.key])
                return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_details(-event.y * line * 2)
            return
        elif self.bar_drag.handle(
            event, layout.scrollbar if self.details_max_offset > 0 else None, self._drag_to
        ):
            return
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not layout.panel.contains_point(*event.pos)
        ):
            self.close_details()  # a click outside the panel
            return
        self.details_form.handle(event)

    def _drag_to(self, y: int) -> None:
        """Scroll so the thumb's middle is under the pointer."""
        assert self.details_layout is not None
        bar, view = self.details_layout.scrollbar, self.details_layout.viewport
        thumb_h = thumb_length(bar, view.h, self.details_h)
        self.details_offset = self.clamp_details(dragged_offset(bar, thumb_h, y, self.details_max_offset))

    def draw_details(self, surface: pygame.Surface, lang: str) -> None:
        """The panel over the dimmed screen: the rule set's name, the note, the list, the hint and buttons."""
        layout = self.build_details()
        surface.blit(veil(layout.width, layout.height, 150), (0, 0))
        panel = layout.panel
        radius = max(6, min(panel.w, panel.h) // 28)
        surface.blit(panel_surface(panel.w, panel.h, alpha=255, radius=radius), (panel.x, panel.y))
        draw_heading(surface, tr(f"preset.{self.choices.preset}"), layout.heading, lang)
        draw_paragraph(surface, tr("newgame.rules_note"), layout.note, layout.text_px(15), lang)
        view = layout.viewport
        size = layout.text_px(17)
        if not self.details_rows:
            none = view._replace(h=size * 3)
            draw_fitted(surface, tr("newgame.rules_none"), size, DIM_INK, none, "center", lang=lang)
        layer = pygame.Surface((view.w, view.h), pygame.SRCALPHA)
        for row in self.details_rows:
            top = row.y - self.details_offset
            if top + row.h >= 0 and top <= view.h:
                self._draw_row(layer, row, Box(0, top, view.w, row.h), size, lang)
        fade = max(4, size)  # the list fades out at an edge where it goes on
        more_above, more_below = self.details_offset > 0, self.details_offset < self.details_max_offset
        mask = fade_mask(view.w, view.h, fade if more_above else 0, fade if more_below else 0)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(layer, (view.x, view.y))
        draw_scrollbar(surface, layout.scrollbar, self.details_offset, view.h, self.details_h)
        anchor = "center" if layout.portrait else "midright"
        hint = tr("newgame.rules_hint")
        draw_fitted(surface, hint, layout.text_px(14), DIM_INK, layout.hint, anchor, lang=lang)
        self.details_form.draw(surface, lang)

    @staticmethod
    def _draw_row(surface: pygame.Surface, row: DetailRow, box: Box, size: int, lang: str) -> None:
        """One row of the list in `box`: a gold section heading with a rule, or an option and its value."""
        if row.heading:
            text = render_text(row.name[0], size, GOLD, bold=True, lang=lang)
            rect = text.get_rect(midleft=(box.x, box.y + box.h // 2 + size // 6))
            surface.blit(text, rect)
            rule = pygame.Surface((max(1, box.right - rect.right - size), 1), pygame.SRCALPHA)
            rule.fill((*GOLD, 90))
            surface.blit(rule, (rect.right + size // 2, rect.centery + 1))
            return
        line_h = round(size * 1.45)
        pad = max(2, size // 3)
        value_ink = DIM_INK if row.as_standard else GOLD
        y = box.y + pad
        for name in row.name:
            surface.blit(render_text(name, size, INK, lang=lang), (box.x, y))
            if row.beside:
                value = render_text(row.value[0], size, value_ink, bold=not row.as_standard, lang=lang)
                surface.blit(value, value.get_rect(topright=(box.right, y)))
            y += line_h
        if not row.beside:
            for value_line in row.value:
                value = render_text(value_line, size, value_ink, bold=not row.as_standard, lang=lang)
                surface.blit(value, value.get_rect(topright=(box.right, y)))
                y += line_h
        separator = pygame.Surface((box.w, 1), pygame.SRCALPHA)
        separator.fill((255, 255, 255, 22))
        surface.blit(separator, (box.x, box.bottom - 1))

    # ---- actions -------------------------------------------------------------------------------------------

    def make_session(self) -> GameSession:
        """The match these choices describe."""
        settings = self.app.settings
        toggles = HumanToggles(settings.auto_win, settings.no_calls, settings.auto_discard_after_riichi)
        session = GameSession(
            self.choices.rules(),
            self.choices.setups(),
            self.choices.seed(self.rng),
            toggles=toggles,
            practice=settings.practice,
        )
        clock = self.choices.clock()
        if clock is not None:
            session.use_clock(clock.base_s, clock.bank_s)  # each person's; a watched match takes none
        return session

    def start(self) -> None:
        """Start the match on the table screen, saved in the records as it goes (played unsaved, with one
        warning line, when the database cannot be used)."""
        session = self.make_session()
        # the timer chosen here stays the choice until the setting changes
        self.choices.timer_default = self.app.settings.timer
        save_choices(self.choices)
        try:
            session.save_to(self.app.records())
        except RecordsError as error:
            session.save_error = str(error)
            logger.warning("the match cannot be saved: %s", error)
        navigation.go(self.app, "table", session=session)

    def back(self) -> None:
        """Return to the title screen."""
        navigation.go(self.app, "title")

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Form input; Esc goes back. The "All rules" panel, while open, takes every event."""
        self.build()
        if self.details_open:
            self.handle_details(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Blink the caret."""
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """The caret's next blink while a name or the seed is being typed; else only input changes it."""
        return None if self.details_open else self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        layout = self.build()
        lang = i18n.language()
        c = self.choices
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        draw_heading(surface, tr("newgame.title"), layout.heading, lang)
        draw_panel(surface, layout.players_panel, tr("newgame.players_title"), layout.players_title, lang)
        draw_label(surface, tr("newgame.count"), layout.count.label, lang)
        names = ai_names(tuple(c.levels[: c.players]))
        for seat in range(c.players):
            row = layout.seats[seat]
            draw_label(surface, tr("newgame.seat", n=seat + 1), row.label, lang)
            if seat in names:
                size = max(10, round(row.name.h * 0.42))
                inset = row.name._replace(
                    x=row.name.x + round(row.name.h * 0.3), w=row.name.w - round(row.name.h * 0.3)
                )
                draw_fitted(surface, names[seat], size, DIM_INK, inset, "midleft", lang=lang)
        humans = sum(1 for level in c.levels[: c.players] if level == "human")
        note = (
            "newgame.note_watch"
            if humans == 0
            else "newgame.note_privacy"
            if humans > 1
            else "newgame.note_levels"
        )
        note_box = layout.note
        if c.players < len(layout.seats):  # the note moves up into the empty seat's row
            top = layout.seats[c.players].label.y
            note_box = note_box._replace(y=top, h=note_box.bottom - top)
        draw_paragraph(surface, tr(note), note_box, layout.text_px(16), lang)
        draw_panel(surface, layout.rules_panel, tr("newgame.rules_title"), layout.rules_title, lang)
        draw_label(surface, tr("option.preset"), layout.preset.label, lang)
        draw_paragraph(surface, tr(f"preset_desc.{c.preset}"), layout.preset_note, layout.text_px(15), lang)
        draw_label(surface, tr("option.game_length"), layout.length.label, lang)
        draw_label(surface, tr("newgame.seed"), layout.seed.label, lang)
        draw_label(surface, tr("timer.label"), layout.timer.label, lang, dim=humans == 0)
        self.form.draw(surface, lang)
        if self.details_open:
            self.draw_details(surface, lang)
