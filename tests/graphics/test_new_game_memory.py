"""The new-game screen remembers the last match's setup (not its seed); a damaged file gives one warning."""

import json
import logging
from pathlib import Path

import pytest

from graphics.screens.new_game import (
    CHOICES_FILE,
    MAX_CHOICES_BYTES,
    NewGameChoices,
    choices_from_json,
    choices_to_json,
    load_choices,
    save_choices,
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RIICHI_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def test_choices_round_trip(home: Path) -> None:
    choices = NewGameChoices()
    choices.choose_players(3)
    choices.levels = ["human", "strong", "human", "normal"]
    choices.names = ["Ann", "", "민수", ""]
    choices.game_length = "east"
    choices.options["kuitan"] = False
    choices.seed_text = "12345"
    save_choices(choices)
    loaded = load_choices()
    assert choices_to_json(loaded) == choices_to_json(choices)
    assert loaded.players == 3
    assert loaded.names[2] == "민수"
    assert loaded.options["kuitan"] is False
    assert loaded.seed_text == ""  # every match gets a new seed unless one is typed


def test_no_file_gives_the_defaults(home: Path) -> None:
    assert choices_to_json(load_choices()) == choices_to_json(NewGameChoices())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected a JSON object"),
        ({"players": 5}, "'players' must be 3 or 4"),
        ({"presets": {"4": "tenhou-3p"}}, "no 4-player preset 'tenhou-3p'"),
        ({"levels": ["human", "godlike", "normal", "normal"]}, "'levels' must be four of"),
        ({"names": ["a", "b"]}, "'names' must be four strings"),
        ({"game_length": "full"}, "'game_length' must be one of"),
        ({"options": {"kuitan": "yes"}}, "'options' must map"),
        ({"options": {"flowers": True}}, "'options' must map"),
        ({"players": 3.0}, "'players' must be 3 or 4, got 3.0"),
        ({"players": True}, "'players' must be 3 or 4, got True"),
        ({"presets": {"5": "standard"}}, "'presets' are for 3 or 4 players, not '5'"),
        ({"names": ["a\u0000b", "", "", ""]}, "'names' must be four strings"),  # NUL cannot be drawn
        ({"names": ["\ud800", "", "", ""]}, "'names' must be four strings"),  # nor saved as UTF-8
        ({"levels": [[], {}, None, 1]}, "'levels' must be four of"),
        ({"game_length": "x" * 10000}, "'game_length' must be one of east, hanchan, got 'xxxxxxxx"),
        ({"timer": "5+21"}, "'timer' must be one of off, 3+10, 5+20, 10+30, 15+45, got '5+21'"),
        ({"timer": 5}, "'timer' must be one of"),
        ({"timer": None}, "'timer' must be one of"),
        ({"timer": ["5+20"]}, "'timer' must be one of"),
        ({"timer_default": True}, "'timer_default' must be one of"),
    ],
)
def test_bad_choices_are_refused_with_one_line(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=r"^where: ") as error:
        choices_from_json(data, "where")
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert len(str(error.value)) < 200  # a damaged file may hold long values: they are cut short


def test_a_damaged_file_warns_once_and_gives_the_defaults(
    home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (home / CHOICES_FILE).write_text('{"players": 4, "levels": "all strong"}', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        choices = load_choices()
    assert choices_to_json(choices) == choices_to_json(NewGameChoices())
    assert len(caplog.records) == 1
    assert CHOICES_FILE in caplog.records[0].getMessage()
    (home / CHOICES_FILE).write_text("{not json", encoding="utf-8")
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        load_choices()
    assert len(caplog.records) == 1
    assert "not valid JSON" in caplog.records[0].getMessage()


def test_long_remembered_names_are_cut_to_what_the_field_takes(home: Path) -> None:
    data = choices_to_json(NewGameChoices())
    data["names"] = ["x" * 100, "", "", ""]
    (home / CHOICES_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert len(load_choices().names[0]) == 16


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(b"[" * 100000, "nested more than 64 deep", id="deep-nesting"),
        pytest.param(
            b'{"players": ' + b"4" * 5000 + b"}", "a number of 5000 characters (at most 40)", id="huge-int"
        ),
        pytest.param(
            b'{"players": 4' + b" " * MAX_CHOICES_BYTES + b"}",
            f"larger than {MAX_CHOICES_BYTES} bytes, so not a saved new-game setup",
            id="over-size",
        ),
        pytest.param(b'{"names": ["\xc3", "", "", ""]}', "not UTF-8 text (byte 13)", id="not-utf8"),
        pytest.param(b'{"players": 4,\n "game_length": "ea', "not valid JSON at line 2, column 17", id="cut"),
    ],
)
def test_a_hostile_file_warns_once_and_gives_the_defaults(
    home: Path, caplog: pytest.LogCaptureFixture, data: bytes, message: str
) -> None:
    path = home / CHOICES_FILE
    path.write_bytes(data)
    with caplog.at_level(logging.WARNING):
        choices = load_choices()
    assert choices_to_json(choices) == choices_to_json(NewGameChoices())
    [record] = caplog.records
    assert record.getMessage().startswith(f"{path}: {message}")
    assert record.getMessage().endswith("; using the defaults")
    assert "\n" not in record.getMessage()
    save_choices(choices)  # the next match's setup replaces it
    assert load_choices().players == 4


def test_the_timer_is_remembered_with_the_setting_it_was_chosen_under(home: Path) -> None:
    choices = NewGameChoices(timer="10+30", timer_default="off")
    save_choices(choices)
    saved = json.loads((home / CHOICES_FILE).read_text(encoding="utf-8"))
    assert (saved["timer"], saved["timer_default"]) == ("10+30", "off")
    loaded = load_choices("off")
    assert loaded.timer == "10+30", "the setting is unchanged: the timer chosen last time stays"
    clock = loaded.clock()
    assert clock is not None
    assert (clock.base_s, clock.bank_s) == (10, 30)
    assert choices_to_json(loaded) == choices_to_json(choices)


def test_a_changed_setting_replaces_the_remembered_timer(home: Path) -> None:
    save_choices(NewGameChoices(timer="10+30", timer_default="off"))
    loaded = load_choices("3+10")
    assert loaded.timer == "3+10"
    assert loaded.timer_default == "3+10"
    save_choices(NewGameChoices(timer="off", timer_default="5+20"))
    assert load_choices("off").timer == "off"
    assert load_choices("15+45").timer == "15+45"


@pytest.mark.parametrize("setting", ["off", "5+20"])
def test_a_file_from_before_timers_loads_with_the_settings_timer(home: Path, setting: str) -> None:
    old = choices_to_json(NewGameChoices(players=3, game_length="east"))
    del old["timer"], old["timer_default"]
    (home / CHOICES_FILE).write_text(json.dumps(old), encoding="utf-8")
    loaded = load_choices(setting)
    assert loaded.timer == setting
    assert loaded.players == 3, "the rest of the old file still loads"
    assert loaded.game_length == "east"


@pytest.mark.parametrize("setting", ["off", "15+45"])
def test_no_file_and_a_damaged_file_give_the_settings_timer(
    home: Path, setting: str, caplog: pytest.LogCaptureFixture
) -> None:
    assert load_choices(setting).timer == setting
    (home / CHOICES_FILE).write_text('{"timer": "forever"}', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_choices(setting).timer == setting
    assert len(caplog.records) == 1
    assert "'timer' must be one of" in caplog.records[0].getMessage()
