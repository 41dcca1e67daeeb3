"""The sound player: never raises, silent without a mixer, volumes clamped and muted, cues loaded once."""

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pygame
import pytest

from game.terms import DoraRevealed, TileDiscarded
from sounds import player as player_module
from sounds.player import ASSETS_DIR, MAX_VOICES, SoundPlayer, clamp_volume, effective_volume
from sounds.synth import CUES

LOGGER = "sounds.player"
ROOT = Path(__file__).resolve().parents[2]
LINUX_ONLY = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA exists only on Linux")


@pytest.fixture
def fresh_mixer():
    """Start each test with the mixer stopped (so the player starts it) and leave it as it was found."""
    before = pygame.mixer.get_init()
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()
    if before:
        pygame.mixer.init(*before)


class FakeSound:
    """Stands in for pygame.mixer.Sound: records loads, volumes and plays; every play is still sounding."""

    made: ClassVar[list["FakeSound"]] = []

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.volume = 1.0
        self.plays = 0
        FakeSound.made.append(self)

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def get_num_channels(self) -> int:
        return self.plays

    def play(self) -> None:
        self.plays += 1


@pytest.fixture
def fake_mixer(monkeypatch: pytest.MonkeyPatch) -> type[FakeSound]:
    """A mixer that is up, with FakeSound for Sound."""
    FakeSound.made = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    monkeypatch.setattr(pygame.mixer, "get_num_channels", lambda: 8)
    monkeypatch.setattr(pygame.mixer, "set_num_channels", lambda count: None)
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound


def sound_for(cue: str) -> FakeSound:
    (sound,) = [sound for sound in FakeSound.made if sound.path.stem == cue]
    return sound


@pytest.mark.parametrize(
    ("value", "clamped"), [(0.0, 0.0), (0.25, 0.25), (1.0, 1.0), (1.7, 1.0), (-0.3, 0.0), (float("nan"), 0.0)]
)
def test_clamp_volume(value: float, clamped: float) -> None:
    assert clamp_volume(value) == clamped


@pytest.mark.parametrize(
    ("master", "effects", "muted", "volume"),
    [
        (0.8, 1.0, False, 0.8),
        (0.5, 0.5, False, 0.25),
        (1.0, 0.3, False, 0.3),
        (2.0, 3.0, False, 1.0),
        (-1.0, 0.5, False, 0.0),
        (0.9, -0.1, False, 0.0),
        (1.0, 1.0, True, 0.0),
        (0.5, 0.5, True, 0.0),
    ],
)
def test_effective_volume(master: float, effects: float, muted: bool, volume: float) -> None:
    assert effective_volume(master, effects, muted) == pytest.approx(volume)


def test_player_volume_follows_the_settings(fake_mixer: type[FakeSound]) -> None:
    player = SoundPlayer(master=1.5, effects=0.5)
    assert player.volume == pytest.approx(0.5)
    player.set_volumes(0.4, 0.5, False)
    assert player.volume == pytest.approx(0.2)
    player.set_volumes(0.4, 0.5, True)
    assert player.volume == 0.0
    assert SoundPlayer(muted=True).volume == 0.0
    assert SoundPlayer().volume == pytest.approx(0.8)


def test_sounds_load_lazily_once_from_the_assets_and_follow_volume_changes(
    fake_mixer: type[FakeSound],
) -> None:
    player = SoundPlayer(master=0.5, effects=0.8)
    assert player.available
    assert fake_mixer.made == []
    player.play("discard")
    player.play("discard")
    sound = sound_for("discard")
    assert len(fake_mixer.made) == 1
    assert sound.path == ASSETS_DIR / "discard.wav"
    assert sound.path.is_file()
    assert sound.plays == 2
    assert sound.volume == pytest.approx(0.4)
    player.set_volumes(1.0, 0.25, False)
    assert sound.volume == pytest.approx(0.25)
    player.set_volumes(1.0, 1.0, True)
    assert sound.volume == 0.0


def test_muted_player_plays_nothing(fake_mixer: type[FakeSound]) -> None:
    player = SoundPlayer(muted=True)
    player.play("discard")
    player.set_volumes(0.0, 1.0, False)
    player.play("pon")
    assert sum(sound.plays for sound in fake_mixer.made) == 0
    player.set_volumes(0.5, 1.0, False)
    player.play("pon")
    assert sound_for("pon").plays == 1


def test_simultaneous_copies_of_a_cue_are_limited(fake_mixer: type[FakeSound]) -> None:
    player = SoundPlayer()
    for _ in range(10):
        player.play("deal")
        player.play("discard")
    assert sound_for("deal").plays == MAX_VOICES["deal"] == 1
    assert 1 < sound_for("discard").plays < 10


def test_play_event_plays_the_events_cue(fake_mixer: type[FakeSound]) -> None:
    player = SoundPlayer()
    player.play_event(TileDiscarded(0, 12, False, True))
    player.play_event(DoraRevealed(40))
    player.play_event(object())  # not an event: silently nothing
    assert [(sound.path.stem, sound.plays) for sound in fake_mixer.made] == [("riichi", 1), ("dora", 1)]


def test_unknown_cue_warns_once_per_name(
    fake_mixer: type[FakeSound], caplog: pytest.LogCaptureFixture
) -> None:
    player = SoundPlayer()
    with caplog.at_level(logging.INFO, logger=LOGGER):
        player.play("gong")
        player.play("gong")
        player.play("fanfare")
    warnings = [record for record in caplog.records if record.name == LOGGER]
    assert [record.levelno for record in warnings] == [logging.WARNING, logging.WARNING]
    assert "gong" in warnings[0].getMessage()
    assert "fanfare" in warnings[1].getMessage()
    assert fake_mixer.made == []


def test_unreadable_cue_file_warns_once_and_stays_silent(
    fake_mixer: type[FakeSound],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(path: str) -> FakeSound:
        raise pygame.error(f"cannot read {path}")

    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    player = SoundPlayer()
    with caplog.at_level(logging.INFO, logger=LOGGER):
        player.play("kan")
        player.play("kan")
        player.set_volumes(0.3, 0.3, False)
    assert len([record for record in caplog.records if record.name == LOGGER]) == 1


def test_no_audio_device_gives_a_silent_player_that_never_raises(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("Couldn't open audio device")

    def must_not_load(path: str) -> None:
        raise AssertionError("a silent player loads nothing")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "Sound", must_not_load)
    with caplog.at_level(logging.INFO, logger=LOGGER):
        player = SoundPlayer()
        assert not player.available
        for cue in CUES:
            player.play(cue)
        player.play_event(TileDiscarded(0, 12, False, False))
        player.set_volumes(0.5, 0.5, False)
        player.set_volumes(0.5, 0.5, True)
    records = [record for record in caplog.records if record.name == LOGGER]
    assert [record.levelno for record in records] == [logging.INFO]
    assert "Couldn't open audio device" in records[0].getMessage()
    assert player.volume == 0.0


def test_missing_mixer_module_is_survived(monkeypatch: pytest.MonkeyPatch) -> None:
    # pygame builds without SDL_mixer expose a stub whose every use raises NotImplementedError
    def missing() -> None:
        raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame.mixer, "get_init", missing)
    player = SoundPlayer()
    assert not player.available
    player.play("discard")


@pytest.mark.usefixtures("fresh_mixer")
def test_dummy_audio_driver_plays_every_cue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    player = SoundPlayer(master=0.5)
    assert player.available
    assert pygame.mixer.get_init() is not None
    assert pygame.mixer.get_num_channels() >= 16
    for cue in CUES:
        player.play(cue)
    player.play_event(TileDiscarded(1, 40, False, True))
    player.set_volumes(0.2, 0.9, False)
    player.set_volumes(0.2, 0.9, True)
    player.play("discard")
    player.play("no such cue")


@pytest.mark.usefixtures("fresh_mixer")
def test_dummy_audio_driver_limits_copies_of_a_cue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    player = SoundPlayer()
    for _ in range(6):
        player.play("deal")  # 0.7 s long: every copy would still be sounding
    busy = [pygame.mixer.Channel(index).get_busy() for index in range(pygame.mixer.get_num_channels())]
    assert sum(busy) == MAX_VOICES["deal"]


def test_player_module_reads_assets_beside_itself() -> None:
    assert Path(player_module.__file__).parent / "assets" == ASSETS_DIR


@LINUX_ONLY
def test_quiet_native_stderr_hides_what_c_writes_to_descriptor_2_and_restores_it(
    capfd: pytest.CaptureFixture[str],
) -> None:
    os.write(2, b"before\n")
    with player_module.quiet_native_stderr():
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")

    def fail_noisily() -> None:
        with player_module.quiet_native_stderr():
            os.write(2, b"ALSA lib conf.c:5703:(snd_config_expand) Evaluate error\n")
            raise RuntimeError

    with pytest.raises(RuntimeError):  # descriptor 2 comes back after an error too
        fail_noisily()
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "before\nafter\n"


@LINUX_ONLY
def test_no_alsa_lines_at_start_without_a_sound_card() -> None:
    env = {**os.environ, "SDL_AUDIODRIVER": "alsa", "SDL_VIDEODRIVER": "dummy"}
    probe = "import pygame\ntry:\n    pygame.mixer.init()\nexcept pygame.error:\n    pass"
    raw = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60)
    if "ALSA lib" not in raw.stderr:
        pytest.skip("ALSA is quiet here (a sound card, or an SDL without ALSA): nothing to silence")
    command = [sys.executable, str(ROOT / "main.py"), "play", "--frames", "3"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "ALSA lib" not in result.stderr
