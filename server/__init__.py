"""The edges: the click CLI (:mod:`server.cli`) and the aiohttp server (:mod:`server.http`)
over one application service (:mod:`server.service`).

``create_app`` and ``main`` are imported on first use: ``arbiter pair`` must not pay for
aiohttp, and the HTTP server does not need click's commands.
"""

from typing import TYPE_CHECKING

__version__ = "0.1.0"
"""Arbiter's version (the package's, read by setuptools from here)."""

if TYPE_CHECKING:
    from server.cli import main
    from server.http.app import create_app

__all__ = ["create_app", "main"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from server.http.app import create_app

        return create_app
    if name == "main":
        from server.cli import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
