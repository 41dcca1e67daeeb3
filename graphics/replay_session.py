"""A replayed match as the table screen's session: the screen animates it with the table's own presenter, and
the viewer moves a cursor through its frames.

Going forward animates each frame in turn (one action, a turn, or playing on); going back, or jumping to a
hand, rebuilds the moment at once by running a fresh presenter over the hand's frames up to it, so a moment
looks the same however it was reached. No drawing here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from game.feed import Frame
from game.replay_view import Cursor, MatchReplay, Position
from game.terms import RuleSet
from graphics.presenter import Presenter, Step
from graphics.session import SeatSetup

DICE_SEED = 0  # cosmetic dice of a replay: the same for every file


class ReplaySession:
    """What ``TableScreen`` asks of a session, for a match that is only watched, plus the viewer's cursor."""

    spectator = True
    practice = False
    private = False
    match_id: int | None = None
    tournament: int | None = None
    save_error: str | None = None

    def __init__(self, replay: MatchReplay, names: Sequence[str], viewpoint: int | None = None) -> None:
        """``names`` are shown on the plates; ``viewpoint`` None shows every hand open, a seat its view."""
        self.replay = replay
        self.rules: RuleSet = replay.rules
        self.setups = tuple(SeatSetup(name) for name in names)
        self.humans: dict[int, object] = {}
        self.clocks: dict[int, object] = {}
        self.then: tuple[str, dict[str, object]] = ("title", {})
        self.cursor = Cursor(replay)
        self.viewpoint = viewpoint
        self.bottom = viewpoint if viewpoint is not None else 0
        self.viewer = viewpoint
        self.presenter = self._presenter()
        self.pending_steps: deque[Step] = deque()
        self.queue: deque[Position] = deque()  # frames still to animate, in order
        self.playing = False  # Space: on to the end at the chosen speed
        self.last_frame: Frame | None = None

    def _presenter(self) -> Presenter:
        return Presenter(self.rules.players, self.rules.red_fives, DICE_SEED, self.rules.flowers)

    # ---- what the table screen asks ----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Never: a replay stays open at its end until the viewer leaves."""
        return False

    def waiting_human(self) -> int | None:
        """Nobody answers anything in a replay."""
        return None

    def shown_seats(self) -> frozenset[int]:
        """Every seat face up, or only the viewpoint's."""
        if self.viewpoint is None:
            return frozenset(range(self.rules.players))
        return frozenset({self.viewpoint})

    def current_frame(self) -> Frame | None:
        """The frame shown last."""
        return self.last_frame

    def next_step(self) -> Step | None:
        """The next thing to animate: the rest of the frame being shown, then the next queued frame (or, while
        playing, the next frame of the match); None when the viewer is at rest."""
        if self.pending_steps:
            return self.pending_steps.popleft()
        if not self.queue and self.playing:
            following = self.cursor.action(1)
            if following == self.cursor.position:
                self.playing = False
            else:
                self.queue.append(following)
        if not self.queue:
            return None
        position = self.queue.popleft()
        self.cursor.position = position
        frame = self._frame(position)
        if position.frame == 0:
            self.presenter.hands_dealt = position.hand  # the hand's dice, however it was reached
        self.last_frame = frame
        self.pending_steps.extend(self.presenter.steps(frame, self.bottom, self.shown_seats()))
        return self.pending_steps.popleft() if self.pending_steps else None

    def _frame(self, position: Position) -> Frame:
        return self.replay.hands[position.hand].frames[position.frame]

    # ---- moving the cursor ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether frames are still being animated towards a target."""
        return bool(self.queue or self.pending_steps)

    @property
    def target(self) -> Position:
        """Where the viewer is going (where it is, when at rest)."""
        return self.queue[-1] if self.queue else self.cursor.position

    def forward_to(self, target: Position) -> None:
        """Animate every frame from the target in progress up to ``target``."""
        self.playing = False
        start = self.target
        self.queue.extend(Position(*pair) for pair in self.cursor.frames_between(start, target))

    def jump(self, target: Position) -> Step:
        """Rebuild ``target`` at once (no animation): the step the screen shows with ``show_at``."""
        self.playing = False
        self.queue.clear()
        self.pending_steps.clear()
        presenter = self._presenter()
        presenter.hands_dealt = target.hand
        hand = self.replay.hands[target.hand]
        steps: list[Step] = []
        for index in range(target.frame + 1):
            steps = presenter.steps(hand.frames[index], self.bottom, self.shown_seats())
        self.presenter = presenter
        self.cursor.position = target
        self.last_frame = hand.frames[target.frame]
        last = steps[-1]
        return Step(last.show, 0.0, event=last.event, overlay=last.overlay)

    def set_viewpoint(self, viewpoint: int | None) -> None:
        """Every hand open (None) or one seat's view, that seat at the bottom."""
        self.viewpoint = viewpoint
        self.viewer = viewpoint
        if viewpoint is not None:
            self.bottom = viewpoint
