"""Winning-hand decomposition: every way concealed tiles split into one pair and melds, cached per suit.

A reading is a pair plus sequences and triplets of the concealed part; the scorer then tries every place the
winning tile can sit in it (tanki, shanpon, kanchan, penchan, ryanmen) and keeps the best.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from rules.tiles import TERMINALS_AND_HONORS

# A suit reading: (pair offset or -1, sequence offsets, triplet offsets), offsets 0..8 inside the suit.
SuitReading = tuple[int, tuple[int, ...], tuple[int, ...]]
# A hand reading: (pair kind, sequence first kinds, triplet kinds) over the whole concealed part.
HandReading = tuple[int, tuple[int, ...], tuple[int, ...]]

_SUIT_CACHES: tuple[dict[tuple[int, ...], tuple[HandReading, ...]], ...] = ({}, {}, {})
_HONOR_CACHE: dict[tuple[int, ...], tuple[HandReading, ...]] = {}


def _number_readings(counts: tuple[int, ...], suit: int) -> tuple[HandReading, ...]:
    """All complete readings of one number suit (at most one pair, kinds absolute), cached by its counts."""
    cache = _SUIT_CACHES[suit]
    cached = cache.get(counts)
    if cached is not None:
        return cached
    found: list[SuitReading] = []
    _search(list(counts), 0, -1, [], [], found)
    base = suit * 9
    result = tuple(
        (
            pair + base if pair >= 0 else -1,
            tuple(base + offset for offset in sequences),
            tuple(base + offset for offset in triplets),
        )
        for pair, sequences, triplets in sorted(set(found))
    )
    cache[counts] = result
    return result


def _search(
    counts: list[int],
    start: int,
    pair: int,
    sequences: list[int],
    triplets: list[int],
    found: list[SuitReading],
) -> None:
    index = start
    while index < 9 and counts[index] == 0:
        index += 1
    if index == 9:
        found.append((pair, tuple(sequences), tuple(triplets)))
        return
    if counts[index] >= 3:
        counts[index] -= 3
        triplets.append(index)
        _search(counts, index, pair, sequences, triplets, found)
        triplets.pop()
        counts[index] += 3
    if pair < 0 and counts[index] >= 2:
        counts[index] -= 2
        _search(counts, index, index, sequences, triplets, found)
        counts[index] += 2
    if index <= 6 and counts[index + 1] and counts[index + 2]:
        counts[index] -= 1
        counts[index + 1] -= 1
        counts[index + 2] -= 1
        sequences.append(index)
        _search(counts, index, pair, sequences, triplets, found)
        sequences.pop()
        counts[index] += 1
        counts[index + 1] += 1
        counts[index + 2] += 1


def _honor_readings(counts: tuple[int, ...]) -> tuple[HandReading, ...]:
    """The reading of the honors, if any: each kind must be a triplet or the single pair."""
    cached = _HONOR_CACHE.get(counts)
    if cached is not None:
        return cached
    pair = -1
    triplets: list[int] = []
    result: tuple[HandReading, ...] = ()
    for offset, count in enumerate(counts):
        if count == 3:
            triplets.append(27 + offset)
        elif count == 2 and pair < 0:
            pair = 27 + offset
        elif count:
            break
    else:
        result = ((pair, (), tuple(triplets)),)
    _HONOR_CACHE[counts] = result
    return result


def regular_readings(counts: Sequence[int]) -> list[HandReading]:
    """Every split of a 3n+2 concealed 34-count into one pair and n melds (empty if there is none).

    >>> from rules.tiles import parse_tiles, to_counts
    >>> len(regular_readings(to_counts(parse_tiles("111222333m45677p"))))
    2
    """
    groups = (
        _number_readings(tuple(counts[0:9]), 0),
        _number_readings(tuple(counts[9:18]), 1),
        _number_readings(tuple(counts[18:27]), 2),
        _honor_readings(tuple(counts[27:34])),
    )
    man, pin, sou, honors = groups
    if not (man and pin and sou and honors):
        return []
    if len(man) == 1 and len(pin) == 1 and len(sou) == 1:
        # The usual case: one reading per suit, so at most one hand reading.
        man_pair, man_seq, man_tri = man[0]
        pin_pair, pin_seq, pin_tri = pin[0]
        sou_pair, sou_seq, sou_tri = sou[0]
        honor_pair, _, honor_tri = honors[0]
        if (man_pair >= 0) + (pin_pair >= 0) + (sou_pair >= 0) + (honor_pair >= 0) != 1:
            return []
        pair = max(man_pair, pin_pair, sou_pair, honor_pair)
        return [(pair, man_seq + pin_seq + sou_seq, man_tri + pin_tri + sou_tri + honor_tri)]
    readings: list[HandReading] = []
    for choice in product(*groups):
        pairs = [reading[0] for reading in choice if reading[0] >= 0]
        if len(pairs) != 1:
            continue
        readings.append(
            (
                pairs[0],
                choice[0][1] + choice[1][1] + choice[2][1],
                choice[0][2] + choice[1][2] + choice[2][2] + choice[3][2],
            )
        )
    return readings


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (four of a kind is not two pairs)."""
    return counts.count(2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each terminal and honor plus one more of them."""
    return all(counts[kind] for kind in TERMINALS_AND_HONORS) and sum(counts) == 14 == sum(
        counts[kind] for kind in TERMINALS_AND_HONORS
    )
