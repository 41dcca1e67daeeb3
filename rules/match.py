"""The match between hands (RULES.md §7): dealer rotation, honba, kyoutaku, game end and settlement.

The round engine plays a hand and reports a ``HandOutcome``; ``next_hand`` applies it and decides where the
match goes; ``final_standings`` ranks and settles it. Seat 0 is the first dealer (起家).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rules.ruleset import RuleSet

STICK_POINTS = 1000  # one riichi (or 1000-point penalty) stick of kyoutaku
OUTCOME_KINDS = ("win", "exhaustive", "nagashi_mangan", "abortive", "chombo")
ABORTIVE_KINDS = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")
# Why a match ended: a score below 0; the dealer stopped in the final hand; the deal left the last scheduled
# hand; someone reached the return score in the extension; the extension ran out of hands.
END_REASONS = ("bust", "agari_yame", "tenpai_yame", "scheduled", "sudden_death", "extension_end")
WINDS_PLAYED = {"east": 1, "hanchan": 2, "full": 4}

# Rank uma in points, 1st place first (§7.8; "3-9" from [003]: 1st takes 9000 from 4th, 2nd 3000 from 3rd).
RANK_UMA: dict[str, tuple[int, ...]] = {
    "5-10": (10000, 5000, -5000, -10000),
    "10-20": (20000, 10000, -10000, -20000),
    "10-30": (30000, 10000, -10000, -30000),
    "3-9": (9000, 3000, -3000, -9000),
    "3p-15": (15000, 0, -15000),
    "3p-20": (20000, 0, -20000),
}
# Uma by the number of players at or above the return score ("floaters", 浮き), [002]'s table.
FLOATER_UMA: dict[str, dict[int, tuple[int, ...]]] = {
    "shichigosan": {
        1: (15000, -3000, -5000, -7000),
        2: (10000, 5000, -5000, -10000),
        3: (7000, 5000, 3000, -15000),
    },
    "shizumi": {
        1: (30000, -10000, -10000, -10000),
        2: (20000, 0, -10000, -10000),
        3: (10000, 0, 0, -10000),
    },
}


class MatchError(ValueError):
    """A hand outcome that does not fit the match (seat count, points not conserved, ...) or a bad state."""


@dataclass(frozen=True)
class MatchState:
    """Where the match stands before the next hand (or where it ended, when ``finished``)."""

    rules: RuleSet
    round_wind: int  # 0 East, 1 South, 2 West, 3 North
    kyoku: int  # 0-based hand number within the wind; also the dealer's seat
    honba: int
    riichi_sticks: int  # kyoutaku on the table, in sticks of 1000
    scores: tuple[int, ...]
    hands_played: int = 0
    finished: bool = False
    end_reason: str = ""  # one of END_REASONS once finished
    last_kind: str = ""  # the kind of the last hand's outcome ("" before the first hand)
    dealer_wins: int = 0  # the current dealer's wins in a row (paarenchan counts them)
    chips: tuple[int, ...] = ()  # each seat's chips so far (RULES.md §12); empty: none won yet

    def __post_init__(self) -> None:
        players = self.rules.players
        if len(self.scores) != players:
            raise MatchError(f"match state: {len(self.scores)} scores for {players} players")
        if not 0 <= self.round_wind <= 3 or not 0 <= self.kyoku < players:
            raise MatchError(f"match state: no hand {self.round_wind}-{self.kyoku} with {players} players")
        if self.honba < 0 or self.riichi_sticks < 0:
            raise MatchError("match state: honba and riichi sticks cannot be negative")
        if self.end_reason not in ("", *END_REASONS) or self.finished != bool(self.end_reason):
            reason = self.end_reason
            raise MatchError(f"match state: end reason {reason!r} does not fit finished={self.finished}")
        if self.chips and len(self.chips) != players:
            raise MatchError(f"match state: {len(self.chips)} chip counts for {players} players")

    @property
    def dealer(self) -> int:
        """The dealer's seat (seat 0 deals the first hand of every wind)."""
        return self.kyoku

    @property
    def in_extension(self) -> bool:
        """Whether the match has gone past its scheduled hands into the West (or South) extension."""
        return _hand_index(self) > _last_scheduled(self.rules)

    @property
    def is_final_hand(self) -> bool:
        """Whether the match ends after this hand if the deal passes (all-last, or the extension's last)."""
        index = _hand_index(self)
        return index == _last_scheduled(self.rules) or (
            self.rules.west_extension and index == _extension_last(self.rules)
        )

    def seat_wind(self, seat: int) -> int:
        """A seat's wind in this hand: 0 East (the dealer), 1 South, 2 West, 3 North."""
        return (seat - self.dealer) % self.rules.players


@dataclass(frozen=True)
class HandOutcome:
    """How a hand ended, as the round engine reports it.

    ``deltas`` is every seat's total score change over the hand: payments, honba, kyoutaku taken, noten
    payments, pao, chombo payments, and the riichi deposits paid during the hand (as -1000). So the deltas add
    up to the kyoutaku that left the table: ``sum(deltas) == 1000 * (sticks before - riichi_sticks_left)``.
    """

    kind: str  # one of OUTCOME_KINDS
    deltas: tuple[int, ...]
    riichi_sticks_left: int  # kyoutaku on the table after the hand (carried to the next hand)
    winners: tuple[int, ...] = ()  # wins: in priority order (multiple ron); nagashi mangan: its seats
    tenpai: tuple[int, ...] = ()  # exhaustive draw and nagashi mangan: the seats that were tenpai
    abortive_kind: str | None = None  # abortive draws: one of ABORTIVE_KINDS
    chips: tuple[int, ...] = ()  # wins: every seat's chip change (RULES.md §12), adds up to 0; empty: none


@dataclass(frozen=True)
class Standings:
    """The settled result of a match (RULES.md §7.8); every tuple is indexed by seat, amounts in points."""

    scores: tuple[int, ...]  # final scores, leftover kyoutaku included when it goes to first place
    ranks: tuple[int, ...]  # 1-based; ties broken by seat order from the first dealer
    before_uma: tuple[int, ...]  # rounded score minus the return (start, without oka); top: minus the rest
    uma: tuple[int, ...]
    settled: tuple[int, ...]  # before_uma + uma (+ chips x chip_points), adds up to 0
    leftover_points: int  # kyoutaku left on the table at the end: given to first, or lost
    chips: tuple[int, ...] = ()  # each seat's chips over the match under a rule set with chips, else empty

    def chip_count(self, seat: int) -> int:
        """A seat's chips over the match (0 without chips)."""
        return self.chips[seat] if self.chips else 0


def start_match(rules: RuleSet) -> MatchState:
    """East 1, 0 honba, no sticks, every seat at the rule set's start points."""
    if rules.uma in RANK_UMA:
        uma_players = len(RANK_UMA[rules.uma])
    else:  # the floater umas are for 4 players; "none" fits any table
        uma_players = 4 if rules.uma in FLOATER_UMA else rules.players
    if uma_players != rules.players:
        raise MatchError(f"uma '{rules.uma}' is for {uma_players} players, this match has {rules.players}")
    return MatchState(
        rules=rules,
        round_wind=0,
        kyoku=0,
        honba=0,
        riichi_sticks=0,
        scores=(rules.start_points,) * rules.players,
    )


def next_hand(state: MatchState, outcome: HandOutcome) -> MatchState:
    """Apply a hand's outcome and move the match to the next hand, or end it.

    * Renchan: the dealer keeps the deal by winning (also as one of several ron winners) and, under
      ``renchan="tenpai"``, by being tenpai at an exhaustive draw; ``all_noten_keeps_dealer`` also keeps it
      when nobody is tenpai. Honba +1 when the dealer keeps the deal and after every draw, even when the deal
      passes (§7.2, §17.1 #37); 0 after a non-dealer win.
    * Nagashi mangan (§16 gap) counts as an exhaustive draw, as on Tenhou and kobalab: the dealer's tenpai
      decides the renchan (not who made the nagashi), honba +1, kyoutaku stays on the table.
    * Abortive draws: the dealer keeps or passes per ``abortive_dealer``, whatever ``renchan`` says; honba +1;
      kyoutaku carried. A dealer kept by an abortive draw never stops the match (agari-yame).
    * Chombo: the hand is void and replayed, same dealer and honba (§8.1 [003]); only bust can end the match.
    * The match ends at once when a score is below 0 (``bust``), and when the deal passes out of the last
      scheduled hand (East 4 / South 4 / North 4; with 3 players there is no fourth hand). In that hand a
      dealer who wins (``agari_yame``) or is tenpai at the draw (``tenpai_yame``) and is first (ties by seat
      order) ends it too; with the West extension on, only at or above the return score; never without bust
      ([002], §7.7).
    * West extension: when the deal leaves the last scheduled hand with nobody at or above the return score,
      play goes on into the next wind (South after an East-only game). It ends as soon as a hand ends with
      someone at or above the return score (pure sudden death, §7.7 [000]: even when the dealer keeps the
      deal), at the latest when the deal leaves North 4, or under ``west_extension_end="west_4"`` when it
      leaves that one extra wind (West 4; South 4 after an East-only game, as on Tenhou and kobalab).

    A finished state keeps the position, honba and kyoutaku of the hand that ended the match.
    """
    if state.finished:
        raise MatchError("the match is over: no hand follows it")
    _check_outcome(state, outcome)
    rules = state.rules
    scores = tuple(score + delta for score, delta in zip(state.scores, outcome.deltas, strict=True))
    played = dataclasses.replace(
        state,
        scores=scores,
        riichi_sticks=outcome.riichi_sticks_left,
        hands_played=state.hands_played + 1,
        last_kind=outcome.kind,
        chips=add_chips(state.chips, outcome.chips),
    )
    is_bust = rules.bust and min(scores) < 0
    if outcome.kind == "chombo":
        return _ended(played, "bust") if is_bust else played
    keeps = _dealer_keeps(state, outcome)
    honba = 0 if outcome.kind == "win" and not keeps else state.honba + 1
    dealer_won = outcome.kind == "win" and state.dealer in outcome.winners
    played = dataclasses.replace(played, dealer_wins=state.dealer_wins + 1 if keeps and dealer_won else 0)
    if is_bust:
        return _ended(played, "bust")
    current = _hand_index(state)
    following = current if keeps else current + 1
    last_scheduled = _last_scheduled(rules)
    if following <= last_scheduled:
        reason = _yame_reason(state, outcome, scores) if current == last_scheduled else None
        return _ended(played, reason) if reason else _moved(played, following, honba)
    in_schedule = current <= last_scheduled
    if not rules.west_extension or following > _extension_last(rules):
        return _ended(played, "scheduled" if in_schedule else "extension_end")
    if max(scores) >= rules.return_points:
        return _ended(played, "scheduled" if in_schedule else "sudden_death")
    return _moved(played, following, honba)


def final_standings(state: MatchState) -> Standings:
    """Rank and settle the match (RULES.md §7.8), normally once it is finished.

    1. Leftover kyoutaku goes to first place (``leftover_sticks="first"``) or is lost.
    2. Ranks by score; ties by seat order from the first dealer.
    3. Everyone but the top: the score rounded to thousands by 5捨6入 on the hundreds digit as written
       (35500 -> 35000, 35600 -> 36000, -2500 -> -2000), minus the return score (minus the start score
       when ``oka`` is off: no oka). Below 0 counts as 0 unless ``negative_settlement`` or bust is off.
       With ``settlement_rounding="difference"`` (Tenhou, kobalab) the difference from the return score is
       rounded instead (25500 -> -4500 -> -4000, where [002]'s order gives -5000).
    4. The top takes minus the sum of the others, so the oka ((return - start) x players) and the rounding
       remainders go to first place and the settlement adds up to 0.
    5. Uma by rank. シチゴサン and 沈みウマ depend on the players at or above the return score (floaters, by
       raw score); with no floater (§16 gap) the top counts as the one floater, and four floaters (possible
       only without oka) count as three.
    6. Chips (RULES.md §12, a rule set with ``chips``): each seat's chips at ``chip_points`` each are added to
       its settled points; they add up to 0, so the settlement still does.
    """
    rules = state.rules
    players = rules.players
    order = _rank_order(state.scores)
    leftover = state.riichi_sticks * STICK_POINTS
    scores = list(state.scores)
    if rules.leftover_sticks == "first":
        scores[order[0]] += leftover
    ranks = [0] * players
    for place, seat in enumerate(order):
        ranks[seat] = place + 1
    base = rules.return_points if rules.oka else rules.start_points
    counts_negative = rules.negative_settlement or not rules.bust
    before_uma = [0] * players
    for seat in order[1:]:
        score = scores[seat] if counts_negative else max(scores[seat], 0)
        if rules.settlement_rounding == "difference":
            before_uma[seat] = round_hundreds(score - base)
        else:
            before_uma[seat] = round_hundreds(score) - base
    before_uma[order[0]] = -sum(before_uma)
    by_place = _uma_by_place(rules, scores)
    uma = [by_place[ranks[seat] - 1] for seat in range(players)]
    chips = (state.chips or (0,) * players) if rules.chips else ()
    chip_points = [count * rules.chip_points for count in chips] or [0] * players
    return Standings(
        scores=tuple(scores),
        ranks=tuple(ranks),
        before_uma=tuple(before_uma),
        uma=tuple(uma),
        settled=tuple(
            value + bonus + extra for value, bonus, extra in zip(before_uma, uma, chip_points, strict=True)
        ),
        leftover_points=leftover,
        chips=chips,
    )


def add_chips(totals: tuple[int, ...], changes: tuple[int, ...]) -> tuple[int, ...]:
    """Chip counts after a hand's changes; either may be empty (no chips).

    >>> add_chips((), (2, -2, 0, 0)), add_chips((1, -1, 0, 0), ()), add_chips((1, -1), (2, -2))
    ((2, -2, 0, 0), (1, -1, 0, 0), (3, -3))
    """
    if not changes:
        return totals
    if not totals:
        return tuple(changes)
    return tuple(total + change for total, change in zip(totals, changes, strict=True))


def round_hundreds(score: int) -> int:
    """A score rounded to thousands by 5捨6入 on the hundreds digit as written (RULES.md §7.8 step 1).

    >>> round_hundreds(35500), round_hundreds(35600), round_hundreds(-2500), round_hundreds(-2600)
    (35000, 36000, -2000, -3000)
    """
    thousands, rest = divmod(abs(score), 1000)
    if rest > 500:
        thousands += 1
    return thousands * 1000 if score >= 0 else -thousands * 1000


def _check_outcome(state: MatchState, outcome: HandOutcome) -> None:
    """Reject an outcome that cannot belong to this match, naming what is wrong."""
    players = state.rules.players
    where = f"hand outcome ({outcome.kind})"
    if outcome.kind not in OUTCOME_KINDS:
        raise MatchError(f"hand outcome: unknown kind {outcome.kind!r} (known: {', '.join(OUTCOME_KINDS)})")
    if len(outcome.deltas) != players:
        raise MatchError(f"{where}: {len(outcome.deltas)} score changes for {players} players")
    for name, seats in (("winners", outcome.winners), ("tenpai", outcome.tenpai)):
        if len(set(seats)) != len(seats) or any(not 0 <= seat < players for seat in seats):
            raise MatchError(f"{where}: {name} {seats} are not distinct seats of {players} players")
    if outcome.kind == "win" and not outcome.winners:
        raise MatchError(f"{where}: a win needs at least one winner")
    if outcome.winners and outcome.kind not in ("win", "nagashi_mangan"):
        raise MatchError(f"{where}: only wins and nagashi mangan have winners, got {outcome.winners}")
    if (outcome.kind == "abortive") != (outcome.abortive_kind is not None):
        raise MatchError(f"{where}: abortive kind {outcome.abortive_kind!r} given for the wrong kind of hand")
    if outcome.abortive_kind is not None and outcome.abortive_kind not in ABORTIVE_KINDS:
        raise MatchError(f"{where}: unknown abortive kind {outcome.abortive_kind!r}")
    if outcome.riichi_sticks_left < 0:
        raise MatchError(f"{where}: {outcome.riichi_sticks_left} riichi sticks left on the table")
    if outcome.chips and (outcome.kind != "win" or len(outcome.chips) != players or sum(outcome.chips)):
        raise MatchError(f"{where}: chip changes {outcome.chips} must be a win's, one a seat, adding up to 0")
    taken = STICK_POINTS * (state.riichi_sticks - outcome.riichi_sticks_left)
    if sum(outcome.deltas) != taken:
        raise MatchError(
            f"{where}: score changes {outcome.deltas} add up to {sum(outcome.deltas)}, but the kyoutaku "
            f"going from {state.riichi_sticks} to {outcome.riichi_sticks_left} sticks makes that {taken}"
        )


def _dealer_keeps(state: MatchState, outcome: HandOutcome) -> bool:
    """Whether the dealer deals the next hand (chombo aside)."""
    rules = state.rules
    if outcome.kind == "win":
        return state.dealer in outcome.winners
    if outcome.kind == "abortive":
        return rules.abortive_dealer == "keep"
    if rules.all_noten_keeps_dealer and not outcome.tenpai:
        return True
    return rules.renchan == "tenpai" and state.dealer in outcome.tenpai


def _yame_reason(state: MatchState, outcome: HandOutcome, scores: tuple[int, ...]) -> str | None:
    """Whether the dealer's renchan in the last scheduled hand ends the match instead (automatic)."""
    rules = state.rules
    dealer = state.dealer
    if outcome.kind == "win" and dealer in outcome.winners:
        reason, allowed = "agari_yame", rules.agari_yame
    elif outcome.kind in ("exhaustive", "nagashi_mangan") and dealer in outcome.tenpai:
        reason, allowed = "tenpai_yame", rules.tenpai_yame
    else:
        return None
    if not allowed or not rules.bust or _rank_order(scores)[0] != dealer:
        return None
    if rules.west_extension and scores[dealer] < rules.return_points:
        return None
    return reason


def _uma_by_place(rules: RuleSet, scores: list[int]) -> tuple[int, ...]:
    """The uma of 1st, 2nd, ... place under the rule set's preset."""
    if rules.uma == "none":
        return (0,) * rules.players
    if rules.uma in RANK_UMA:
        return RANK_UMA[rules.uma]
    floaters = sum(score >= rules.return_points for score in scores)
    return FLOATER_UMA[rules.uma][min(max(floaters, 1), 3)]


def _rank_order(scores: tuple[int, ...] | list[int]) -> list[int]:
    """Seats from first to last place; ties go to the seat nearer the first dealer."""
    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))


def _hand_index(state: MatchState) -> int:
    """The hand's position in the whole match: East 1 = 0, counting every wind's hands."""
    return state.round_wind * state.rules.players + state.kyoku


def _last_scheduled(rules: RuleSet) -> int:
    """The index of the last scheduled hand (East 4, South 4 or North 4; East 3 ... with 3 players)."""
    return WINDS_PLAYED[rules.game_length] * rules.players - 1


def _extension_last(rules: RuleSet) -> int:
    """The index of the last hand the extension may reach: one more wind under ``west_4``, else North 4."""
    winds = 4 if rules.west_extension_end == "sudden_death" else WINDS_PLAYED[rules.game_length] + 1
    return min(winds, 4) * rules.players - 1


def _moved(state: MatchState, index: int, honba: int) -> MatchState:
    """The state at the given hand position and honba, after a hand was played."""
    round_wind, kyoku = divmod(index, state.rules.players)
    return dataclasses.replace(state, round_wind=round_wind, kyoku=kyoku, honba=honba)


def _ended(state: MatchState, reason: str) -> MatchState:
    """The finished state, kept at the position of the hand that ended the match."""
    return dataclasses.replace(state, finished=True, end_reason=reason)
