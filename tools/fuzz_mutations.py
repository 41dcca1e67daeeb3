"""Byte and JSON mutations shared by the fuzzers (tools.fuzz_logs, tools.fuzz_readers).

Each mutation takes the bytes and a generator and returns new bytes; the ones that need a format's
characters or odd values take them as an argument, so each fuzzer keeps its own alphabet.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any


def bit_flips(data: bytes, rng: random.Random) -> bytes:
    """A few bits flipped anywhere."""
    if not data:
        return bytes([rng.randrange(256)])
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def byte_edits(data: bytes, rng: random.Random, alphabet: bytes) -> bytes:
    """One to six bytes replaced, inserted or removed, the new ones from ``alphabet``."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(out) + 1)
        choice = rng.choice(alphabet)
        action = rng.randrange(3)
        if action == 0 and at < len(out):
            out[at] = choice
        elif action == 1:
            out.insert(at, choice)
        elif at < len(out):
            del out[at]
    return bytes(out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    """Cut short, or a piece cut out."""
    if not data:
        return data
    at = rng.randrange(len(data))
    if rng.random() < 0.6:
        return data[:at]
    end = rng.randrange(at, len(data) + 1)
    return data[:at] + data[end:]


splice_with: list[bytes] = [b""]  # the other input splice takes its end from (set by the fuzzer per case)


def splice(data: bytes, rng: random.Random) -> bytes:
    """The start of this input and the end of another (``splice_with[0]``)."""
    other = splice_with[0]
    return data[: rng.randrange(len(data) + 1)] + other[rng.randrange(len(other) + 1) :]


def mutate_value(
    value: Any,
    rng: random.Random,
    odd_values: Sequence[Callable[[random.Random], Any]],
    new_keys: Sequence[str] = (),
    depth: int = 0,
) -> Any:
    """A JSON value with one random change somewhere inside it: an item or key dropped, an item doubled, a
    key from ``new_keys`` added, or a node replaced by one of ``odd_values``; at most 8 levels down."""
    if isinstance(value, dict) and value and depth < 8 and rng.random() < 0.8:
        key = rng.choice(list(value))
        action = rng.randrange(4 if new_keys else 3)
        out = dict(value)
        if action == 0:
            del out[key]
        elif action == 3:
            out[rng.choice([key + "x", *new_keys])] = rng.choice(odd_values)(rng)
        else:
            out[key] = mutate_value(value[key], rng, odd_values, new_keys, depth + 1)
        return out
    if isinstance(value, list) and value and depth < 8 and rng.random() < 0.8:
        out_list = list(value)
        at = rng.randrange(len(out_list))
        action = rng.randrange(4)
        if action == 0:
            del out_list[at]
        elif action == 1:
            out_list.insert(at, copy.deepcopy(out_list[at]))
        else:
            out_list[at] = mutate_value(out_list[at], rng, odd_values, new_keys, depth + 1)
        return out_list
    return rng.choice(odd_values)(rng)
