"""The service itself: an index of links, a health check, the OpenAPI document, and a
description of each problem type (the target of a problem's ``type``)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from aiohttp import web

from server.http import keys
from server.http.handlers.call import Call, respond
from server.http.problems import TYPE_PREFIX, Problem, problem_type
from server.http.schemas import Health, Index, ProblemTypeOut

__all__ = ["describe_problem", "health", "index", "openapi"]


def _version() -> str:
    try:
        return version("arbiter")
    except PackageNotFoundError:  # a source tree that was never installed
        return "unknown"


async def index(call: Call[None, None]) -> web.Response:
    return respond(
        Index(
            name="Arbiter",
            version=_version(),
            links={
                "tournaments": call.url("tournaments"),
                "openapi": call.url("openapi"),
                "health": call.url("health"),
            },
        )
    )


async def health(call: Call[None, None]) -> web.Response:
    return respond(Health())


async def openapi(call: Call[None, None]) -> web.Response:
    return web.Response(body=call.request.app[keys.OPENAPI], content_type="application/json")


async def describe_problem(call: Call[None, None]) -> web.Response:
    slug = call.request.match_info["slug"]
    found = problem_type(slug)
    if found is None:
        raise Problem("not-found", f"no problem type {slug!r}")
    return respond(
        ProblemTypeOut(
            type=TYPE_PREFIX + found.slug,
            title=found.title,
            status=found.status,
            description=found.description,
        )
    )
