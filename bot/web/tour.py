"""The offline demo's visit to the web board: the board served on loopback beside the fake
Discord, one seat's screen fetched through its API step by step and its move played with
`POST …/play`, each answer printed; the Discord side then shows that move like any other."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

import aiohttp

from bot.services import Services
from bot.web.server import Board
from bot.web.tokens import Pass

DEMO_SECRET = "the offline demo's own signing key, for loopback only"


def free_port() -> int:
    """A port free on loopback now (the demo's board listens there)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def open_board(bot: Services) -> Board:
    """The web board on loopback, started."""
    port = free_port()
    board = Board(bot, f"http://127.0.0.1:{port}", DEMO_SECRET)
    await board.start(port)
    return board


async def visit(bot: Services, board: Board, match_id: str, out: Callable[[str], Any]) -> None:
    """The seat to act opens its board: each screen's prompt and choices (those with a
    button over the picture marked ◎), the first choice taken each step, then Confirm."""
    match = await bot.host.get(match_id)
    seat = min(match.to_act)
    user_id = match.seats[seat].user_id
    assert user_id is not None, "a person's seat"
    token = board.tokens.make(
        Pass(match.id, seat, user_id, await bot.host.links.generation(match.id, seat))
    )
    api = f"{board.public_url}/api/board/{match.id}"
    headers = {"Authorization": f"Bearer {token}", "Origin": board.public_url}
    out(f"> {match.names[seat]} opens the web board: /board/{match.id}#t=… (on loopback)")
    async with aiohttp.ClientSession(headers=headers) as web:
        path = ""
        for _ in range(12):
            async with web.get(f"{api}/screen", params={"path": path, "lang": "en"}) as answer:
                screen = await answer.json()
            turn = screen["turn"]
            out(f"  [web board] GET /screen?path={path} → {answer.status}: {screen['headline']}")
            if turn["confirm"] is not None:
                break
            choices = turn["choices"]
            listed = ", ".join(("◎ " if c["box"] else "") + c["label"] for c in choices[:6])
            more = f" (+{len(choices) - 6})" if len(choices) > 6 else ""
            out(f"    {turn['prompt']}: {listed}{more}")
            path = choices[0]["path"]
        confirm = turn["confirm"]
        out(f"    confirm: {confirm['label']}")
        body = {"version": confirm["version"], "index": confirm["index"]}
        async with web.post(f"{api}/play", json=body) as answer:
            out(f"  [web board] POST /play → {answer.status}: {await answer.json()}")
