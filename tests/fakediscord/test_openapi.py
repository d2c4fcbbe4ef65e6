"""Every body the bot sends, checked against Discord's published OpenAPI description
(:mod:`fakediscord.openapi`, a trimmed ``discord/discord-api-spec`` ``specs/openapi.json``):
what the schema accepts passes; what it refuses is 400 / 50035 "Invalid Form Body" with
Discord's ``errors`` tree at the field, and changes nothing; a refusal of something
discord.py sent fails the test run. The whole-match tests of every game run with this on
(``tests/discord/conftest.py``'s ``world`` checks ``fake.schema_refusals``)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from fakediscord.openapi.trim import served_routes, trim
from fakediscord.openapi.validator import request_schemas
from fakediscord.testing import assert_payloads_valid
from tests.fakediscord.rawapi import RawApi

V2 = 1 << 15
MESSAGE = ("POST", "/channels/{channel_id}/messages")
CALLBACK = ("POST", "/interactions/{interaction_id}/{token}/callback")
WEBHOOK_EDIT = ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}")


def _button(custom_id: str = "lt:7:take:0", **kw: Any) -> dict:
    return {"type": 2, "style": 1, "label": "Take turn", "custom_id": custom_id, **kw}


def _row(*items: dict) -> dict:
    return {"type": 1, "components": list(items)}


def _select() -> dict:
    option = {"label": "Station 3", "value": "3", "description": "2 tokens left"}
    return {"type": 3, "custom_id": "lt:7:pick:0", "placeholder": "Where?", "options": [option]}


def _error_at(body: dict, path: str) -> dict:
    """The first entry of ``_errors`` at a dotted path of Discord's errors tree."""
    node = body["errors"]
    for part in path.split(".") if path else []:
        node = node[part]
    return node["_errors"][0]


LEGACY_TABLE = {
    "content": "<@1> to play",
    "embeds": [{"title": "Paris Paris", "image": {"url": "attachment://table.png"}}],
    "components": [_row(_button(), _button("lt:7:rules:0", style=2)), _row(_select())],
    "attachments": [{"id": 0, "filename": "table.png", "description": "The board"}],
    "allowed_mentions": {"parse": [], "users": ["1"]},
}

V2_TABLE = {
    "flags": V2,
    "components": [
        {
            "type": 17,
            "accent_color": 0x0072B2,
            "components": [
                {
                    "type": 12,
                    "items": [
                        {"media": {"url": "attachment://table.png"}, "description": "The board"}
                    ],
                },
                {"type": 10, "content": "**Alice** to play · 3 – 1"},
                {"type": 14, "divider": True, "spacing": 1},
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "Your screen"}],
                    "accessory": {"type": 11, "media": {"url": "attachment://table.png"}},
                },
                {"type": 13, "file": {"url": "attachment://table.png"}},
                _row(_button(), _button("lt:7:rules:0", style=2)),
            ],
        }
    ],
    "attachments": [{"id": 0, "filename": "table.png", "description": "The board"}],
    "allowed_mentions": {"parse": []},
}


@pytest.mark.parametrize("body", [LEGACY_TABLE, V2_TABLE], ids=["legacy", "components-v2"])
def test_a_valid_table_passes_every_message_route(body: dict) -> None:
    schemas = request_schemas()
    assert schemas.refusal(*MESSAGE, body) is None
    assert schemas.refusal(*WEBHOOK_EDIT, body) is None
    assert schemas.refusal(*CALLBACK, {"type": 4, "data": {**body, "flags": 64 | V2}}) is None
    assert schemas.refusal(*CALLBACK, {"type": 7, "data": body}) is None


# (the body, the field Discord names, its code)
REFUSED = [
    pytest.param(
        {"components": [{"type": 99, "components": []}]},
        "components.0",
        "UNION_TYPE_CHOICES",
        id="unknown-component-type",
    ),
    pytest.param(
        {"flags": V2, "components": [{"type": 17, "components": [{"type": 11, "media": {}}]}]},
        "components.0.components.0",
        "UNION_TYPE_CHOICES",
        id="thumbnail-outside-a-section",
    ),
    pytest.param(
        {"components": [_row(_button("x" * 101))]},
        "components.0.components.0.custom_id",
        "BASE_TYPE_MAX_LENGTH",
        id="custom-id-101",
    ),
    pytest.param(
        {"components": [_row(_button(label=7))]},
        "components.0.components.0.label",
        "BASE_TYPE_STRING",
        id="label-not-a-string",
    ),
    pytest.param({"content": ["hi"]}, "content", "BASE_TYPE_STRING", id="content-not-a-string"),
    pytest.param(
        {"components": [_row({"type": 2, "label": "Go", "custom_id": "go"})]},
        "components.0.components.0.style",
        "BASE_TYPE_REQUIRED",
        id="button-without-style",
    ),
    pytest.param(
        {"content": "x", "components": [{"type": 10}]},
        "components.0.content",
        "BASE_TYPE_REQUIRED",
        id="text-display-without-content",
    ),
]


@pytest.mark.parametrize(("body", "path", "code"), REFUSED)
async def test_the_fake_refuses_what_the_schema_refuses(
    fake: Any, general: Any, body: dict, path: str, code: str
) -> None:
    async with RawApi(fake) as api:
        reply = await api.call("POST", f"/channels/{general.id}/messages", body)
    assert (reply.status, reply.code, reply.body["message"]) == (400, 50035, "Invalid Form Body")
    assert _error_at(reply.body, path)["code"] == code
    assert fake.messages(general) == []  # nothing was stored
    assert fake.schema_refusals == []  # a test's own probe, not the bot's


def test_an_interaction_callback_is_refused_at_its_data_field() -> None:
    body = {"type": 4, "data": {"components": [_row(_button("x" * 101))]}}
    error = request_schemas().refusal(*CALLBACK, body)
    assert error is not None and (error.status, error.code) == (400, 50035)
    path = "data.components.0.components.0.custom_id"
    assert _error_at(error.body(), path)["code"] == "BASE_TYPE_MAX_LENGTH"
    assert request_schemas().refusal(*CALLBACK, {"type": 12}) is None  # LAUNCH_ACTIVITY
    unknown = request_schemas().refusal(*CALLBACK, {"type": 3})
    assert unknown is not None and _error_at(unknown.body(), "")["code"] == "UNION_TYPE_CHOICES"


def test_a_command_sync_is_checked_too() -> None:
    route = ("PUT", "/applications/{application_id}/commands")
    command = {"name": "paris", "description": "Play Paris", "type": 1}
    # An exception to the spec (validator.SPEC_EXCEPTIONS): permissions as a string.
    assert (
        request_schemas().refusal(*route, [{**command, "default_member_permissions": "8"}]) is None
    )
    error = request_schemas().refusal(*route, [command, {"description": "no name"}])
    assert error is not None and _error_at(error.body(), "1.name")["code"] == "BASE_TYPE_REQUIRED"


def test_snowflakes_may_be_integers_as_discordpy_sends_new_attachments() -> None:
    """The documented exception: discord.File.to_dict gives a new attachment its index."""
    for att_id in (0, "0", "1234567890123"):
        body = {"content": "x", "attachments": [{"id": att_id, "filename": "t.png"}]}
        assert request_schemas().refusal(*MESSAGE, body) is None
    refused = request_schemas().refusal(*MESSAGE, {"attachments": [{"id": "abc"}]})
    assert refused is not None


async def test_a_refusal_of_what_discordpy_sent_fails_the_test(
    fake: Any, bot: Any, general: Any
) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=general.id)
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.request(route, json={"content": "hi", "components": [{"type": 99}]})
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert len(fake.schema_refusals) == 1 and "components" in fake.schema_refusals[0]
    with pytest.raises(AssertionError, match="OpenAPI schema refused"):
        assert_payloads_valid(fake)
    fake.schema_refusals.clear()  # this test's own refusal: the fixture's guard passes


# Routes of the fake that take no body (Discord's spec describes none for them).
BODILESS = {
    ("POST", "/channels/{}/typing"),
    ("PUT", "/channels/{}/thread-members/{}"),
    ("PUT", "/guilds/{}/members/{}/roles/{}"),
}
# Routes whose body is a form, not JSON (the spec's JSON schemas do not apply; the fake
# checks the form itself, see fakediscord.oauth).
FORM_BODIES = {("POST", "/oauth2/token")}


def test_every_route_taking_a_body_has_its_schema() -> None:
    """A route added to the fake needs ``python -m fakediscord.openapi.trim`` re-run."""
    schemas = request_schemas()
    writes = {r for r in served_routes() if r[0] in ("POST", "PUT", "PATCH")}
    missing = {r for r in writes - BODILESS - FORM_BODIES if schemas.validator(*r) is None}
    assert not missing, missing
    assert all(schemas.validator(*r) is None for r in BODILESS | FORM_BODIES)


def test_trim_keeps_the_served_routes_and_the_schemas_they_reach() -> None:
    def body(name: str) -> dict:
        schema = {"$ref": f"#/components/schemas/{name}"}
        content = {"application/json": {"schema": schema}, "multipart/form-data": {}}
        return {"operationId": name, "requestBody": {"content": content, "required": True}}

    spec = {
        "openapi": "3.1.0",
        "info": {"title": "Discord", "version": "10"},
        "paths": {
            "/channels/{channel_id}/messages": {"post": body("Create"), "get": {}},
            "/guilds/{guild_id}/bans/{user_id}": {"put": body("Ban")},
        },
        "components": {
            "schemas": {
                "Create": {"properties": {"embeds": {"items": {"$ref": "#/components/schemas/E"}}}},
                "E": {"type": "object"},
                "Ban": {"type": "object"},
            }
        },
    }
    trimmed = trim(spec, served_routes(), "discord/discord-api-spec@abc")
    assert list(trimmed["paths"]) == ["/channels/{channel_id}/messages"]
    (operation,) = trimmed["paths"]["/channels/{channel_id}/messages"].values()
    assert list(operation["requestBody"]["content"]) == ["application/json"]
    assert set(trimmed["components"]["schemas"]) == {"Create", "E"}
    assert trimmed["info"]["x-trimmed-from"] == "discord/discord-api-spec@abc"
