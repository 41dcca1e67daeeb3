"""The review command: every decision of one seat in a logged match beside the strong AI's, and how often the
two agree.

Each hand of the log is replayed through the engine (``replay_round`` forcing the logged actions). A coach
(``game.coach``: the strong AI shadowing the seat) observes every event as the seat saw it and is asked at
every decision of the seat with more than one legal action, so that it reads the table exactly as the strong
AI in that seat would. Its choice is compared with the logged one: discards by tile kind and riichi, calls by
their type and the kinds of their tiles (a red five is a five), anything else by its type.

A claim the log cannot tell is left out of the count: the seat passed in the log while the AI would call, but
another seat's call or win took the tile first (a log writes only the claim that was made), so what the seat
answered is unknown.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game.coach import Advice, Coach, DiscardOption
from game.logs.record import GameRecord, LogFormatError
from game.mjai.protocol import action_to_mjai, dahai_message
from game.recorder import GameRecorder
from game.records import Records, RecordsError
from game.replay import ReplayError, replay_round
from game.table import RestoreError, Table
from game.verify import Progress, log_rules, one_line, read_games, round_label
from game.view import SeatView, redact, view_for
from rules.actions import PASS, Action, Chi, Daiminkan, Discard, Flower, Pon, Ron
from rules.events import Event
from rules.round import Phase, RoundState
from rules.ruleset import RuleSet, RuleSetError
from rules.tiles import format_tiles

Message = dict[str, Any]
"""An action in mjai notation."""

_CLAIM_RANK: dict[type, int] = {Chi: 1, Pon: 2, Daiminkan: 2, Ron: 3}
"""Which claim takes a tile before which (higher first)."""


class ReviewError(ValueError):
    """Input that cannot be reviewed (a file, a seat, a name, an output path): the message is one line."""


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: the logged action and the strong AI's, in mjai notation.

    ``hand`` is the hand's label (E1-0: round wind, hand number, honba), ``step`` the decision's index among
    the seat's decisions in that hand, ``detail`` the measure behind the comparison (see ``judge``), ``view``
    the position the seat decided in (for a screen to show; not part of the JSON).
    """

    hand: str
    step: int
    actor: int
    actual: Message
    expected: Message
    agree: bool
    detail: dict[str, Any]
    view: SeatView | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The decision as plain data for ``json.dump``."""
        return {
            "hand": self.hand,
            "step": self.step,
            "actor": self.actor,
            "actual": self.actual,
            "expected": self.expected,
            "agree": self.agree,
            "detail": self.detail,
        }


@dataclass
class Review:
    """Every decision reviewed so far, the claims left out (``unknown``) and notes on hands cut short."""

    decisions: list[Decision] = field(default_factory=list)
    unknown: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def agreed(self) -> int:
        """Decisions where the player chose as the strong AI."""
        return sum(1 for decision in self.decisions if decision.agree)

    @property
    def rate(self) -> float:
        """The share of decisions agreed (0 without any)."""
        return self.agreed / len(self.decisions) if self.decisions else 0.0

    def line(self) -> str:
        """The summary line."""
        return f"decisions={len(self.decisions)} agreed={self.agreed} rate={self.rate:.3f}"

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {"decisions": [decision.to_json() for decision in self.decisions], "agreement": self.rate}


def mjai_action(action: Action, view: SeatView, rules: RuleSet) -> Message:
    """``action`` of the seat of ``view`` in mjai notation; a riichi discard is its ``dahai`` with
    ``"reach": true`` (mjai sends ``reach`` and then the discard), a pass is ``{"type": "none"}``. A flower
    set aside, which mjai has no word for, is our own ``{"type": "flower", "pai": "1f"}`` (never sent to a
    bot)."""
    if isinstance(action, Flower):
        return {"type": "flower", "actor": view.seat, "pai": format_tiles([action.tile])}
    if isinstance(action, Discard) and action.riichi:
        return {**dahai_message(action.tile, view, rules), "reach": True}
    return action_to_mjai(action, view, rules)


def same_choice(actual: Message, expected: Message) -> bool:
    """Whether two actions in mjai notation are the same choice: tiles by kind (a red five is a five), a
    discard whether or not it is the drawn tile.

    >>> same_choice({"type": "dahai", "pai": "5mr", "tsumogiri": True}, {"type": "dahai", "pai": "5m"})
    True
    >>> same_choice({"type": "dahai", "pai": "5m"}, {"type": "dahai", "pai": "5m", "reach": True})
    False
    """
    return _by_kind(actual) == _by_kind(expected)


def _by_kind(message: Message) -> Message:
    plain = {key: value for key, value in message.items() if key != "tsumogiri"}
    plain["reach"] = bool(plain.get("reach"))
    if isinstance(plain.get("pai"), str):
        plain["pai"] = plain["pai"].removesuffix("r")
    if isinstance(plain.get("consumed"), list):
        plain["consumed"] = sorted(str(tile).removesuffix("r") for tile in plain["consumed"])
    return plain


def judge(view: SeatView, actual: Action, advice: Advice, rules: RuleSet, hand: str, step: int) -> Decision:
    """The decision of the seat of ``view``: the logged ``actual`` against the coach's ``advice``.

    ``detail`` for a turn (the coach weighed the discards): ``measure`` ("expected_points" when the AI
    valued the discards, else "ukeire"), and the shanten, ukeire and value of the player's discard
    (``actual``) and of the AI's (``expected``), null for an action that is no discard; with the coach's
    ``why`` and its ``fields``. For a call or a win: the coach's ``why`` and ``fields``.
    """
    played = mjai_action(actual, view, rules)
    wanted = mjai_action(advice.choice, view, rules)
    detail: dict[str, Any]
    if advice.options:
        by_kind = {option.kind: option for option in advice.options}
        valued = any(option.value is not None for option in advice.options)
        detail = {
            "measure": "expected_points" if valued else "ukeire",
            "actual": _numbers(by_kind, actual),
            "expected": _numbers(by_kind, advice.choice),
            "why": advice.why,
            "fields": dict(advice.fields),
        }
        if advice.fold is not None:
            detail["fold"] = advice.fold
    else:
        detail = {"why": advice.why, "fields": dict(advice.fields)}
    return Decision(hand, step, view.seat, played, wanted, same_choice(played, wanted), detail, view)


def _numbers(by_kind: Mapping[int, DiscardOption], action: Action) -> dict[str, Any] | None:
    option = by_kind.get(action.tile >> 2) if isinstance(action, Discard) else None
    if option is None:
        return None
    value = None if option.value is None else round(option.value, 1)
    return {"shanten": option.shanten, "ukeire": option.ukeire, "value": value}


def hidden_by_a_claim(
    seat: int, actual: Action, expected: Action, choices: Mapping[int, Action], rules: RuleSet
) -> bool:
    """Whether the log cannot tell this claim: the seat passed, the AI would claim, but another seat's
    claim that goes first (a win before a pon or kan, those before a chi; a second win without double ron)
    was made, so the seat's own answer was never written."""
    if actual != PASS:
        return False
    wanted = _CLAIM_RANK.get(type(expected), 0)
    if not wanted:
        return False
    for other, action in choices.items():
        rank = _CLAIM_RANK.get(type(action), 0)
        if other != seat and (rank > wanted or (rank == wanted == 3 and not rules.double_ron)):
            return True
    return False


class _HandFollower:
    """Follows one replayed hand for the coach: the seat's events to observe, its decisions to judge."""

    def __init__(self, coach: Coach, rules: RuleSet, seat: int, hand: str, review: Review) -> None:
        self.coach = coach
        self.rules = rules
        self.seat = seat
        self.hand = hand
        self.review = review
        self.step = 0

    def events(self, events: tuple[Event, ...], state: RoundState) -> None:
        """Show the coach one engine step as the seat saw it."""
        for event in events:
            self.coach.observe(redact(event, self.seat))

    def decision(
        self, state: RoundState, legal: Mapping[int, tuple[Action, ...]], choices: Mapping[int, Action]
    ) -> None:
        """Ask the coach at every decision of the seat with a choice, and judge the logged answer."""
        options = legal.get(self.seat, ())
        if len(options) < 2:
            return
        view = view_for(state, self.seat)
        advice = self.coach.advise(view, options)
        actual = choices[self.seat]
        step = self.step
        self.step += 1
        if hidden_by_a_claim(self.seat, actual, advice.choice, choices, self.rules):
            self.review.unknown += 1
            return
        self.review.decisions.append(judge(view, actual, advice, self.rules, self.hand, step))


def review_game(
    game: GameRecord,
    rules: RuleSet,
    seat: int,
    review: Review,
    *,
    seed: int = 0,
    on_hand: Callable[[], None] | None = None,
) -> None:
    """Review every hand of ``game`` for ``seat`` into ``review``; a hand the engine cannot follow to its
    end is reviewed as far as it goes, with a note."""
    for _ in review_hands(game, rules, seat, review, seed=seed):
        if on_hand is not None:
            on_hand()


def review_hands(
    game: GameRecord, rules: RuleSet, seat: int, review: Review, *, seed: int = 0
) -> Iterator[str]:
    """``review_game`` one hand at a time: yields each hand's label once it is reviewed into ``review`` (a
    screen runs one hand a frame)."""
    coach = Coach(rules, seed)  # one for the game, as an AI seat plays a whole match
    for record in game.rounds:
        label = round_label(record)
        follower = _HandFollower(coach, rules, seat, label, review)
        try:
            replay = replay_round(record, rules, on_events=follower.events, on_decision=follower.decision)
        except ReplayError as error:
            review.notes.append(f"{game.source}: {label}: not reviewed: {error}")
            yield label
            continue
        if record.results and replay.state.phase is not Phase.ENDED and replay.problems:
            review.notes.append(f"{game.source}: {label}: reviewed up to {replay.problems[0]}")
        yield label


class _Silent:
    """A seat of a rebuilt match: it only watches (a restore never asks seats to decide)."""

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """Never asked."""
        return None

    def observe(self, event: Event) -> None:
        """Nothing to remember."""


def match_record(records: Records, match_id: int) -> tuple[GameRecord, RuleSet]:
    """A stored match of ``records`` as a GameRecord (its answers replayed by the engine and recorded, as
    a played match is), with its rule set; RecordsError (one line) when it cannot be rebuilt."""
    stored = records.load_match(match_id)
    summary = stored.summary
    rules = summary.rules
    table = Table(rules, [_Silent() for _ in range(rules.players)], summary.seed)
    names = tuple(entry.name for entry in summary.seats)
    recorder = GameRecorder(rules, names, source=f"match {match_id}", extra={"seed": str(summary.seed)})
    table.subscribe_engine(recorder.observe)
    try:
        table.restore(stored.actions, whole_match=True)
    except RestoreError as error:
        raise RecordsError(f"{records.path}: match {match_id}: {error}") from None
    return recorder.record(table.standings), rules


class ReviewProgress(Progress):
    """verify-log's progress line (``Progress``), counting the hands reviewed of all the file's hands."""

    def text(self) -> str:
        """A bar over the hands reviewed (``files`` holds the hands of all the file's games)."""
        total = max(1, self.files)
        filled = 20 * self.hands // total
        return f"review: [{'#' * filled}{'.' * (20 - filled)}] {self.hands}/{self.files} hands"


def choose_seat(game: GameRecord, seat: int | None, player: str | None) -> int:
    """The seat to review: ``seat``, the seat of ``player``'s name, or 0; ReviewError when out of range or
    no player has that name."""
    if player is not None:
        if player not in game.names:
            names = ", ".join(repr(name) for name in game.names if name) or "none"
            raise ReviewError(f"{game.source}: no player named {player!r} (the players: {names})")
        return game.names.index(player)
    chosen = 0 if seat is None else seat
    if not 0 <= chosen < game.players:
        raise ReviewError(
            f"--seat {chosen} is out of range: {game.source} is a {game.players}-player game"
            f" (seats 0 to {game.players - 1})"
        )
    return chosen


def _output_problem(path: Path) -> str | None:
    """Why ``path`` cannot be written as the JSON output (checked before the review, not after it)."""
    if path.is_dir():
        return f"cannot write --json {path}: it is a directory"
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"cannot write --json {path}: no folder {folder}"
    if not os.access(path if path.exists() else folder, os.W_OK):
        return f"cannot write --json {path}: permission denied"
    return None


def _games(path: Path) -> list[GameRecord]:
    """The log's games; ReviewError, one line, when the file cannot be read (verify-log's messages)."""
    try:
        return read_games(path)
    except LogFormatError as error:
        raise ReviewError(str(error)) from None


def file_plan(
    path: Path, *, seat: int | None = None, player: str | None = None
) -> list[tuple[GameRecord, RuleSet, int]]:
    """Every game of the log at ``path`` with its rule set and the seat to review; ReviewError (one line)
    for a file, seat or name that cannot be reviewed."""
    plan: list[tuple[GameRecord, RuleSet, int]] = []
    for game in _games(path):
        try:
            rules = log_rules(game)
        except RuleSetError as error:
            raise ReviewError(f"{game.source}: {error}") from None
        if rules.players != game.players:
            raise ReviewError(
                f"{game.source}: a {game.players}-player log under the {rules.players}-player rule set"
                f" '{rules.name}'"
            )
        plan.append((game, rules, choose_seat(game, seat, player)))
    return plan


def review_file(
    path: Path,
    *,
    seat: int | None = None,
    player: str | None = None,
    seed: int = 0,
    bar: ReviewProgress | None = None,
) -> Review:
    """Review the chosen seat in every game of the log at ``path``; ReviewError for input that cannot be."""
    plan = file_plan(path, seat=seat, player=player)
    review = Review()
    if bar is not None:
        bar.files = sum(len(game.rounds) for game, _, _ in plan)
    for game, rules, chosen in plan:
        review_game(game, rules, chosen, review, seed=seed, on_hand=bar.hand if bar is not None else None)
    return review


def run(
    path: str,
    out: TextIO,
    *,
    seat: int | None = None,
    player: str | None = None,
    json_out: str | None = None,
    err: TextIO | None = None,
    progress: bool | None = None,
    seed: int = 0,
) -> int:
    """The command's exit status: 0 once reviewed (the summary on ``out``, notes on hands cut short on
    ``err``), 2 with one ``review: error:`` line on ``err`` for a bad file, seat, name or output path.

    ``progress``: True always shows the bar on ``err``, None on a terminal, False never.
    """

    def fail(message: str) -> int:
        print(one_line(f"review: error: {message}"), file=err)
        return 2

    target = Path(json_out) if json_out is not None else None
    if target is not None and (problem := _output_problem(target)):
        return fail(problem)
    is_terminal = err is not None and err.isatty()
    bar = ReviewProgress(err, 0, enabled=bool(progress) or (progress is None and is_terminal), immediate=True)
    try:
        review = review_file(Path(path), seat=seat, player=player, seed=seed, bar=bar)
    except ReviewError as error:
        bar.clear()
        return fail(str(error))
    bar.clear()
    for note in review.notes:
        print(one_line(f"review: {note}"), file=err)
    if target is not None:
        try:
            with target.open("w", encoding="utf-8") as handle:
                json.dump(review.to_json(), handle, ensure_ascii=False, indent=1)
                handle.write("\n")
        except OSError as error:
            return fail(f"cannot write --json {target}: {error.strerror or error}")
    print(review.line(), file=out)
    return 0
