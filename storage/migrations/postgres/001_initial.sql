-- Matches, their seats and the append-only action log (the truth); prefs and guild settings.
-- The same schema as SQLite's 001 in PostgreSQL's types: BIGINT for Discord ids (snowflakes
-- need 64 bits) and seeds, JSONB for JSON documents (validated on the way in, readable with
-- ->> in psql), DOUBLE PRECISION for Unix times, BOOLEAN for flags.
CREATE TABLE matches (
    id               TEXT PRIMARY KEY,
    game             TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
    seats            INTEGER NOT NULL,
    options          JSONB NOT NULL DEFAULT '{}',
    settings         JSONB NOT NULL DEFAULT '{}',
    seed             BIGINT NOT NULL,
    arrangement      JSONB,
    version          INTEGER NOT NULL DEFAULT 0,
    snapshot         JSONB,
    result           JSONB,
    guild_id         BIGINT,
    channel_id       BIGINT,
    thread_id        BIGINT,
    table_message_id BIGINT,
    host_user_id     BIGINT,
    deadline_at      DOUBLE PRECISION,
    reminded         BOOLEAN NOT NULL DEFAULT false,
    end_reason       TEXT,
    created_at       DOUBLE PRECISION NOT NULL,
    updated_at       DOUBLE PRECISION NOT NULL
);
CREATE INDEX matches_status ON matches (status, guild_id);
CREATE INDEX matches_deadline ON matches (deadline_at) WHERE deadline_at IS NOT NULL;

CREATE TABLE seats (
    match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  BIGINT,
    ai       TEXT,
    name     TEXT NOT NULL,
    PRIMARY KEY (match_id, seat),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    action     JSONB NOT NULL,
    request_id TEXT,
    user_id    BIGINT,
    at         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, seq),
    UNIQUE (match_id, request_id)
);

CREATE TABLE user_prefs (
    user_id    BIGINT PRIMARY KEY,
    dms        BOOLEAN NOT NULL DEFAULT false,
    dms_closed BOOLEAN NOT NULL DEFAULT false,
    locale     TEXT
);

CREATE TABLE guild_settings (
    guild_id      BIGINT PRIMARY KEY,
    admin_role_id BIGINT,
    language      TEXT
);
