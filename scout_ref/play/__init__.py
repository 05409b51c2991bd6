"""``scout-ref play``: a terminal game of SCOUT for humans and bots, recorded as a trace.

The game loop (:mod:`~scout_ref.play.table`) knows nothing of the screen; the screens
(:mod:`~scout_ref.play.screen`) draw the lines of :mod:`~scout_ref.play.view` and decide no
rule; the bots (:mod:`~scout_ref.play.bots`) choose among the engine's legal moves; and
:mod:`~scout_ref.formats.trace` writes and replays ``trace`` vectors.
"""
