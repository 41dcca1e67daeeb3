"""Input mapping for the human seat: the action buttons a decision offers, and clicks and keys turned into
one of the offered legal actions (or a chooser among several, or nothing). Pure logic: no drawing.

Keys (``KEY_HELP`` lists them for a help line):
  Left / Right        move the cursor over the hand (the drawn tile is last)
  Enter / Space       discard the tile under the cursor (with riichi while choosing a riichi discard)
  1-9, 0, -, =, Backspace
                      the 1st..13th tile of the hand, the drawn tile left aside (the top row of the keyboard,
                      left to right; keypad digits too): the first press moves the cursor there, a second
                      press of the same key discards it
  D                   the drawn tile, in the same way
  T                   tsumo or ron (whichever is offered)
  R                   riichi: choose the riichi discard (again, or Esc, to cancel)
  C / P / K           chi / pon / kan (a chooser opens when there are several)
  X                   kita (three players)
  F                   set a flower aside (the flowers option; a click on the flower in hand does it too)
  Q                   kyuushu kyuuhai
  N / Esc             skip (pass) a call or ron; Esc first closes a chooser or leaves riichi mode. With none
                      of these to answer (one's own turn to discard, or no decision) Esc opens the menu
                      instead (``answers_escape``); F10 always does
In a chooser: Left / Right move, Enter / Space take, 1-9 take the n-th option, Esc closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.advice import offered_discard
from game.terms import (
    PASS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Flower,
    Kita,
    Kyuushu,
    Pass,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)

TSUMO = "action.tsumo"
RON = "action.ron"
RIICHI = "action.riichi"
CHI = "action.chi"
PON = "action.pon"
KAN = "action.kan"
KITA = "action.kita"
FLOWER = "action.flower"
KYUUSHU = "action.kyuushu"
SKIP = "action.skip"
BUTTON_ORDER = (TSUMO, RON, RIICHI, CHI, PON, KAN, KITA, FLOWER, KYUUSHU, SKIP)
"""Every button's catalogue key, in the order buttons are shown."""

_MEMBERS: dict[str, Callable[[Action], bool]] = {
    TSUMO: lambda action: isinstance(action, Tsumo),
    RON: lambda action: isinstance(action, Ron),
    RIICHI: lambda action: isinstance(action, Discard) and action.riichi,
    CHI: lambda action: isinstance(action, Chi),
    PON: lambda action: isinstance(action, Pon),
    KAN: lambda action: isinstance(action, Ankan | Shouminkan | Daiminkan),
    KITA: lambda action: isinstance(action, Kita),
    FLOWER: lambda action: isinstance(action, Flower),
    KYUUSHU: lambda action: isinstance(action, Kyuushu),
    SKIP: lambda action: isinstance(action, Pass),
}
_HOTKEYS = {
    TSUMO: "T",
    RON: "T",
    RIICHI: "R",
    CHI: "C",
    PON: "P",
    KAN: "K",
    KITA: "X",
    FLOWER: "F",
    KYUUSHU: "Q",
    SKIP: "N",
}
_BUTTON_KEYS = {
    pygame.K_t: (TSUMO, RON),
    pygame.K_r: (RIICHI,),
    pygame.K_c: (CHI,),
    pygame.K_p: (PON,),
    pygame.K_k: (KAN,),
    pygame.K_x: (KITA,),
    pygame.K_f: (FLOWER,),
    pygame.K_q: (KYUUSHU,),
    pygame.K_n: (SKIP,),
}
# The top row of the keyboard, left to right: the 1st..13th tile of the hand (the drawn tile aside).
_POSITION_KEYS = {
    **{getattr(pygame, f"K_{digit}"): digit - 1 for digit in range(1, 10)},
    pygame.K_0: 9,
    pygame.K_MINUS: 10,
    pygame.K_EQUALS: 11,
    pygame.K_BACKSPACE: 12,
    **{getattr(pygame, f"K_KP{digit}"): digit - 1 for digit in range(1, 10)},
    pygame.K_KP0: 9,
}
_OPTION_KEYS = {
    **{getattr(pygame, f"K_{digit}"): digit - 1 for digit in range(1, 10)},
    **{getattr(pygame, f"K_KP{digit}"): digit - 1 for digit in range(1, 10)},
}
_CONFIRM_KEYS = frozenset((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
DRAWN_KEY = pygame.K_d

KEY_HELP = (
    ("← →", "keys.move"),
    ("Enter", "keys.discard"),
    ("1-9 0 - = ⌫", "keys.tile_n"),
    ("D", "keys.drawn"),
    ("T", "keys.win"),
    ("R", "keys.riichi"),
    ("C P K", "keys.calls"),
    ("X", "keys.kita"),
    ("F", "keys.flower"),
    ("Q", "keys.kyuushu"),
    ("N Esc", "keys.skip"),
    ("Esc F10", "keys.menu"),
)
"""(key caption, catalogue key of what it does) for a help line."""


@dataclass(frozen=True)
class Button:
    """An action button: its catalogue key, the offered actions it stands for, its hotkey caption, and whether
    it is pressed (the riichi button while a riichi discard is being chosen)."""

    label_key: str
    actions: tuple[Action, ...]
    hotkey: str = ""
    selected: bool = False


@dataclass(frozen=True)
class Chooser:
    """A choice among several offered actions of one button (which chi, which kan...), to show as options."""

    label_key: str
    actions: tuple[Action, ...]


Outcome = Action | Chooser | None
"""What an input gives: an offered action to send, a chooser that opened, or nothing to send."""


def build_buttons(legal: Sequence[Action], riichi_mode: bool) -> tuple[Button, ...]:
    """One button per kind of action offered, in ``BUTTON_ORDER``; discards are hand tiles, not buttons."""
    buttons = []
    for label in BUTTON_ORDER:
        member = _MEMBERS[label]
        actions = tuple(action for action in legal if member(action))
        if actions:
            buttons.append(Button(label, actions, _HOTKEYS[label], selected=riichi_mode and label == RIICHI))
    return tuple(buttons)


def tiles_used(action: Action, hand: Sequence[int], claimed: int | None = None) -> tuple[int, ...]:
    """The hand tiles an action puts down (a chooser draws these); ``claimed`` is the tile a call takes."""
    if isinstance(action, Chi | Pon):
        return action.tiles
    if isinstance(action, Discard | Shouminkan | Kita | Flower):
        return (action.tile,)
    if isinstance(action, Ankan):
        return tuple(tile for tile in hand if tile >> 2 == action.kind)
    if isinstance(action, Daiminkan) and claimed is not None:
        return tuple(tile for tile in hand if tile >> 2 == claimed >> 2)
    return ()


class InputMapper:
    """The current decision as the human can act on it: hand tiles in display order, cursor, riichi mode and
    an open chooser. Every action a method returns is one of the offered legal actions."""

    def __init__(self) -> None:
        self.legal: tuple[Action, ...] = ()
        self.tiles: tuple[int, ...] = ()  # the hand as shown: sorted, the drawn tile last
        self.drawn: int | None = None
        self.cursor: int | None = None  # index into ``tiles``
        self.riichi_mode = False
        self.chooser: Chooser | None = None
        self.option_cursor = 0

    def set_decision(self, legal: Sequence[Action], hand: Sequence[int], drawn: int | None) -> None:
        """Take a new decision (``hand`` as in the view, the drawn tile included); resets every mode."""
        self.legal = tuple(legal)
        self.drawn = drawn if drawn in hand else None
        rest = sorted(tile for tile in hand if tile != self.drawn)
        self.tiles = (*rest, self.drawn) if self.drawn is not None else tuple(rest)
        self.riichi_mode = False
        self.chooser = None
        self.option_cursor = 0
        # the cursor starts on the drawn tile, or after a call on the rightmost tile that may go, so Enter
        # always discards something offered (it did nothing after a call until an arrow key was pressed)
        allowed = [index for index in range(len(self.tiles)) if self.discard_at(index) is not None]
        self.cursor = allowed[-1] if allowed else None

    def clear(self) -> None:
        """No decision: every input gives nothing."""
        self.set_decision((), (), None)

    @property
    def has_discards(self) -> bool:
        """Whether a discard is offered at all."""
        return any(isinstance(action, Discard) for action in self.legal)

    def buttons(self) -> tuple[Button, ...]:
        """The buttons to show now."""
        return build_buttons(self.legal, self.riichi_mode)

    def discard_at(self, index: int) -> Discard | None:
        """The offered discard that the hand tile at ``index`` plays now (riichi mode included), or None."""
        if not 0 <= index < len(self.tiles):
            return None
        return offered_discard(self.legal, self.tiles[index], self.drawn, riichi=self.riichi_mode)

    def click_tile(self, index: int) -> Action | None:
        """A click on the hand tile at ``index``: its discard when offered (the cursor moves there); a flower
        is set aside instead."""
        if 0 <= index < len(self.tiles):
            self.cursor = index
            flower = Flower(self.tiles[index])
            if flower in self.legal:
                return self._send(flower)
        return self._send(self.discard_at(index))

    def click_button(self, label_key: str) -> Outcome:
        """A click on the button with this catalogue key: its action, a chooser, or riichi mode switched."""
        button = next((button for button in self.buttons() if button.label_key == label_key), None)
        if button is None:
            return None
        if label_key == RIICHI:
            self.riichi_mode = not self.riichi_mode
            self.chooser = None
            return None
        if len(button.actions) == 1:
            return self._send(button.actions[0])
        self.chooser = Chooser(label_key, button.actions)
        self.option_cursor = 0
        return self.chooser

    def click_option(self, index: int) -> Action | None:
        """A click on the ``index``-th option of the open chooser."""
        chooser = self.chooser
        if chooser is None or not 0 <= index < len(chooser.actions):
            return None
        return self._send(chooser.actions[index])

    def cancel(self) -> bool:
        """Close the chooser, else leave riichi mode; False when there was nothing to cancel."""
        if self.chooser is not None:
            self.chooser = None
            return True
        if self.riichi_mode:
            self.riichi_mode = False
            return True
        return False

    def answers_escape(self) -> bool:
        """Whether Esc belongs to this decision (closing a chooser, leaving riichi mode, or skipping an
        offered call or ron, as the Skip button does); otherwise, as on one's own turn to discard, Esc opens
        the menu."""
        return self.chooser is not None or self.riichi_mode or PASS in self.legal

    def key(self, key: int) -> Outcome:
        """A key press (a pygame key code); see the module docstring for the map."""
        if key == pygame.K_ESCAPE:
            if self.cancel():
                return None
            return self._send(PASS)
        if self.chooser is not None and key in (pygame.K_LEFT, pygame.K_RIGHT, *_CONFIRM_KEYS, *_OPTION_KEYS):
            return self._chooser_key(key)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move(-1 if key == pygame.K_LEFT else 1)
            return None
        if key in _CONFIRM_KEYS:
            return self.click_tile(self.cursor) if self.cursor is not None else None
        if key in _POSITION_KEYS or key == DRAWN_KEY:
            return self._position_key(key)
        labels = _BUTTON_KEYS.get(key)
        if labels is None:
            return None
        label = next((button.label_key for button in self.buttons() if button.label_key in labels), None)
        if label is None:
            return None
        self.chooser = None  # another button's key replaces an open chooser
        return self.click_button(label)

    def _position_key(self, key: int) -> Action | None:
        """Move the cursor to the keyed tile; discard it when the cursor is already there."""
        rest = len(self.tiles) - (self.drawn is not None)
        if key == DRAWN_KEY:
            index = len(self.tiles) - 1 if self.drawn is not None else None
        else:
            position = _POSITION_KEYS[key]
            index = position if position < rest else None
        if index is None:
            return None
        if self.cursor == index:
            return self.click_tile(index)
        self.cursor = index
        return None

    def _chooser_key(self, key: int) -> Action | None:
        chooser = self.chooser
        assert chooser is not None
        count = len(chooser.actions)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.option_cursor = (self.option_cursor + (-1 if key == pygame.K_LEFT else 1)) % count
            return None
        if key in _CONFIRM_KEYS:
            return self.click_option(self.option_cursor)
        return self.click_option(_OPTION_KEYS[key])

    def _move(self, step: int) -> None:
        if not self.tiles:
            return
        if self.cursor is None:
            self.cursor = 0 if step > 0 else len(self.tiles) - 1
        else:
            self.cursor = (self.cursor + step) % len(self.tiles)

    def _send(self, action: Action | None) -> Action | None:
        """The action if it is exactly one of those offered (the guarantee of this class), else None."""
        if action is None or action not in self.legal:
            return None
        self.chooser = None
        return action
