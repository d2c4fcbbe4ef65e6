-- Two reminders before a turn's deadline (at half time and near the end) instead of one:
-- how many of the running turn's were sent, so that each is sent once whatever the number of
-- processes, and a restart between them sends neither again. A reminder already sent under
-- the old flag was the half-time one.
ALTER TABLE matches ADD COLUMN reminders INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET reminders = 1 WHERE reminded;
ALTER TABLE matches DROP COLUMN reminded;
-- A server's defaults for its new tables, chosen by its admins (/admin settings): the clock
-- preset and what a table does when a turn's time is up. (How long an open table waits and
-- whether matches with AI seats are rated are 008's and 007's columns.)
ALTER TABLE guild_settings ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';
ALTER TABLE guild_settings ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'ai';
