"""Tikal on Speed, with base Tikal and the professional (auction) game.

Not yet implemented: this package is reserved for the Tikal engine (issues 3 and 4).
It follows the same contract as :mod:`tiki` (``design/contract.md``).
"""

__all__: list[str] = []
