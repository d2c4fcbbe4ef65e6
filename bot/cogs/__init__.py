"""Slash-command cogs: one per game (built from its adapter), /lutece, /admin."""
