"""Three people play a whole Paris Paris match; nobody sees a marker that is not theirs."""

from __future__ import annotations

import random

import pytest

from tests.discord.driver import (
    FINAL_BUTTONS,
    play_turns,
    secret_markers,
    start_match,
    table_message,
)
from tests.discord.payload_log import PUBLIC, PayloadLog, Sent, marker_leaks, rest_stats


@pytest.mark.long
@pytest.mark.usefixtures("tiny_pictures")  # moves and secrets, not drawing
async def test_three_players_play_a_whole_match_and_secrets_stay_secret(world, record_property):
    fake = world.fake
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    players = [alice, bob, carol]
    rng = random.Random(7)
    log = PayloadLog(fake)
    with log.installed():
        async with world.bot() as bot:
            dms = await bob.slash(world.games, "lutece dms", enabled="on")
            assert dms.ephemeral and "DMs on" in dms.content
            match_id, thread, lobby = await start_match(world, bot, alice, [bob, carol])
            assert "started" in lobby.embeds[0]["description"]
            live = await bot.host._loaded(match_id)
            owners = {s.seat: s.user_id for s in live.row.seat_rows}
            markers = secret_markers(live)
            assert sorted(owners.values()) == sorted(u.id for u in players)

            # Each player asks for their marker: an ephemeral only they see, their colour.
            for user in players:
                mine = await user.click(table_message(world, thread), "My marker")
                seat = live.seat_of(user.id)
                assert mine.ephemeral and mine.message.ephemeral_for == user.id
                assert f"{markers[seat]} line" in mine.content, mine.content
                for other in players:
                    if other is not user:
                        assert mine.message not in other.visible_messages(thread)

            first = len(fake.interactions())
            played = await play_turns(world, bot, match_id, thread, players, rng)
            turn_records = fake.interactions()[first:]
            live = await bot.host._loaded(match_id)
            assert live.row.status == "finished" and played > 10
            result = live.game.result(live.state)

    # What everybody saw at the end: the final table, the game-over recap.
    final = table_message(world, thread)
    description = final.text
    assert "Final result" in description and "Markers:" in description
    buttons = [c.get("label") for c in final.iter_components() if c.get("type") == 2]
    assert buttons == FINAL_BUTTONS, "a finished table keeps only its own buttons"
    public = [m.text for m in fake.messages(thread)]
    game_over = [c for c in public if "Game over" in c]
    assert len(game_over) == 1
    names = [s.name for s in live.row.seat_rows]
    assert all(names[w] in game_over[0] for w in result.winners)
    # Turn pings named each player (past tables no longer say whose turn it was); bob, who
    # gets his turns by DM, only there: a turn reaches its player once.
    for user in players:
        pinged = any(m.channel_id == thread.id for m in user.pings)
        assert pinged == (user is not bob), user
    # bob opted in to DMs: he got his marker and turn prompts there, the others got no DM.
    bob_dms = bob.dms()
    assert bob_dms and all(m.ephemeral_for is None for m in bob_dms)
    assert any("final-excursion marker" in m.text for m in bob_dms)
    assert not alice.dms() and not carol.dms()

    # Secrets: scan every body the bot sent, in every channel, DM, ephemeral and edit.
    sent = log.with_autocomplete()
    over = next(
        s.seq
        for s in sent
        if s.audience == PUBLIC and ("Game over" in s.text or "Final result" in s.text)
    )
    assert marker_leaks(sent, markers, owners, over) == []
    own = [s for s in sent if "Your final-excursion marker" in s.text]
    assert {s.audience for s in own} == {u.id for u in players}  # the check saw real ones
    # ... and the check can fail: a public marker line, or someone else's marker sentence.
    stranger = next(u for u in owners.values() if u != own[0].audience)
    forged = Sent(0, "edit", 1, thread.id, stranger, own[0].text)
    assert marker_leaks([forged], markers, owners, over)
    public_line = f"{names[0]}'s marker: 🟢 green line"
    assert marker_leaks(
        [Sent(1, "create", 2, thread.id, PUBLIC, public_line)], markers, owners, over
    )

    # REST economy over the whole match (answer times are a bench figure: python -m bot bench).
    all_stats = rest_stats(fake, fake.interactions())
    turn_stats = rest_stats(fake, turn_records)
    confirms = [
        r
        for r in turn_records
        if (r.payload.get("data") or {}).get("custom_id", "").split(":")[2:3] == ["do"]
    ]
    confirm_stats = rest_stats(fake, confirms)
    print(
        f"\nfull match: {played} turns, {all_stats['n']} interactions, "
        f"REST/interaction {turn_stats['avg_calls']:.2f}, "
        f"REST/confirm {confirm_stats['avg_calls']:.2f} (max {confirm_stats['max_calls']})"
    )
    record_property("rest_per_interaction", round(turn_stats["avg_calls"], 2))
    record_property("rest_per_confirm", round(confirm_stats["avg_calls"], 2))
    # Per confirmed move: the answer, the table edit, the recap/ping; DMs only for bob.
    bob_dm = fake.dm_channel(bob).id
    for r in confirms:
        channel_calls = [c for c in r.rest_calls if str(bob_dm) not in c.path]
        assert len(channel_calls) <= 3, [(c.method, c.route) for c in r.rest_calls]
        assert len(r.rest_calls) - len(channel_calls) <= 1  # one DM prompt, nothing fetched
    assert all(r.late_callbacks == 0 for r in fake.interactions())
