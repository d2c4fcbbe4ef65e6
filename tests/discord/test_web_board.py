"""Issue 22: the web board, through its real aiohttp application in the running bot, with the
fake Discord showing what the Discord side does. A whole match is played through the API with
two seats' links while the thread gets the recaps and the table; every body and WebSocket frame
each seat received is scanned for the other's secret; every way in without a right is refused
and changes nothing."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any
from urllib.parse import urlparse

import itsdangerous.timed
import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from bot.app import LuteceBot
from bot.config import Config
from bot.games import adapter_for
from bot.i18n import t
from bot.ui.screens import label_names
from bot.web import guards
from bot.web.links import board_link
from bot.web.server import RUNNER_OPTIONS
from bot.web.tokens import Pass, Tokens
from games.host import MatchHost
from storage import Store
from tests.discord.driver import pinged_in, settle, start_match, table_message

PUBLIC_URL = "http://127.0.0.1:8787"
SECRET = "a test secret, long enough to sign links with"
ORIGIN = {"Origin": PUBLIC_URL}


def with_board(world: Any) -> None:
    """The world's bot with the web board configured (its own server on a free port; the
    tests reach the same application through aiohttp's test client)."""

    def make_bot() -> LuteceBot:
        config = Config(
            token=world.fake.token,
            db_path=str(world.db),
            dev_guild=world.dev_guild,
            web=(PUBLIC_URL, 0, SECRET),
        )
        return LuteceBot(config, guild_ready_timeout=0.05)

    world.make_bot = make_bot


def token_of(url: str) -> str:
    """The token in a link's fragment (`#t=…`), which a browser never sends."""
    fragment = urlparse(url).fragment
    assert fragment.startswith("t="), url
    return fragment[2:]


class Page:
    """One browser page of the board: its token, and every body and frame it received."""

    def __init__(self, client: TestClient, match_id: str, token: str) -> None:
        self.client, self.match_id, self.token = client, match_id, token
        self.bodies: list[str] = []
        self.frames: list[str] = []

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    async def keep(self, answer: Any) -> None:
        """A JSON body as its reader's page reads it (escapes decoded), for the scan."""
        self.bodies.append(json.dumps(await answer.json(), ensure_ascii=False))

    async def screen(self, path: str = "") -> dict[str, Any]:
        answer = await self.client.get(
            f"/api/board/{self.match_id}/screen", params={"path": path}, headers=self.auth
        )
        await self.keep(answer)
        assert answer.status == 200, self.bodies[-1]
        assert answer.headers["Cache-Control"] == "no-store"
        return await answer.json()

    async def picture(self, url: str) -> bytes:
        answer = await self.client.get(url, headers=self.auth)
        assert answer.status == 200 and answer.content_type == "image/png"
        return await answer.read()

    async def play(self, version: int, index: int) -> tuple[int, dict[str, Any]]:
        answer = await self.client.post(
            f"/api/board/{self.match_id}/play",
            json={"version": version, "index": index},
            headers={**self.auth, **ORIGIN},
        )
        await self.keep(answer)
        return answer.status, await answer.json()

    async def listen(self) -> None:
        """The page's WebSocket, its frames kept, until the test ends it."""
        async with self.client.ws_connect(f"/api/board/{self.match_id}/live", headers=ORIGIN) as ws:
            await ws.send_json({"token": self.token})
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    self.frames.append(message.data)


async def client_for(bot: LuteceBot) -> TestClient:
    assert bot.board is not None, "the web board runs when configured"
    server = TestServer(bot.board.app())
    await server.start_server(**RUNNER_OPTIONS)  # the runner the bot's board runs with
    client = TestClient(server)
    await client.start_server()
    return client


@pytest.mark.long
async def test_a_whole_match_played_on_the_web_board_shows_on_discord_and_leaks_nothing(
    world, monkeypatch
):
    with_board(world)
    # Two pages playing as fast as a machine can: far above a person's rate, whose limits
    # tests/web/test_guards.py checks on their own.
    monkeypatch.setattr(guards, "LIMITS", {kind: (100_000, 1.0) for kind in guards.LIMITS})
    alice, bob = world.user("alice"), world.user("bob")
    rng = random.Random(3)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        match = await bot.host.get(match_id)
        links = {u.id: await board_link(bot, match, u.id, "en") for u in (alice, bob)}
        assert all(
            link.startswith(f"{PUBLIC_URL}/board/{match_id}?lang=en#t=") for link in links.values()
        )
        table = table_message(world, thread)
        assert "Open in browser" in [c.get("label") for c in table.iter_components()]
        client = await client_for(bot)
        pages = {u.id: Page(client, match_id, token_of(links[u.id])) for u in (alice, bob)}
        listening = [asyncio.ensure_future(p.listen()) for p in pages.values()]
        adapter = adapter_for("paris-paris")
        secrets: list[tuple[int, dict[int, str]]] = []  # (bodies seen so far, seat -> text)
        pictures = 0
        try:
            for _ in range(200):
                match = await bot.host.get(match_id)
                if match.status != "active":
                    break
                names = label_names(match)
                secrets.append(
                    (
                        len(pages[alice.id].bodies) + len(pages[bob.id].bodies),
                        {
                            s.seat: adapter.private_text(bot.host.view(match, s.seat), names, "en")
                            for s in match.seats
                        },
                    )
                )
                (seat,) = match.to_act
                page = pages[match.seats[seat].user_id]
                screen = await page.screen()
                while screen["turn"]["confirm"] is None:
                    choices = screen["turn"]["choices"]
                    placed = [c for c in choices if c["box"]]
                    assert all(c["tag"] for c in placed)
                    if placed and pictures < 3:  # the picture its buttons lie over
                        pictures += 1
                        assert (await page.picture(screen["picture"]["url"]))[:4] == b"\x89PNG"
                    screen = await page.screen(rng.choice(choices)["path"])
                confirm = screen["turn"]["confirm"]
                status, body = await page.play(confirm["version"], confirm["index"])
                assert status == 200 and body == {"done": "✅ Done."}, body
                await settle(world, bot)
                for other in pages.values():  # every page fetches its screen after a push
                    if other is not page:
                        await other.screen()
            match = await bot.host.get(match_id)
            assert match.status == "finished"
            await world.fake.wait_for(lambda: "Final result" in table_message(world, thread).text)
            await world.fake.wait_for(
                lambda: all(f'{{"version": {match.version}}}' in p.frames for p in pages.values())
            )
        finally:
            for task in listening:
                task.cancel()
            await client.close()
        assert {alice.id, bob.id} <= pinged_in(world, thread), "turns were pinged"
        recaps = [
            m.text for m in world.fake.messages(thread) if "alice" in m.text or "bob" in m.text
        ]
        assert len(recaps) > match.version / 2, "the thread tells the moves made on the board"
        for page in pages.values():  # a frame says a version and nothing else
            assert page.frames and all(f.startswith('{"version": ') for f in page.frames)
        # The scan: no body a seat's page received shows the other seat's secret text at the
        # time; and it can fail: each seat's own page did show it its own.
        seat_of = {alice.id: 0, bob.id: 1}
        for user_id, page in pages.items():
            own = seat_of[user_id]
            everything = page.bodies + page.frames
            for other, text in secrets[0][1].items():
                if other != own:
                    assert not any(text in body for body in everything), text
            assert any(texts[own] in body for _, texts in secrets for body in page.bodies)
            for n, (_, texts) in enumerate(secrets):
                for other, text in texts.items():
                    if other != own and text != texts[own]:
                        assert not any(text in body for body in everything), (n, text)


async def test_every_way_in_without_a_right_is_refused_and_changes_nothing(
    world, monkeypatch, caplog
):
    with_board(world)
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        match = await bot.host.get(match_id)
        (seat,) = match.to_act
        player = match.seats[seat].user_id
        tokens = Tokens(SECRET)
        client = await client_for(bot)
        try:
            good = token_of(await board_link(bot, match, player, "en"))
            page = Page(client, match_id, good)
            screen = await page.screen()
            while screen["turn"]["confirm"] is None:
                screen = await page.screen(screen["turn"]["choices"][0]["path"])
            confirm = screen["turn"]["confirm"]
            sent = len(world.fake.messages(thread))
            monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: 1_000_000_000.0)
            expired = tokens.make(Pass(match_id, seat, player, 0))
            monkeypatch.undo()
            refused = {
                "no token": "",
                "forged": Tokens("another secret, just as long as ours is").make(
                    Pass(match_id, seat, player, 0)
                ),
                "tampered": good[:-2] + ("AA" if not good.endswith("AA") else "BB"),
                "expired": expired,
                "other seat": tokens.make(Pass(match_id, 1 - seat, player, 0)),
                "not that user's": tokens.make(Pass(match_id, seat, carol.id, 0)),
                "other match": tokens.make(Pass("0badc0de", seat, player, 0)),
            }
            for why, token in refused.items():
                for answer in [
                    await client.get(
                        f"/api/board/{match_id}/screen",
                        headers={"Authorization": f"Bearer {token}"},
                    ),
                    await client.post(
                        f"/api/board/{match_id}/play",
                        json={"version": confirm["version"], "index": confirm["index"]},
                        headers={"Authorization": f"Bearer {token}", **ORIGIN},
                    ),
                ]:
                    assert answer.status == 401, why
                    body = await answer.json()
                    assert body == {"error": body["error"]} and "not valid" in body["error"], why
            # Another match's id with a valid token of this one: the same sentence, so
            # nobody learns whether that match exists.
            other = await client.get(
                "/api/board/0badc0de/screen", headers={"Authorization": f"Bearer {good}"}
            )
            assert other.status == 401
            # A play from another page's origin.
            foreign = await client.post(
                f"/api/board/{match_id}/play",
                json={"version": confirm["version"], "index": confirm["index"]},
                headers={"Authorization": f"Bearer {good}", "Origin": "https://evil.example"},
            )
            assert foreign.status == 403
            socket = await client.get(
                f"/api/board/{match_id}/live", headers={"Origin": "https://evil.example"}
            )
            assert socket.status == 403
            # A play that cannot be read: one sentence, in the reader's language.
            for body in [{"version": "1", "index": 0}, {"index": 0}, [1, 2]]:
                unread = await client.post(
                    f"/api/board/{match_id}/play?lang=fr",
                    json=body,
                    headers={"Authorization": f"Bearer {good}", **ORIGIN},
                )
                assert unread.status == 400
                assert await unread.json() == {"error": t("web.bad_play", "fr")}
            # The access log names paths, never a query's choices nor a token.
            line = f"GET /api/board/{match_id}/screen 200"
            with caplog.at_level(logging.INFO, logger="aiohttp.access"):
                await page.screen(screen["turn"]["path"])
                # The line is written once the answer went out: wait for it.
                await world.fake.wait_for(lambda: line in caplog.text)
            logged = caplog.text
            assert "?path=" not in logged and good not in logged
            # Path escapes: no file name is taken from a request.
            for path in [
                "/static/../config.py",
                "/static/%2e%2e/config.py",
                "/static/..%2fconfig.py",
                "/board/../../bot/config.py",
                "/static/board.js/../../tokens.py",
                "/static/tokens.py",
            ]:
                escaped = await client.get(path)
                assert escaped.status == 404, path
                assert "SECRET" not in await escaped.text()
            assert (await bot.host.get(match_id)).version == match.version
            assert len(world.fake.messages(thread)) == sent, "Discord was told nothing"
            # A good play, then the same again (a double submission): one move.
            assert (await page.play(confirm["version"], confirm["index"]))[0] == 200
            await settle(world, bot)
            after = (await bot.host.get(match_id)).version
            status, body = await page.play(confirm["version"], confirm["index"])
            assert status == 200 and body == {"done": "✅ That move was already played."}
            assert (await bot.host.get(match_id)).version == after == match.version + 1
            # Stale: a page of the seat to act still shows the version before that move.
            now = await bot.host.get(match_id)
            acting = now.seats[min(now.to_act)].user_id
            late = Page(client, match_id, token_of(await board_link(bot, now, acting, "en")))
            status, body = await late.play(match.version, confirm["index"] + 1)
            assert status == 409 and "moved on" in body["error"], body
            assert body["screen"]["version"] == after
            assert (await bot.host.get(match_id)).version == after
            # Revoked by an admin: the seat's links stop at once, the other seat's do not.
            kept = token_of(await board_link(bot, now, match.seats[1 - seat].user_id, "en"))
            world.fake.make_admin(carol, world.guild)
            said = await carol.slash(
                world.games, "admin revoke-links", match=match_id, seat=seat + 1
            )
            assert said.ephemeral and "revoked" in said.content
            for token, status in [(good, 401), (kept, 200)]:
                answer = await client.get(
                    f"/api/board/{match_id}/screen", headers={"Authorization": f"Bearer {token}"}
                )
                assert answer.status == status
        finally:
            await client.close()


async def test_open_in_browser_answers_each_member_alone_with_their_own_link(world):
    with_board(world)
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        client = await client_for(bot)
        try:
            for user, seat in [(alice, 0), (bob, 1), (carol, None)]:
                said = await user.click(table_message(world, thread), "Open in browser")
                assert said.ephemeral and said.message.ephemeral_for == user.id
                url = said.content.split()[-1]
                assert url.startswith(f"{PUBLIC_URL}/board/{match_id}?lang=en#t=")
                assert Tokens(SECRET).read(token_of(url)) == Pass(match_id, seat, user.id, 0)
                screen = await Page(client, match_id, token_of(url)).screen()
                assert screen["seat"] == seat and (screen["mine"] is None) == (seat is None)
            page = await client.get(f"/board/{match_id}")
            assert page.status == 200 and page.content_type == "text/html"
            assert "script-src 'self'" in page.headers["Content-Security-Policy"]
            assert page.headers["X-Content-Type-Options"] == "nosniff"
        finally:
            await client.close()


async def test_a_move_another_process_stores_reaches_open_pages(world):
    """ "anyone else's move updates every open page within a second": a move stored by another
    process on the same database (a sharded deployment) is found by the board's check of the
    stored version, once per match however many pages are open."""
    with_board(world)
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, _, _ = await start_match(world, bot, alice, [bob])
        bot.host.shared = True  # as on PostgreSQL: a cached match is checked against the store
        match = await bot.host.get(match_id)
        client = await client_for(bot)
        other = await Store.open(str(world.db))
        try:
            pages = [
                Page(client, match_id, token_of(await board_link(bot, match, u.id, "en")))
                for u in (alice, bob, bob)
            ]
            listening = [asyncio.ensure_future(p.listen()) for p in pages]
            first = f'{{"version": {match.version}}}'
            await world.fake.wait_for(lambda: all(first in p.frames for p in pages))
            assert len(bot.board.live.rooms) == 1  # one watch for the match's three pages
            elsewhere = MatchHost(other, shared=True, ai_workers=0)
            (seat,) = match.to_act
            await elsewhere.play(
                match_id, match.seats[seat].user_id, version=match.version, index=0, key="x"
            )
            moved = f'{{"version": {match.version + 1}}}'
            await world.fake.wait_for(lambda: all(moved in p.frames for p in pages), timeout=5)
            await elsewhere.close()
            for task in listening:
                task.cancel()
        finally:
            await other.close()
            await client.close()
