"""The table: runs a whole match by asking the seats for their decisions and applying them to the engine.

It never blocks or sleeps: ``step`` advances as far as the seats' answers allow, so the same table runs
headless, in self-play and under the GUI. A game is reproducible from (rules, seed, actions): each hand's
wall comes from ``hand_seed(seed, hand_index)``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.seat import Seat
from game.view import SeatView, advance_view, redact, view_for
from rules.actions import PASS, Action, Discard, Flower
from rules.events import Event, ExhaustiveDraw, RoundEnded
from rules.match import HandOutcome, MatchState, Standings, final_standings, next_hand, start_match
from rules.round import Phase, RoundState, apply, legal_actions, start_round
from rules.ruleset import RuleSet
from rules.wall import Wall, shuffled_wall

logger = logging.getLogger(__name__)

SeatObserver = Callable[[Event, SeatView], None]
"""Gets each event as one seat may see it, with that seat's view right after the event."""
EngineObserver = Callable[[tuple[Event, ...], RoundState], None]
"""Gets the unredacted events of each engine step (a deal or one ``apply``) with the state after it."""
ActionObserver = Callable[[tuple[tuple[int, Action], ...]], None]
"""Gets the answers of each ``apply`` as (seat, action) in ``Table.actions`` order, before its events."""
FinishObserver = Callable[[Standings], None]
"""Gets the standings once, when the match ends."""
WallSource = Callable[[int], Wall]
"""Gives the wall of a match's hand by its index (0-based, every hand dealt): fixed walls, not shuffles."""


class RestoreError(ValueError):
    """Stored actions that do not fit the match: the one line names the action and what is wrong."""


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from the parts: the first 8 bytes (big-endian) of SHA-256 over their text joined by ":".

    Stable across runs, processes, Python versions and platforms, and unrelated for neighbouring parts (the
    seed of every wall, simulated game, AI seat and scheduled match is one of these).

    >>> derive_seed(0, 0) == derive_seed(0, 0) != derive_seed(0, 1)
    True
    """
    digest = hashlib.sha256(":".join(str(part) for part in parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def hand_seed(seed: int, hand_index: int) -> int:
    """The wall seed of a match's ``hand_index``-th hand (0-based, counting every hand dealt).

    >>> hand_seed(0, 0) == hand_seed(0, 0) != hand_seed(0, 1)
    True
    """
    return derive_seed(seed, hand_index)


def default_answer(drawn: int | None, legal: Sequence[Action]) -> Action:
    """The answer of a seat that gives none of its own (illegal, crashed, or out of time): Pass, else a flower
    set aside (the flowers option), else tsumogiri of ``drawn``, else the first plain discard, else the first
    legal action.

    >>> default_answer(7, (Discard(3), Discard(7), Discard(7, riichi=True)))
    Discard(tile=7, riichi=False)
    """
    if PASS in legal:
        return PASS
    flower = next((action for action in legal if isinstance(action, Flower)), None)
    if flower is not None:
        return flower
    if drawn is not None and Discard(drawn) in legal:
        return Discard(drawn)
    return next((action for action in legal if isinstance(action, Discard) and not action.riichi), legal[0])


def safe_default(state: RoundState, legal: tuple[Action, ...]) -> Action:
    """The answer given for a seat whose own was illegal or crashed: ``default_answer`` in ``state``."""
    return default_answer(state.tile if state.phase is Phase.TURN else None, legal)


def hand_outcome(ended: RoundEnded, events: Sequence[Event]) -> HandOutcome:
    """The match's view of a finished hand, from its RoundEnded and the hand's events."""
    if ended.kind == "win":
        return HandOutcome("win", ended.deltas, ended.riichi_sticks, winners=ended.winners, chips=ended.chips)
    if ended.kind == "abortive":
        return HandOutcome("abortive", ended.deltas, ended.riichi_sticks, abortive_kind=ended.abortive_kind)
    draw = next((event for event in reversed(events) if isinstance(event, ExhaustiveDraw)), None)
    if draw is None:
        raise ValueError("an exhaustive draw without its ExhaustiveDraw event")
    kind = "nagashi_mangan" if draw.nagashi else "exhaustive"
    winners = draw.nagashi if draw.nagashi else ()
    return HandOutcome(kind, ended.deltas, ended.riichi_sticks, winners=winners, tenpai=draw.tenpai)


class Table:
    """A match between seats: deals each hand, asks the waiting seats, applies their answers, moves on."""

    def __init__(
        self, rules: RuleSet, seats: Sequence[Seat], seed: int, walls: WallSource | None = None
    ) -> None:
        """``walls`` gives each hand's wall by its index (0-based, every hand dealt) instead of the seeded
        shuffle (the tutorial's fixed walls)."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player rule set")
        self.rules = rules
        self.seats = tuple(seats)
        self.seed = seed
        self.walls = walls
        self.match: MatchState = start_match(rules)
        self.state: RoundState | None = None  # the hand in play
        self.standings: Standings | None = None  # once the match is over
        self.actions: list[tuple[int, Action]] = []  # every answer applied, in order (defaults included)
        # where each batch of answers starts in ``actions``, and the seats that had a choice in it
        self.decisions: list[tuple[int, frozenset[int]]] = []
        self.hand_first_action = 0  # the index in ``actions`` of the hand in play's first answer
        self._answers: dict[int, Action] = {}  # answers already given to the decision in progress
        self._hand_events: list[Event] = []
        self._seat_observers: list[tuple[int, SeatObserver]] = []
        self._engine_observers: list[EngineObserver] = []
        self._action_observers: list[ActionObserver] = []
        self._finish_observers: list[FinishObserver] = []
        self._views: dict[int, SeatView] = {}  # the latest view handed to each watched seat's observers

    @property
    def finished(self) -> bool:
        """Whether the match is over (``standings`` is then set)."""
        return self.standings is not None

    def subscribe(self, observer: SeatObserver, seat: int) -> None:
        """Send ``observer`` every event as ``seat`` may see it, with the seat's view after it."""
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"no seat {seat} at a {self.rules.players}-player table")
        self._seat_observers.append((seat, observer))
        current = self.view(seat)
        if current is not None and seat not in self._views:  # joining mid-hand: follow on from here
            self._views[seat] = current

    def view(self, seat: int) -> SeatView | None:
        """What ``seat`` may know of the hand in play now (None between hands)."""
        return view_for(self.state, seat) if self.state is not None else None

    def subscribe_engine(self, observer: EngineObserver) -> None:
        """Send ``observer`` the unredacted events of every engine step with the state after it."""
        self._engine_observers.append(observer)

    def subscribe_actions(self, observer: ActionObserver) -> None:
        """Send ``observer`` the answers of every ``apply`` as they are applied (to store them)."""
        self._action_observers.append(observer)

    def subscribe_finish(self, observer: FinishObserver) -> None:
        """Send ``observer`` the standings when the match ends."""
        self._finish_observers.append(observer)

    def restore(self, actions: Sequence[tuple[int, Action]], *, whole_match: bool = False) -> None:
        """Bring a new table to where ``actions`` (a stored ``Table.actions``) leave the match.

        The engine replays every answer; the seats and observers are then shown the hand in play from its
        deal (``whole_match``: every hand, in order), and each seat with a ``recall(view, legal, action)``
        method is told its decisions in that hand, so it stands exactly where it stood. Seats are never asked
        to decide; action observers hear nothing (the actions are stored already). RestoreError names the
        first stored action that does not fit.
        """
        if self.state is not None or self.actions or self.match.hands_played:
            raise ValueError("restore needs a table that has not started")
        hand: list[_Replayed] = []
        index = 0
        while self.standings is None:
            state = self.state
            if state is None:
                if whole_match and hand:
                    self._show_replayed(hand, recall=False)
                state, events = self._deal_state()
                self.state = state
                self._hand_events = list(events)
                self.hand_first_action = len(self.actions)
                hand = [_Replayed(None, {}, {}, state, events)]
                continue
            if state.phase is Phase.ENDED:
                self._end_hand(state, notify=False)
                continue
            if index >= len(actions):
                break
            legal = legal_actions(state)
            waiting = sorted(legal)
            batch = tuple(actions[index : index + len(waiting)])
            for offset, seat in enumerate(waiting):
                if offset >= len(batch):
                    raise RestoreError(f"action {index + offset + 1}: missing (seat {seat} must answer)")
                answer_seat, answer = batch[offset]
                if answer_seat != seat:
                    raise RestoreError(
                        f"action {index + offset + 1}: seat {answer_seat} answered, but seat {seat} must"
                    )
                if not _is_offered(answer, legal[seat]):
                    raise RestoreError(f"action {index + offset + 1}: {answer} is not legal for seat {seat}")
            choices = dict(batch)
            after, events = apply(state, choices)
            self._note_decision(legal)
            self.actions.extend(batch)
            self._hand_events.extend(events)
            hand.append(_Replayed(state, legal, choices, after, events))
            self.state = after
            index += len(waiting)
        if index < len(actions):
            raise RestoreError(f"action {index + 1}: the match is already over")
        self._show_replayed(hand, recall=not self.finished)

    def _show_replayed(self, hand: list[_Replayed], *, recall: bool) -> None:
        """Tell seats and observers one replayed hand; seats that can recall their decisions are told them."""
        for step in hand:
            if recall and step.before is not None:
                for seat, action in step.choices.items():
                    remember = getattr(self.seats[seat], "recall", None)
                    if callable(remember):
                        remember(view_for(step.before, seat), step.legal[seat], action)
            self._tell(step.after, step.events)

    def run(self) -> Standings:
        """Play the match to its end (for tables whose seats always answer) and return the standings."""
        while self.standings is None:
            self.step()
        return self.standings

    def step(self, max_steps: int | None = None) -> bool:
        """Advance as far as the seats' answers allow; True when waiting for a seat that answered None.

        ``max_steps`` stops after that many engine steps (deals and applies), e.g. to pace a screen.
        """
        steps = 0
        while self.standings is None:
            if max_steps is not None and steps >= max_steps:
                return False
            state = self.state
            if state is None:
                self._deal()
            elif state.phase is Phase.ENDED:
                self._end_hand(state)
                continue
            else:
                legal = legal_actions(state)
                if not legal:
                    raise RuntimeError(f"the engine waits in phase {state.phase.value} but offers no action")
                if not self._collect(state, legal):
                    return True
                choices = {seat: self._answers[seat] for seat in sorted(legal)}
                state, events = apply(state, choices)
                applied = tuple(choices.items())
                for action_observer in self._action_observers:
                    action_observer(applied)  # stored before anyone is told: a crash loses no shown step
                self._answers = {}
                self._note_decision(legal)
                self.actions.extend(applied)
                self._publish(state, events)
            steps += 1
        return False

    def _note_decision(self, legal: dict[int, tuple[Action, ...]]) -> None:
        """Record where the batch about to be stored starts and who had more than one answer in it."""
        chose = frozenset(seat for seat, options in legal.items() if len(options) > 1)
        self.decisions.append((len(self.actions), chose))

    def _deal(self) -> None:
        state, events = self._deal_state()
        self._hand_events = []
        self.hand_first_action = len(self.actions)
        self._publish(state, events)

    def _deal_state(self) -> tuple[RoundState, tuple[Event, ...]]:
        """The next hand dealt from its wall, with the deal's events."""
        match = self.match
        if self.walls is not None:
            wall = self.walls(match.hands_played)
        else:
            wall = shuffled_wall(
                hand_seed(self.seed, match.hands_played), self.rules.players, self.rules.flowers
            )
        return start_round(
            self.rules,
            wall,
            round_wind=match.round_wind,
            kyoku=match.kyoku,
            honba=match.honba,
            riichi_sticks=match.riichi_sticks,
            scores=match.scores,
            dealer=match.dealer,
            dealer_wins=match.dealer_wins,
        )

    def _end_hand(self, state: RoundState, notify: bool = True) -> None:
        ended = state.ended
        assert ended is not None
        self.match = next_hand(self.match, hand_outcome(ended, self._hand_events))
        self.state = None
        if self.match.finished:
            self.standings = final_standings(self.match)
            if notify:
                for observer in self._finish_observers:
                    observer(self.standings)

    def _collect(self, state: RoundState, legal: dict[int, tuple[Action, ...]]) -> bool:
        """Ask every waiting seat that has not answered yet; False while any of them answers None."""
        complete = True
        for seat in sorted(legal):
            if seat in self._answers:
                continue
            options = legal[seat]
            try:
                answer = self.seats[seat].decide(view_for(state, seat), options)
            except Exception:
                default = safe_default(state, options)
                logger.warning("seat %d crashed deciding; playing %s", seat, default, exc_info=True)
                self._answers[seat] = default
                continue
            if answer is None:
                complete = False
                continue
            if not _is_offered(answer, options):
                default = safe_default(state, options)
                logger.warning(
                    "seat %d answered %r, which is not legal now; playing %s", seat, answer, default
                )
                answer = default
            self._answers[seat] = answer
        return complete

    def _publish(self, state: RoundState, events: tuple[Event, ...]) -> None:
        """Tell every seat and observer what happened in one engine step."""
        self.state = state
        self._hand_events.extend(events)
        self._tell(state, events)

    def _tell(self, state: RoundState, events: tuple[Event, ...]) -> None:
        """Show one engine step's events to the seats (redacted) and to every observer."""
        for seat_index, seat in enumerate(self.seats):
            for event in events:
                try:
                    seat.observe(redact(event, seat_index))
                except Exception:
                    logger.warning(
                        "seat %d crashed observing %s", seat_index, type(event).__name__, exc_info=True
                    )
        if self._seat_observers:
            self._notify_seat_observers(state, events)
        for observer in self._engine_observers:
            observer(events, state)

    def _notify_seat_observers(self, state: RoundState, events: tuple[Event, ...]) -> None:
        watched = sorted({seat for seat, _ in self._seat_observers})
        for index, event in enumerate(events):
            last = index == len(events) - 1
            for seat in watched:
                shown = redact(event, seat)
                # Between the events of one step the view follows the events; after the last, the engine's.
                view = view_for(state, seat) if last else advance_view(self._views.get(seat), shown, seat)
                self._views[seat] = view
                for observer_seat, observer in self._seat_observers:
                    if observer_seat == seat:
                        observer(shown, view)


@dataclass(frozen=True)
class _Replayed:
    """One engine step of a restored hand: the deal (no ``before``) or an apply of ``choices``."""

    before: RoundState | None
    legal: Mapping[int, tuple[Action, ...]]
    choices: Mapping[int, Action]
    after: RoundState
    events: tuple[Event, ...]


def _is_offered(answer: object, options: tuple[Action, ...]) -> bool:
    """Whether a seat's answer is exactly one of the offered actions (any odd object is simply not)."""
    try:
        return any(type(answer) is type(option) and answer == option for option in options)
    except Exception:
        return False
