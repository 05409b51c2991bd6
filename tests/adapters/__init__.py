"""Adapters for the conformance tests: faulty ones and wrong engines, each run as a subprocess."""
