"""A real round state rebuilt from one seat's mjai events, so an mjai bot gets the engine's own view and legal
actions for its seat.

The mirror plays each hand through rules.round. The seat's own tiles are the ones it was dealt and drew; every
tile it cannot see (others' concealed tiles, the wall) is a stand-in. When a hidden tile shows (an opponent's
discard, call, kan or kita, the seat's draw, a dora indicator) the stand-ins are relabelled: two unseen tile
ids swap places everywhere in the state, which always gives another deal the seat cannot tell apart. An
opponent's riichi (or kan during riichi) gets a stand-in hand that allows it. Only the seat's own part counts.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.logs.mjai import UNKNOWN_TILE
from game.mjai.protocol import WIND_NAMES, Message, MjaiError, parse_tile, tile_ids, tile_name
from game.view import HIDDEN, SeatView, redact, view_for
from rules.actions import PASS, Action, Ankan, Chi, Daiminkan, Discard, Kita, Pon, Shouminkan
from rules.events import (
    DoraRevealed,
    Event,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    TileDiscarded,
    TileDrawn,
)
from rules.round import IllegalActionError, Phase, PlayerState, RoundState, apply, legal_actions, start_round
from rules.ruleset import RuleSet
from rules.shanten import waits as waits_of
from rules.tiles import NORTH
from rules.wall import DEAD_WALL, DORA_OFFSET, Wall, WallError, arranged_wall, tile_set

CLAIM_PHASES = (Phase.CLAIM, Phase.CHANKAN, Phase.KITA_CLAIM)
_STAND_IN_ATTEMPTS = 24  # different stand-in hands tried for an opponent's riichi or riichi kan
_SEED = 20240917  # the fixed shuffle of the stand-in tiles: the same events always give the same mirror


class UnknownEventError(MjaiError):
    """An event type the protocol does not have (skipped; the rest of the stream still fits)."""


class Mirror:
    """Follows one seat's mjai events with a real RoundState; ``decision`` gives its view and options."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.seat: int | None = None
        self.state: RoundState | None = None
        self.ended = False  # a hora or ryukyoku was announced: the hand is over
        self._all = frozenset(tile_set(rules.players))
        self._names = {tile: tile_name(tile, rules) for tile in self._all}
        self._dealer_wins = 0
        # (round wind, kyoku, dealer) of the previous hand, to count the dealer's wins in a row (paarenchan)
        self._last_hand: tuple[int, int, int] | None = None
        self._dealer_won = False
        self._reset_hand()
        self._handlers: dict[str, Callable[[Message], list[Event]]] = {
            "start_game": self._start_game,
            "start_kyoku": self._start_kyoku,
            "tsumo": self._tsumo,
            "dahai": self._dahai,
            "reach": self._reach,
            "reach_accepted": self._reach_accepted,
            "chi": self._call,
            "pon": self._call,
            "daiminkan": self._call,
            "ankan": self._ankan,
            "kakan": self._kakan,
            "nukidora": self._kita,
            "kita": self._kita,
            "dora": self._dora,
            "hora": self._hora,
            "ryukyoku": self._ryukyoku,
            "end_kyoku": self._end_kyoku,
            "end_game": self._end_game,
            "none": lambda message: [],
        }

    def _reset_hand(self) -> None:
        self.ended = False
        self._before: RoundState | None = None  # the state before the last discard, kan or kita, to replay it
        self._before_choice: tuple[int, Action] | None = None
        self._known_dora = 1  # dora indicators shown so far (the stream's start_kyoku and dora events)
        self._reaching: set[int] = set()  # seats that announced reach and have not discarded yet
        self._tsumo_seen = 0

    # --- the stream ----------------------------------------------------------------------------------

    def feed(self, message: Message) -> list[Event]:
        """Follow one mjai event; returns it as our events as the seat may see them (MjaiError if bad)."""
        kind = message.get("type")
        if not isinstance(kind, str):
            raise MjaiError(f"an event needs a string 'type', got {kind!r}")
        handler = self._handlers.get(kind)
        if handler is None:
            raise UnknownEventError(f"unknown event type {kind!r}")
        if kind != "start_game" and kind != "none" and self.seat is None:
            raise MjaiError(f"{kind} before start_game")
        return handler(message)

    def is_reaching(self) -> bool:
        """Whether the seat announced reach and its riichi discard is still to come."""
        return self.seat in self._reaching

    def decision(self) -> tuple[SeatView, tuple[Action, ...]] | None:
        """The seat's view and legal actions when the hand waits for it (after its reach: riichi discards)."""
        state, seat = self.state, self.seat
        if state is None or seat is None or self.ended or state.phase is Phase.ENDED:
            return None
        if state.phase is Phase.TURN and state.draws + state.replacements > self._tsumo_seen:
            return None  # the mirror drew ahead of the stream: the draw is still to come
        legal = legal_actions(state).get(seat, ())
        if seat in self._reaching:
            legal = tuple(action for action in legal if isinstance(action, Discard) and action.riichi)
        if not legal:
            return None
        return view_for(state, seat), legal

    def describe_wait(self) -> str:
        """What the mirrored hand waits for, for error messages."""
        state = self.state
        if state is None:
            return "no hand is in play"
        if self.ended or state.phase is Phase.ENDED:
            return "the hand is over"
        if state.phase is Phase.TURN:
            return f"the hand waits for seat {state.seat} to play after its draw"
        if state.phase is Phase.AFTER_CALL:
            return f"the hand waits for seat {state.seat} to discard after its call"
        return f"the hand waits for answers to seat {state.seat}'s {self._name(state.tile)}"

    # --- events --------------------------------------------------------------------------------------

    def _start_game(self, message: Message) -> list[Event]:
        self.seat = self._seat_field(message, "id")
        self.state = None
        self._dealer_wins, self._last_hand, self._dealer_won = 0, None, False
        self._reset_hand()
        return []

    def _start_kyoku(self, message: Message) -> list[Event]:
        seat = self._own_seat()
        rules = self.rules
        n = rules.players
        bakaze = message.get("bakaze")
        if bakaze not in WIND_NAMES:
            raise MjaiError(f"'bakaze' must be one of E S W N, got {bakaze!r}")
        round_wind = WIND_NAMES.index(bakaze)
        kyoku = _int_field(message, "kyoku", 1, n) - 1
        honba = _int_field(message, "honba", 0)
        sticks = _int_field(message, "kyotaku", 0)
        dealer = self._seat_field(message, "oya")
        scores = _seats_list(message, "scores", n)
        if not all(isinstance(score, int) and not isinstance(score, bool) for score in scores):
            raise MjaiError(f"'scores' must be whole numbers, got {scores!r}")
        tehais = _seats_list(message, "tehais", n)
        own = tehais[seat]
        if not isinstance(own, list) or len(own) != 13:
            raise MjaiError(f"'tehais' must give 13 tiles for our seat {seat}")
        free = set(self._all)
        hand = [self._take(name, free) for name in own]
        dora = self._take(self._tile_field(message, "dora_marker"), free)
        stand_ins = sorted(free)
        random.Random(_SEED).shuffle(stand_ins)
        hands: list[list[int]] = []
        for index in range(n):
            if index == seat:
                hands.append(hand)
            else:
                hands.append(stand_ins[:13])
                del stand_ins[:13]
        try:
            wall = arranged_wall(n, hands, dealer=dealer, dora=[dora])
        except WallError as error:  # cannot happen with 13 distinct tiles each; kept as a clear message
            raise MjaiError(f"cannot deal this hand: {error}") from None
        position = (round_wind, kyoku, dealer)
        self._dealer_wins = self._dealer_wins + 1 if self._last_hand == position and self._dealer_won else 0
        self._last_hand, self._dealer_won = position, False
        state, events = start_round(
            rules,
            wall,
            round_wind=round_wind,
            kyoku=kyoku,
            honba=honba,
            riichi_sticks=sticks,
            scores=[int(score) for score in scores],
            dealer=dealer,
            dealer_wins=self._dealer_wins,
        )
        self.state = state
        self._reset_hand()
        return [redact(events[0], seat)]

    def _tsumo(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        pai = message.get("pai")
        name = None if pai == UNKNOWN_TILE else self._tile_field(message, "pai")
        self._resolve_claims()
        state = self._live()
        if (
            state.phase is not Phase.TURN
            or state.seat != actor
            or state.draws + state.replacements != self._tsumo_seen + 1
        ):
            raise MjaiError(f"a draw by seat {actor}, but {self.describe_wait()}")
        self._tsumo_seen += 1
        self._before = None
        if name is not None:
            self._place_drawn(name)
        elif actor == self.seat:
            raise MjaiError("our own draw must name its tile")
        state = self._live()
        assert state.tile is not None
        tile = state.tile if actor == self.seat else HIDDEN
        return [TileDrawn(actor, tile, rinshan=state.rinshan_turn, tiles_left=state.tiles_left)]

    def _dahai(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        name = self._tile_field(message, "pai")
        tsumogiri = message.get("tsumogiri")
        if tsumogiri is not None and not isinstance(tsumogiri, bool):
            raise MjaiError(f"'tsumogiri' must be true or false, got {tsumogiri!r}")
        self._resolve_claims()
        state = self._live()
        if state.phase not in (Phase.TURN, Phase.AFTER_CALL) or state.seat != actor:
            raise MjaiError(f"a discard by seat {actor}, but {self.describe_wait()}")
        if tsumogiri and state.phase is Phase.AFTER_CALL:
            raise MjaiError(f"seat {actor} has no drawn tile to discard right after its call")
        riichi = actor in self._reaching
        if actor == self.seat:
            wanted: Action = Discard(self._own_discard(name, tsumogiri), riichi)
        elif riichi:
            wanted = self._stand_in_riichi(actor, name, tsumogiri)
        else:
            wanted = Discard(self._opponent_discard(actor, name, tsumogiri))
        action = self._offered(actor, wanted)
        if action is None:
            reason = "riichi with " if riichi else ""
            raise MjaiError(f"seat {actor} may not discard {reason}{name} now")
        before = self._live()
        events = self._apply({actor: action})
        self._before, self._before_choice = before, (actor, action)
        self._reaching.discard(actor)
        return _first(events, TileDiscarded)

    def _reach(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        state = self._live()
        if state.phase is not Phase.TURN or state.seat != actor:
            raise MjaiError(f"a reach by seat {actor}, but {self.describe_wait()}")
        if state.players[actor].riichi or actor in self._reaching:
            raise MjaiError(f"seat {actor} has already declared riichi")
        self._reaching.add(actor)
        return []

    def _reach_accepted(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        state = self.state
        if state is None:
            raise MjaiError("reach_accepted outside a hand")
        if state.pending_riichi and state.seat == actor:  # the mirror still waits on the riichi discard
            scores = list(state.scores)
            scores[actor] -= 1000
            return [RiichiAccepted(actor, tuple(scores), state.riichi_sticks + 1)]
        if not state.players[actor].riichi:
            raise MjaiError(f"reach_accepted for seat {actor}, which has not declared riichi")
        return [RiichiAccepted(actor, state.scores, state.riichi_sticks)]

    def _call(self, message: Message) -> list[Event]:
        kind = message["type"]
        actor = self._seat_field(message, "actor")
        target = self._seat_field(message, "target")
        name = self._tile_field(message, "pai")
        consumed = self._tiles_field(message, "consumed", 3 if kind == "daiminkan" else 2)
        if actor == target:
            raise MjaiError(f"seat {actor} cannot {kind} its own discard")
        state = self._live()
        if not (state.phase is Phase.CLAIM and state.seat == target):
            # The discard stood in the mirror (nobody there could call it): replay it with the caller's tiles.
            last = self._before_choice
            if self._before is None or last is None or last[0] != target or not isinstance(last[1], Discard):
                raise MjaiError(f"a {kind} of seat {target}'s discard, but {self.describe_wait()}")
            unseen = self._unseen(state)
            self.state, self._before = self._before, None
            shown = self._gather(actor, consumed, unseen, keep_seat=target) if actor != self.seat else []
            self._replay(last, keep=set(shown))
            state = self._live()
            if not (state.phase is Phase.CLAIM and state.seat == target):
                raise MjaiError(f"seat {actor} cannot {kind} seat {target}'s discard")
        elif actor != self.seat:
            self._gather(actor, consumed)
        state = self._live()
        if self._name(state.tile) != name:
            raise MjaiError(f"a {kind} of {name}, but seat {target} discarded {self._name(state.tile)}")
        legal = legal_actions(state)
        wanted = sorted(parse_tile(tile, self.rules) for tile in consumed)
        action = next((option for option in legal.get(actor, ()) if self._calls(option, kind, wanted)), None)
        if action is None:
            raise MjaiError(f"seat {actor} may not {kind} {name} with {' '.join(consumed)} now")
        choices: dict[int, Action] = dict.fromkeys(legal, PASS)
        choices[actor] = action
        events = self._apply(choices)
        self._before = None
        return _first(events, MeldCalled)

    def _calls(self, option: Action, kind: str, consumed: list[tuple[int, bool]]) -> bool:
        """Whether an offered action is the call ``kind`` with these tiles from hand (kind and red-ness)."""
        if isinstance(option, Daiminkan):
            return kind == "daiminkan"
        if isinstance(option, Chi | Pon):
            wanted_type = "chi" if isinstance(option, Chi) else "pon"
            return kind == wanted_type and sorted(self._signature(tile) for tile in option.tiles) == consumed
        return False

    def _ankan(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        consumed = self._tiles_field(message, "consumed", 4)
        kinds = {parse_tile(name, self.rules)[0] for name in consumed}
        if len(kinds) != 1:
            raise MjaiError(f"an ankan needs four tiles of one kind, got {' '.join(consumed)}")
        kind = kinds.pop()
        self._turn_of(actor, "an ankan")
        if actor != self.seat:
            if self._live().players[actor].riichi:
                self._stand_in_riichi_kan(actor, kind)
            else:
                self._gather(actor, consumed)
        return self._declare(actor, Ankan(kind), f"an ankan of {consumed[0]}")

    def _kakan(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        name = self._tile_field(message, "pai")
        self._turn_of(actor, "a kakan")
        tile = self._gather(actor, [name])[0] if actor != self.seat else self._own_tile(name)
        return self._declare(actor, Shouminkan(tile), f"a kakan of {name}")

    def _kita(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        name = self._tile_field(message, "pai") if "pai" in message else "N"
        if parse_tile(name, self.rules)[0] != NORTH:
            raise MjaiError(f"a nukidora sets aside a North, not {name}")
        self._turn_of(actor, "a nukidora")
        if actor == self.seat:
            tile = self._own_tile(name)
        elif self._live().players[actor].riichi:  # after riichi only the drawn North may go
            self._place_drawn(name)
            drawn = self._live().tile
            assert drawn is not None
            tile = drawn
        else:
            tile = self._gather(actor, [name])[0]
        return self._declare(actor, Kita(tile), "a nukidora")

    def _dora(self, message: Message) -> list[Event]:
        name = self._tile_field(message, "dora_marker")
        state = self._live_or_claim()
        index = self._known_dora
        if index >= 5:
            raise MjaiError("a fifth kan dora indicator")
        position = state.wall.size - DEAD_WALL + DORA_OFFSET + index
        occupant = state.wall.tiles[position]
        if self._names[occupant] != name:
            found = self._pick(state, self._unseen(state), name, exclude={occupant})
            if found is None:
                raise MjaiError(f"dora indicator {name}, but every {name} is already accounted for")
            self._swap(occupant, found)
        self._known_dora += 1
        return [DoraRevealed(self._live_or_claim().wall.tiles[position])]

    def _hora(self, message: Message) -> list[Event]:
        actor = self._seat_field(message, "actor")
        self._seat_field(message, "target")
        state = self.state
        if state is None:
            raise MjaiError("hora outside a hand")
        if actor == state.dealer:
            self._dealer_won = True
        self.ended = True
        return []

    def _ryukyoku(self, message: Message) -> list[Event]:
        if self.state is None:
            raise MjaiError("ryukyoku outside a hand")
        self.ended = True
        return []

    def _end_kyoku(self, message: Message) -> list[Event]:
        self.state = None
        self._reset_hand()
        return []

    def _end_game(self, message: Message) -> list[Event]:
        self.state = None
        self._reset_hand()
        return []

    # --- helpers for the seat's own tiles ------------------------------------------------------------

    def _own_discard(self, name: str, tsumogiri: bool | None) -> int:
        state = self._live()
        seat = self._own_seat()
        drawn = state.tile if state.phase is Phase.TURN else None
        if tsumogiri:
            if drawn is None or self._names[drawn] != name:
                raise MjaiError(f"a tsumogiri of {name}, but our drawn tile is {self._name(drawn)}")
            return drawn
        for tile in state.players[seat].hand:
            if tile != drawn and self._names[tile] == name:
                return tile
        if drawn is not None and self._names[drawn] == name:  # a wrong tsumogiri flag still names the tile
            return drawn
        raise MjaiError(f"our hand holds no {name} to discard")

    def _own_tile(self, name: str) -> int:
        for tile in self._live().players[self._own_seat()].hand:
            if self._names[tile] == name:
                return tile
        raise MjaiError(f"our hand holds no {name}")

    # --- stand-ins for opponents' tiles --------------------------------------------------------------

    def _unseen(self, state: RoundState) -> set[int]:
        """Tile ids the seat cannot see: others' concealed tiles and the wall, but no indicator shown."""
        seat = self._own_seat()
        known = set(state.players[seat].hand)
        if (
            state.seat == seat
            and state.draws + state.replacements > self._tsumo_seen
            and state.tile is not None
        ):
            known.discard(state.tile)  # a draw the mirror made ahead of the stream: a stand-in so far
        for player in state.players:
            known.update(river_tile.tile for river_tile in player.river)
            for meld in player.melds:
                known.update(meld.tiles)
            known.update(player.kita)
        known.update(state.wall.dora_indicator(index) for index in range(self._known_dora))
        if state.kan_kind is not None and state.tile is not None:  # an announced kan is on show
            declarer = state.players[state.seat].hand
            known.update(tile for tile in declarer if tile >> 2 == state.tile >> 2)
        return set(self._all - known)

    def _place_drawn(self, name: str) -> None:
        """Make the tile just drawn (the seat's or an opponent's) one named ``name``."""
        state = self._live()
        drawn = state.tile
        assert drawn is not None
        if self._names[drawn] == name:
            return
        found = self._pick(state, self._unseen(state), name, exclude={drawn})
        if found is None:
            raise MjaiError(f"a draw of {name}, but every {name} is already accounted for")
        self._swap(drawn, found)

    def _opponent_discard(self, actor: int, name: str, tsumogiri: bool | None) -> int:
        """Give an opponent the tile it discards (as its drawn tile for a tsumogiri); returns the tile."""
        state = self._live()
        drawn = state.tile if state.phase is Phase.TURN else None
        if tsumogiri:
            self._place_drawn(name)
            tile = self._live().tile
            assert tile is not None
            return tile
        hand = state.players[actor].hand
        for tile in hand:
            if tile != drawn and self._names[tile] == name:
                return tile
        found = self._pick(state, self._unseen(state), name, exclude=set(hand))
        other = next(tile for tile in hand if tile != drawn)
        if found is not None:
            self._swap(found, other)
            return found
        if drawn is not None and self._names[drawn] == name:
            if tsumogiri is None:
                return drawn
            self._swap(drawn, other)  # the last unseen copy was the stand-in draw: let it be a hand tile
            return drawn
        raise MjaiError(f"seat {actor} discards {name}, but every {name} is already accounted for")

    def _gather(
        self, actor: int, names: Sequence[str], unseen: set[int] | None = None, keep_seat: int | None = None
    ) -> list[int]:
        """Put tiles with these names in an opponent's hand (one each, distinct); returns their ids.

        ``keep_seat``: a seat whose concealed tiles must not change (its discard is about to be replayed).
        """
        pool = self._unseen(self._live()) if unseen is None else unseen
        taken: list[int] = []
        for name in names:
            hand = self._live().players[actor].hand
            mine = [tile for tile in hand if self._names[tile] == name and tile not in taken]
            if mine:
                taken.append(mine[0])
                continue
            found = self._pick(self._live(), pool, name, exclude=set(hand), last_seat=keep_seat)
            if found is None:
                raise MjaiError(f"seat {actor} shows {name}, but every {name} is already accounted for")
            spare = [tile for tile in hand if tile not in taken and self._names[tile] not in names]
            spare = spare or [tile for tile in hand if tile not in taken]
            if not spare:
                raise MjaiError(f"seat {actor} does not hold enough tiles for {' '.join(names)}")
            self._swap(found, spare[0])
            taken.append(found)
        return taken

    def _pick(
        self, state: RoundState, pool: set[int], name: str, *, exclude: set[int], last_seat: int | None = None
    ) -> int | None:
        """An unseen tile named ``name``: from the wall if possible, else from a hand not in riichi (and from
        ``last_seat``'s hand only if nothing else is left)."""
        holders = {tile: seat for seat, player in enumerate(state.players) for tile in player.hand}

        def rank(tile: int) -> tuple[int, int]:
            holder = holders.get(tile)
            if holder is None:
                return 0, tile
            if holder == last_seat:
                return 3, tile
            in_riichi = state.players[holder].riichi > 0 or holder in self._reaching
            return (2 if in_riichi else 1), tile

        found = [tile for tile in pool if self._names[tile] == name and tile not in exclude]
        return min(found, key=rank, default=None)

    def _stand_in_riichi(self, actor: int, name: str, tsumogiri: bool | None) -> Action:
        """An opponent's riichi discard, with a tenpai stand-in hand behind it."""
        tile = self._opponent_discard(actor, name, tsumogiri)
        return self._riichi_hand(actor, Discard(tile, riichi=True), keep=set())

    def _riichi_hand(self, actor: int, wanted: Discard, *, keep: set[int]) -> Action:
        """Make ``wanted`` (an opponent's riichi discard) legal, building a tenpai stand-in hand if needed;
        tiles in ``keep`` stay where they are."""
        action = self._offered(actor, wanted)
        size = len(self._live().players[actor].hand) - 1
        for attempt in range(_STAND_IN_ATTEMPTS):
            if action is not None:
                return action
            tiles = self._tenpai_tiles(size, exclude={wanted.tile} | keep, avoid=frozenset(), attempt=attempt)
            if tiles is not None:
                self._set_hand(actor, tiles, keep={wanted.tile})
                action = self._offered(actor, wanted)
        if action is None:
            raise MjaiError(f"seat {actor} declares riichi, but no hand of unseen tiles allows it")
        return action

    def _stand_in_riichi_kan(self, actor: int, kind: int, *, keep: set[int] | None = None) -> None:
        """Give an opponent in riichi a hand whose waits its kan of ``kind`` (the drawn tile) leaves alone."""
        quad = list(range(kind * 4, kind * 4 + 4))
        suit_start = kind - kind % 9
        near = {k for k in range(kind - 2, kind + 3) if kind < 27 and suit_start <= k < suit_start + 9}
        size = len(self._live().players[actor].hand) - 4
        for attempt in range(_STAND_IN_ATTEMPTS):
            if self._offered(actor, Ankan(kind)) is not None:
                return
            exclude = set(quad) | (keep or set())
            tiles = self._tenpai_tiles(size, exclude=exclude, avoid=frozenset(near | {kind}), attempt=attempt)
            if tiles is None:
                continue
            self._set_hand(actor, [*tiles, *quad], keep=set())
            drawn = self._live().tile
            if drawn is not None and drawn >> 2 != kind:
                self._swap(drawn, quad[0])  # both in the hand: only which one was drawn changes
        if self._offered(actor, Ankan(kind)) is None:
            raise MjaiError(
                f"seat {actor} declares a kan during riichi, but no hand of unseen tiles allows it"
            )

    def _tenpai_tiles(
        self, size: int, *, exclude: set[int], avoid: frozenset[int], attempt: int
    ) -> list[int] | None:
        """``size`` (3m+1) unseen tiles forming m sets and a single wait, or None if there are not enough."""
        by_kind: dict[int, list[int]] = {}
        for tile in sorted(self._unseen(self._live()) - exclude):
            by_kind.setdefault(tile >> 2, []).append(tile)
        kinds = sorted(by_kind)
        if not kinds:
            return None
        shift = (attempt * 7) % len(kinds)
        order = kinds[shift:] + kinds[:shift]
        sets_needed = size // 3
        chosen: list[int] = []
        used: set[int] = set()
        triplets_first = attempt % 2 == 0
        for pass_kind in ("triplet", "sequence") if triplets_first else ("sequence", "triplet"):
            for kind in order:
                while sets_needed and self._can_take(by_kind, kind, pass_kind, avoid):
                    group = (kind,) * 3 if pass_kind == "triplet" else (kind, kind + 1, kind + 2)
                    for member in group:
                        chosen.append(by_kind[member].pop(0))
                        used.add(member)
                    sets_needed -= 1
        if sets_needed:
            return None
        single = next(
            (kind for kind in order if kind not in avoid and kind not in used and by_kind[kind]), None
        )
        if single is None:
            return None
        chosen.append(by_kind[single][0])
        return chosen

    @staticmethod
    def _can_take(by_kind: dict[int, list[int]], kind: int, group: str, avoid: frozenset[int]) -> bool:
        if group == "triplet":
            return kind not in avoid and len(by_kind.get(kind, ())) >= 3
        members = (kind, kind + 1, kind + 2)
        return (
            kind < 27
            and kind % 9 <= 6
            and all(member not in avoid and by_kind.get(member) for member in members)
        )

    def _set_hand(self, actor: int, tiles: Iterable[int], *, keep: set[int]) -> None:
        """Make an opponent's concealed tiles exactly ``tiles`` plus ``keep`` (which it already holds)."""
        target = set(tiles)
        hand = set(self._live().players[actor].hand)
        incoming = sorted(target - hand)
        outgoing = sorted(hand - target - keep)
        for new, old in zip(incoming, outgoing, strict=True):
            self._swap(new, old)

    def _swap(self, first: int, second: int) -> None:
        """Exchange two unseen tile ids everywhere (in the state and in the one kept for replaying a call)."""
        self.state = self._transposed(self._live_or_claim(), first, second)
        if self._before is not None:
            self._before = self._transposed(self._before, first, second)

    def _transposed(self, state: RoundState, first: int, second: int) -> RoundState:
        if first == second:
            return state

        def relabel(tile: int) -> int:
            return second if tile == first else first if tile == second else tile

        wall = Wall(tuple(relabel(tile) for tile in state.wall.tiles), state.wall.players, state.wall.dice)
        players = list(state.players)
        changed = [
            index for index, player in enumerate(players) if first in player.hand or second in player.hand
        ]
        for index in changed:
            hand = tuple(sorted(relabel(tile) for tile in players[index].hand))
            players[index] = dataclasses.replace(players[index], hand=hand)
        tile = relabel(state.tile) if state.tile is not None else None
        state = dataclasses.replace(state, wall=wall, players=tuple(players), tile=tile)
        for index in changed:
            if index != self.seat:  # the seat's own 3n+1 tiles never change, so neither do its waits
                players[index] = self._with_waits(state, index)
        return dataclasses.replace(state, players=tuple(players))

    def _with_waits(self, state: RoundState, seat: int) -> PlayerState:
        """An opponent with the waits the engine would keep for its (relabelled) concealed tiles."""
        player = state.players[seat]
        concealed = list(player.hand)
        if len(concealed) % 3 == 2:
            if state.phase is not Phase.TURN or state.seat != seat or state.tile not in concealed:
                return player  # right after a call the engine keeps the waits from before it
            concealed.remove(state.tile)
        counts = [0] * 34
        for tile in concealed:
            counts[tile >> 2] += 1
        held = list(counts)
        for meld in player.melds:
            for tile in meld.tiles:
                held[tile >> 2] += 1
        found = waits_of(counts, three_player=self.rules.three_player, held=held)
        return dataclasses.replace(player, waits=tuple(found))

    # --- engine steps --------------------------------------------------------------------------------

    def _resolve_claims(self) -> None:
        """Everyone passed on the tile the mirror waits on (the stream went on without a call or win)."""
        state = self.state
        if state is None or self.ended or state.phase not in CLAIM_PHASES:
            return
        legal = legal_actions(state)
        if not legal:
            # relabelled stand-ins left nobody able to claim: play the step again, it now runs on by itself
            last = self._before_choice
            if self._before is None or last is None:
                raise MjaiError(f"cannot go on: {self.describe_wait()}")
            self.state, self._before = self._before, None
            self._replay(last, keep=set())
            state = self._live()
            legal = legal_actions(state) if state.phase in CLAIM_PHASES else {}
        if legal:
            self._apply(dict.fromkeys(legal, PASS))
        self._before = None

    def _replay(self, last: tuple[int, Action], *, keep: set[int]) -> None:
        """Play a discard, kan or kita again on the state before it (stand-ins may have changed since)."""
        actor, choice = last
        opponent = actor != self.seat
        if opponent and isinstance(choice, Discard) and choice.riichi:
            # tiles may have come out of the riichi stand-in hand since: make it tenpai again
            choice = self._riichi_hand(actor, choice, keep=keep)
        elif opponent and isinstance(choice, Ankan) and self._live().players[actor].riichi:
            self._stand_in_riichi_kan(actor, choice.kind, keep=keep)
        action = self._offered(actor, choice)
        if action is None:
            raise MjaiError(
                f"cannot replay seat {actor}'s {type(choice).__name__.lower()} with the tiles shown"
            )
        self._apply({actor: action})

    def _declare(self, actor: int, wanted: Action, what: str) -> list[Event]:
        action = self._offered(actor, wanted)
        if action is None:
            raise MjaiError(f"seat {actor} may not declare {what} now")
        before = self._live()
        events = self._apply({actor: action})
        self._before, self._before_choice = before, (actor, action)
        return _first(events, (MeldCalled, KitaDeclared))

    def _apply(self, choices: dict[int, Action]) -> tuple[Event, ...]:
        try:
            state, events = apply(self._live_or_claim(), choices)
        except IllegalActionError as error:
            raise MjaiError(f"the rules do not allow it: {error}") from None
        self.state = state
        return events

    def _offered(self, actor: int, wanted: Action) -> Action | None:
        """The legal action of ``actor`` that plays as ``wanted`` (same kind of tiles and red-ness)."""
        state = self._live()
        options = legal_actions(state).get(actor, ())
        if wanted in options:
            return wanted
        drawn = state.tile if state.phase is Phase.TURN else None
        for option in options:
            if isinstance(wanted, Discard) and isinstance(option, Discard):
                if (
                    option.riichi == wanted.riichi
                    and self._signature(option.tile) == self._signature(wanted.tile)
                    and (option.tile == drawn) == (wanted.tile == drawn)
                ):
                    return option
            elif isinstance(wanted, Shouminkan | Kita) and isinstance(option, Shouminkan | Kita):
                same_kind = type(option) is type(wanted)
                if same_kind and self._signature(option.tile) == self._signature(wanted.tile):
                    return option
        return None

    def _turn_of(self, actor: int, what: str) -> None:
        self._resolve_claims()
        state = self._live()
        if state.phase is not Phase.TURN or state.seat != actor:
            raise MjaiError(f"{what} by seat {actor}, but {self.describe_wait()}")

    # --- small helpers -------------------------------------------------------------------------------

    def _live(self) -> RoundState:
        if self.state is None:
            raise MjaiError("no hand is in play (no start_kyoku yet)")
        if self.ended:
            raise MjaiError("the hand is already over")
        return self.state

    def _live_or_claim(self) -> RoundState:
        if self.state is None:
            raise MjaiError("no hand is in play (no start_kyoku yet)")
        return self.state

    def _own_seat(self) -> int:
        if self.seat is None:
            raise MjaiError("no start_game yet")
        return self.seat

    def _take(self, name: object, free: set[int]) -> int:
        for tile in tile_ids(name, self.rules):
            if tile in free:
                free.remove(tile)
                return tile
        raise MjaiError(f"more {name} than the tile set holds")

    def _name(self, tile: int | None) -> str:
        return "nothing" if tile is None else self._names.get(tile, "?")

    def _signature(self, tile: int) -> tuple[int, bool]:
        return parse_tile(self._names[tile], self.rules)

    def _seat_field(self, message: Message, key: str) -> int:
        value = message.get(key)
        n = self.rules.players
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise MjaiError(f"'{key}' must be a seat from 0 to {n - 1}, got {value!r}")
        return value

    def _tile_field(self, message: Message, key: str) -> str:
        value = message.get(key)
        parse_tile(value, self.rules)
        assert isinstance(value, str)
        return value

    def _tiles_field(self, message: Message, key: str, count: int) -> list[str]:
        value = message.get(key)
        if not isinstance(value, list) or len(value) != count:
            raise MjaiError(f"'{key}' must list {count} tiles, got {value!r}")
        for name in value:
            parse_tile(name, self.rules)
        return [str(name) for name in value]


def _first(events: Iterable[Event], kinds: type | tuple[type, ...]) -> list[Event]:
    """The first event of these types, as a list (empty if there is none)."""
    return next(([event] for event in events if isinstance(event, kinds)), [])


def _int_field(message: Message, key: str, low: int, high: int | None = None) -> int:
    value = message.get(key)
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise MjaiError(f"'{key}' must be a whole number {span}, got {value!r}")
    return value


def _seats_list(message: Message, key: str, players: int) -> list[Any]:
    """A per-seat list: one entry per player, or mjai's four with an empty fourth for three players."""
    value = message.get(key)
    if not isinstance(value, list) or len(value) not in (players, 4):
        raise MjaiError(f"'{key}' must list one entry per seat, got {value!r}")
    return value[:players]
