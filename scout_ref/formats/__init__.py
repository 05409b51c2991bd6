"""The text forms of what the engine and the analysis produce: state and observation JSON and
their schemas, the position line, traces and stored witness games.
"""
