"""Seating plans for local tournaments: who plays at which table each round, byes, house seats, the wind draw.

Pure and deterministic: every random choice comes from a ``random.Random`` seeded with a string built from the
tournament seed, so a schedule is the same on every run and every Python version.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

FILLS = ("house", "bye")
SEATINGS = ("balanced", "swiss")
TABLE_SIZES = (3, 4)
MIN_PARTICIPANTS, MAX_PARTICIPANTS = 3, 32
MIN_ROUNDS, MAX_ROUNDS = 1, 20

# Improvement passes over the whole balanced schedule after the round-by-round construction; a pass that
# changes nothing ends the search, so the limit only bounds the worst case.
_IMPROVEMENT_PASSES = 4
# Constructions tried (each from its own seeded order) until one reaches the lower bound of _ideal_cost; more
# rarely help, and each costs about 0.05 s at the largest setup (32 participants, 20 rounds).
_ATTEMPTS = 4


class ScheduleError(ValueError):
    """A schedule that cannot be made (one clear line for the user)."""


@dataclass(frozen=True)
class TablePlan:
    """One table of a round: the participant in each seat, seat 0 being the one who drew East."""

    table: int  # 1-based table number within the round
    seats: tuple[int | None, ...]  # participant per seat in seat order; None = house seat (unranked AI)

    @property
    def players(self) -> tuple[int, ...]:
        """The participants at the table (house seats left out), in seat order."""
        return tuple(seat for seat in self.seats if seat is not None)


@dataclass(frozen=True)
class RoundPlan:
    """Every table of one round and the participants who sit it out."""

    round: int  # 1-based
    tables: tuple[TablePlan, ...]
    byes: tuple[int, ...]  # participants sitting out, sorted


def check_setup(participants: int, table_size: int, rounds: int, fill: str, seating: str) -> None:
    """Raise ScheduleError (one line naming the bad value) unless the setup can be scheduled."""
    if not MIN_PARTICIPANTS <= participants <= MAX_PARTICIPANTS:
        raise ScheduleError(
            f"participants must be {MIN_PARTICIPANTS} to {MAX_PARTICIPANTS}, not {participants}"
        )
    if table_size not in TABLE_SIZES:
        raise ScheduleError(f"table size must be 3 or 4, not {table_size}")
    if not MIN_ROUNDS <= rounds <= MAX_ROUNDS:
        raise ScheduleError(f"rounds must be {MIN_ROUNDS} to {MAX_ROUNDS}, not {rounds}")
    if fill not in FILLS:
        raise ScheduleError(f"fill must be one of {', '.join(FILLS)}, not {fill!r}")
    if seating not in SEATINGS:
        raise ScheduleError(f"seating must be one of {', '.join(SEATINGS)}, not {seating!r}")
    if fill == "bye" and participants < table_size:
        raise ScheduleError(
            f"fill 'bye' needs at least {table_size} participants for one table, not {participants}"
        )


def first_round(participants: int, table_size: int, fill: str, seed: int) -> RoundPlan:
    """Round 1 (the same for both seatings)."""
    check_setup(participants, table_size, 1, fill, "balanced")
    byes = _choose_byes(_tie_order(participants, 1, seed), {}, _bye_count(participants, table_size, fill))
    playing = [p for p in _shuffled(range(participants), f"schedule-first:{seed}") if p not in byes]
    return _round_plan(1, _in_tables(playing, participants, table_size, fill), table_size, byes, seed)


def balanced_schedule(
    participants: int, table_size: int, rounds: int, fill: str, seed: int
) -> tuple[RoundPlan, ...]:
    """Every round of a balanced schedule.

    Byes go first, in rotation; then each round is built greedily and improved by swapping two participants
    between its tables while that lowers the cost of ``_Meetings``; the best of a few seeded attempts is kept.
    Round 1 stays as ``first_round`` made it.
    """
    check_setup(participants, table_size, rounds, fill, "balanced")
    first = first_round(participants, table_size, fill, seed)
    bye_count = _bye_count(participants, table_size, fill)
    byes_so_far = dict.fromkeys(range(participants), 0)
    all_byes = []
    for round_number in range(1, rounds + 1):
        byes = _choose_byes(_tie_order(participants, round_number, seed), byes_so_far, bye_count)
        all_byes.append(byes)
        for p in byes:
            byes_so_far[p] += 1
    humans = _table_humans(participants, table_size, fill)
    ideal = _ideal_cost(participants, humans, table_size, rounds)
    best: tuple[tuple[int, int, int], list[list[list[int]]]] | None = None
    for attempt in range(_ATTEMPTS):
        found = _balanced_tables(first, all_byes, humans, table_size, f"{seed}:{attempt}")
        if best is None or found[0] < best[0]:
            best = found
        if best[0][:2] <= ideal:
            break
    assert best is not None
    later = tuple(
        _round_plan(number, tables, table_size, byes, seed)
        for number, (tables, byes) in enumerate(zip(best[1][1:], all_byes[1:], strict=True), start=2)
    )
    return (first, *later)


def swiss_round(
    round_number: int,
    standing_order: Sequence[int],
    byes_so_far: Mapping[int, int],
    table_size: int,
    fill: str,
    seed: int,
) -> RoundPlan:
    """The tables of one swiss round (round_number >= 2) from the standings (participants best first).

    Byes go to those with the fewest byes so far, the lowest-standing first; the rest sit in standing order,
    the top ``table_size`` at table 1 and so on, and house seats fill the lowest tables.
    """
    participants = len(standing_order)
    check_setup(participants, table_size, round_number, fill, "swiss")
    if round_number < 2:
        raise ScheduleError(f"swiss round must be 2 or later (round 1 is first_round), not {round_number}")
    if sorted(standing_order) != list(range(participants)):
        raise ScheduleError(f"standings must list participants 0 to {participants - 1} once each")
    byes = _choose_byes(
        list(reversed(standing_order)), byes_so_far, _bye_count(participants, table_size, fill)
    )
    playing = [p for p in standing_order if p not in byes]
    tables = _in_tables(playing, participants, table_size, fill)
    return _round_plan(round_number, tables, table_size, byes, seed, keep_order=True)


def meeting_counts(rounds: Sequence[RoundPlan]) -> dict[tuple[int, int], int]:
    """How often each pair (a < b) of participants met at a table.

    Every pair of participants seen in the rounds (at a table or on a bye) is a key, with 0 if they never met.

    >>> meeting_counts([RoundPlan(1, (TablePlan(1, (2, None, 0, 1)),), (3,))])
    {(0, 1): 1, (0, 2): 1, (0, 3): 0, (1, 2): 1, (1, 3): 0, (2, 3): 0}
    """
    seen: set[int] = set()
    for plan in rounds:
        seen.update(plan.byes)
        for table in plan.tables:
            seen.update(table.players)
    everyone = sorted(seen)
    counts = {(a, b): 0 for i, a in enumerate(everyone) for b in everyone[i + 1 :]}
    for plan in rounds:
        for table in plan.tables:
            players = sorted(table.players)
            for i, a in enumerate(players):
                for b in players[i + 1 :]:
                    counts[a, b] += 1
    return counts


def draw_winds(seed: int, round_number: int, table: int, players: Sequence[int | None]) -> tuple[int, ...]:
    """The wind tile (0 East, 1 South, 2 West, 3 North) each of ``players`` draws, in their listed order."""
    winds = list(range(len(players)))
    random.Random(f"schedule-winds:{seed}:{round_number}:{table}").shuffle(winds)
    return tuple(winds)


def wind_draw(
    seed: int, round_number: int, table: int, players: Sequence[int | None]
) -> tuple[int | None, ...]:
    """The players in seat order after the wind-tile draw: players[i] takes the seat of the wind drawn."""
    seats: list[int | None] = [None] * len(players)
    for player, wind in zip(players, draw_winds(seed, round_number, table, players), strict=True):
        seats[wind] = player
    return tuple(seats)


def _balanced_tables(
    first: RoundPlan,
    all_byes: Sequence[tuple[int, ...]],
    humans: Sequence[int],
    table_size: int,
    seed_text: str,
) -> tuple[tuple[int, int, int], list[list[list[int]]]]:
    """One construction attempt: the cost reached and the members of every table of every round."""
    participants = sum(humans) + len(all_byes[0])  # the same number sit out every round
    house = [table_size - size for size in humans]
    meetings = _Meetings(participants, len(all_byes))
    all_tables = [[list(plan.players) for plan in first.tables]]
    for members, extra in zip(all_tables[0], house, strict=True):
        meetings.add_table(members, extra)
    for round_number, byes in enumerate(all_byes[1:], start=2):
        order = [
            p
            for p in _shuffled(range(participants), f"schedule-greedy:{seed_text}:{round_number}")
            if p not in byes
        ]
        tables = meetings.place_greedily(order, humans, house)
        meetings.improve_round(tables, house)
        all_tables.append(tables)
    for _ in range(_IMPROVEMENT_PASSES):
        changed = [meetings.improve_round(tables, house) for tables in all_tables[1:]]
        if not any(changed):
            break
    return meetings.cost, all_tables


def _ideal_cost(participants: int, humans: Sequence[int], table_size: int, rounds: int) -> tuple[int, int]:
    """A lower bound on (house squares, largest pair count): the most even exposures, the average meetings."""
    exposure = rounds * sum(size * (table_size - size) for size in humans)
    share, rest = divmod(exposure, participants)
    house_squares = rest * (share + 1) ** 2 + (participants - rest) * share**2
    meetings = rounds * sum(size * (size - 1) // 2 for size in humans)
    pairs = participants * (participants - 1) // 2
    return house_squares, -(-meetings // pairs)


def _bye_count(participants: int, table_size: int, fill: str) -> int:
    return participants % table_size if fill == "bye" else 0


def _table_humans(participants: int, table_size: int, fill: str) -> tuple[int, ...]:
    """Participants per table; house seats are spread evenly, the extra ones going to the last tables."""
    if fill == "bye":
        return (table_size,) * (participants // table_size)
    count = -(-participants // table_size)
    house, extra = divmod(count * table_size - participants, count)
    return tuple(table_size - house - (index >= count - extra) for index in range(count))


def _in_tables(playing: Sequence[int], participants: int, table_size: int, fill: str) -> list[list[int]]:
    """``playing`` cut into the round's tables in order, each as many as ``_table_humans`` seats there."""
    tables, start = [], 0
    for size in _table_humans(participants, table_size, fill):
        tables.append(list(playing[start : start + size]))
        start += size
    return tables


def _shuffled(items: range, seed_text: str) -> list[int]:
    order = list(items)
    random.Random(seed_text).shuffle(order)
    return order


def _tie_order(participants: int, round_number: int, seed: int) -> list[int]:
    """The seeded order that settles bye ties in a round: earlier participants sit out first."""
    return _shuffled(range(participants), f"schedule-byes:{seed}:{round_number}")


def _choose_byes(priority: Sequence[int], byes_so_far: Mapping[int, int], count: int) -> tuple[int, ...]:
    """The ``count`` participants with the fewest byes so far, ties going to the earlier in ``priority``."""
    # sorted() is stable, so ties keep their order in ``priority``.
    ranked = sorted(priority, key=lambda p: byes_so_far.get(p, 0))
    return tuple(sorted(ranked[:count]))


def _round_plan(
    round_number: int,
    tables: Sequence[Sequence[int]],
    table_size: int,
    byes: tuple[int, ...],
    seed: int,
    *,
    keep_order: bool = False,
) -> RoundPlan:
    plans = []
    for number, members in enumerate(tables, start=1):
        listed = list(members) if keep_order else sorted(members)
        players = (*listed, *[None] * (table_size - len(listed)))
        plans.append(TablePlan(number, wind_draw(seed, round_number, number, players)))
    return RoundPlan(round_number, tuple(plans), byes)


class _Meetings:
    """Pair meeting counts and house exposure of a schedule being built, with the cost the search lowers.

    The cost is (sum of squared house exposures, largest pair count, sum of squared pair counts), compared
    as a tuple; a participant's house exposure is the number of house seats at their tables over all rounds.
    House exposure comes first so that sitting with house seats rotates like the byes do.
    """

    def __init__(self, participants: int, rounds: int) -> None:
        self.pairs = [[0] * participants for _ in range(participants)]
        self.histogram = [0] * (rounds + 2)  # histogram[c] = number of pairs that met c times
        self.histogram[0] = participants * (participants - 1) // 2
        self.most = 0
        self.pair_squares = 0
        self.house_squares = 0
        self.exposure = [0] * participants

    @property
    def cost(self) -> tuple[int, int, int]:
        return (self.house_squares, self.most, self.pair_squares)

    def add_table(self, members: Sequence[int], house: int) -> None:
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                self._step(a, b, 1)
            self._expose(a, house)
        self._settle_most()

    def place_greedily(
        self, order: Sequence[int], humans: Sequence[int], house: Sequence[int]
    ) -> list[list[int]]:
        """Seat ``order`` one by one where each adds the least cost, and record the round's meetings."""
        tables: list[list[int]] = [[] for _ in humans]
        for p in order:
            row, seen = self.pairs[p], self.exposure[p]

            def added_cost(index: int, row: list[int] = row, seen: int = seen) -> tuple[int, int, int, int]:
                counts = [row[x] for x in tables[index]]
                extra = house[index]
                return (
                    2 * seen * extra + extra * extra,
                    max(counts, default=-1),
                    sum(2 * c + 1 for c in counts),
                    index,
                )

            best = min((i for i, size in enumerate(humans) if len(tables[i]) < size), key=added_cost)
            tables[best].append(p)
        for members, extra in zip(tables, house, strict=True):
            self.add_table(members, extra)
        return tables

    def improve_round(self, tables: list[list[int]], house: Sequence[int]) -> bool:
        """Swap participants between the round's tables while that lowers the cost; True if any moved."""
        changed_any, changed = False, True
        while changed:
            changed = False
            for ti in range(len(tables)):
                for tj in range(ti + 1, len(tables)):
                    for ia in range(len(tables[ti])):
                        for ib in range(len(tables[tj])):
                            if self._try_swap(tables[ti], tables[tj], ia, ib, house[tj] - house[ti]):
                                changed = changed_any = True
        return changed_any

    def _try_swap(self, here: list[int], there: list[int], ia: int, ib: int, house_gain: int) -> bool:
        """Swap here[ia] and there[ib] if that lowers the cost (``house_gain``: house seats here[ia] gets)."""
        a, b = here[ia], there[ib]
        house_delta = 2 * house_gain * (self.exposure[a] - self.exposure[b] + house_gain)
        if house_delta > 0:
            return False
        if house_delta == 0 and not self._lowers_pair_cost(a, b, here, there):
            return False
        for x in here:
            if x != a:
                self._step(a, x, -1)
                self._step(b, x, 1)
        for x in there:
            if x != b:
                self._step(b, x, -1)
                self._step(a, x, 1)
        self._expose(a, house_gain)
        self._expose(b, -house_gain)
        here[ia], there[ib] = b, a
        self._settle_most()
        return True

    def _lowers_pair_cost(self, a: int, b: int, here: list[int], there: list[int]) -> bool:
        """Whether swapping a (in ``here``) and b (in ``there``) lowers (largest pair count, pair squares)."""
        row_a, row_b, most = self.pairs[a], self.pairs[b], self.most
        delta = lost = gained = 0
        # a leaves ``here`` and b joins it; b leaves ``there`` and a joins it: pairs going down, then up.
        for leaving, joining, others in ((row_a, row_b, here), (row_b, row_a, there)):
            for x in others:
                if x in (a, b):
                    continue
                down, up = leaving[x], joining[x]
                if up >= most:
                    return False  # the largest count would grow
                delta += 2 * (up - down) + 2
                lost += down == most
                gained += up + 1 == most
        return delta < 0 or self.histogram[most] - lost + gained == 0

    def _step(self, a: int, b: int, step: int) -> None:
        old = self.pairs[a][b]
        new = old + step
        self.pairs[a][b] = self.pairs[b][a] = new
        self.histogram[old] -= 1
        self.histogram[new] += 1
        self.pair_squares += new * new - old * old
        self.most = max(self.most, new)

    def _expose(self, p: int, house: int) -> None:
        old = self.exposure[p]
        self.exposure[p] = old + house
        self.house_squares += (old + house) ** 2 - old * old

    def _settle_most(self) -> None:
        while self.most > 0 and self.histogram[self.most] == 0:
            self.most -= 1
