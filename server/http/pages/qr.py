"""The QR code that opens a tournament's pages from a phone: on the hall's big screen and
on the printed pairings.

segno draws it as inline SVG, so the page needs no image request and the
Content-Security-Policy (``img-src 'self'``) stays as it is. It is the one piece of markup
a template does not escape: segno builds it from the address alone.
"""

from __future__ import annotations

import segno
from aiohttp import web
from markupsafe import Markup

__all__ = ["address", "qr_svg"]


def address(request: web.Request, tournament_id: str) -> str:
    """The tournament's overview as a phone in the hall reaches it: the host and scheme
    the request came by.

    >>> from aiohttp.test_utils import make_mocked_request
    >>> address(make_mocked_request("GET", "/t/open/screen", headers={"Host": "hall:8080"}), "open")
    'http://hall:8080/t/open'
    """
    return str(request.url.origin().with_path(f"/t/{tournament_id}"))


def qr_svg(url: str) -> Markup:
    """``url`` as a QR code in inline SVG, titled with the address it opens (error
    correction M: it survives a crease in the printout or glare on the screen)."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=4, title=url, svgclass="qr-code", lineclass=None, omitsize=True)
    return Markup(svg)  # segno's own markup; the title it carries is escaped
