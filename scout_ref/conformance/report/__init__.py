"""Reporting a run: report.json, JUnit XML, the readable text, reproductions and progress."""
