-- Private notices not yet shown to their player (a drawn tile, for a player without DMs):
-- kept with the match, so a restart forgets none, until that player's next panel or secrets
-- answer shows them; then they are deleted. `version` is the match version of the move that
-- told them and `n` their place among that move's notices to the seat.
CREATE TABLE notices (
    match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    version  INTEGER NOT NULL,
    n        INTEGER NOT NULL,
    event    JSONB NOT NULL,
    PRIMARY KEY (match_id, seat, version, n)
);
