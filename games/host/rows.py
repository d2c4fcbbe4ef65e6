"""The stored records the host's services hand the bot (preferences, settings, notices,
deadlines), named here so that the bot never imports storage: it reads them and changes
nothing stored through them. Matches reach the bot as `games.host.info.MatchInfo`."""

from storage.rows import Deadline, GuildSettings, Notice, UserPrefs

__all__ = ["Deadline", "GuildSettings", "Notice", "UserPrefs"]
