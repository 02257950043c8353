"""Every error leaves the server as RFC 9457 problem+json, through one middleware.

A problem has a stable ``type`` (``/problems/<slug>``; ``GET`` it for a description), a
``title`` fixed per type, the ``status``, a human ``detail`` about this occurrence, the
``instance`` (the request's path) and extension members: ``errors`` lists each invalid
field by JSON pointer (or query parameter, header, TRF line), and a stale write carries
``expected`` and ``actual`` versions. Errors bring their status with them (the ``status``
of the class, which the CLI reads beside its ``exit_code``): a domain error
(:class:`events.errors.ArbiterError`, an engine's :class:`engine.PairingError`) is a
problem type named for its class, a TRF or tie-break error has its own type; router errors
(404, 405, 413) get the same shape, and anything unexpected is logged here and answered with
a bare 500: no stack trace leaves.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Iterator
from typing import Any, NamedTuple

import msgspec
from aiohttp import web

from engine import PairingError
from engine.messages import plain
from events.errors import ArbiterError, StoreUnavailable
from events.tiebreaks import TiebreakError
from trf import TrfError

__all__ = [
    "HTTP_PROBLEMS",
    "MEDIA_TYPE",
    "Problem",
    "ProblemType",
    "body_problem",
    "problem_middleware",
    "problem_type",
    "problem_types",
    "query_problem",
    "slug_of",
]

MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "/problems/"

_log = logging.getLogger("arbiter.http")


class ProblemType(NamedTuple):
    slug: str
    title: str
    status: int
    description: str


HTTP_PROBLEMS: dict[str, ProblemType] = {
    problem.slug: problem
    for problem in (
        ProblemType("not-found", "Not found", 404, "No resource at this path."),
        ProblemType(
            "method-not-allowed",
            "Method not allowed",
            405,
            "The resource exists but not for this method; see the Allow header.",
        ),
        ProblemType(
            "payload-too-large",
            "Request body too large",
            413,
            "The request body is over the server's size limit.",
        ),
        ProblemType(
            "unsupported-media-type",
            "Unsupported media type",
            415,
            "The request body's Content-Type is not one this operation reads.",
        ),
        ProblemType("malformed-json", "Malformed JSON", 400, "The request body is not JSON."),
        ProblemType(
            "invalid-body",
            "Invalid request body",
            422,
            "The body is JSON but does not match the operation's schema; "
            "`errors` lists each field by JSON pointer.",
        ),
        ProblemType(
            "invalid-query",
            "Invalid query parameter",
            400,
            "`errors` names each query parameter that could not be read.",
        ),
        ProblemType(
            "invalid-header",
            "Invalid header",
            400,
            "A request header has a value this server cannot use.",
        ),
        ProblemType(
            "unauthorized",
            "Bearer token required",
            401,
            "Writes need the arbiter's bearer token in `Authorization: Bearer …`; "
            "nothing was written.",
        ),
        ProblemType(
            "too-many-failed-authentications",
            "Too many failed authentications",
            429,
            "This address sent too many wrong tokens recently; wait `Retry-After` seconds.",
        ),
        ProblemType(
            "rate-limited",
            "Too many requests",
            429,
            "This token made more requests of this kind than the server allows; wait "
            "`Retry-After` seconds.",
        ),
        ProblemType(
            "precondition-required",
            "If-Match required",
            428,
            "A write must say which stream version it was based on: "
            '`If-Match: "<version>"` (the ETag of a read), or `If-Match: *`.',
        ),
        ProblemType(
            "precondition-failed",
            "Stale stream version",
            412,
            "The tournament changed since the version given in If-Match; `expected` "
            "and `actual` give both versions. Reload, decide again, resend.",
        ),
        ProblemType(
            "request-in-progress",
            "Request in progress",
            409,
            "A request with this Idempotency-Key has not finished yet; retry later.",
        ),
        ProblemType(
            "invalid-trf",
            "Invalid TRF",
            TrfError.status,
            "The TRF file cannot be imported; `errors` lists each problem by line.",
        ),
        ProblemType(
            "invalid-tiebreaks",
            "Invalid tie-break list",
            TiebreakError.status,
            "The tie-break list or its C.07 edition cannot be used.",
        ),
        ProblemType(
            "too-many-streams",
            "Too many event streams",
            503,
            "The server holds its maximum of open event streams; retry after `Retry-After`.",
        ),
        ProblemType(
            "too-many-client-streams",
            "Too many event streams from this client",
            429,
            "This client address has the most open event streams one client may hold; close "
            "one, or retry after `Retry-After`.",
        ),
        ProblemType(
            "not-ready",
            "Not ready",
            503,
            "The server cannot reach its event store yet; retry after `Retry-After` seconds.",
        ),
        ProblemType(
            "internal-error",
            "Internal server error",
            500,
            "The server failed; the problem is logged with the request's path.",
        ),
    )
}


class Problem(Exception):
    """An HTTP-level problem raised by the edge itself (not by a domain decision)."""

    def __init__(
        self, slug: str, detail: str, *, headers: dict[str, str] | None = None, **extensions: Any
    ) -> None:
        super().__init__(detail)
        self.type = HTTP_PROBLEMS[slug]
        self.detail = detail
        self.headers = headers or {}
        self.extensions = extensions


def problem_types() -> dict[str, ProblemType]:
    """Every problem type this server answers with, by slug."""
    found = dict(HTTP_PROBLEMS)
    roots: tuple[type[Exception], ...] = (ArbiterError, PairingError)
    for root in roots:
        for cls in _subclasses(root):
            problem = _domain_type(cls)
            found.setdefault(problem.slug, problem)
    return found


def problem_type(slug: str) -> ProblemType | None:
    return problem_types().get(slug)


def _subclasses(cls: type[Exception]) -> Iterator[type[Exception]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _slug(name: str) -> str:
    """A class name as a problem type: the class name is the contract.

    >>> _slug("WrongExpectedVersion")
    'wrong-expected-version'
    """
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).lower()


def slug_of(cls: type[BaseException]) -> str:
    """The problem type's slug of an error class (what a page words a refusal by)."""
    return _slug(cls.__name__)


def _carried_status(cls: type[BaseException]) -> int | None:
    """The HTTP status an error class carries in ``status`` (as it carries its CLI
    ``exit_code``); ``None`` for an error that is none of ours (a bug: 500)."""
    status = getattr(cls, "status", None)
    return status if isinstance(status, int) else None


def _domain_type(cls: type[BaseException]) -> ProblemType:
    """The problem type of an error class carrying its status: named for the class."""
    doc = (cls.__doc__ or "").strip()
    title = _slug(cls.__name__).replace("-", " ").capitalize()
    status = _carried_status(cls)
    assert status is not None
    return ProblemType(_slug(cls.__name__), title, status, " ".join(doc.split()))


def render(
    request: web.Request,
    problem: ProblemType,
    detail: str,
    *,
    headers: dict[str, str] | None = None,
    **extensions: Any,
) -> web.Response:
    body = {
        "type": TYPE_PREFIX + problem.slug,
        "title": problem.title,
        "status": problem.status,
        "detail": detail,
        "instance": request.path,
        **{key: value for key, value in extensions.items() if value is not None},
    }
    return web.Response(
        body=msgspec.json.encode(body, enc_hook=plain),
        status=problem.status,
        content_type=MEDIA_TYPE,
        headers=headers,
    )


def _domain_problem(request: web.Request, error: Exception) -> web.Response:
    problem = _domain_type(type(error))
    headers = None
    if isinstance(error, StoreUnavailable):
        # Expected while the database is away or busy: the client is told when to retry,
        # and the log says what happened without a stack trace per request.
        headers = {"Retry-After": str(error.retry_after)}
        _log.warning(
            "%s on %s %s: %s", problem.title.lower(), request.method, request.path, error,
            extra=_where(request),
        )  # fmt: skip
    elif problem.status >= 500:
        _log.error(
            "%s on %s %s", type(error).__name__, request.method, request.path,
            exc_info=error, extra=_where(request),
        )  # fmt: skip
    if not isinstance(error, ArbiterError):
        return render(request, problem, str(error), headers=headers)
    details = dict(error.details)
    field = details.pop("field", None)
    errors = [{"pointer": _pointer(field.split(".")), "detail": error.message}] if field else None
    return render(request, problem, error.message, headers=headers, errors=errors, **details)


def _where(request: web.Request) -> dict[str, Any]:
    return {"method": request.method, "path": request.path}


def _http_problem(request: web.Request, error: web.HTTPException) -> web.Response:
    headers = {name: error.headers[name] for name in ("Allow",) if name in error.headers}
    if error.status == 404:
        return render(request, HTTP_PROBLEMS["not-found"], f"nothing at {request.path}")
    if error.status == 405:
        allowed = error.headers.get("Allow", "")
        detail = f"{request.method} is not allowed on {request.path}; allowed: {allowed}"
        return render(request, HTTP_PROBLEMS["method-not-allowed"], detail, headers=headers)
    if error.status == 413:
        return render(request, HTTP_PROBLEMS["payload-too-large"], error.text or "body too large")
    slug = _slug(re.sub(r"\W", "", error.reason.title()))
    fallback = ProblemType(slug, error.reason, error.status, "")
    return render(request, fallback, error.text or error.reason, headers=headers)


@web.middleware
async def problem_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Turn whatever a handler (or the router) raised into problem+json."""
    try:
        return await handler(request)
    except Problem as problem:
        return render(
            request, problem.type, problem.detail, headers=problem.headers, **problem.extensions
        )
    except web.HTTPException as error:
        if error.status < 400:
            raise
        return _http_problem(request, error)
    except TrfError as error:
        errors = [
            {"line": p.line, "column": p.column, "severity": p.severity, "detail": p.message}
            for p in error.problems
        ]
        return render(request, HTTP_PROBLEMS["invalid-trf"], str(error), errors=errors)
    except TiebreakError as error:
        return render(request, HTTP_PROBLEMS["invalid-tiebreaks"], str(error))
    except Exception as error:  # noqa: BLE001 -- the edge: logged, answered 500
        if _carried_status(type(error)) is not None:
            return _domain_problem(request, error)
        _log.exception(
            "unexpected error in %s %s", request.method, request.path, extra=_where(request)
        )
        return render(
            request,
            HTTP_PROBLEMS["internal-error"],
            "the server failed on this request; it has been logged",
        )


# -- validation errors --------------------------------------------------------------------

_AT = re.compile(r"^(?P<message>.*?)(?: - at `(?P<path>\$[^`]*)`)?$", re.DOTALL)
_NAMED_FIELD = re.compile(r"(?:missing required|unknown) field `(?P<field>[^`]+)`")
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")


def _pointer(steps: Iterable[str]) -> str:
    """An RFC 6901 JSON pointer from the keys and indexes that lead to a value.

    >>> _pointer("points.win".split("."))  # a command's dotted field name
    '/points/win'
    """
    return "".join("/" + step.replace("~", "~0").replace("/", "~1") for step in steps)


def _validation_location(error: msgspec.ValidationError) -> tuple[str, list[str]]:
    """Split msgspec's message into its text and the path of the bad value; a missing or
    unknown field is pointed at itself.

    >>> import msgspec
    >>> class Body(msgspec.Struct):
    ...     scores: list[int]
    >>> try:
    ...     msgspec.json.decode(b'{"scores": [1, "x"]}', type=Body)
    ... except msgspec.ValidationError as error:
    ...     _validation_location(error)
    ('Expected `int`, got `str`', ['scores', '1'])
    """
    match = _AT.match(str(error))
    assert match is not None  # the pattern matches every string
    message, path = match.group("message"), match.group("path") or "$"
    steps = [name or index for name, index in _STEP.findall(path[1:])]
    named = _NAMED_FIELD.search(message)
    if named:
        steps.append(named.group("field"))
    return message, steps


def body_problem(error: msgspec.ValidationError | msgspec.DecodeError) -> Problem:
    """The 400/422 for a JSON body that did not decode into the operation's type."""
    if not isinstance(error, msgspec.ValidationError):
        return Problem("malformed-json", f"the body is not valid JSON: {error}")
    message, steps = _validation_location(error)
    return Problem(
        "invalid-body", message, errors=[{"pointer": _pointer(steps), "detail": message}]
    )


def query_problem(error: msgspec.ValidationError) -> Problem:
    """The 400 for query parameters that did not convert into the operation's type."""
    message, steps = _validation_location(error)
    parameter = steps[0] if steps else ""
    return Problem(
        "invalid-query",
        f"{parameter}: {message}" if parameter else message,
        errors=[{"parameter": parameter, "detail": message}],
    )
