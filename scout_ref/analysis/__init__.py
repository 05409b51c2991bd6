"""Tools built on the engine that decide no rule themselves: witness games (backward search and
forward construction), simulation, determinization, explanations, perft, the longest rounds,
and jobs spread over processes or a cluster.
"""
