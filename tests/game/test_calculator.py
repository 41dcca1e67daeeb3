"""The score command's JSON Lines interface: output shape, bad input answered per line, and the CLI itself."""

from __future__ import annotations

import doctest
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import game.calculator
from game.calculator import MAX_LINE_BYTES, run, score_line, score_request

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"hand": "234789m56p456s77s7p", "win_tile": "7p", "from": 3, "seat_wind": "S"}


def test_output_fields_and_types() -> None:
    result = score_request(GOOD)
    assert result == {
        "han": 1,
        "fu": 30,
        "yakuman": 0,
        "limit": None,
        "points": 1000,
        "payments": {"ron": 1000},
        "winner_gain": 1000,
        "yaku": [["pinfu", 1]],
    }


def test_honba_and_sticks_reach_the_winner() -> None:
    result = score_request({**GOOD, "honba": 2, "riichi_sticks": 3})
    assert result["points"] == 1000
    assert result["payments"] == {"ron": 1600}
    assert result["winner_gain"] == 1600 + 3000


def test_dealer_tsumo_payments() -> None:
    result = score_request({**GOOD, "from": None, "tsumo": True, "seat_wind": "E"} | {"from": None})
    assert result["payments"] == {"non_dealer": 700}
    assert result["points"] == 2100


@pytest.mark.parametrize(
    "request_, error",
    [
        ([], "a request must be a JSON object"),
        ({"win_tile": "1m"}, "missing field 'hand'"),
        ({"hand": "123m"}, "missing field 'win_tile'"),
        ({**GOOD, "colour": 1}, "unknown field 'colour'"),
        ({**GOOD, "hand": "234789m56p456s77x7p"}, "hand: unknown suit 'x' at position 17"),
        ({**GOOD, "hand": "23478m56p456s77s7p"}, "a hand needs 14 tiles with its melds, got 13"),
        ({**GOOD, "hand": "2347899m56p456s77s7p"}, "a hand needs 14 tiles with its melds, got 15"),
        ({**GOOD, "hand": "22222m56p4567s7p"}, "hand: 5 copies of 2m"),
        ({**GOOD, "dora_indicators": "7p7p7p7p"}, "5 copies of 7p"),
        ({**GOOD, "win_tile": "1m"}, "win_tile 1m is not in hand"),
        ({**GOOD, "win_tile": "7p7p"}, "win_tile must be one tile, got 2"),
        ({**GOOD, "seat_wind": "X"}, 'field \'seat_wind\' must be one of "E" "S" "W" "N", got \'X\''),
        ({**GOOD, "riichi": "yes"}, "field 'riichi' must be true or false, got 'yes'"),
        ({**GOOD, "honba": -1}, "field 'honba' must be a whole number >= 0, got -1"),
        ({**GOOD, "from": 4}, "field 'from' must be 1, 2 or 3, got 4"),
        ({**GOOD, "ruleset": "house"}, "unknown rule set 'house'"),
        ({**GOOD, "rules": {"kuitan": "no"}}, "option 'kuitan' must be true or false, got 'no'"),
        ({**GOOD, "rules": {"colour": True}}, "unknown rule option 'colour'"),
        ({**GOOD, "rules": {"renhou": "always"}}, "option 'renhou' must be one of"),
        ({**GOOD, "players": 5}, "field 'players' must be 3 or 4, got 5"),
        ({**GOOD, "hand": "234789m56p456s67s7p"}, "not a winning hand"),
        ({**GOOD, "tsumo": True}, "a tsumo win has no discarder"),
        ({**GOOD, "ippatsu": True}, "ippatsu needs riichi"),
        ({**GOOD, "haitei": True}, "haitei is a tsumo win"),
        ({**GOOD, "chiihou": True}, "chiihou is a tsumo win"),
        ({**GOOD, "hand": "234789m56p456s00s7p"}, "2 red 5s but rule set 'standard' has 1 in that suit"),
        (
            {**GOOD, "dora_indicators": "555s"},
            "4 plain 5s but 1 of the four are red",
        ),
        ({**GOOD, "players": 3}, "2m-8m are not in the three-player set"),
        ({**GOOD, "kita": 1}, "kita (north dora) exists only with three players"),
        (
            {
                "hand": "999m456p55s78s9s",
                "win_tile": "9s",
                "tsumo": True,
                "players": 3,
                "melds": [{"type": "pon", "tiles": "111m", "from": 3}],
            },
            "with three players 'from' is 1 (the next player) or 2 (the previous one)",
        ),
        ({**GOOD, "players": 3, "hand": "999m456p55s789s777s", "win_tile": "7s"}, "discarder must be 1..2"),
        ({**GOOD, "melds": {"type": "pon"}}, "field 'melds' must be a list"),
        (
            {**GOOD, "hand": "234789m56p77s7p", "melds": [{"type": "pong", "tiles": "456s", "from": 1}]},
            "melds[0].type must be chi, pon, daiminkan, shouminkan or ankan, got 'pong'",
        ),
        (
            {**GOOD, "hand": "234789m56p77s7p", "melds": [{"type": "chi", "tiles": "457s", "from": 3}]},
            "melds[0]: a chi needs three consecutive tiles of one suit, got 4s 5s 7s",
        ),
        (
            {**GOOD, "hand": "234789m56p77s7p", "melds": [{"type": "chi", "tiles": "456s", "from": 1}]},
            "melds[0]: a chi can only be called from the player on the left (from 3)",
        ),
        (
            {**GOOD, "hand": "234789m56p77s7p", "melds": [{"type": "pon", "tiles": "456s"}]},
            "melds[0]: a pon needs 'from' (1 right, 2 opposite, 3 left)",
        ),
        (
            {
                **GOOD,
                "hand": "234789m56p77s7p",
                "melds": [{"type": "chi", "tiles": "456s", "from": 3}],
                "riichi": True,
            },
            "riichi needs a closed hand",
        ),
        (
            {
                **GOOD,
                "hand": "234789m56p77s7p",
                "melds": [{"type": "chi", "tiles": "456s", "from": 3, "called": "9s"}],
            },
            "melds[0].called 9s is not one of the meld's tiles",
        ),
    ],
)
def test_bad_requests_get_one_line_errors(request_: Any, error: str) -> None:
    result = score_request(request_)
    assert set(result) == {"error"}
    assert result["error"].startswith(error), result["error"]
    assert "\n" not in result["error"]


def test_invalid_json_line_says_where() -> None:
    assert score_line('{"hand": ', 7) == {"error": "line 7: not valid JSON at column 10: Expecting value"}


@pytest.mark.parametrize(
    ("line", "error"),
    [
        pytest.param(b"[" * 100000, "line 5: nested more than 64 deep", id="deep-nesting"),
        pytest.param(
            b'{"honba": ' + b"9" * 5000 + b"}",
            "line 5: a number of 5000 characters (at most 40)",
            id="huge-int",
        ),
        pytest.param(b'{"hand": "123m\xff"}', "line 5: not UTF-8 text (byte 15)", id="not-utf8"),
        pytest.param(b'{"hand": "\xe3\x81"}\n', "line 5: not UTF-8 text (byte 11)", id="cut-character"),
        pytest.param(b'{"hand": "1m", "win_tile": "1', "line 5: not valid JSON at column 28", id="cut"),
        pytest.param(b'{"honba": NaN}', "line 5: NaN is not JSON", id="nan"),
        pytest.param(b" \t\r\n", "line 5: empty line", id="blank"),
    ],
)
def test_hostile_lines_get_one_line_errors_naming_the_line(line: bytes, error: str) -> None:
    result = score_line(line, 5)
    assert set(result) == {"error"}
    assert result["error"].startswith(error), result["error"]
    assert "\n" not in result["error"]


def test_run_answers_every_line_in_order() -> None:
    lines = [json.dumps(GOOD), "not json", "", json.dumps({**GOOD, "hand": "1m"}), json.dumps(GOOD)]
    out = io.StringIO()
    assert run(io.StringIO("\n".join(lines) + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 5
    assert answers[0]["points"] == 1000
    assert answers[1] == {"error": "line 2: not valid JSON at column 1: Expecting value"}
    assert answers[2] == {"error": "line 3: empty line"}
    assert "error" in answers[3]
    assert answers[4] == answers[0]


def test_a_bad_line_of_bytes_is_one_error_and_the_run_goes_on() -> None:
    good = json.dumps(GOOD).encode()
    lines = [
        good,
        b'{"hand": "\xff\xfe"}',
        b"[" * 100000,
        b'{"riichi_sticks": ' + b"1" * 5000 + b"}",
        b" " * (MAX_LINE_BYTES + 10) + good,  # too long: skipped unread
        good[:-5],
        good,
    ]
    out = io.StringIO()
    assert run(io.BytesIO(b"\n".join(lines) + b"\n" + good), out) == 0  # the last line has no newline
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0]["points"] == 1000
    assert answers[1:6] == [
        {"error": "line 2: not UTF-8 text (byte 11)"},
        {"error": "line 3: nested more than 64 deep"},
        {"error": "line 4: a number of 5000 characters (at most 40)"},
        {"error": f"line 5: longer than {MAX_LINE_BYTES} bytes"},
        {"error": f"line 6: not valid JSON at column {len(good) - 4}: Expecting value"},
    ]
    assert answers[6:] == [answers[0], answers[0]]


def test_an_answer_quoting_a_lone_surrogate_can_still_be_written() -> None:
    out = io.StringIO()
    run(io.BytesIO(b'{"hand": "\\ud800", "win_tile": "1m"}\n'), out)
    out.getvalue().encode("utf-8")  # a UTF-8 console can print it
    assert "error" in json.loads(out.getvalue())


@pytest.mark.parametrize(  # found by fuzzing: errors quoted request text as it was
    ("request_", "error"),
    [
        ({**GOOD, "\ud800": 1}, "unknown field '\\ud800'"),
        ({**GOOD, "a\nb\x00": 1}, "unknown field 'a\\nb\\x00'"),
        ({**GOOD, "x" * 5000: 1}, "unknown field 'xxxxx"),
        ({**GOOD, "melds": [{"type": "chi", "\udfff": 1}]}, "melds[0]: unknown field '\\udfff'"),
    ],
)
def test_errors_are_printable_lines_of_bounded_length(request_: dict[str, Any], error: str) -> None:
    result = score_request(request_)["error"]
    assert result.startswith(error)
    assert result.isprintable()
    assert len(result) <= 300


def test_calculator_examples() -> None:
    assert doctest.testmod(game.calculator).failed == 0


def test_score_command_from_stdin_and_file(tmp_path: Path) -> None:
    line = json.dumps(GOOD) + "\n"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "score"],
        input=line,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["points"] == 1000
    source = tmp_path / "hands.jsonl"
    source.write_text(line + "{bad\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "score", "--input", str(source)],
        capture_output=True,
        text=True,
        check=True,
    )
    first, second = done.stdout.splitlines()
    assert json.loads(first)["points"] == 1000
    assert "error" in json.loads(second)
    assert done.stderr == ""


def test_score_command_answers_past_a_line_that_is_not_utf8(tmp_path: Path) -> None:
    data = (
        json.dumps(GOOD).encode()
        + b"\n\xff\xfe\n"
        + b'{"hand": "1m", "win_tile": "1\n'
        + json.dumps(GOOD).encode()
    )
    source = tmp_path / "hands.jsonl"
    source.write_bytes(data)
    expected_errors = [
        {"error": "line 2: not UTF-8 text (byte 1)"},
        {"error": "line 3: not valid JSON at column 28: Unterminated string"},
    ]
    for arguments, stdin in ((["--input", str(source)], None), ([], data)):
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "score", *arguments],
            input=stdin,
            capture_output=True,
            check=False,
        )
        assert done.returncode == 0
        assert done.stderr == b""
        answers = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
        assert len(answers) == 4
        assert answers[0]["points"] == answers[3]["points"] == 1000
        assert answers[1] == expected_errors[0]
        assert answers[2]["error"].startswith(expected_errors[1]["error"])
