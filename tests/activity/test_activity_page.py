"""The Activity's page, run as built (in Node.js, no browser on this machine), in the mock
mode the offline demo uses: the SDK's mock authorizes, the fake's OAuth2 gives the code,
the bot picks the seat, and the page goes to the board's link."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
from asyncio.subprocess import PIPE
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession, web
from aiohttp.test_utils import TestServer

from bot.i18n import t
from bot.web.activity import add_activity_routes
from bot.web.bundle import ACTIVITY_DIR
from bot.web.discord_oauth import DiscordOAuth
from fakediscord import FakeDiscord
from games.host import MatchHost
from storage import SeatRow, Store

HARNESS = Path(__file__).with_name("page_harness.mjs")
CONFIG = re.compile(r'<script type="application/json" id="lutece-activity">(.*?)</script>')
GUILD, THREAD = 5, 6


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        pytest.skip("npm is not installed: the bot runs without its Activity (see the README)")
    if not (ACTIVITY_DIR / "node_modules" / "@discord" / "embedded-app-sdk").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ACTIVITY_DIR, check=True)
    out = tmp_path_factory.mktemp("activity") / "activity.mjs"
    build = [npm, "run", "--silent", "build", "--", f"--outfile={out}"]
    subprocess.run(build, cwd=ACTIVITY_DIR, check=True, capture_output=True, timeout=120)
    return out


@pytest.fixture
async def served(store: Store) -> AsyncIterator[tuple[FakeDiscord, MatchHost, TestServer]]:
    fake = await FakeDiscord.start()
    host = MatchHost(store)
    oauth = DiscordOAuth(fake.application_id, fake.oauth.client_secret, fake.api_url)
    app = web.Application()

    async def issue(match_id: str, seat: int | None, user_id: int) -> str:
        return f"{seat}-{user_id}"

    add_activity_routes(app, host=host, oauth=oauth, issue_link=issue, mock=True)
    server = TestServer(app)
    await server.start_server()
    try:
        yield fake, host, server
    finally:
        await server.close()
        await fake.stop()


async def _open_page(
    bundle: Path, server: TestServer, user: Any, *, outside_discord: bool = False
) -> Any:
    """Open the page as served (its settings read from its HTML) for `user`; with
    `outside_discord`, without the mock: as a browser that opened the Activity's address."""
    base = str(server.make_url("")).rstrip("/")
    async with ClientSession() as http, http.get(f"{base}/activity/") as page:
        html = await page.text()
    config = json.loads(CONFIG.search(html)[1])
    if outside_discord:
        config["mock"] = False
    query = f"?guild_id={GUILD}&channel_id={THREAD}&user_id={user.id}"
    node = await asyncio.create_subprocess_exec(
        "node", str(HARNESS), str(bundle), base, query, json.dumps(config), stdout=PIPE
    )
    out, _ = await asyncio.wait_for(node.communicate(), 30)
    return json.loads(out.decode().strip().splitlines()[-1])


async def test_the_page_takes_a_player_to_their_seats_board(bundle, served) -> None:
    fake, host, server = served
    bob = fake.add_user("bob")
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=bob.id)]
    match = (await host.create("race", seats, seed=1, guild_id=GUILD, channel_id=THREAD)).info
    assert await _open_page(bundle, server, bob) == {"board": f"/board/{match.id}#t=1-{bob.id}"}


async def test_the_page_says_so_when_no_match_is_played_there(bundle, served) -> None:
    fake, _, server = served
    said = await _open_page(bundle, server, fake.add_user("carol"))
    assert said == {
        "said": "No match is being played in this channel: open the board from a match's thread."
    }


async def test_outside_discord_the_page_says_where_to_open_it(bundle, served) -> None:
    """No Discord client answers the SDK (a browser opened the address): one sentence."""
    fake, _, server = served
    said = await _open_page(bundle, server, fake.add_user("dan"), outside_discord=True)
    assert said == {"said": t("activity.failed", "en")}
