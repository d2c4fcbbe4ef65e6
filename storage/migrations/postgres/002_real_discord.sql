-- Real Discord: which table version the table message shows (refreshed at the next chance
-- when a Discord error left it behind), everyone who ever held a seat (export policy), and
-- small key/value facts about the bot itself (the hash of the last synced command set).
ALTER TABLE matches ADD COLUMN table_version INTEGER NOT NULL DEFAULT 0;

CREATE TABLE seat_history (
    match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id  BIGINT NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
INSERT INTO seat_history (match_id, user_id)
    SELECT match_id, user_id FROM seats WHERE user_id IS NOT NULL
    ON CONFLICT DO NOTHING;

CREATE TABLE bot_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
