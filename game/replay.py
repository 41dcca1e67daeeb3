"""Replaying logged hands through the round engine: a wall built from the log, the logged action forced at
each decision, and every difference between the engine's steps and outcome and the log's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.logs.record import (
    CallStep,
    DiscardStep,
    DoraStep,
    DrawResult,
    DrawStep,
    FlowerStep,
    KitaStep,
    RoundRecord,
    Step,
    WinResult,
    step_of,
)
from rules.actions import (
    PASS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Flower,
    Kita,
    Kyuushu,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from rules.events import (
    AbortiveDraw,
    Event,
    ExhaustiveDraw,
    HandWon,
)
from rules.meld import MeldType
from rules.round import IllegalActionError, Phase, RoundState, apply, legal_actions, start_round
from rules.ruleset import RuleSet
from rules.tiles import format_tiles
from rules.wall import Wall, WallError, arranged_wall


class ReplayError(ValueError):
    """A logged hand that cannot even be set up (its tiles do not form a wall)."""


EventsObserver = Callable[[tuple[Event, ...], RoundState], None]
"""Hears every engine step of a replayed hand (the deal first): its unredacted events and the state after."""

DecisionObserver = Callable[[RoundState, Mapping[int, tuple[Action, ...]], Mapping[int, Action]], None]
"""Hears every decision of a replayed hand: the state asked, each waiting seat's legal actions and the logged
answers, once the engine has accepted them (before the events they lead to)."""


@dataclass(frozen=True)
class RoundReplay:
    """What replaying one logged hand gave: the engine's final state, its events and the disagreements."""

    state: RoundState
    events: tuple[Event, ...]
    problems: tuple[str, ...]


def wall_from_record(record: RoundRecord, players: int) -> Wall:
    """A wall whose deal, draws, replacement tiles and indicators are exactly the logged ones."""
    if record.wall:
        return Wall(record.wall, players, flowers=any(tile >= 136 for tile in record.wall))
    flowers = any(isinstance(step, FlowerStep) for step in record.steps) or any(
        tile >= 136 for hand in record.hands for tile in hand
    )
    live: list[int] = []
    rinshan: list[int] = []
    replacement_for: int | None = None
    dora = [record.dora_indicator]
    for step in record.steps:
        if isinstance(step, DrawStep):
            if replacement_for == step.seat:
                rinshan.append(step.tile)
                replacement_for = None
            else:
                live.append(step.tile)
        elif (isinstance(step, CallStep) and step.meld.is_kan) or isinstance(step, KitaStep | FlowerStep):
            replacement_for = step.seat
        elif isinstance(step, DoraStep):
            dora.append(step.indicator)
    ura = next(
        (
            result.ura_indicators
            for result in record.results
            if isinstance(result, WinResult) and result.ura_indicators
        ),
        (),
    )
    try:
        return arranged_wall(
            players,
            record.hands,
            dealer=record.dealer,
            draws=live,
            rinshan=rinshan,
            dora=dora,
            ura=ura,
            flowers=flowers,
        )
    except WallError as error:
        raise ReplayError(f"the logged tiles do not form a {players}-player wall: {error}") from None


def replay_round(
    record: RoundRecord,
    rules: RuleSet,
    *,
    on_events: EventsObserver | None = None,
    on_decision: DecisionObserver | None = None,
) -> RoundReplay:
    """Play a logged hand through the engine, forcing the logged actions; collect every disagreement.

    ``on_events`` and ``on_decision`` follow the hand as it is played (see ``EventsObserver`` and
    ``DecisionObserver``): a decision whose logged answer the engine refuses is not told, and ends the replay.
    """
    wall = wall_from_record(record, rules.players)
    if wall.flowers != rules.flowers:
        if rules.flowers:
            raise ReplayError(
                f"the hand has no flower tiles, but the rule set {rules.name!r} plays with flowers"
            )
        raise ReplayError(f"the hand has flower tiles, but the rule set {rules.name!r} has no flowers")
    state, events = start_round(
        rules,
        wall,
        round_wind=record.round_wind,
        kyoku=record.kyoku,
        honba=record.honba,
        riichi_sticks=record.riichi_sticks,
        scores=record.scores,
        dealer=record.dealer,
    )
    all_events = list(events)
    if on_events is not None:
        on_events(events, state)
    steps = _engine_order(record.steps)
    cursor = 0
    problems: list[str] = []
    cursor, problem = _consume(events, steps, cursor)
    while problem is None and state.phase is not Phase.ENDED:
        if cursor == len(steps) and not record.results:
            break  # the log stops mid-hand: every logged action was legal, nothing more to check
        legal = legal_actions(state)
        choices = _choices(state, legal, steps, cursor, record)
        try:
            after, events = apply(state, choices)
        except IllegalActionError as error:
            problem = f"step {cursor}: the logged action is not legal for the engine: {error}"
            break
        if on_decision is not None:
            on_decision(state, legal, choices)
        state = after
        if on_events is not None:
            on_events(events, state)
        all_events.extend(events)
        cursor, problem = _consume(events, steps, cursor)
    if problem is not None:
        problems.append(problem)
    elif not record.results:
        pass
    elif cursor != len(steps):
        problems.append(
            f"step {cursor}: the engine ended the hand but the log goes on with {_describe(steps[cursor])}"
        )
    else:
        problems.extend(_compare_results(all_events, record))
    return RoundReplay(state=state, events=tuple(all_events), problems=tuple(problems))


def _engine_order(steps: tuple[Step, ...]) -> list[Step]:
    """Logged steps in the engine's order: an open kan's dora comes with the kan player's discard.

    Tenhou writes that indicator between the replacement draw and the discard; it is turned over as the
    discard is made (so a ron on that discard counts it), which the engine reports just after the discard.
    """
    ordered = list(steps)
    for index in range(len(ordered) - 2):
        kan, draw, dora = ordered[index : index + 3]
        # kobalab turns a closed kan's dora over after the replacement draw; nothing happens in between.
        if (
            isinstance(kan, CallStep)
            and kan.meld.type is MeldType.ANKAN
            and isinstance(draw, DrawStep)
            and isinstance(dora, DoraStep)
        ):
            ordered[index + 1], ordered[index + 2] = dora, draw
    # An open kan's dora is turned as the kan player discards; logs write it just before the discard (after
    # any replacement draws and kita in between), the engine just after. Nothing else lies before a discard.
    for index in range(len(ordered) - 1):
        dora, discard = ordered[index : index + 2]
        if isinstance(dora, DoraStep) and isinstance(discard, DiscardStep):
            ordered[index], ordered[index + 1] = discard, dora
    return ordered


def _choices(
    state: RoundState,
    legal: dict[int, tuple[Action, ...]],
    steps: list[Step],
    cursor: int,
    record: RoundRecord,
) -> dict[int, Action]:
    """The logged answer of every waiting seat at this decision."""
    upcoming = steps[cursor] if cursor < len(steps) else None
    wins = [result for result in record.results if isinstance(result, WinResult)]
    choices: dict[int, Action] = dict.fromkeys(legal, PASS)
    phase = state.phase
    if phase is Phase.TURN or phase is Phase.AFTER_CALL:
        seat = state.seat
        if isinstance(upcoming, DiscardStep) and upcoming.seat == seat:
            choices[seat] = Discard(upcoming.tile, riichi=upcoming.riichi)
        elif isinstance(upcoming, KitaStep) and upcoming.seat == seat:
            choices[seat] = Kita(upcoming.tile)
        elif isinstance(upcoming, FlowerStep) and upcoming.seat == seat:
            choices[seat] = Flower(upcoming.tile)
        elif (
            isinstance(upcoming, CallStep) and upcoming.seat == seat and upcoming.meld.type is MeldType.ANKAN
        ):
            choices[seat] = Ankan(upcoming.meld.kind)
        elif (
            isinstance(upcoming, CallStep)
            and upcoming.seat == seat
            and upcoming.meld.type is MeldType.SHOUMINKAN
        ):
            pon = next(
                (
                    m
                    for m in state.players[seat].melds
                    if m.type is MeldType.PON and m.kind == upcoming.meld.kind
                ),
                None,
            )
            added = [tile for tile in upcoming.meld.tiles if pon is None or tile not in pon.tiles]
            choices[seat] = Shouminkan(added[0] if added else upcoming.meld.tiles[-1])
        elif upcoming is None and any(win.seat == seat and win.discarder is None for win in wins):
            choices[seat] = Tsumo()
        elif upcoming is None and any(
            isinstance(r, DrawResult) and r.kind == "kyuushu_kyuuhai" for r in record.results
        ):
            choices[seat] = Kyuushu()
        else:
            choices[seat] = _placeholder(legal[seat], upcoming)
        return choices
    if phase is Phase.CLAIM and isinstance(upcoming, CallStep) and upcoming.seat in legal:
        meld = upcoming.meld
        tile = state.tile
        rest = tuple(t for t in meld.tiles if t != tile)
        if meld.type is MeldType.PON and len(rest) == 2:
            choices[upcoming.seat] = Pon((rest[0], rest[1]))
        elif meld.type is MeldType.CHI and len(rest) == 2:
            choices[upcoming.seat] = Chi((rest[0], rest[1]))
        elif meld.type is MeldType.DAIMINKAN:
            choices[upcoming.seat] = Daiminkan()
        return choices
    if upcoming is None:  # the log's last step: the hand ends on this tile
        for win in wins:
            if win.discarder == state.seat and win.seat in legal:
                choices[win.seat] = Ron()
        if any(isinstance(r, DrawResult) and r.kind == "sanchahou" for r in record.results):
            for seat, options in legal.items():
                if Ron() in options:
                    choices[seat] = Ron()
    return choices


def _placeholder(options: tuple[Action, ...], upcoming: Step | None) -> Action:
    """An action the engine refuses with a clear message, when the log's next step is not this seat's move."""
    return Discard(-1) if upcoming is not None else options[0]


def _consume(events: tuple[Event, ...], steps: list[Step], cursor: int) -> tuple[int, str | None]:
    """Match the engine's events to the logged steps, advancing the cursor; returns the first mismatch."""
    for event in events:
        expected = step_of(event)
        if expected is None:
            continue
        if cursor >= len(steps):
            return cursor, f"step {cursor}: the engine has {_describe(expected)} but the log's hand is over"
        logged = steps[cursor]
        if not _same_step(expected, logged):
            return cursor, f"step {cursor}: the log has {_describe(logged)}, the engine {_describe(expected)}"
        cursor += 1
    return cursor, None


def _same_step(engine: Step, logged: Step) -> bool:
    if isinstance(engine, CallStep) and isinstance(logged, CallStep):
        return (
            engine.seat == logged.seat
            and engine.meld.type is logged.meld.type
            and sorted(engine.meld.tiles) == sorted(logged.meld.tiles)
        )
    return engine == logged


def _describe(step: Step) -> str:
    if isinstance(step, DrawStep):
        return f"seat {step.seat} draws {format_tiles([step.tile])}"
    if isinstance(step, DiscardStep):
        return f"seat {step.seat} discards {format_tiles([step.tile])}" + (
            " with riichi" if step.riichi else ""
        )
    if isinstance(step, CallStep):
        return f"seat {step.seat} calls {step.meld.type.value} {format_tiles(step.meld.tiles)}"
    if isinstance(step, KitaStep | FlowerStep):
        return f"seat {step.seat} sets aside {format_tiles([step.tile])}"
    return f"dora indicator {format_tiles([step.indicator])}"


def _compare_results(events: list[Event], record: RoundRecord) -> list[str]:
    """Every way the engine's end of the hand differs from the logged one."""
    problems: list[str] = []
    wins = [event for event in events if isinstance(event, HandWon)]
    logged_wins = [result for result in record.results if isinstance(result, WinResult)]
    logged_draws = [result for result in record.results if isinstance(result, DrawResult)]
    if len(wins) != len(logged_wins):
        problems.append(f"winners: log {[w.seat for w in logged_wins]}, engine {[w.seat for w in wins]}")
        return problems
    for won, logged in zip(wins, logged_wins, strict=True):
        where = f"seat {logged.seat}'s win"
        value = won.value
        ours = {
            "winner": won.seat,
            "discarder": won.discarder,
            "han": value.han,
            "fu": value.fu,
            "yakuman": value.yakuman,
            "points": value.points,
            "yaku": sorted(value.yaku),
            "deltas": list(won.deltas),
            "pao": won.pao,
        }
        theirs = {
            "winner": logged.seat,
            "discarder": logged.discarder,
            "han": logged.han,
            "fu": logged.fu,
            "yakuman": logged.yakuman,
            "points": logged.points,
            "yaku": sorted(logged.yaku),
            "deltas": list(logged.deltas),
            "pao": logged.pao,
        }
        if value.yakuman or logged.fu == 0:
            # Fu of a yakuman do not count and logs disagree on what to print; 0 means the log has none (a
            # tenhou.net/6 result names only the limit of a mangan or more).
            ours.pop("fu")
            theirs.pop("fu")
        for key, mine in ours.items():
            if theirs[key] != mine:
                problems.append(f"{where}: {key} log {theirs[key]}, engine {mine}")
    ended = [event for event in events if isinstance(event, ExhaustiveDraw | AbortiveDraw)]
    if logged_draws and not ended:
        problems.append(f"the log ends in {logged_draws[0].kind}, the engine in a win")
    for event in ended:
        if not logged_draws:
            problems.append(f"the engine ends in a draw ({_draw_kind(event)}), the log in a win")
            continue
        logged_draw = logged_draws[0]
        if _draw_kind(event) != logged_draw.kind:
            problems.append(f"draw kind: log {logged_draw.kind}, engine {_draw_kind(event)}")
        if isinstance(event, ExhaustiveDraw):
            unknown = (
                logged_draw.kind == "nagashi_mangan" and not logged_draw.tenpai
            )  # not every format has it
            if not unknown and tuple(sorted(event.tenpai)) != tuple(sorted(logged_draw.tenpai)):
                problems.append(
                    f"tenpai seats: log {sorted(logged_draw.tenpai)}, engine {sorted(event.tenpai)}"
                )
            if logged_draw.deltas and tuple(event.deltas) != tuple(logged_draw.deltas):
                problems.append(f"draw payments: log {list(logged_draw.deltas)}, engine {list(event.deltas)}")
    return problems


def _draw_kind(event: ExhaustiveDraw | AbortiveDraw) -> str:
    if isinstance(event, AbortiveDraw):
        return event.kind
    return "nagashi_mangan" if event.nagashi else "exhaustive"
