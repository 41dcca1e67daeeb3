"""Time-based tweens: pure easing functions and an animator advanced by ``update(dt)`` (tests feed dt by
hand).

The animator knows nothing of tiles: it holds tracks (a start time and a duration) that the table screen reads
to place its sprites. ``speed`` scales time (the animation speed setting); ``skip`` finishes everything at
once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Ease = Callable[[float], float]


def linear(t: float) -> float:
    """No easing.

    >>> linear(0.25)
    0.25
    """
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop.

    >>> ease_out_cubic(0.0), ease_out_cubic(1.0)
    (0.0, 1.0)
    """
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle start and stop.

    >>> ease_in_out_cubic(0.5)
    0.5
    """
    return 4.0 * t**3 if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: for things that land (a call label, a stick).

    >>> round(ease_out_back(1.0), 9)
    1.0
    """
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def ease_out_sine(t: float) -> float:
    """A soft stop."""
    return math.sin(t * math.pi / 2.0)


def clamp01(t: float) -> float:
    """`t` limited to 0..1."""
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def lerp(a: float, b: float, t: float) -> float:
    """The point a fraction `t` of the way from `a` to `b`."""
    return a + (b - a) * t


@dataclass
class Track:
    """One timed change: it starts `delay_s` after it was added and lasts `duration_s` (animation time)."""

    start_s: float
    duration_s: float
    ease: Ease = ease_out_cubic
    done: bool = False

    def progress(self, now_s: float) -> float:
        """Eased progress 0..1 at animation time `now_s` (0 before it starts)."""
        if self.done or self.duration_s <= 0.0:
            return 1.0 if now_s >= self.start_s or self.done else 0.0
        return self.ease(clamp01((now_s - self.start_s) / self.duration_s))

    def raw(self, now_s: float) -> float:
        """Un-eased progress 0..1."""
        if self.done or self.duration_s <= 0.0:
            return 1.0 if now_s >= self.start_s or self.done else 0.0
        return clamp01((now_s - self.start_s) / self.duration_s)

    def finished(self, now_s: float) -> bool:
        """Whether the track has run to its end."""
        return self.done or now_s >= self.start_s + self.duration_s


@dataclass
class Animator:
    """Animation time and the tracks running in it; idle when every track has finished."""

    speed: float = 1.0  # 2.0 plays twice as fast; the settings screen sets it
    now_s: float = 0.0
    tracks: list[Track] = field(default_factory=list)
    hold_until_s: float = 0.0  # a pause with nothing moving (reading a call label, a "thinking" beat)

    def add(self, duration_s: float, delay_s: float = 0.0, ease: Ease = ease_out_cubic) -> Track:
        """Start a track `delay_s` from now lasting `duration_s` (both in unscaled seconds)."""
        track = Track(self.now_s + delay_s, duration_s, ease)
        self.tracks.append(track)
        return track

    def hold(self, duration_s: float) -> None:
        """Stay busy for `duration_s` more seconds from now even with nothing moving."""
        self.hold_until_s = max(self.hold_until_s, self.now_s + duration_s)

    def update(self, dt_s: float) -> None:
        """Advance animation time by `dt_s` real seconds scaled by `speed`; drop finished tracks."""
        if dt_s < 0.0:
            raise ValueError(f"time cannot run backwards (dt {dt_s})")
        self.now_s += dt_s * self.speed
        self.tracks = [track for track in self.tracks if not track.finished(self.now_s)]

    @property
    def idle(self) -> bool:
        """Whether nothing is moving and no hold is pending."""
        return not self.tracks and self.now_s >= self.hold_until_s

    def skip(self) -> None:
        """Finish every track and hold now (click-to-skip)."""
        for track in self.tracks:
            track.done = True
        self.tracks = []
        self.hold_until_s = self.now_s
