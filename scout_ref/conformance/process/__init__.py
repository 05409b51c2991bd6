"""Adapters as processes: one request at a time with timeouts and restarts, the process tree,
start-up, and a pool of processes.
"""
