"""Settings: defaults, round trip, and damaged files (one warning line naming the file; nothing saved is
lost)."""

import json
import logging
from pathlib import Path

import pytest

from graphics.settings import Settings, SettingsError, load_settings, parse_settings, save_settings


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
        ("{", "not valid JSON (line 1"),
        ("[]", "expected a JSON object"),
        ('{"language": "fr"}', "language must be one of"),
        ('{"speed": 7}', "speed must be one of"),
        ('{"master_volume": 1.5}', "master_volume must be between 0 and 1"),
        ('{"muted": "yes"}', "'muted' must be a bool"),
        ('{"window": [10]}', "'window' must be [width, height]"),
        ('{"window": [100, 100]}', "window must be between"),
        ('{"colour": 1}', "unknown setting 'colour'"),
        ('{"theme": "neon"}', "theme must be one of"),
    ],
)
def test_bad_settings_are_one_line_errors_naming_the_file(text: str, message: str) -> None:
    with pytest.raises(SettingsError) as error:
        parse_settings(text, "/x/settings.json")
    assert str(error.value).startswith("/x/settings.json: ")
    assert message in str(error.value)
    assert "\n" not in str(error.value)


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
