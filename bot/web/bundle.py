"""The Activity page's script, built by npm (`make`), and whether the Activity can be offered.

The build happens in the README's commands; on a machine without npm the bundle is missing,
and the bot runs as before without the Activity (said once in the log at start-up).
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

from bot.config import Config

log = logging.getLogger(__name__)
ACTIVITY_DIR = Path(__file__).with_name("static") / "activity"
ACTIVITY_BUNDLE = ACTIVITY_DIR / "dist" / "activity.js"


def with_activity_checked(config: Config) -> Config:
    """`config`, less the Activity when its page was not built (nothing else can serve it)."""
    if not config.activity or ACTIVITY_BUNDLE.is_file():
        return config
    log.warning(
        "the Discord Activity is set up but its page was not built (%s is missing: is npm"
        " installed? `make run` builds it); the bot runs without it",
        ACTIVITY_BUNDLE,
    )
    return dataclasses.replace(config, client_id=None, client_secret=None)
