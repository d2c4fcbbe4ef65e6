-- Open tables that do not rot, invitations and rematches (issue 19).
-- A lobby's row: when it expires (NULL once that no longer matters: it expired, or it was
-- found started or cancelled when its time came), where its message is (to close it then),
-- and the finished match it plays again (one rematch per match, across processes). The
-- expiry is claimed with a lease like a turn deadline (004), so one process closes it.
CREATE TABLE lobbies (
    match_id    TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    expires_at  DOUBLE PRECISION,
    channel_id  BIGINT,
    message_id  BIGINT,
    rematch_of  TEXT UNIQUE,
    claimed_by  TEXT,
    claim_until DOUBLE PRECISION
);
CREATE INDEX lobbies_expiry ON lobbies (expires_at) WHERE expires_at IS NOT NULL;
-- Lobbies opened before this migration expire a day after they were opened.
INSERT INTO lobbies (match_id, expires_at)
    SELECT id, created_at + 86400 FROM matches WHERE status = 'lobby';

-- A named player asked to a table (a challenge, or a rematch): their answer, and until when
-- they may give it.
CREATE TABLE invitations (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined')),
    expires_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- How long a server's open tables wait for their start (seconds; a day by default).
ALTER TABLE guild_settings ADD COLUMN lobby_expiry_s INTEGER NOT NULL DEFAULT 86400;
