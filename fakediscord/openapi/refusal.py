"""A schema's complaint turned into Discord's answer: 400 / 50035 "Invalid Form Body" with
the ``errors`` tree at the offending field (``components.0.components.1.custom_id``).

Unions need care. A component is "one of" a dozen schemas told apart by ``type``: those
unions are checked as one ``type`` check and then the chosen schema
(:mod:`fakediscord.openapi.speedups`), and an unknown ``type`` is refused on the component
with ``UNION_TYPE_CHOICES``, as Discord refuses it. In the other unions (a field that is
null or an object) every branch fails; the branch the body's JSON type selects is the one
whose complaint is reported.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from jsonschema.exceptions import ValidationError

from fakediscord.errors import ApiError, invalid_form
from fakediscord.openapi.speedups import DISCRIMINATOR

UNIONS = ("anyOf", "oneOf")
DISCRIMINATORS = ("enum", "const")

# jsonschema keyword -> Discord's error code (``BASE_TYPE_*`` etc. where known).
CODES = {
    "required": "BASE_TYPE_REQUIRED",
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "maxProperties": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
    "maximum": "NUMBER_TYPE_MAX",
    "minimum": "NUMBER_TYPE_MIN",
    "anyOf": "UNION_TYPE_CHOICES",
    "oneOf": "UNION_TYPE_CHOICES",
    "uniqueItems": "BASE_TYPE_UNIQUE",
}
TYPE_CODES = {
    "object": "DICT_TYPE_CONVERT",
    "array": "LIST_TYPE_CONVERT",
    "integer": "NUMBER_TYPE_COERCE",
    "number": "NUMBER_TYPE_COERCE",
    "string": "BASE_TYPE_STRING",
    "boolean": "BASE_TYPE_BOOLEAN",
}


def _misses_branch(error: ValidationError) -> bool:
    """Whether this complaint only says the body is another branch of a union: a wrong
    ``type`` discriminator, or the wrong JSON type altogether (null vs object)."""
    if error.validator == "type" and not error.relative_path:
        return True
    return error.validator in DISCRIMINATORS and list(error.relative_path) == ["type"]


def _branches(error: ValidationError) -> list[list[ValidationError]]:
    """A union's complaints grouped by branch, dropping the branches the body is not."""
    grouped: dict[int, list[ValidationError]] = defaultdict(list)
    for sub in error.context or ():
        grouped[int(sub.relative_schema_path[0])].append(sub)
    return [errs for errs in grouped.values() if not any(map(_misses_branch, errs))]


def _deepest(errors: Iterable[ValidationError]) -> ValidationError:
    return max(errors, key=lambda e: len(e.absolute_path))


def _settle(error: ValidationError) -> ValidationError:
    """Follow unions down to the complaint about the branch the body chose."""
    while error.validator in UNIONS:
        branches = _branches(error)
        if not branches:
            return error
        fewest: list[ValidationError] = min(branches, key=len)
        error = _deepest(fewest)
    return error


def _is_discriminator(error: ValidationError) -> bool:
    return isinstance(error.schema, dict) and bool(error.schema.get(DISCRIMINATOR))


def _path(error: ValidationError) -> str:
    parts = [str(p) for p in error.absolute_path]
    if _is_discriminator(error):
        parts = parts[:-1]  # the union's member, not its ``type`` field
    if error.validator == "required" and isinstance(error.instance, dict):
        fields: Any = error.validator_value
        missing = [k for k in fields if k not in error.instance]
        parts.append(str(missing[0]))
    return ".".join(parts)


def _code(error: ValidationError) -> str:
    if _is_discriminator(error):
        return "UNION_TYPE_CHOICES"
    if error.validator == "type":
        expected: Any = error.validator_value
        first = expected if isinstance(expected, str) else next(iter(expected))
        return TYPE_CODES.get(first, "BASE_TYPE_INVALID")
    return CODES.get(str(error.validator), "BASE_TYPE_INVALID")


def _message(error: ValidationError) -> str:
    """Discord's wording where known (errors.mdx's example and the usual answers)."""
    limit: Any = error.validator_value
    if _is_discriminator(error):
        return f'Value of field "type" must be one of {tuple(limit)}.'
    if error.validator == "required":
        return "This field is required"
    if error.validator in ("maxLength", "maxItems", "maxProperties"):
        return f"Must be {limit} or fewer in length."
    if error.validator in ("minLength", "minItems"):
        return f"Must be {limit} or more in length."
    if error.validator in UNIONS:
        return "Value matches none of the allowed types."
    return error.message


def refusal(errors: Sequence[ValidationError]) -> ApiError:
    """Discord's 400 / 50035 for the first field of the body the schema refuses."""
    error = _settle(_deepest(errors))
    return invalid_form(_path(error), _code(error), _message(error))
