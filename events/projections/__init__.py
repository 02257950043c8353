"""Projections: pure folds of a tournament's events into state."""
