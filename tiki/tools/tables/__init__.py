"""Tiki solved by retrograde tables: one layout's every position, exact (issue 22)."""
