-- A language a player chose explicitly (/lutece language), over their Discord client's.
ALTER TABLE user_prefs ADD COLUMN language TEXT;
