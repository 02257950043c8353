"""The contract's rough edges (issue 16 item 9): conditional GETs, shared reads, CORS for
reads, the CLI's result spellings, an idempotent PUT, rounds past the last one, and a rate
limit on wrong tokens."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.http import keys
from tests.server.http.contract_checks import unique_idempotency_keys
from tests.server.http.support import TOKEN, Api
from tests.server.http.test_players import open_with_players

RESULT = "/tournaments/open/rounds/1/boards/1/result"


async def _round_one(api: Api) -> None:
    await open_with_players(api)
    assert (await api.post("/tournaments/open/rounds"))[0] == 201


async def test_conditional_get_answers_304_until_the_tournament_changes(api: Api) -> None:
    await open_with_players(api)
    for path in ("/tournaments/open", "/tournaments/open/standings", "/tournaments/open/trf"):
        async with api.client.get(path) as response:
            tag = response.headers["ETag"]
        async with api.client.get(path, headers={"If-None-Match": tag}) as response:
            assert response.status == 304 and response.headers["ETag"] == tag
    await api.post("/tournaments/open/players", {"surname": "Late"})
    async with api.client.get("/tournaments/open/standings", headers={"If-None-Match": tag}) as r:
        assert r.status == 200 and r.headers["ETag"] != tag


async def test_identical_reads_at_the_same_time_share_one_computation(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_with_players(api)
    assert api.client.app is not None
    service = api.client.app[keys.SERVICE]
    loads: list[str] = []
    load = service.load

    def counted(tournament_id: str, **options: Any) -> Any:
        loads.append(tournament_id)
        return load(tournament_id, **options)

    monkeypatch.setattr(service, "load", counted)
    answers = await asyncio.gather(*(api.get("/tournaments/open/standings") for _ in range(20)))
    assert {status for status, _ in answers} == {200}
    assert all(body == answers[0][1] for _, body in answers)
    assert len(loads) < 20  # most joined a computation already running


async def test_reads_are_open_to_other_origins_and_writes_are_not(api: Api) -> None:
    await open_with_players(api)
    origin = {"Origin": "https://federation.example"}
    async with api.client.get("/tournaments/open/standings", headers=origin) as response:
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert "ETag" in response.headers["Access-Control-Expose-Headers"]
    preflight = {**origin, "Access-Control-Request-Method": "GET"}
    async with api.client.options("/tournaments/open/standings", headers=preflight) as response:
        assert response.status == 204
        assert "If-None-Match" in response.headers["Access-Control-Allow-Headers"]
    write = {**origin, "Access-Control-Request-Method": "POST"}
    async with api.client.options("/tournaments/open/players", headers=write) as response:
        assert "Access-Control-Allow-Origin" not in response.headers


@pytest.mark.parametrize(
    ("spelling", "stored"),
    [("1:0", "1-0"), ("=", "1/2-1/2"), ("½-½", "1/2-1/2"), ("0.5-½", "1/2-1/2"), ("+:-", "+/-")],
)
async def test_http_reads_the_result_spellings_the_cli_reads(
    api: Api, spelling: str, stored: str
) -> None:
    await _round_one(api)
    status, body = await api.post(RESULT, {"result": spelling})
    assert status == 201, body
    assert body["events"][0]["event"]["result"] == stored


async def test_a_bad_result_is_refused_as_the_document_lists_the_valid_ones(api: Api) -> None:
    await _round_one(api)
    for text in ("white won", " 1-0"):
        status, problem = await api.post(RESULT, {"result": text})
        assert (status, problem["type"]) == (422, "/problems/invalid-body"), text
        assert problem["errors"][0]["pointer"] == "/result"
    async with api.client.get("/openapi.json") as response:
        document = await response.json()
    listed = document["components"]["schemas"]["ResultBody"]["properties"]["result"]["enum"]
    assert {"1-0", "1/2-1/2", "-/-", "1:0", "=", "½-½", "0.5-0", "+-"} <= set(listed)
    assert "white won" not in listed


async def test_the_same_correction_put_twice_is_idempotent(api: Api) -> None:
    await _round_one(api)
    await api.post(RESULT, {"result": "1-0"})
    first = await api.write("PUT", RESULT, {"result": "0-1"}, version="*")
    second = await api.write("PUT", RESULT, {"result": "0-1"}, version="*")
    assert (first[0], second[0]) == (200, 200)
    assert second[1]["events"] == [] and second[1]["version"] == first[1]["version"]
    _, log = await api.get("/tournaments/open/events")
    assert [e["type"] for e in log["events"]].count("result-corrected") == 1


@pytest.mark.parametrize("path", ["/tournaments/open/standings", "/tournaments/open/trf"])
async def test_a_round_past_the_last_paired_one_is_not_found(api: Api, path: str) -> None:
    """The schema allows any round up to the last; one not paired yet names nothing (404),
    as ``GET .../rounds/2`` does."""
    await _round_one(api)
    status, problem = await api.get(f"{path}?round=2")
    assert (status, problem["type"]) == (404, "/problems/not-found")
    assert "past the last paired round (1)" in problem["detail"]
    async with api.client.get(f"{path}?round=1") as response:
        assert response.status == 200


async def test_wrong_tokens_are_rate_limited_per_address(api: Api) -> None:
    await open_with_players(api)
    wrong = {"Authorization": "Bearer guess", "If-Match": "*"}
    statuses = []
    for _ in range(12):
        async with api.client.post(
            "/tournaments/open/players", json={"surname": "X"}, headers=wrong
        ) as response:
            statuses.append(response.status)
    assert statuses[:10] == [401] * 10 and statuses[10:] == [429, 429]
    right = {"Authorization": f"Bearer {TOKEN}", "If-Match": "*"}
    async with api.client.post(
        "/tournaments/open/players", json={"surname": "X"}, headers=right
    ) as response:
        assert response.status == 201  # the right token is never locked out by guesses


async def test_a_whole_number_written_with_a_fraction_is_an_integer(api: Api) -> None:
    """JSON Schema's integers include ``7.0`` (issue 35): the body reads it as 7, and a
    number with a fraction is still refused, naming the field."""
    created = {"tournament_id": "t", "name": "T", "rounds": 7.0}
    status, body = await api.post("/tournaments", created)
    assert status == 201, body
    _, tournament = await api.get("/tournaments/t")
    assert tournament["regulations"]["rounds"] == 7
    status, problem = await api.post(
        "/tournaments", {**created, "tournament_id": "u", "rounds": 7.5}
    )
    assert (status, problem["type"]) == (422, "/problems/invalid-body")
    assert problem["errors"][0]["pointer"] == "/rounds"
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
    for body, pointer in (
        (b'{"tournament_id": "v", "name": "V", "rounds": 1e999999999}', "/rounds"),
        (b"2\xff\x05", ""),  # a number, then not JSON: the number is not a tournament
    ):
        async with api.client.post("/tournaments", data=body, headers=headers) as response:
            assert response.status == 422
            problem = await response.json(content_type=None)
            assert problem["errors"][0]["pointer"] == pointer, problem


@pytest.mark.parametrize("printout", ["pairings", "results"])
async def test_a_printout_of_a_round_not_paired_is_not_found(api: Api, printout: str) -> None:
    await _round_one(api)
    status, problem = await api.get(f"/tournaments/open/rounds/2/{printout}")
    assert (status, problem["type"]) == (404, "/problems/not-found")


@pytest.mark.parametrize("player", ["³", "١٢"])
async def test_a_player_named_by_other_digits_is_not_found(api: Api, player: str) -> None:
    """Unicode digits no ``int()`` reads name nobody (schemathesis found a 500, issue 35)."""
    await _round_one(api)
    status, problem = await api.write(
        "PATCH", f"/tournaments/open/players/{player}", {"club": "X"}, version="*"
    )
    assert (status, problem["type"]) == (404, "/problems/player-not-found"), problem


async def test_an_export_the_trf_columns_cannot_hold_is_a_documented_422(api: Api) -> None:
    """A win of 10.25 is a valid point value, but not four TRF columns (BBW): found by
    schemathesis (issue 35), answered invalid-trf and listed among exportTrf's statuses."""
    created = {"tournament_id": "wide", "name": "Wide", "rounds": 3, "points": {"win": 10.25}}
    assert (await api.post("/tournaments", created))[0] == 201
    status, problem = await api.get("/tournaments/wide/trf")
    assert (status, problem["type"]) == (422, "/problems/invalid-trf")
    async with api.client.get("/openapi.json") as response:
        document = await response.json()
    assert "422" in document["paths"]["/tournaments/{tournament_id}/trf"]["get"]["responses"]


def test_the_schemathesis_run_sends_each_valid_idempotency_key_once() -> None:
    sent = [{"Idempotency-Key": key} for key in ("0", "0", '"0"', "a b", "")]
    for headers in sent:
        unique_idempotency_keys(headers)
    keys = [headers["Idempotency-Key"] for headers in sent]
    assert len(set(keys[:3])) == 3 and all(key.startswith("0.") for key in keys[:3])
    assert keys[3:] == ["a b", ""]  # invalid: left to be refused
