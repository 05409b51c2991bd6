"""The scout-ref test suite: one module per engine module, see README.md."""
