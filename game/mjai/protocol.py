"""mjai messages for live play: tile names, one seat's events as mjai events, and actions to and from mjai.

Events and field names are Mortal's libriichi (``mjai/event.rs``) as mjai.app sends them: ``start_game``
(with ``id``, the bot's seat), ``start_kyoku``, ``tsumo``, ``dahai``, ``chi``/``pon``/``daiminkan``
(``actor``, ``target``, ``pai``, ``consumed``), ``kakan``, ``ankan``, ``dora``, ``reach``, ``reach_accepted``,
``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``; a three-player kita is ``nukidora`` and three-player
games keep four seats, as game/logs/mjai.py writes them. Tiles as in game.logs.mjai: "5mr" is a red five.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.logs.mjai import UNKNOWN_TILE, mjai_tile
from game.view import HIDDEN, SeatView
from rules.actions import (
    PASS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kita,
    Kyuushu,
    Pass,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from rules.events import (
    AbortiveDraw,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
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
from rules.ruleset import RuleSet
from rules.tiles import THREE_PLAYER_ABSENT, is_red

Message = dict[str, Any]
"""One mjai event or action as decoded JSON."""

MJAI_SEATS = 4
"""mjai streams always have four seats; three-player games leave the fourth empty."""
WIND_NAMES = ("E", "S", "W", "N")
_HONOR_NAMES = ("E", "S", "W", "N", "P", "F", "C")
_SUITS = "mps"
_CALL_TYPES = {
    MeldType.CHI: "chi",
    MeldType.PON: "pon",
    MeldType.DAIMINKAN: "daiminkan",
    MeldType.ANKAN: "ankan",
    MeldType.SHOUMINKAN: "kakan",
}


class MjaiError(ValueError):
    """An mjai message that is malformed or does not fit the game; the message says what is wrong."""


def none_message() -> Message:
    """The answer that does nothing (also a pass on a call or win)."""
    return {"type": "none"}


def tile_name(tile: int, rules: RuleSet) -> str:
    """The mjai name of a tile id under the rule set's red fives.

    >>> from rules.ruleset import preset
    >>> tile_name(16, preset("standard")), tile_name(17, preset("standard"))
    ('5mr', '5m')
    """
    return mjai_tile(tile, rules.red_fives)


def parse_tile(name: object, rules: RuleSet) -> tuple[int, bool]:
    """The kind and red-ness an mjai tile name stands for; MjaiError if no such tile is in the rule set's set.

    >>> from rules.ruleset import preset
    >>> parse_tile("5pr", preset("standard")), parse_tile("C", preset("standard"))
    ((13, True), (33, False))
    """
    if not isinstance(name, str):
        raise MjaiError(f"a tile name must be a string, got {name!r}")
    if name in _HONOR_NAMES:
        return 27 + _HONOR_NAMES.index(name), False
    red = name.endswith("r") and len(name) == 3
    body = name[:2] if red else name
    if len(body) != 2 or body[0] not in "123456789" or body[1] not in _SUITS or (red and body[0] != "5"):
        raise MjaiError(f"{name!r} is not an mjai tile name")
    kind = _SUITS.index(body[1]) * 9 + int(body[0]) - 1
    if rules.three_player and kind in THREE_PLAYER_ABSENT:
        raise MjaiError(f"there is no {name} in the three-player set")
    if red and rules.red_fives[kind // 9] == 0:
        raise MjaiError(f"there is no red {body} under rule set {rules.name!r}")
    return kind, red


def tile_ids(name: object, rules: RuleSet) -> tuple[int, ...]:
    """Every tile id an mjai name may stand for (the plain or the red copies of its kind)."""
    kind, red = parse_tile(name, rules)
    return tuple(tile for tile in range(kind * 4, kind * 4 + 4) if is_red(tile, rules.red_fives) == red)


def _names(tiles: Sequence[int], rules: RuleSet) -> list[str]:
    """Names of tiles in id order (a red five before the plain ones), as mjai consumed lists have them."""
    return [tile_name(tile, rules) for tile in sorted(tiles)]


def _four(values: Sequence[int]) -> list[int]:
    return list(values) + [0] * (MJAI_SEATS - len(values))


class MjaiEventWriter:
    """Turns the events one seat observes (already redacted for it) into the mjai events its bot reads."""

    def __init__(self, seat: int, rules: RuleSet) -> None:
        self.seat = seat
        self.rules = rules
        self.reach_announced = False  # our reach event already went out while the bot chose its tile
        self._pons: dict[tuple[int, int], tuple[int, ...]] = {}  # (seat, kind) -> the pon's tiles

    def start_game(self) -> Message:
        """The ``start_game`` event that opens the stream, naming the bot's seat as ``id``."""
        names = [str(seat) for seat in range(self.rules.players)]
        return {"type": "start_game", "id": self.seat, "names": names + [""] * (MJAI_SEATS - len(names))}

    def tile(self, tile: int) -> str:
        """A tile's name, "?" for a hidden one."""
        return UNKNOWN_TILE if tile == HIDDEN else tile_name(tile, self.rules)

    def convert(self, event: Event) -> list[Message]:
        """The mjai events for one of our events (a riichi discard is ``reach`` then ``dahai``)."""
        if isinstance(event, RoundStarted):
            return [self._start_kyoku(event)]
        if isinstance(event, TileDrawn):
            return [{"type": "tsumo", "actor": event.seat, "pai": self.tile(event.tile)}]
        if isinstance(event, TileDiscarded):
            messages: list[Message] = []
            if event.riichi and not (event.seat == self.seat and self.reach_announced):
                messages.append({"type": "reach", "actor": event.seat})
            if event.seat == self.seat:
                self.reach_announced = False
            messages.append(
                {
                    "type": "dahai",
                    "actor": event.seat,
                    "pai": self.tile(event.tile),
                    "tsumogiri": event.tsumogiri,
                }
            )
            return messages
        if isinstance(event, RiichiAccepted):
            return [{"type": "reach_accepted", "actor": event.seat}]
        if isinstance(event, MeldCalled):
            return [self._call(event)]
        if isinstance(event, KitaDeclared):
            return [{"type": "nukidora", "actor": event.seat, "pai": self.tile(event.tile)}]
        if isinstance(event, DoraRevealed):
            return [{"type": "dora", "dora_marker": self.tile(event.indicator)}]
        if isinstance(event, HandWon):
            target = event.seat if event.discarder is None else event.discarder
            return [
                {
                    "type": "hora",
                    "actor": event.seat,
                    "target": target,
                    "deltas": _four(event.deltas),
                    "ura_markers": [self.tile(tile) for tile in event.ura_indicators],
                }
            ]
        if isinstance(event, ExhaustiveDraw):
            return [{"type": "ryukyoku", "deltas": _four(event.deltas)}]
        if isinstance(event, AbortiveDraw):
            return [{"type": "ryukyoku", "deltas": _four((0,) * self.rules.players)}]
        assert isinstance(event, RoundEnded)
        self._pons = {}
        return [{"type": "end_kyoku"}]

    def _start_kyoku(self, event: RoundStarted) -> Message:
        tehais = [
            [self.tile(tile) for tile in hand] if seat == self.seat else [UNKNOWN_TILE] * 13
            for seat, hand in enumerate(event.hands)
        ]
        tehais += [[UNKNOWN_TILE] * 13] * (MJAI_SEATS - len(tehais))
        return {
            "type": "start_kyoku",
            "bakaze": WIND_NAMES[event.round_wind],
            "dora_marker": self.tile(event.dora_indicator),
            "kyoku": event.kyoku + 1,
            "honba": event.honba,
            "kyotaku": event.riichi_sticks,
            "oya": event.dealer,
            "scores": _four(event.scores),
            "tehais": tehais,
        }

    def _call(self, event: MeldCalled) -> Message:
        meld = event.meld
        message: Message = {"type": _CALL_TYPES[meld.type], "actor": event.seat}
        if meld.type is MeldType.PON:
            self._pons[(event.seat, meld.kind)] = meld.tiles
        if meld.type is MeldType.ANKAN:
            message["consumed"] = _names(meld.tiles, self.rules)
        elif meld.type is MeldType.SHOUMINKAN:
            pon = self._pons.get((event.seat, meld.kind), ())
            added = [tile for tile in meld.tiles if tile not in pon]
            if len(added) != 1:  # joined mid-hand without the pon: the called tile is the pon's own
                added = [max(tile for tile in meld.tiles if tile != meld.called)]
            message["pai"] = self.tile(added[0])
            message["consumed"] = _names([tile for tile in meld.tiles if tile != added[0]], self.rules)
        else:
            assert event.discarder is not None
            assert meld.called is not None
            message["target"] = event.discarder
            message["pai"] = self.tile(meld.called)
            message["consumed"] = _names([tile for tile in meld.tiles if tile != meld.called], self.rules)
        return message

    def end_game(self) -> Message:
        """The ``end_game`` event that closes the stream."""
        return {"type": "end_game"}


def action_to_mjai(action: Action, view: SeatView, rules: RuleSet) -> Message:
    """The mjai message for one of our actions, answered from ``view`` (a riichi discard is ``reach``)."""
    seat = view.seat
    if isinstance(action, Discard):
        if action.riichi:
            return {"type": "reach", "actor": seat}
        return dahai_message(action.tile, view, rules)
    if isinstance(action, Tsumo):
        drawn = view.drawn if view.drawn is not None else HIDDEN
        return {"type": "hora", "actor": seat, "target": seat, "pai": _name_or_unknown(drawn, rules)}
    if isinstance(action, Ron):
        claimed = view.claimable if view.claimable is not None else HIDDEN
        return {"type": "hora", "actor": seat, "target": view.turn, "pai": _name_or_unknown(claimed, rules)}
    if isinstance(action, Chi | Pon):
        assert view.claimable is not None
        return {
            "type": "chi" if isinstance(action, Chi) else "pon",
            "actor": seat,
            "target": view.turn,
            "pai": tile_name(view.claimable, rules),
            "consumed": _names(action.tiles, rules),
        }
    if isinstance(action, Daiminkan):
        assert view.claimable is not None
        kind = view.claimable >> 2
        return {
            "type": "daiminkan",
            "actor": seat,
            "target": view.turn,
            "pai": tile_name(view.claimable, rules),
            "consumed": _names([tile for tile in view.hand if tile >> 2 == kind], rules),
        }
    if isinstance(action, Ankan):
        return {
            "type": "ankan",
            "actor": seat,
            "consumed": _names([tile for tile in view.hand if tile >> 2 == action.kind], rules),
        }
    if isinstance(action, Shouminkan):
        pon = next(
            (
                meld
                for meld in view.players[seat].melds
                if meld.type is MeldType.PON and meld.kind == action.tile >> 2
            ),
            None,
        )
        return {
            "type": "kakan",
            "actor": seat,
            "pai": tile_name(action.tile, rules),
            "consumed": _names(pon.tiles if pon is not None else (), rules),
        }
    if isinstance(action, Kita):
        return {"type": "nukidora", "actor": seat, "pai": tile_name(action.tile, rules)}
    if isinstance(action, Kyuushu):
        return {"type": "ryukyoku"}
    return none_message()


def dahai_message(tile: int, view: SeatView, rules: RuleSet) -> Message:
    """The ``dahai`` of a tile from hand; ``tsumogiri`` when it is the tile just drawn."""
    return {
        "type": "dahai",
        "actor": view.seat,
        "pai": tile_name(tile, rules),
        "tsumogiri": tile == view.drawn,
    }


def _name_or_unknown(tile: int, rules: RuleSet) -> str:
    return UNKNOWN_TILE if tile == HIDDEN else tile_name(tile, rules)


def action_from_mjai(
    message: Message, view: SeatView, legal: tuple[Action, ...], rules: RuleSet, *, riichi: bool = False
) -> Action | None:
    """The offered action an mjai answer names, or None when it names none of them.

    ``riichi``: the answer is the dahai after our ``reach``, so it names one of the riichi discards. A
    ``reach`` answer itself is not an action here (it takes a second exchange); it gives None.
    """
    kind = message.get("type")
    actor = message.get("actor", view.seat)
    if actor != view.seat:
        return None
    try:
        if kind == "none":
            return PASS if any(isinstance(action, Pass) for action in legal) else None
        if kind == "dahai":
            return _match_dahai(message, view, legal, rules, riichi=riichi)
        if riichi:
            return None
        if kind == "hora":
            return next((action for action in legal if isinstance(action, Tsumo | Ron)), None)
        if kind in ("chi", "pon"):
            consumed = sorted(parse_tile(name, rules) for name in _name_list(message.get("consumed")))
            wanted = Chi if kind == "chi" else Pon
            for action in legal:
                if (
                    isinstance(action, wanted)
                    and sorted(_signature(t, rules) for t in action.tiles) == consumed
                ):
                    return action
            return None
        if kind == "daiminkan":
            return next((action for action in legal if isinstance(action, Daiminkan)), None)
        if kind == "ankan":
            kinds = {parse_tile(name, rules)[0] for name in _name_list(message.get("consumed"))}
            if len(kinds) != 1:
                return None
            return next((a for a in legal if isinstance(a, Ankan) and a.kind in kinds), None)
        if kind == "kakan":
            wanted_tile = parse_tile(message.get("pai"), rules)
            return next(
                (a for a in legal if isinstance(a, Shouminkan) and _signature(a.tile, rules) == wanted_tile),
                None,
            )
        if kind in ("nukidora", "kita"):
            return next((action for action in legal if isinstance(action, Kita)), None)
        if kind == "ryukyoku":
            return next((action for action in legal if isinstance(action, Kyuushu)), None)
    except MjaiError:
        return None
    return None


def _match_dahai(
    message: Message, view: SeatView, legal: tuple[Action, ...], rules: RuleSet, *, riichi: bool
) -> Action | None:
    wanted = parse_tile(message.get("pai"), rules)
    candidates = [
        action
        for action in legal
        if isinstance(action, Discard)
        and action.riichi == riichi
        and _signature(action.tile, rules) == wanted
    ]
    tsumogiri = message.get("tsumogiri")
    if isinstance(tsumogiri, bool):
        exact = [action for action in candidates if (action.tile == view.drawn) == tsumogiri]
        # a wrong tsumogiri flag still names the tile: take the other copy rather than refuse the discard
        candidates = exact or candidates
    return candidates[0] if candidates else None


def _signature(tile: int, rules: RuleSet) -> tuple[int, bool]:
    return tile >> 2, is_red(tile, rules.red_fives)


def _name_list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise MjaiError(f"expected a list of tile names, got {value!r}")
    return value


def is_offered(action: object, legal: tuple[Action, ...]) -> bool:
    """Whether ``action`` is exactly one of the offered actions (any odd object simply is not)."""
    try:
        return any(type(action) is type(option) and action == option for option in legal)
    except Exception:
        return False


def fallback_action(view: SeatView, legal: tuple[Action, ...]) -> Action:
    """The safe answer when a bot's own is missing or bad: Pass, else tsumogiri, else the first discard."""
    if PASS in legal:
        return PASS
    if view.drawn is not None and Discard(view.drawn) in legal:
        return Discard(view.drawn)
    return next((action for action in legal if isinstance(action, Discard)), legal[0])
