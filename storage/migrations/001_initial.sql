-- Matches, their seats and the append-only action log (the truth); prefs and guild settings.
CREATE TABLE matches (
    id               TEXT PRIMARY KEY,
    game             TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
    seats            INTEGER NOT NULL,
    options          TEXT NOT NULL DEFAULT '{}',
    settings         TEXT NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    arrangement      TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    snapshot         TEXT,
    result           TEXT,
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    table_message_id INTEGER,
    host_user_id     INTEGER,
    deadline_at      REAL,
    reminded         INTEGER NOT NULL DEFAULT 0,
    end_reason       TEXT,
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL
);
CREATE INDEX matches_status ON matches (status, guild_id);
CREATE INDEX matches_deadline ON matches (deadline_at) WHERE deadline_at IS NOT NULL;

CREATE TABLE seats (
    match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
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
    action     TEXT NOT NULL,
    request_id TEXT,
    user_id    INTEGER,
    at         REAL NOT NULL,
    PRIMARY KEY (match_id, seq),
    UNIQUE (match_id, request_id)
);

CREATE TABLE user_prefs (
    user_id    INTEGER PRIMARY KEY,
    dms        INTEGER NOT NULL DEFAULT 0,
    dms_closed INTEGER NOT NULL DEFAULT 0,
    locale     TEXT
);

CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    admin_role_id INTEGER,
    language      TEXT
);
