"""Judging: each case's reply against the reference, traces step by step, observations, deals by
chance, and the per-rule verdicts.
"""
