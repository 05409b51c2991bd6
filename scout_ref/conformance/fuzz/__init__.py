"""Differential fuzzing: random games compared step by step, alone or on a cluster."""
