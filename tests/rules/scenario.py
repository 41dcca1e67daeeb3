"""Scenario helpers for round-engine tests: walls dealt from mpsz hands, a table that plays scripted steps.

``deal`` places the chosen hands, draws, replacement tiles and indicators and fills every other seat with an
inert hand (no pair, no two tiles of a suit within two of each other, few terminals and honors) so that filler
seats never have a call, a win or kyuushu kyuuhai to offer. ``Table`` applies steps of {seat: spec}; a spec
names one legal action (see ``describe``) and every asked seat left out of a step passes; a claim window met
by a step of turn actions (a discard, tsumo, a kan of one's own...) is declined by everyone first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

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
    Pass,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from rules.events import Event, HandWon, RoundEnded
from rules.round import Phase, RoundState, apply, legal_actions, start_round
from rules.ruleset import RuleSet
from rules.tiles import (
    FLOWER_IDS,
    KIND_COUNT,
    TILE_COUNT,
    dora_from_indicator,
    format_tiles,
    is_terminal_or_honor,
    parse_kinds,
)
from rules.wall import HAND_SIZE, Wall, arranged_wall, dead_wall_size, rinshan_slots, tile_set


class _Pool:
    """The tiles still free, handing out red fives from the lowest copies and plain tiles from the highest."""

    def __init__(self, players: int, red_fives: Sequence[int], flowers: bool = False) -> None:
        self.free = set(tile_set(players, flowers))
        self.red = {
            five * 4 + copy for suit, five in enumerate((4, 13, 22)) for copy in range(red_fives[suit])
        }

    def take(self, text: str, where: str) -> list[int]:
        tiles = []
        for token in _split(text):
            if token.endswith("f"):  # a flower: one id of its own
                flower = TILE_COUNT + int(token[0]) - 1
                if flower not in self.free:
                    raise ValueError(f"{where}: flower {token} is not free (or the rule set has no flowers)")
                self.free.remove(flower)
                tiles.append(flower)
                continue
            ((kind, red),) = parse_kinds(token)
            copies = [kind * 4 + copy for copy in range(4) if kind * 4 + copy in self.free]
            copies = [tile for tile in copies if (tile in self.red) == red]
            if not copies:
                raise ValueError(
                    f"{where}: no {'red ' if red else ''}copy of {format_tiles([kind * 4 + 3])} left"
                )
            tile = copies[0] if red else copies[-1]
            self.free.remove(tile)
            tiles.append(tile)
        return tiles

    def flowers_left(self) -> list[int]:
        return sorted(tile for tile in self.free if tile in FLOWER_IDS)

    def take_kind(self, kind: int) -> int:
        tile = max(tile for tile in self.free if tile >> 2 == kind)
        self.free.remove(tile)
        return tile

    def kinds(self) -> list[int]:
        return [sum(1 for copy in range(4) if kind * 4 + copy in self.free) for kind in range(KIND_COUNT)]


def _inert_kinds(available: list[int], players: int, given: Sequence[int] = ()) -> list[int]:
    """Kinds to fill a hand to 13 besides ``given``: new kinds only, none of a suit within two of another and
    few yaochuu kinds (the strictest rule that the tiles left allow)."""
    absent = set(range(1, 8)) if players == 3 else set()
    wanted = HAND_SIZE - len(given)
    for spacing, max_yaochuu in ((3, 6), (3, 8), (2, 8), (1, 8), (0, 8)):
        for order in (_SPREAD, _SPREAD[::-1]):
            chosen: list[int] = list(given)
            for kind in order:
                if kind in absent or not available[kind] or kind in chosen:
                    continue
                if is_terminal_or_honor(kind) and sum(map(is_terminal_or_honor, chosen)) >= max_yaochuu:
                    continue
                if kind < 27 and any(
                    other < 27 and other // 9 == kind // 9 and abs(other - kind) < spacing for other in chosen
                ):
                    continue
                chosen.append(kind)
                if len(chosen) - len(given) == wanted:
                    return chosen[len(given) :]
    raise ValueError("no filler hand fits the tiles left")


# Simples first (2 5 8 of each suit, then 3 6, 4 7), then honors and terminals.
_SPREAD = tuple(
    [suit * 9 + n for n in (1, 4, 7, 2, 5, 3, 6) for suit in range(3)]
    + list(range(27, 34))
    + [suit * 9 + n for n in (0, 8) for suit in range(3)]
)


def deal(
    hands: Mapping[int, str],
    *,
    draws: str = "",
    seat_draws: Mapping[int, str] | None = None,
    at: Mapping[int, str] | None = None,
    rinshan: str = "",
    dora: str = "",
    ura: str = "",
    players: int = 4,
    dealer: int = 0,
    red_fives: Sequence[int] = (1, 1, 1),
    flowers: bool = False,
) -> Wall:
    """A wall with these hands by seat, live draws from the first (the dealer's 14th), replacement tiles and
    indicators. ``seat_draws`` gives a seat's successive draws in plain turn order (no calls or kans), ``at``
    single draws by index. A hand shorter than 13 tiles is completed, and every other seat dealt, with inert
    tiles; indicators not given point at kinds that none of the named tiles has. With ``flowers`` the set has
    the four flowers (``1f``-``4f`` in any of the texts); those not named lie in the last replacement
    slots."""
    pool = _Pool(players, red_fives, flowers)
    given = {seat: pool.take(text, f"hand of seat {seat}") for seat, text in hands.items()}
    live: dict[int, int] = dict(enumerate(pool.take(draws, "draws")))
    singles = [(index, text) for index, text in (at or {}).items()]
    for seat, text in (seat_draws or {}).items():
        offset = (seat - dealer) % players
        singles.extend((offset + players * index, kind) for index, kind in enumerate(_split(text)))
    for index, text in singles:
        if index in live:
            raise ValueError(f"draw {index} is given twice")
        (live[index],) = pool.take(text, f"draw {index}")
    rinshan_tiles = pool.take(rinshan, "rinshan")
    named = {tile >> 2 for tile in (*live.values(), *rinshan_tiles)}
    named |= {tile >> 2 for tiles in given.values() for tile in tiles}
    indicators = [pool.take(dora, "dora"), pool.take(ura, "ura")]
    unnamed_flowers = pool.flowers_left()
    pool.free -= set(unnamed_flowers)
    hand_tiles: dict[int, list[int]] = {}
    for seat in range(players):
        tiles = given.get(seat, [])
        if len(tiles) > HAND_SIZE:
            raise ValueError(f"hand of seat {seat} has {len(tiles)} tiles")
        if len(tiles) < HAND_SIZE:
            fill = _inert_kinds(pool.kinds(), players, [tile >> 2 for tile in tiles])
            tiles = tiles + [pool.take_kind(kind) for kind in fill]
        hand_tiles[seat] = tiles
    for slot in range(5):  # dora and ura in turn, so the first indicators get the harmless tiles first
        for tiles in indicators:
            if len(tiles) > slot:
                continue
            harmless = [
                tile
                for tile in sorted(pool.free)
                if dora_from_indicator(tile >> 2, players == 3) not in named
            ]
            tile = harmless[0] if harmless else min(pool.free)
            pool.free.remove(tile)
            tiles.append(tile)
    rest = _spread(pool)
    slots = rinshan_slots(flowers)
    if len(rinshan_tiles) + len(unnamed_flowers) > slots:
        raise ValueError(f"{len(rinshan_tiles)} replacement tiles leave no slot for the unnamed flowers")
    while len(rinshan_tiles) < slots - len(unnamed_flowers):
        rinshan_tiles.append(rest.pop())
    rinshan_tiles.extend(unnamed_flowers)
    capacity = (
        len(tile_set(players, flowers))
        - dead_wall_size(flowers)
        - HAND_SIZE * players
        - max(0, len(rinshan_tiles) - slots)
    )
    if live and max(live) >= capacity:
        raise ValueError(f"draw {max(live)} is beyond the live wall ({capacity} draws)")
    sequence = [live[index] if index in live else rest.pop(0) for index in range(capacity)]
    return arranged_wall(
        players,
        [hand_tiles[seat] for seat in range(players)],
        dealer=dealer,
        draws=sequence,
        rinshan=rinshan_tiles,
        dora=indicators[0],
        ura=indicators[1],
        flowers=flowers,
    )


def _split(text: str) -> list[str]:
    """One mpsz string per tile of ``text`` (flowers ``1f``-``4f`` included), in written order."""
    tokens: list[str] = []
    digits = ""
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits += char
        else:
            if char not in "mpszf" or not digits:
                raise ValueError(f"bad tile text '{text}'")
            tokens.extend(digit + char for digit in digits)
            digits = ""
    if digits:
        raise ValueError(f"bad tile text '{text}'")
    return tokens


def _spread(pool: _Pool) -> list[int]:
    """The free tiles one copy of each kind at a time, so neighbouring draws are different kinds."""
    by_kind: list[list[int]] = [sorted(t for t in pool.free if t >> 2 == kind) for kind in range(KIND_COUNT)]
    order: list[int] = []
    while any(by_kind):
        for tiles in by_kind:
            if tiles:
                order.append(tiles.pop())
    return order


def tile_name(tile: int, rules: RuleSet) -> str:
    """One tile in mpsz, red fives as 0."""
    return format_tiles([tile], rules.red_fives)


def describe(state: RoundState, action: Action) -> str:
    """A short name of an action: d5m (discard from hand), t5m (the drawn tile), rd5m / rt5m (with riichi),
    pon55m, chi46m, kan, ankan1z, kakan5m, kita, flower2f, tsumo, ron, kyuushu, pass."""
    rules = state.rules
    if isinstance(action, Discard):
        drawn = state.tile if state.phase is Phase.TURN else None
        return (
            ("r" if action.riichi else "")
            + ("t" if action.tile == drawn else "d")
            + tile_name(action.tile, rules)
        )
    if isinstance(action, Pon | Chi):
        return ("pon" if isinstance(action, Pon) else "chi") + format_tiles(action.tiles, rules.red_fives)
    if isinstance(action, Ankan):
        return "ankan" + format_tiles([action.kind * 4 + 3], (0, 0, 0))
    if isinstance(action, Shouminkan):
        return "kakan" + tile_name(action.tile, rules)
    if isinstance(action, Kita):
        return "kita"
    if isinstance(action, Flower):
        return "flower" + format_tiles([action.tile])
    names: dict[type, str] = {Tsumo: "tsumo", Ron: "ron", Daiminkan: "kan", Kyuushu: "kyuushu", Pass: "pass"}
    return names[type(action)]


def names(state: RoundState, seat: int) -> set[str]:
    """The names of every action ``seat`` may take now (empty when it is not asked)."""
    return {describe(state, action) for action in legal_actions(state).get(seat, ())}


def hand_discards(text: str) -> set[str]:
    """The discard names (d...) of each distinct tile in an mpsz string."""
    return {"d" + ("0" if red else str(kind % 9 + 1)) + "mpsz"[kind // 9] for kind, red in parse_kinds(text)}


def _resolve(state: RoundState, seat: int, spec: str) -> Action:
    offered = {describe(state, action): action for action in legal_actions(state).get(seat, ())}
    candidates = [spec]
    if spec in ("t", "rt"):
        candidates = [name for name in offered if name.startswith(spec) and name[len(spec) :][:1].isdigit()]
    elif spec in ("pon", "chi"):
        candidates = [name for name in offered if name.startswith(spec)]
    elif spec[:1].isdigit():
        candidates = ["d" + spec, "t" + spec]
    elif spec[:1] == "r" and spec[1:2].isdigit():
        candidates = ["rd" + spec[1:], "rt" + spec[1:]]
    found = [name for name in candidates if name in offered]
    if not found or (spec in ("t", "rt", "pon", "chi") and len(found) != 1):
        raise AssertionError(f"seat {seat}: '{spec}' is not one legal action; offered: {sorted(offered)}")
    return offered[found[0]]


_CLAIMS = (Phase.CLAIM, Phase.CHANKAN, Phase.KITA_CLAIM)


def _is_claim(spec: str) -> bool:
    """Whether a spec answers a claim window (ron, pon, chi, daiminkan, pass) rather than a turn."""
    return spec in ("ron", "pass", "kan") or spec.startswith(("pon", "chi"))


class Table:
    """A hand in play: the current state and every event so far."""

    def __init__(
        self,
        wall: Wall,
        rules: RuleSet | None = None,
        *,
        scores: Sequence[int] | None = None,
        honba: int = 0,
        riichi_sticks: int = 0,
        round_wind: int = 0,
        dealer: int = 0,
    ) -> None:
        self.rules = rules if rules is not None else RuleSet()
        self.state, events = start_round(
            self.rules,
            wall,
            round_wind=round_wind,
            kyoku=dealer,
            honba=honba,
            riichi_sticks=riichi_sticks,
            scores=scores,
            dealer=dealer,
        )
        self.events: list[Event] = list(events)

    def offers(self, seat: int) -> set[str]:
        """The names of the actions ``seat`` is offered now."""
        return names(self.state, seat)

    @property
    def drawn(self) -> str:
        """The name of the tile just drawn, discarded or added (mpsz)."""
        assert self.state.tile is not None
        return tile_name(self.state.tile, self.rules)

    def asked(self) -> set[int]:
        """The seats the hand waits for."""
        return set(legal_actions(self.state))

    def step(self, choices: Mapping[int, str]) -> tuple[Event, ...]:
        """Apply one decision: the named seats' specs and a pass from every other asked seat."""
        legal = legal_actions(self.state)
        while self.state.phase in _CLAIMS and choices and not all(map(_is_claim, choices.values())):
            self._pass_all(legal)  # a claim window the step does not answer: everyone declines
            legal = legal_actions(self.state)
        for seat in choices:
            if seat not in legal:
                raise AssertionError(
                    f"seat {seat} is not asked now (asked: {sorted(legal)}, {self.state.phase})"
                )
        actions: dict[int, Action] = {}
        for seat, options in legal.items():
            if seat in choices:
                actions[seat] = _resolve(self.state, seat, choices[seat])
            elif PASS in options:
                actions[seat] = PASS
            else:
                raise AssertionError(f"seat {seat} must act: {sorted(names(self.state, seat))}")
        self.state, events = apply(self.state, actions)
        self.events.extend(events)
        return events

    def _pass_all(self, legal: Mapping[int, Sequence[Action]]) -> None:
        self.state, events = apply(self.state, dict.fromkeys(legal, PASS))
        self.events.extend(events)

    def play(self, *steps: Mapping[int, str]) -> tuple[Event, ...]:
        """Apply several steps; returns their events."""
        events: list[Event] = []
        for choices in steps:
            events.extend(self.step(choices))
        return tuple(events)

    def tsumogiri(self, discards: int) -> tuple[Event, ...]:
        """Let ``discards`` turns pass with the drawn tile discarded and every claim declined."""
        events: list[Event] = []
        done = 0
        while done < discards:
            if self.state.phase is Phase.TURN:
                events.extend(self.step({self.state.seat: "t"}))
                done += 1
            else:
                events.extend(self.step({}))
        return tuple(events)

    def to_end(self) -> RoundEnded:
        """Tsumogiri and pass until the hand is over; returns its end."""
        while self.state.phase is not Phase.ENDED:
            self.tsumogiri(1) if self.state.phase is Phase.TURN else self.step({})
        assert self.state.ended is not None
        return self.state.ended

    @property
    def ended(self) -> RoundEnded:
        """The end of a finished hand."""
        assert self.state.ended is not None, f"the hand is not over ({self.state.phase})"
        return self.state.ended

    def wins(self) -> list[HandWon]:
        """Every HandWon so far."""
        return [event for event in self.events if isinstance(event, HandWon)]


def yaku(win: HandWon) -> dict[str, int]:
    """A win's yaku as a dict."""
    return dict(win.value.yaku)


def kinds(events: Iterable[Event]) -> list[str]:
    """The class names of events, in order (to check what happened when)."""
    return [type(event).__name__ for event in events]


def pick(tiles: Iterable[int], text: str, red_fives: Sequence[int] = (1, 1, 1)) -> list[int]:
    """The ids in ``tiles`` of the tiles named by ``text`` (each used once), to build expected melds."""
    left = list(tiles)
    red = {five * 4 + copy for suit, five in enumerate((4, 13, 22)) for copy in range(red_fives[suit])}
    found = []
    for kind, is_red in parse_kinds(text):
        tile = next(t for t in left if t >> 2 == kind and (t in red) == is_red)
        left.remove(tile)
        found.append(tile)
    return found
