"""The page's ``rpds``: jsonschema's registries use rpds-py, which is compiled and has no wheel for
the browser's Python, so the page serves this module under that name, taking rpds-py's API from
pyrsistent-as-rpds-py (its pure-Python implementation on pyrsistent, made as a drop-in for
jsonschema; both are among the referee's wheels). The command line uses the real rpds-py."""

from pyrsistent_as_rpds.pure import *  # noqa: F403
