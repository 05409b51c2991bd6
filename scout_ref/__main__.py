"""``python -m scout_ref`` is the ``scout-ref`` command."""

from scout_ref.cli import entrypoint

entrypoint()
