"""Rewrites of the published schemas that change how fast they check, never what they
accept. jsonschema evaluates every branch of a ``oneOf``; the spec uses one for each
enumeration and for each union of component (or callback) types, so a message of twenty
components took some ten milliseconds. Enumerations become ``enum``; a union told apart by
``type`` becomes a ``type`` check and then only the chosen branch (a keyword of ours that
:mod:`fakediscord.openapi.validator` adds to jsonschema's 2020-12 validator); references
are inlined. Each rewrite is applied only where it provably means the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jsonschema.exceptions import ValidationError

REF_PREFIX = "#/components/schemas/"
UNIONS = ("oneOf", "anyOf")
UNION_NOTES = ("x-discord-union",)
DISPATCH = "x-lutece-dispatch"
"""The branch of a union for each ``type`` value (see :func:`dispatch_keyword`)."""
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
    (the :data:`DISPATCH` keyword); the node unchanged if its branches' ``type`` values
    overlap (then the body could match two, which a ``oneOf`` refuses)."""
    union = next((k for k in UNIONS if k in node), None)
    if union is None or set(node) - {union, *UNION_NOTES}:
        return node
    by_type: dict[str, Any] = {}
    every: list[Any] = []
    for branch in node[union]:
        values = _type_values(branch, schemas)
        if not values or any(str(v) in by_type for v in values):
            return node
        by_type.update({str(v): branch for v in values})
        every.extend(values)
    return {
        "type": "object",
        "required": ["type"],
        "properties": {
            "type": {"enum": every, DISCRIMINATOR: True},
        },
        DISPATCH: by_type,
    }


def dispatch_keyword(
    validator: Any, by_type: dict[str, Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    """The :data:`DISPATCH` keyword: check an object against the branch its ``type`` names
    (an unknown or missing ``type`` is refused by the sibling ``enum`` and ``required``)."""
    if not isinstance(instance, dict):
        return
    value = instance.get("type")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    branch = by_type.get(str(value)) if not isinstance(value, bool) else None
    if branch is not None:
        yield from validator.descend(instance, branch)


def dispatch_unions(node: Any, schemas: dict[str, Any]) -> Any:
    """:func:`_dispatch` on every union of the document (``schemas``: its components)."""
    if isinstance(node, list):
        return [dispatch_unions(item, schemas) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: dispatch_unions(value, schemas) for key, value in node.items()}
    return _dispatch(out, schemas)


def inline_refs(node: Any, schemas: dict[str, Any], seen: tuple[str, ...] = ()) -> Any:
    """Each ``{"$ref": "#/components/schemas/X"}`` replaced by X itself (resolving a
    reference costs as much as checking a field); a reference back into itself is kept."""
    if isinstance(node, list):
        return [inline_refs(item, schemas, seen) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if set(node) == {"$ref"} and isinstance(ref, str) and ref.startswith(REF_PREFIX):
        name = ref[len(REF_PREFIX) :]
        if name not in seen:
            return inline_refs(schemas[name], schemas, (*seen, name))
    return {key: inline_refs(value, schemas, seen) for key, value in node.items()}


def faster(document: dict[str, Any]) -> dict[str, Any]:
    """The document with every rewrite (the paths' schemas inlined, the components kept)."""
    document = as_enums(document)
    document = dispatch_unions(document, document["components"]["schemas"])
    schemas = document["components"]["schemas"]
    return {**document, "paths": inline_refs(document["paths"], schemas)}
