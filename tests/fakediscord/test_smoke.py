from fakediscord import InteractionRefused


async def test_slash_command_with_options(fake, bot, general):
    alice = fake.user("alice")
    result = await alice.slash(general, "paris-paris new", players=3)
    assert result.responded and not result.ephemeral
    assert result.embeds[0]["title"].startswith("Table")
    thread = await fake.wait_for(lambda: fake.threads(general))
    msg = await fake.wait_for_message(thread[0])
    assert msg.content.startswith("Welcome to table")


async def test_unsynced_command_refused(fake, bot, general):
    alice = fake.user("alice")
    try:
        await alice.slash(general, "nope")
    except InteractionRefused:
        pass
    else:
        raise AssertionError("should refuse")


async def test_fake_discord_session_helper():
    from fakediscord.testing import fake_discord_session
    from tests.fakediscord.demo_bot import make_bot

    def world(fake):
        fake.add_guild("G", channels=("general",))
        fake.add_user("dora")

    async with fake_discord_session(make_bot, setup=world) as (fake, bot):
        assert bot.user.id == fake.bot_user.id
        assert {c["name"] for c in fake.commands()} >= {"paris-paris", "hand"}
        result = await fake.user("dora").slash(fake.channel("general"), "edit")
        await fake.wait_for(lambda: result.content == "final")
