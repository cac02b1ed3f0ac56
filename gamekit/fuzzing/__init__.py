"""Fuzzing any game's readers: the harness, the mutations, the report."""
