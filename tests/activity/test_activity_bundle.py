"""The Activity's page bundles the Embedded App SDK with esbuild, as `make` builds it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bot.web.bundle import ACTIVITY_DIR


def test_the_page_bundles_into_one_es_module(tmp_path: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: the bot runs without its Activity (see the README)")
    if not (ACTIVITY_DIR / "node_modules" / "@discord" / "embedded-app-sdk").is_dir():
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=ACTIVITY_DIR, check=True, timeout=300
        )
    out = tmp_path / "activity.js"
    subprocess.run(
        [npm, "run", "--silent", "build", "--", f"--outfile={out}"],
        cwd=ACTIVITY_DIR,
        check=True,
        timeout=120,
        capture_output=True,
    )
    bundle = out.read_text(encoding="utf-8")
    assert "@discord/embedded-app-sdk" not in bundle  # the SDK is inside: nothing to fetch
    assert '"/api/activity/token"' in bundle and "DiscordSDKMock" in bundle
    assert "authorize" in bundle and "authenticate" in bundle
