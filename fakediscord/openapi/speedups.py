"""Rewrites of the published schemas that change how fast they check, never what they
accept. jsonschema evaluates every branch of a ``oneOf``; the spec uses one for each
enumeration and for each union of component (or callback) types, so a message of twenty
components took some ten milliseconds. Each rewrite is applied only where it provably means
the same.
"""

from __future__ import annotations

from typing import Any

REF_PREFIX = "#/components/schemas/"
UNIONS = ("oneOf", "anyOf")
UNION_NOTES = ("x-discord-union",)
DISCRIMINATOR = "x-lutece-discriminator"
"""Marks the ``type`` check a union became, so a refusal reports the union (Discord's
``UNION_TYPE_CHOICES``) rather than a plain enum."""


def as_enums(node: Any) -> Any:
    """Each enumeration, written as ``oneOf`` titled ``const`` values, as the same ``enum``."""
    if isinstance(node, list):
        return [as_enums(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: as_enums(value) for key, value in node.items()}
    branches = out.get("oneOf")
    if isinstance(branches, list) and all(isinstance(b, dict) and "const" in b for b in branches):
        del out["oneOf"]
        out["enum"] = [b["const"] for b in branches]
    return out


def _type_values(branch: Any, schemas: dict[str, Any]) -> list[Any] | None:
    """The ``type`` values a union branch requires (a ``$ref`` to an object schema that
    requires ``type`` from a fixed list), or None if it is not such a branch."""
    if not isinstance(branch, dict) or set(branch) != {"$ref"}:
        return None
    ref = branch["$ref"]
    if not isinstance(ref, str) or not ref.startswith(REF_PREFIX):
        return None
    target = schemas.get(ref[len(REF_PREFIX) :], {})
    values = target.get("properties", {}).get("type", {}).get("enum")
    if target.get("type") != "object" or "type" not in target.get("required", ()):
        return None
    return list(values) if isinstance(values, list) else None


def _dispatch(node: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    """A union told apart by ``type`` as one ``type`` check, then only the chosen branch
    (``if``/``then``); the node unchanged if its branches' ``type`` values overlap."""
    union = next((k for k in UNIONS if k in node), None)
    if union is None or set(node) - {union, *UNION_NOTES}:
        return node
    chosen = [(_type_values(b, schemas), b) for b in node[union]]
    seen: list[Any] = []
    for values, _ in chosen:
        if not values or any(v in seen for v in values):
            return node
        seen.extend(values)
    return {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": seen, DISCRIMINATOR: True}},
        "allOf": [
            {"if": {"properties": {"type": {"enum": values}}}, "then": branch}
            for values, branch in chosen
        ],
    }


def dispatch_unions(node: Any, schemas: dict[str, Any]) -> Any:
    """:func:`_dispatch` on every union of the document (``schemas``: its components)."""
    if isinstance(node, list):
        return [dispatch_unions(item, schemas) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: dispatch_unions(value, schemas) for key, value in node.items()}
    return _dispatch(out, schemas)


def faster(document: dict[str, Any]) -> dict[str, Any]:
    """The document with both rewrites."""
    document = as_enums(document)
    return dispatch_unions(document, document["components"]["schemas"])
