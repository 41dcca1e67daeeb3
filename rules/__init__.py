"""Pure riichi rules: tiles, hand analysis, yaku, fu, points, rule sets and the round state machine.

Standard library only; no I/O, no clock, no global random state (ARCHITECTURE.md, "Layers").
"""
