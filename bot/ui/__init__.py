"""Shared Discord UI: the component router, turn panels, lobby and table messages."""
