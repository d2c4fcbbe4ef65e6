"""The web side of the bot: the board served over HTTP, and the Discord Activity around it."""
