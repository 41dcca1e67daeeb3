"""One match on screen: the table, its seats (humans and AIs), the feed of frames and whose turn it is to
look.

No drawing here. The screen calls ``next_step`` whenever its animator is idle; the session steps the table
only when every frame has been shown, so the game advances at the pace of the animation (ARCHITECTURE.md).
Privacy: with two or more humans, concealed tiles show only for the human who has confirmed the hand-over.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import create_ai
from game.clock import DecisionClock
from game.coach import Advice, Coach
from game.feed import Frame, TableFeed
from game.human import HumanSeat, HumanToggles
from game.records import Clock, Records, RecordsError, SeatEntry
from game.saved_match import MatchWriter, ai_seed
from game.seat import Seat
from game.table import RestoreError, Table, WallSource
from game.terms import Action, RuleSet, Standings
from graphics.presenter import Presenter, Step

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SeatSetup:
    """Who plays a seat: a human with a name, or an AI level (the name is then shown with the level)."""

    name: str
    level: str = "human"  # "human" or an AI level

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.level == "human"


class GameSession:
    """Runs a match for the screen, frame by frame; humans answer through ``choose``."""

    def __init__(
        self,
        rules: RuleSet,
        setups: tuple[SeatSetup, ...],
        seed: int,
        toggles: HumanToggles | None = None,
        spectator: bool = False,
        practice: bool = False,
        scripted: Mapping[int, Seat] | None = None,
        walls: WallSource | None = None,
    ) -> None:
        """``scripted`` seats play instead of the AIs of their setups, and ``walls`` deals each hand (by its
        index) instead of the seeded shuffle: the tutorial's fixed hands."""
        if len(setups) != rules.players:
            raise ValueError(f"{len(setups)} seats set up for a {rules.players}-player rule set")
        self.rules = rules
        self.setups = setups
        self.seed = seed
        seats: list[Seat] = []
        self.humans: dict[int, HumanSeat] = {}
        self.coaches: dict[int, Coach] = {}  # practice: the strong AI shadowing each person
        self._advice: dict[int, tuple[int, Advice]] = {}  # each person's advice for a decision serial
        for index, setup in enumerate(setups):
            if setup.is_human:
                human = HumanSeat(setup.name, toggles)
                if practice:
                    human.shadow = self.coaches[index] = Coach(rules, ai_seed(seed, index))
                self.humans[index] = human
                seats.append(human)
            elif scripted is not None and index in scripted:
                seats.append(scripted[index])
            else:
                seats.append(create_ai(setup.level, rules, ai_seed(seed, index)))
        self.table = Table(rules, seats, seed, walls)
        self.spectator = spectator or not self.humans
        watched = range(rules.players) if self.spectator or len(self.humans) > 1 else self.humans
        self.feed = TableFeed(self.table, watched)
        self.presenter = Presenter(rules.players, rules.red_fives, seed, rules.flowers)
        self.pending_steps: deque[Step] = deque()
        self.last_frame: Frame | None = None
        # the human now looking at the screen (after a hand-over), and the bottom seat
        self.viewer: int | None = min(self.humans) if len(self.humans) == 1 else None
        self.bottom = self.viewer if self.viewer is not None else min(self.humans, default=0)
        self.records: Records | None = None  # where the match is saved as it goes (None: not saved)
        self.match_id: int | None = None
        self.tournament: int | None = None
        self.writer: MatchWriter | None = None
        self.save_error: str | None = None  # why saving stopped, shown to the player
        self.then: tuple[str, dict[str, Any]] = ("title", {})  # the screen after the results (navigation)
        self.clock: Clock | None = None  # the people's decision clock of this match (None: no clock)
        self.clocks: dict[int, DecisionClock] = {}  # each person's own state of that clock
        self._clock_hand = -1  # the hand the clocks' banks belong to

    def use_clock(self, base_s: int, bank_s: int, elapsed_ms: tuple[int | None, ...] = ()) -> None:
        """Give every person a decision clock; ``elapsed_ms`` (the stored thinking times, one per stored
        answer) sets the banks already spent in the hand in play. A match only watched has no clock."""
        if self.spectator:
            return  # nobody to time, so nothing to store with the match either
        self.clock = Clock(base_s, bank_s)
        self.clocks = {seat: DecisionClock(base_s, bank_s) for seat in self.humans}
        first = self.table.hand_first_action
        for seat, clock in self.clocks.items():
            clock.restore(
                [
                    elapsed_ms[index] if index < len(elapsed_ms) else None
                    for index in range(first, len(self.table.actions))
                    if self.table.actions[index][0] == seat
                ]
            )
        self._clock_hand = self.table.match.hands_played

    def clock_for(self, seat: int) -> DecisionClock | None:
        """The person's clock for a new decision of theirs (banks refilled when a new hand began)."""
        if not self.clocks:
            return None
        if self._clock_hand != self.table.match.hands_played:
            self._clock_hand = self.table.match.hands_played
            for clock in self.clocks.values():
                clock.new_hand()
        return self.clocks.get(seat)

    # ---- saving and resuming --------------------------------------------------------------------------

    def save_to(self, records: Records) -> int | None:
        """Keep this new match in ``records`` from now on, every answer as it is applied; its id, or None
        (with ``save_error`` set) when the database cannot take it: the match is then played unsaved."""
        entries = [SeatEntry(setup.name, setup.level) for setup in self.setups]
        try:
            match_id = records.create_match(self.rules, self.seed, entries, clock=self.clock)
        except RecordsError as error:
            self.save_error = str(error)
            logger.warning("the match cannot be saved: %s", error)
            return None
        self._attach(records, match_id)
        return match_id

    def _attach(self, records: Records, match_id: int) -> None:
        self.records = records
        self.match_id = match_id
        self.writer = MatchWriter.attach(records, match_id, self.table)
        self.writer.on_error = self._save_failed

    def _save_failed(self, error: RecordsError) -> None:
        """Saving stopped (a full disk, a file taken away): the match plays on, unsaved, and says so."""
        self.save_error = str(error)
        logger.warning("the match is no longer saved: %s", error)

    @property
    def practice(self) -> bool:
        """Whether the coach shows the strong AI's view of each decision."""
        return bool(self.coaches)

    def advice(self, seat: int) -> Advice | None:
        """The coach's advice for the person's pending decision (asked once per decision), or None."""
        coach = self.coaches.get(seat)
        pending = self.humans[seat].pending if seat in self.humans else None
        if coach is None or pending is None:
            return None
        known = self._advice.get(seat)
        if known is None or known[0] != pending.serial:
            known = self._advice[seat] = (pending.serial, coach.advise(pending.view, pending.legal))
        return known[1]

    def rewound(self, seat: int) -> GameSession | None:
        """Practice games only: the match rebuilt at the person's last decision with a choice in the hand in
        play, asked again (the AIs replay their answers identically), saved the same way; None when there is
        nothing to take back (no such decision in this hand, a timed match, not a practice game)."""
        if not self.practice or seat not in self.humans or self.clock is not None or self.table.finished:
            return None
        first = self.table.hand_first_action
        for start, chose in reversed(self.table.decisions):
            if start < first:
                break  # only the hand in play
            if seat in chose:
                rebuilt = self._rebuilt(self.table.actions[:start])
                if rebuilt is None:
                    return None
                return rebuilt if rebuilt._keep_saving(self, start) else None
        return None

    def _rebuilt(self, actions: Sequence[tuple[int, Action]]) -> GameSession | None:
        """A new session of this match brought to where ``actions`` leave it; None if they do not fit."""
        toggles = next(iter(self.humans.values())).toggles if self.humans else None
        session = GameSession(self.rules, self.setups, self.seed, toggles, practice=self.practice)
        try:
            session.table.restore(actions)
        except RestoreError:
            return None
        session.viewer, session.bottom = self.viewer, self.bottom
        session.tournament, session.then = self.tournament, self.then
        session.fast_forward()
        return session

    def _keep_saving(self, old: GameSession, count: int) -> bool:
        """Take over ``old``'s saving: the stored answers cut to ``count``; False when the records refuse."""
        if old.records is None or old.match_id is None or old.writer is None or old.writer.failed:
            self.save_error = old.save_error
            return True
        try:
            old.records.truncate_actions(old.match_id, count)
        except RecordsError as error:
            logger.warning("the answer cannot be taken back: %s", error)
            return False
        self._attach(old.records, old.match_id)
        return True

    @classmethod
    def tutorial(cls, name: str) -> GameSession:
        """The tutorial's match: the person (``name``) deals at seat 0, the three scripted seats on the
        tutorial's fixed walls, no automatic wins or passes (the lessons need every decision)."""
        from game.tutorial import HUMAN, ScriptedSeat, tutorial_rules, tutorial_wall

        names = ("Ren", "Aki", "Sora")
        setups = [SeatSetup(other, "tutorial") for other in names]
        setups.insert(HUMAN, SeatSetup(name))
        scripted = {seat: ScriptedSeat(setups[seat].name) for seat in range(4) if seat != HUMAN}
        toggles = HumanToggles(auto_win=False, no_calls=False, auto_discard_after_riichi=True)
        return cls(tutorial_rules(), tuple(setups), 0, toggles, scripted=scripted, walls=tutorial_wall)

    @classmethod
    def resume(
        cls, records: Records, match_id: int, toggles: HumanToggles | None = None, practice: bool = False
    ) -> GameSession:
        """A stored match rebuilt at its last answer, ready to show and saving as it goes; RecordsError
        (one line) when it cannot be."""
        stored = records.load_match(match_id)
        summary = stored.summary
        if summary.status in ("finished", "abandoned"):
            raise RecordsError(f"match {match_id} is {summary.status}: there is nothing to continue")
        setups = tuple(SeatSetup(entry.name, entry.level) for entry in summary.seats)
        session = cls(
            summary.rules, setups, summary.seed, toggles, practice=practice and summary.tournament is None
        )
        try:
            session.table.restore(stored.actions)
        except RestoreError as error:
            raise RecordsError(f"{records.path}: match {match_id}: {error}") from None
        session.tournament = summary.tournament
        if summary.clock is not None:  # a single match's own timer, or its tournament's clock
            session.use_clock(summary.clock.base_s, summary.clock.bank_s, stored.elapsed_ms)
        session._attach(records, match_id)
        if session.table.finished and session.table.standings is not None and session.writer is not None:
            session.writer.write_result(session.table.standings)  # stopped between its last answer and result
        session.fast_forward()
        return session

    def fast_forward(self) -> None:
        """Take in the frames a restore produced without animating them: the screen starts on the last one."""
        last: Step | None = None
        self.presenter.hands_dealt = max(0, self.table.match.hands_played)
        while True:
            frame = self.feed.pop()
            if frame is None:
                break
            self.last_frame = frame
            steps = self.presenter.steps(frame, self.bottom, self.shown_seats())
            if steps:
                last = steps[-1]
        self.pending_steps.clear()
        if last is not None:
            self.pending_steps.append(
                dataclasses.replace(
                    last, duration_s=0.0, hold_s=0.0, event=None, dice=None, label=None, overlay=None
                )
            )

    def abandon(self) -> None:
        """Give up this single match: it stays in the records but is no longer offered to continue."""
        if self.records is not None and self.match_id is not None and self.tournament is None:
            self.records.abandon_match(self.match_id)

    @property
    def private(self) -> bool:
        """Whether concealed tiles must be hidden between humans (two or more at one screen)."""
        return len(self.humans) > 1

    @property
    def finished(self) -> bool:
        """Whether the match is over and every frame has been shown."""
        return self.table.finished and not self.pending_steps and not self.feed.frames

    @property
    def standings(self) -> Standings | None:
        """The final result once the match is over."""
        return self.table.standings

    def shown_seats(self) -> frozenset[int]:
        """Seats whose concealed tiles may be drawn face up now."""
        if self.spectator:
            return frozenset(range(self.rules.players))
        if self.viewer is None:
            return frozenset()
        return frozenset({self.viewer})

    def next_step(self) -> Step | None:
        """The next thing to show, stepping the table when all is shown; None while a human must answer."""
        if self.pending_steps:
            return self.pending_steps.popleft()
        frame = self.feed.pop()
        if frame is None:
            if self.table.finished:
                return None
            self.table.step(max_steps=1)
            frame = self.feed.pop()
            if frame is None:
                return None
        self.last_frame = frame
        self.pending_steps.extend(self.presenter.steps(frame, self.bottom, self.shown_seats()))
        return self.pending_steps.popleft() if self.pending_steps else None

    def waiting_human(self) -> int | None:
        """The seat of a human whose answer the table waits for (the lowest, if several), else None."""
        if self.pending_steps or self.feed.frames or self.table.finished:
            return None
        for seat, human in sorted(self.humans.items()):
            if human.pending is not None and human._choice is None:
                return seat
        return None

    def hand_over(self, seat: int) -> None:
        """The human at `seat` now looks at the screen: their tiles may show and they sit at the bottom."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not played by a human")
        self.viewer = seat
        self.bottom = seat

    def conceal(self) -> None:
        """Hide every concealed hand (the privacy screen is up)."""
        if self.private:
            self.viewer = None

    def choose(self, seat: int, action: Action) -> None:
        """Post a human's answer; the table applies it at the next step. The person's clock stops: its bank
        keeps what is left, and the thinking time goes to the records with the answer."""
        self.humans[seat].choose(action)  # first: an answer not offered raises and leaves the clock running
        clock = self.clocks.get(seat)
        if clock is not None:
            elapsed_ms = clock.answered()
            if self.writer is not None:
                self.writer.elapsed_ms[seat] = elapsed_ms

    def current_frame(self) -> Frame | None:
        """The frame shown last."""
        return self.last_frame
