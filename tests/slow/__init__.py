"""Long random simulations, marked slow (skipped by make quick)."""
