"""Documented payload limits: messages, embeds, components, autocomplete, modals and
application commands, refused with 400 / 50035 and the nested ``errors`` shape."""

from __future__ import annotations

import pytest

from fakediscord.command_limits import check_bulk, check_command
from fakediscord.errors import ApiError
from fakediscord.limits import check_choices, check_message, check_modal
from tests.fakediscord.rawapi import RawApi


def _row(*items):
    return {"type": 1, "components": list(items)}


def _button(cid="b", **kw):
    return {"type": 2, "style": 1, "label": "b", "custom_id": cid, **kw}


def _select(n=3, **kw):
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": "s", "options": options, **kw}


def _embed(**kw):
    return {"title": "t", **kw}


def _field(name, value):
    return {"name": name, "value": value}


def _errors_at(exc: ApiError, path: str) -> dict:
    node = exc.errors
    for key in path.split("."):
        node = node[key]
    return node


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"embeds": [_embed(title="x" * 257)]}, "embeds.0.title"),
        ({"embeds": [_embed(description="x" * 4097)]}, "embeds.0.description"),
        ({"embeds": [_embed(fields=[{"name": "n", "value": "v"}] * 26)]}, "embeds.0.fields"),
        ({"embeds": [_embed(fields=[_field("n" * 257, "v")])]}, "embeds.0.fields.0.name"),
        ({"embeds": [_embed(fields=[_field("n", "v" * 1025)])]}, "embeds.0.fields.0.value"),
        ({"embeds": [_embed(fields=[{"name": "  ", "value": "v"}])]}, "embeds.0.fields.0.name"),
        ({"embeds": [_embed(fields=[{"name": "n", "value": ""}])]}, "embeds.0.fields.0.value"),
        ({"embeds": [_embed(footer={"text": "x" * 2049})]}, "embeds.0.footer.text"),
        ({"embeds": [_embed(author={"name": "x" * 257})]}, "embeds.0.author.name"),
        ({"embeds": [_embed(description="x" * 4000)] * 2}, "embeds"),  # 8002 > 6000
        ({"embeds": [_embed()] * 11}, "embeds"),
        ({"content": "x", "attachments": [{"id": i} for i in range(11)]}, "attachments"),
        (
            {"content": "x", "attachments": [{"id": 0, "description": "d" * 1025}]},
            "attachments.0.description",
        ),
        ({"content": "x", "nonce": "n" * 26}, "nonce"),
        ({"components": [_row(_button(label="x" * 81))]}, "components.0.components.0.label"),
        ({"components": [_row(_button(custom_id=""))]}, "components.0.components.0.custom_id"),
        ({"components": [_row()]}, "components.0.components"),
        ({"components": [_row(_select(), _button())]}, "components.0.components"),
        (
            {"components": [_row(_select(placeholder="p" * 151))]},
            "components.0.components.0.placeholder",
        ),
        ({"components": [_row(_select(0))]}, "components.0.components.0.options"),
        ({"components": [_row(_select(max_values=4))]}, "components.0.components.0.max_values"),
        (
            {"components": [_row(_select(min_values=2, max_values=1))]},
            "components.0.components.0.min_values",
        ),
        (
            {"components": [_row(_select(max_values=26, n=25))]},
            "components.0.components.0.max_values",
        ),
        (
            {"components": [_row({**_select(), "options": [{"label": "l" * 101, "value": "v"}]})]},
            "components.0.components.0.options.0.label",
        ),
        (
            {"components": [_row({"type": 2, "style": 5, "label": "l", "custom_id": "c"})]},
            "components.0.components.0.url",
        ),
        ({"components": [_button()]}, "components.0.type"),  # buttons live in rows
        ({"flags": 1 << 15, "content": "x", "components": [_row(_button())]}, "content"),
    ],
)
def test_message_limits(body, path):
    with pytest.raises(ApiError) as info:
        check_message(body, path="data")
    assert (info.value.status, info.value.code) == (400, 50035)
    assert "_errors" in _errors_at(info.value, f"data.{path}")


def test_at_the_limits_is_fine():
    fields = [{"name": "n" * 256, "value": "v" * 1024}]
    check_message({"content": "x" * 2000, "embeds": [_embed(title="t" * 256, fields=fields)]})
    check_message({"embeds": [_embed(description="  " + "d" * 4096 + "\n")]})  # trimmed
    link = {"type": 2, "style": 5, "label": "l" * 80, "url": "https://example.org"}
    rows = [_row(*(_button(f"b{i}{j}") for j in range(5))) for i in range(4)]
    check_message({"components": [*rows, _row(link)], "content": "x"})
    check_message({"components": [_row(_select(25, max_values=25, min_values=0))]})
    check_message({"content": "x", "attachments": [{"id": i} for i in range(10)]})


def test_autocomplete_and_modal_limits():
    check_choices([{"name": "n" * 100, "value": "v" * 100}] * 25)
    for bad in (
        [{"name": "n", "value": "v"}] * 26,
        [{"name": "", "value": "v"}],
        [{"name": "n" * 101, "value": "v"}],
        [{"name": "n", "value": "v" * 101}],
    ):
        with pytest.raises(ApiError):
            check_choices(bad)
    text = {"type": 1, "components": [{"type": 4, "custom_id": "t", "label": "l", "style": 1}]}
    check_modal({"custom_id": "m", "title": "t" * 45, "components": [text]})
    for bad in ({"title": "t" * 46}, {"components": []}, {"components": [text] * 6}):
        with pytest.raises(ApiError):
            check_modal({"custom_id": "m", "title": "t", "components": [text], **bad})


def _cmd(**kw):
    return {"name": "play", "description": "Play", "type": 1, **kw}


def _opt(name="token", **kw):
    return {"name": name, "description": "d", "type": 3, **kw}


@pytest.mark.parametrize(
    "spec",
    [
        _cmd(name="Play"),  # uppercase
        _cmd(name="play now"),  # a space
        _cmd(name="x" * 33),
        _cmd(name="pl@y"),
        _cmd(description=""),
        _cmd(description="d" * 101),
        _cmd(name_localizations={"xx": "play"}),
        _cmd(name_localizations={"fr": "Jouer"}),
        _cmd(description_localizations={"fr": "d" * 101}),
        _cmd(options=[_opt(f"o{i}") for i in range(26)]),
        _cmd(options=[_opt("a"), _opt("a")]),
        _cmd(options=[_opt("a"), _opt("b", required=True)]),  # required after optional
        _cmd(options=[_opt(choices=[{"name": "c", "value": "v"}] * 26)]),
        _cmd(options=[_opt(choices=[{"name": "", "value": "v"}])]),
        _cmd(options=[_opt(choices=[{"name": "c", "value": "v" * 101}])]),
        _cmd(options=[_opt(choices=[{"name": "c", "value": "v"}], autocomplete=True)]),
        _cmd(options=[_opt(max_length=6001)]),
        _cmd(options=[_opt("Token")]),
        _cmd(options=[{**_opt("g"), "type": 2, "options": [{**_opt("g2"), "type": 2}]}]),
        _cmd(options=[{**_opt("s"), "type": 1, "options": [{**_opt("s2"), "type": 1}]}]),
        _cmd(options=[{**_opt("s"), "type": 1}, _opt("plain")]),  # mixed
        _cmd(options=[_opt(f"o{i}", choices=[_field("n" * 100, "v" * 100)] * 25) for i in "ab"]),
        # ^ 2 x 25 x 200 characters: over 8000
        {"name": "Pick", "type": 2, "description": "no description for user commands"},
    ],
)
def test_invalid_commands(spec):
    with pytest.raises(ApiError) as info:
        check_command(spec, "0")
    assert (info.value.status, info.value.code) == (400, 50035)


def test_valid_commands():
    for name in ("paris-paris", "city_of_light", "l'été", "नमस्ते", "สวัสดี", "日本", "über2"):
        check_command(_cmd(name=name), "0")
    group = {**_opt("settings"), "type": 2, "options": [{**_opt("rename"), "type": 1}]}
    sub = {**_opt("new"), "type": 1, "options": [_opt("a", required=True), _opt("b")]}
    check_command(_cmd(options=[group, sub]), "0")
    check_command(
        _cmd(name_localizations={"fr": "jouer", "es-419": "jugar"}, description_localizations={}),
        "0",
    )
    check_command({"name": "Show Seat", "type": 2, "description": ""}, "0")  # mixed case ok
    check_bulk([_cmd(name=f"c{i}") for i in range(100)])
    with pytest.raises(ApiError) as info:
        check_bulk([_cmd(name=f"c{i}") for i in range(101)])
    assert (info.value.status, info.value.code) == (400, 30032)
    with pytest.raises(ApiError):
        check_bulk([_cmd(), _cmd()])


async def test_put_commands_is_validated_and_counted(fake):
    path = f"/applications/{fake.application_id}/commands"
    async with RawApi(fake) as api:
        bad = await api.call("PUT", path, [_cmd(), _cmd(name="Bad")])
        assert (bad.status, bad.code) == (400, 50035) and "1" in bad.body["errors"]
        ok = await api.call("PUT", path, [_cmd()])
        assert ok.status == 200 and ok.body[0]["name"] == "play"
    assert [c.status for c in fake.rest_calls if c.method == "PUT"] == [400, 200]
    assert [c["name"] for c in fake.commands()] == ["play"]
