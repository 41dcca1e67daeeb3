"""The sound synthesiser: every cue of the game made from damped sinusoids and filtered noise (stdlib only).

``python -m sounds.synth`` writes each cue to ``sounds/assets/<cue>.wav`` (16-bit mono 44100 Hz PCM), byte for
byte the same on every run: all randomness comes from a ``random.Random`` seeded with the cue's name.
"""

from __future__ import annotations

import math
import random
import sys
import wave
import zlib
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

SAMPLE_RATE = 44100
ASSETS_DIR = Path(__file__).parent / "assets"

# partials above this are dropped: they would alias, and nobody hears them on laptop speakers anyway
_TOP_HZ = 0.45 * SAMPLE_RATE
# a partial is cut once it has decayed by 100 dB
_DECAY_SPAN = math.log(1e5)

Signal = list[float]
# a timbre is a list of partials: (frequency ratio to the note, relative amplitude, relative decay time)
Timbre = tuple[tuple[float, float, float], ...]

# bright struck chime (celesta-like): near-harmonic, the upper partials die first
CELESTA: Timbre = ((1.0, 1.0, 1.0), (2.0, 0.32, 0.55), (3.0, 0.1, 0.35), (4.16, 0.05, 0.2))
# wooden bar (marimba-like): the bar's inharmonic modes 1 : 3.93 : 9.2, short-lived overtones
MARIMBA: Timbre = ((1.0, 1.0, 1.0), (3.93, 0.22, 0.3), (9.2, 0.05, 0.12))
# small bell or glass: the classic inharmonic bell ratios, long shimmer
BELL: Timbre = ((1.0, 1.0, 1.0), (2.76, 0.42, 0.55), (5.4, 0.2, 0.32), (8.93, 0.09, 0.2))
# large gong/kane: clustered low modes whose slight mistuning makes it beat
GONG: Timbre = ((1.0, 1.0, 1.0), (1.47, 0.45, 0.8), (2.02, 0.42, 0.7), (2.68, 0.28, 0.5), (3.77, 0.16, 0.35))
# electric piano: a strong fundamental and a soft octave, warm rather than brittle
KEYS: Timbre = ((1.0, 1.0, 1.0), (2.0, 0.4, 0.5), (3.0, 0.12, 0.33), (4.0, 0.05, 0.25))
# soft pad under the win chords: a bowed-string-like series with gently falling harmonics
PAD: Timbre = tuple((float(n), 1.0 / n**1.4, 1.0 / (0.6 + 0.4 * n)) for n in range(1, 8))
# mellow flute-like tone for the gentle draw motifs
SOFT: Timbre = ((1.0, 1.0, 1.0), (2.0, 0.14, 0.6), (3.0, 0.04, 0.4))


def midi_hz(note: int) -> float:
    """The frequency of a MIDI note number in equal temperament (A4 = 69 = 440 Hz).

    >>> midi_hz(69)
    440.0
    """
    return 440.0 * math.pow(2.0, (note - 69) / 12)


def _silence(duration_s: float) -> Signal:
    return [0.0] * round(duration_s * SAMPLE_RATE)


def _partial(
    out: Signal,
    start_s: float,
    freq_hz: float,
    amp: float,
    decay_s: float,
    attack_s: float = 0.0008,
    phase: float = 0.0,
) -> None:
    """Add one exponentially damped sinusoid with a raised-cosine attack to ``out``."""
    start = round(start_s * SAMPLE_RATE)
    if freq_hz >= _TOP_HZ or amp == 0.0 or start >= len(out):
        return
    end = min(len(out), start + int(decay_s * SAMPLE_RATE * _DECAY_SPAN) + 1)
    step = math.tau * freq_hz / SAMPLE_RATE
    damping = math.exp(-1.0 / (decay_s * SAMPLE_RATE))
    # rotate a complex phasor instead of calling sin and exp per sample: same curve, a fraction of the time
    rot_re, rot_im = damping * math.cos(step), damping * math.sin(step)
    re, im = amp * math.cos(phase), amp * math.sin(phase)
    attack = min(max(1, round(attack_s * SAMPLE_RATE)), end - start)
    for n in range(attack):
        out[start + n] += im * (0.5 - 0.5 * math.cos(math.pi * n / attack))
        re, im = re * rot_re - im * rot_im, re * rot_im + im * rot_re
    for i in range(start + attack, end):
        out[i] += im
        re, im = re * rot_re - im * rot_im, re * rot_im + im * rot_re


def _tone(
    out: Signal,
    start_s: float,
    freq_hz: float,
    amp: float,
    decay_s: float,
    timbre: Timbre,
    attack_s: float = 0.0015,
    detune_cents: float = 0.0,
) -> None:
    """Add a note: every partial of ``timbre``, optionally as a detuned pair for a gentle chorus."""
    for index, (ratio, gain, decay_scale) in enumerate(timbre):
        freq = freq_hz * ratio
        decay = decay_s * decay_scale
        # a fixed phase spread keeps the partials from all peaking on the same sample
        phase = 0.7 * index
        if detune_cents:
            spread = 2.0 ** (detune_cents / 1200)
            # unequal halves: the pair beats by only ~4 dB, a shimmer rather than a tremolo that empties out
            _partial(out, start_s, freq * spread, amp * gain * 0.78, decay, attack_s, phase)
            _partial(out, start_s, freq / spread, amp * gain * 0.22, decay, attack_s, phase + 1.9)
        else:
            _partial(out, start_s, freq, amp * gain, decay, attack_s, phase)


def _bandpass(signal: Sequence[float], center_hz: float, q: float) -> Signal:
    """A biquad band-pass (constant 0 dB peak gain), the RBJ audio-EQ-cookbook design."""
    w0 = math.tau * center_hz / SAMPLE_RATE
    alpha = math.sin(w0) / (2.0 * q)
    a0 = 1.0 + alpha
    b0, b2 = alpha / a0, -alpha / a0
    a1, a2 = -2.0 * math.cos(w0) / a0, (1.0 - alpha) / a0
    x1 = x2 = y1 = y2 = 0.0
    out: Signal = []
    for x in signal:
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        out.append(y)
        x2, x1 = x1, x
        y2, y1 = y1, y
    return out


def _lowpass(signal: Sequence[float], cutoff_hz: float) -> Signal:
    """A one-pole low-pass: soft 6 dB/octave darkening."""
    coeff = 1.0 - math.exp(-math.tau * cutoff_hz / SAMPLE_RATE)
    y = 0.0
    out: Signal = []
    for x in signal:
        y += coeff * (x - y)
        out.append(y)
    return out


def _noise(rng: random.Random, duration_s: float, decay_s: float, attack_s: float = 0.0005) -> Signal:
    """White noise under an attack and an exponential decay: the stuff of knocks, rattles and slides."""
    count = round(duration_s * SAMPLE_RATE)
    attack = max(1, round(attack_s * SAMPLE_RATE))
    fall = math.exp(-1.0 / (decay_s * SAMPLE_RATE))
    out: Signal = []
    level = 1.0
    for n in range(count):
        rise = 0.5 - 0.5 * math.cos(math.pi * n / attack) if n < attack else 1.0
        out.append(rng.uniform(-1.0, 1.0) * level * rise)
        if n >= attack:
            level *= fall
    return out


def _mix(out: Signal, source: Sequence[float], start_s: float, gain: float = 1.0) -> None:
    """Add ``source`` into ``out`` from ``start_s``, cut at the end of ``out``."""
    start = round(start_s * SAMPLE_RATE)
    for i, value in enumerate(source[: max(0, len(out) - start)]):
        out[start + i] += gain * value


def _reverb(signal: Sequence[float], wet: float, feedback: float = 0.74) -> Signal:
    """A small Schroeder room (four damped combs, two all-passes) mixed under the dry signal."""
    combs = (1116, 1188, 1277, 1356)  # mutually prime delays (samples) so the echoes do not pile up
    damping = 0.35
    room = [0.0] * len(signal)
    for delay in combs:
        line = [0.0] * delay
        store = 0.0
        for i, x in enumerate(signal):
            slot = i % delay
            y = line[slot]
            store = y * (1.0 - damping) + store * damping
            line[slot] = x + store * feedback
            room[i] += y
    for delay in (556, 441):
        line = [0.0] * delay
        for i, x in enumerate(room):
            slot = i % delay
            y = line[slot]
            line[slot] = x + y * 0.5
            room[i] = y - x
    scale = wet / len(combs)
    return [dry + scale * w for dry, w in zip(signal, room, strict=True)]


def _finish(signal: Signal, peak_dbfs: float, fade_in_s: float = 0.001) -> array[int]:
    """Remove DC, fade both ends, scale the peak to ``peak_dbfs`` and quantise to 16-bit samples."""
    # DC blocker (one zero at DC, one pole just inside): ~30 Hz high-pass, keeps the speaker cone centred
    out: Signal = []
    x1 = y1 = 0.0
    for x in signal:
        y1 = x - x1 + 0.9957 * y1
        x1 = x
        out.append(y1)
    fade_in = max(1, round(fade_in_s * SAMPLE_RATE))
    # a long fade over the last quarter (at most 0.3 s) lets reverb tails die away instead of stopping short
    fade_out = max(1, min(round(0.3 * SAMPLE_RATE), len(out) // 4))
    for n in range(fade_in):
        out[n] *= 0.5 - 0.5 * math.cos(math.pi * n / fade_in)
    for n in range(fade_out):
        out[-1 - n] *= 0.5 - 0.5 * math.cos(math.pi * n / fade_out)
    peak = max(abs(x) for x in out)
    scale = 32767.0 * 10.0 ** (peak_dbfs / 20.0) / peak
    return array("h", (round(x * scale) for x in out))


# ---- the cues ----------------------------------------------------------------------------------------------


def _knock(
    out: Signal,
    start_s: float,
    rng: random.Random,
    modes: Sequence[tuple[float, float, float]],
    click_hz: float,
    click_gain: float,
    click_decay_s: float = 0.005,
) -> None:
    """One hard impact: a band-passed noise click plus the struck body's ringing modes (hz, amp, decay)."""
    click = _bandpass(_noise(rng, click_decay_s * 8, click_decay_s), click_hz, 0.9)
    _mix(out, click, start_s, click_gain)
    for index, (freq, amp, decay) in enumerate(modes):
        _partial(out, start_s, freq, amp, decay, 0.0003, 0.9 * index)


def _tile_clack(out: Signal, start_s: float, rng: random.Random, weight: float = 1.0) -> None:
    """A tile set down hard on the table: ivory/wood modes of the tile over the table top's low thump."""
    modes = (
        (1820.0, 0.55, 0.017),
        (2710.0, 0.36, 0.011),
        (3980.0, 0.18, 0.006),
        (1190.0, 0.22, 0.02),
        (205.0, 0.42 * weight, 0.016),  # the table under the felt
        (355.0, 0.2 * weight, 0.011),
    )
    _knock(out, start_s, rng, modes, 3100.0, 0.9)


def discard(rng: random.Random) -> Signal:
    """The discard clack: a short knock of tile on table."""
    out = _silence(0.095)
    _tile_clack(out, 0.0, rng)
    # a second, quieter contact as the tile settles flat
    _knock(out, 0.011, rng, ((2240.0, 0.12, 0.008), (1510.0, 0.1, 0.01)), 2600.0, 0.25, 0.003)
    return out


def draw(rng: random.Random) -> Signal:
    """The draw: a soft slide off the wall ending in a light, low tick."""
    out = _silence(0.12)
    slide = _lowpass(_bandpass(_noise(rng, 0.08, 0.03, attack_s=0.035), 800.0, 0.7), 1800.0)
    _mix(out, slide, 0.0, 0.9)
    _knock(out, 0.05, rng, ((980.0, 0.22, 0.012), (1620.0, 0.09, 0.007), (250.0, 0.18, 0.012)), 1400.0, 0.18)
    return out


def chi(rng: random.Random) -> Signal:
    """Chi: a light two-note rising chime (a fifth), quick and bright."""
    out = _silence(0.5)
    _knock(out, 0.0, rng, (), 4500.0, 0.08, 0.002)
    _tone(out, 0.0, midi_hz(81), 0.5, 0.16, CELESTA)  # A5
    _tone(out, 0.075, midi_hz(88), 0.55, 0.2, CELESTA)  # E6
    return _reverb(out, 0.22)


def pon(rng: random.Random) -> Signal:
    """Pon: a punchy wooden two-step (octave-doubled G then C), rounder than chi."""
    out = _silence(0.5)
    _knock(out, 0.0, rng, ((240.0, 0.25, 0.015),), 2000.0, 0.15, 0.003)
    _tone(out, 0.0, midi_hz(67), 0.55, 0.15, MARIMBA)  # G4
    _tone(out, 0.0, midi_hz(79), 0.3, 0.12, MARIMBA)  # G5
    _tone(out, 0.085, midi_hz(72), 0.6, 0.2, MARIMBA)  # C5
    _tone(out, 0.085, midi_hz(84), 0.32, 0.16, MARIMBA)  # C6
    return _reverb(out, 0.2)


def kan(rng: random.Random) -> Signal:
    """Kan: deeper and heavier, a low thump and two gong strikes with a long beating decay."""
    out = _silence(0.9)
    _knock(out, 0.0, rng, ((92.0, 0.5, 0.05), (148.0, 0.25, 0.03)), 900.0, 0.25, 0.006)
    _tone(out, 0.0, midi_hz(55), 0.45, 0.32, GONG, attack_s=0.002, detune_cents=6.0)  # G3
    _tone(out, 0.12, midi_hz(62), 0.4, 0.38, GONG, attack_s=0.002, detune_cents=6.0)  # D4
    _tone(out, 0.12, midi_hz(67), 0.3, 0.34, KEYS, attack_s=0.002)  # G4 on top of the second strike
    return _reverb(out, 0.3, feedback=0.78)


def kita(rng: random.Random) -> Signal:
    """Kita: a call-like wooden pair falling a fourth (the North set aside)."""
    out = _silence(0.42)
    _knock(out, 0.0, rng, ((1700.0, 0.08, 0.008),), 3000.0, 0.1, 0.003)
    _tone(out, 0.0, midi_hz(76), 0.5, 0.14, MARIMBA)  # E5
    _tone(out, 0.08, midi_hz(71), 0.55, 0.18, MARIMBA)  # B4
    return _reverb(out, 0.2)


def riichi(rng: random.Random) -> Signal:
    """Riichi: the 1000-point stick's clink, then a bright rising bell motif."""
    out = _silence(1.0)
    # the tenbou touching the table: a small, very hard, high clink
    _knock(out, 0.0, rng, ((3150.0, 0.5, 0.03), (4820.0, 0.34, 0.02), (7010.0, 0.18, 0.012)), 6000.0, 0.3)
    _partial(out, 0.0, 2050.0, 0.22, 0.04, 0.0003)
    for index, note in enumerate((72, 76, 79, 84)):  # C5 E5 G5 C6
        _tone(out, 0.07 + 0.065 * index, midi_hz(note), 0.34 + 0.06 * index, 0.32, BELL, detune_cents=4.0)
    return _reverb(out, 0.28)


def dora(rng: random.Random) -> Signal:
    """Dora flip: the indicator turning over, then a quick sparkle of high bells."""
    out = _silence(0.8)
    _knock(out, 0.0, rng, ((2300.0, 0.2, 0.008), (3400.0, 0.12, 0.005)), 4000.0, 0.25, 0.003)
    scale = (88, 90, 92, 95, 97, 100)  # E major pentatonic, E6 to E7
    start = 0.035
    for index in range(8):
        note = scale[rng.randrange(len(scale))] if index else scale[0]
        _tone(out, start, midi_hz(note), 0.32 - 0.025 * index, 0.16, BELL, detune_cents=5.0)
        start += 0.03 + rng.uniform(0.0, 0.012)
    return _reverb(out, 0.35, feedback=0.78)


def _win(
    rng: random.Random,
    duration_s: float,
    arpeggio: Sequence[int],
    chord: Sequence[int],
    spacing_s: float,
    timbre: Timbre,
) -> Signal:
    """A win fanfare: the winning tile slammed, a rising arpeggio, then a warm sustained chord."""
    out = _silence(duration_s)
    _tile_clack(out, 0.0, rng, weight=1.6)
    for index, note in enumerate(arpeggio):
        _tone(out, 0.05 + spacing_s * index, midi_hz(note), 0.3, 0.5, timbre, detune_cents=3.0)
    chord_at = 0.05 + spacing_s * len(arpeggio)
    for note in chord:
        _tone(out, chord_at, midi_hz(note), 0.16, 0.75, PAD, attack_s=0.06, detune_cents=5.0)
        _tone(out, chord_at, midi_hz(note), 0.1, 0.6, KEYS, attack_s=0.004)
    return _reverb(out, 0.3, feedback=0.8)


def win_ron(rng: random.Random) -> Signal:
    """Ron: a bright C major arpeggio on keys landing on a full chord."""
    return _win(rng, 1.5, (72, 76, 79, 84, 88), (60, 67, 72, 76, 79), 0.07, KEYS)


def win_tsumo(rng: random.Random) -> Signal:
    """Tsumo: a quicker, higher D major add9 arpeggio on chimes, one note more than ron."""
    return _win(rng, 1.6, (74, 78, 81, 86, 90, 93), (62, 69, 74, 76, 78, 81), 0.055, CELESTA)


def exhaustive_draw(rng: random.Random) -> Signal:
    """Exhaustive draw: a gentle falling third (E to C) over a quiet A minor pad."""
    out = _silence(1.2)
    _tone(out, 0.0, midi_hz(57), 0.12, 0.8, PAD, attack_s=0.12)  # A3
    _tone(out, 0.0, midi_hz(64), 0.1, 0.8, PAD, attack_s=0.12)  # E4
    _tone(out, 0.02, midi_hz(76), 0.4, 0.45, SOFT, attack_s=0.02, detune_cents=3.0)  # E5
    _tone(out, 0.32, midi_hz(72), 0.45, 0.55, SOFT, attack_s=0.02, detune_cents=3.0)  # C5
    _knock(out, 0.0, rng, (), 1500.0, 0.03, 0.004)
    return _reverb(out, 0.3, feedback=0.8)


def abortive_draw(rng: random.Random) -> Signal:
    """Abortive draw: a muted wooden tritone falling to a low thud, left unresolved."""
    out = _silence(1.0)
    _tone(out, 0.0, midi_hz(74), 0.45, 0.22, MARIMBA)  # D5
    _tone(out, 0.2, midi_hz(68), 0.5, 0.3, MARIMBA)  # G#4
    _tone(out, 0.2, midi_hz(56), 0.25, 0.35, SOFT, attack_s=0.01)  # G#3 underneath
    _knock(out, 0.42, rng, ((120.0, 0.35, 0.04), (210.0, 0.15, 0.025)), 700.0, 0.12, 0.006)
    return _reverb(out, 0.25)


def click(rng: random.Random) -> Signal:
    """UI button click: a crisp, tiny plastic tick."""
    out = _silence(0.05)
    _knock(
        out, 0.0, rng, ((2300.0, 0.5, 0.004), (1250.0, 0.4, 0.007), (4100.0, 0.15, 0.002)), 5000.0, 0.3, 0.001
    )
    return out


def hover(rng: random.Random) -> Signal:
    """UI hover: a very soft, short round blip."""
    out = _silence(0.04)
    _partial(out, 0.0, 1480.0, 1.0, 0.007, attack_s=0.002)
    _partial(out, 0.0, 740.0, 0.35, 0.008, attack_s=0.002)
    _mix(out, _bandpass(_noise(rng, 0.005, 0.001), 3000.0, 1.0), 0.0, 0.05)
    return out


def dice(rng: random.Random) -> Signal:
    """Dice roll: two dice bouncing, each impact quicker and quieter than the last, ending in a rattle."""
    out = _silence(0.46)
    for die in range(2):
        at = 0.012 * die
        gap = 0.11 + 0.015 * die
        level = 1.0
        while at < 0.5 and level > 0.08:
            base = rng.uniform(2600.0, 3900.0)
            modes = (
                (base, 0.45 * level, 0.006),
                (base * 1.57, 0.22 * level, 0.004),
                (640.0, 0.15 * level, 0.008),
            )
            _knock(out, at, rng, modes, 4200.0, 0.5 * level, 0.002)
            at += gap
            gap *= 0.68
            level *= 0.72
    return out


def score_tick(rng: random.Random) -> Signal:
    """Score tick: a tiny high tick, one per step while points count up."""
    out = _silence(0.03)
    _knock(
        out,
        0.0,
        rng,
        ((3300.0, 0.6, 0.003), (5200.0, 0.28, 0.0015), (1700.0, 0.2, 0.004)),
        6000.0,
        0.15,
        0.001,
    )
    return out


def deal(rng: random.Random) -> Signal:
    """Deal: tiles slid and stacked, a burst of small clacks over a sliding hush."""
    out = _silence(0.7)
    hush = _lowpass(_bandpass(_noise(rng, 0.7, 0.25, attack_s=0.08), 1400.0, 0.5), 3000.0)
    _mix(out, hush, 0.0, 0.35)
    times = sorted(rng.uniform(0.0, 0.6) for _ in range(18))
    for at in times:
        base = rng.uniform(1500.0, 2900.0)
        level = rng.uniform(0.3, 0.8)
        modes = ((base, 0.4 * level, rng.uniform(0.004, 0.009)), (base * 1.49, 0.2 * level, 0.004))
        _knock(out, at, rng, modes, 3200.0, 0.45 * level, 0.002)
    return out


# cue name -> (synthesiser, peak level in dBFS); the levels are the mix: frequent sounds sit lower
_RECIPES: dict[str, tuple[Callable[[random.Random], Signal], float]] = {
    "discard": (discard, -3.0),
    "draw": (draw, -10.0),
    "chi": (chi, -4.0),
    "pon": (pon, -4.0),
    "kan": (kan, -3.0),
    "kita": (kita, -5.0),
    "riichi": (riichi, -3.0),
    "dora": (dora, -5.0),
    "win_ron": (win_ron, -3.0),
    "win_tsumo": (win_tsumo, -3.0),
    "exhaustive_draw": (exhaustive_draw, -5.0),
    "abortive_draw": (abortive_draw, -5.0),
    "click": (click, -8.0),
    "hover": (hover, -20.0),
    "dice": (dice, -4.0),
    "score_tick": (score_tick, -12.0),
    "deal": (deal, -5.0),
}

CUES: tuple[str, ...] = tuple(_RECIPES)


def render(cue: str) -> array[int]:
    """The 16-bit samples of one cue, the same on every call."""
    make, peak_dbfs = _RECIPES[cue]
    # crc32, not hash(): str hashes change between runs
    return _finish(make(random.Random(zlib.crc32(cue.encode()))), peak_dbfs)


def write_wav(path: Path, samples: array[int]) -> None:
    """Write 16-bit mono PCM samples as a WAV file."""
    data = array("h", samples)
    if sys.byteorder == "big":  # WAV is little-endian
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(data.tobytes())


def write_all(directory: Path = ASSETS_DIR) -> list[Path]:
    """Render every cue into ``directory`` as ``<cue>.wav``; return the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for cue in CUES:
        path = directory / f"{cue}.wav"
        write_wav(path, render(cue))
        paths.append(path)
    return paths


def main() -> None:
    """Write every cue to the assets folder and list them with their lengths and sizes."""
    total = 0
    for path in write_all():
        size = path.stat().st_size
        total += size
        seconds = (size - 44) / 2 / SAMPLE_RATE
        print(f"{path.name:24} {seconds:5.3f} s {size:8d} bytes")
    print(f"{len(CUES)} cues, {total} bytes")


if __name__ == "__main__":
    main()
