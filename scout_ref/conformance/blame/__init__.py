"""Blame: which rules a difference points at, the follow-up questions that tell them apart, and
perft bisection.
"""
