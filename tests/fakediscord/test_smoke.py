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
