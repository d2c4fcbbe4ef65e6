"""`/api/activity/token` on a small app built with `add_activity_routes`: the Activity's code
and channel become the board's link for the user's seat, a spectator's, or one sentence.

Discord's Activity guide: the app "exchanges the code for an access_token" on its server and
returns it to the client, which calls `authenticate` with it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.config import Config, ConfigError
from bot.web.activity import add_activity_routes, mount_activity
from bot.web.discord_oauth import DiscordOAuth
from fakediscord import FakeDiscord
from games.host import MatchHost
from storage import SeatRow, Store

GUILD, THREAD = 111, 222


class Links:
    """The board's `issue_link` (bot.web.tokens is the web board's): records what it was asked."""

    def __init__(self) -> None:
        self.issued: list[tuple[str, int | None, int]] = []

    async def __call__(self, match_id: str, seat: int | None, user_id: int) -> str:
        self.issued.append((match_id, seat, user_id))
        return f"tok{len(self.issued)}"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = await FakeDiscord.start()
    for name in ("alice", "bob", "carol"):
        fake.add_user(name)
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def setup(fake: FakeDiscord, store: Store) -> AsyncIterator[tuple[Any, MatchHost, Links]]:
    host, links = MatchHost(store), Links()
    oauth = DiscordOAuth(fake.application_id, fake.oauth.client_secret, fake.api_url)
    app = web.Application()
    add_activity_routes(app, host=host, oauth=oauth, issue_link=links, mock=True)
    async with TestClient(TestServer(app)) as client:
        yield client, host, links


async def _match(fake: FakeDiscord, host: MatchHost) -> str:
    alice, bob = fake.user("alice"), fake.user("bob")
    seats = [SeatRow(0, "alice", user_id=alice.id), SeatRow(0, "bob", user_id=bob.id)]
    outcome = await host.create("race", seats, seed=1, guild_id=GUILD, channel_id=THREAD)
    return outcome.info.id


def _asked(fake: FakeDiscord, name: str, channel: int = THREAD) -> dict[str, str]:
    code = fake.oauth.code(fake.user(name))
    return {"code": code, "guild_id": str(GUILD), "channel_id": str(channel)}


async def test_a_player_gets_their_seats_board(fake, setup) -> None:
    client, host, links = setup
    match_id = await _match(fake, host)
    answer = await client.post("/api/activity/token", json=_asked(fake, "bob"))
    assert answer.status == 200
    body = await answer.json()
    assert body["board"] == f"/board/{match_id}#t=tok1"
    assert links.issued == [(match_id, 1, fake.user("bob").id)]
    assert body["access_token"] in fake.oauth.tokens  # for the SDK's authenticate


async def test_someone_not_seated_gets_a_spectators_board(fake, setup) -> None:
    client, host, links = setup
    match_id = await _match(fake, host)
    answer = await client.post("/api/activity/token", json=_asked(fake, "carol"))
    assert answer.status == 200
    assert links.issued == [(match_id, None, fake.user("carol").id)]


async def test_no_match_in_the_channel_is_one_sentence_in_the_readers_language(fake, setup) -> None:
    client, host, links = setup
    await _match(fake, host)
    answer = await client.post(
        "/api/activity/token",
        json=_asked(fake, "alice", channel=THREAD + 1),
        headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"},
    )
    assert answer.status == 404
    assert await answer.json() == {
        "error": "Aucune partie n'est en cours dans ce salon : ouvre le plateau depuis le fil"
        " d'une partie."
    }
    assert links.issued == []


async def test_bad_codes_and_bad_requests_are_refused_and_issue_nothing(fake, setup) -> None:
    client, host, links = setup
    await _match(fake, host)
    asked = _asked(fake, "alice")
    assert (await client.post("/api/activity/token", json=asked)).status == 200
    again = await client.post("/api/activity/token", json=asked)  # the code is spent
    assert again.status == 401
    assert "could not confirm who you are" in (await again.json())["error"]
    for bad in (
        {**_asked(fake, "alice"), "guild_id": "12x"},
        {"guild_id": str(GUILD), "channel_id": str(THREAD)},
        ["not", "an", "object"],
    ):
        refused = await client.post("/api/activity/token", json=bad)
        assert refused.status == 400
        assert "should not have" in (await refused.json())["error"]
    garbage = await client.post("/api/activity/token", data=b"{")
    assert garbage.status == 400
    # A form another site could post without asking first (no CORS preflight): refused
    # before its code is spent.
    plain = _asked(fake, "alice")
    text = json.dumps(plain).encode()
    headers = {"Content-Type": "text/plain"}
    assert (await client.post("/api/activity/token", data=text, headers=headers)).status == 400
    assert plain["code"] in fake.oauth.codes
    assert len(links.issued) == 1  # the first, good request only


async def test_the_page_and_the_mock_consent(fake, setup) -> None:
    client, host, links = setup
    redirected = await client.get("/activity?frame_id=1", allow_redirects=False)
    assert (redirected.status, redirected.headers["Location"]) == (302, "/activity/?frame_id=1")
    page = await client.get("/activity/", headers={"Accept-Language": "ru"})
    html = await page.text()
    assert 'lang="ru"' in html and "Открываем поле…" in html
    assert f'"client_id": "{fake.application_id}"' in html and '"mock": true' in html
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    consent = await client.post(
        "/api/activity/mock-code", json={"user_id": str(fake.user("bob").id)}
    )
    code = (await consent.json())["code"]
    assert fake.oauth.codes[code].user_id == fake.user("bob").id


async def test_the_mock_consent_is_never_mounted_against_discord_itself(store: Store) -> None:
    real = DiscordOAuth(1, "secret")  # discord.com
    app, host = web.Application(), MatchHost(store)
    with pytest.raises(ConfigError):
        add_activity_routes(app, host=host, oauth=real, issue_link=Links(), mock=True)
    assert len(app.router.routes()) == 0


async def test_the_settings_decide_whether_the_activity_is_mounted(store: Store) -> None:
    host, links = MatchHost(store), Links()
    unset, app = Config(token="t"), web.Application()
    assert not mount_activity(app, unset, host=host, issue_link=links)
    assert len(app.router.routes()) == 0  # nothing set: the web board as it was
    real = Config(token="t", client_id=1, client_secret="s", web=("https://l.example", 0, "s" * 32))
    assert mount_activity(app, real, host=host, issue_link=links)
    paths = {r.resource.canonical for r in app.router.routes() if r.resource is not None}
    assert paths == {"/activity", "/activity/", "/activity/activity.js", "/api/activity/token"}
