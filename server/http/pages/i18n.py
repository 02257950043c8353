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
from importlib.resources import files

from aiohttp import web
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

__all__ = ["DEFAULT", "LANGUAGES", "choose", "translations"]

LANGUAGES = {"en": "English", "es": "Español"}
"""Each language a page can speak, by its code, named in itself (for the switch)."""

DEFAULT = "en"
COOKIE = "lang"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The messages of ``language`` (English: the msgids themselves)."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    source = files("server.http.pages") / "locale" / language / "LC_MESSAGES" / "messages.po"
    with source.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


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
