"""The service itself: an index of links, a health check, the OpenAPI document, and a
description of each problem type (the target of a problem's ``type``)."""

from __future__ import annotations

import asyncio
import sqlite3
from importlib.metadata import PackageNotFoundError, version

from aiohttp import web

from events.errors import ArbiterError
from server.http import keys
from server.http.handlers.call import Call, respond
from server.http.problems import TYPE_PREFIX, Problem, problem_type, problem_types
from server.http.schemas import Health, Index, ProblemTypeList, ProblemTypeOut

__all__ = ["describe_problem", "health", "index", "list_problems", "openapi", "ready"]


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
                "ready": call.url("ready"),
                "problems": call.url("problems"),
            },
        )
    )


async def health(call: Call[None, None]) -> web.Response:
    """Liveness: the process answers (it checks nothing else, so a busy store never makes
    an orchestrator restart a healthy server)."""
    return respond(Health())


READY_TIMEOUT_SECONDS = 2.0


async def ready(call: Call[None, None]) -> web.Response:
    """Readiness: the store answers within a couple of seconds and has room to write."""
    try:
        await asyncio.wait_for(call.read(call.service.check), READY_TIMEOUT_SECONDS)
    except (TimeoutError, ArbiterError, sqlite3.Error) as error:
        raise Problem(
            "not-ready",
            f"the event store does not answer: {error or 'timed out'}",
            headers={"Retry-After": "5"},
        ) from error
    return respond(Health())


async def list_problems(call: Call[None, None]) -> web.Response:
    """Every problem type this server answers with."""
    return respond(
        ProblemTypeList(
            problems=[
                ProblemTypeOut(
                    type=TYPE_PREFIX + found.slug,
                    title=found.title,
                    status=found.status,
                    description=found.description,
                )
                for found in sorted(problem_types().values())
            ]
        )
    )


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
