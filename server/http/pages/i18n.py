"""Which language a page speaks, and its messages from the gettext catalogs.

The catalogs are the ``.po`` files under ``locale/``; Babel compiles each into a
translations object in memory the first time it is needed, so there is no build step and
no compiled file to keep in step with its source. English is the source language (the
msgids), so it needs no catalog. Player names, numbers and results are never passed
through a catalog.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

from aiohttp import web
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from server.printouts import Language

__all__ = ["DEFAULT", "LANGUAGES", "choose", "remember", "saying", "translations"]

DEFAULT = "en"
COOKIE = "lang"

LOCALE = Path(str(files("server.http.pages") / "locale"))
"""One folder per language, ``<code>/LC_MESSAGES/messages.po``: adding a language is
adding its catalogue there."""


def discover(root: Path) -> dict[str, str]:
    """English and each language with a catalogue under ``root``, by code, named in itself
    (for the switch).

    >>> discover(LOCALE)["es"]
    'Español'
    """
    codes = sorted(po.parent.parent.name for po in root.glob("*/LC_MESSAGES/messages.po"))
    named = {code: Locale.parse(code).get_display_name(code) or code for code in codes}
    return {DEFAULT: "English"} | {code: name.capitalize() for code, name in named.items()}


LANGUAGES = discover(LOCALE)
"""Each language a page can speak, by its code, named in itself (for the switch)."""


@functools.cache
def translations(language: str, root: Path = LOCALE) -> gettext.NullTranslations:
    """The messages of ``language`` (English: the msgids themselves)."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    source = root / language / "LC_MESSAGES" / "messages.po"
    with source.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


@functools.cache
def saying(language: str) -> Callable[[str], str]:
    """How a page says a sentence the code wrote: a :class:`~engine.messages.Message` (an
    engine's explanation, a refusal's reason, a warning) in the words of ``language``, its
    numbers with the language's decimal sign; any other text as it is.

    >>> from engine.messages import Message
    >>> from fractions import Fraction
    >>> saying("es")(Message("score difference %(difference)s", difference=Fraction(3, 2)))
    'diferencia de puntos 1,5'
    """
    return Language(language, translations(language)).said


def remember(response: web.StreamResponse, language: str) -> None:
    """Keep ``language`` for the reader's next pages (the switch, an address's ``?lang=``)."""
    response.set_cookie(COOKIE, language, max_age=365 * 86400, samesite="Lax", httponly=True)


def choose(request: web.Request) -> str:
    """``?lang=``, else the switch's cookie, else the best of ``Accept-Language``.

    >>> from aiohttp.test_utils import make_mocked_request
    >>> choose(make_mocked_request("GET", "/", headers={"Accept-Language": "fr, es-AR;q=0.8"}))
    'es'
    """
    for asked in (request.query.get("lang"), request.cookies.get(COOKIE)):
        if asked in LANGUAGES:
            return asked
    return _from_header(request.headers.get("Accept-Language", ""))


def _from_header(header: str) -> str:
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        language = tag.strip().split("-")[0].lower()
        if language in LANGUAGES and quality > 0:
            ranked.append((-quality, index, language))
    return min(ranked)[2] if ranked else DEFAULT
