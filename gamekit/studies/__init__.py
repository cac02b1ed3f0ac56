"""Simulation studies of any game: many games per ruleset, summed up with intervals."""
