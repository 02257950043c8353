"""Access: reads are public; writes need the bearer token, and without it nothing is written."""

from __future__ import annotations

import pytest

from tests.server.http.support import Api, Client

CREATE = {"tournament_id": "t", "name": "T", "rounds": 5}


@pytest.mark.parametrize(
    ("authorization", "challenge"),
    [
        (None, 'Bearer realm="arbiter"'),
        ("Bearer not-the-token", 'Bearer realm="arbiter", error="invalid_token"'),
        ("Basic YXJiaXRlcjp4", 'Bearer realm="arbiter"'),
    ],
    ids=["missing", "wrong", "other-scheme"],
)
async def test_writes_without_the_token_get_401_and_write_nothing(
    client: Client, authorization: str | None, challenge: str
) -> None:
    headers = {"Authorization": authorization} if authorization else {}
    async with client.post("/tournaments", json=CREATE, headers=headers) as response:
        assert response.status == 401
        assert response.headers["WWW-Authenticate"] == challenge
        body = await response.json(content_type=None)
    assert body["type"] == "/problems/unauthorized"
    async with client.get("/tournaments") as response:
        assert (await response.json())["tournaments"] == []


async def test_a_write_to_a_tournament_without_the_token_changes_nothing(api: Api) -> None:
    await api.post("/tournaments", CREATE)
    async with api.client.post(
        "/tournaments/t/players", json={"surname": "Aune"}, headers={"If-Match": '"1"'}
    ) as response:
        assert response.status == 401
    _, tournament = await api.get("/tournaments/t")
    assert (tournament["version"], tournament["players"]) == (1, 0)


async def test_reads_need_no_token(api: Api) -> None:
    await api.post("/tournaments", CREATE)
    for path in (
        "/",
        "/health",
        "/openapi.json",
        "/tournaments",
        "/tournaments/t",
        "/tournaments/t/players",
        "/tournaments/t/rounds",
        "/tournaments/t/standings",
        "/tournaments/t/events",
        "/tournaments/t/trf",
    ):
        async with api.client.get(path) as response:
            assert response.status == 200, path
