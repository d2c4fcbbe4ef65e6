"""A throw-away PostgreSQL server for the tests and `python -m bot bench`. A DEV TOOL: never
use it to run the bot (it trusts every local connection and deletes its data when stopped).

`PgTestServer` runs `initdb` into a fresh temporary folder and starts `postgres` on a Unix
socket inside that folder only (no TCP port, so parallel runs never collide), then hands out
URLs and fresh databases; `stop()` shuts it down and deletes the folder.

- The binaries are found by `find_bindir()`: `$LUTECE_PG_BINDIR` when set (and only there),
  else `pg_config --bindir`, then `/usr/lib/postgresql/*/bin` (newest first), then `initdb`
  on the PATH. Debian's
  `apt-get install postgresql` provides them; they need not be on the PATH.
- PostgreSQL refuses to run as root. As root (CI, this machine) the server's processes run
  as `$LUTECE_PG_OS_USER` (default `nobody`, which every Linux has) through subprocess's
  `user=`/`group=` (no sudo, runuser or new account needed) and the folder is given to them.
- `durable=False` (tests) turns fsync and synchronous commits off, for speed; `durable=True`
  (bench) keeps PostgreSQL's defaults, so figures are what a real server gives.
- Local connections are trusted, except for the role `lutece_password`, which must give its
  password (scram-sha-256): the tests use it to check how refused credentials are reported.
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

SUPERUSER = "lutece"
PASSWORD_ROLE = "lutece_password"
PORT = 5432  # only names the socket file: the server listens on no TCP port
_NEEDED = ("initdb", "postgres")


class PgUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine, or the server would not start."""


def find_bindir() -> Path | None:
    """The folder holding `initdb` and `postgres`, or None."""
    if os.environ.get("LUTECE_PG_BINDIR"):  # set explicitly: that folder or nothing
        return _holds_binaries(os.environ["LUTECE_PG_BINDIR"])
    candidates: list[str] = []
    if shutil.which("pg_config"):
        try:
            out = subprocess.run(
                ["pg_config", "--bindir"], capture_output=True, text=True, timeout=10, check=False
            ).stdout
            candidates.append(out.strip())
        except (OSError, subprocess.SubprocessError):
            pass
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(
        versions, key=lambda p: [int(n) for n in re.findall(r"\d+", p)], reverse=True
    )
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).resolve().parent))
    return next(filter(None, map(_holds_binaries, candidates)), None)


def _holds_binaries(folder: str) -> Path | None:
    if folder and all(os.access(Path(folder, b), os.X_OK) for b in _NEEDED):
        return Path(folder)
    return None


def missing_message() -> str:
    return (
        "PostgreSQL server binaries (initdb, postgres) were not found: install them "
        "(apt-get install postgresql; .ci/run does) or point LUTECE_PG_BINDIR at their "
        "folder; LUTECE_PG=0 skips the PostgreSQL tests explicitly"
    )


class PgTestServer:
    """A private PostgreSQL server in a temporary folder (see the module's docstring)."""

    def __init__(self, *, durable: bool = False, bindir: Path | None = None) -> None:
        self.durable = durable
        self.bindir = bindir or find_bindir()
        self.root: Path | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._counter = 0

    # --- life cycle -----------------------------------------------------------------------

    def start(self) -> PgTestServer:
        if self.bindir is None:
            raise PgUnavailable(missing_message())
        owner = _server_owner()
        self.root = Path(tempfile.mkdtemp(prefix="lutece-pg-", dir=_base_folder(owner)))
        data, sock = self.root / "data", self.root / "sock"
        sock.mkdir()
        if owner is not None:
            for path in (self.root, sock):
                os.chown(path, *owner)
        as_owner: dict[str, Any] = (
            {} if owner is None else {"user": owner[0], "group": owner[1], "extra_groups": []}
        )
        atexit.register(self.stop)
        init = subprocess.run(
            [
                str(self.bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            cwd=self.root,
            capture_output=True,
            text=True,
            check=False,
            **as_owner,
        )
        if init.returncode != 0:
            self.stop()
            raise PgUnavailable(f"initdb failed: {init.stderr.strip() or init.stdout.strip()}")
        (data / "pg_hba.conf").write_text(
            f"local all {PASSWORD_ROLE} scram-sha-256\nlocal all all trust\n", encoding="utf-8"
        )
        settings = {
            "listen_addresses": "",
            "unix_socket_directories": str(sock),
            "port": str(PORT),
            "max_connections": "200",
        }
        if not self.durable:
            settings |= {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}
        args = [str(self.bindir / "postgres"), "-D", str(data)]
        for key, value in settings.items():
            args += ["-c", f"{key}={value}"]
        with open(self.root / "server.log", "wb") as log:  # the server keeps its own copy
            self._proc = subprocess.Popen(
                args,
                cwd=self.root,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                **as_owner,
            )
        self._wait_ready(data / "postmaster.pid")
        return self

    def _wait_ready(self, pid_file: Path, timeout: float = 60.0) -> None:
        """Until postmaster.pid says "ready" (PostgreSQL ≥ 10 writes its status there)."""
        assert self._proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                break
            try:
                lines = pid_file.read_text().splitlines()
            except OSError:
                lines = []
            if len(lines) >= 8 and lines[7].strip() == "ready":
                return
            time.sleep(0.05)
        tail = self.log_tail()
        self.stop()
        raise PgUnavailable(f"the throw-away PostgreSQL server did not start: {tail}")

    def log_tail(self, lines: int = 5) -> str:
        try:
            text = (self.root / "server.log").read_text(errors="replace") if self.root else ""
        except OSError:
            return "(no log)"
        return " | ".join(text.strip().splitlines()[-lines:]) or "(empty log)"

    def stop(self) -> None:
        """Fast shutdown (SIGINT), immediate if it hangs, then delete the folder."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            for sig, wait in ((signal.SIGINT, 30), (signal.SIGQUIT, 10), (signal.SIGKILL, 10)):
                proc.send_signal(sig)
                try:
                    proc.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None
        atexit.unregister(self.stop)

    def __enter__(self) -> PgTestServer:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    # --- databases ------------------------------------------------------------------------

    def url(
        self, database: str = "postgres", user: str = SUPERUSER, password: str | None = None
    ) -> str:
        """A postgresql:// URL for `database` over the server's Unix socket."""
        assert self.root is not None, "the server is not running"
        auth = user if password is None else f"{user}:{password}"
        return f"postgresql://{auth}@/{database}?host={self.root / 'sock'}&port={PORT}"

    async def create_database(self, prefix: str = "t") -> tuple[str, str]:
        """A new empty database: (its name, its URL)."""
        import asyncpg

        self._counter += 1
        name = f"{prefix}_{os.getpid()}_{self._counter}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return name, self.url(name)

    async def drop_database(self, name: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()

    async def sql(self, statement: str, database: str = "postgres") -> list[Any]:
        """Run one statement as the superuser and return its rows (tests: roles, looking at
        or tampering with a schema)."""
        import asyncpg

        conn = await asyncpg.connect(self.url(database))
        try:
            return await conn.fetch(statement)
        finally:
            await conn.close()


def _base_folder(owner: tuple[int, int] | None) -> str:
    """The temporary folder to work in: the usual one, unless the server's user could not
    reach it or a socket path in it would pass the Unix limit (107 bytes); then /tmp."""
    base = tempfile.gettempdir()
    if len(base) > 60:
        return "/tmp"
    if owner is not None:
        for folder in (Path(base), *Path(base).parents):
            if not os.stat(folder).st_mode & stat.S_IXOTH:
                return "/tmp"
    return base


def _server_owner() -> tuple[int, int] | None:
    """(uid, gid) to run the server as when we are root; None to run it as ourselves."""
    if os.geteuid() != 0:
        return None
    name = os.environ.get("LUTECE_PG_OS_USER", "nobody")
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        raise PgUnavailable(
            f"no user {name!r} to run PostgreSQL as (it refuses root); set "
            "LUTECE_PG_OS_USER to an unprivileged user"
        ) from None
    return entry.pw_uid, entry.pw_gid
