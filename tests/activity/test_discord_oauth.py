"""The Activity's login against the fake Discord's OAuth2, as strict as Discord's.

Discord's OAuth2 docs: "exchange the code for the user's access token by making a POST
request to the token URL" (form encoded, with the client id and secret); a code is
"good once" (RFC 6749 §4.1.2: "The client MUST NOT use the authorization code more than
once"); `GET /users/@me` answers for the user of a Bearer token.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.config import Config
from bot.web.discord_oauth import DISCORD_API, DiscordOAuth, OAuthError
from fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = await FakeDiscord.start()
    fake.add_user("alice", global_name="Alice")
    try:
        yield fake
    finally:
        await fake.stop()


def client(fake: FakeDiscord, **kw: object) -> DiscordOAuth:
    given: dict = {"client_id": fake.application_id, "client_secret": fake.oauth.client_secret}
    return DiscordOAuth(**{**given, **kw}, api_base=fake.api_url)


async def test_a_good_code_names_its_user_and_gives_a_token_for_the_sdk(fake) -> None:
    alice = fake.user("alice")
    user = await client(fake).exchange(fake.oauth.code(alice))
    assert (user.id, user.name) == (alice.id, "Alice")
    assert user.access_token in fake.oauth.tokens
    assert user.access_token not in repr(user)  # never in a log line by accident


async def test_a_code_is_good_once(fake) -> None:
    code = fake.oauth.code(fake.user("alice"))
    await client(fake).exchange(code)
    with pytest.raises(OAuthError) as refused:
        await client(fake).exchange(code)
    assert refused.value.key == "activity.bad_code"
    assert "invalid_grant" in str(refused.value)


async def test_an_expired_code_is_refused(fake) -> None:
    code = fake.oauth.code(fake.user("alice"))
    fake.advance(11 * 60)
    with pytest.raises(OAuthError, match="invalid_grant"):
        await client(fake).exchange(code)


async def test_a_wrong_secret_is_the_settings_fault_and_never_shown(fake) -> None:
    code = fake.oauth.code(fake.user("alice"))
    with pytest.raises(OAuthError) as refused:
        await client(fake, client_secret="not-the-secret").exchange(code)
    assert refused.value.key == "activity.not_set_up"
    assert "401 invalid_client" in str(refused.value)
    assert "not-the-secret" not in str(refused.value)
    await client(fake).exchange(code)  # a refused client did not spend the player's code


async def test_a_wrong_client_is_refused_and_a_code_is_bound_to_its_client(fake) -> None:
    alice = fake.user("alice")
    with pytest.raises(OAuthError, match="invalid_client"):
        await client(fake, client_id=fake.application_id + 1).exchange(fake.oauth.code(alice))
    other_apps = fake.oauth.code(alice, client_id=fake.application_id + 1)
    with pytest.raises(OAuthError, match="invalid_grant"):
        await client(fake).exchange(other_apps)


async def test_users_me_needs_the_users_bearer_token(fake) -> None:
    user = await client(fake).exchange(fake.oauth.code(fake.user("alice")))
    async with aiohttp.ClientSession() as http:
        for headers in (
            {},
            {"Authorization": "Bearer forged"},
            {"Authorization": user.access_token},
        ):
            async with http.get(f"{fake.api_url}/users/@me", headers=headers) as answer:
                assert answer.status == 401
        bearer = {"Authorization": f"Bearer {user.access_token}"}
        async with http.get(f"{fake.api_url}/users/@me", headers=bearer) as answer:
            assert (await answer.json())["id"] == str(user.id)


async def test_the_token_route_takes_only_a_form_with_the_code_grant(fake) -> None:
    form = {
        "client_id": str(fake.application_id),
        "client_secret": fake.oauth.client_secret,
        "code": fake.oauth.code(fake.user("alice")),
    }
    url = f"{fake.api_url}/oauth2/token"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={**form, "grant_type": "authorization_code"}) as answer:
            assert (answer.status, (await answer.json())["error"]) == (400, "invalid_request")
        async with http.post(url, data={**form, "grant_type": "client_credentials"}) as answer:
            assert (answer.status, (await answer.json())["error"]) == (
                400,
                "unsupported_grant_type",
            )
    assert fake.unknown_routes == []


def test_the_client_the_settings_describe() -> None:
    unset = Config(token="t", client_id=1, client_secret="s")  # no public address yet
    assert DiscordOAuth.of(unset) is None
    real = Config(token="t", client_id=1, client_secret="s", web=("https://l.example", 0, "s" * 32))
    assert DiscordOAuth.of(real) == DiscordOAuth(1, "s", DISCORD_API)
    fake = Config(
        token="t",
        client_id=1,
        client_secret="s",
        web=("http://127.0.0.1:8", 0, "s" * 32),
        endpoint="http://127.0.0.1:9",
    )
    assert DiscordOAuth.of(fake) == DiscordOAuth(1, "s", "http://127.0.0.1:9/api/v10")
