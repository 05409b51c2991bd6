"""``scout-ref play``: a terminal game of SCOUT for humans and bots, recorded as a trace.

The game loop (:mod:`~scout_ref.play.table`) knows nothing of the screen; the screens
(:mod:`~scout_ref.play.screen`) know nothing of the rules beyond what they display; the bots
(:mod:`~scout_ref.play.bots`) choose among the engine's legal moves; and
:mod:`~scout_ref.play.record` writes and replays ``trace`` vectors.
"""
