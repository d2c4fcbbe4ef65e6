"""The stored records the host hands the bot (a match listing, preferences, settings,
notices, deadlines), named here so that the bot never imports storage: it reads them and
changes nothing stored through them."""

from storage.rows import Deadline, GuildSettings, MatchRow, Notice, SeatRow, UserPrefs

__all__ = ["Deadline", "GuildSettings", "MatchRow", "Notice", "SeatRow", "UserPrefs"]
