"""tenhou.net/6 JSON: exact round trips of hand-built games, the writer's output field by field, bad input,
and every mjx mjlog game going mjlog -> GameRecord -> tenhou6 -> GameRecord."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from game.logs.mjlog import read_mjlog
from game.logs.record import (
    CallStep,
    DiscardStep,
    DoraStep,
    DrawResult,
    DrawStep,
    GameRecord,
    KitaStep,
    LogFormatError,
    Result,
    RoundRecord,
    Step,
    WinResult,
)
from game.logs.tenhou6 import dumps, read_tenhou6, tile_code, write_tenhou6
from rules.meld import Meld, MeldType
from rules.ruleset import RuleSet, preset
from rules.tiles import NORTH, is_red, parse_kinds
from tests.conftest import ORACLES, needs_shared

MJLOG_DIR = ORACLES / "mjx" / "mjlog"


class HandBuilder:
    """Builds a RoundRecord from mpsz tiles, numbering tiles as the tenhou6 reader documents it does.

    Plain copies of a kind are handed out from copy 3 down and red fives from copy 0 up, in order of first
    appearance (dealt hands seat by seat, the dora indicator, draws and kan dora as they happen, ura last); a
    tile leaving a hand is the lowest id of its kind and colour held, never the tile just drawn unless it is
    the only one or ``tsumogiri`` says so. Step methods return the builder, so a hand reads as its play.
    """

    def __init__(
        self,
        deal: list[str],
        dora: str,
        *,
        round_wind: int = 0,
        kyoku: int = 0,
        honba: int = 0,
        sticks: int = 0,
        scores: tuple[int, ...] | None = None,
        red_fives: tuple[int, int, int] = (1, 1, 1),
        position: str = "log[0]",
    ) -> None:
        self.players = len(deal)
        self.red_fives = red_fives
        self.next_plain = [3] * 34
        self.next_red = [0] * 34
        self.held = [[self.new(kind, red) for kind, red in parse_kinds(text)] for text in deal]
        self.hands = tuple(tuple(hand) for hand in self.held)
        self.dora = self.tile(dora)
        self.steps: list[Step] = []
        self.last_draw: list[int | None] = [None] * self.players
        self.last_discard: tuple[int, int] | None = None
        self.melds: list[list[Meld]] = [[] for _ in deal]
        self.round_wind, self.kyoku, self.honba, self.sticks = round_wind, kyoku, honba, sticks
        self.scores = scores or (25000,) * self.players
        self.position = position

    def new(self, kind: int, red: bool) -> int:
        if red:
            copy_number = self.next_red[kind]
            self.next_red[kind] += 1
        else:
            copy_number = self.next_plain[kind]
            self.next_plain[kind] -= 1
        assert self.next_red[kind] <= self.next_plain[kind] + 1, "a fifth tile"
        return kind * 4 + copy_number

    def tile(self, text: str) -> int:
        ((kind, red),) = parse_kinds(text)
        return self.new(kind, red)

    def take(self, seat: int, text: str, avoid: int | None = None) -> int:
        ((kind, red),) = parse_kinds(text)
        held = sorted(t for t in self.held[seat] if t >> 2 == kind and is_red(t, self.red_fives) == red)
        assert held, f"seat {seat} holds no {text}"
        if avoid in held and len(held) > 1:
            held.remove(avoid)
        self.held[seat].remove(held[0])
        return held[0]

    def draw(self, seat: int, text: str) -> HandBuilder:
        tile = self.tile(text)
        self.held[seat].append(tile)
        self.steps.append(DrawStep(seat, tile))
        self.last_draw[seat] = tile
        return self

    def discard(self, seat: int, text: str, riichi: bool = False) -> HandBuilder:
        return self._discarded(seat, self.take(seat, text, avoid=self.last_draw[seat]), riichi)

    def tsumogiri(self, seat: int, riichi: bool = False) -> HandBuilder:
        tile = self.last_draw[seat]
        assert tile is not None
        self.held[seat].remove(tile)
        return self._discarded(seat, tile, riichi)

    def _discarded(self, seat: int, tile: int, riichi: bool) -> HandBuilder:
        self.steps.append(DiscardStep(seat, tile, riichi))
        self.last_draw[seat] = None
        self.last_discard = seat, tile
        return self

    def _call(self, seat: int, meld_type: MeldType, own: str) -> HandBuilder:
        assert self.last_discard is not None
        source, called = self.last_discard
        tiles = [self.take(seat, digit + own[-1]) for digit in own[:-1]]
        meld = Meld(meld_type, tuple(sorted((*tiles, called))), called, (source - seat) % self.players)
        self.melds[seat].append(meld)
        self.steps.append(CallStep(seat, meld))
        self.last_draw[seat] = None
        return self

    def chi(self, seat: int, own: str) -> HandBuilder:
        return self._call(seat, MeldType.CHI, own)

    def pon(self, seat: int, own: str) -> HandBuilder:
        return self._call(seat, MeldType.PON, own)

    def daiminkan(self, seat: int, own: str) -> HandBuilder:
        return self._call(seat, MeldType.DAIMINKAN, own)

    def ankan(self, seat: int, tiles: str) -> HandBuilder:
        ids = [self.take(seat, digit + tiles[-1]) for digit in tiles[:-1]]
        self.steps.append(CallStep(seat, Meld(MeldType.ANKAN, tuple(sorted(ids)))))
        self.last_draw[seat] = None
        return self

    def kakan(self, seat: int, text: str) -> HandBuilder:
        tile = self.take(seat, text)
        pon = next(m for m in self.melds[seat] if m.type is MeldType.PON and m.kind == tile >> 2)
        kan = Meld(MeldType.SHOUMINKAN, tuple(sorted((*pon.tiles, tile))), pon.called, pon.from_seat)
        self.melds[seat][self.melds[seat].index(pon)] = kan
        self.steps.append(CallStep(seat, kan))
        self.last_draw[seat] = None
        return self

    def kita(self, seat: int) -> HandBuilder:
        tile = min(t for t in self.held[seat] if t >> 2 == NORTH)
        self.held[seat].remove(tile)
        self.steps.append(KitaStep(seat, tile))
        self.last_draw[seat] = None
        return self

    def reveal(self, text: str) -> HandBuilder:
        self.steps.append(DoraStep(self.tile(text)))
        return self

    def ura(self, text: str) -> tuple[int, ...]:
        """Ids for ura indicators (mpsz); ask after the last step."""
        return tuple(self.tile(digit + text[-1]) for digit in text[:-1])

    def finish(self, *results: Result) -> RoundRecord:
        return RoundRecord(
            round_wind=self.round_wind,
            kyoku=self.kyoku,
            honba=self.honba,
            riichi_sticks=self.sticks,
            scores=self.scores,
            dealer=self.kyoku,
            dora_indicator=self.dora,
            hands=self.hands,
            steps=tuple(self.steps),
            results=results,
            position=self.position,
        )


def win(seat: int, discarder: int | None, han: int, fu: int, points: int, yaku: Any, deltas: Any, **kw: Any):
    """A WinResult with the common fields positional."""
    yakuman = kw.pop("yakuman", 0)
    return WinResult(seat, discarder, han, fu, yakuman, points, tuple(yaku), tuple(deltas), **kw)


def draw_result(
    kind: str, deltas: tuple[int, ...], tenpai: tuple[int, ...] = (), nagashi: tuple[int, ...] = ()
):
    return DrawResult(kind, tenpai, deltas, nagashi)


ZERO4 = (0, 0, 0, 0)


def four_player_game() -> GameRecord:
    """Eleven hands: every kind of call and kan, riichi, tsumo, double ron, chankan, pao, every draw."""
    rounds = []

    # log[0] East 1: pon from the left, chi, pon from opposite, pon from the right, daiminkan, kakan, ankan
    # with their kan dora, riichi on the tile just drawn, and a tsumo.
    h = HandBuilder(
        ["1678m234p99s1122z", "234678m0559p1s33z", "055m678p239s5577z", "11m45p456789s667z"],
        "9p",
        position="log[0]",
    )
    h.draw(0, "3z").tsumogiri(0).pon(1, "33z").discard(1, "1s").chi(2, "23s").discard(2, "9s")
    h.pon(0, "99s").discard(0, "1m").pon(3, "11m").discard(3, "5p").daiminkan(1, "055p").draw(1, "8m")
    h.reveal("1p").tsumogiri(1).draw(2, "4z").tsumogiri(2).draw(3, "1m").kakan(3, "1m").draw(3, "2p")
    h.reveal("2s").discard(3, "7z").draw(0, "6z").tsumogiri(0).draw(1, "7z").tsumogiri(1).draw(2, "5m")
    h.ankan(2, "0555m").reveal("3s").draw(2, "3p").tsumogiri(2, riichi=True).draw(3, "9p")
    rounds.append(
        h.finish(
            win(3, None, 3, 30, 4000, [("yakuhai_seat_wind", 1), ("dora", 2)], (-2000, -1000, -1000, 5000))
        )
    )

    # log[1] East 2: riichi with a tile from hand, then a double ron; only the riichi winner gets ura dora.
    h = HandBuilder(
        ["123456789m1234p", "123456789p1234s", "123456789s1234m", "123567p1234567z"],
        "5s",
        kyoku=1,
        scores=(23000, 24000, 23000, 30000),
        position="log[1]",
    )
    h.draw(1, "9s").tsumogiri(1).draw(2, "1z").discard(2, "4m", riichi=True).draw(3, "2z").discard(3, "7z")
    h.draw(0, "6s").discard(0, "4p")
    ura = h.ura("4s")
    rounds.append(
        h.finish(
            win(1, 0, 2, 30, 2900, [("pinfu", 1), ("tanyao", 1)], (-2900, 3900, 0, 0)),
            win(2, 0, 2, 40, 2600, [("riichi", 1), ("ura_dora", 1)], (-2600, 0, 2600, 0), ura_indicators=ura),
        )
    )

    # log[2] East 3: exhaustive draw, seats 0 and 2 tenpai.
    deal = ["19m19p19s1234567z", "2345678m234567p", "2345678p234567s", "2345678s234567m"]
    h = HandBuilder(deal, "8m", kyoku=2, position="log[2]")
    h.draw(2, "9s").tsumogiri(2).draw(3, "9m").discard(3, "2s").draw(0, "9p").tsumogiri(0)
    rounds.append(h.finish(draw_result("exhaustive", (1500, -1500, 1500, -1500), tenpai=(0, 2))))

    # log[3] East 3, 1 honba: kyuushu kyuuhai on the dealer's first draw.
    h = HandBuilder(deal, "8m", kyoku=2, honba=1, position="log[3]")
    h.draw(2, "1z")
    rounds.append(h.finish(draw_result("kyuushu_kyuuhai", ZERO4)))

    # log[4] East 3, 2 honba: suufon renda.
    h = HandBuilder(deal, "8m", kyoku=2, honba=2, position="log[4]")
    h.draw(2, "1z").tsumogiri(2).draw(3, "1z").tsumogiri(3).draw(0, "1m").discard(0, "1z")
    h.draw(1, "1z").tsumogiri(1)
    rounds.append(h.finish(draw_result("suufon_renda", ZERO4)))

    # log[5] East 3, 3 honba: nagashi mangan by seat 1 (the dealer, seat 2, pays double).
    h = HandBuilder(deal, "8m", kyoku=2, honba=3, position="log[5]")
    h.draw(2, "5m").discard(2, "2p").draw(3, "5m").discard(3, "2m").draw(0, "5p").tsumogiri(0)
    rounds.append(h.finish(draw_result("nagashi_mangan", (-2000, 8000, -4000, -2000), nagashi=(1,))))

    # log[6] East 4: seat 0 pons, later adds to the pon and seat 1 robs the kan (chankan).
    h = HandBuilder(
        ["77p12345m123456s", "3468m3468p3468s7z", "1122335m112233p", "11223355s7p5566z"],
        "9m",
        kyoku=3,
        position="log[6]",
    )
    h.draw(3, "9s").discard(3, "7p").pon(0, "77p").discard(0, "1m").draw(1, "9p").tsumogiri(1)
    h.draw(2, "9p").tsumogiri(2).draw(3, "9s").tsumogiri(3).draw(0, "7p").kakan(0, "7p")
    rounds.append(h.finish(win(1, 0, 2, 30, 2000, [("tanyao", 1), ("chankan", 1)], (-2000, 2000, 0, 0))))

    # log[7] South 1: seat 2 passes seat 0's first 3m and pons the second one (the reader must back up).
    h = HandBuilder(
        ["33m99p1234567z12s", "12456789m456s78p", "33m45678p6789s11z", "123456789s234p6z"],
        "1p",
        round_wind=1,
        position="log[7]",
    )
    h.draw(0, "2z").discard(0, "3m").draw(1, "9p").discard(1, "9p").pon(0, "99p").discard(0, "3m")
    h.pon(2, "33m").discard(2, "1z").draw(3, "3z").tsumogiri(3).draw(0, "4z").tsumogiri(0)
    rounds.append(h.finish(draw_result("exhaustive", ZERO4)))

    # log[8] South 2: seat 0 pons the fourth wind from seat 3 and wins a double yakuman by tsumo; seat 3 pays.
    h = HandBuilder(
        ["11122233z44z123m", "456789m456789p7z", "123456789s1235p", "44z123456789m56z"],
        "9p",
        round_wind=1,
        kyoku=1,
        position="log[8]",
    )
    h.draw(1, "7z").tsumogiri(1).draw(2, "5z").tsumogiri(2).draw(3, "6z").discard(3, "4z").pon(0, "44z")
    h.discard(0, "1m").draw(1, "5z").tsumogiri(1).draw(2, "6z").tsumogiri(2).draw(3, "7z").tsumogiri(3)
    h.draw(0, "2m")
    rounds.append(
        h.finish(win(0, None, 26, 0, 64000, [("daisuushii", 26)], (64000, 0, 0, -64000), yakuman=2, pao=3))
    )

    # log[9] South 2, 1 honba: four riichi.
    h = HandBuilder(deal, "8m", round_wind=1, kyoku=1, honba=1, position="log[9]")
    h.draw(1, "1z").tsumogiri(1, riichi=True).draw(2, "2z").tsumogiri(2, riichi=True)
    h.draw(3, "3z").discard(3, "2s", riichi=True).draw(0, "4z").discard(0, "1m", riichi=True)
    rounds.append(h.finish(draw_result("suucha_riichi", ZERO4)))

    # log[10] South 2, 2 honba: a triple ron, abortive (sanchahou).
    h = HandBuilder(deal, "8m", round_wind=1, kyoku=1, honba=2, position="log[10]")
    h.draw(1, "5z").tsumogiri(1)
    rounds.append(h.finish(draw_result("sanchahou", ZERO4)))

    return GameRecord(
        source="game4.json",
        ruleset="standard",
        players=4,
        names=("東家", "Bさん", "C", "D (4)"),
        rounds=tuple(rounds),
        final_scores=(90900, 19000, 24000, -33900),
        final_points=(110.9, 9.0, -16.0, -103.9),
    )


def three_player_game() -> GameRecord:
    """Three players: kita and replacement draws, pons in four-seat geometry, rinshan tsumo, a noten draw."""
    h = HandBuilder(
        ["19m99p789s123p556z", "11m19p112345s667z", "99m015p05588s123z"],
        "8p",
        scores=(35000, 35000, 35000),
        red_fives=(0, 1, 1),
        position="log[0]",
    )
    # seat 1 pons from its left (seat 0), seat 0 from its right (seat 1), seat 2 from its right (seat 0)
    h.draw(0, "4z").kita(0).draw(0, "2p").discard(0, "1m").pon(1, "11m").discard(1, "9p").pon(0, "99p")
    h.discard(0, "9m").pon(2, "99m").discard(2, "1z").draw(0, "4z").kita(0).draw(0, "7z")
    first = h.finish(
        win(
            0,
            None,
            4,
            30,
            7800,
            [("rinshan", 1), ("yakuhai_seat_wind", 1), ("kita", 2)],
            (7800, -3900, -3900),
        )
    )
    h = HandBuilder(
        ["19m19p19s1234567z", "123456789p1234s", "123456789s1234z"],
        "5z",
        kyoku=1,
        scores=(42800, 31100, 31100),
        red_fives=(0, 1, 1),
        position="log[1]",
    )
    h.draw(1, "9m").tsumogiri(1).draw(2, "9m").discard(2, "1z").draw(0, "1s").tsumogiri(0)
    second = h.finish(draw_result("exhaustive", (-1000, 2000, -1000), tenpai=(1,)))
    return GameRecord(
        source="game3.json",
        ruleset="tenhou-3p",
        players=3,
        names=("A", "B", "C"),
        rounds=(first, second),
        final_scores=(41800, 33100, 30100),
        final_points=(16.8, -6.9, -9.9),
    )


@pytest.mark.parametrize("make", [four_player_game, three_player_game])
def test_hand_built_games_round_trip_exactly(make):
    record = make()
    text = dumps(record)
    back = read_tenhou6(text, record.source)
    for original, read in zip(record.rounds, back.rounds, strict=True):
        assert read == original, original.position
    assert back == record


def small_game() -> GameRecord:
    """One hand with each kind of list item: a draw, a hand discard, tsumogiri, chi, pon, riichi, ron."""
    h = HandBuilder(["123m456p789s1122z", "223459m067p3344z", "999m1118p55s6677z", "2468m2468p46s135z"], "9p")
    h.draw(0, "4m").discard(0, "1z").draw(1, "8m").tsumogiri(1).draw(2, "6s").discard(2, "5s")
    h.chi(3, "46s").discard(3, "2m").pon(1, "22m").discard(1, "9m").draw(2, "1z").tsumogiri(2, riichi=True)
    h.draw(3, "7z").discard(3, "5z")
    hand = h.finish(
        win(0, 3, 2, 40, 3900, [("yakuhai_seat_wind", 1), ("yakuhai_round_wind", 1)], (4900, 0, 0, -3900))
    )
    return GameRecord(
        source="small.json",
        ruleset="tenhou",
        players=4,
        names=("A", "B", "C", "D"),
        rounds=(hand,),
        final_scores=(29900, 25000, 24000, 21100),
        final_points=(49.9, 5.0, -16.0, -38.9),
    )


SMALL_GAME_JSON = {
    "title": ["", ""],
    "name": ["A", "B", "C", "D"],
    # Tenhou's rule label (一般 lobby, East-South, kuitan, red fives), one red five per suit, our preset name
    "rule": {"disp": "般南喰赤", "aka": 1, "ruleset": "tenhou"},
    "log": [
        [
            [0, 0, 0],  # hand number 0 = East 1, honba, riichi sticks on the table
            [25000, 25000, 25000, 25000],  # scores at the start
            [29],  # dora indicators: 9p
            [],  # ura indicators: nobody won with riichi
            # seat 0 (the dealer): dealt 1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S
            [11, 12, 13, 24, 25, 26, 37, 38, 39, 41, 41, 42, 42],
            [14],  # draws: the dealer's 14th tile, 4m
            [41],  # discards: East from the hand (not the tile drawn, so its code, not 60)
            # seat 1: 2m 2m 3m 4m 5m 9m red 5p (51-53 are the red fives) 6p 7p W W N N
            [12, 12, 13, 14, 15, 19, 52, 26, 27, 43, 43, 44, 44],
            # draws: 8m, then a pon of 2m from the seat opposite ("p" between the own tiles: toimen)
            [18, "12p1212"],
            [60, 19],  # discards: the 8m just drawn (60 = tsumogiri), then 9m after the pon
            # seat 2: 9m 9m 9m 1p 1p 1p 8p 5s 5s hatsu hatsu chun chun
            [19, 19, 19, 21, 21, 21, 28, 35, 35, 46, 46, 47, 47],
            [36, 41],  # draws: 6s, East
            [35, "r60"],  # discards: 5s; riichi declared with the East just drawn
            # seat 3: 2m 4m 6m 8m 2p 4p 6p 8p 4s 6s E W haku
            [12, 14, 16, 18, 22, 24, 26, 28, 34, 36, 41, 43, 45],
            # draws: chi of the 5s seat 2 (the left) threw, with 4s 6s ("c", the called tile, the own tiles)
            ["c353436", 47],
            [12, 45],  # discards: 2m after the chi, haku after drawing chun
            # result: seat 0 wins by ron from seat 3; seat 0 also takes the 1000 of seat 2's riichi
            [
                "和了",
                [4900, 0, 0, -3900],
                # [winner, discarder, pao (the winner: none), point string, yaku (seat and round wind East)]
                [0, 3, 0, "40符2飜3900点", "自風 東(1飜)", "場風 東(1飜)"],
            ],
        ]
    ],
    # final scores and settled points, alternating, by seat
    "sc": [29900, 49.9, 25000, 5.0, 24000, -16.0, 21100, -38.9],
}


def test_writer_output_matches_the_documented_grammar():
    record = small_game()
    assert write_tenhou6(record) == SMALL_GAME_JSON
    assert json.loads(dumps(record)) == SMALL_GAME_JSON


def test_reading_the_documented_example_gives_the_hand_back():
    assert read_tenhou6(json.dumps(SMALL_GAME_JSON), "small.json") == small_game()


def test_call_strings_of_every_direction():
    hand = write_tenhou6(four_player_game())["log"][0]
    draws = [hand[5 + 3 * seat] for seat in range(4)]
    discards = [hand[6 + 3 * seat] for seat in range(4)]
    # the letter's place says the source: first = the left, second = opposite, third = the right
    assert draws[0] == [43, "39p3939", 46]  # West (tsumogiri'd), pon of 9s from seat 2 (opposite), hatsu
    assert draws[1] == ["p434343", "25m252552", 18, 47]  # pon of West from seat 0 (its left), daiminkan of
    # 5p from seat 3 (opposite; own tiles sorted, the red 52 last), the replacement 8m, chun
    assert discards[1] == [31, 0, 60, 60]  # 1s, 0 for the daiminkan's turn, then two tsumogiri
    assert draws[2] == ["c313233", 44, 15, 23]  # chi of 1s with 2s 3s, North, 5m, the replacement 3p
    assert discards[2] == [39, 60, "151515a51", "r60"]  # ankan of 5m with the red five, riichi on the
    # replacement tile
    assert draws[3] == ["1111p11", 11, 22, 29]  # pon of 1m from seat 0 (its right), 1m, replacement 2p, 9p
    assert discards[3] == [25, "1111k1111", 47]  # kakan: the pon's string with "k" and the added tile
    assert hand[2] == [29, 21, 32, 33]  # dora 9p, then the kan dora of the daiminkan, kakan and ankan
    assert hand[-1] == [
        "和了",
        [-2000, -1000, -1000, 5000],
        [3, 3, 3, "30符3飜1000-2000点", "自風 北(1飜)", "ドラ(2飜)"],
    ]


def test_three_player_layout():
    game = write_tenhou6(three_player_game())
    assert game["name"] == ["A", "B", "C", ""]
    assert game["rule"] == {"disp": "三般南喰赤", "aka51": 0, "aka52": 1, "aka53": 1, "ruleset": "tenhou-3p"}
    hand = game["log"][0]
    assert hand[1] == [35000, 35000, 35000, 0]
    assert hand[13:16] == [[], [], []]  # the empty fourth seat
    assert hand[6][:2] == ["f44", 11]  # kita (f44), then 1m from hand
    # four-seat geometry: seat 1's left is seat 0; seat 0's and seat 2's pons from each other sit opposite
    assert hand[4 + 3 + 1][0] == "p111111"
    assert hand[4 + 1][2] == "2929p29"  # seat 0 pons 9p from seat 1, its right
    assert hand[4 + 6 + 1][0] == "19p1919"  # seat 2 pons 9m from seat 0 (opposite in four-seat geometry)
    assert hand[-1] == [
        "和了",
        [7800, -3900, -3900, 0],
        [0, 0, 0, "30符4飜3900点∀", "嶺上開花(1飜)", "自風 東(1飜)", "抜きドラ(2飜)"],
    ]
    assert game["log"][1][-1] == ["流局", [-1000, 2000, -1000, 0]]
    assert game["sc"] == [41800, 16.8, 33100, -6.9, 30100, -9.9, 0, 0.0]


def test_draw_and_win_strings():
    game = write_tenhou6(four_player_game())
    results = [hand[-1] for hand in game["log"]]
    assert results[1] == [
        "和了",
        [-2900, 3900, 0, 0],
        [1, 0, 1, "30符2飜2900点", "平和(1飜)", "断幺九(1飜)"],
        [-2600, 0, 2600, 0],
        [2, 0, 2, "40符2飜2600点", "立直(1飜)", "裏ドラ(1飜)"],
    ]
    assert game["log"][1][3] == [34]  # the ura indicator 4s
    assert results[2:6] == [
        ["流局", [1500, -1500, 1500, -1500]],
        ["九種九牌"],
        ["四風連打"],
        ["流し満貫", [-2000, 8000, -4000, -2000]],
    ]
    assert results[7] == ["全員不聴"]
    # a double yakuman tsumo paid in full by the pao seat 3
    assert results[8] == ["和了", [64000, 0, 0, -64000], [0, 0, 3, "役満16000-32000点", "大四喜(ダブル役満)"]]
    assert results[9:] == [["四家立直"], ["三家和了"]]


def test_backing_up_over_a_passed_call():
    # log[7]: seat 2's pon string is pending at seat 0's first 3m; taking it there leaves seat 0's pon of 9p
    # unexplained, so the reader must pass the first 3m and give the pon to the second
    record = four_player_game()
    back = read_tenhou6(dumps(record), record.source)
    steps = back.rounds[7].steps
    kinds = [type(step).__name__ for step in steps[:6]]
    assert kinds == ["DrawStep", "DiscardStep", "DrawStep", "DiscardStep", "CallStep", "DiscardStep"]
    assert back.rounds[7] == record.rounds[7]


# -- bad input --


def _set(path: tuple[Any, ...], value: Any):
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(key: str):
    def change(data: dict[str, Any]) -> None:
        del data[key]

    return change


HAND = ("log", 0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_drop("log"), "bad.json: no 'log' list of hands"),
        (_set(("name",), ["A", "B"]), "bad.json: 'name' must list 3 or 4 player names"),
        (_set((*HAND, 16), "x"), "bad.json: log[0] field 'result': must be a list"),
        (_set(HAND, [[0, 0, 0]]), "bad.json: log[0]: a hand is a list of 17 fields"),
        (
            _set((*HAND, 0), [0, 0]),
            "bad.json: log[0] field 'round': must be [hand number, honba, riichi sticks]",
        ),
        (_set((*HAND, 0, 0), 16), "bad.json: log[0] field 'round' item 0: hand number 16 is no hand of a 4"),
        (_set((*HAND, 4, 3), 10), "bad.json: log[0] field 'hand0' item 3: 10 is not a tile code"),
        (_set((*HAND, 4, 3), True), "bad.json: log[0] field 'hand0' item 3: True is not a tile code"),
        (_set((*HAND, 7), [12] * 13), "bad.json: log[0] field 'hand1' item 3: a fifth tile 12"),
        (
            _set((*HAND, 8, 1), "p12"),
            "bad.json: log[0] field 'draws1' item 1: 'p12' is not a well-formed pon",
        ),
        (_set((*HAND, 8, 1), "12x1212"), "bad.json: log[0] field 'draws1' item 1: '12x1212' is no chi (c)"),
        (
            _set((*HAND, 8, 1), "12p12"),
            "bad.json: log[0] field 'draws1' item 1: '12p12' is not a well-formed",
        ),
        (
            _set((*HAND, 8, 1), "12p121"),
            "bad.json: log[0] field 'draws1' item 1: '12p121' is not a call string",
        ),
        (
            _set((*HAND, 6, 0), 27),
            "bad.json: log[0] field 'discards0' item 0: seat 0 does not hold the tile 27",
        ),
        (
            _set((*HAND, 9, 1), 60),
            "bad.json: log[0] field 'discards1' item 1: after a chi or pon a tile must",
        ),
        (
            _set((*HAND, 14, 0), "c353428"),
            "bad.json: log[0] field 'draws3' item 0: not a chi: a chi needs three",
        ),
        (_set((*HAND, 14, 0), "c363435"), "bad.json: log[0] field 'discards2' item 0: nobody draws or calls"),
        (
            _set((*HAND, 12, 1), "r33"),
            "bad.json: log[0] field 'discards2' item 1: seat 2 does not hold the tile 33",
        ),
        (
            _set((*HAND, 5), [14, 15]),
            "bad.json: log[0] field 'result' item 2: the hand ends with a draw by seat 0",
        ),
        (
            _set((*HAND, 16, 2, 1), 0),
            "bad.json: log[0] field 'result' item 2: '40符2飜3900点' does not pay a dealer tsumo",
        ),
        (
            _set((*HAND, 2), [29, 21]),
            "bad.json: log[0] field 'dora': 2 indicators, more than the hand's kans",
        ),
        (
            _set(("rule", "aka"), 0),
            "bad.json: log[0] field 'hand1' item 6: more red fives (52) than the rule's 0",
        ),
        (_set(("rule", "aka"), 9), "bad.json: rule 'aka51' must be a red five count 0..4, got 9"),
        (
            _set(("rule", "ruleset"), "tenhou-3p"),
            "bad.json: rule set 'tenhou-3p' does not play with 4 players",
        ),
        (_set((*HAND, 16, 0), "和"), "bad.json: log[0] field 'result' item 0: unknown way for a hand to end"),
        (
            _set((*HAND, 16, 2, 4), "立直(1飜"),
            "bad.json: log[0] field 'result' item 2: '立直(1飜' is no yaku",
        ),
        (
            _set((*HAND, 16, 2, 4), "大立直(1飜)"),
            "bad.json: log[0] field 'result' item 2: unknown yaku '大立直'",
        ),
        (
            _set((*HAND, 16, 2, 3), "3900"),
            "bad.json: log[0] field 'result' item 2: '3900' is no point string",
        ),
        (
            _set((*HAND, 16, 2, 3), "1300-2600点"),
            "bad.json: log[0] field 'result' item 2: '1300-2600点' does not",
        ),
        (_set((*HAND, 16, 2, 1), 4), "bad.json: log[0] field 'result' item 2: discarder 4 is no seat"),
        (
            _set((*HAND, 16, 1), [1, 2]),
            "bad.json: log[0] field 'result' item 1: needs a score change for each",
        ),
        (_set(("sc",), [1, 2]), "bad.json: 'sc' must hold a score and points for each seat"),
    ],
)
def test_malformed_input_gives_a_one_line_error(change, message):
    data = copy.deepcopy(SMALL_GAME_JSON)
    change(data)
    with pytest.raises(LogFormatError) as caught:
        read_tenhou6(json.dumps(data, ensure_ascii=False), "bad.json")
    text = str(caught.value)
    assert text.startswith(message)
    assert "\n" not in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{",
            "bad.json: not valid JSON at line 1, column 2: Expecting property name enclosed in double quotes",
        ),
        ("[" * 100_000, "bad.json: nested more than 64 deep"),
        ("[]", "bad.json: the log is not a JSON object"),
    ],
)
def test_text_that_is_no_log(text, message):
    with pytest.raises(LogFormatError, match=r"^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        read_tenhou6(text, "bad.json")


def test_tile_codes():
    assert [tile_code(tile, (1, 1, 1)) for tile in (0, 16, 17, 35, 36, 52, 88, 108, 135)] == [
        11,
        51,
        15,
        19,
        21,
        52,
        53,
        41,
        47,
    ]
    assert tile_code(16, (0, 0, 0)) == 15


# -- mjx mjlog games through tenhou6 --


def is_limit(result: WinResult, rules: RuleSet) -> bool:
    """Whether a win is mangan or more (its fu then do not count, RULES.md §6)."""
    base = result.fu * 2 ** (result.han + 2)
    return bool(result.yakuman) or result.han >= 5 or base >= (1920 if rules.kiriage_mangan else 2000)


def portable(record: GameRecord, rules: RuleSet, limits: list[list[bool]]) -> tuple[Any, ...]:
    """What tenhou6 carries of a record (its documented losses set aside): tiles as kind and redness, fu
    of wins not flagged in ``limits`` only, tenpai seats of exhaustive draws only; no wall or position."""
    red = rules.red_five_ids

    def code(tile: int) -> tuple[int, bool]:
        return tile >> 2, tile in red

    def step_view(step: Step) -> tuple[Any, ...]:
        if isinstance(step, CallStep):
            meld = step.meld
            called = None if meld.called is None else code(meld.called)
            return "call", step.seat, meld.type, sorted(map(code, meld.tiles)), called, meld.from_seat
        if isinstance(step, DoraStep):
            return "dora", code(step.indicator)
        if isinstance(step, DiscardStep):
            return "discard", step.seat, code(step.tile), step.riichi
        return type(step).__name__, step.seat, code(step.tile)

    def result_view(result: Result, limit: bool) -> tuple[Any, ...]:
        if isinstance(result, DrawResult):
            tenpai = result.tenpai if result.kind == "exhaustive" else ()
            return result.kind, tenpai, result.deltas, result.nagashi
        return (
            result.seat,
            result.discarder,
            result.han,
            None if limit else result.fu,
            result.yakuman,
            result.points,
            result.yaku,
            result.deltas,
            [code(tile) for tile in result.ura_indicators],
            result.pao,
        )

    rounds = [
        (
            hand.round_wind,
            hand.kyoku,
            hand.honba,
            hand.riichi_sticks,
            hand.scores,
            hand.dealer,
            code(hand.dora_indicator),
            [[code(tile) for tile in dealt] for dealt in hand.hands],
            [step_view(step) for step in hand.steps],
            [result_view(result, limit) for result, limit in zip(hand.results, flags, strict=True)],
        )
        for hand, flags in zip(record.rounds, limits, strict=True)
    ]
    return record.ruleset, record.players, record.names, record.final_scores, record.final_points, rounds


def limit_flags(record: GameRecord, rules: RuleSet) -> list[list[bool]]:
    """Per hand and result, whether a win is a limit hand (from the original: tenhou6 drops those fu)."""
    return [
        [isinstance(result, WinResult) and is_limit(result, rules) for result in hand.results]
        for hand in record.rounds
    ]


MJLOGS = sorted(MJLOG_DIR.glob("*.mjlog"))


@needs_shared
def test_the_mjx_games_are_there():
    assert len(MJLOGS) == 85


@needs_shared
@pytest.mark.parametrize("path", MJLOGS, ids=[path.stem for path in MJLOGS])
def test_mjlog_games_survive_tenhou6(path):
    record = read_mjlog(path)
    rules = preset(record.ruleset)
    back = read_tenhou6(dumps(record), path.name)
    limits = limit_flags(record, rules)
    assert portable(back, rules, limits) == portable(record, rules, limits)
    # and the tenhou6 form is stable: writing what was read gives the same JSON
    assert write_tenhou6(back) == write_tenhou6(record)


def test_rule_label_follows_an_mjlog_game_type():
    record = small_game()
    record.extra.update(game_length="east", kuitan="off", red_fives="off")
    assert write_tenhou6(record)["rule"] == {"disp": "般東", "aka": 0, "ruleset": "tenhou"}


def test_random_damage_gives_log_errors_only():
    # change, drop or insert items anywhere in good logs: every failure must be a one-line LogFormatError
    rng = random.Random(6)
    games = [write_tenhou6(make()) for make in (four_player_game, three_player_game, small_game)]
    values = [0, 60, 11, 51, 99, -1, "x", "p111111", "r60", "f44", "1111k1111", [], {}, None, True, 1.5]

    def places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        return [path] + [place for key, value in items for place in places(value, (*path, key))]

    messages = []
    for _ in range(400):
        data = copy.deepcopy(rng.choice(games))
        *path, key = rng.choice(places(data)[1:])
        target = data
        for step in path:
            target = target[step]
        if isinstance(target, list) and rng.random() < 0.3:
            del target[key]
        else:
            target[key] = rng.choice(values)
        try:
            read_tenhou6(json.dumps(data, ensure_ascii=False), "damaged.json")
        except LogFormatError as error:
            messages.append(str(error))
    assert len(messages) > 300  # nearly every change breaks the log
    assert all(message.startswith("damaged.json: ") for message in messages)
    assert not any("\n" in message for message in messages)


# Mahjong Soul's English client writes tenhou.net/6 logs with English yaku, limit and draw names and an
# English room label (its exporter keeps Tenhou's 飜/役満/点 suffixes): e.g. "Fully Concealed Hand(1飜)",
# "Ura Dora(0飜)", "Four Concealed Triplets(役満)", "Mangan 8000点", "Exhaustive Draw", "Gold Room South".
_ENGLISH = {
    "riichi": "Riichi",
    "double_riichi": "Double Riichi",
    "ippatsu": "Ippatsu",
    "menzen_tsumo": "Fully Concealed Hand",
    "pinfu": "Pinfu",
    "tanyao": "All Simples",
    "iipeikou": "Pure Double Sequence",
    "haitei": "Under the Sea",
    "houtei": "Under the River",
    "rinshan": "After a Kan",
    "chankan": "Robbing a Kan",
    "yakuhai_haku": "White Dragon",
    "yakuhai_hatsu": "Green Dragon",
    "yakuhai_chun": "Red Dragon",
    "yakuhai_seat_wind": "Seat Wind",
    "yakuhai_round_wind": "Prevalent Wind",
    "chanta": "Half Outside Hand",
    "ittsu": "Pure Straight",
    "sanshoku": "Mixed Triple Sequence",
    "sanshoku_doukou": "Triple Triplets",
    "toitoi": "All Triplets",
    "sanankou": "Three Concealed Triplets",
    "sankantsu": "Three Quads",
    "honroutou": "All Terminals and Honours",
    "shousangen": "Little Three Dragons",
    "chiitoitsu": "Seven Pairs",
    "ryanpeikou": "Twice Pure Double Sequence",
    "honitsu": "Half Flush",
    "junchan": "Fully Outside Hand",
    "chinitsu": "Full Flush",
    "kokushi": "Thirteen Orphans",
    "kokushi_13": "Thirteen-wait Thirteen Orphans",
    "suuankou": "Four Concealed Triplets",
    "suuankou_tanki": "Single-wait Four Concealed Triplets",
    "daisangen": "Big Three Dragons",
    "tsuuiisou": "All Honours",
    "ryuuiisou": "All Green",
    "chinroutou": "All Terminals",
    "shousuushii": "Little Four Winds",
    "daisuushii": "Big Four Winds",
    "suukantsu": "Four Quads",
    "chuuren": "Nine Gates",
    "junsei_chuuren": "True Nine Gates",
    "tenhou": "Blessing of Heaven",
    "chiihou": "Blessing of Earth",
    "dora": "Dora",
    "aka_dora": "Red Five",
    "ura_dora": "Ura Dora",
    "kita": "Kita",
}
_ENGLISH_LIMITS = {
    "満貫": "Mangan ",
    "跳満": "Haneman ",
    "倍満": "Baiman ",
    "三倍満": "Sanbaiman ",
    "数え役満": "Counted Yakuman ",
    "役満": "Yakuman ",
}
_ENGLISH_DRAWS = {
    "流局": "Exhaustive Draw",
    "流し満貫": "Mangan at Draw",
    "九種九牌": "Nine Terminal Abortion",
    "四風連打": "Four Wind Abortion",
    "四家立直": "Four Riichi Abortion",
    "四開槓": "Four Kan Abortion",
    "三家和": "Three Ron Abortion",
}


def _in_english(data: dict[str, Any]) -> dict[str, Any]:
    """A tenhou6 object as the English client writes it: names, point strings and the rule label."""
    from game.logs.tenhou6 import YAKU_NAMES

    japanese = {name: yaku for yaku, name in YAKU_NAMES.items()}
    data = copy.deepcopy(data)
    data["rule"]["disp"] = "Gold Room South"
    data["rule"].pop("ruleset", None)
    for hand in data["log"]:
        result = hand[-1]
        if result[0] in _ENGLISH_DRAWS:
            result[0] = _ENGLISH_DRAWS[result[0]]
        for details in result[2::2]:
            point = details[3]
            for limit in sorted(_ENGLISH_LIMITS, key=len, reverse=True):
                if point.startswith(limit):
                    point = _ENGLISH_LIMITS[limit] + point[len(limit) :]
                    break
            details[3] = point.replace("符", "Fu").replace("飜", "Han")
            for index, label in enumerate(details[4:], start=4):
                name, value = label.split("(")
                name = japanese.get(name.split(" ")[0] if name.startswith(("自風", "場風")) else name, name)
                wind = label.split("(")[0].split(" ")[1:] if label.startswith(("自風", "場風")) else []
                english = _ENGLISH[name] + "".join(
                    f" {dict(zip('東南西北', ('East', 'South', 'West', 'North'), strict=True))[w]}"
                    for w in wind
                )
                details[index] = f"{english}({value}"
    return data


@pytest.mark.parametrize("make", [four_player_game, three_player_game, small_game])
def test_the_english_client_s_names_read_as_the_japanese_ones(make):
    japanese = write_tenhou6(make())
    japanese["rule"].pop("ruleset", None)
    english = _in_english(japanese)
    assert json.dumps(english) != json.dumps(japanese)
    read_japanese = read_tenhou6(json.dumps(japanese, ensure_ascii=False), "ja.json")
    read_english = read_tenhou6(json.dumps(english, ensure_ascii=False), "en.json")
    assert read_english.rounds == read_japanese.rounds
    assert read_english.ruleset == read_japanese.ruleset


def test_every_english_name_is_known():
    from game.logs.tenhou6 import _YAKU_IDS, YAKU_NAMES

    for yaku, name in _ENGLISH.items():
        assert _YAKU_IDS[name] == yaku
        assert yaku in YAKU_NAMES
    for wind in ("East", "South", "West", "North"):
        assert _YAKU_IDS[f"Seat Wind {wind}"] == "yakuhai_seat_wind"
        assert _YAKU_IDS[f"Prevalent Wind {wind}"] == "yakuhai_round_wind"
    for spelling in ("All Terminals and Honors", "All Honors", "Aka Dora", "Three Kans", "Four Kans"):
        assert spelling in _YAKU_IDS


def test_english_names_are_read_whatever_their_case():
    data = write_tenhou6(small_game())
    wins = [details for hand in data["log"] for details in hand[-1][2::2] if hand[-1][0] == "和了"]
    assert wins
    wins[0][4:] = ["pure double SEQUENCE(1飜)", "thirteen orphans 13-sided wait(ダブル役満)"]
    hand = read_tenhou6(json.dumps(data, ensure_ascii=False), "case.json")
    yaku = next(
        result.yaku for round_ in hand.rounds for result in round_.results if isinstance(result, WinResult)
    )
    assert dict(yaku) == {"iipeikou": 1, "kokushi_13": 26}


@pytest.mark.parametrize(
    "disp, players, length",
    [
        ("Gold Room South", 4, "hanchan"),
        ("Jade Room East", 4, "east"),
        ("3-Player Gold Room South", 3, "hanchan"),
        ("Friendly East", 4, "east"),
        ("鳳南喰赤", 4, "hanchan"),
        ("三鳳東喰赤", 3, "east"),
    ],
)
def test_an_english_room_label_sets_the_rules_as_the_japanese_one(disp, players, length):
    from game.verify import log_rules

    data = write_tenhou6(four_player_game() if players == 4 else three_player_game())
    data["rule"] = {"disp": disp, "aka": 1} if players == 4 else {"disp": disp, "aka52": 1, "aka53": 1}
    record = read_tenhou6(json.dumps(data, ensure_ascii=False), "room.json")
    rules = log_rules(record)
    assert record.ruleset == ("tenhou" if players == 4 else "tenhou-3p")
    assert (rules.players, rules.game_length) == (players, length)
