"""Every refusal the service or the engine gives, and the engine's explanation, in the
page's language (issue 30 item 2): worded by problem type with the error's facts filled
in, no English message of the catalogue left in Spanish."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import engine
import events
import server
from engine import errors as engine_errors
from engine.dubov.players import UnratedPlayer
from engine.generator import UnpairableRound
from engine.model import PairingNumber
from events import errors
from server.http.pages import i18n
from server.http.pages.refusals import refusal, worded_slugs
from server.http.pairing import PairingCancelled, PairingTimedOut
from server.http.problems import HTTP_PROBLEMS, problem_types, slug_of
from server.service import PairingInProgress
from server.service.access import Forbidden
from server.service.accounts import AccountNotFound, LinkUnusable
from tests.server.http.support import Api
from tests.server.http.test_languages import _english_only
from tests.server.http.test_pages import PAGES, open_tournament, sign_in, text

CATALOGUE = PAGES / "locale" / "es" / "LC_MESSAGES" / "messages.po"
SERVICE = Path(__file__).resolve().parents[3] / "server" / "service"

FREE_TEXT = {"invalid-command", "command-rejected"}
"""Types raised with a message of their own (a field's reason, a rule's): the message is
the account, so it is shown after a translated "Not saved:"."""

REFUSALS: list[Exception] = [
    errors.StoreError("disk"), errors.StoreUnavailable("gone"), errors.StoreBusy("locked"),
    errors.WrongExpectedVersion("open", 3, 4), errors.IdempotencyKeyReused("k1"),
    errors.EventDecodeError("bad"), errors.ResultUnchanged(2, 3, "1-0"),
    errors.TournamentNotFound("open"), errors.TournamentExists("open"),
    errors.TournamentIsClosed("open"), errors.UnknownPlayer(17), errors.PlayerNotFound("Zed"),
    errors.AmbiguousPlayer("Gar", [(2, "García, José"), (3, "García, Ana")]),
    errors.DuplicateFideId(24601, 5), errors.AlreadyWithdrawn(4, 2),
    errors.RoundAlreadyPaired(3, "bye for round 3"), errors.ByeAlreadyRequested(4, 3),
    errors.ByeNotAllowed("no byes in the last round"), errors.NoSuchBye(4, 3),
    errors.BoardNotPaired(2, 9), errors.ResultAlreadyRecorded(2, 3, "1-0"),
    errors.NoResultToCorrect(2, 3), errors.RoundIncomplete(2, [3, 4]),
    errors.RoundHasResults(2), errors.AllRoundsPaired(7), errors.NotEnoughPlayers(2, 1),
    errors.NoValidPairing(2, "C1 fails"), errors.PairingSystemUnavailable("burstein"),
    errors.PairingRejected(2, "player 4 twice"), PairingInProgress("open"),
    PairingTimedOut("over 30 s"), PairingCancelled("shutting down"),
    Forbidden("needs more", needed="chief", role="deputy"), AccountNotFound("no account ana"),
    LinkUnusable("expired"), engine_errors.NoValidPairing("no perfect matching"),
    engine_errors.InvalidRequest("round 9 of 7"), UnratedPlayer(PairingNumber(5)),
]  # fmt: skip


def _import_everything() -> None:
    """Every module of the server, the events and the engines, so every error class exists."""
    for package in (server, events, engine):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)


def _subclasses(cls: type[Exception]) -> set[type[Exception]]:
    found = set(cls.__subclasses__())
    return found.union(*(_subclasses(sub) for sub in found))


def test_every_problem_type_of_the_service_and_engine_is_worded() -> None:
    _import_everything()
    raised = {
        cls
        for cls in _subclasses(errors.ArbiterError) | _subclasses(engine_errors.PairingError)
        if not cls.__module__.startswith("tests.")  # other tests' own errors
    }
    domain = {slug_of(cls) for cls in raised}
    assert domain <= set(problem_types()) - set(HTTP_PROBLEMS)
    assert domain - FREE_TEXT == worded_slugs()
    assert {type(error) for error in REFUSALS} | {
        errors.CommandRejected, errors.InvalidCommand, UnpairableRound,
    } >= raised  # fmt: skip  # each class is tried below (these three: by hand)


def test_no_refusal_leaves_an_english_catalogue_message_in_spanish() -> None:
    english, spanish = i18n.translations("en").gettext, i18n.translations("es").gettext
    runs = _english_only(CATALOGUE)
    for error in REFUSALS:
        said, dicho = refusal(error, english), refusal(error, spanish)
        assert said != dicho, error
        assert not said.startswith("Not saved"), error  # worded, not the English message
        assert [run for run in runs if run in dicho] == [], error


def test_the_facts_are_filled_in() -> None:
    spanish = i18n.translations("es").gettext
    assert refusal(errors.BoardNotPaired(2, 9), spanish) == "La ronda 2 no tiene tablero 9."
    assert "24601" in refusal(errors.DuplicateFideId(24601, 5), spanish)
    assert "burstein" in refusal(errors.PairingSystemUnavailable("burstein"), spanish)
    assert refusal(Forbidden("no", needed="chief", role="public"), spanish) == (
        "No permitido: hace falta ser árbitro principal o más, y su función es ninguna."
    )
    field = refusal(errors.InvalidCommand("must be 1 to 9", field="rounds"), spanish)
    assert field == "No guardado: rounds: must be 1 to 9"


def test_the_explanations_frame_is_in_the_catalogue() -> None:
    used = {
        message
        for _, _, message, _, _ in extract_from_dir(
            str(SERVICE), [("explanation.py", "python")], keywords={"_": None}
        )
    }
    with CATALOGUE.open("rb") as po:
        translated = {m.id for m in read_po(po) if m.id and m.string}
    assert len(used) >= 7 and used <= translated


async def test_the_engines_explanation_in_spanish(api: Api) -> None:
    await open_tournament(api)
    await sign_in(api.client)
    _, english, _ = await text(api.client, "/t/open/desk/explain/1?lang=en")
    _, spanish, _ = await text(api.client, "/t/open/desk/explain/1?lang=es")
    account = re.search(r'<pre class="explain">(.*?)</pre>', spanish, re.DOTALL)
    assert account is not None
    assert "Bracket " in english and "Colours:" in english
    assert "Grupo de " in account[1] and "Colores:" in account[1]
    for word in ("Bracket ", "residents", "moved down into it", "pairs:", "Colours:"):
        assert word not in account[1], word
