"""TRF over HTTP: import a real file (checked against the FIDE tie-break reference tool),
refuse an inconsistent one with its problems by line, export as of a round, re-import."""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal
from typing import Any

from tests.corpus import shared_path
from tests.server.http.support import TOKEN, Api, Client
from tests.trf.spec_example import LINES, TEXT

AUTH = {"Authorization": f"Bearer {TOKEN}"}
BUDAPEST = "gbtami__swisspairing__budapest_spring_festival_2026_group_a_2200_r05.trf"


async def upload(
    client: Client,
    tournament_id: str,
    data: bytes,
    content_type: str = "text/plain",
    query: str = "",
    **headers: str,
) -> tuple[int, dict[str, Any]]:
    async with client.post(
        f"/tournaments/{tournament_id}/trf{query}",
        data=data,
        headers={**AUTH, "Content-Type": content_type, **headers},
    ) as response:
        return response.status, await response.json(content_type=None)


async def test_import_gives_the_reference_tiebreaks(client: Client) -> None:
    """The imported Budapest 2026 group A, ranked by BH and SB (C.07 2026) after round 4,
    matches TieBreakServer's values for every player (fixtures/tiebreaks)."""
    data = shared_path("fixtures", "trf-real", BUDAPEST).read_bytes()
    reference = json.loads(
        shared_path("fixtures", "tiebreaks", BUDAPEST + ".tiebreaks.2026.json").read_text()
    )
    status, body = await upload(client, "budapest", data)
    assert status == 201, body
    assert body["events"][0]["type"] == "tournament-created"
    assert body["version"] == len(body["events"])

    async with client.get(
        "/tournaments/budapest/standings",
        params={"round": "4", "tiebreaks": "BH SB", "tiebreak_rules": "2026"},
    ) as response:
        standings = await response.json()
    assert standings["after_round"] == reference["round"]
    got = {str(row["player_id"]): row for row in standings["rows"]}
    assert set(got) == set(reference["players"])
    for start_rank, expected in reference["players"].items():
        row = got[start_rank]
        assert Decimal(str(row["score"])) == Decimal(expected["PTS"]), start_rank
        for code in ("BH", "SB"):
            assert Decimal(str(row["tiebreaks"][code])) == Decimal(str(expected[code])), (
                start_rank,
                code,
            )


async def test_an_inconsistent_file_is_refused_with_its_problems(client: Client) -> None:
    """The file's line 2 declares 4.0 points where its results add up to 3.0."""
    data = shared_path(
        "fixtures", "trf-real", "Moritz72__py4swiss__incorrect_points.trf"
    ).read_bytes()
    status, body = await upload(client, "bad", data)
    assert (status, body["type"]) == (422, "/problems/invalid-trf")
    errors = [e for e in body["errors"] if e["severity"] == "error"]
    assert [(e["line"], e["column"]) for e in errors] == [(2, 81)]
    async with client.get("/tournaments/bad") as response:
        assert response.status == 404


async def test_import_under_a_taken_id_is_refused(client: Client) -> None:
    data = shared_path("fixtures", "trf-real", BUDAPEST).read_bytes()
    assert (await upload(client, "budapest", data))[0] == 201
    status, body = await upload(client, "budapest", data)
    assert (status, body["type"]) == (409, "/problems/tournament-exists")


async def test_a_json_body_is_not_a_trf_file(client: Client) -> None:
    status, body = await upload(client, "x", b"{}", content_type="application/json")
    assert (status, body["type"]) == (415, "/problems/unsupported-media-type")


async def test_export_as_of_a_round_and_import_it_again(client: Client) -> None:
    data = shared_path("fixtures", "trf-real", BUDAPEST).read_bytes()
    await upload(client, "budapest", data)
    async with client.get("/tournaments/budapest/trf?round=2&format=trf26") as response:
        assert response.status == 200
        assert response.content_type == "text/plain"
        exported = await response.read()
    assert b"\n142 " in exported  # TRF-2026 total rounds record
    status, body = await upload(client, "copy", exported)
    assert status == 201, body
    api = Api(client)
    _, original = await api.get("/tournaments/budapest/standings?round=2")
    _, copy = await api.get("/tournaments/copy/standings")
    assert copy["after_round"] == 2
    assert [(r["player_id"], r["score"]) for r in copy["rows"]] == [
        (r["player_id"], r["score"]) for r in original["rows"]
    ]


async def test_the_same_file_under_the_same_key_is_a_replay(client: Client) -> None:
    """An import is identified by the tournament id and the file's SHA-256: resending it under
    its Idempotency-Key answers the first result; another file under that key is refused."""
    data = shared_path("fixtures", "trf-real", BUDAPEST).read_bytes()
    key = {"Idempotency-Key": "import-budapest"}
    status, first = await upload(client, "budapest", data, **key)
    assert status == 201, first
    status, again = await upload(client, "budapest", data, **key)
    assert (status, again["replayed"], again["version"]) == (201, True, first["version"])
    status, other = await upload(client, "budapest", data + b"\n", **key)
    assert (status, other["type"]) == (422, "/problems/idempotency-key-reused")
    # Every event records which file it came from.
    digest = hashlib.sha256(data).hexdigest()
    assert {event["metadata"]["sha256"] for event in first["events"]} == {digest}
    assert {event["metadata"]["source"] for event in first["events"]} == {"http"}


async def test_tiebreaks_are_taken_with_the_edition_in_the_query(client: Client) -> None:
    """The spec example with a TRF-2026 ``212`` line: taken with ``tiebreak_rules``, written
    back by the trf26 export, and the same standings after a second round trip."""
    data = (TEXT + "212 PTS,BH/C1,BH\r\n").encode()
    status, body = await upload(client, "open", data, query="?tiebreak_rules=2026")
    assert status == 201, body
    api = Api(client)
    _, tournament = await api.get("/tournaments/open")
    regulations = tournament["regulations"]
    assert (regulations["tiebreaks"], regulations["tiebreak_rules"]) == ("PTS,BH/C1,BH", "2026")
    async with client.get("/tournaments/open/trf?format=trf26") as response:
        exported = await response.read()
    assert b"\r\n212 PTS,BH/C1,BH\r\n" in exported
    assert (await upload(client, "copy", exported, query="?tiebreak_rules=2026"))[0] == 201
    _, original = await api.get("/tournaments/open/standings")
    _, copy = await api.get("/tournaments/copy/standings")
    assert original["tiebreaks"] == copy["tiebreaks"] == ["BH/C1", "BH"]  # points are "score"
    assert copy["rows"] == original["rows"]


async def test_an_export_that_loses_something_says_so_in_warning_headers(client: Client) -> None:
    """TRF16 has no record for the declared tie-breaks (README, trf.md): its export warns
    as ``arbiter export`` does on stderr, one ``Warning`` each; the trf26 file keeps them
    and warns of nothing."""
    data = (TEXT + "212 PTS,BH/C1,BH\r\n").encode()
    assert (await upload(client, "open", data, query="?tiebreak_rules=2026"))[0] == 201
    async with client.get("/tournaments/open/trf?format=trf16") as response:
        assert response.status == 200
        warnings = response.headers.getall("Warning")
        assert b"\r\n212 " not in await response.read()
    assert warnings == [
        '299 - "trf16 has no tie-break records: export trf26 to keep them (202/212)"'
    ]
    async with client.get("/tournaments/open/trf?format=trf26") as response:
        assert response.status == 200 and "Warning" not in response.headers


async def test_without_the_edition_the_tiebreaks_are_a_warning(client: Client) -> None:
    data = (TEXT + "212 PTS,BH/C1,BH\r\n").encode()
    status, body = await upload(client, "open", data)
    assert status == 201, body
    (warning,) = body["warnings"]
    assert (warning["line"], warning["column"], warning["severity"]) == (
        len(LINES) + 1,
        5,
        "warning",
    )
    assert "not taken" in warning["detail"]
    _, tournament = await Api(client).get("/tournaments/open")
    assert tournament["regulations"]["tiebreaks"] == ""
    # Another edition is another request: the key of the first import cannot be reused.
    key = {"Idempotency-Key": "k"}
    assert (await upload(client, "other", data, **key))[0] == 201
    status, body = await upload(client, "other", data, query="?tiebreak_rules=2024", **key)
    assert (status, body["type"]) == (422, "/problems/idempotency-key-reused")
    status, body = await upload(client, "third", data, query="?tiebreak_rules=2025")
    assert (status, body["type"]) == (400, "/problems/invalid-query")
