"""Templates to responses: one autoescaping Jinja environment per language, and the
security headers every page carries.

Autoescaping is on for every template, so a value reaches the page as text unless a
template says otherwise (none does): a player named ``<script>`` is shown, never run.
The Content-Security-Policy allows scripts and styles from this server's ``/static/``
only, so no inline script could run even if one slipped in.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

import jinja2
from aiohttp import web
from babel.dates import format_date, format_datetime
from babel.numbers import get_decimal_symbol

from events.projections import points_str
from server.http.pages import i18n
from server.http.pages.views import signed
from server.printouts.legend import CELL_CODES, SYSTEM_NAMES, explain_label

__all__ = ["SECURITY_HEADERS", "html", "page", "points"]

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def points(value: Fraction | None) -> str:
    """Points as a hall's wall chart shows them: ``2½``, ``½``, ``3``.

    >>> points(Fraction(5, 2)), points(Fraction(1, 2)), points(Fraction(3))
    ('2½', '½', '3')
    """
    if value is None:
        return ""
    if value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole or ''}½"
    return points_str(value)


def decimal(value: str, *, symbol: str) -> str:
    """A value printed with a point (``"1.50"``) with the language's decimal sign instead.

    >>> decimal("11.25", symbol=","), decimal("2137", symbol=",")
    ('11,25', '2137')
    """
    return value.replace(".", symbol)


def when(seconds: int) -> str:
    """A stored Unix time as a person reads it, in UTC.

    >>> when(0)
    '1970-01-01 00:00'
    """
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


@functools.cache
def environment(language: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("server.http.pages", "templates"),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    messages = i18n.translations(language)
    env.install_gettext_translations(messages, newstyle=True)  # type: ignore[attr-defined]
    env.filters["tiebreak_name"] = functools.partial(explain_label, gettext=messages.gettext)
    env.filters["points"] = points
    env.filters["signed"] = signed
    env.filters["day"] = functools.partial(format_date, format="medium", locale=language)
    env.filters["moment"] = functools.partial(format_datetime, format="medium", locale=language)
    env.filters["number"] = functools.partial(decimal, symbol=get_decimal_symbol(language))
    env.filters["system_name"] = lambda name: messages.gettext(SYSTEM_NAMES.get(name) or name)
    env.globals["cell_codes"] = CELL_CODES
    env.filters["when"] = when
    env.filters["said"] = i18n.saying(language)
    env.globals["languages"] = i18n.LANGUAGES
    env.globals["language"] = language
    return env


def html(
    request: web.Request, template: str, context: Mapping[str, Any], *, status: int = 200
) -> web.Response:
    """``template`` rendered in the request's language, with the security headers.

    A language asked for in the address (``?lang=es``, as a shared link or a printed code
    may carry) is kept as the switch keeps it, in its cookie, so the page's links and forms
    stay in it; the forms also carry it (``asked``), for a browser that refuses cookies."""
    language = i18n.choose(request)
    asked = request.query.get("lang") if request.query.get("lang") in i18n.LANGUAGES else None
    body = (
        environment(language)
        .get_template(template)
        .render({"signed_in": False, **context, "path": request.path_qs, "asked": asked})
    )
    headers = {**SECURITY_HEADERS, "Content-Language": language, "Vary": "Accept-Language"}
    response = web.Response(text=body, status=status, content_type="text/html", headers=headers)
    if asked and request.cookies.get(i18n.COOKIE) != asked:
        i18n.remember(response, asked)
    return response


def page(request: web.Request, template: str, **context: Any) -> web.Response:
    """A whole page, or with ``?fragment=1`` only its live part (what the live script swaps)."""
    fragment = request.query.get("fragment") == "1"
    return html(request, template, {**context, "fragment": fragment})
