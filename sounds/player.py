"""The sound player: plays cues through pygame.mixer at the user's volumes, and stays silent without audio.

Cue files are loaded on first use from ``assets/`` beside this module (found from ``__file__``, so the same
code runs from source and from the PyInstaller bundle). Nothing here ever raises into the game.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame

from sounds.cues import cue_for
from sounds.synth import CUES, SAMPLE_RATE

ASSETS_DIR = Path(__file__).parent / "assets"
# 512 frames at 44.1 kHz is ~12 ms: a clack lands on the frame its tile does
MIXER_BUFFER = 512
MIXER_CHANNELS = 16
# how many copies of one cue may sound at once; a deal or a fast count must not stack into a roar
MAX_VOICES: dict[str, int] = {"deal": 1, "dice": 1, "hover": 1, "click": 2, "draw": 2, "score_tick": 2}
DEFAULT_MAX_VOICES = 3

_log = logging.getLogger(__name__)


def clamp_volume(value: float) -> float:
    """A volume clamped to 0..1 (NaN counts as 0)."""
    if math.isnan(value):
        return 0.0
    return min(1.0, max(0.0, value))


def effective_volume(master: float, effects: float, muted: bool) -> float:
    """The volume a cue plays at: master times effects, each clamped to 0..1, and 0 when muted."""
    if muted:
        return 0.0
    return clamp_volume(master) * clamp_volume(effects)


@contextlib.contextmanager
def quiet_native_stderr() -> Iterator[None]:
    """On Linux, send what C libraries write to file descriptor 2 during the block to the null device.

    SDL's ALSA backend prints eight `ALSA lib ...` lines from C on a machine without a sound card; the game
    then runs silent and logs it once, so those lines are only noise. Elsewhere, or when descriptor 2 cannot
    be redirected, the block runs unchanged.
    """
    saved = _stderr_to_null() if sys.platform.startswith("linux") else None
    try:
        yield
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)


def _stderr_to_null() -> int | None:
    """Point descriptor 2 at the null device (sys.stderr flushed first); a copy of the old one, or None."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # descriptor 2 closed, or sys.stderr closed
        return None
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        os.close(saved)
        return None
    os.dup2(null, 2)
    os.close(null)
    return saved


class SoundPlayer:
    """Plays the game's cues; a silent player when the mixer cannot start (no audio device)."""

    def __init__(self, master: float = 0.8, effects: float = 1.0, muted: bool = False) -> None:
        self._master = clamp_volume(master)
        self._effects = clamp_volume(effects)
        self._muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._warned: set[str] = set()
        self._available = self._open_mixer()

    @property
    def available(self) -> bool:
        """Whether sound actually comes out (the mixer started)."""
        return self._available

    @property
    def volume(self) -> float:
        """The effective volume cues play at now (0..1)."""
        return effective_volume(self._master, self._effects, self._muted)

    def set_volumes(self, master: float, effects: float, muted: bool) -> None:
        """Set the master and effects volumes (clamped to 0..1) and mute; sounds already playing follow."""
        self._master = clamp_volume(master)
        self._effects = clamp_volume(effects)
        self._muted = muted
        volume = self.volume
        for sound in self._sounds.values():
            if sound is not None:
                try:
                    sound.set_volume(volume)
                except pygame.error as error:
                    self._warn_once("set_volume", "sound volume could not be set: %s", error)

    def play(self, cue: str) -> None:
        """Play a cue by name (one of ``sounds.synth.CUES``); unknown names are logged once and skipped."""
        if cue not in CUES:
            self._warn_once(f"cue:{cue}", "unknown sound cue %r", cue)
            return
        if not self._available or self.volume == 0.0:
            return
        sound = self._load(cue)
        if sound is None:
            return
        try:
            if sound.get_num_channels() >= MAX_VOICES.get(cue, DEFAULT_MAX_VOICES):
                return
            # None when every channel is busy: dropping one cue is better than cutting another short
            sound.play()
        except pygame.error as error:
            self._warn_once(f"play:{cue}", "sound %r could not be played: %s", cue, error)

    def play_event(self, event: object) -> None:
        """Play the cue of a game event being shown, if it has one."""
        cue = cue_for(event)
        if cue is not None:
            self.play(cue)

    def _open_mixer(self) -> bool:
        """Start pygame's mixer (or join one already started); False, logged once, if there is no audio."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(SAMPLE_RATE, -16, 2, MIXER_BUFFER)
                with quiet_native_stderr():  # ALSA's complaints when there is no sound card
                    pygame.mixer.init()
            pygame.mixer.set_num_channels(max(MIXER_CHANNELS, pygame.mixer.get_num_channels()))
        # no device, no driver or a pygame built without a mixer: the game simply runs silent
        except Exception as error:
            _log.info("sound is off: the audio mixer could not start (%s)", error)
            return False
        return True

    def _load(self, cue: str) -> pygame.mixer.Sound | None:
        """The cue's Sound, loaded on first use and cached (None, logged once, if its file cannot be read)."""
        if cue in self._sounds:
            return self._sounds[cue]
        sound: pygame.mixer.Sound | None
        try:
            sound = pygame.mixer.Sound(str(ASSETS_DIR / f"{cue}.wav"))
            sound.set_volume(self.volume)
        except (pygame.error, OSError) as error:
            self._warn_once(f"load:{cue}", "sound %r could not be loaded: %s", cue, error)
            sound = None
        self._sounds[cue] = sound
        return sound

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            _log.warning(message, *args)
