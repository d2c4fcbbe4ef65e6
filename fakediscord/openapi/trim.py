"""Regenerate ``requests.json`` from Discord's full ``specs/openapi.json``.

    python -m fakediscord.openapi.trim path/to/openapi.json \\
        --source discord/discord-api-spec@<commit>

The full description is over a megabyte; the fake needs only the request bodies of the
routes it serves. This keeps, for every route the fake registers (its own path
templates, matched to the spec's whatever the placeholders are called), the operation's
``application/json`` request schema, and every schema those reach through ``$ref``,
unchanged. A multipart body is validated through its ``payload_json`` part, which the spec
describes with the same schema.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from aiohttp import web

from fakediscord.openapi.validator import SCHEMAS_FILE, route_key
from fakediscord.routes import register_routes
from fakediscord.server import API_PREFIX, FakeDiscord

JSON = "application/json"
REF_PREFIX = "#/components/schemas/"


def served_routes() -> set[tuple[str, str]]:
    """(method, normalised path) of every REST route the fake registers."""
    app = web.Application()
    register_routes(app, FakeDiscord(), API_PREFIX)
    return {
        route_key(r.method, r.resource.canonical[len(API_PREFIX) :])
        for r in app.router.routes()
        if r.resource is not None and r.resource.canonical.startswith(API_PREFIX)
    }


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            yield ref
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def trim(spec: dict[str, Any], routes: set[tuple[str, str]], source: str) -> dict[str, Any]:
    """The part of ``spec`` describing the request bodies of ``routes``."""
    paths: dict[str, Any] = {}
    for path, operations in spec["paths"].items():
        for method, op in operations.items():
            if route_key(method, path) not in routes or not isinstance(op, dict):
                continue
            schema = op.get("requestBody", {}).get("content", {}).get(JSON, {}).get("schema")
            if schema is None:
                continue
            body = {"required": op["requestBody"].get("required", False), "content": {}}
            body["content"][JSON] = {"schema": schema}
            paths.setdefault(path, {})[method] = {
                "operationId": op.get("operationId"),
                "requestBody": body,
            }
    all_schemas = spec["components"]["schemas"]
    kept: dict[str, Any] = {}
    pending = list(_refs(paths))
    while pending:
        ref = pending.pop()
        if not ref.startswith(REF_PREFIX):
            raise ValueError(f"unexpected $ref {ref}")
        name = ref[len(REF_PREFIX) :]
        if name not in kept:
            kept[name] = all_schemas[name]
            pending.extend(_refs(kept[name]))
    info = {**spec["info"], "x-trimmed-from": source}
    return {
        "openapi": spec["openapi"],
        "info": info,
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": dict(sorted(kept.items()))},
    }


def dump(trimmed: dict[str, Any]) -> str:
    """JSON with one path and one schema per line: a spec update reads as a diff of the
    schemas that changed, in a file of a few hundred lines."""

    def entries(mapping: dict[str, Any]) -> str:
        rows = (
            f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in mapping.items()
        )
        return "{\n" + ",\n".join(rows) + "\n }"

    head = {k: v for k, v in trimmed.items() if k not in ("paths", "components")}
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    lines.append(f' "paths": {entries(trimmed["paths"])}')
    lines.append(f' "components": {{"schemas": {entries(trimmed["components"]["schemas"])}}}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", type=Path, help="the full specs/openapi.json")
    parser.add_argument("--source", required=True, help="repository@commit it came from")
    parser.add_argument("--out", type=Path, default=SCHEMAS_FILE)
    args = parser.parse_args(argv)
    spec = json.loads(args.spec.read_text(encoding="utf-8"))
    trimmed = trim(spec, served_routes(), args.source)
    args.out.write_text(dump(trimmed), encoding="utf-8")
    schemas = trimmed["components"]["schemas"]
    print(f"{args.out}: {len(trimmed['paths'])} paths, {len(schemas)} schemas")


if __name__ == "__main__":
    main()
