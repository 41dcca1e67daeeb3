"""The tutorial's script played through a real table: every step is reached in order, with the engine's own
legal actions (calls offered, riichi legal, no ron while furiten) and the wins scored with the yaku taught."""

from __future__ import annotations

from game.human import HumanSeat, HumanToggles
from game.seat import Seat
from game.table import Table
from game.tutorial import HUMAN, LESSONS, ScriptedSeat, kind, tutorial_rules, tutorial_wall
from rules.actions import Action, Discard, Ron, Tsumo
from rules.events import Event, HandWon, RoundEnded, TileDiscarded
from rules.wall import tile_set


def test_the_walls_are_whole_walls() -> None:
    for index in range(3):
        wall = tutorial_wall(index)
        assert sorted(wall.tiles) == list(tile_set(4))
        assert wall.players == 4


def test_copies_of_a_kind_are_never_given_twice_and_red_fives_come_last() -> None:
    hand = tutorial_wall(0).hand(0)
    assert len(set(hand)) == 13
    assert 13 * 4 not in hand  # the red 5p stays in the wall: 4p-5p-6p uses a plain five


class Played:
    """The tutorial's hands played by the lessons' answers: what each decision offered and what happened."""

    def __init__(self) -> None:
        self.human = HumanSeat("You", HumanToggles(auto_win=False, no_calls=False))
        seats: list[Seat] = [self.human, ScriptedSeat("R"), ScriptedSeat("A"), ScriptedSeat("L")]
        self.table = Table(tutorial_rules(), seats, seed=1, walls=tutorial_wall)
        self.events: list[Event] = []
        self.table.subscribe_engine(lambda events, state: self.events.extend(events))
        self.reached: list[
            tuple[str, tuple[Action, ...]]
        ] = []  # each lesson with the legal list it was shown at
        self.offered: list[tuple[int, tuple[Action, ...]]] = []  # every decision put to the person, by hand

    def play(self) -> None:
        lessons = list(LESSONS)
        guard = 0
        while lessons and guard < 500:
            guard += 1
            if not self.table.step():
                continue
            pending = self.human.pending
            assert pending is not None, "the table waits on someone else"
            self.offered.append((self.table.match.hands_played, pending.legal))
            assert self.table.match.hands_played == lessons[0].hand, lessons[0].key
            while lessons[0].expect is None:  # read at this decision, closed with Next
                self.reached.append((lessons[0].key, pending.legal))
                lessons.pop(0)
            lesson = lessons.pop(0)
            self.reached.append((lesson.key, pending.legal))
            answer = next((action for action in pending.legal if lesson.accepts(action)), None)
            assert answer is not None, f"{lesson.key}: {lesson.expect} not in {pending.legal}"
            self.human.choose(answer)
        self.table.step()  # the last win is scored (and the next hand dealt, past the tutorial's end)

    def wins(self) -> list[HandWon]:
        return [event for event in self.events if isinstance(event, HandWon)]


def test_the_script_reaches_every_step_in_order() -> None:
    played = Played()
    played.play()
    assert [key for key, _ in played.reached] == [lesson.key for lesson in LESSONS]
    # the person is asked only where a lesson stands (the other seats never make them choose elsewhere)
    assert len(played.offered) == sum(1 for lesson in LESSONS if lesson.expect is not None)


def test_chi_and_pon_are_offered_with_a_pass_and_riichi_is_legal() -> None:
    played = Played()
    played.play()
    shown = dict(played.reached)
    assert any(type(action).__name__ == "Chi" for action in shown["chi"])
    assert any(type(action).__name__ == "Pass" for action in shown["chi"])
    assert any(type(action).__name__ == "Pon" for action in shown["pon"])
    assert not any(isinstance(action, Ron) for action in shown["pon"])  # not yet tenpai: a pon, not a win
    riichi = [a for a in shown["riichi"] if isinstance(a, Discard) and a.riichi]
    assert [a.tile >> 2 for a in riichi] == [kind("4s")]
    assert not any(isinstance(a, Discard) and a.riichi for a in shown["closed"] + shown["lone"])


def test_furiten_refuses_the_ron_and_the_tsumo_is_offered() -> None:
    played = Played()
    played.play()
    nine = kind("9s")
    # the left player's 9s after the riichi: one of the person's waits, in their own river
    left = [event for event in played.events if isinstance(event, TileDiscarded) and event.seat == 3]
    assert any(event.tile >> 2 == nine for event in left)
    own = [event for event in played.events if isinstance(event, TileDiscarded) and event.seat == HUMAN]
    assert any(event.tile >> 2 == nine for event in own)  # the person let a 9s go before the riichi
    # ...and the person was never asked: no Ron (nor anything else) on it
    assert not any(Ron() in legal for hand, legal in played.offered if hand == 1)
    tsumo = dict(played.reached)["tsumo"]
    assert Tsumo() in tsumo


def test_the_wins_score_with_the_yaku_taught() -> None:
    played = Played()
    played.play()
    wins = played.wins()
    assert [win.seat for win in wins] == [HUMAN, HUMAN]
    first, second = wins
    assert first.discarder == 1
    assert {name for name, _ in first.value.yaku} == {"yakuhai_haku"}
    assert second.discarder is None
    assert "riichi" in {name for name, _ in second.value.yaku}
    ended = [event for event in played.events if isinstance(event, RoundEnded)]
    assert [event.kind for event in ended] == ["win", "win"]
