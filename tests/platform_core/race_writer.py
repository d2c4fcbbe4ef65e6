"""A competing process for the multi-process store tests (run two at once on one database).

    python -m tests.platform_core.race_writer URL append OWNER MATCH N
        applies to MATCH, through the store alone, its own request OWNER-n then the shared
        request shared-n, for n < N (read the version, append, on StaleVersion read again);
        prints `ACK seq request`, `DUP request` (the other process applied it) or `STALE`.
    python -m tests.platform_core.race_writer URL claim OWNER
        claims due deadlines a few at a time until none is left; prints `CLAIM match`.

Both print READY once the store is open and start when a line arrives on stdin, so that the
two processes really run at the same time.
"""

from __future__ import annotations

import asyncio
import sys

from storage import DuplicateRequest, StaleVersion, Store

NOW = 10_000.0


async def append(store: Store, owner: str, match_id: str, count: int) -> None:
    for request in (r for n in range(count) for r in (f"{owner}-{n}", f"shared-{n}")):
        while True:
            row = await store.get_match(match_id)
            assert row is not None
            try:
                seq = await store.append_action(
                    match_id,
                    expected_version=row.version,
                    seat=0,
                    action={"request": request},
                    request_id=request,
                    user_id=1,
                    snapshot={"v": row.version + 1, "request": request},
                    status="active",
                )
            except StaleVersion:
                print("STALE", flush=True)
                continue
            except DuplicateRequest:
                print(f"DUP {request}", flush=True)
                break
            print(f"ACK {seq} {request}", flush=True)
            break


async def claim(store: Store, owner: str) -> None:
    empty = 0
    while empty < 3:  # the other claimer may still hold some in an open transaction
        due = await store.due_deadlines(NOW, limit=3)
        claimed = [m for m in due if await store.claim_deadline(m, NOW, owner)]
        for match_id in claimed:
            print(f"CLAIM {match_id}", flush=True)
        empty = 0 if claimed else empty + 1


async def main(url: str, mode: str, *args: str) -> None:
    store = await Store.open(url)
    print("READY", flush=True)
    sys.stdin.readline()
    try:
        if mode == "append":
            await append(store, args[0], args[1], int(args[2]))
        else:
            await claim(store, args[0])
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
