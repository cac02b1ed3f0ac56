"""``tiki tables certify`` and ``tiki tables check-certificate``: a class's win, proved
without its table (issue 33).

``tiki tables certify DIR --out FILE`` has the independent verifier write the
certificate of the opening of the complete table in ``DIR`` (x first: the winner's
strategy, :mod:`tiki.tools.verifier.certificates`), compressed with xz when ``FILE``
ends in ``.xz``, checks it and prints what it proves and its SHA-256.
``tiki tables check-certificate FILE[.xz]`` is what a reader runs on a published
certificate: the verifier's checker replays it with its own move generator, reading no
table, and the command prints the claim, then compares the file with the record that
names it in the results file (``tiki/data/openings.json`` by default). Status 0 when it
proves its claim (and matches its record, if one names it), 1 when not.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gamekit.cli.commands import UsageError

from ...errors import TableError
from .. import verifier
from ..tables import certificates as _certificates
from ..tables import sweep as _sweep
from .verifying import folders

__all__ = ["add_certify"]


def _file(text: str) -> Path:
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not a file")
    return path


def _policy(text: str) -> int:
    if text not in {str(p) for p in verifier.POLICIES}:
        raise argparse.ArgumentTypeError(f"a policy of {verifier.POLICIES}, not {text[:20]!r}")
    return int(text)


def _cap(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text[:12]) <= verifier.MAX_CAP):
        raise argparse.ArgumentTypeError(f"positions from 1 to {verifier.MAX_CAP:,}")
    return int(text)


def _certify(args: argparse.Namespace) -> int:
    found = folders(args.directory)
    if len(found) != 1:
        raise UsageError(f"{args.directory}: {len(found)} layouts' tables in it; name one's folder")
    out = Path(args.out)
    if not out.parent.is_dir():
        raise UsageError(f"--out {args.out}: its folder is not there")
    print(f"{found[0].name}: writing its certificate with tikiverify {verifier.version()}, "
          f"policy {args.policy}", flush=True)  # fmt: skip
    try:
        done = _certificates.certify(found[0], out, policy=args.policy, cap=args.cap)
    except (TableError, OSError) as error:
        raise UsageError(str(error)) from None
    print(f"{out}: written and checked: {done.claim()}")
    print(f"  {done.positions:,} positions; {done.bytes:,} bytes ({done.raw_bytes:,} "
          f"decompressed); checked in {done.seconds:.1f} s by {done.verifier}")  # fmt: skip
    print(f"  sha256 {done.sha256}")
    return 0


def _check(args: argparse.Namespace) -> int:
    path: Path = args.file
    print(f"{path}: checking with tikiverify {verifier.version()} (no table read)", flush=True)
    try:
        done = verifier.check_certificate(path)
    except TableError as error:
        print(f"REFUSED: {error}")
        return 1
    print(f"{path}: passed: {done.claim}")
    print(f"  layout {','.join(map(str, done.layout))}; {done.positions:,} positions, "
          f"{done.decisions:,} decisions of the winner; the longest game {done.longest} plies")
    print(f"  {done.raw_bytes:,} bytes decompressed; checked in {done.seconds:.1f} s")
    print(f"  sha256 {done.sha256}")
    try:
        records = _sweep.read(args.data)
    except TableError as error:
        raise UsageError(str(error)) from None
    named = [(o.index, o.certificate) for o in records
             if o.certificate is not None and o.certificate.file == path.name]  # fmt: skip
    if not named:
        print(f"  no record of {args.data} names {path.name}")
        return 0
    index, record = named[0]
    same = (record.sha256, record.claim()) == (done.sha256, done.claim)
    print(f"  the record of class {index} in {args.data}: "
          f"{'the same file and claim' if same else 'ANOTHER file or claim'}")  # fmt: skip
    return 0 if same else 1


def add_certify(which: Any, directory: Any) -> None:
    """Add ``certify`` and ``check-certificate`` to the ``tiki tables`` actions
    ``which`` (``directory``: the type of an existing directory)."""
    c = which.add_parser(
        "certify",
        help="write and check the certificate of a table's opening (the winner's strategy)",
        description="Have the independent verifier write the winner's strategy from the "
        "opening (x first) of one complete table as a certificate, compressed with xz if "
        "FILE ends in .xz, then check it as a reader would. About 7 minutes and 10.5 GB of "
        "memory for a whole table; 21 to 35 MB compressed.",
    )
    c.add_argument("directory", type=directory, metavar="DIR",
                   help="one layout's table folder (or a directory holding one)")  # fmt: skip
    c.add_argument("--out", required=True, metavar="FILE", help="the certificate to write")
    c.add_argument(
        "--policy",
        type=_policy,
        default=verifier.DEFAULT_POLICY,
        help=f"0 the shortest wins: the exact plies (default {verifier.DEFAULT_POLICY}); 2 "
        "reuse: 40%% smaller, proves only a bound",
    )
    c.add_argument("--cap", type=_cap, help="the most positions walked (default 200,000,000)")
    c.set_defaults(run=_certify)
    k = which.add_parser(
        "check-certificate",
        help="check a published certificate, reading no table, and print what it proves",
        description="Replay a certificate (FILE, or FILE.xz decompressed first) with the "
        "independent verifier's own move generator, reading no table: every stored action "
        "legal, every game won by the claimed winner within the claimed plies. Prints the "
        "claim and the file's SHA-256, compared with the record that names the file. "
        "Status 1 if it proves nothing or differs from its record. 1 to 2 CPU-minutes and "
        "1.5 GB of memory for a class.",
    )
    k.add_argument("file", type=_file, metavar="FILE", help="a certificate, or its .xz")
    k.add_argument("--data", default=str(_sweep.DATA),
                   help="the results file whose records name the certificates")  # fmt: skip
    k.set_defaults(run=_check)
