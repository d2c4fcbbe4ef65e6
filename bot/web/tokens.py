"""Signed, short-lived board links, each for one seat of one match (or its spectators) and
one Discord user.

A token says who it was made for and which link generation of that seat it belongs to; the
signature (itsdangerous, keyed by `LUTECE_WEB_SECRET`) makes it unforgeable and dated, so it
expires by itself after `LIFETIME_S`; the generation, checked against the host's
(`MatchHost.links`) on every request, lets an admin or a change of seat revoke it at once.
The token travels in the link's fragment (`#t=…`), which browsers never send to a server,
and then in an `Authorization` header: never in a path or query a log would keep.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

LIFETIME_S = 2 * 3600
SALT = "lutece.board.link"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass:
    """What a valid token was made for: a seat (None: a spectator) of one match, one user,
    at one link generation."""

    match_id: str
    seat: int | None
    user_id: int
    generation: int


class Tokens:
    """Makes and reads tokens with one secret."""

    def __init__(self, secret: str, lifetime_s: int = LIFETIME_S) -> None:
        self._signer = URLSafeTimedSerializer(secret, salt=SALT)
        self.lifetime_s = lifetime_s

    def make(self, grant: Pass) -> str:
        return self._signer.dumps([grant.match_id, grant.seat, grant.user_id, grant.generation])

    def read(self, token: str) -> Pass | None:
        """The pass a token carries if it is ours, intact and not expired; else None (which
        of the three is not told: a refusal says the same whatever went wrong)."""
        try:
            data: Any = self._signer.loads(token, max_age=self.lifetime_s)
        except BadSignature:  # SignatureExpired is one too
            return None
        if not (isinstance(data, list) and len(data) == 4):
            return None
        match_id, seat, user_id, generation = data
        if not (
            isinstance(match_id, str)
            and (seat is None or type(seat) is int)
            and type(user_id) is int
            and type(generation) is int
        ):
            return None
        return Pass(match_id, seat, user_id, generation)
