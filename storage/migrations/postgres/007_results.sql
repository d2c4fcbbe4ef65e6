-- Results and ratings (issue 19). A match that ends gets one `match_results` row and one
-- `result_seats` row per seat, written in the transaction of its last action (or of the
-- admin's end), so a finished match is never left without them. `rated`: the match moved
-- its players' ratings; `ended`: an admin stopped it (no scores or places, never rated).
CREATE TABLE match_results (
    match_id    TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    guild_id    BIGINT,
    game        TEXT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    rated       BOOLEAN NOT NULL DEFAULT false,
    ended       BOOLEAN NOT NULL DEFAULT false
);
-- A server's history, newest first (the index is read backwards), with or without a game.
CREATE INDEX match_results_guild ON match_results (guild_id, finished_at, match_id);
CREATE INDEX match_results_guild_game ON match_results (guild_id, game, finished_at, match_id);

-- Who sat where and how they did. `guild_id`, `game` and `finished_at` are copied from the
-- match's row so that one index answers a player's history without a join. `place`: 1 is
-- first, tied seats share a place; `team`: the side of a seat that plays with partners;
-- `rating_before`/`rating_after`: the shown rating of a person in a rated match.
CREATE TABLE result_seats (
    match_id      TEXT NOT NULL REFERENCES match_results (match_id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    guild_id      BIGINT,
    game          TEXT NOT NULL,
    finished_at   DOUBLE PRECISION NOT NULL,
    user_id       BIGINT,
    ai            TEXT,
    name          TEXT NOT NULL,
    score         INTEGER,
    place         INTEGER,
    team          INTEGER,
    rating_before DOUBLE PRECISION,
    rating_after  DOUBLE PRECISION,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX result_seats_player ON result_seats (guild_id, user_id, finished_at, match_id);
CREATE INDEX result_seats_player_game
    ON result_seats (guild_id, user_id, game, finished_at, match_id);

-- One rating per server, game and person (the Weng-Lin model's mu and sigma, and the
-- ordinal the leaderboard sorts by), with the rated matches played and won; `name` is the
-- player's name at their latest rated match, what the leaderboard shows.
CREATE TABLE ratings (
    guild_id   BIGINT NOT NULL,
    game       TEXT NOT NULL,
    user_id    BIGINT NOT NULL,
    name       TEXT NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    ordinal    DOUBLE PRECISION NOT NULL,
    played     INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC, user_id);

-- Whether matches with AI seats may change a person's rating on this server (off: never).
ALTER TABLE guild_settings ADD COLUMN rate_ai_matches BOOLEAN NOT NULL DEFAULT false;
