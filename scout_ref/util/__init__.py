"""Plumbing every layer may use: the bounded JSON reader, atomic writes, signals, plurals, and
the checks of the public API's arguments. Nothing here knows the game.
"""
