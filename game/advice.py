"""What the table screen tells a human about their hand: which discards are allowed (and why not), the waits
each discard leaves with their unseen copies, furiten and "no yaku", and a status line for the hand as held.
Pure and quick (once per decision, not per frame); every rule comes from the engine's legal list or scorer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.ai.hand import counts_of, unseen_counts
from game.view import Phase, SeatView
from rules.actions import Action, Discard
from rules.ruleset import RuleSet
from rules.scoring import HandError, WinSituation, score_hand
from rules.shanten import shanten as shanten_of
from rules.shanten import waits as waits_of
from rules.tiles import TILE_COUNT

REASON_KUIKAE = "reason.kuikae"
"""Right after a chi or pon: this kind may not be discarded (kuikae)."""
REASON_RIICHI_LOCKED = "reason.riichi_locked"
"""In riichi: only the drawn tile (or what the engine offers) may be discarded."""
REASON_RIICHI_KEEPS_TENPAI = "reason.riichi_keeps_tenpai"
"""Choosing a riichi discard: this one would not leave the hand tenpai."""
REASON_RIICHI_DEAD_WAIT = "reason.riichi_dead_wait"
"""Choosing a riichi discard: tenpai, but every copy of the waits is in sight (karaten riichi is off)."""
UNKNOWN_SHANTEN = 8
"""The shanten given while the hand still holds a flower: no reading of a short hand is meaningful."""
REASON_FLOWER = "reason.flower"
"""A flower (the flowers option) is set aside, never discarded."""
REASON_KEYS = (
    REASON_KUIKAE,
    REASON_RIICHI_LOCKED,
    REASON_RIICHI_KEEPS_TENPAI,
    REASON_RIICHI_DEAD_WAIT,
    REASON_FLOWER,
)
"""Every catalogue key a ``DiscardInfo.reason`` can hold."""


@dataclass(frozen=True)
class DiscardInfo:
    """One hand tile as a discard: may it go (if not, the catalogue key of the reason), and what it leaves.

    ``waits`` are the kinds the hand waits on after this discard (empty unless tenpai), ``remaining`` their
    copies this seat has not seen, ``furiten`` whether a ron on them would be refused for furiten, ``no_yaku``
    whether the hand could not ron at all without riichi (see ``discard_advice``), ``yaku_waits`` the waits
    on which a ron without riichi has a yaku, and ``shanten`` the shanten left (0 tenpai).
    """

    allowed: bool
    reason: str | None
    shanten: int
    waits: tuple[int, ...]
    remaining: int
    furiten: bool
    no_yaku: bool
    yaku_waits: tuple[int, ...]


@dataclass(frozen=True)
class HandStatus:
    """The hand as held, for a status line.

    ``shanten`` is that of the hand itself: for a hand holding a tile to discard (3n+2) the best after one
    discard, -1 for a complete hand. ``waits`` (with ``remaining`` unseen copies, ``furiten``, ``no_yaku``
    and ``yaku_waits`` as in ``DiscardInfo``) are those of the waiting hand: the hand itself between turns,
    the hand before the draw while a drawn tile is held, none right after a call.
    """

    shanten: int
    waits: tuple[int, ...]
    remaining: int
    furiten: bool
    no_yaku: bool
    yaku_waits: tuple[int, ...]


def offered_discard(
    legal: Iterable[Action], tile: int, drawn: int | None, *, riichi: bool = False
) -> Discard | None:
    """The offered discard that discarding hand tile ``tile`` plays (with or without riichi), or None.

    The engine offers the drawn tile by its id and one copy of each other kind and red-ness; another copy
    plays as the offered one. Red fives are the lowest copies of a kind (rules.tiles), so the offered copy
    standing for ``tile`` is the highest offered id of its kind not above it, the drawn tile left aside.
    """
    options = [action for action in legal if isinstance(action, Discard) and action.riichi == riichi]
    exact = Discard(tile, riichi)
    if exact in options:
        return exact
    if tile == drawn:
        return None  # tsumogiri is offered by the drawn tile's own id only
    same = [
        action
        for action in options
        if action.tile >> 2 == tile >> 2 and action.tile != drawn and action.tile < tile
    ]
    return max(same, key=lambda action: action.tile) if same else None


def discard_advice(
    view: SeatView, legal: Sequence[Action], rules: RuleSet, *, riichi: bool = False
) -> dict[int, DiscardInfo]:
    """Each tile id in hand as a discard (empty when no discard is offered); ``riichi``: as a riichi discard.

    "No yaku" means the hand would be tenpai but could not win by ron without riichi: with atozuke (the
    usual rule) no wait gives a yaku, without it some wait gives none (then the engine refuses every ron).
    An open hand so marked cannot win at all; a closed one can still win by riichi or menzen tsumo. It is
    never set for a hand in riichi or a discard that declares riichi. Situational yaku (haitei, houtei,
    chankan, rinshan, ippatsu) are left out; the 5-honba two-han minimum is applied as the engine does.
    """
    if not any(isinstance(action, Discard) for action in legal):
        return {}
    own = view.players[view.seat]
    in_riichi = own.riichi
    if _holds_flower(view):
        # A flower still in hand (the flowers option) leaves too few tiles for any discard to be tenpai.
        return {
            tile: DiscardInfo(
                allowed=tile < TILE_COUNT and offered_discard(legal, tile, view.drawn) is not None,
                reason=REASON_FLOWER if tile >= TILE_COUNT else None,
                shanten=UNKNOWN_SHANTEN,
                waits=(),
                remaining=0,
                furiten=False,
                no_yaku=False,
                yaku_waits=(),
            )
            for tile in view.hand
        }
    analysis = _Analysis(view, rules)
    advice: dict[int, DiscardInfo] = {}
    for tile in view.hand:
        action = offered_discard(legal, tile, view.drawn, riichi=riichi)
        kind_info = analysis.after_discard(tile)
        shanten, waits, remaining, furiten, yaku_waits = kind_info
        reason: str | None = None
        if action is None:
            if in_riichi:
                reason = REASON_RIICHI_LOCKED
            elif riichi and offered_discard(legal, tile, view.drawn) is not None:
                reason = REASON_RIICHI_DEAD_WAIT if waits else REASON_RIICHI_KEEPS_TENPAI
            elif view.phase is Phase.AFTER_CALL:
                reason = REASON_KUIKAE
        declares_riichi = in_riichi or (riichi and action is not None)
        advice[tile] = DiscardInfo(
            allowed=action is not None,
            reason=reason,
            shanten=shanten,
            waits=waits,
            remaining=remaining,
            furiten=furiten or (in_riichi and view.furiten),
            no_yaku=bool(waits) and not declares_riichi and _lacks_yaku(waits, yaku_waits, rules),
            yaku_waits=yaku_waits,
        )
    return advice


def hand_status(view: SeatView, rules: RuleSet) -> HandStatus:
    """The shanten, waits, furiten and "no yaku" of the hand as held (see ``HandStatus``).

    Give it a view from the table's decision or observer (``view_for``): furiten that the hand's tiles do not
    show (passing a winning tile, riichi furiten) comes from the view's engine-kept flag.
    """
    if _holds_flower(view):
        return HandStatus(UNKNOWN_SHANTEN, (), 0, False, False, ())
    analysis = _Analysis(view, rules)
    shanten = shanten_of(analysis.counts, three_player=rules.three_player)
    if len(view.hand) % 3 == 1:
        waiting: tuple[int, ...] | None = view.hand
    elif view.drawn is not None:
        rest = list(view.hand)
        rest.remove(view.drawn)
        waiting = tuple(rest)
    else:
        waiting = None  # right after a call: nothing to wait on until the discard
    if waiting is None:
        return HandStatus(shanten, (), 0, False, False, ())
    waits, remaining, furiten, yaku_waits = analysis.waiting(waiting)
    riichi = view.players[view.seat].riichi
    return HandStatus(
        shanten=shanten,
        waits=waits,
        remaining=remaining,
        furiten=bool(waits) and (furiten or view.furiten),
        no_yaku=bool(waits) and not riichi and _lacks_yaku(waits, yaku_waits, rules),
        yaku_waits=yaku_waits,
    )


def _holds_flower(view: SeatView) -> bool:
    return any(tile >= TILE_COUNT for tile in view.hand)


def _lacks_yaku(waits: tuple[int, ...], yaku_waits: tuple[int, ...], rules: RuleSet) -> bool:
    """Whether a ron without riichi is refused: no wait with a yaku, or (without atozuke) any wait without."""
    return len(yaku_waits) < len(waits) if not rules.atozuke else not yaku_waits


class _Analysis:
    """The seat's hand, melds and what it can see, computed once per call; results cached per kind."""

    def __init__(self, view: SeatView, rules: RuleSet) -> None:
        self.view = view
        self.rules = rules
        self.three_player = rules.three_player
        own = view.players[view.seat]
        self.own = own
        self.counts = counts_of(view.hand)
        self.held = self.counts.copy()
        for meld in own.melds:
            for tile in meld.tiles:
                self.held[tile >> 2] += 1
        self.unseen = unseen_counts(view)
        self.river_kinds = frozenset(river_tile.tile >> 2 for river_tile in own.river)
        self.used = {*view.hand, *(tile for meld in own.melds for tile in meld.tiles), *own.kita}
        self._by_kind: dict[int, tuple[int, tuple[int, ...], int, bool, tuple[int, ...]]] = {}

    def after_discard(self, tile: int) -> tuple[int, tuple[int, ...], int, bool, tuple[int, ...]]:
        """(shanten, waits, their unseen copies, furiten, waits with a yaku) after discarding ``tile``."""
        kind = tile >> 2
        cached = self._by_kind.get(kind)
        if cached is not None:
            return cached
        counts, held = self.counts, self.held
        counts[kind] -= 1
        held[kind] -= 1
        try:
            shanten = shanten_of(counts, three_player=self.three_player)
            waits = waits_of(counts, three_player=self.three_player, held=held) if shanten == 0 else ()
        finally:
            counts[kind] += 1
            held[kind] += 1
        if waits:
            rest = list(self.view.hand)
            rest.remove(tile)
            # The discard lies in the river from now on: waiting on its kind is furiten too.
            furiten = any(wait in self.river_kinds or wait == kind for wait in waits)
            result = (shanten, waits, self._remaining(waits), furiten, self._yaku_waits(rest, waits))
        else:
            result = (shanten, (), 0, False, ())
        self._by_kind[kind] = result
        return result

    def waiting(self, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], int, bool, tuple[int, ...]]:
        """(waits, unseen copies, river furiten, waits with a yaku) of a 3n+1 hand of this seat."""
        counts = counts_of(tiles)
        held = counts.copy()
        for meld in self.own.melds:
            for tile in meld.tiles:
                held[tile >> 2] += 1
        waits = waits_of(counts, three_player=self.three_player, held=held)
        if not waits:
            return (), 0, False, ()
        furiten = any(wait in self.river_kinds for wait in waits)
        return waits, self._remaining(waits), furiten, self._yaku_waits(list(tiles), waits)

    def _remaining(self, waits: tuple[int, ...]) -> int:
        return sum(self.unseen[wait] for wait in waits)

    def _yaku_waits(self, tiles: list[int], waits: tuple[int, ...]) -> tuple[int, ...]:
        """The waits on which a plain ron (no riichi) of ``tiles`` with the seat's melds scores a yaku."""
        view = self.view
        found = []
        for wait in waits:
            free = [wait * 4 + copy for copy in range(4) if wait * 4 + copy not in self.used]
            if not free:  # every copy is in this seat's hand, melds or kita: nothing left to win on
                continue
            win_tile = free[0]
            situation = WinSituation(
                win_tile=win_tile,
                is_tsumo=False,
                discarder=1,
                seat_wind=view.seat_wind,
                round_wind=view.round_wind,
                dora_indicators=view.dora_indicators,
                honba=view.honba,
                kita=len(self.own.kita) if self.three_player else 0,
            )
            try:
                score_hand((*tiles, win_tile), self.own.melds, situation, self.rules)
            except HandError:
                continue
            found.append(wait)
        return tuple(found)
