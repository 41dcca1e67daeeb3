"""The new-tournament form: its name, 3 to 32 participants (people or AI levels), the rules and the schedule.

The choices are plain data (``CreateChoices``) turned into participants, a rule set and a clock by pure
functions; Create stores the tournament through ``game.tournament.create`` and opens its lobby. Anything
that cannot be created is one red line under the form. The preset's main options are switched on a panel
drawn over the rules, opened from the Options row.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

import pygame

from game.clock import CLOCK_PRESETS, TOURNAMENT_CLOCK
from game.records import Clock, RecordsError
from game.rule_options import OPTIONS, build_rules, option_values
from game.schedule import FILLS, MAX_PARTICIPANTS, MAX_ROUNDS, MIN_PARTICIPANTS, MIN_ROUNDS, SEATINGS
from game.terms import PRESET_NAMES, RuleSet, preset
from game.tournament import NAME_CHARS, TITLE_CHARS, Entry, TournamentError, create
from graphics import i18n
from graphics.app import App, sooner
from graphics.i18n import clock_label, tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import (
    ERROR_INK,
    backdrop,
    draw_heading,
    draw_label,
    draw_panel,
    draw_paragraph,
    draw_scrollbar,
    veil,
)
from graphics.screens.form import Field, Form
from graphics.screens.tournament_layouts import CreateLayout, create_layout
from graphics.widgets import (
    DIM_INK,
    GOLD,
    Button,
    Cycler,
    Segmented,
    TextInput,
    Toggle,
    draw_fitted,
    fitted_size,
    panel_surface,
    wrap_text,
)

LEVELS = ("human", "easy", "normal", "strong")
GAME_LENGTHS = ("east", "hanchan")
CLOCKS: tuple[Clock | None, ...] = (None, *CLOCK_PRESETS)  # the casual timer's presets too: one clock
ROUND_CHOICES = tuple(range(MIN_ROUNDS, MAX_ROUNDS + 1))
SEED_DIGITS = 9
HINTED = ("preset", "options", "length", "rounds", "seating", "fill", "clock", "seed")  # with a hint line


@dataclass
class EntryChoice:
    """One participant row: the typed name (empty: the default name) and who plays."""

    name: str = ""
    level: str = "human"


def default_entries() -> list[EntryChoice]:
    """A person and three normal AIs."""
    return [EntryChoice("", "human"), *(EntryChoice("", "normal") for _ in range(3))]


@dataclass
class CreateChoices:
    """Everything the setup form lets the organiser choose."""

    name: str = ""
    entries: list[EntryChoice] = field(default_factory=default_entries)
    preset: str = "standard"
    game_length: str = "hanchan"
    rounds: int = 4
    seating: str = "balanced"
    fill: str = "house"
    clock: int = CLOCKS.index(TOURNAMENT_CLOCK)  # an index into CLOCKS: tournaments are timed by default
    seed_text: str = ""
    options: dict[str, bool] = field(default_factory=dict)  # the switches of OPTIONS; missing: the preset's

    def __post_init__(self) -> None:
        self.options = {**option_values(preset(self.preset)), **self.options}

    def choose_preset(self, name: str) -> None:
        """Take a preset with its own game length and options."""
        self.preset = name
        rules = preset(name)
        self.game_length = rules.game_length if rules.game_length in GAME_LENGTHS else "hanchan"
        self.options = option_values(rules)

    def rules(self) -> RuleSet:
        """The preset with the chosen game length and options."""
        return build_rules(self.preset, self.game_length, self.options)

    def clock_setting(self) -> Clock | None:
        """The chosen per-decision clock (None: off)."""
        return CLOCKS[self.clock]

    def seed(self, rng: random.Random | None = None) -> int:
        """The typed seed, or a random one when the field is empty."""
        if self.seed_text.strip():
            return int(self.seed_text)
        return (rng or random.Random()).randrange(1, 10**SEED_DIGITS)


def default_names(entries: list[EntryChoice]) -> list[str]:
    """Each row's name when left empty: "Player n" for people, the level for AIs (numbered when repeated)."""
    names = []
    for index, entry in enumerate(entries):
        same = [other for other in entries[: index + 1] if other.level == entry.level]
        total = sum(1 for other in entries if other.level == entry.level)
        if entry.level == "human":
            names.append(tr("newgame.default_name", n=len(same)))
        else:
            label = tr(f"newgame.level.{entry.level}")
            names.append(label if total == 1 else tr("newgame.ai_numbered", name=label, n=len(same)))
    return names


def build_entries(entries: list[EntryChoice]) -> list[Entry]:
    """The participants to store: typed names (trimmed) or the defaults."""
    defaults = default_names(entries)
    return [
        Entry(entry.name.strip() or default, entry.level)
        for entry, default in zip(entries, defaults, strict=True)
    ]


def check_choices(choices: CreateChoices) -> str:
    """The first problem Create would meet, as one translated line ("" when there is none)."""
    if not choices.name.strip():
        return tr("tournament.create.error_name")
    count = len(choices.entries)
    if not MIN_PARTICIPANTS <= count <= MAX_PARTICIPANTS:
        return tr("tournament.create.error_count", n=count, low=MIN_PARTICIPANTS, high=MAX_PARTICIPANTS)
    seen: set[str] = set()
    for entry in build_entries(choices.entries):
        key = entry.name.casefold()
        if key in seen:
            return tr("tournament.create.error_duplicate", name=entry.name)
        seen.add(key)
    return ""


def options_summaries(options: Mapping[str, bool]) -> tuple[str, ...]:
    """What the Options button may say, most telling first; the screen shows the first that fits."""
    on = [tr(f"option.{name}") for name in OPTIONS if options[name]]
    off = [tr(f"option.{name}") for name in OPTIONS if not options[name]]
    if not off:
        return (tr("tournament.create.options_all"),)
    if not on:
        return (tr("tournament.create.options_none"),)
    count = tr("tournament.create.options_count", n=len(on), total=len(OPTIONS))
    without = tr("tournament.create.options_without", n=len(on), total=len(OPTIONS), names=" · ".join(off))
    return (" · ".join(on), without, count)


class TournamentCreateScene:
    """Set up a tournament and create it."""

    def __init__(self, app: App, choices: CreateChoices | None = None) -> None:
        self.app = app
        self.choices = choices or CreateChoices(name=self.default_name())
        self.form = Form(app.services.play_cue)
        self.options_form = Form(app.services.play_cue)  # the options panel's switches: all input while open
        self.options_open = False
        self.layout: CreateLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self.offset = 0  # the first participant row in view
        self.error = ""
        self.rng = random.Random()

    def default_name(self) -> str:
        """ "Tournament n", numbered after the tournaments already stored."""
        try:
            count = len(self.app.records().tournaments())
        except RecordsError:
            count = 0
        return tr("tournament.create.default_name", n=count + 1)

    # ---- building ------------------------------------------------------------------------------------------

    def build(self, force: bool = False) -> CreateLayout:
        """The layout and controls for the current size, language, rows in view and choices."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or force or self._built != (width, height, lang):
            self.layout = create_layout(width, height, len(OPTIONS))
            self._built = (width, height, lang)
            self.offset = max(0, min(self.offset, len(self.choices.entries) - len(self.layout.entries)))
            self.form.set_fields(self._fields(self.layout), default_focus="create")
            self.options_form.set_fields(
                self._option_fields(self.layout), default_focus=("option", OPTIONS[0])
            )
        return self.layout

    def _fields(self, layout: CreateLayout) -> list[Field]:
        fields = self._controls(layout)
        for item in fields:  # any change clears the last error (Create sets it again if it still holds)
            if item.key != "create":
                item.on_change = self._clearing(item.on_change)
        return fields

    def _clearing(self, on_change: Callable[[], None]) -> Callable[[], None]:
        def changed() -> None:
            self.error = ""
            on_change()

        return changed

    def _controls(self, layout: CreateLayout) -> list[Field]:
        c = self.choices
        fields: list[Field] = []
        defaults = default_names(c.entries)
        removable = len(c.entries) > MIN_PARTICIPANTS
        for slot, row in enumerate(layout.entries):
            index = self.offset + slot
            if index >= len(c.entries):
                break
            entry = c.entries[index]
            name = TextInput(row.name, entry.name, placeholder=defaults[index], max_chars=NAME_CHARS)
            fields.append(Field(("name", index), name, self._name_setter(index, name)))
            level = Cycler(
                row.level, tuple(tr(f"newgame.level.{lv}") for lv in LEVELS), LEVELS.index(entry.level)
            )
            fields.append(Field(("level", index), level, self._level_setter(index, level)))
            remove = Button(row.remove, "×", ("remove", index), enabled=removable)
            fields.append(Field(("remove", index), remove, self._remover(index)))
        can_add = len(c.entries) < MAX_PARTICIPANTS
        fields.append(
            Field("add", Button(layout.add, tr("tournament.create.add"), "add", enabled=can_add), self.add)
        )
        name = TextInput(layout.setting("name").control, c.name, max_chars=TITLE_CHARS)
        fields.append(Field("title", name, lambda: setattr(c, "name", name.text)))
        presets = Cycler(
            layout.setting("preset").control,
            tuple(tr(f"preset.{name}") for name in PRESET_NAMES),
            PRESET_NAMES.index(c.preset),
        )
        fields.append(Field("preset", presets, lambda: self._set_preset(PRESET_NAMES[presets.index])))
        summary_box = layout.setting("options").control
        summary = Button(summary_box, self._summary(summary_box), "options")
        fields.append(Field("options", summary, self.open_options))
        length = Segmented(
            layout.setting("length").control,
            tuple(tr(f"newgame.length.{name}") for name in GAME_LENGTHS),
            GAME_LENGTHS.index(c.game_length),
        )
        fields.append(Field("length", length, lambda: setattr(c, "game_length", GAME_LENGTHS[length.index])))
        rounds = Cycler(
            layout.setting("rounds").control,
            tuple(tr("tournament.create.rounds_value", n=n) for n in ROUND_CHOICES),
            ROUND_CHOICES.index(c.rounds),
        )
        fields.append(Field("rounds", rounds, lambda: setattr(c, "rounds", ROUND_CHOICES[rounds.index])))
        seating = Segmented(
            layout.setting("seating").control,
            tuple(tr(f"tournament.seating.{name}") for name in SEATINGS),
            SEATINGS.index(c.seating),
        )
        fields.append(Field("seating", seating, lambda: setattr(c, "seating", SEATINGS[seating.index])))
        fill = Segmented(
            layout.setting("fill").control,
            tuple(tr(f"tournament.fill.{name}") for name in FILLS),
            FILLS.index(c.fill),
        )
        fields.append(Field("fill", fill, lambda: setattr(c, "fill", FILLS[fill.index])))
        clock = Cycler(
            layout.setting("clock").control, tuple(clock_label(clock) for clock in CLOCKS), c.clock
        )
        fields.append(Field("clock", clock, lambda: setattr(c, "clock", clock.index)))
        seed = TextInput(
            layout.setting("seed").control,
            c.seed_text,
            placeholder=tr("newgame.seed_random"),
            max_chars=SEED_DIGITS,
            digits_only=True,
        )
        fields.append(Field("seed", seed, lambda: setattr(c, "seed_text", seed.text)))
        fields.append(Field("roll", Button(layout.roll, tr("newgame.roll"), "roll"), self.roll_seed))
        fields.append(Field("back", Button(layout.back, tr("menu.back"), "back"), self.back))
        fields.append(
            Field(
                "create",
                Button(layout.create, tr("tournament.create.create"), "create", primary=True),
                self.create,
            )
        )
        return fields

    def _summary(self, box: Box) -> str:
        """The first summary of the options that fits the button at its usual text size."""
        lang = i18n.language()
        size = max(10, round(box.h * 0.42))  # as button_surface draws its label
        room = box.w - 2 * max(6, round(box.h * 0.3))
        choices = options_summaries(self.choices.options)
        for text in choices:
            if fitted_size(text, size, room, True, lang) == size:
                return text
        return choices[-1]

    def _option_fields(self, layout: CreateLayout) -> list[Field]:
        panel = layout.options
        fields: list[Field] = []
        for name, box in zip(OPTIONS, panel.toggles, strict=True):
            toggle = Toggle(box, tr(f"option.{name}"), self.choices.options[name])
            fields.append(Field(("option", name), toggle, self._option_setter(name, toggle)))
        done = Button(panel.done, tr("tournament.create.options_done"), "done", primary=True)
        fields.append(Field("done", done, self.close_options))
        return fields

    def _option_setter(self, name: str, control: Toggle) -> Callable[[], None]:
        def set_option() -> None:
            self.choices.options[name] = control.value
            self.error = ""

        return set_option

    def _name_setter(self, index: int, control: TextInput) -> Callable[[], None]:
        def set_name() -> None:
            self.choices.entries[index].name = control.text

        return set_name

    def _level_setter(self, index: int, control: Cycler) -> Callable[[], None]:
        def set_level() -> None:
            self.choices.entries[index].level = LEVELS[control.index]
            self.build(force=True)  # the default names follow the levels

        return set_level

    def _remover(self, index: int) -> Callable[[], None]:
        return lambda: self.remove(index)

    def _set_preset(self, name: str) -> None:
        self.choices.choose_preset(name)
        self.build(force=True)

    # ---- the participant rows ------------------------------------------------------------------------------

    @property
    def shown(self) -> int:
        """How many participant rows are in view."""
        return len(self.build().entries)

    def scroll(self, rows: int) -> None:
        """Move the participant list by whole rows."""
        offset = max(0, min(self.offset + rows, len(self.choices.entries) - self.shown))
        if offset != self.offset:
            self.offset = offset
            self.build(force=True)

    def scroll_to(self, index: int) -> None:
        """Bring participant row `index` into view."""
        if index < self.offset:
            self.scroll(index - self.offset)
        elif index >= self.offset + self.shown:
            self.scroll(index - self.offset - self.shown + 1)

    def add(self) -> None:
        """Add a participant (the same kind as the last one) and put the cursor in its name."""
        entries = self.choices.entries
        if len(entries) >= MAX_PARTICIPANTS:
            return
        entries.append(EntryChoice("", entries[-1].level if entries else "human"))
        self.build(force=True)
        self.scroll_to(len(entries) - 1)
        self.form.focus(("name", len(entries) - 1) if entries[-1].level == "human" else "add")

    def remove(self, index: int) -> None:
        """Take participant `index` out of the list."""
        entries = self.choices.entries
        if len(entries) <= MIN_PARTICIPANTS or not 0 <= index < len(entries):
            return
        del entries[index]
        self.build(force=True)
        if self.form.focus_key not in [f.key for f in self.form.fields if f.control.enabled]:
            self.form.focus("add")

    def _move_focus(self, steps: int) -> None:
        """Tab order through every participant row, scrolling the list when the focus would leave the view."""
        before = _row_of(self.form.focus_key)
        self.form.move_focus(steps)
        after = _row_of(self.form.focus_key)
        if before is None or after is not None:
            return
        target = before + (1 if steps > 0 else -1)
        if not 0 <= target < len(self.choices.entries):
            return
        self.scroll_to(target)
        keys = [("name", target), ("level", target), ("remove", target)]
        enabled = [
            key for key in keys if (found := self.form.field(key)) is not None and found.control.enabled
        ]
        self.form.focus(enabled[0] if steps > 0 else enabled[-1])

    def roll_seed(self) -> None:
        """Fill the seed field with a new random seed."""
        self.choices.seed_text = str(self.rng.randrange(1, 10**SEED_DIGITS))
        self.build(force=True)

    # ---- the options panel ---------------------------------------------------------------------------------

    def open_options(self) -> None:
        """Show the options panel over the rules with its first switch focused (ringed after keyboard use)."""
        self.options_open = True
        self.build(force=True)
        self.options_form.focus(("option", OPTIONS[0]))
        self.options_form.keyboard = self.form.keyboard
        self.options_form.mouse = self.form.mouse
        self.form.keyboard = False  # one focus ring on screen: the panel's

    def close_options(self) -> None:
        """Hide the options panel; the Options button (its summary brought up to date) has the focus."""
        self.options_open = False
        self.build(force=True)
        self.form.focus("options")
        self.form.keyboard = self.options_form.keyboard
        self.form.mouse = self.options_form.mouse

    # ---- actions -------------------------------------------------------------------------------------------

    def back(self) -> None:
        """Back to the list of tournaments."""
        navigation.go(self.app, "tournaments")

    def create(self) -> None:
        """Store the tournament and open its lobby; on a problem show it and stay."""
        problem = check_choices(self.choices)
        if problem:
            self.error = problem
            return
        c = self.choices
        try:
            tournament = create(
                self.app.records(),
                c.name,
                build_entries(c.entries),
                c.rules(),
                rounds=c.rounds,
                seating=c.seating,
                fill=c.fill,
                seed=c.seed(self.rng),
                clock=c.clock_setting(),
            )
        except (TournamentError, RecordsError) as error:
            self.error = " ".join(str(error).split())
            return
        navigation.go(self.app, "tournament_lobby", tournament=tournament)

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Form input, with the participant list scrolling by wheel and Page keys; Esc goes back (or closes
        the options panel, which takes all input while it is open)."""
        self.build()
        if self.options_open:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close_options()
            else:
                self.options_form.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll(self.shown if event.key == pygame.K_PAGEDOWN else -self.shown)
                return
            moves = {
                pygame.K_TAB: -1 if event.mod & pygame.KMOD_SHIFT else 1,
                pygame.K_DOWN: 1,
                pygame.K_UP: -1,
            }
            if event.key in moves:
                self._move_focus(moves[event.key])
                return
        elif event.type == pygame.MOUSEWHEEL:  # only the participants scroll
            self.scroll(-event.y)
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Blink the caret."""
        self.form.update(dt_s)
        self.options_form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """The caret's next blink while a name or the seed is typed; else only input changes the form."""
        return sooner(self.form.next_frame_s(), self.options_form.next_frame_s())

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        layout = self.build()
        lang = i18n.language()
        c = self.choices
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        draw_heading(surface, tr("tournament.create.title"), layout.heading, lang)
        draw_panel(surface, layout.people_panel, tr("tournament.create.people"), layout.people_title, lang)
        draw_fitted(
            surface,
            tr(
                "tournament.create.people_count",
                n=len(c.entries),
                low=MIN_PARTICIPANTS,
                high=MAX_PARTICIPANTS,
            ),
            max(9, round(layout.people_count.h * 0.42)),
            DIM_INK,
            layout.people_count,
            "midright",
            lang=lang,
        )
        size = max(9, round(layout.entries[0].number.h * 0.42))
        for slot, row in enumerate(layout.entries):
            index = self.offset + slot
            if index >= len(c.entries):
                break
            draw_fitted(surface, f"{index + 1}.", size, GOLD, row.number, "midright", True, lang)
        first, last = self.offset + 1, min(len(c.entries), self.offset + len(layout.entries))
        if len(c.entries) > len(layout.entries):
            draw_fitted(
                surface,
                tr("tournament.create.rows_shown", first=first, last=last, total=len(c.entries)),
                layout.text_px(15),
                DIM_INK,
                layout.page,
                "midright",
                lang=lang,
            )
        draw_scrollbar(surface, layout.scrollbar, self.offset, len(layout.entries), len(c.entries))
        draw_panel(surface, layout.rules_panel, tr("tournament.create.rules"), layout.rules_title, lang)
        labels = {
            "name": "tournament.create.name",
            "preset": "option.preset",
            "options": "tournament.create.options",
            "length": "option.game_length",
            "rounds": "tournament.create.rounds",
            "seating": "tournament.create.seating",
            "fill": "tournament.create.fill",
            "clock": "tournament.create.clock",
            "seed": "newgame.seed",
        }
        for name, key in labels.items():
            draw_label(surface, tr(key), layout.setting(name).label, lang)
        self.form.draw(surface, lang)
        if self.options_open:
            self.draw_options(surface, layout, lang)
            text = tr("tournament.create.hint_options_open")
            _draw_note(surface, text, layout.error, layout.text_px(15), lang, DIM_INK)
        elif self.error:
            _draw_note(surface, self.error, layout.error, layout.text_px(17), lang, ERROR_INK)
        else:
            focus = self.form.focus_key
            hint = focus if isinstance(focus, str) and focus in HINTED else "general"
            if hint == "seating":
                hint = f"seating_{c.seating}"
            text = tr(f"tournament.create.hint_{hint}")
            _draw_note(surface, text, layout.error, layout.text_px(15), lang, DIM_INK)

    def draw_options(self, surface: pygame.Surface, layout: CreateLayout, lang: str) -> None:
        """A veil over the form and the options panel over the rules: the preset, the switches, what the one
        under the mouse (or the focused one) does, and Done."""
        surface.blit(veil(layout.width, layout.height), (0, 0))
        panel = layout.options
        radius = max(6, min(panel.panel.w, panel.panel.h) // 28)
        surface.blit(panel_surface(panel.panel.w, panel.panel.h, alpha=255, radius=radius), panel.panel[:2])
        draw_panel(surface, panel.panel, tr("tournament.create.options_title"), panel.title, lang)
        note = tr("tournament.create.options_note", preset=tr(f"preset.{self.choices.preset}"))
        draw_paragraph(surface, note, panel.note, layout.text_px(16), lang)
        self.options_form.draw(surface, lang)
        form = self.options_form
        about = form.focus_key if form.keyboard or form.hover_key is None else form.hover_key
        if isinstance(about, tuple) and about[0] == "option":
            text = tr(f"option_desc.{about[1]}")
            draw_paragraph(surface, text, panel.detail, layout.text_px(16), lang, GOLD)


def _row_of(key: Hashable | None) -> int | None:
    """The participant row a field key belongs to, if any."""
    if isinstance(key, tuple) and len(key) == 2 and key[0] in ("name", "level", "remove"):
        row = key[1]
        return row if isinstance(row, int) else None
    return None


def _draw_note(
    surface: pygame.Surface, text: str, box: Box, size: int, lang: str, ink: tuple[int, int, int]
) -> None:
    """A line (or a short paragraph) in the middle of `box`, beside the Back and Create buttons."""
    lines = len(wrap_text(text, size, box.w, lang))
    if lines <= 1:
        draw_fitted(surface, text, size, ink, box, "midleft", lang=lang)
        return
    used = min(box.h, round(lines * size * 1.35))
    draw_paragraph(surface, text, box._replace(y=box.y + (box.h - used) // 2, h=used), size, lang, ink)
