"""Drills: practice puzzles taken from real hands, the same for the same (kind, seed, level, index).

Each puzzle comes from hands the engine deals from a seeded wall and AI seats play forward, one hand per try,
until a position of the kind and level asked for turns up: a turn worth asking what to discard, a tenpai hand
whose waits to name, a turn against one or two riichi for the safest tile, or a real win to score or count
the fu of. The strong AI judges each position: a coach (``game.coach``) shadows every seat, and its choice
and danger estimates are the answers. The hands themselves are played by the ``PLAYER_LEVEL`` AI: a puzzle
may take a few hands to find (a win of a given difficulty, two riichi at once), and the strong AI's
look-ahead plays a hand about ten times slower, too slow for twenty puzzles in a few seconds.
``generate`` is what the ``drill`` command prints and what a drills screen shows.

Tiles are written in mpsz (``5m``, ``0p`` a red five, ``1z``-``7z`` E S W N haku hatsu chun); melds as the
score command reads them (``{"type", "tiles", "from", "called"}``, ``from`` 1 right, 2 opposite, 3 left).
A safe puzzle counts seats from the player the same way (its rivers: 0 own, 1 right, ...); a river lists its
discards in order, the riichi declaration tile marked with a trailing ``*``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import create_ai
from game.ai.danger import threats
from game.ai.hand import counts_of, unseen_counts, visible_counts
from game.calculator import score_request, score_value, value_json
from game.coach import Coach, tile_danger
from game.seat import Seat
from game.table import Table, derive_seed
from game.view import Phase, SeatView
from rules.actions import Action, Discard, Tsumo
from rules.decomposition import regular_readings
from rules.events import Event, HandWon
from rules.meld import Meld, MeldType
from rules.round import RoundState
from rules.ruleset import RuleSet, preset
from rules.scoring import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, HandValue
from rules.shanten import discard_options, waits
from rules.tiles import KIND_COUNT, WIND_LETTERS, format_tiles, is_red, kind_name, parse_kinds

KINDS = ("discard", "score", "waits", "safe", "fu")
"""The drills, as the ``drill`` command names them."""
LEVELS = (1, 2, 3)
MAX_COUNT = 1000
HANDS_PER_PUZZLE = 400  # hands tried for one puzzle before giving up (a few are enough at every level)
PLAYER_LEVEL = "normal"
"""The AI level that plays the drill hands forward (see the module docstring)."""

_TURN_PHASES = (Phase.TURN, Phase.AFTER_CALL)
# each position that fits is taken with this chance by level, so puzzles come from any turn of a hand (but
# the rarer ones as soon as they come)
_CHANCE = {"discard": (0.3, 0.3, 0.5), "safe": (0.5, 0.5, 1.0), "waits": (0.25, 0.5, 1.0)}

Puzzle = dict[str, Any]


class DrillError(ValueError):
    """Arguments no drill can be made of, or no position found for one (the message is one line)."""


@dataclass(frozen=True)
class Found:
    """One puzzle and where it came from: the hand's ``game_seed`` (see ``drill_table``), the table's answers
    before the position (``actions``, for ``Table.restore``) and the seat whose decision or hand it is."""

    puzzle: Puzzle
    game_seed: int
    actions: tuple[tuple[int, Action], ...]
    seat: int


def generate(kind: str, count: int, seed: int, level: int = 1, rules: RuleSet | None = None) -> list[Puzzle]:
    """``count`` puzzles of ``kind`` at ``level`` for ``seed``: puzzle i is ``find(kind, seed, level, i)``, so
    a longer list starts with a shorter one. DrillError for bad arguments or a puzzle not found."""
    if not 1 <= count <= MAX_COUNT:
        raise DrillError(f"count must be 1 to {MAX_COUNT}, got {count}")
    return [find(kind, seed, level, index, rules).puzzle for index in range(count)]


def find(kind: str, seed: int, level: int, index: int, rules: RuleSet | None = None) -> Found:
    """The ``index``-th puzzle of ``kind`` at ``level`` for ``seed`` (rules: the standard preset)."""
    if kind not in KINDS:
        raise DrillError(f"unknown drill {kind!r} (expected one of {', '.join(KINDS)})")
    if level not in LEVELS:
        raise DrillError(f"level must be 1, 2 or 3, got {level}")
    if seed < 0 or index < 0:
        raise DrillError("seed and index must be whole numbers >= 0")
    rules = rules if rules is not None else preset("standard")
    for attempt in range(HANDS_PER_PUZZLE):
        game_seed = derive_seed("drill", kind, seed, level, index, attempt)
        found = _Hunt(kind, level, rules, game_seed).run()
        if found is not None:
            return found
    raise DrillError(f"no {kind} puzzle of level {level} found in {HANDS_PER_PUZZLE} hands (seed {seed})")


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of a drill table's AI at ``seat`` (and of the coach shadowing it)."""
    return derive_seed(game_seed, "seat", seat)


def drill_table(rules: RuleSet, game_seed: int, seats: Sequence[Seat]) -> Table:
    """A table for one drill hand: its wall from ``game_seed``, and a start drawn from it too (round wind,
    dealer, honba and scores vary, so puzzles are not all East 1 at even scores)."""
    table = Table(rules, seats, game_seed)
    rng = random.Random(derive_seed(game_seed, "start"))
    players = rules.players
    scores = list(table.match.scores)
    for _ in range(rng.randrange(6)):
        payer, payee = rng.sample(range(players), 2)
        amount = min(scores[payer], rng.choice((1000, 2000, 3900, 5200, 8000, 12000)))
        scores[payer] -= amount
        scores[payee] += amount
    table.match = dataclasses.replace(
        table.match,
        round_wind=rng.choice((0, 0, 1)),
        kyoku=rng.randrange(players),
        honba=rng.choice((0, 0, 0, 1, 2)),
        scores=tuple(scores),
    )
    return table


class _DrillSeat:
    """A seat of a drill table: an AI plays it, a strong coach shadows it when the hunt asks the strong AI
    about turns, and the hunt may stop it at a turn (it then answers None, which holds the table there)."""

    def __init__(self, hunt: _Hunt, seat: int, level: str) -> None:
        seed = seat_seed(hunt.game_seed, seat)
        self.hunt = hunt
        self.seat = seat
        self.coach = Coach(hunt.rules, seed)
        self.player: Seat = self.coach.ai if level == "strong" else create_ai(level, hunt.rules, seed)
        self.coached = hunt.at_turn is not None or self.player is self.coach.ai

    def observe(self, event: Event) -> None:
        """Show the event to the AI and to the coach (once when they are one; not at all when unasked)."""
        if self.coached:
            self.coach.observe(event)
        if self.player is not self.coach.ai:
            self.player.observe(event)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The AI's answer, unless the hunt takes this turn as its puzzle."""
        if self.hunt.found is None and self.hunt.at_turn is not None and view.phase in _TURN_PHASES:
            self.hunt.at_turn(self, view, legal)
        if self.hunt.found is not None:
            return None
        return self.player.decide(view, legal)


class _Hunt:
    """One hand played looking for a puzzle of one kind and level."""

    def __init__(self, kind: str, level: int, rules: RuleSet, game_seed: int) -> None:
        self.kind = kind
        self.level = level
        self.rules = rules
        self.game_seed = game_seed
        self.rng = random.Random(derive_seed(game_seed, "pick"))
        self.found: Found | None = None
        self.table: Table | None = None
        self.before: RoundState | None = None  # the engine state before the step being observed
        self.at_turn: Callable[[_DrillSeat, SeatView, tuple[Action, ...]], None] | None = {
            "discard": self._discard_turn,
            "safe": self._safe_turn,
        }.get(kind)

    def run(self) -> Found | None:
        """Play the hand until the puzzle is found (or the hand ends without one)."""
        seats = [_DrillSeat(self, seat, PLAYER_LEVEL) for seat in range(self.rules.players)]
        table = self.table = drill_table(self.rules, self.game_seed, seats)
        if self.kind in ("score", "fu", "waits"):
            table.subscribe_engine(self._engine_step)
        while self.found is None and not table.finished and table.match.hands_played < 1:
            table.step(max_steps=1)
        return self.found

    def _take(self) -> bool:
        """Whether to take a position that fits (drawn from the hunt's own generator)."""
        return self.rng.random() < _CHANCE[self.kind][self.level - 1]

    def _keep(self, puzzle: Puzzle, seat: int) -> None:
        assert self.table is not None
        self.found = Found(puzzle, self.game_seed, tuple(self.table.actions), seat)

    # --- what to discard ---------------------------------------------------------------------------------

    def _discard_turn(self, seat: _DrillSeat, view: SeatView, legal: tuple[Action, ...]) -> None:
        if view.players[view.seat].riichi or any(isinstance(action, Tsumo) for action in legal):
            return
        kinds = sorted({action.tile >> 2 for action in legal if isinstance(action, Discard)})
        if len(kinds) < 2:
            return
        options = own_discard_options(view, kinds)
        if not _discard_fits(options, self.level, _riichi_seats(view)) or not self._take():
            return
        advice = seat.coach.advise(view, legal)
        if not isinstance(advice.choice, Discard):
            return
        table = []
        ordered = sorted(options, key=lambda option: (option[1], -option[2], option[0]))
        for kind, shanten, ukeire, tiles in ordered:
            table.append(
                {
                    "discard": held_name(view.hand, kind, self.rules),
                    "shanten": shanten,
                    "ukeire": ukeire,
                    "ukeire_tiles": [kind_name(tile) for tile in tiles],
                }
            )
        first = ordered[0]
        best = [held_name(view.hand, kind, self.rules) for kind, s, u, _ in ordered if (s, u) == first[1:3]]
        puzzle = {
            "hand": format_tiles(view.hand, self.rules.red_fives),
            "melds": [meld_json(meld, self.rules) for meld in view.players[view.seat].melds],
            "dora_indicators": format_tiles(view.dora_indicators, self.rules.red_fives),
            "seat_wind": WIND_LETTERS[view.seat_wind],
            "round_wind": WIND_LETTERS[view.round_wind],
            "options": table,
            "best": best,
            "ai_choice": tile_name(advice.choice.tile, self.rules),
        }
        self._keep(puzzle, view.seat)

    # --- which tile is safe ------------------------------------------------------------------------------

    def _safe_turn(self, seat: _DrillSeat, view: SeatView, legal: tuple[Action, ...]) -> None:
        riichi = _riichi_seats(view)
        if view.players[view.seat].riichi or len(riichi) != (2 if self.level == 3 else 1):
            return
        if any(isinstance(action, Tsumo) for action in legal):
            return
        kinds = sorted({action.tile >> 2 for action in legal if isinstance(action, Discard)})
        ranking = safe_ranking(view, kinds, seat.coach, self.rules)
        reasons = [entry["reason"] for entry in ranking]
        if len({entry["danger"] for entry in ranking}) < 3:
            return  # nothing to tell apart
        if self.level == 1 and "genbutsu" not in reasons:
            return
        if self.level == 2 and ("genbutsu" in reasons or not {"suji", "kabe", "one_chance"} & set(reasons)):
            return
        if not self._take():
            return
        n = view.n
        puzzle = {
            "hand": format_tiles(view.hand, self.rules.red_fives),
            "rivers": [_river(view, (view.seat + offset) % n, self.rules) for offset in range(n)],
            "riichi": [(other - view.seat) % n for other in riichi],
            "dora_indicators": format_tiles(view.dora_indicators, self.rules.red_fives),
            "ranking": ranking,
        }
        self._keep(puzzle, view.seat)

    # --- waits, score and fu: from what the engine shows -------------------------------------------------

    def _engine_step(self, events: tuple[Event, ...], state: RoundState) -> None:
        before, self.before = self.before, state
        if self.found is not None:
            return
        if self.kind == "waits":
            if state.phase in _TURN_PHASES and len(state.players[state.seat].hand) % 3 == 2:
                self._waits_turn(state)
            return
        wins = [event for event in events if isinstance(event, HandWon)]
        if before is None or not wins:
            return
        for number, win in enumerate(wins):
            request = win_request(win, before, self.rules, first=number == 0)
            if request is None:
                continue
            puzzle = self._score_puzzle(request, win.value) if self.kind == "score" else None
            if self.kind == "fu":
                puzzle = self._fu_puzzle(request, win)
            if puzzle is not None:
                self._keep(puzzle, win.seat)
                return

    def _waits_turn(self, state: RoundState) -> None:
        player = state.players[state.seat]
        counts = [0] * KIND_COUNT
        for tile in player.hand:
            counts[tile >> 2] += 1
        held = player.held_counts()
        three_player = self.rules.three_player
        for kind in range(KIND_COUNT):
            if not counts[kind]:
                continue
            counts[kind] -= 1
            held[kind] -= 1
            found = waits(counts, three_player=three_player, held=held)
            fits = bool(found) and waits_level(counts, found) == self.level
            counts[kind] += 1
            held[kind] += 1
            if not fits or not self._take():
                continue
            rest = list(player.hand)
            rest.remove(held_tile(player.hand, kind, self.rules))
            puzzle = {
                "hand": format_tiles(rest, self.rules.red_fives),
                "melds": [meld_json(meld, self.rules) for meld in player.melds],
                "waits": [kind_name(wait) for wait in found],
            }
            self._keep(puzzle, state.seat)
            return

    def _score_puzzle(self, request: dict[str, Any], value: HandValue) -> Puzzle | None:
        if score_level(value, request) != self.level:
            return None
        return {"request": request, "answer": score_request(request)}

    def _fu_puzzle(self, request: dict[str, Any], win: HandWon) -> Puzzle | None:
        if win.value.yakuman:
            return None
        items = fu_items(request, win.value)
        if items is None or fu_level(items) != self.level:
            return None
        return {"request": request, "fu": win.value.fu, "items": [[name, fu] for name, fu in items]}


# --- discard options ---------------------------------------------------------------------------------------


def own_discard_options(view: SeatView, kinds: Sequence[int]) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """(kind, shanten, ukeire, live improving kinds) of each discard of ``kinds`` by ``rules.shanten``'s
    count: ukeire copies are those not in the hand nor visible anywhere in the position."""
    counts = [0] * KIND_COUNT
    for tile in view.hand:
        counts[tile >> 2] += 1
    elsewhere = [seen - held for seen, held in zip(visible_counts(view), counts, strict=True)]
    three_player = view.n == 3
    found = []
    for option in discard_options(counts, elsewhere, three_player=three_player):
        if option.discard in kinds:
            live = tuple(kind for kind, copies in option.ukeire if copies > 0)
            found.append((option.discard, option.shanten, option.total, live))
    return found


def _discard_fits(
    options: Sequence[tuple[int, int, int, tuple[int, ...]]], level: int, riichi: Sequence[int]
) -> bool:
    """Whether a turn's discard options make a puzzle of ``level``: one or two discards are the widest (three
    at level 3). Level 1: tenpai or 1-shanten, no riichi, any other discard that keeps the shanten at most
    60% as wide. Levels 2 and 3 have a narrower discard at the best shanten too; level 2: 1 or 2-shanten, no
    riichi, three or more discards within 80% of the widest; level 3: a riichi on the table, 3-shanten or
    worse, or 2-shanten without such close options."""
    best_shanten = min(shanten for _, shanten, _, _ in options)
    at_best = sorted((ukeire for _, shanten, ukeire, _ in options if shanten == best_shanten), reverse=True)
    widest = at_best[0]
    runner_up = next((ukeire for ukeire in at_best if ukeire < widest), None)
    if at_best.count(widest) > (3 if level == 3 else 2):
        return False
    if level == 1:
        return not riichi and best_shanten <= 1 and (runner_up is None or runner_up <= 0.6 * widest)
    if runner_up is None:
        return False
    close = sum(1 for ukeire in at_best if ukeire >= 0.8 * widest)
    if level == 2:
        return not riichi and best_shanten in (1, 2) and close >= 3
    return bool(riichi) or best_shanten >= 3 or (best_shanten == 2 and close < 3)


def _riichi_seats(view: SeatView) -> list[int]:
    return [seat for seat, player in enumerate(view.players) if seat != view.seat and player.riichi]


# --- safe tiles --------------------------------------------------------------------------------------------


def safe_ranking(view: SeatView, kinds: Sequence[int], coach: Coach, rules: RuleSet) -> list[dict[str, Any]]:
    """Every kind of ``kinds`` with the coach's danger against the riichi seats (``tile_danger``'s chance,
    rounded to 4 places) and its reason, safest first."""
    unseen = unseen_counts(view)
    riichi = set(_riichi_seats(view))
    found = [threat for threat in threats(view, coach.ai.memory) if threat.seat in riichi]
    held = counts_of(view.hand)
    entries = []
    for kind in kinds:
        danger = tile_danger(kind, found, unseen, held)
        entry = {"tile": held_name(view.hand, kind, rules), "danger": round(danger.chance, 4)}
        entries.append((entry["danger"], kind, {**entry, "reason": danger.reason}))
    return [entry for _, _, entry in sorted(entries, key=lambda item: item[:2])]


def _river(view: SeatView, seat: int, rules: RuleSet) -> list[str]:
    """A seat's discards in order; the riichi declaration tile is marked with a trailing ``*``."""
    return [
        tile_name(river_tile.tile, rules) + ("*" if river_tile.riichi else "")
        for river_tile in view.players[seat].river
    ]


# --- wins --------------------------------------------------------------------------------------------------


def win_request(
    win: HandWon, before: RoundState, rules: RuleSet, *, first: bool = True
) -> dict[str, Any] | None:
    """The score command's request for a win, from the engine state it was won in (``first``: the first of
    a multiple ron, who takes the honba and the sticks); None unless the score command's answer is exactly
    the engine's value (a situation the command cannot express, such as paarenchan)."""
    player = before.players[win.seat]
    tsumo = win.discarder is None
    first_turn = before.uninterrupted and player.discards == 0
    dealer = win.seat == before.dealer
    flags = {
        "tsumo": tsumo,
        "riichi": player.riichi == 1,
        "double_riichi": player.riichi == 2,
        "ippatsu": player.ippatsu and rules.ippatsu,
        "haitei": tsumo and not before.rinshan_turn and before.tiles_left <= 0,
        "houtei": not tsumo and before.phase is Phase.CLAIM and before.tiles_left <= 0,
        "rinshan": tsumo and before.rinshan_turn,
        "chankan": before.phase is Phase.CHANKAN,
        "tenhou": tsumo and first_turn and dealer and not before.rinshan_turn,
        "chiihou": tsumo and first_turn and not dealer and not before.rinshan_turn,
        "renhou": not tsumo and first_turn and not dealer and rules.renhou != "off",
    }
    honba = before.honba if first or rules.multi_ron_sticks == "each" else 0
    request: dict[str, Any] = {
        "hand": format_tiles(win.hand, rules.red_fives),
        "win_tile": tile_name(win.win_tile, rules),
    }
    if win.melds:
        request["melds"] = [meld_json(meld, rules) for meld in win.melds]
    if win.discarder is not None:
        request["from"] = (win.discarder - win.seat) % before.n
    request.update({name: True for name, on in flags.items() if on})
    request["seat_wind"] = WIND_LETTERS[before.seat_wind(win.seat)]
    request["round_wind"] = WIND_LETTERS[before.round_wind]
    request["dora_indicators"] = format_tiles(before.dora_indicators, rules.red_fives)
    if win.ura_indicators:
        request["ura_indicators"] = format_tiles(win.ura_indicators, rules.red_fives)
    for name, number in (
        ("honba", honba),
        ("riichi_sticks", before.riichi_sticks if first else 0),
        ("kita", len(player.kita)),
    ):
        if number:
            request[name] = number
    if rules.name != "standard":
        request["ruleset"] = rules.name
    changed = _rule_changes(rules)
    if changed:
        request["rules"] = changed
    answer = score_request(request)
    answer.pop("chips", None)  # a rule set with chips: the answer also says them, the value does not
    if answer != value_json(win.value):
        return None
    return request


def _rule_changes(rules: RuleSet) -> dict[str, Any]:
    """The options of ``rules`` that differ from its preset, as the score command's "rules" field."""
    try:
        base = preset(rules.name)
    except ValueError:
        return {}
    changed: dict[str, Any] = {}
    for field in dataclasses.fields(rules):
        if field.name in ("name", "extra"):
            continue
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            changed[field.name] = sorted(value) if isinstance(value, frozenset) else value
    return changed


def score_level(value: HandValue, request: dict[str, Any]) -> int:
    """How hard a win is to score, by its entries: each yaku and dora line, one for melds, one for fu other
    than 30 or 40. Level 1: at most two entries and 4 han or less; 3: four entries or more, or 5 han or
    more (limits and yakuman); 2: three entries."""
    entries = len(value.yaku) + (1 if request.get("melds") else 0) + (1 if value.fu not in (30, 40) else 0)
    if value.yakuman or value.han >= 5 or entries >= 4:
        return 3
    return 1 if entries <= 2 else 2


def fu_level(items: Sequence[tuple[str, int]]) -> int:
    """How hard a fu count is: 1 with at most one item beside the base 20 (chiitoitsu's 25 alone too), 2 with
    two, 3 with three or more, or any kan."""
    extra = len(items) - 1
    if extra >= 3 or any("kan_" in name for name, _ in items):
        return 3
    return 1 if extra <= 1 else 2


def fu_items(request: dict[str, Any], value: HandValue) -> list[tuple[str, int]] | None:
    """The fu of a scored win item by item: the reading the scorer chose (its wait, pinfu or not, and the fu
    it gives) taken apart. They add up to the fu once rounded up to 10 (chiitoitsu: 25, unrounded); None for
    a hand without fu (kokushi) or a reading not found."""
    yaku = {name for name, _ in value.yaku}
    if "chiitoitsu" in yaku:
        return [("chiitoitsu", 25)]
    rules = preset(request.get("ruleset", "standard")).with_overrides(request.get("rules", {}))
    counts = [0] * KIND_COUNT
    for kind, _ in parse_kinds(request["hand"]):
        counts[kind] += 1
    win = parse_kinds(request["win_tile"])[0][0]
    tsumo = bool(request.get("tsumo"))
    melds = request.get("melds", [])
    closed = all(meld["type"] == "ankan" for meld in melds)
    meld_triplets = [
        (parse_kinds(meld["tiles"])[0][0], meld["type"] == "ankan", meld["type"] != "pon")
        for meld in melds
        if meld["type"] != "chi"
    ]
    seat_kind = 27 + WIND_LETTERS.index(request.get("seat_wind", "E"))
    round_kind = 27 + WIND_LETTERS.index(request.get("round_wind", "E"))
    for pair, sequences, triplets in regular_readings(counts):
        for wait, index in _placements(win, pair, sequences, triplets):
            shanpon_ron = wait == SHANPON and not tsumo
            groups = [
                (kind, not (shanpon_ron and position == index), False)
                for position, kind in enumerate(triplets)
            ] + meld_triplets
            pinfu = (
                closed
                and not groups
                and wait == RYANMEN
                and pair < 31
                and pair not in (seat_kind, round_kind)
                and (not tsumo or rules.pinfu_tsumo)
            )
            if wait != value.wait or pinfu != ("pinfu" in yaku):
                continue
            items = _reading_fu(groups, pair, wait, pinfu, tsumo, closed, seat_kind, round_kind, rules)
            if -(-sum(fu for _, fu in items) // 10) * 10 == value.fu:
                return items
    return None


def score_fu_items(request: dict[str, Any]) -> list[tuple[str, int]] | None:
    """The fu items of a score puzzle's win (its request scored as ``main.py score`` scores it), or None."""
    return fu_items(request, score_value(request))


def _placements(
    win: int, pair: int, sequences: tuple[int, ...], triplets: tuple[int, ...]
) -> list[tuple[str, int]]:
    """Where the winning tile can sit in a reading: (wait, index of the triplet it completes or -1)."""
    found: list[tuple[str, int]] = []
    if pair == win:
        found.append((TANKI, -1))
    if win in triplets:
        found.append((SHANPON, triplets.index(win)))
    for start in sorted(set(sequences)):
        offset = win - start
        if offset == 1:
            found.append((KANCHAN, -1))
        elif offset == 0:
            found.append((PENCHAN if start % 9 == 6 else RYANMEN, -1))
        elif offset == 2:
            found.append((PENCHAN if start % 9 == 0 else RYANMEN, -1))
    return list(dict.fromkeys(found))


def _reading_fu(
    groups: Sequence[tuple[int, bool, bool]],
    pair: int,
    wait: str,
    pinfu: bool,
    tsumo: bool,
    closed: bool,
    seat_kind: int,
    round_kind: int,
    rules: RuleSet,
) -> list[tuple[str, int]]:
    """The fu items of one reading (RULES.md §5): the base, how it was won, each triplet or kan, the pair,
    the wait, and the open hand's 20 counted as 30."""
    items = [("base", 20)]
    if pinfu:
        return items if tsumo else [*items, ("menzen_ron", 10)]
    if tsumo:
        items.append(("tsumo", 2))
    elif closed:
        items.append(("menzen_ron", 10))
    for kind, concealed, is_kan in groups:
        terminal = kind >= 27 or kind % 9 in (0, 8)
        fu = (4 if terminal else 2) * (2 if concealed else 1) * (4 if is_kan else 1)
        shape = ("ankan" if concealed else "minkan") if is_kan else ("ankou" if concealed else "minkou")
        items.append((f"{shape}_{'yaochuu' if terminal else 'simple'}", fu))
    if pair >= 31:
        items.append(("pair_dragon", 2))
    elif pair == seat_kind == round_kind:
        items.append(("pair_double_wind", rules.double_wind_pair_fu))
    elif pair == seat_kind:
        items.append(("pair_seat_wind", 2))
    elif pair == round_kind:
        items.append(("pair_round_wind", 2))
    if wait in (KANCHAN, PENCHAN, TANKI):
        items.append((f"wait_{wait}", 2))
    if sum(fu for _, fu in items) == 20 and not closed and rules.open_pinfu_ron_30_fu:
        items.append(("open_pinfu_ron", 10))
    return items


# --- waits -------------------------------------------------------------------------------------------------


def waits_level(counts: Sequence[int], found: Sequence[int]) -> int:
    """How hard a tenpai hand's waits are to name, scored as the number of waits, plus one when seven or more
    concealed tiles share a suit and one more from nine: level 1 up to 2, level 2 at 3, level 3 from 4
    (three waits in a long suit, two in a near one-suit hand, four or more waits)."""
    most = max(sum(counts[start : start + 9]) for start in (0, 9, 18))
    score = len(found) + (most >= 7) + (most >= 9)
    return 1 if score <= 2 else 2 if score == 3 else 3


# --- notation ----------------------------------------------------------------------------------------------


def held_tile(hand: Sequence[int], kind: int, rules: RuleSet) -> int:
    """The copy of ``kind`` in ``hand`` that a discard of it gives up: a plain one, else the red five."""
    copies = [tile for tile in hand if tile >> 2 == kind]
    plain = [tile for tile in copies if not is_red(tile, rules.red_fives)]
    return (plain or copies)[0]


def held_name(hand: Sequence[int], kind: int, rules: RuleSet) -> str:
    """``held_tile`` in mpsz."""
    return tile_name(held_tile(hand, kind, rules), rules)


def tile_name(tile: int, rules: RuleSet) -> str:
    """One tile id in mpsz, ``0`` for a red five."""
    return format_tiles((tile,), rules.red_fives)


def meld_json(meld: Meld, rules: RuleSet) -> dict[str, Any]:
    """A meld as the score command reads it."""
    found: dict[str, Any] = {"type": meld.type.value, "tiles": format_tiles(meld.tiles, rules.red_fives)}
    if meld.type is not MeldType.ANKAN:
        found["from"] = meld.from_seat
    if meld.called is not None:
        found["called"] = tile_name(meld.called, rules)
    return found


def describe(kind: str, puzzle: Puzzle) -> str:
    """One line of text for a puzzle (the ``drill`` command without ``--json``)."""
    if kind == "discard":
        best = " ".join(puzzle["best"])
        melds = "".join(f" [{meld['tiles']}]" for meld in puzzle["melds"])
        top = puzzle["options"][0]
        return (
            f"{puzzle['hand']}{melds} dora {puzzle['dora_indicators']} seat {puzzle['seat_wind']}: "
            f"best {best} (shanten {top['shanten']}, ukeire {top['ukeire']}), AI {puzzle['ai_choice']}"
        )
    if kind == "waits":
        melds = "".join(f" [{meld['tiles']}]" for meld in puzzle["melds"])
        return f"{puzzle['hand']}{melds}: waits {' '.join(puzzle['waits'])}"
    if kind == "safe":
        safest, riskiest = puzzle["ranking"][0], puzzle["ranking"][-1]
        sides = ("", "right", "left") if len(puzzle["rivers"]) == 3 else ("", "right", "opposite", "left")
        riichi = " and ".join(sides[seat] for seat in puzzle["riichi"])
        return (
            f"{puzzle['hand']} against riichi {riichi}: safest {safest['tile']} ({safest['reason']}), "
            f"most dangerous {riskiest['tile']} ({riskiest['reason']})"
        )
    request = puzzle["request"]
    how = "tsumo" if request.get("tsumo") else "ron"
    melds = "".join(f" [{meld['tiles']}]" for meld in request.get("melds", []))
    where = f"{request['hand']}{melds} {how} {request['win_tile']}"
    if kind == "fu":
        items = ", ".join(f"{name} {fu}" for name, fu in puzzle["items"])
        return f"{where}: {puzzle['fu']} fu ({items})"
    answer = puzzle["answer"]
    return f"{where}: {answer['han']} han {answer['fu']} fu, {answer['points']} points"
