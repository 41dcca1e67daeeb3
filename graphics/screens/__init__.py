"""The menu screens: title, new game, settings, yaku reference and final results (Scenes of graphics.app)."""

from __future__ import annotations

from graphics.app import App, Scene


def first_scene(app: App) -> Scene:
    """The scene the game opens with: the title screen."""
    from graphics.screens import navigation

    return navigation.make(app, "title")
