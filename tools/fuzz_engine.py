"""Engine fuzzing: long self-play over every preset with invariant checks after every engine step.

``python -m tools.fuzz_engine --hands 20000 [--seed S] [--jobs 2]`` plays whole matches (a mix of random and
greedy-shanten seats, so wins, riichi, calls and kans all happen) until that many hands are played, and prints
a summary; it exits non-zero on any failure, naming the match to rerun with ``--match PRESET:SEED``. The
checks (``TableChecker``) are shared with tests/game/test_playouts.py. Not part of the test run.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from game.bots import GreedySeat, RandomSeat
from game.seat import Seat
from game.table import Table
from game.view import HIDDEN, SeatView, advance_view, redact, view_for
from rules.actions import Action
from rules.events import (
    AbortiveDraw,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    FlowerRevealed,
    HandWon,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundEnded,
    RoundStarted,
    TileDiscarded,
    TileDrawn,
)
from rules.meld import MeldType
from rules.round import Phase, RoundState
from rules.ruleset import PRESET_NAMES, RuleSet, preset
from rules.wall import HAND_SIZE, dead_wall_size, rinshan_slots, tile_set


class InvariantError(AssertionError):
    """An engine or table invariant that does not hold; the message says which and where."""


def _fail(where: str, message: str) -> InvariantError:
    return InvariantError(f"{where}: {message}")


# --- checks on one state ------------------------------------------------------------------------------------


def concealed_tiles(state: RoundState, seat: int) -> tuple[int, ...]:
    """A seat's tiles nobody else may see: its hand, less a kan it announced (which is public)."""
    hand = state.players[seat].hand
    tile = state.tile
    if state.kan_kind is not None and seat == state.seat and tile is not None:
        if state.kan_kind is MeldType.SHOUMINKAN:
            return tuple(t for t in hand if t != tile)
        return tuple(t for t in hand if t >> 2 != tile >> 2)
    return hand


def unseen_wall(state: RoundState) -> list[int]:
    """The wall's tiles not yet dealt or drawn (live draws and replacement draws taken by position)."""
    wall = state.wall
    size = wall.size
    first_undrawn = HAND_SIZE * state.n + state.draws  # the deal and the live draws come from the front
    dead = size - dead_wall_size(wall.flowers)
    slots = rinshan_slots(wall.flowers)
    taken = set()
    for index in range(state.replacements):
        moved = index - slots
        taken.add(dead + index if moved < 0 else dead - 1 - moved)
    return [
        tile
        for position, tile in enumerate(wall.tiles[first_undrawn:], first_undrawn)
        if position not in taken
    ]


def check_state(state: RoundState, where: str = "") -> None:
    """Tiles accounted for exactly once, points and sticks conserved, hand sizes right."""
    n = state.n
    rules = state.rules
    held: list[int] = []
    for player in state.players:
        held.extend(player.hand)
        for meld in player.melds:
            held.extend(meld.tiles)
        held.extend(river_tile.tile for river_tile in player.river if not river_tile.called)
        held.extend(player.kita)
        held.extend(player.flowers)
    held.extend(unseen_wall(state))
    every_tile = tile_set(n, rules.flowers)
    if sorted(held) != list(every_tile):
        everything, expected = Counter(held), Counter(every_tile)
        extra = sorted((everything - expected).elements())
        missing = sorted((expected - everything).elements())
        raise _fail(where, f"tiles not accounted for exactly once: twice {extra[:8]}, missing {missing[:8]}")
    total = sum(state.scores) + 1000 * state.riichi_sticks
    if total != n * rules.start_points:
        raise _fail(where, f"points plus sticks are {total}, not {n * rules.start_points}")
    if state.tiles_left < 0:
        raise _fail(where, f"{state.tiles_left} tiles left")
    sizes = [len(player.hand) + 3 * len(player.melds) for player in state.players]
    if state.phase is Phase.ENDED:
        if any(size not in (13, 14) for size in sizes) or sizes.count(14) > 1:
            raise _fail(where, f"hand sizes {sizes} at the end of the hand")
        return
    on_turn = state.seat if state.phase in (Phase.TURN, Phase.AFTER_CALL, Phase.CHANKAN) else None
    for seat, size in enumerate(sizes):
        expected_size = 14 if seat == on_turn else 13
        if size != expected_size:
            raise _fail(where, f"seat {seat} holds {size} tiles (3n+{size % 3}) in phase {state.phase.value}")


def view_tiles(view: SeatView) -> set[int]:
    """Every tile id a view shows."""
    tiles = set(view.hand) | set(view.dora_indicators)
    for player in view.players:
        tiles.update(player.kita)
        tiles.update(player.flowers)
        tiles.update(river_tile.tile for river_tile in player.river)
        for meld in player.melds:
            tiles.update(meld.tiles)
    tiles.update(tile for tile in (view.drawn, view.claimable) if tile is not None)
    return tiles


def event_tiles(event: Event) -> set[int]:
    """Every tile id an event shows, besides the hands revealed at the end of a hand (checked apart)."""
    if isinstance(event, RoundStarted):
        return {tile for hand in event.hands for tile in hand} | {event.dora_indicator}
    if isinstance(event, TileDrawn | TileDiscarded | KitaDeclared | FlowerRevealed):
        return {event.tile} - {HIDDEN}
    if isinstance(event, MeldCalled):
        return set(event.meld.tiles)
    if isinstance(event, DoraRevealed):
        return {event.indicator}
    if isinstance(event, HandWon):  # the winner's hand and winning tile are public
        return {*event.ura_indicators, *(tile for meld in event.melds for tile in meld.tiles)}
    return set()


_PUBLIC_FIELDS = tuple(
    field.name for field in dataclasses.fields(SeatView) if field.name not in ("waits", "furiten")
)


def public_part(view: SeatView) -> tuple[object, ...]:
    """A view's fields but the engine-derived private ones (waits, furiten), for comparisons."""
    return tuple(getattr(view, name) for name in _PUBLIC_FIELDS)


def check_view(view: SeatView, state: RoundState, seat: int, where: str) -> None:
    """The view holds exactly the seat's own concealed tiles and nothing concealed by another seat."""
    own = concealed_tiles(state, seat)
    if sorted(view.hand) != sorted(own):
        raise _fail(where, f"seat {seat}'s view holds {sorted(view.hand)}, its hand is {sorted(own)}")
    others = {tile for other in range(state.n) if other != seat for tile in concealed_tiles(state, other)}
    leaked = view_tiles(view) & others
    if leaked:
        raise _fail(where, f"seat {seat}'s view shows other seats' concealed tiles {sorted(leaked)}")


def check_redacted(shown: Event, event: Event, state: RoundState, seat: int, where: str) -> None:
    """A redacted event hides others' dealt hands and draws and shows nothing another seat conceals."""
    if isinstance(shown, RoundStarted):
        hidden = [other for other, hand in enumerate(shown.hands) if other != seat and hand]
        if hidden or not isinstance(event, RoundStarted) or shown.hands[seat] != event.hands[seat]:
            raise _fail(where, f"seat {seat} sees the deal as {shown.hands}")
    elif isinstance(shown, TileDrawn) and shown.seat != seat and shown.tile != HIDDEN:
        raise _fail(where, f"seat {seat} sees seat {shown.seat}'s draw")
    elif isinstance(shown, ExhaustiveDraw):
        shown_hands = [other for other, hand in enumerate(shown.hands) if hand]
        if any(other not in shown.tenpai for other in shown_hands):
            raise _fail(where, f"a noten hand is shown at the draw: {shown.hands}")
    elif isinstance(shown, AbortiveDraw) and shown.hand and shown.kind != "kyuushu_kyuuhai":
        raise _fail(where, f"a hand is shown at the abortive draw {shown.kind}")
    elif isinstance(shown, HandWon):
        winner = state.players[shown.seat].hand
        expected = winner if shown.discarder is None else tuple(sorted((*winner, shown.win_tile)))
        if shown.hand != expected:
            raise _fail(where, f"seat {shown.seat} wins showing {shown.hand}, it holds {expected}")
    if shown != event and not isinstance(shown, RoundStarted | TileDrawn):
        raise _fail(where, f"seat {seat} sees {type(event).__name__} changed")
    others = {tile for other in range(state.n) if other != seat for tile in concealed_tiles(state, other)}
    if not isinstance(shown, RoundStarted | TileDrawn):  # deals and draws: shown by seat above
        leaked = event_tiles(shown) & others
        if leaked:
            raise _fail(
                where, f"seat {seat} is shown concealed tiles {sorted(leaked)} in {type(shown).__name__}"
            )


# --- checks on a running table ---------------------------------------------------------------------------


class ObservedSeat:
    """Wraps a seat and keeps the events the table shows it, for the checker."""

    def __init__(self, inner: Seat) -> None:
        self.inner = inner
        self.pending: list[Event] = []
        self.crashes: list[
            str
        ] = []  # the table replaces a crashed decision by safe play: still a failure here

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The wrapped seat's answer (a crash is noted, then passed on to the table)."""
        try:
            return self.inner.decide(view, legal)
        except Exception as error:
            self.crashes.append("".join(traceback.format_exception_only(error)).strip())
            raise

    def observe(self, event: Event) -> None:
        """Keep the event, then pass it on."""
        self.pending.append(event)
        self.inner.observe(event)


class TableChecker:
    """After every engine step of a table: the state's invariants, each seat's redacted events, and the view
    rebuilt from those events against ``view_for`` (public fields); after every hand, the match's points."""

    def __init__(self, table: Table, seats: list[ObservedSeat]) -> None:
        self.table = table
        self.seats = seats
        self.views: list[SeatView | None] = [None] * len(seats)
        self.steps = 0
        self.outcomes: Counter[str] = Counter()
        table.subscribe_engine(self.after_step)

    @classmethod
    def build(cls, rules: RuleSet, bots: list[Seat], seed: int) -> TableChecker:
        """A table of ``bots`` with every check attached."""
        seats = [ObservedSeat(bot) for bot in bots]
        return cls(Table(rules, seats, seed), seats)

    def after_step(self, events: tuple[Event, ...], state: RoundState) -> None:
        """Run every check on one engine step."""
        self.steps += 1
        match = self.table.match
        where = f"hand {match.hands_played} ({state.rules.name}, seed {self.table.seed}), step {self.steps}"
        check_state(state, where)
        if sum(match.scores) + 1000 * match.riichi_sticks != state.n * state.rules.start_points:
            raise _fail(
                where, f"the match's points {match.scores} and {match.riichi_sticks} sticks do not add up"
            )
        for seat, observed in enumerate(self.seats):
            shown_events, observed.pending = observed.pending, []
            if len(shown_events) != len(events):
                raise _fail(where, f"seat {seat} was shown {len(shown_events)} of {len(events)} events")
            view = self.views[seat]
            for shown, event in zip(shown_events, events, strict=True):
                if shown != redact(event, seat):
                    raise _fail(where, f"seat {seat} was shown {shown}, not its redaction of {event}")
                check_redacted(shown, event, state, seat, where)
                view = advance_view(view, shown, seat)
            assert view is not None
            expected = view_for(state, seat)
            if public_part(view) != public_part(expected):
                raise _fail(where, f"seat {seat}'s view rebuilt from events differs:\n{view}\n{expected}")
            check_view(expected, state, seat, where)
            self.views[seat] = view
        self._count(events)

    def _count(self, events: tuple[Event, ...]) -> None:
        wins = [event for event in events if isinstance(event, HandWon)]
        if len(wins) > 1:
            self.outcomes["multiple ron"] += 1
        for event in events:
            if isinstance(event, HandWon):
                self.outcomes["tsumo" if event.discarder is None else "ron"] += 1
                names = {name for name, _ in event.value.yaku}
                for name in ("chankan", "rinshan", "haitei", "houtei", "ippatsu", "double_riichi", "flower"):
                    if name in names:
                        self.outcomes[f"win with {name}"] += 1
                if event.value.yakuman:
                    self.outcomes["yakuman"] += 1
                if event.pao is not None:
                    self.outcomes["pao"] += 1
            elif isinstance(event, ExhaustiveDraw):
                self.outcomes["nagashi mangan" if event.nagashi else "exhaustive draw"] += 1
            elif isinstance(event, AbortiveDraw):
                self.outcomes[event.kind] += 1
            elif isinstance(event, RiichiAccepted):
                self.outcomes["riichi"] += 1
            elif isinstance(event, MeldCalled):
                self.outcomes[event.meld.type.value] += 1
            elif isinstance(event, KitaDeclared):
                self.outcomes["kita"] += 1
            elif isinstance(event, FlowerRevealed):
                self.outcomes["flower"] += 1
            elif isinstance(event, RoundEnded):
                self.outcomes["hands"] += 1


# --- the fuzz run ------------------------------------------------------------------------------------------

GREEDY_SHARE = 0.75


def match_bots(rules: RuleSet, seed: int) -> list[Seat]:
    """A fuzz match's seats: mostly greedy-shanten players, some random ones, all seeded from ``seed``."""
    rng = random.Random(seed)
    bots: list[Seat] = []
    for _ in range(rules.players):
        bot_seed = rng.getrandbits(32)
        bots.append(GreedySeat(bot_seed) if rng.random() < GREEDY_SHARE else RandomSeat(bot_seed))
    return bots


@dataclass(frozen=True)
class MatchReport:
    """What one fuzz match gave: its name, hands and outcome counts, and the failure if there was one."""

    name: str
    hands: int
    outcomes: Counter[str]
    failure: str | None


def play_match(name: str, seed: int) -> MatchReport:
    """Play one checked match of preset ``name`` from ``seed``."""
    rules = preset(name)
    checker = TableChecker.build(rules, match_bots(rules, seed), seed)
    try:
        checker.table.run()
        crashes = [crash for seat in checker.seats for crash in seat.crashes]
        if crashes:
            raise InvariantError(f"a seat crashed deciding ({len(crashes)} times), first: {crashes[0]}")
    except Exception as error:
        detail = "".join(traceback.format_exception_only(error)).strip()
        where = traceback.extract_tb(error.__traceback__)[-1]
        failure = f"{detail} (at {where.filename}:{where.lineno})"
        return MatchReport(f"{name}:{seed}", checker.outcomes["hands"], checker.outcomes, failure)
    return MatchReport(f"{name}:{seed}", checker.outcomes["hands"], checker.outcomes, None)


def _matches(seed: int) -> Iterator[tuple[str, int]]:
    """Every preset in turn, each match with its own seed."""
    index = 0
    while True:
        yield PRESET_NAMES[index % len(PRESET_NAMES)], seed * 1_000_003 + index
        index += 1


def fuzz(hands: int, seed: int, jobs: int) -> tuple[int, Counter[str], list[MatchReport]]:
    """Play matches until ``hands`` hands are done; returns the hands, outcome counts and failed matches."""
    total = 0
    outcomes: Counter[str] = Counter()
    failures: list[MatchReport] = []
    specs = _matches(seed)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: set[Future[MatchReport]] = {pool.submit(play_match, *next(specs)) for _ in range(jobs * 4)}
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                report = future.result()
                total += report.hands
                outcomes.update(report.outcomes)
                if report.failure is not None:
                    failures.append(report)
            # every running match adds at least one hand
            while total + len(running) < hands and len(running) < jobs * 4:
                running.add(pool.submit(play_match, *next(specs)))
    return total, outcomes, failures


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz_engine", description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000, help="hands to play at least (default 20000)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--match", help="rerun one match, PRESET:SEED as printed for a failure")
    args = parser.parse_args(argv)
    if args.match:
        name, _, seed_text = args.match.rpartition(":")
        if name not in PRESET_NAMES or not seed_text.lstrip("-").isdigit():
            parser.error(f"--match needs PRESET:SEED with a preset of {', '.join(PRESET_NAMES)}")
        report = play_match(name, int(seed_text))
        print(f"match {report.name}: {report.hands} hands, {report.failure or 'ok'}")
        return 1 if report.failure else 0
    started = time.perf_counter()
    total, outcomes, failures = fuzz(args.hands, args.seed, max(1, args.jobs))
    elapsed = time.perf_counter() - started
    for name, count in sorted(outcomes.items()):
        print(f"  {name}: {count}")
    for report in failures:
        rerun = f"python -m tools.fuzz_engine --match {report.name}"
        print(f"FAILED match {report.name} (rerun: {rerun}): {report.failure}")
    status = "FAILED" if failures else "ok"
    summary = f"{total} hands, {len(failures)} failed matches, {elapsed:.0f} s, seed {args.seed}"
    print(f"fuzz_engine: {status}: {summary}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
