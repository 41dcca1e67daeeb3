"""The AI seat: one decision procedure whose style (mistakes, value sense, defence, placement) sets its level.

Every choice is made from the seat's own view, the events it was shown and the legal list. Randomness comes
from a generator seeded anew for each decision from (seat seed, hand, events seen in it), never from a running
stream, so a match rebuilt from its actions asks each seat the same question and gets the same answer.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.ai.danger import Memory, Threat, danger_costs, threats
from game.ai.hand import (
    YAOCHUU,
    Candidate,
    advances,
    counts_of,
    discard_candidates,
    dora_kinds,
    estimate_han,
    has_yaku_path,
    improving,
    improving_kinds,
    points_for_han,
    ukeire,
    unseen_counts,
    yakuhai_han,
)
from game.ai.lookahead import Lookahead
from game.view import Phase, SeatView
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
from rules.events import Event, RoundStarted
from rules.match import WINDS_PLAYED
from rules.meld import Meld, MeldType
from rules.points import base_points, ceil100
from rules.ruleset import RuleSet
from rules.scoring import HandError, HandValue, WinSituation, score_hand
from rules.shanten import shanten, shanten_kokushi
from rules.tiles import KIND_COUNT, TILE_COUNT

# a tenpai hand, its melds and what else adds han to its wins: dora indicators, red fives, kita, flowers
_Held = tuple[bytes, tuple[Meld, ...], tuple[int, ...], int, int, int]


@dataclass(frozen=True)
class Style:
    """What sets a level apart."""

    name: str
    mistake_rate: float  # chance of a careless discard (easy)
    noise: float  # relative noise on ukeire when comparing discards
    value_aware: bool  # weigh speed by hand value (strong)
    defence: str  # "rare", "rules" (fold a weak hand against riichi) or "ev" (push or fold by expected value)
    yakuless_call_rate: float  # chance of a call without a yaku path (a beginner's mistake)
    reads_open_hands: bool  # treat open hands as threats
    placement: bool  # all-last awareness
    counts_visible: bool  # ukeire counts only the copies not yet seen (else every copy not in hand)
    counts_tiles: bool  # defence reads kabe, one-chance and seen copies (else genbutsu, suji, honours only)
    lookahead: int = 0  # steps from tenpai through which offence follows every improving draw (0: estimate)
    riichi_ev: bool = False  # riichi or dama by expected points (else by rules of thumb)

    def __deepcopy__(self, memo: dict[int, object]) -> Style:
        """A level is a constant: a copied seat (as in a rollout) keeps its level (told apart by identity)."""
        return self


EASY = Style("easy", 0.12, 0.45, False, "rare", 0.35, False, False, False, False)
NORMAL = Style("normal", 0.0, 0.0, False, "rules", 0.0, False, False, False, False)
STRONG = Style("strong", 0.0, 0.0, True, "ev", 0.0, True, True, True, True, lookahead=2, riichi_ev=True)
STYLES = {style.name: style for style in (EASY, NORMAL, STRONG)}

# Typical ukeire at each shanten once the hand has improved to it (for the chance to win from further away).
_TYPICAL_UKEIRE = (5, 20, 34, 46, 56, 64, 70, 74, 76)


DAMA_RON = 0.5  # per other seat, ron chances of a dama tenpai against own draws (nobody folds against it)
RIICHI_RON = 0.25  # the same for a riichi, which the others fold against
# the same for an open hand: measured at our table, kobalab's AI never folds against one, and an open strong
# seat's wins came 2.65 rons to a tsumo over 400 hanchan against it (seed 38001; 2.3 among four strong seats)
OPEN_RON = 0.9
RIICHI_HOLD = 0.5  # of the chance that a quiet seat ends the hand first, what is left once it folds to riichi
RIICHI_EXTRA_HAN = (0.35, 0.45, 0.2)  # a riichi win's han beyond riichi itself: ippatsu, ura dora, tsumo
DAMA_WIN_BONUS = 1500.0  # a win ends the hand before the others can win (riichi or dama alike)
FIRST_PLACE_POINTS = 12000.0  # what first place is worth over second in points (uma and oka), roughly
PLACE_POINTS = 14000.0  # in the last hand, what one place climbed or lost is worth in points
PLACED_SHARE = 0.15  # in the last hand, what the points of a win or deal-in count beside the places they move
PLACE_TSUMO = 0.4  # of a win's chances, the share by tsumo (the rest: ron from any other seat alike)
RIICHI_EXTRAS = 1.3  # ura dora, ippatsu and menzen tsumo on top of a riichi ron, on average
WIN_BONUS = 1500.0  # a win also ends the hand before the others can win or take points meanwhile
_END_PER_DRAW = 0.05
PUSH_RISK = 0.035  # deal-in share of each later discard while pushing (unknown tiles against a tenpai hand)
FOLD_RISK = 0.006  # the same while folding (safe tiles run out now and then)
# how much a bigger hand is worth a slower one: value is compressed toward 6000. Against kobalab's AI in
# duplicate play 0.7 ranked 0.057 ± 0.031 better than 0.6 over 300 paired hanchan (seed 43001) and
# 0.058 ± 0.057 over 156 (44001); 0.8 was no better than 0.7 (+0.033 ± 0.061 over 121, seed 46001)
VALUE_POWER = 0.7
# per number of players, of the noten payments' total, what tenpai when the wall runs out gains over noten:
# with four players and 3,000 in all it is 3,000 when no other seat or all three are tenpai, and 2,500 when
# one or two are (+1,500 against -1,000, +1,000 against -1,500); with three players and 2,000 in all it is
# always 2,000 (+2,000 against 0, +1,000 against -1,000, 0 against -2,000)
NOTEN_SHARE = {4: 0.9, 3: 1.0}
# per own draw, how much less likely the hand is to reach the exhaustive draw than ``alive`` alone says
# (others win, or riichi and win, more often as the wall runs down). Where the seat did not win, the hand ran
# out in 100 logged four-strong hanchan 89% of the time with one own draw left, 77% with two, 55% with four,
# 33% with eight and 22% with fifteen: about 0.87 a draw, where the 0.95 of ``alive`` alone gives 46% with
# fifteen.
DRAW_REACH = 0.915
FOLD_WEIGHT = 0.6  # two-shanten or worse never pushes against a threat this likely to be tenpai
THREAT_END = 0.1  # per own draw, the chance that a tenpai threat ends the hand (its tsumo or another's ron)
NAGASHI_UNCALLED = 0.9  # chance that a terminal or honour discard is not called
CALL_SHARE = 0.3  # per other seat and own draw, the chance of a call that an open hand's draw would give
# per shanten (0, 1, 2), how much faster than its strict ukeire a hand moves on in the look-ahead: draws that
# widen its shape and calls a closed hand makes later. Fitted to the strong seat's own hands in 400 hanchan
# against kobalab (seed 38001): without it the look-ahead gave its closed two-shanten hands with 48+ tiles
# left a 15.2% chance to win where 23.2% of 2197 won (open ones 23.7% against 31.6%); 1.6 brings them to
# about 20% (and mid-hand ones, 12.1% where 13.6% won, to about 16.5%). One-shanten hands were left alone.
LOOKAHEAD_PACE = (1.0, 1.0, 1.6)
SURE_CALL = 1.0  # the least gain of a call taken for speed (above any call the estimate finds worth nothing)
FORMAL_TENPAI_DRAWS = 4  # own draws left from which a call to a tenpai without a yaku is weighed
# Strong takes no call but a yakuhai pon that leaves its hand this many steps or more from tenpai: a cheap
# hand still far away (a closed hand gives up its riichi for it); an open hand is held to it too, as measured.
# A special case, not a fix of the far estimate, which reads such a hand as faster than it is.
# On seed 70001's logs strong opened 3.9% of its hands so, kobalab's AI 1.8%, and they won 9-25%. Paired
# (tools.paired_play, hand mode): +32 +- 25 points a hand against kobalab's seats (600 trials, 8 differing),
# +3.6 +- 14.8 among strong seats (3,000 trials, 66 differing); not significant either way.
FAR_CALL = 3
# A closed tenpai that can ron dama stays dama on a wait of DAMA_LIVE or fewer unseen copies once fewer than
# DAMA_TILES tiles are left in the wall (except in the last hand, where places are weighed). Playing for
# speed far from tenpai brings more hands to tenpai, and four strong seats then declared riichi on 25.1% of
# hands (seed 1, 200 hanchan; the band is 15-24%); with this rule 22.4%, inside it.
DAMA_LIVE = 4
DAMA_TILES = 40


@lru_cache(maxsize=65536)
def win_chance(
    shanten_left: int,
    accepted: int,
    draws: int,
    pool: int,
    ron_factor: float,
    next_accepted: float = 0.0,
    alive: float = 1.0 - _END_PER_DRAW,
) -> float:
    """Chance to complete a hand ``shanten_left`` from tenpai with ``accepted`` improving tiles unseen, in
    ``draws`` own draws from ``pool`` unseen tiles, while the hand may end at each draw; at tenpai each
    go-round also gives ron chances. ``next_accepted`` is the expected ukeire one step on, when known;
    ``alive`` is the chance the hand goes on from one own draw to the next."""
    if draws <= 0 or accepted <= 0 or pool <= 0:
        return 0.0
    hit = min(0.9, accepted / pool)
    if shanten_left <= 0:
        hit = min(0.95, hit * ron_factor)
        ratio = alive * (1.0 - hit)
        return hit * (1.0 - ratio**draws) / (1.0 - ratio)
    miss = 1.0 - hit
    total = 0.0
    reach = 1.0
    step = next_accepted or _TYPICAL_UKEIRE[min(shanten_left - 1, len(_TYPICAL_UKEIRE) - 1)]
    for draw in range(1, draws + 1):
        later = win_chance(shanten_left - 1, round(step), draws - draw, pool, ron_factor, 0.0, alive)
        total += reach * hit * later
        reach *= miss * alive
    return total


@dataclass(slots=True)
class Situation:
    """What one decision needs, computed once from the view."""

    view: SeatView
    counts: list[int]
    unseen: list[int]
    counted: list[int]  # the copies the level counts as still to come when it counts ukeire
    pool: int
    dora: list[int]
    melds: tuple[Meld, ...]
    closed: bool
    three_player: bool
    draws_left: int
    threats: list[Threat]
    threat_load: float  # expected cost of a deal-in summed over the threats (weight x loss)
    alive: float  # chance the hand goes on from one own draw to the next (each threat may win first)
    all_last: bool
    rank: int  # 0 = first by score now
    tenpai_values: dict[tuple[bytes, tuple[Meld, ...]], tuple[int, float]] = dataclasses.field(
        default_factory=dict
    )
    lookaheads: dict[tuple[Meld, ...], Lookahead] = dataclasses.field(default_factory=dict)


@dataclass(slots=True)
class Notes:
    """What the last decision weighed, filled in as it runs (for the coach and the review to show why)."""

    offence: dict[int, float] = dataclasses.field(default_factory=dict)  # expected points by discard kind
    costs: list[float] | None = None  # expected loss of dealing in with each kind now (threats only)
    fold: bool | None = None  # against a threat: the discard folded (True) or pushed (False)
    riichi: tuple[float, float] | None = None  # expected points of riichi and of dama, when weighed
    dama_points: float | None = None  # what a dama ron on the waits is worth on average, when weighed
    top_dama: bool = False  # dama because first place in the last hand keeps the hand free to fold
    poor_wait: int | None = None  # dama on a wait of this few live copies, late in the wall (see DAMA_LIVE)
    calls: list[tuple[Action, float | None]] = dataclasses.field(default_factory=list)  # gain of each call
    passed_to_fold: bool = False  # calls were passed because the hand folds


class AiSeat:
    """An AI player of one level (see ``Style``)."""

    def __init__(self, style: Style, rules: RuleSet, seed: int) -> None:
        self.style = style
        self.rules = rules
        self.seed = seed
        self.memory = Memory()
        self.folding = False  # the last discard decision of this hand folded (set anew every hand)
        self.notes = Notes()  # what the last decision weighed
        self._hand = ""  # which hand of the match is in play (from its deal, as every seat sees it)
        self._events = 0  # events seen in the hand in play
        self._rng: random.Random | None = None
        # what a ron on each wait of a tenpai hand is worth, for the hand in play (seat and round winds fixed)
        self._points: dict[tuple[_Held, int], float] = {}

    def observe(self, event: Event) -> None:
        """Remember what matters for defence, and where in the match the next decision stands."""
        if isinstance(event, RoundStarted):
            # round, honba, sticks and scores tell the hands of a match apart (a chombo's replay has other
            # scores), and the dora indicator comes from the hand's own wall
            self._hand = (
                f"{event.round_wind}.{event.kyoku}.{event.honba}.{event.riichi_sticks}."
                f"{'.'.join(map(str, event.scores))}.{event.dora_indicator}"
            )
            self._events = 0
            self.folding = False
            self._points.clear()
        self._events += 1
        self._rng = None
        self.memory.observe(event)

    @property
    def rng(self) -> random.Random:
        """This decision's generator: derived from (seed, hand, events seen), the same in a rebuilt match."""
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}:{self._hand}:{self._events}")
        return self._rng

    def recall(self, view: SeatView, legal: tuple[Action, ...], action: Action) -> None:
        """A decision of the hand in play taken before a resume: decide it again for what deciding leaves
        behind (whether the last discard folded). Calls and wins leave nothing, so only turns are redone."""
        if view.phase in (Phase.TURN, Phase.AFTER_CALL) and len(legal) > 1:
            self.decide(view, legal)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The level's choice among ``legal``."""
        self._rng = None  # asked twice at one position (a rebuilt decision), it answers the same
        self.notes = Notes()
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            if isinstance(action, Tsumo | Ron | Flower):  # a flower is always set aside at once
                return action
        if any(tile >= TILE_COUNT for tile in view.hand):
            # A dealt flower not set aside yet (before the seat's first turn): its hand cannot be read.
            return PASS if PASS in legal else legal[0]
        situation = self._situation(view)
        if view.phase in (Phase.TURN, Phase.AFTER_CALL):
            return self._turn(situation, legal)
        return self._claim(situation, legal)

    # --- reading the table -------------------------------------------------------------------------------

    def _situation(self, view: SeatView) -> Situation:
        counts = counts_of(view.hand)
        unseen = unseen_counts(view)
        three_player = view.n == 3
        me = view.players[view.seat]
        found = threats(view, self.memory)
        if not self.style.reads_open_hands:
            found = [threat for threat in found if view.players[threat.seat].riichi]
        all_last = self._is_all_last(view)
        my_rank = _place_of(view.scores, view.seat)
        if self.style.placement and all_last:
            found = [self._placement_threat(view, threat, my_rank) for threat in found]
        load = sum(threat.weight * threat.loss for threat in found)
        alive = 1.0 - _END_PER_DRAW
        if self.style.value_aware:
            for threat in found:
                alive *= 1.0 - THREAT_END * threat.weight
        return Situation(
            view=view,
            counts=counts,
            unseen=unseen,
            counted=unseen if self.style.counts_visible else [4 - count for count in counts],
            pool=max(1, sum(unseen)),
            dora=dora_kinds(view),
            melds=me.melds,
            closed=all(meld.type is MeldType.ANKAN for meld in me.melds),
            three_player=three_player,
            draws_left=(view.tiles_left + view.n - 1) // view.n,
            threats=found,
            threat_load=load,
            alive=alive,
            all_last=all_last,
            rank=my_rank,
        )

    def _placement_threat(self, view: SeatView, threat: Threat, rank: int) -> Threat:
        """All-last: a deal-in that costs first place also costs the uma gap; below first, a deal-in is
        weighed as a win is (``_placed``): by the places it drops, far above its points (last drops none)."""
        if rank != 0:
            scores = list(view.scores)
            scores[view.seat] -= int(threat.loss)
            scores[threat.seat] += int(threat.loss) + 1000 * view.riichi_sticks
            dropped = _place_of(scores, view.seat) - rank
            return dataclasses.replace(threat, loss=PLACED_SHARE * threat.loss + PLACE_POINTS * dropped)
        mine, theirs = view.scores[view.seat], view.scores[threat.seat]
        second = max(score for seat, score in enumerate(view.scores) if seat != view.seat)
        if mine - threat.loss < max(theirs + threat.loss, second):
            return dataclasses.replace(threat, loss=threat.loss + FIRST_PLACE_POINTS)
        return threat

    def _is_all_last(self, view: SeatView) -> bool:
        index = view.round_wind * view.n + view.kyoku
        return index >= WINDS_PLAYED[self.rules.game_length] * view.n - 1

    # --- own turn ----------------------------------------------------------------------------------------

    def _turn(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        view = situation.view
        if Kyuushu() in legal and (self.style is EASY or shanten_kokushi(situation.counts) >= 4):
            return Kyuushu()
        kita = next((action for action in legal if isinstance(action, Kita)), None)
        if kita is not None:
            return kita
        discards = [action for action in legal if isinstance(action, Discard)]
        kan = self._turn_kan(situation, legal)
        if kan is not None:
            return kan
        if not discards:
            return legal[0]
        if view.players[view.seat].riichi:
            return self._tsumogiri(view, discards)
        kinds = sorted({action.tile >> 2 for action in discards if not action.riichi})
        riichi_kinds = {action.tile >> 2 for action in discards if action.riichi}
        kind, riichi = self._choose_discard(situation, kinds, riichi_kinds)
        return self._discard_action(view, discards, kind, riichi)

    def _tsumogiri(self, view: SeatView, discards: list[Discard]) -> Action:
        if view.drawn is not None and Discard(view.drawn) in discards:
            return Discard(view.drawn)
        return discards[0]

    def _discard_action(self, view: SeatView, discards: list[Discard], kind: int, riichi: bool) -> Action:
        """The discard of ``kind``: the drawn tile if it is one, else a copy that is not a red five."""
        matching = [action for action in discards if action.tile >> 2 == kind and action.riichi == riichi]
        if not matching:
            matching = [action for action in discards if action.tile >> 2 == kind]
        red = self.rules.red_five_ids
        for action in matching:
            if action.tile == view.drawn and action.tile not in red:
                return action
        matching.sort(key=lambda action: (action.tile in red, action.tile != view.drawn))
        return matching[0]

    def _choose_discard(
        self, situation: Situation, kinds: list[int], riichi_kinds: set[int]
    ) -> tuple[int, bool]:
        style = self.style
        candidates = discard_candidates(situation.counts, kinds, situation.counted, situation.three_player)
        best_shanten = min(candidate.shanten for candidate in candidates)
        if best_shanten == 0 and style.lookahead and not situation.closed:
            self._weigh_steps_back(situation, candidates, best_shanten)
        if style is EASY:
            return self._easy_discard(situation, candidates, best_shanten), bool(riichi_kinds)
        nagashi = self._nagashi_discard(situation, candidates, best_shanten)
        if nagashi is not None:
            return nagashi, False
        if style.defence == "ev":
            kind = self._ev_discard(situation, candidates, best_shanten)
        else:
            kind = self._rules_discard(situation, candidates, best_shanten)
        riichi = kind in riichi_kinds and self._wants_riichi(situation, kind)
        return kind, riichi

    def _weigh_steps_back(self, situation: Situation, candidates: list[Candidate], best: int) -> None:
        """Give an open hand's discards one step back from a reachable tenpai their ukeire, so that the
        look-ahead weighs them too: a poor tenpai (a tanki, a near-dead or cheap wait) may be worth less than
        the 1-shanten one step back, which reaches a better tenpai a draw or two later. A closed tenpai is
        kept, in riichi or dama, as kobalab's AI keeps it: with the noten payments valued, such step-backs
        (with an open hand at the table) made the two biggest losses against that AI in 300 paired hands."""
        hand = bytearray(situation.counts)
        for candidate in candidates:
            if candidate.shanten == best + 1:
                hand[candidate.kind] -= 1
                candidate.ukeire = ukeire(hand, situation.counted, situation.three_player)
                hand[candidate.kind] += 1

    def _easy_discard(self, situation: Situation, candidates: list[Candidate], best: int) -> int:
        if self.rng.random() < self.style.mistake_rate:
            return self.rng.choice(candidates).kind
        view = situation.view
        riichi = any(view.players[seat].riichi for seat in range(view.n) if seat != view.seat)
        if riichi and best >= 2 and self.rng.random() < 0.25:
            safe = self._safest(situation, candidates)
            if safe is not None:
                return safe
        pool = [candidate for candidate in candidates if candidate.shanten == best]
        yakuhai = yakuhai_han(view)

        def appeal(candidate: Candidate) -> float:
            keep = 2.0 if yakuhai[candidate.kind] and situation.counts[candidate.kind] >= 2 else 0.0
            return candidate.ukeire * (1.0 + self.style.noise * (2 * self.rng.random() - 1)) - keep

        return max(pool, key=appeal).kind

    def _safest(self, situation: Situation, candidates: list[Candidate]) -> int | None:
        riichi_threats = [t for t in situation.threats if situation.view.players[t.seat].riichi]
        for candidate in candidates:
            if riichi_threats and all(candidate.kind in threat.safe for threat in riichi_threats):
                return candidate.kind
        return None

    def _tiebreak(self, situation: Situation, kind: int) -> float:
        """How much a tile is worth keeping beyond ukeire: dora, red fives, yakuhai pairs; isolated honours
        and terminals go first."""
        counts = situation.counts
        value = 1.5 * situation.dora[kind]
        if kind < 27 and kind % 9 == 4 and self._holds_red(situation.view, kind):
            value += 1.0 if counts[kind] == 1 else 0.0
        yakuhai = yakuhai_han(situation.view)
        if kind >= 27:
            value += 0.6 * yakuhai[kind] if counts[kind] >= 2 else 0.2 * yakuhai[kind] - 0.3
        elif kind in YAOCHUU:
            value -= 0.2
        else:
            value += 0.1 * (2 - abs(kind % 9 - 4) // 2)
        return value

    def _holds_red(self, view: SeatView, kind: int) -> bool:
        return any(tile >> 2 == kind and tile in self.rules.red_five_ids for tile in view.hand)

    def _rules_discard(self, situation: Situation, candidates: list[Candidate], best: int) -> int:
        """Normal: best ukeire (yaku kept in open hands); fold a weak hand against riichi with safe tiles."""
        if situation.threats and self._should_fold_by_rules(situation, candidates, best):
            self.folding = True
            return self._fold_kind(situation, candidates)
        self.folding = False
        pool = [candidate for candidate in candidates if candidate.shanten == best]
        if not situation.closed:
            with_yaku = [c for c in pool if self._keeps_yaku(situation, c.kind)]
            pool = with_yaku or pool
        return max(pool, key=lambda c: (c.ukeire - self._tiebreak(situation, c.kind), -c.kind)).kind

    def _should_fold_by_rules(self, situation: Situation, candidates: list[Candidate], best: int) -> bool:
        if best >= 2:
            return True
        if best == 1:
            ukeire_best = max(c.ukeire for c in candidates if c.shanten == best)
            return ukeire_best < 16 or situation.view.tiles_left < 30
        return False

    def _fold_kind(self, situation: Situation, candidates: list[Candidate]) -> int:
        """The safest discard (genbutsu first), keeping the best hand among equally safe ones."""
        costs = danger_costs(
            situation.view, situation.threats, situation.unseen, counts_tiles=self.style.counts_tiles
        )
        return min(candidates, key=lambda c: (round(costs[c.kind], 1), c.shanten, -c.ukeire)).kind

    def _keeps_yaku(self, situation: Situation, kind: int) -> bool:
        counts = situation.counts.copy()
        counts[kind] -= 1
        return has_yaku_path(counts, situation.melds, situation.view, self.rules)

    def _nagashi_discard(self, situation: Situation, candidates: list[Candidate], best: int) -> int | None:
        """Keep a nagashi mangan going late in a hopeless hand: discard terminals and honours only."""
        view = situation.view
        river = view.players[view.seat].river
        if not self.rules.nagashi_mangan or best < 2 or view.tiles_left > 24 or not river:
            return None
        if any(r.called or r.tile >> 2 not in YAOCHUU for r in river):
            return None
        options = [c for c in candidates if c.kind in YAOCHUU]
        if not options:
            return None
        costs = danger_costs(view, situation.threats, situation.unseen, counts_tiles=self.style.counts_tiles)
        choice = min(options, key=lambda c: (costs[c.kind], c.shanten, -c.ukeire))
        if self.style.defence == "ev" and situation.threats:
            # worth the risk over the safest discard only while the nagashi can still be completed
            safest = min(costs[c.kind] for c in candidates)
            if self._nagashi_worth(situation) < costs[choice.kind] - safest:
                return None
        return choice.kind

    def _nagashi_worth(self, situation: Situation) -> float:
        """Expected points of going on with a nagashi mangan: a terminal or honour to discard at every turn
        left (those in hand, then draws), none of them called."""
        view = situation.view
        held = sum(situation.counts[kind] for kind in YAOCHUU)
        needed = situation.draws_left + 1
        drawn_share = sum(situation.unseen[kind] for kind in YAOCHUU) / situation.pool
        chance = drawn_share ** max(0, needed - held) * NAGASHI_UNCALLED**needed
        return chance * (12000.0 if view.seat == view.dealer else 8000.0)

    # --- strong: speed x value against danger ------------------------------------------------------------

    def _ron_factor(self, situation: Situation, closed: bool) -> float:
        """Ron chances per go-round against own draws: others fold against a riichi, hardly against an open
        hand (``RIICHI_RON``, ``OPEN_RON``)."""
        return 1.0 + (RIICHI_RON if closed else OPEN_RON) * (situation.view.n - 1)

    def _offence(self, situation: Situation, candidate: Candidate) -> float:
        """Expected points from playing on after discarding ``candidate`` (0 for a discard that goes back)."""
        if candidate.ukeire < 0:
            return 0.0
        counts = _minus(situation.counts, candidate.kind, 1)
        return self._expected_points(situation, counts, situation.melds, candidate.shanten, candidate.ukeire)

    def _expected_points(
        self,
        situation: Situation,
        counts: list[int],
        melds: tuple[Meld, ...],
        shanten_left: int,
        accepted: int,
        estimate: bool = False,
    ) -> float:
        """Expected points from playing a 3n+1 hand on: chance to win x value, plus tenpai at the draw. Near
        tenpai the value is the scored value of the waits (through the look-ahead, or one draw ahead at
        1-shanten), further away or with ``estimate`` an estimate; ``accepted`` is the hand's ukeire."""
        view = situation.view
        closed = all(meld.type is MeldType.ANKAN for meld in melds)
        hand = bytearray(counts)
        if not estimate and 0 < shanten_left <= self.style.lookahead:
            return self._lookahead(situation, melds).value(hand, shanten_left)
        step = value = 0.0
        if shanten_left == 0:
            accepted, value = self._tenpai_value(situation, hand, melds)
        elif shanten_left == 1:
            step, value = self._one_shanten_outlook(situation, hand, melds)
            step = round(max(0.5, step), 1)
        chance = win_chance(
            shanten_left,
            accepted,
            situation.draws_left,
            situation.pool,
            self._ron_factor(situation, closed),
            step,
            situation.alive,
        )
        if not value:
            if not closed and not has_yaku_path(counts, melds, view, self.rules):
                chance *= 0.1
            han = estimate_han(counts, melds, view, self.rules, self._reds(view, counts), situation.dora)
            value = points_for_han(max(1.0, han), view.seat == view.dealer)
        utility = self._utility(situation, value)
        return chance * utility + self._tenpai_at_draw(situation, shanten_left, chance)

    def _lookahead(self, situation: Situation, melds: tuple[Meld, ...]) -> Lookahead:
        """The decision's look-ahead for hands with ``melds`` (win values as ``_utility`` weighs them)."""
        found = situation.lookaheads.get(melds)
        if found is None:
            closed = all(meld.type is MeldType.ANKAN for meld in melds)

            def tenpai_value(hand: bytes | bytearray) -> tuple[int, float]:
                live, points = self._tenpai_value(situation, hand, melds)
                return live, self._utility(situation, points) if live else 0.0

            found = Lookahead(
                situation.unseen,
                situation.draws_left,
                situation.three_player,
                tenpai_value,
                self._ron_factor(situation, closed),
                depth=self.style.lookahead,
                call_share=0.0 if closed else CALL_SHARE,
                others=situation.view.n - 1,
                alive=situation.alive,
                pace=LOOKAHEAD_PACE,
                # the curves weigh each own draw by ``alive``; DRAW_REACH is the rest of the chance that the
                # hand reaches the exhaustive draw (as in ``_tenpai_at_draw``)
                noten=self._noten_gain() * DRAW_REACH**situation.draws_left,
            )
            situation.lookaheads[melds] = found
        return found

    def _utility(self, situation: Situation, points: float) -> float:
        """What a win of ``points`` is worth to the decision: the sticks and honba on the table, the end of
        the hand for the others, first place in the last hand, compressed toward a typical win."""
        value = self._placed(situation, points, points + WIN_BONUS)
        return math.pow(value, VALUE_POWER) * math.pow(6000.0, 1.0 - VALUE_POWER)

    def _placed(self, situation: Situation, points: float, value: float) -> float:
        """What a win of ``points`` (``value`` as the hand would weigh it) is worth with the sticks and honba
        on the table; in the last hand of the match (placement levels), what it does for the final place:
        first place takes any win (it ends the match on top), the others weigh the places it climbs far above
        its points (a win that climbs none ends the match where the seat stands)."""
        view = situation.view
        table = 1000 * view.riichi_sticks + 300 * view.honba
        value += table
        if not (self.style.placement and situation.all_last):
            return value
        if situation.rank == 0:
            return max(value, 6000.0)
        climb = self._places_climbed(view, points + table, situation.rank)
        if view.seat == view.dealer:
            # the dealer's win goes on to another hand unless it takes first place whoever pays (agari-yame)
            if self.rules.agari_yame and climb >= situation.rank:
                return value + PLACE_POINTS * climb
            return value
        return PLACED_SHARE * value + PLACE_POINTS * climb

    def _places_climbed(self, view: SeatView, won: float, rank: int) -> float:
        """Places a win of ``won`` points (sticks and honba in) climbs on average, over ron from each other
        seat and tsumo (each other seat paying a share)."""
        others = [seat for seat in range(view.n) if seat != view.seat]
        paid = won - 1000 * view.riichi_sticks
        total = 0.0
        for payer in [*others, None]:
            scores = list(view.scores)
            scores[view.seat] += int(won)
            for seat in others:
                if payer is None:
                    scores[seat] -= int(paid / len(others))
                elif seat == payer:
                    scores[seat] -= int(paid)
            share = PLACE_TSUMO if payer is None else (1.0 - PLACE_TSUMO) / len(others)
            total += share * (rank - _place_of(scores, view.seat))
        return total

    def _reds(self, view: SeatView, counts: Sequence[int]) -> int:
        """Red fives among the seat's tiles whose kind the hand still holds."""
        return sum(1 for tile in view.hand if tile in self.rules.red_five_ids and counts[tile >> 2] > 0)

    def _noten_gain(self) -> float:
        """What tenpai when the wall runs out takes over noten (noten payments; 0 without them)."""
        return max(0, self.rules.noten_payment_total) * NOTEN_SHARE[self.rules.players]

    def _tenpai_at_draw(self, situation: Situation, shanten_left: int, chance: float) -> float:
        """What tenpai when the wall runs out is worth (noten payments) to a hand that does not win."""
        if shanten_left > 0:
            return 0.0
        reach_end = (situation.alive * DRAW_REACH) ** situation.draws_left
        return (1.0 - chance) * reach_end * self._noten_gain()

    def _tenpai_value(
        self, situation: Situation, hand: bytes | bytearray, melds: tuple[Meld, ...]
    ) -> tuple[int, float]:
        """Unseen copies of the waits of a 3n+1 tenpai hand that win with a yaku (riichi for a closed hand),
        and their average value in points; cached for the decision."""
        key = (bytes(hand), melds)
        found = situation.tenpai_values.get(key)
        if found is not None:
            return found
        unseen = situation.unseen
        live = 0
        total = 0.0
        held: _Held | None = None
        for wait in improving(hand, situation.three_player):
            copies = unseen[wait]
            if copies:
                if held is None:  # what the win's value depends on besides the wait, once per hand
                    view = situation.view
                    me = view.players[view.seat]
                    held = (
                        key[0],
                        melds,
                        view.dora_indicators,
                        self._reds(view, hand),
                        len(me.kita),
                        len(me.flowers),
                    )
                points = self._win_points(situation, held, wait)
                if points:
                    live += copies
                    total += copies * points
        found = (live, total / live if live else 0.0)
        situation.tenpai_values[key] = found
        return found

    def _win_points(
        self,
        situation: Situation,
        held: _Held,
        wait: int,
    ) -> float:
        """What a ron on ``wait`` is worth (riichi with its extras for a closed hand); 0 without a yaku.
        ``held`` is the hand, its melds and what else adds han (dora indicators, reds, kita, flowers); cached
        for the seat on it and the wait."""
        key = (held, wait)
        found = self._points.get(key)
        if found is not None:
            return found
        hand, melds, _, reds, _, _ = held
        view = situation.view
        closed = all(meld.type is MeldType.ANKAN for meld in melds)
        if melds:
            tiles = [kind * 4 for kind in range(34) for _ in range(hand[kind])]
            value = self._win_value(situation, tiles, wait * 4 + 3, riichi=closed, melds=melds)
        else:
            ids = _closed_ids(hand, wait)
            value = None if ids is None else self._score(situation, ids, melds, riichi=closed)
        found = 0.0
        if value is not None:
            points = float(value.points)
            if reds and not value.yakuman:
                points = self._ron_points(value.han + reds, value.fu, view.seat == view.dealer)
            found = points * (RIICHI_EXTRAS if closed else 1.0)
        self._points[key] = found
        return found

    def _one_shanten_outlook(
        self, situation: Situation, hand: bytearray, melds: tuple[Meld, ...]
    ) -> tuple[float, float]:
        """From a 1-shanten 3n+1 hand: the average live waits of the best tenpai each improving draw gives,
        and the average value of a win from there."""
        weight = waits_sum = value_sum = 0.0
        for drawn, tenpai_hands in advances(hand, situation.three_player):
            copies = situation.unseen[drawn]
            if not copies:
                continue
            best_live, best_value, best_rate = 0, 0.0, -1.0
            for tenpai in tenpai_hands:
                live, value = self._tenpai_value(situation, tenpai, melds)
                if live * value > best_rate:
                    best_live, best_value, best_rate = live, value, live * value
            weight += copies
            waits_sum += copies * best_live
            value_sum += copies * best_live * best_value
        if not weight or not waits_sum:
            return 0.0, 0.0
        return waits_sum / weight, value_sum / waits_sum

    def _win_han(
        self, situation: Situation, tiles: Sequence[int], win_tile: int, *, riichi: bool
    ) -> int | None:
        value = self._win_value(situation, tiles, win_tile, riichi=riichi)
        return None if value is None else value.han

    def _win_value(
        self,
        situation: Situation,
        tiles: Sequence[int],
        win_tile: int,
        *,
        riichi: bool,
        melds: tuple[Meld, ...] | None = None,
    ) -> HandValue | None:
        """The scored ron of ``tiles`` (ids standing for kinds) on ``win_tile`` with ``melds`` (default: the
        seat's); None without a yaku."""
        melds = situation.melds if melds is None else melds
        try:
            ids = _distinct_ids([*tiles, win_tile], melds)
        except ValueError:  # a wait on a fifth copy
            return None
        return self._score(situation, ids, melds, riichi=riichi)

    def _score(
        self, situation: Situation, ids: list[int], melds: tuple[Meld, ...], *, riichi: bool
    ) -> HandValue | None:
        """The scored ron of the tile ``ids`` (the winning tile last) with ``melds``; None without a yaku."""
        view = situation.view
        try:
            return score_hand(
                ids,
                melds,
                WinSituation(
                    win_tile=ids[-1],
                    is_tsumo=False,
                    discarder=1,
                    riichi=riichi,
                    seat_wind=view.seat_wind,
                    round_wind=view.round_wind,
                    dora_indicators=view.dora_indicators,
                    kita=len(view.players[view.seat].kita),
                    flowers=len(view.players[view.seat].flowers),
                ),
                self.rules,
            )
        except (HandError, ValueError):
            return None

    def _ev_discard(self, situation: Situation, candidates: list[Candidate], best: int) -> int:
        """Strong: push with the discard of best expected value net of danger, or fold when that loses."""
        costs = danger_costs(
            situation.view, situation.threats, situation.unseen, counts_tiles=self.style.counts_tiles
        )
        offence = {c.kind: self._offence(situation, c) for c in candidates}
        self.notes.offence = offence
        load = situation.threat_load
        if load <= 0:
            pool = candidates
            if best > self.style.lookahead:
                # far from tenpai, speed first (as kobalab's AI): the discards that keep the most ukeire
                widest = max(c.ukeire for c in candidates if c.shanten == best)
                pool = [c for c in candidates if c.shanten == best and c.ukeire >= widest]
            return max(pool, key=lambda c: (offence[c.kind], -self._tiebreak_rank(situation, c))).kind
        push = max(candidates, key=lambda c: offence[c.kind] - costs[c.kind])
        safest = min(candidates, key=lambda c: (round(costs[c.kind], 1), -offence[c.kind]))
        push_value = self._push_value(situation, offence[push.kind], costs[push.kind])
        fold_value = self._fold_value(situation, offence[safest.kind], costs[safest.kind])
        beaten = best >= 2 and max(threat.weight for threat in situation.threats) >= FOLD_WEIGHT
        beaten_push = beaten and costs[push.kind] > costs[safest.kind]
        self.folding = push_value < fold_value or beaten_push
        self.notes.costs = costs
        self.notes.fold = self.folding
        return safest.kind if self.folding else push.kind

    @staticmethod
    def _push_value(situation: Situation, offence: float, cost: float) -> float:
        """What playing a hand worth ``offence`` on against the threats is worth after a discard of danger
        ``cost``: the later discards deal in now and then (less often the sooner the hand may win)."""
        draws = min(situation.draws_left, 5)
        future = situation.threat_load * PUSH_RISK * draws * (1.0 - min(1.0, offence / 8000.0))
        return offence - cost - future

    @staticmethod
    def _fold_value(situation: Situation, offence: float, cost: float) -> float:
        """What folding is worth after a discard of danger ``cost``: a little of the hand's ``offence`` is
        kept (the threats may not be tenpai), and the safe tiles run out now and then."""
        draws = min(situation.draws_left, 5)
        return offence * 0.3 - cost - situation.threat_load * FOLD_RISK * draws

    def _tiebreak_rank(self, situation: Situation, candidate: Candidate) -> float:
        return self._tiebreak(situation, candidate.kind) - candidate.ukeire * 0.01

    def _wants_riichi(self, situation: Situation, kind: int) -> bool:
        """Riichi unless the wait is dead; strong stays dama with a hand that is already worth enough."""
        view = situation.view
        counts = situation.counts.copy()
        counts[kind] -= 1
        hand = bytearray(counts)
        waits = [k for k in improving_kinds(hand, situation.three_player) if situation.unseen[k]]
        live = sum(situation.unseen[k] for k in waits)
        if self.style is EASY:
            return True
        if live == 0:
            return False
        if self.style is NORMAL:
            return live >= 2 or view.tiles_left >= 20
        if self.style.riichi_ev:
            return self._riichi_pays(situation, hand, waits, live)
        tiles = [kind * 4 for kind in range(34) for _ in range(counts[kind])]
        dama_han = [self._win_han(situation, tiles, k * 4 + 3, riichi=False) for k in waits]
        with_yaku = [han for han in dama_han if han is not None]
        if len(with_yaku) == len(waits):
            least = min(with_yaku)
            if least >= 5 or (least >= 4 and live >= 4):
                return False
            if self.style.placement and situation.all_last and situation.rank == 0:
                return False
            if view.tiles_left < 12 and least >= 3:
                return False
        return live >= 2 or view.tiles_left >= 16

    def _riichi_pays(self, situation: Situation, hand: bytearray, waits: list[int], live: int) -> bool:
        """Riichi or dama by expected points: riichi adds a han and on average about one more (ippatsu, ura
        dora, menzen tsumo) and costs a stick when the hand is not won; dama keeps the others discarding
        freely, so it wins more often per draw, while a riichi makes them fold, so they end the hand before
        it less often (which counts most early, with many draws left). A closed hand without a yaku on every
        wait wins dama by tsumo only, so it declares unless the wait is nearly dead late in the hand."""
        view = situation.view
        tiles = [kind * 4 for kind in range(34) for _ in range(hand[kind])]
        dama = [self._win_value(situation, tiles, wait * 4 + 3, riichi=False) for wait in waits]
        if any(value is None for value in dama):
            return live >= 2 or view.tiles_left >= 16
        last_hand = self.style.placement and situation.all_last
        if last_hand and situation.rank == 0:
            self.notes.top_dama = True
            return False
        if live <= DAMA_LIVE and view.tiles_left < DAMA_TILES and not last_hand:
            self.notes.poor_wait = live
            return False
        dealer = view.seat == view.dealer
        reds = self._reds(view, hand)
        bonus = DAMA_WIN_BONUS + 1000 * view.riichi_sticks + 300 * view.honba
        dama_points = riichi_points = 0.0
        for wait, value in zip(waits, dama, strict=True):
            assert value is not None
            copies = situation.unseen[wait]
            if value.yakuman:
                dama_points += copies * value.points
                riichi_points += copies * value.points
                continue
            dama_ron = self._ron_points(value.han + reds, value.fu, dealer)
            dama_points += copies * self._placed_ron(situation, dama_ron)
            riichi_points += copies * sum(
                share
                * self._placed_ron(
                    situation, self._ron_points(value.han + reds + 1 + extra, value.fu, dealer)
                )
                for extra, share in enumerate(RIICHI_EXTRA_HAN)
            )
        draws, pool = situation.draws_left, situation.pool
        # the others fold against a riichi: fewer rons for it, but the quiet ones also end the hand before it
        # less often (a seat that is already tenpai, above all in riichi, goes on as before)
        riichi_alive = situation.alive * (1.0 - _END_PER_DRAW * RIICHI_HOLD) / (1.0 - _END_PER_DRAW)
        dama_chance = win_chance(0, live, draws, pool, 1.0 + DAMA_RON * (view.n - 1), 0.0, situation.alive)
        riichi_chance = win_chance(0, live, draws, pool, 1.0 + RIICHI_RON * (view.n - 1), 0.0, riichi_alive)
        dama_ev = dama_chance * (dama_points / live + bonus)
        riichi_ev = riichi_chance * (riichi_points / live + bonus) - 1000.0 * (1.0 - riichi_chance)
        self.notes.riichi = (riichi_ev, dama_ev)
        self.notes.dama_points = dama_points / live
        return riichi_ev > dama_ev

    def _placed_ron(self, situation: Situation, points: float) -> float:
        """A ron's points as the last hand of the match weighs them for placement (else the points)."""
        if not (self.style.placement and situation.all_last):
            return points
        table = 1000 * situation.view.riichi_sticks + 300 * situation.view.honba
        return self._placed(situation, points, points) - table

    def _ron_points(self, han: int, fu: int, dealer: bool) -> float:
        """A ron's value of ``han`` and ``fu`` (no honba)."""
        base = base_points(han, fu, 0, self.rules)[0]
        return float(ceil100(base * (6 if dealer else 4)))

    # --- kans ---------------------------------------------------------------------------------------------

    def _turn_kan(self, situation: Situation, legal: tuple[Action, ...]) -> Action | None:
        kans = [action for action in legal if isinstance(action, Ankan | Shouminkan)]
        if not kans:
            return None
        view = situation.view
        if view.players[view.seat].riichi:
            return kans[0]  # the engine offers a kan in riichi only when it keeps the waits
        if self.style is EASY:
            return kans[0] if self.rng.random() < 0.7 else None
        if situation.threat_load > 3000 and self._current_shanten(situation) > 0:
            return None
        counts = situation.counts
        best = min(
            shanten(_minus(counts, kind, 1), three_player=situation.three_player)
            for kind in range(34)
            if counts[kind]
        )
        for action in kans:
            kind = action.kind if isinstance(action, Ankan) else action.tile >> 2
            removed = 4 if isinstance(action, Ankan) else 1
            if shanten(_minus(counts, kind, removed), three_player=situation.three_player) <= best:
                return action
        return None

    def _current_shanten(self, situation: Situation) -> int:
        counts = situation.counts
        if sum(counts) % 3 == 2:
            return min(
                shanten(_minus(counts, kind, 1), three_player=situation.three_player)
                for kind in range(34)
                if counts[kind]
            )
        return shanten(counts, three_player=situation.three_player)

    # --- calls on others' tiles --------------------------------------------------------------------------

    def _claim(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        calls = [action for action in legal if isinstance(action, Chi | Pon | Daiminkan)]
        if not calls or PASS not in legal:
            return PASS if PASS in legal else legal[0]
        view = situation.view
        if self.style is not EASY and self._is_folding_now(situation):
            self.notes.passed_to_fold = True
            return PASS
        tile = view.claimable
        if tile is None:
            return PASS
        kind = tile >> 2
        now = shanten(situation.counts, three_player=situation.three_player)
        now_ukeire = ukeire(bytearray(situation.counts), situation.counted, situation.three_player)
        best: tuple[float, Action] | None = None
        for action in calls:
            scored = self._call_value(situation, action, kind, now, now_ukeire)
            self.notes.calls.append((action, scored))
            if scored is not None and (best is None or scored > best[0]):
                best = (scored, action)
        return best[1] if best is not None else PASS

    def _is_folding_now(self, situation: Situation) -> bool:
        riichi = [t for t in situation.threats if situation.view.players[t.seat].riichi]
        if not riichi:
            return False
        now = shanten(situation.counts, three_player=situation.three_player)
        if self.style.value_aware:
            return now >= 2  # a call to tenpai is weighed like any other; its discard then pushes or folds
        return now >= 1 or self.folding

    def _call_value(
        self, situation: Situation, action: Action, kind: int, now: int, now_ukeire: int
    ) -> float | None:
        """How much better the hand is after the call (None: do not call)."""
        view = situation.view
        style = self.style
        counts = situation.counts.copy()
        yakuhai = yakuhai_han(view)
        if isinstance(action, Daiminkan):
            if style is EASY:
                return 0.5 if self.rng.random() < 0.5 else None
            rest = _minus(counts, kind, 3)
            if shanten(rest, three_player=situation.three_player) > now:
                return None
            open_yaku = not situation.closed and has_yaku_path(rest, situation.melds, view, self.rules)
            if now == 0 and (yakuhai[kind] or open_yaku):  # only a tenpai that keeps its wait
                return 0.1 if not situation.threats else None
            return None
        used = action.tiles if isinstance(action, Chi | Pon) else ()
        for tile in used:
            counts[tile >> 2] -= 1
        meld_type = MeldType.PON if isinstance(action, Pon) else MeldType.CHI
        called = view.claimable
        assert called is not None
        tiles = tuple(sorted((*used, called)))
        meld = Meld(meld_type, tiles, called, 3 if meld_type is MeldType.CHI else 1)
        melds = (*situation.melds, meld)
        kinds = [k for k in range(34) if counts[k]]
        if not kinds:
            return None
        candidates = discard_candidates(counts, kinds, situation.counted, situation.three_player)
        after = min(c.shanten for c in candidates)
        is_yakuhai_pon = isinstance(action, Pon) and yakuhai[kind] > 0
        # on an open hand, a yakuhai pon that keeps the shanten (the pair it takes was the hand's pair) still
        # adds a han: strong weighs it by expected points like any other call (a closed hand keeps its riichi)
        open_hand = not situation.closed
        keeps_value = style.value_aware and is_yakuhai_pon and open_hand and after == now and now > 0
        if after >= now and not keeps_value:
            return None
        if style.value_aware and after >= FAR_CALL and not is_yakuhai_pon:
            return None
        yaku_ok = is_yakuhai_pon or any(
            has_yaku_path(_minus(counts, c.kind, 1), melds, view, self.rules)
            for c in candidates
            if c.shanten == after
        )
        if style is EASY:
            if is_yakuhai_pon:
                return 1.0
            return 0.5 if self.rng.random() < style.yakuless_call_rate or (yaku_ok and after <= 1) else None
        if not yaku_ok:
            if style.value_aware and after == 0 and situation.draws_left <= FORMAL_TENPAI_DRAWS:
                # formal tenpai: late in the hand a call to tenpai without a yaku still takes the noten
                # payments (tenpai needs no yaku), weighed against what the hand as it stands expects
                return self._strong_call_value(
                    situation, counts, melds, candidates, after, now, now_ukeire, formal=True
                )
            return None
        if style is NORMAL:
            if is_yakuhai_pon or not situation.closed or after <= 1:
                return float(now - after)
            return None
        # Calls worth taking whatever the estimate says: tenpai for a hand already open (its speed is all it
        # has), and a yakuhai pon that takes a slow hand (2+ shanten) a step on (the yaku and a step at once).
        sure = (not situation.closed and after == 0) or (is_yakuhai_pon and now >= 2)
        return self._strong_call_value(situation, counts, melds, candidates, after, now, now_ukeire, sure)

    def _strong_call_value(
        self,
        situation: Situation,
        counts: list[int],
        melds: tuple[Meld, ...],
        candidates: list[Candidate],
        after: int,
        now: int,
        now_ukeire: int,
        sure: bool = False,
        formal: bool = False,
    ) -> float | None:
        """The expected points the call adds over staying as is (None when it adds nothing); a ``sure`` call
        is taken whenever the hand after it can win at all; a ``formal`` one counts the discards after it that
        leave no yaku (a tenpai for the noten payments only)."""
        view = situation.view
        # a hand beyond the look-ahead is weighed against its call by the same estimate on both sides
        estimate = now > self.style.lookahead
        stay = self._expected_points(situation, situation.counts, situation.melds, now, now_ukeire, estimate)
        if formal:
            # staying, the hand may still reach tenpai by its own draws and take the same payments
            hit = min(0.9, now_ukeire / situation.pool)
            stay += (1.0 - (1.0 - hit) ** situation.draws_left) * self._tenpai_at_draw(situation, 0, 0.0)
        # a formal tenpai is worth its discard only beyond the danger of the safest tile the hand holds, and
        # beyond the risk of the discards that keep it to the end (as the push or fold choice weighs them)
        extra = [0.0] * KIND_COUNT
        # against a standing riichi a call is weighed net of the push it commits to (judged by rollouts: the
        # pons and chis this passes there gained; against open hands alone, passing yakuhai pons lost)
        threatened = not formal and any(view.players[threat.seat].riichi for threat in situation.threats)
        if situation.threats and (formal or threatened):
            costs = danger_costs(
                view, situation.threats, situation.unseen, counts_tiles=self.style.counts_tiles
            )
            if formal:
                safest = min(costs[kind] for kind in range(KIND_COUNT) if counts[kind])
                later = situation.threat_load * PUSH_RISK * min(situation.draws_left, 5)
                extra = [cost - safest + later for cost in costs]
            else:
                extra = costs
        best_call: float | None = None
        for candidate in candidates:
            if candidate.shanten != after:
                continue
            rest = _minus(counts, candidate.kind, 1)
            if formal or has_yaku_path(rest, melds, view, self.rules):
                points = self._expected_points(situation, rest, melds, after, candidate.ukeire, estimate)
                if threatened:
                    # against a threat the call pushes on with one discard more than staying would make
                    value = self._push_value(situation, points, extra[candidate.kind])
                else:
                    value = points - extra[candidate.kind]
                best_call = value if best_call is None else max(best_call, value)
        if best_call is None:
            return None
        if threatened:
            # staying keeps the choice to push on or fold at its own next discard, and no call is sure
            stay = max(self._push_value(situation, stay, 0.0), self._fold_value(situation, stay, 0.0))
            gain = best_call - stay
            return gain if gain > 0 else None
        gain = best_call - stay
        if sure and best_call > 0:
            return max(gain, SURE_CALL)
        return gain if gain > 0 else None


def _place_of(scores: Sequence[int], seat: int) -> int:
    """A seat's place by score (0 first); ties go to the seat nearer the first dealer, as the match ranks."""
    return sorted(range(len(scores)), key=lambda other: (-scores[other], other)).index(seat)


def _minus(counts: Sequence[int], kind: int, number: int) -> list[int]:
    rest = list(counts)
    rest[kind] -= number
    return rest


def _closed_ids(hand: bytes, wait: int) -> list[int] | None:
    """``_distinct_ids`` of a hand with no melds (its kinds' counts) and then the winning tile ``wait``, built
    per kind (copies 3, 2, 1, 0 in turn); None for a wait on a fifth copy."""
    held = hand[wait]
    if held >= 4:
        return None
    ids = [kind * 4 + copy for kind, count in enumerate(hand) if count for copy in _COPIES[count]]
    ids.append(wait * 4 + 3 - held)
    return ids


_COPIES = ((), (3,), (3, 2), (3, 2, 1), (3, 2, 1, 0))


def _distinct_ids(kinds_as_ids: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Real, distinct tile ids for tiles given as ``kind * 4 + anything``, avoiding the melds' ids; the last
    one (the winning tile) keeps its place."""
    used = {tile for meld in melds for tile in meld.tiles}
    result = []
    for tile in kinds_as_ids:
        kind = tile >> 2
        for copy in (3, 2, 1, 0):
            candidate = kind * 4 + copy
            if candidate not in used:
                used.add(candidate)
                result.append(candidate)
                break
        else:
            raise ValueError("a fifth copy")
    return result


def create_seat(level: str, rules: RuleSet, seed: int) -> AiSeat:
    """An AI seat of ``level``."""
    return AiSeat(STYLES[level], rules, seed)
