"""Engine options outside the scenario suite: sakizuke (atozuke off), karaten riichi as chombo, flowers."""

from __future__ import annotations

import dataclasses

import pytest

from rules.actions import Discard, Ron
from rules.round import Phase, RiverTile, apply, legal_actions, start_round
from rules.ruleset import RuleSet
from rules.tiles import assign_ids, parse_kinds
from rules.wall import arranged_wall


def tiles(*groups: str) -> list[tuple[int, ...]]:
    """Tile ids for several mpsz strings at once, every physical tile distinct."""
    kinds = [parse_kinds(group) for group in groups]
    ids = assign_ids([kind for group in kinds for kind in group])
    out, start = [], 0
    for group in kinds:
        out.append(ids[start : start + len(group)])
        start += len(group)
    return out


def test_atozuke_off_needs_a_yaku_on_every_wait() -> None:
    # Seat 1 waits on 1m-4m with a 444p triplet (no pinfu): 4m gives tanyao, 1m gives nothing.
    dealer, seat1, seat2, seat3, first = tiles(
        "4m1239p1239s1234z",
        "23m444p678s345s55p",
        "5m6m7m6p7p8p2s2s7s8s9s6z6z",
        "8m9m9m1p1p2p3p1s1s4z5z7z7z",
        "7z",
    )
    wall = arranged_wall(4, [dealer, seat1, seat2, seat3], draws=[first[0]])
    for atozuke, offered in ((True, True), (False, False)):
        state, _ = start_round(RuleSet(atozuke=atozuke), wall)
        four_man = next(tile for tile in dealer if tile >> 2 == 3)
        state, _ = apply(state, {0: Discard(four_man)})
        assert state.phase is Phase.CLAIM  # seat 1 may at least chi the 4m
        assert (Ron() in legal_actions(state)[1]) is offered


def test_karaten_riichi_option() -> None:
    # The dealer can riichi on a 2m kanchan; every other 2m is in view (three in a river, one as indicator).
    dealer, seat1, seat2, seat3, first, indicator = tiles(
        "13m456p678s345s55p",
        "222m9p1239s1234z5z",
        "6m7m8m6p7p8p2s2s7s8s9s6z6z",
        "8m9m9m1p1p2p3p1s1s4z5z7z7z",
        "7z",
        "2m",
    )
    wall = arranged_wall(4, [dealer, seat1, seat2, seat3], draws=[first[0]], dora=[indicator[0]])
    for karaten, offered in (("allowed", True), ("chombo", False)):
        state, _ = start_round(RuleSet(karaten_riichi=karaten), wall)
        rivers = tuple(RiverTile(tile, False, False) for tile in seat1[:3])
        players = list(state.players)
        players[1] = dataclasses.replace(players[1], river=rivers)
        state = dataclasses.replace(state, players=tuple(players))
        riichi = [a for a in legal_actions(state)[0] if isinstance(a, Discard) and a.riichi]
        assert bool(riichi) is offered


def test_flowers_are_refused_clearly() -> None:
    dealer, seat1, seat2, seat3 = tiles(
        "13m456p678s345s55p", "222m9p1239s1234z5z", "678m678p22789s66z", "899m1123p11s4577z"
    )
    wall = arranged_wall(4, [dealer, seat1, seat2, seat3])
    with pytest.raises(ValueError, match="flowers"):
        start_round(RuleSet(flowers=True), wall)
