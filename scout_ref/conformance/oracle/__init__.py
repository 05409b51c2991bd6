"""The reference engine's answer to every request kind, and the reference served as an adapter."""
