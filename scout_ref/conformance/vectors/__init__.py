"""The vectors: built from the case generators and answered by the reference, linted, their
coverage, and the witness games they give.
"""
