"""The data of a conformance run: cases, outcomes and findings; rule scope; untrusted text."""
