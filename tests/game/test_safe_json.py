"""The one safe JSON loader: what it accepts, and one JsonError line for every hostile shape."""

import doctest

import pytest

import game.safe_json
from game.safe_json import MAX_DEPTH, JsonError, loads


def test_ordinary_json_is_read_as_the_standard_library_reads_it() -> None:
    text = '{"a": [1, -2.5e3, "x\\u00e9", true, null], "b": {"c": []}}'
    assert loads(text, "here") == {"a": [1, -2500.0, "xé", True, None], "b": {"c": []}}
    assert loads(text.encode(), "here") == loads(text, "here")
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert loads(nested, "here") is not None
    assert loads('"[[[[ not nesting"', "here") == "[[[[ not nesting"
    inside = '["\\"[[[[\\\\", ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "]"  # escapes, then 64 deep
    assert loads(inside, "here")[0] == '"[[[[\\'
    with pytest.raises(JsonError, match="Unterminated string"):  # its brackets are in the string
        loads('["' + "[" * 100, "here")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        pytest.param("[" * 100000, "where: nested more than 64 deep", id="deep-nesting"),
        pytest.param(
            "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "where: nested more than 64 deep", id="65"
        ),
        pytest.param('{"a":' * 100000, "where: nested more than 64 deep", id="deep-objects"),
        pytest.param(" " * (1 << 20) + "[" * 100000, "where: nested more than 64 deep", id="deep-and-large"),
        pytest.param(
            '["]]]]\\"]]]]", ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "]",
            "where: nested more than 64 deep",
            id="closers-in-a-string-hide-nothing",
        ),
        pytest.param("9" * 5000, "where: a number of 5000 characters (at most 40)", id="huge-int"),
        pytest.param("-1." + "0" * 5000, "where: a number of 5003 characters (at most 40)", id="huge-real"),
        pytest.param("1e999", "where: the number 1e999 is out of range", id="infinite"),
        pytest.param("[NaN]", "where: NaN is not JSON", id="nan"),
        pytest.param("-Infinity", "where: -Infinity is not JSON", id="infinity"),
        pytest.param(b'"\xff"', "where: not UTF-8 text (byte 2)", id="not-utf8"),
        pytest.param(b"x" * 101, "where: 101 bytes is too large (at most 100)", id="over-size-bytes"),
        pytest.param("x" * 101, "where: 101 characters is too large (at most 100)", id="over-size-text"),
        pytest.param(
            '{"a": [1,\n 2', "where: not valid JSON at line 2, column 3: Expecting ',' delimiter", id="cut"
        ),
        pytest.param("", "where: not valid JSON at line 1, column 1: Expecting value", id="empty"),
    ],
)
def test_every_hostile_shape_is_one_json_error_line(text: str | bytes, error: str) -> None:
    with pytest.raises(JsonError) as raised:
        loads(text, "where", max_bytes=100 if len(text) == 101 else 2 << 20)  # the over-size cases: 101
    assert str(raised.value) == error
    assert "\n" not in str(raised.value)
    assert isinstance(raised.value, ValueError)  # callers that catch ValueError keep working


def test_safe_json_examples() -> None:
    assert doctest.testmod(game.safe_json).failed == 0
