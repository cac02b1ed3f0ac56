"""Words in a person's language: the message catalogs of the kit and of both games.

Every sentence a player or a designer reads (an action, an event, a decision, a
refusal, a clause, the page's own words) is written in English in the code, marked
for translation, and looked up at run time in a standard GNU gettext catalog of the
language asked for (``LANG/LC_MESSAGES/DOMAIN.mo`` in the package's ``locale``
folder, read by the standard library's :mod:`gettext`). English is the source
language: its catalog is the code itself. :data:`LANGUAGES` are the languages every
message has; a test fails when one lacks a translation.

A text is a call of :class:`Say` with its English template and its fields, in
:meth:`str.format`'s braces, so a translation may move the fields where its grammar
puts them; :meth:`Say.plural` picks the plural form a count needs (German has the two of
English; other languages may have more):

>>> say = words("tiki", "de")
>>> say("{player} moves first", player="x")
'x beginnt'
>>> words("tiki", "en")("{player} moves first", player="x")
'x moves first'
>>> [say.plural("{player} gains {count} fruit", "{player} gains {count} fruits", n, player="o")
...  for n in (1, 2)]
['o erhält 1 Frucht', 'o erhält 2 Früchte']

A language that is not one of :data:`LANGUAGES` is refused, naming those there are
(:func:`language` reads a person's choice, such as a browser's ``de-AT``):

>>> words("gamekit", "fr")
Traceback (most recent call last):
...
ValueError: no language 'fr': the languages are en (English), de (Deutsch)
>>> language("de-AT"), language("fr, de;q=0.8"), language("xx")
('de', 'de', 'en')

The catalogs are kept by :mod:`gamekit.i18n.catalogs` (``python -m
gamekit.i18n.catalogs``: extract the marked texts with Babel, update each ``.po``
file, compile it).
"""

from __future__ import annotations

import functools
import gettext
import importlib.util
import re
from pathlib import Path
from typing import Any, Final

__all__ = ["DEFAULT", "DOMAINS", "LANGUAGES", "N_", "Say", "language", "locale_dir", "words"]

LANGUAGES: Final = {"en": "English", "de": "Deutsch"}
"""The languages every message is in, by code, each with its own name."""
DEFAULT: Final = "en"
"""The source language: the texts as the code writes them."""
DOMAINS: Final = {
    "gamekit": "gamekit",
    "tiki": "tiki",
    "tiki-pictures": "tiki",
    "tiki-clauses": "tiki",
    "tikalspeed": "tikalspeed",
    "tikalspeed-pictures": "tikalspeed",
    "tikalspeed-clauses": "tikalspeed",
}
"""The message domains, each with the package whose ``locale`` folder holds it: the
kit's (the server's and its pages' words), and each game's words (actions, events,
decisions, refusals), pictures (the labels of its SVG) and clauses (the titles and
texts of its spec)."""
_TAG = re.compile(r"[A-Za-z]{1,8}")


def N_(template: str) -> str:
    """Mark ``template`` for the catalogs where it is written, and translate it where
    it is said (a table of templates): ``N_("a worker")`` is ``"a worker"``."""
    return template


def locale_dir(domain: str) -> Path:
    """The ``locale`` folder of ``domain``'s package (where its catalogs are)."""
    if domain not in DOMAINS:
        raise ValueError(f"no message domain {domain!r}: the domains are {', '.join(DOMAINS)}")
    spec = importlib.util.find_spec(DOMAINS[domain])
    if spec is None or spec.origin is None:  # pragma: no cover - a package always has one
        raise ValueError(f"the package of domain {domain!r} is not installed")
    return Path(spec.origin).parent / "locale"


def language(choice: str | None) -> str:
    """The language of :data:`LANGUAGES` a person's ``choice`` asks for: a code
    (``de``), a tag with a region (``de-AT``), or a browser's ``Accept-Language``
    list (``fr, de;q=0.8``: the first that is there); :data:`DEFAULT` when none is."""
    for part in (choice or "")[:200].split(","):
        tag = part.split(";")[0].strip()
        first = _TAG.match(tag)
        if first is not None and first.group(0).lower() in LANGUAGES:
            return first.group(0).lower()
    return DEFAULT


class Say:
    """The texts of one domain in one language: ``say(template, **fields)``."""

    def __init__(self, domain: str, lang: str, catalog: gettext.NullTranslations) -> None:
        self.domain = domain
        """The message domain (``'tiki'``)."""
        self.lang = lang
        """The language code (``'de'``)."""
        self._catalog = catalog

    def __repr__(self) -> str:
        return f"words({self.domain!r}, {self.lang!r})"

    def __call__(self, template: str, /, **fields: Any) -> str:
        """``template`` in this language, its ``{fields}`` filled in."""
        return self._catalog.gettext(template).format(**fields)

    def plural(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        """The form of ``singular`` or ``plural`` that ``count`` needs in this language,
        its ``{count}`` and other ``fields`` filled in."""
        return self._catalog.ngettext(singular, plural, count).format(count=count, **fields)

    def verbatim(self, text: str, /) -> str:
        """``text`` in this language as it stands, no field filled in (a clause's text,
        which may hold braces of its own)."""
        return self._catalog.gettext(text)


@functools.cache
def words(domain: str, lang: str = DEFAULT) -> Say:
    """The texts of ``domain`` (``'gamekit'``, ``'tiki'``, ``'tikalspeed'``) in ``lang``,
    one of :data:`LANGUAGES`; English (:data:`DEFAULT`) is the code's own text."""
    if lang not in LANGUAGES:
        every = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        raise ValueError(f"no language {str(lang)[:20]!r}: the languages are {every}")
    where = locale_dir(domain)
    catalog: gettext.NullTranslations
    if lang == DEFAULT:
        catalog = gettext.NullTranslations()
    else:
        catalog = gettext.translation(domain, where, languages=[lang])
    return Say(domain, lang, catalog)
