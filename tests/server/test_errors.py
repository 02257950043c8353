"""One error translation (issue 26): every error class Arbiter raises on purpose carries its
HTTP ``status`` and its CLI ``exit_code`` (STYLE.md: 1 no valid pairing, 2 unexpected, 3
invalid input, 4 a limit, 5 file access), and both edges report exactly what the class
says: no edge keeps a table of classes of its own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import click
import pytest
from aiohttp import web
from click.testing import CliRunner

import engine.dubov.players  # defines UnratedPlayer (loaded with the Dubov engine, on first use)
import server.http.app  # noqa: F401 -- defines the HTTP edge's own errors (the pairing pool's)
from engine import PairingError
from events.errors import ArbiterError
from events.tiebreaks import TiebreakError
from server.cli import main
from server.cli.support import DatabaseMissing
from server.http.problems import problem_middleware
from trf import TrfError
from trf.rating_list import RatingListError

ROOTS: tuple[type[Exception], ...] = (
    ArbiterError, PairingError, TrfError, TiebreakError, RatingListError, DatabaseMissing,
)  # fmt: skip


def _family(cls: type[Exception]) -> Iterator[type[Exception]]:
    yield cls
    for sub in cls.__subclasses__():
        yield from _family(sub)


ERRORS = sorted({cls for root in ROOTS for cls in _family(root)}, key=lambda c: c.__qualname__)


def _instance(cls: type[Exception]) -> Exception:
    """An instance without the class's own arguments (each takes different ones)."""
    error = cls.__new__(cls)
    if issubclass(cls, ArbiterError):
        ArbiterError.__init__(error, f"a {cls.__name__}")  # type: ignore[arg-type]
    elif issubclass(cls, TrfError):
        TrfError.__init__(error, [])  # type: ignore[arg-type]
    else:
        Exception.__init__(error, f"a {cls.__name__}")
    return error


def test_the_classes_are_found() -> None:
    names = {cls.__name__ for cls in ERRORS}
    assert {"PairingInProgress", "PairingTimedOut", "UnratedPlayer", "NoValidPairing"} <= names
    assert engine.dubov.players.UnratedPlayer in ERRORS
    assert len(ERRORS) > 40


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__qualname__)
def test_every_error_class_carries_its_status_and_exit_code(cls: type[Exception]) -> None:
    status, code = getattr(cls, "status", None), getattr(cls, "exit_code", None)
    assert isinstance(status, int) and 400 <= status <= 599
    assert code in (1, 2, 3, 4, 5)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__qualname__)
def test_the_cli_exits_with_the_class_code(cls: type[Exception]) -> None:
    error = _instance(cls)

    @click.command("fail")
    def fail() -> None:
        raise error

    group = type(main)(commands={"fail": fail})  # the arbiter group, with one command
    result = CliRunner().invoke(group, ["fail"])
    assert result.exit_code == getattr(cls, "exit_code")
    assert "unexpected" not in result.stderr  # a known error, not flagged as a bug


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__qualname__)
async def test_http_answers_with_the_class_status(
    aiohttp_client: Any, cls: type[Exception]
) -> None:
    error = _instance(cls)

    async def fail(request: web.Request) -> web.Response:
        raise error

    app = web.Application(middlewares=[problem_middleware])
    app.router.add_get("/fail", fail)
    client = await aiohttp_client(app)
    async with client.get("/fail") as response:
        assert response.status == getattr(cls, "status")
        assert response.content_type == "application/problem+json"
        assert (await response.json())["status"] == response.status
