"""One safe JSON loader for everything the game reads from outside (settings, saved choices, score requests,
mjai lines, logs): size, nesting and number limits, and one ``JsonError`` line naming where and what.

The standard library's ``json`` raises ``RecursionError`` on deep nesting and a plain ``ValueError`` on an
integer of over 4,300 digits; both, and every ``JSONDecodeError``, become a ``JsonError`` here.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

MAX_BYTES = 16 * 1024 * 1024  # one document (a log file may pass a larger limit)
MAX_DEPTH = 64  # arrays and objects inside each other
MAX_NUMBER_CHARS = 40  # digits (and sign, point, exponent) of one number
# a JSON string (an unterminated one runs to the end, as the decoder reads it), and what is not a bracket
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
_NOT_BRACKETS = re.compile(r"[^][{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonError(ValueError):
    """JSON that cannot be used: the message is one line, ``where: reason``."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason  # what is wrong, for a caller that names the place itself


def _number(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _RefusedError(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS})")
    return int(text)


def _real(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _RefusedError(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS})")
    value = float(text)
    if not math.isfinite(value):
        raise _RefusedError(f"the number {text} is out of range")
    return value


def _constant(text: str) -> float:
    raise _RefusedError(f"{text} is not JSON")


class _RefusedError(Exception):
    """Raised from inside the decoder's hooks; turned into a JsonError with the place."""


def loads(
    text: str | bytes,
    where: str,
    *,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    one_line: bool = False,
) -> Any:
    """The JSON value in ``text``; JsonError (one line starting with ``where``) when it is not usable.
    ``one_line``: the text is one line of a JSON-lines stream, so a position is its column only.

    >>> loads('{"a": [1, 2.5]}', "line 1")
    {'a': [1, 2.5]}
    >>> loads("[" * 100000, "line 2")
    Traceback (most recent call last):
    ...
    game.safe_json.JsonError: line 2: nested more than 64 deep
    >>> loads('{"a": ', "line 3", one_line=True)
    Traceback (most recent call last):
    ...
    game.safe_json.JsonError: line 3: not valid JSON at column 7: Expecting value
    """
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise JsonError(where, f"{len(text)} bytes is too large (at most {max_bytes})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise JsonError(where, f"not UTF-8 text (byte {error.start + 1})") from None
    if len(text) > max_bytes:
        raise JsonError(where, f"{len(text)} characters is too large (at most {max_bytes})")
    if _nested_deeper(text, max_depth):
        raise JsonError(where, f"nested more than {max_depth} deep")
    try:
        return json.loads(text, parse_int=_number, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as error:
        why = error.msg.removesuffix(" starting at")  # "Unterminated string starting at": the column says
        at = f"column {error.colno}" if one_line else f"line {error.lineno}, column {error.colno}"
        raise JsonError(where, f"not valid JSON at {at}: {why}") from None
    except _RefusedError as error:
        raise JsonError(where, str(error)) from None
    except RecursionError:
        raise JsonError(where, "nested too deeply") from None
    except ValueError as error:  # anything else the decoder refuses
        raise JsonError(where, f"not usable JSON ({' '.join(str(error).split())})") from None


def _nested_deeper(text: str, limit: int) -> bool:
    """Whether arrays and objects nest more than ``limit`` deep (brackets inside strings do not count).

    Counted before decoding, whatever the size, with ``str.count``, ``re`` and ``itertools`` (all in C): a
    Python loop over the characters cost more than the decoding itself.

    >>> _nested_deeper('[{"a": "[[[["}]', 2), _nested_deeper('[{"a": [[]]}]', 3), _nested_deeper('"[[[[', 2)
    (False, True, False)
    """
    if text.count("[") + text.count("{") <= limit:  # most documents: no need to look closer
        return False
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0) > limit
