"""Keeping the message catalogs: extract, update, compile and check them (Babel).

Each domain's texts are found in its package's code (Python: calls of ``say``,
``say.plural`` and ``N_``; the page's scripts: calls of ``t`` and ``tn``) by Babel's
extractors, and kept for each language in ``PACKAGE/locale/LANG/LC_MESSAGES/DOMAIN.po``
(the translations, edited by people) beside the compiled ``.mo`` that
:func:`gamekit.i18n.words` reads. Run ``python -m gamekit.i18n.catalogs`` after a text
changes: it adds the new texts to every ``.po`` (untranslated), drops the ones no
longer in the code, and compiles each ``.po``; then translate what is new and run it
again. ``--check`` changes nothing and lists what is wrong (:func:`problems`), which
is what the test suite asserts is nothing.

Babel is a tool of the catalogs' keepers (the ``test`` extra), not of the library,
which reads the compiled files with the standard library alone.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from . import DOMAINS, LANGUAGES, locale_dir

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

__all__ = [
    "KEYWORDS", "PAGES", "SOURCES", "extract", "extract_clauses", "main", "page_catalog",
    "placeholders", "problems", "update",
]

KEYWORDS: dict[str, dict[str, Any]] = {
    "python": {"say": None, "plural": (1, 2), "N_": None},
    "javascript": {"t": None, "tn": (1, 2)},
}
"""The calls whose string arguments are texts, by language: in Python
``say(TEMPLATE, ...)``, ``say.plural(ONE, MANY, count, ...)`` and ``N_(TEMPLATE)``; in
the page's scripts ``t(TEMPLATE, fields)`` and ``tn(ONE, MANY, count, fields)``."""
CLAUSES = "gamekit.i18n.catalogs:extract_clauses"
"""The extraction method of a spec's clauses (:func:`extract_clauses`)."""
SOURCES: dict[str, list[tuple[str, str]]] = {
    "gamekit": [("i18n/**", "ignore"), ("**.py", "python"), ("server/static/**.js", "javascript")],
    "tiki": [("svg/**", "ignore"), ("**.py", "python")],
    "tiki-pictures": [("svg/**.py", "python")],
    "tiki-clauses": [("data/clauses.json", CLAUSES)],
    "tikalspeed": [("svg/**", "ignore"), ("**.py", "python")],
    "tikalspeed-pictures": [("svg/**.py", "python")],
    "tikalspeed-clauses": [("data/clauses.json", CLAUSES)],
}
"""Where each domain's texts are, in its package: Babel's extraction methods by file
pattern, in order (the first pattern a file matches decides; ``ignore`` skips it)."""
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")


def placeholders(text: str) -> frozenset[str]:
    """The ``{fields}`` a template names: a translation must name the same.

    >>> sorted(placeholders("{who} moves {count:d} steps to {cell}"))
    ['cell', 'count', 'who']
    """
    return frozenset(_FIELD.findall(text))


def _package_dir(domain: str) -> Path:
    return locale_dir(domain).parent


def extract(domain: str) -> dict[str | tuple[str, str], list[tuple[str, int]]]:
    """Every text the code of ``domain``'s package marks, with where it is written (a
    plural is the pair ``(one, many)``)."""
    from babel.messages.extract import extract_from_dir

    root = _package_dir(domain)
    found: dict[str | tuple[str, str], list[tuple[str, int]]] = {}
    skipped = [("**/locale/**", "ignore"), *((p, m) for p, m in SOURCES[domain] if m == "ignore")]
    extracted = (
        (filename, lineno, message)
        for pattern, method in SOURCES[domain]
        if method != "ignore"
        for filename, lineno, message, _comments, _context in extract_from_dir(
            str(root), [*skipped, (pattern, method)], keywords=KEYWORDS.get(method, {}),
            comment_tags=(), strip_comment_tags=True,
        )
    )  # fmt: skip
    for filename, lineno, message in extracted:
        if isinstance(message, tuple):
            texts = [m for m in message if m]
            key: str | tuple[str, str] = (texts[0], texts[1]) if len(texts) > 1 else texts[0]
        else:
            key = message
        where = (f"{root.name}/{filename}", lineno)
        found.setdefault(key, []).append(where)
    return found


PAGES = {"gamekit": "server/static/i18n"}
"""The domains whose catalogs the browser reads too, and the folder of the package
where each language's catalog is written as ``LANG.json`` (:func:`page_catalog`)."""


def page_catalog(catalog: Catalog) -> bytes:
    """A compiled catalog as the page reads it: ``{"template": "translation"}``, a
    plural as the list of its forms; every translated text, sorted."""
    found: dict[str, object] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.string, tuple | list):
            if all(m.string):
                found[str(m.id[0])] = list(m.string)
        elif m.string:
            found[str(m.id)] = m.string
    text = json.dumps(found, ensure_ascii=False, indent=0, sort_keys=True)
    return (text + "\n").encode("utf-8")


def _page_path(domain: str, lang: str) -> Path | None:
    folder = PAGES.get(domain)
    return None if folder is None else _package_dir(domain) / folder / f"{lang}.json"


def extract_clauses(
    fileobj: BinaryIO, keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for a spec's ``data/clauses.json``: each clause's
    title and text (what a reader of a clause sees; its sources and notes stay in
    English, the spec's language)."""
    data = json.loads(fileobj.read().decode("utf-8"))
    for number, clause in enumerate(data["clauses"], start=1):
        yield number, "", clause["title"], []
        yield number, "", clause["text"], []


def _po_path(domain: str, lang: str) -> Path:
    return locale_dir(domain) / lang / "LC_MESSAGES" / f"{domain}.po"


def _template(domain: str, lang: str) -> Catalog:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=lang, domain=domain, project="tikal-tiki-rules", fuzzy=False)
    for key, places in sorted(extract(domain).items(), key=lambda kv: str(kv[0])):
        catalog.add(key, locations=sorted(places))
    return catalog


def _read(domain: str, lang: str) -> Catalog:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = _po_path(domain, lang)
    if not path.is_file():
        return Catalog(locale=lang, domain=domain, project="tikal-tiki-rules", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _po_bytes(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=88, sort_output=True, include_lineno=False,
             ignore_obsolete=True)  # fmt: skip
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update(domains: Sequence[str] = tuple(DOMAINS)) -> list[Path]:
    """Bring every catalog of ``domains`` in line with the code (new texts added
    untranslated, texts gone dropped) and compile it; return the files written."""
    written: list[Path] = []
    for domain in domains:
        for lang in LANGUAGES:
            if lang == "en":
                continue
            template = _template(domain, lang)
            if not len(template) and not _po_path(domain, lang).is_file():
                continue  # a domain with no text yet needs no catalog
            catalog = _read(domain, lang)
            catalog.update(template, no_fuzzy_matching=True)
            files = [(_po_path(domain, lang), _po_bytes(catalog)),
                     (_po_path(domain, lang).with_suffix(".mo"), _mo_bytes(catalog))]
            page = _page_path(domain, lang)
            if page is not None:
                files.append((page, page_catalog(catalog)))
            for path, data in files:
                path.parent.mkdir(parents=True, exist_ok=True)
                if not path.is_file() or path.read_bytes() != data:
                    path.write_bytes(data)
                    written.append(path)
    return written


def _messages(catalog: Catalog) -> Iterator[tuple[str | tuple[str, str], object, bool]]:
    for m in catalog:
        if m.id:
            key = m.id if isinstance(m.id, str) else (str(m.id[0]), str(m.id[1]))
            yield key, m.string, m.fuzzy


def problems(domains: Sequence[str] = tuple(DOMAINS)) -> list[str]:
    """What is wrong with the catalogs of ``domains``, one line each (``[]``: every
    text of the code is translated into every language, with the same fields, and
    every ``.mo`` is its ``.po`` compiled)."""
    out: list[str] = []
    for domain in domains:
        wanted = set(extract(domain))
        for lang in LANGUAGES:
            if lang == "en":
                continue
            po = _po_path(domain, lang)
            if not po.is_file():
                if wanted:  # a domain with no text yet needs no catalog
                    out.append(f"{po}: missing")
                continue
            catalog = _read(domain, lang)
            have = {}
            for key, string, fuzzy in _messages(catalog):
                have[key] = string
                name = key if isinstance(key, str) else key[0]
                forms = list(string) if isinstance(string, tuple | list) else [string]
                if key not in wanted:
                    out.append(f"{po}: {name!r} is no longer in the code")
                elif fuzzy or not all(forms):
                    out.append(f"{po}: {name!r} is not translated")
                else:
                    sources = [key] if isinstance(key, str) else list(key)
                    need = set().union(*(placeholders(s) for s in sources)) - {"count"}
                    for form in forms:
                        got = placeholders(str(form)) - {"count"}
                        if got != need:
                            out.append(
                                f"{po}: {name!r} names {sorted(got)} in {lang}, "
                                f"not {sorted(need)}"
                            )
            for key in sorted(wanted - set(have), key=str):
                name = key if isinstance(key, str) else key[0]
                out.append(f"{po}: {name!r} is missing (run python -m gamekit.i18n.catalogs)")
            mo = po.with_suffix(".mo")
            if not mo.is_file() or mo.read_bytes() != _mo_bytes(catalog):
                out.append(f"{mo}: not {po.name} compiled (run python -m gamekit.i18n.catalogs)")
            page = _page_path(domain, lang)
            stale = page is not None and (
                not page.is_file() or page.read_bytes() != page_catalog(catalog)
            )
            if stale:
                out.append(f"{page}: not {po.name} (run python -m gamekit.i18n.catalogs)")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gamekit.i18n.catalogs [--check] [DOMAIN ...]``."""
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.i18n.catalogs",
        description="Update the message catalogs from the code and compile them; "
        "with --check, only list what is missing, untranslated or stale.",
    )
    parser.add_argument("domains", nargs="*", choices=[*DOMAINS, []], metavar="DOMAIN",
                        help=f"the domains ({', '.join(DOMAINS)}; default all)")
    parser.add_argument("--check", action="store_true", help="change nothing; list problems")
    args = parser.parse_args(argv)
    domains = args.domains or list(DOMAINS)
    if not args.check:
        for path in update(domains):
            print(f"wrote {path}")
    found = problems(domains)
    for line in found:
        print(line)
    return 1 if (found and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
