"""The conformance suite: test vectors, the adapter protocol (SCP) and the runner."""
