"""Settings: defaults, round trip, and damaged files (one warning line naming the file; nothing saved is
lost)."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.clock import clock_from_name
from game.records import Clock
from graphics.settings import (
    MAX_FILE_BYTES,
    TIMERS,
    Settings,
    SettingsError,
    load_settings,
    parse_settings,
    save_settings,
)

ROOT = Path(__file__).resolve().parents[2]


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.json") == Settings()


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(
        language="ko", speed=2.0, master_volume=0.3, muted=True, window=(1600, 900), theme="contrast"
    )
    save_settings(settings, path)
    assert load_settings(path) == settings
    assert json.loads(path.read_text(encoding="utf-8"))["window"] == [1600, 900]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON at line 1, column 2"),
        ('{"language": "en",\n "speed": }', "not valid JSON at line 2, column 11"),
        ("[]", "expected a JSON object"),
        ('{"language": "fr"}', "language must be one of"),
        ('{"speed": 7}', "speed must be one of"),
        ('{"master_volume": 1.5}', "master_volume must be between 0 and 1"),
        ('{"muted": "yes"}', "'muted' must be a bool"),
        ('{"window": [10]}', "'window' must be [width, height]"),
        ('{"window": [100, 100]}', "window must be between"),
        ('{"colour": 1}', "unknown setting 'colour'"),
        ('{"theme": "neon"}', "theme must be one of"),
        ('{"timer": "5+21"}', "timer must be one of off, 3+10, 5+20, 10+30, 15+45, got '5+21'"),
        ('{"timer": "OFF"}', "timer must be one of"),
        ('{"timer": 5}', "'timer' must be a str, got 5"),
        ('{"timer": false}', "'timer' must be a str, got False"),
        ('{"timer": null}', "'timer' must be a str, got None"),
    ],
)
def test_bad_settings_are_one_line_errors_naming_the_file(text: str, message: str) -> None:
    with pytest.raises(SettingsError) as error:
        parse_settings(text, "/x/settings.json")
    assert str(error.value).startswith("/x/settings.json: ")
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_the_timer_is_off_by_default_and_each_choice_survives_the_file(tmp_path: Path) -> None:
    assert Settings().timer == "off", "casual play is untimed unless asked"
    path = tmp_path / "settings.json"
    for timer in TIMERS[1:]:
        save_settings(Settings(timer=timer), path)
        assert json.loads(path.read_text(encoding="utf-8"))["timer"] == timer  # plain "5+20" in the file
        loaded = load_settings(path)
        assert loaded.timer == timer
        clock = clock_from_name(loaded.timer)
        assert clock is not None
        assert f"{clock.base_s}+{clock.bank_s}" == timer
    assert clock_from_name(Settings(timer="5+20").timer) == Clock(5, 20)
    with pytest.raises(SettingsError, match="timer must be one of"):
        Settings(timer="60+0")


def test_a_damaged_timer_warns_once_and_keeps_the_defaults(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "ja", "timer": "forever"}', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_settings(path) == Settings()
    assert len(caplog.records) == 1
    assert "timer must be one of" in caplog.records[0].getMessage()
    assert str(path) in caplog.records[0].getMessage()


def test_damaged_file_warns_and_is_kept_aside_before_saving(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"speed": "fast"}', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_settings(path) == Settings()
    assert len(caplog.records) == 1
    assert str(path) in caplog.records[0].getMessage()
    save_settings(Settings(language="ja"), path)
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == '{"speed": "fast"}'
    assert load_settings(path).language == "ja"


# Hostile files: each is one warning line naming the file, the defaults, and the file kept aside on saving.
HOSTILE = [
    pytest.param(b"[" * 100000, "nested more than 64 deep", id="deep-nesting"),
    pytest.param(
        b'{"window": [' + b"9" * 5000 + b", 720]}", "a number of 5000 characters (at most 40)", id="huge-int"
    ),
    pytest.param(
        b'{"speed": 1.' + b"0" * 4999 + b"}", "a number of 5001 characters (at most 40)", id="huge-real"
    ),
    pytest.param(
        b'{"language": "ko"' + b" " * MAX_FILE_BYTES + b"}",
        f"larger than {MAX_FILE_BYTES} bytes, so not a settings file",
        id="over-size",
    ),
    pytest.param(b'{"language": "\xff"}', "not UTF-8 text (byte 15)", id="not-utf8"),
    pytest.param(b'{"master_volume": NaN}', "NaN is not JSON", id="nan"),
    pytest.param(b'{"speed": 1e999}', "the number 1e999 is out of range", id="infinite"),
]


@pytest.mark.parametrize(("data", "message"), HOSTILE)
def test_a_hostile_file_is_one_warning_then_the_defaults_and_is_kept_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, data: bytes, message: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(data)
    with caplog.at_level(logging.WARNING):
        assert load_settings(path) == Settings()
    assert [record.getMessage() for record in caplog.records] == [f"{path}: {message}; using the defaults"]
    save_settings(Settings(language="ja"), path)
    assert (tmp_path / "settings.json.bad").read_bytes() == data
    assert load_settings(path).language == "ja"


def test_long_values_are_cut_short_in_the_warning() -> None:
    with pytest.raises(SettingsError) as error:
        parse_settings(json.dumps({"language": "x" * 10000}), "/x/settings.json")
    assert len(str(error.value)) < 200
    assert str(error.value).endswith("got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")


@pytest.mark.parametrize(("data", "message"), [HOSTILE[0], HOSTILE[1]])
def test_the_game_starts_on_the_defaults_with_a_hostile_settings_file(
    tmp_path: Path, data: bytes, message: str
) -> None:
    (tmp_path / "settings.json").write_bytes(data)
    environment = {
        **os.environ,
        "RIICHI_MAHJONG_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "play", "--frames", "2"],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if "settings.json" in line]
    assert lines == [f"{tmp_path / 'settings.json'}: {message}; using the defaults"]
