"""Every refusal the service or the engine gives, and the engine's explanation, in the
page's language (issue 30 item 2): worded by problem type with the error's facts filled
in, no English message of the catalogue left in Spanish."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from html import unescape
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import engine
import events
import server
from engine import Pairing, PairingRequest, generator, systems
from engine import errors as engine_errors
from engine.dubov.players import UnratedPlayer
from engine.generator import GeneratorSettings, UnpairableRound
from engine.messages import Message
from engine.model import PairingNumber
from engine.round_robin import rounds_for
from events import errors
from events.decisions import RegisterPlayer
from server.http.pages import i18n
from server.http.pages.forms import command
from server.http.pages.refusals import refusal, worded_slugs
from server.http.pairing import PairingCancelled, PairingTimedOut
from server.http.problems import HTTP_PROBLEMS, problem_types, slug_of
from server.service import PairingInProgress
from server.service.access import Forbidden
from server.service.accounts import AccountNotFound, LinkUnusable
from server.service.explanation import explanation_lines
from tests.server.http.support import Api
from tests.server.http.test_languages import _english_only
from tests.server.http.test_pages import PAGES, open_tournament, sign_in, text

CATALOGUE = PAGES / "locale" / "es" / "LC_MESSAGES" / "messages.po"
ROOT = Path(__file__).resolve().parents[3]

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
    # A rule's refusal: its own message in Spanish, the field by its form's label.
    rounds = Message("the tournament has %(rounds)s rounds", rounds=9)
    field = refusal(errors.InvalidCommand(rounds, field="round_no"), spanish)
    assert field == "No guardado: Ronda: el torneo tiene 9 rondas"
    # A bound msgspec checks: worded, the field named once, by its label.
    with pytest.raises(errors.InvalidCommand) as refused:
        command(RegisterPlayer, {"surname": "Polgar", "rating": "lots"})
    assert str(refused.value) == "rating: Expected `int`, got `str`"  # the API's and CLI's
    assert refusal(refused.value, spanish) == (
        "No guardado: Elo: debe ser un número entero, no texto"
    )


def _templates(*roots: Path) -> dict[str, str]:
    """Every :class:`engine.messages.Message` template written in ``roots``, with where."""
    found: dict[str, str] = {}
    for root in roots:
        for name, line, message, _, _ in extract_from_dir(
            str(root), [("**.py", "python")], keywords={"Message": None}
        ):
            text = message if isinstance(message, str) else message[0]
            found.setdefault(text, f"{root.name}/{name}:{line}")
    return found


def test_every_message_the_code_writes_is_in_the_catalogue() -> None:
    """An engine's explanation, a refusal's reason, a warning: each template has its
    Spanish, with no fact the English does not give (Spanish may leave one out: the field
    a refusal names by its label)."""
    used = _templates(ROOT / "engine", ROOT / "events", ROOT / "server")
    with CATALOGUE.open("rb") as po:
        catalogue = {str(m.id): str(m.string) for m in read_po(po) if m.id and m.string}
    assert len(used) > 250  # the extraction finds the messages (300 when written)
    missing = {text: where for text, where in used.items() if text not in catalogue}
    assert missing == {}
    places = re.compile(r"%\(\w+\)s")
    extra = [t for t in used if not set(places.findall(catalogue[t])) <= set(places.findall(t))]
    assert extra == []


_REFUSALS = {"InvalidCommand", "CommandRejected", "TiebreakError", "Forbidden"}
"""The errors whose own message a page shows (the others are worded by their type)."""


def _plain_text_refusals(root: Path) -> list[str]:
    """Where a refusal a page shows is raised with text a page cannot translate: an
    f-string or a literal instead of a :class:`~engine.messages.Message`."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            plain = isinstance(node.args[0], ast.JoinedStr | ast.Constant | ast.BinOp)
            if name in _REFUSALS and plain:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_refusal_a_page_shows_is_plain_english() -> None:
    """So a new refusal cannot reach a Spanish page in English: it must be a message, and
    the test above wants its template in the catalogue. The CLI's own refusals (its
    options, ``--as``) never reach a page."""
    shown = [ROOT / "events", ROOT / "server" / "service", ROOT / "server" / "http",
             ROOT / "server" / "printouts"]  # fmt: skip
    assert [where for root in shown for where in _plain_text_refusals(root)] == []
    assert _plain_text_refusals(ROOT / "server" / "cli")  # the check finds what it looks for


@pytest.mark.parametrize(
    ("system", "edition"),
    [(row.name, edition) for row in systems.SYSTEMS for edition in row.editions]
    + [("lim-maxi", "fide-2026")],
)
def test_every_engines_explanation_in_spanish(
    system: str, edition: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Generated tournaments (byes, forfeits, withdrawals) paired by each system and
    edition: every line of the engine's account has no English message left in Spanish."""
    said = i18n.saying("es")
    accounts: list[list[str]] = []
    pair = systems.pair  # what the generator pairs each round with

    def explained(request: PairingRequest, name: str) -> Pairing:
        pairing = pair(request, name)
        accounts.append(explanation_lines(pairing))
        return pairing

    monkeypatch.setattr("engine.generator.pair", explained)
    round_robin = systems.is_round_robin(system)  # generated with its table's rounds
    for seed, (players, swiss_rounds) in enumerate(((9, 5), (16, 7), (11, 6))):
        rounds = rounds_for(players, systems.cycles(system)) if round_robin else swiss_rounds
        settings = GeneratorSettings(
            players=players, rounds=rounds, system=system, rules_edition=edition,
            forfeit_rate=0.05, half_bye_rate=0.05, withdraw_rate=0.03,
        )  # fmt: skip
        generator.generate(settings, seed)
    runs = _english_only(CATALOGUE)
    english = "\n".join(line for lines in accounts for line in lines)
    spanish = "\n".join(said(line) for lines in accounts for line in lines)
    # Something to find; a round-robin's account is one sentence a round (its table's round).
    assert len([run for run in runs if run in english]) >= (2 if round_robin else 5)
    assert [run for run in runs if run in spanish] == []
    assert "," in spanish or system == "amalfi"  # decimals with the Spanish comma somewhere


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


async def _flashed(api: Api, language: str, action: str, data: Any) -> str:
    """The refusal a desk form comes back with, in ``language``."""
    api.client.session.cookie_jar.update_cookies({"lang": language})
    async with api.client.post(f"/t/open/desk/{action}", data=data) as response:
        body = await response.text()
    found = re.search(r'class="flash error" role="alert">(.*?)</p>', body, re.DOTALL)
    assert found is not None, (action, body[-2000:])
    return unescape(found[1])


async def test_the_desks_refusals_in_spanish(api: Api) -> None:
    """Real refusals from the desk's forms (a field's bound, a decision's rule, a CSV line,
    a reason missing): in Spanish, none keeps an English message of the catalogue, and the
    English page says each in English (issue 30 item 2)."""
    await open_tournament(api)
    csrf = await sign_in(api.client)
    csv = aiohttp.FormData()
    csv.add_field("csrf", csrf)
    csv.add_field("players", b'Name,Rating\n"Berg, Jonas",lots\n', filename="p.csv",
                  content_type="text/csv")  # fmt: skip
    forms: list[tuple[str, Any]] = [
        ("result", {"csrf": csrf, "round": "1", "board": "1", "result": "2-0"}),
        ("register", {"csrf": csrf, "surname": "Berg", "rating": "lots"}),
        ("register", {"csrf": csrf, "surname": "Berg", "joins_round": "7"}),
        ("forbid-pair", {"csrf": csrf, "player_id": "2", "other": "2", "reason": "x"}),
        ("correct-player", {"csrf": csrf, "player": "2", "surname": "Brandt"}),
        ("reopen", {"csrf": csrf, "confirm": "yes", "reason": ""}),
        ("register-csv", csv),
    ]
    runs = _english_only(CATALOGUE)
    for action, data in forms:
        spanish = await _flashed(api, "es", action, data)
        english = await _flashed(api, "en", action, data)
        assert spanish != english and spanish.startswith("No guardado"), (action, spanish)
        assert [run for run in runs if run in spanish] == [], (action, spanish)
    # The facts survive the translation: the field's label, the line, the value.
    said = await _flashed(api, "es", "register-csv", csv)
    assert (
        said
        == "No guardado: Archivo CSV: no se inscribió a nadie: línea 2: Elo 'lots' no es un número"
    )
