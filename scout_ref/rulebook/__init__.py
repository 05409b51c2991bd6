"""The rulebook as data: the rule registry (``spec/rules.json``: rule IDs, scopes, ``implements``)
and the editions' rule texts. The engine reads the registry; only the layers above it read the
texts.
"""
