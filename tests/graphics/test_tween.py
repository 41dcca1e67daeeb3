"""Easing functions and the animator, advanced with hand-fed time."""

import itertools

import pytest

from graphics.tween import (
    Animator,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    ease_out_sine,
    lerp,
    linear,
)

EASES = [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back, ease_out_sine]


@pytest.mark.parametrize("ease", EASES)
def test_eases_start_at_zero_and_end_at_one(ease) -> None:  # type: ignore[no-untyped-def]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_sine])
def test_monotonic_eases_never_go_back(ease) -> None:  # type: ignore[no-untyped-def]
    values = [ease(i / 100) for i in range(101)]
    assert all(b >= a for a, b in itertools.pairwise(values))


def test_ease_out_back_overshoots_then_settles() -> None:
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0
    assert ease_out_cubic(0.5) > 0.5 > ease_in_out_cubic(0.25)


def test_track_progress_with_hand_fed_time() -> None:
    animator = Animator()
    track = animator.add(1.0, ease=linear)
    assert not animator.idle
    animator.update(0.25)
    assert track.progress(animator.now_s) == pytest.approx(0.25)
    animator.update(0.5)
    assert track.progress(animator.now_s) == pytest.approx(0.75)
    animator.update(0.3)
    assert track.progress(animator.now_s) == 1.0
    assert animator.idle


def test_delay_and_speed() -> None:
    animator = Animator(speed=2.0)
    track = animator.add(1.0, delay_s=0.5, ease=linear)
    animator.update(0.25)  # 0.5 s of animation time: the track just starts
    assert track.progress(animator.now_s) == 0.0
    animator.update(0.25)
    assert track.progress(animator.now_s) == pytest.approx(0.5)
    animator.update(0.25)
    assert animator.idle


def test_hold_keeps_the_animator_busy() -> None:
    animator = Animator()
    animator.hold(0.4)
    animator.update(0.3)
    assert not animator.idle
    animator.update(0.1)
    assert animator.idle


def test_skip_finishes_everything() -> None:
    animator = Animator()
    track = animator.add(5.0)
    animator.hold(9.0)
    animator.skip()
    assert animator.idle
    assert track.progress(animator.now_s) == 1.0


def test_time_cannot_run_backwards() -> None:
    with pytest.raises(ValueError, match="backwards"):
        Animator().update(-0.1)


def test_lerp() -> None:
    assert lerp(10, 20, 0.25) == 12.5
