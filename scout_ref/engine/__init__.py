"""The reference engine: one module per rulebook chapter (``docs/rulebook/<nn>-<stem>.rst`` pairs
with ``scout_ref/engine/<stem>.py``), pure functions over immutable states. It imports only
:mod:`scout_ref.rulebook.registry`, :mod:`scout_ref.util` and :mod:`scout_ref.errors`; mypyc
compiles it.
"""
