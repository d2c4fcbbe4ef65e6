"""Components V2 messages (flag IS_COMPONENTS_V2 = 1 << 15): each documented rule accepted
at its limit and refused one past it with 400 / 50035 and the field path, and a whole
discord.py ``LayoutView`` sent to the fake, read back and clicked.

The rules and their sources are listed in :mod:`fakediscord.component_limits` and
``fakediscord.limits._check_v2_flag`` (components/reference.mdx, resources/message.mdx,
discord-api-spec's openapi.json)."""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord.errors import ApiError
from fakediscord.limits import check_message
from fakediscord.messages import Message
from tests.fakediscord.rawapi import RawApi

V2 = 1 << 15


def _text(content: str = "t") -> dict:
    return {"type": 10, "content": content}


def _button(cid: str = "b") -> dict:
    return {"type": 2, "style": 1, "label": "b", "custom_id": cid}


def _row(*items: dict) -> dict:
    return {"type": 1, "components": list(items)}


def _select() -> dict:
    return {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": "v"}]}


def _container(*children: dict, **kw: object) -> dict:
    return {"type": 17, "components": list(children), **kw}


def _section(*texts: dict, accessory: dict | None = None) -> dict:
    comp: dict = {"type": 9, "components": list(texts)}
    if accessory is not None:
        comp["accessory"] = accessory
    return comp


def _item(url: str = "attachment://board.png", **kw: object) -> dict:
    return {"media": {"url": url}, **kw}


def _gallery(*items: dict) -> dict:
    return {"type": 12, "items": list(items)}


def _thumbnail(url: str = "attachment://board.png") -> dict:
    return {"type": 11, "media": {"url": url}}


def _file(url: str = "attachment://board.png") -> dict:
    return {"type": 13, "file": {"url": url}}


def _v2(*components: dict, **kw: object) -> dict:
    return {"flags": V2, "components": list(components), **kw}


FILES = ["board.png"]

# (body at the limit, body one past it, the path of the refusal)
RULES = [
    pytest.param(
        # "Messages allow up to 40 total components": counted with the nested ones
        _v2(_container(*[_text() for _ in range(39)])),
        _v2(_container(*[_text() for _ in range(40)])),
        "components",
        id="40-components-nested-counted",
    ),
    pytest.param(
        _v2(*[_text() for _ in range(40)]),
        _v2(*[_text() for _ in range(41)]),
        "components",
        id="40-components-top-level",
    ),
    pytest.param(
        # openapi.json TextDisplayComponentForMessageRequest: content maxLength 4000
        _v2(_text("x" * 4000)),
        _v2(_text("x" * 4001)),
        "components.0.content",
        id="text-display-4000",
    ),
    pytest.param(_v2(_text("x")), _v2(_text("")), "components.0.content", id="text-display-empty"),
    pytest.param(
        # discord.py LayoutView.content_length: "a maximum of 4000 display characters across
        # all its items"
        _v2(_text("x" * 2000), _container(_section(_text("y" * 2000), accessory=_button()))),
        _v2(_text("x" * 2000), _container(_section(_text("y" * 2001), accessory=_button()))),
        "components",
        id="text-4000-across-the-message",
    ),
    pytest.param(
        # Media Gallery: "1 to 10 media gallery items"
        _v2(_gallery(*[_item() for _ in range(10)])),
        _v2(_gallery(*[_item() for _ in range(11)])),
        "components.0.items",
        id="gallery-10-items",
    ),
    pytest.param(_v2(_gallery(_item())), _v2(_gallery()), "components.0.items", id="gallery-empty"),
    pytest.param(
        # Media Gallery Item: "Alt text for the media, max 1024 characters"
        _v2(_container(_gallery(_item(description="d" * 1024)))),
        _v2(_container(_gallery(_item(description="d" * 1025)))),
        "components.0.components.0.items.0.description",
        id="alt-text-1024",
    ),
    pytest.param(
        # Unfurled Media Item url: "attachment://<filename> references" to the message's files
        _v2(_gallery(_item("attachment://board.png"))),
        _v2(_gallery(_item("attachment://missing.png"))),
        "components.0.items.0.media.url",
        id="attachment-reference",
    ),
    pytest.param(
        # Thumbnail: "Alt text for the media, max 1024 characters"
        _v2(_section(_text(), accessory={**_thumbnail(), "description": "d" * 1024})),
        _v2(_section(_text(), accessory={**_thumbnail(), "description": "d" * 1025})),
        "components.0.accessory.description",
        id="thumbnail-alt-text-1024",
    ),
    pytest.param(
        # openapi.json UnfurledMediaRequest: url maxLength 2048
        _v2(_gallery(_item("https://example.org/" + "p" * (2048 - 20)))),
        _v2(_gallery(_item("https://example.org/" + "p" * (2049 - 20)))),
        "components.0.items.0.media.url",
        id="media-url-2048",
    ),
    pytest.param(
        # File: "only supports attachment references using the attachment://<filename> syntax"
        _v2(_file()),
        _v2(_file("https://example.org/board.png")),
        "components.0.file.url",
        id="file-attachment-only",
    ),
    pytest.param(
        # "Thumbnails are currently only available in messages as an accessory in a section"
        _v2(_section(_text(), accessory=_thumbnail())),
        _v2(_thumbnail()),
        "components.0.type",
        id="thumbnail-only-as-accessory",
    ),
    pytest.param(
        # Section: "One to three child components"
        _v2(_section(_text(), _text(), _text(), accessory=_button())),
        _v2(_section(_text(), _text(), _text(), _text(), accessory=_button())),
        "components.0.components",
        id="section-3-texts",
    ),
    pytest.param(
        # Section Child Components: Text Display only
        _v2(_section(_text(), accessory=_button())),
        _v2(_section(_row(_button()), accessory=_button())),
        "components.0.components.0.type",
        id="section-holds-text",
    ),
    pytest.param(
        _v2(_section(_text(), accessory=_button())),
        _v2(_section(_text())),
        "components.0.accessory",
        id="section-needs-accessory",
    ),
    pytest.param(
        # Section Accessory Components: Button, Thumbnail
        _v2(_section(_text(), accessory=_thumbnail())),
        _v2(_section(_text(), accessory=_text())),
        "components.0.accessory.type",
        id="section-accessory-type",
    ),
    pytest.param(
        # Action Row: "Up to 5 interactive button components or a single select component"
        _v2(_container(_row(*[_button(f"b{i}") for i in range(5)]))),
        _v2(_container(_row(*[_button(f"b{i}") for i in range(6)]))),
        "components.0.components.0.components",
        id="row-5-buttons",
    ),
    pytest.param(
        _v2(_container(_row(_select()))),
        _v2(_container(_row(_select(), _button()))),
        "components.0.components.0.components",
        id="row-one-select",
    ),
    pytest.param(
        # Action Row Child Components: buttons and selects only
        _v2(_container(_row(_button()))),
        _v2(_container(_row(_text()))),
        "components.0.components.0.components.0.type",
        id="row-holds-buttons-or-a-select",
    ),
    pytest.param(
        # Buttons "must be placed inside an Action Row or a Section's accessory field"
        _v2(_row(_button())),
        _v2(_button()),
        "components.0.type",
        id="button-not-top-level",
    ),
    pytest.param(
        # Container Child Components: no container in a container
        _v2(_container(_text())),
        _v2(_container(_container(_text()))),
        "components.0.components.0.type",
        id="container-not-nested",
    ),
    pytest.param(
        _v2(_container(_text())),
        _v2(_container()),
        "components.0.components",
        id="container-not-empty",
    ),
    pytest.param(
        # openapi.json: accent_color 0..0xFFFFFF
        _v2(_container(_text(), accent_color=0xFFFFFF)),
        _v2(_container(_text(), accent_color=0x1000000)),
        "components.0.accent_color",
        id="accent-color",
    ),
    pytest.param(
        # openapi.json: Separator spacing 1 (small) or 2 (large)
        _v2({"type": 14, "spacing": 2}),
        _v2({"type": 14, "spacing": 3}),
        "components.0.spacing",
        id="separator-spacing",
    ),
    pytest.param(
        # custom_id: "Multiple components on the same message must not share the same custom_id"
        _v2(_container(_row(_button("a")), _row(_button("b")))),
        _v2(_container(_row(_button("a")), _row(_button("a")))),
        "components.0.components.1.components.0.custom_id",
        id="custom-ids-unique",
    ),
    pytest.param(
        # "The id must be unique within the message"
        _v2({**_text(), "id": 1}, {**_container(_text()), "id": 2}),
        _v2({**_text(), "id": 1}, _container({**_text(), "id": 1})),
        "components.1.components.0.id",
        id="ids-unique",
    ),
    pytest.param(
        # "32 bit integer used as an optional identifier"; openapi.json: minimum 0
        _v2({**_text(), "id": 2**31 - 1}),
        _v2({**_text(), "id": -1}),
        "components.0.id",
        id="id-int32",
    ),
    pytest.param(
        # message.mdx: "When the flag IS_COMPONENTS_V2 is set, the message can only contain
        # components. Providing content, embeds, sticker_ids, poll, ... will fail"
        _v2(_text()),
        _v2(_text(), content="hello"),
        "content",
        id="no-content",
    ),
    pytest.param(_v2(_text()), _v2(_text(), embeds=[{"title": "t"}]), "embeds", id="no-embeds"),
    pytest.param(_v2(_text()), _v2(_text(), sticker_ids=["1"]), "sticker_ids", id="no-stickers"),
    pytest.param(
        _v2(_text()), _v2(_text(), poll={"question": {"text": "q"}}), "poll", id="no-poll"
    ),
    pytest.param(
        # Text Display: "To use this component in messages you must send the message flag"
        {"content": "x", "components": [_row(_button())]},
        {"components": [_text()]},
        "components.0.type",
        id="v2-types-need-the-flag",
    ),
]


def _node(exc: ApiError, path: str) -> dict:
    node = exc.errors
    for key in path.split("."):
        assert isinstance(node, dict) and key in node, (path, exc.errors)
        node = node[key]
    return node


def _refused(body: dict, path: str, **kw: Any) -> None:
    with pytest.raises(ApiError) as info:
        check_message(body, path="data", **kw)
    assert (info.value.status, info.value.code) == (400, 50035)
    assert "_errors" in _node(info.value, f"data.{path}")


@pytest.mark.parametrize(("ok", "bad", "path"), RULES)
def test_v2_rule_at_its_limit_and_one_past(ok: dict, bad: dict, path: str) -> None:
    check_message(ok, path="data", attachments=FILES)
    _refused(bad, path, attachments=FILES)


def _message(flags: int = 0, content: str = "", embeds: list | None = None) -> Message:
    return Message(1, 2, 3, content=content, embeds=embeds or [], flags=flags)


def test_the_flag_cannot_be_removed_by_an_edit() -> None:
    """message.mdx, Edit Message: "the IS_COMPONENTS_V2 flag can only be set"."""
    current = _message(flags=V2)
    check_message({"flags": V2, "components": [_text()]}, creating=False, current=current)
    check_message({"components": [_text()]}, creating=False, current=current)  # flag kept
    _refused({"flags": 0, "components": [_text()]}, "flags", creating=False, current=current)


def test_an_edit_of_a_v2_message_takes_no_content() -> None:
    current = _message(flags=V2)
    _refused({"content": "hello"}, "content", creating=False, current=current)
    _refused({"components": [_button()]}, "components.0.type", creating=False, current=current)


def test_setting_the_flag_must_empty_content_and_embeds() -> None:
    """message.mdx, Edit Message: "When the IS_COMPONENTS_V2 flag is set, any of the used
    content, embeds, sticker_ids, or poll fields must have their values reset to empty.
    For content and poll this is null. For embeds and sticker_ids this is []."""
    legacy = _message(content="Alice to play", embeds=[{"title": "Table"}])
    body = {"flags": V2, "components": [_text()]}
    _refused(body, "content", creating=False, current=legacy)
    _refused({**body, "content": None}, "embeds", creating=False, current=legacy)
    check_message({**body, "content": None, "embeds": []}, creating=False, current=legacy)


async def test_a_v2_message_over_rest_reads_back(fake, general) -> None:
    """The error reaches the caller with Discord's shape; an accepted V2 message is read
    back through the reading helpers and its media urls come back resolved."""
    body = _v2(
        _container(
            _gallery(_item(description="The board, Alice to play")),
            _text("Alice to play"),
            _section(_text("Score 3"), accessory=_thumbnail()),
            _row(_button("take")),
        )
    )
    path = f"/channels/{general.id}/messages"
    async with RawApi(fake) as api:
        bad = await api.call("POST", path, body)  # the picture was not uploaded
        assert (bad.status, bad.code) == (400, 50035)
        c0 = bad.body["errors"]["components"]["0"]
        assert "_errors" in c0["components"]["0"]["items"]["0"]["media"]["url"]
        ok = await api.call("POST", path, body, files={"board.png": b"\x89PNG"})
        assert ok.status == 200, ok.body
        media = ok.body["components"][0]["components"][0]["items"][0]["media"]
        attachment = ok.body["attachments"][0]
        assert (media["url"], media["attachment_id"]) == (attachment["url"], attachment["id"])
        removed = await api.call("PATCH", f"{path}/{ok.body['id']}", {"flags": 0})
        assert (removed.status, removed.code) == (400, 50035) and "flags" in removed.body["errors"]
    msg = fake.last_message(general)
    assert msg is not None and msg.is_components_v2
    assert msg.text_displays == ["Alice to play", "Score 3"]
    assert msg.text == "Alice to play\nScore 3"
    gallery, thumbnail = msg.media
    assert gallery.description == "The board, Alice to play"
    assert gallery.attachment is not None and gallery.attachment.data == b"\x89PNG"
    assert thumbnail.kind == 11 and thumbnail.attachment is gallery.attachment
    assert msg.find_component(custom_id="take") is not None


def test_message_text_joins_content_embeds_and_text_displays() -> None:
    msg = _message(
        content="hello", embeds=[{"title": "T", "fields": [{"name": "n", "value": "v"}]}]
    )
    assert msg.text == "hello\nT\nn\nv"


async def test_a_discordpy_layout_view_round_trip(fake, bot, general) -> None:
    """discord.py 2.7's LayoutView (Container > MediaGallery + TextDisplay + ActionRow),
    with its picture uploaded, is accepted, read back, clicked and redrawn in place."""
    alice = fake.user("alice")
    table = await alice.slash(general, "layout")
    msg = table.message
    assert msg is not None and msg.is_components_v2 and not msg.content and not msg.embeds
    assert msg.text_displays == ["Alice to play"]
    (picture,) = msg.media
    assert picture.description == "The board. Alice to play"
    assert picture.attachment is not None and picture.attachment.filename == "board.png"
    assert [c["type"] for c in msg.iter_components()] == [17, 12, 10, 1, 2, 2]
    assert "[media board.png: The board. Alice to play]" in table.text()

    turn = await alice.click(msg, "Take turn")  # a button nested in the container
    assert turn.callback_type == 7
    assert msg.is_components_v2 and msg.text_displays == ["alice took a turn"]
    (picture,) = msg.media
    assert picture.attachment is not None and picture.attachment.filename == "turn2.png"
    assert [a.filename for a in msg.attachments] == ["turn2.png"]


async def test_a_discordpy_layout_naming_a_missing_file_is_refused(fake, bot, general) -> None:
    alice = fake.user("alice")
    answer = await alice.slash(general, "layout", attach=False)
    assert answer.ephemeral and answer.content == "refused"
    (error,) = bot.http_errors
    assert (error.status, error.code) == (400, 50035)
    assert "components.0.components.0.items.0.media.url" in str(error)
    assert fake.messages(general) == []
