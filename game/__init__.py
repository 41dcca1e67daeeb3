"""Orchestration on top of `rules`: the table, seats and views, AI players, logs and the command-line tools.

No pygame here; the same code runs headless in tests, in self-play and under the GUI.
"""
