"""Exhaustive checks: the invariants of play, the naive oracle they are judged against, and
``scout-ref verify``, which walks every position within k moves.
"""
