"""Issue 7, finding 2: a display name never pings anyone and never breaks what is shown.

Players call themselves `@everyone`, a role mention, a masked link with Markdown, a name with
a newline. The bot may mention (and so ping) only the players it means to ping; every message,
embed and label shows the names escaped.
"""

from __future__ import annotations

import random
import re

import pytest

from bot.ui.screens import label_names, text_names
from tests.discord.driver import NAMES, play_turns, settle, start_match
from tests.discord.payload_log import PUBLIC, PayloadLog

pytestmark = pytest.mark.usefixtures("fast_render")
MENTION_EVERYONE = 1 << 17


def hostile_world(world):
    fake, guild = world.fake, world.guild
    role = fake.add_role(guild, "Staff", 0)
    # The worst case: a bot that may ping @everyone and every role (many servers grant it).
    power = fake.add_role(guild, "Bot power", MENTION_EVERYONE)
    fake.give_role(fake.bot_user, guild, power)
    assert fake.bot_permissions(world.games) & MENTION_EVERYONE
    names = {  # at most 32 characters, as Discord allows
        "alice": "@everyone",
        "bob": f"<@&{role.id}>",
        "carol": "**b** [click](https://evil.ex)",
        "dave": "@here\n# heading ||spoiler||",
    }
    for user, nick in names.items():
        fake.set_nickname(world.user(user), guild, nick)
    return names, role


async def test_hostile_names_ping_nobody_but_the_player_to_act(world):
    names, role = hostile_world(world)
    users = [world.user(n) for n in NAMES]
    players = {u.id for u in users}
    with PayloadLog(world.fake).installed() as log:
        async with world.bot() as bot:
            await world.fake.wait_for(lambda: True)
            match_id, thread, _ = await start_match(world, bot, users[0], users[1:])
            await play_turns(world, bot, match_id, thread, users, random.Random(5), turns=9)
            await settle(world, bot)
    pinged = world.fake.pinged_messages()
    assert pinged, "the turn pings reached nobody"
    # A ping is read in the message as it was posted (a past table later drops its ping).
    posted = {s.message_id: s.text for s in log.sent if s.kind == "create"}
    for msg in pinged:
        assert not msg.pinged_everyone and not msg.pinged_role_ids, msg.content
        named = {int(u) for u in re.findall(r"<@!?(\d+)>", posted[msg.id])}
        assert msg.pinged_user_ids <= named & players, msg.content
        assert len(msg.pinged_user_ids) <= 1, msg.content  # one player acts at a time here
    # The names are shown, escaped: no raw masked link, mention, heading or spoiler. A
    # picture's alt text is not Markdown (Discord shows it, and screen readers say it, as it
    # is): there the names are plain, on one line, read as typed.
    alts = {alt for s in log.sent for _, alt in s.uploads if alt}
    assert any("@here # heading ||spoiler||" in alt for alt in alts), alts
    public = "\n".join(s.text for s in log.sent if s.audience == PUBLIC)
    for alt in alts:
        public = public.replace(alt, "")
    assert "\\@everyone" in public and "\\[click\\]\\(https\\:" in public
    for raw in ("[click](https://evil.ex)", f"<@&{role.id}>", "||spoiler||", "**b**"):
        assert raw not in public, raw
    assert not re.search(r"(?m)^# heading", public)


async def test_escaped_names_in_labels_stay_plain(world):
    names, _ = hostile_world(world)
    alice, dave = world.user("alice"), world.user("dave")
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        match_id, thread, lobby = await start_match(world, bot, alice, [dave])
        match = await bot.host.get(match_id)
        # Stored as typed; labels and pictures get it on one line, text escaped.
        assert list(match.names) == [names["alice"], names["dave"]]
        assert label_names(match)[1] == "@here # heading ||spoiler||"
        assert text_names(match)[1] == "\\@here \\# heading \\|\\|spoiler\\|\\|"


NEW_EMOJI = "\U0001fa77"  # 🩷 pink heart: Unicode 15, newer than Python 3.11's database (14)


async def test_emoji_newer_than_pythons_unicode_are_kept(world):
    # Issue 17 §4: "Ann 🩷" lost its heart (an unassigned code point to Python 3.11).
    from bot.render.drawing import safe_name
    from bot.render.text import runs

    alice, bob = world.user("alice"), world.user("bob")
    world.fake.set_nickname(alice, world.guild, f"Ann {NEW_EMOJI}")
    with PayloadLog(world.fake).installed() as log:
        async with world.bot() as bot:
            await world.fake.wait_for(lambda: True)
            match_id, thread, _ = await start_match(world, bot, alice, [bob])
            match = await bot.host.get(match_id)
            assert label_names(match)[0] == text_names(match)[0] == f"Ann {NEW_EMOJI}"
            await settle(world, bot)
    public = "\n".join(s.text for s in log.sent if s.audience == PUBLIC)
    assert f"Ann {NEW_EMOJI}" in public
    # Pictures draw it with the bundled colour emoji font, which has it.
    assert runs(safe_name(f"Ann {NEW_EMOJI}"))[-1].kind == "emoji"


def test_unassigned_characters_outside_the_emoji_area_still_go():
    from bot.ui.safe_text import plain

    assert plain("a\u0378b\U000e0080c") == "abc"  # unassigned in Greek, past the tags
