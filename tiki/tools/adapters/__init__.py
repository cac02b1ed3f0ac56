"""Tiki in the research frameworks: OpenSpiel and PettingZoo (optional extras)."""
