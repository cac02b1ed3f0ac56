"""The compiled table builder (``_retro.c``), called through ctypes.

``setup.py`` compiles ``_retro.c`` as the optional extension module
``tiki.tools.tables._retro`` wherever a C compiler is there (editable installs
included); its file is loaded here with :mod:`ctypes`, found by
:func:`importlib.util.find_spec`. Only building a table and the C-side checks need
it: probing a built table is pure Python (:mod:`.store`). Without it, :func:`library`
raises :class:`~tiki.errors.TableError` saying how to get it.

The C side keeps one layout's tables at a time (:meth:`Builder.__init__` loads them)
and, once per process, the rank of every board (270 MB).
"""

from __future__ import annotations

import ctypes
import functools
import importlib.util
from array import array
from typing import Any

from ...errors import TableError
from .tallies import Tallies, tally_layers

__all__ = ["Act", "Builder", "Stats", "library"]

_MODULE = f"{__package__}._retro"
_P = ctypes.c_void_p
_Act = tuple[int, int, int, int, int, int]
Act = _Act
"""One action of the C generator: ``(kind, child board, result 1, result 2, village 1,
village 2)``; kind 0 no influence (``village 2`` is -2 for a create), 1 one village, 2
two (an order decision: result 1 with village 1 first, result 2 the other), 3 a pass."""


class Stats(ctypes.Structure):
    """What :meth:`Builder.build` measured of one layer (the C ``Stats``)."""

    _fields_ = [(n, ctypes.c_double) for n in ("t_init", "t_prop", "t_total")] + [
        (n, ctypes.c_long)
        for n in (
            "wins", "losses", "draws", "positions", "in_edges", "known_edges",
            "order_err", "max_dist", "pushes", "unmove_edges",
        )
    ]  # fmt: skip

    def asdict(self) -> dict[str, float | int]:
        """Every field by name (seconds rounded to 0.1)."""
        out: dict[str, float | int] = {}
        for field in self._fields_:
            value = getattr(self, field[0])
            out[field[0]] = round(value, 1) if field[1] is ctypes.c_double else int(value)
        return out


@functools.cache
def library() -> ctypes.CDLL:
    """The compiled builder, its functions typed; :class:`TableError` if not compiled."""
    try:
        spec = importlib.util.find_spec(_MODULE)
    except (ImportError, ValueError):  # pragma: no cover - a broken install
        spec = None
    if spec is None or spec.origin is None:
        raise TableError(
            "the table builder (tiki/tools/tables/_retro.c) was not compiled: install "
            "with a C compiler there (pip install -e . or pip install .), or run "
            "'python setup.py build_ext --inplace' in the source tree"
        )
    try:
        lib = ctypes.CDLL(spec.origin)
    except OSError as error:  # pragma: no cover - a foreign or broken file
        raise TableError(f"the table builder {spec.origin} cannot be loaded: {error}") from None
    lib.rt_init.restype = ctypes.c_uint32
    lib.rt_init.argtypes = [ctypes.c_int, _P, _P, _P, _P]
    lib.rt_rank.restype = ctypes.c_uint32
    lib.rt_rank.argtypes = [ctypes.c_uint32]
    lib.rt_unrank.restype = ctypes.c_uint32
    lib.rt_unrank.argtypes = [ctypes.c_uint32]
    lib.rt_gen.restype = ctypes.c_int
    lib.rt_gen.argtypes = [ctypes.c_int, ctypes.c_uint32, ctypes.c_int, _P]
    lib.rt_unmoves.restype = ctypes.c_int
    lib.rt_unmoves.argtypes = [ctypes.c_int, ctypes.c_uint32, ctypes.c_int, _P]
    lib.rt_build.restype = ctypes.c_int
    lib.rt_build.argtypes = [ctypes.c_int, _P, _P, ctypes.c_int, _P, _P]
    lib.rt_swap.restype = ctypes.c_uint32
    lib.rt_swap.argtypes = [ctypes.c_uint32]
    lib.rt_mirror.restype = None
    lib.rt_mirror.argtypes = [_P, _P]
    lib.rt_check_unmoves.restype = ctypes.c_long
    lib.rt_check_unmoves.argtypes = [ctypes.c_int, _P, ctypes.c_long, _P]
    lib.rt_edge_totals.restype = None
    lib.rt_edge_totals.argtypes = [ctypes.c_int, _P, _P, _P]
    return lib


def _address(buffer: array[Any]) -> int:
    address: int = buffer.buffer_info()[0]
    return address


_loaded: list[tuple[int, ...]] = []
"""The layout whose tables the C side holds now."""


class Builder:
    """The C builder loaded with ``layout``'s tables (:class:`~.tallies.Tallies`)."""

    def __init__(self, layout: tuple[int, ...]) -> None:
        """Load the compiled builder and give it ``layout``'s tables."""
        self.lib = library()
        self.tallies: Tallies = tally_layers(layout)
        self.layout = layout
        self.nvalid = 0
        self._out = array("i", [0] * (6 * 64))
        self._pre = array("i", [0] * (2 * 512))
        self._load()

    def _load(self) -> None:
        """Give the C side this layout's tables, if it holds another's."""
        if _loaded and _loaded[0] == self.layout and self.nvalid:
            return
        t = self.tallies
        n = self.lib.rt_init(
            len(t.order), *(_address(a) for a in (t.single, t.pair, t.paths, t.npaths))
        )
        if not n:  # pragma: no cover - out of memory
            raise TableError("the table builder could not allocate its rank tables (270 MB)")
        self.nvalid = int(n)
        _loaded[:] = [self.layout]

    def rank(self, board: int) -> int:
        """The rank of a dense board (as :func:`.store.rank`; 2**32 - 1 if invalid)."""
        return int(self.lib.rt_rank(board))

    def unrank(self, rank: int) -> int:
        """The dense board of ``rank``."""
        return int(self.lib.rt_unrank(rank))

    def gen(self, layer: int, board: int, player: int) -> list[Act]:
        """Every action of ``player`` on turn at ``board`` in ``layer``, in the engine's order."""
        self._load()
        n = self.lib.rt_gen(layer, board, player, _address(self._out))
        o = self._out
        return [(o[6 * i], o[6 * i + 1], o[6 * i + 2], o[6 * i + 3], o[6 * i + 4], o[6 * i + 5])
                for i in range(n)]  # fmt: skip

    def unmoves(self, layer: int, board: int, player: int) -> list[tuple[int, int]]:
        """The in-layer predecessors of ``board`` with ``player`` on turn: ``(2 * parent
        board + parent's player, plies)`` (2 plies through an order decision)."""
        self._load()
        n = self.lib.rt_unmoves(layer, board, player, _address(self._pre))
        return [(self._pre[2 * i], self._pre[2 * i + 1]) for i in range(n)]

    def swap(self, board: int) -> int:
        """The dense board with its colours swapped (as :func:`.tallies.swap_board`)."""
        return int(self.lib.rt_swap(board))

    def mirror(self, source: int, out: int) -> None:
        """Write into the ``uint16`` layer buffer at ``out`` the layer at ``source`` seen
        through the colour swap: its mirror layer (:meth:`.Tallies.mirror_of`)."""
        self._load()
        self.lib.rt_mirror(source, out)

    def build(
        self,
        layer: int,
        kids: dict[int, int],
        out: int,
        swapped: frozenset[int] = frozenset(),
        fold: bool = True,
    ) -> Stats:
        """Build ``layer`` into the ``uint16`` buffer at address ``out``, reading the
        finished layers ``kids`` (layer -> buffer address; for a layer in ``swapped``, the
        buffer of its mirror, read through the colour swap); its :class:`Stats`.

        A layer that is its own mirror (equal fruits) is built folded in two, with x
        on turn only (the other half is the same through the colour swap), unless
        ``fold`` is false: the same values either way, in about half the time."""
        self._load()
        n = len(self.tallies.order)
        pointers = (ctypes.c_void_p * n)()
        flags = (ctypes.c_uint8 * n)()
        for k, address in kids.items():
            pointers[k] = address
            flags[k] = k in swapped
        stats = Stats()
        half = fold and self.tallies.is_own_mirror(layer)
        if self.lib.rt_build(layer, pointers, flags, int(half), out, ctypes.byref(stats)) != 0:
            raise TableError(f"layer {layer}: the builder ran out of memory")
        return stats

    def check_unmoves(self, layer: int, ranks: array[Any]) -> tuple[int, int]:
        """The unmoves against the moves on boards ``ranks`` (``array('I')``) of ``layer``,
        both players: ``(mismatches, in-layer edges checked)``."""
        self._load()
        edges = ctypes.c_long()
        bad = self.lib.rt_check_unmoves(layer, _address(ranks), len(ranks), ctypes.byref(edges))
        return int(bad), int(edges.value)

    def edge_totals(self, layer: int) -> tuple[int, int, int]:
        """Over the whole of ``layer``: in-layer forward edges, unmoves, and order
        decisions with one result inside the layer and one outside (0 expected)."""
        self._load()
        f, b, e = ctypes.c_long(), ctypes.c_long(), ctypes.c_long()
        self.lib.rt_edge_totals(layer, ctypes.byref(f), ctypes.byref(b), ctypes.byref(e))
        return int(f.value), int(b.value), int(e.value)
