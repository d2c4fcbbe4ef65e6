"""Errors of the fake: what Discord answers (``ApiError``) and what a client refuses."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error response of the REST API: HTTP status, Discord JSON error code, message."""

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None):
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def not_found(code: int = 0, message: str = "404: Not Found") -> ApiError:
    return ApiError(404, code, message)


def unknown_interaction() -> ApiError:
    return ApiError(404, 10062, "Unknown interaction")


def invalid_form(path: str, code: str, message: str) -> ApiError:
    """400/50035 with Discord's nested ``errors`` shape for a dotted field path (empty:
    the body as a whole)."""
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".") if path else []):
        errors = {part: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors)


def too_long(path: str, limit: int) -> ApiError:
    return invalid_form(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def bad_length(path: str, lo: int, hi: int) -> ApiError:
    return invalid_form(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")


def required(path: str) -> ApiError:
    return invalid_form(path, "BASE_TYPE_REQUIRED", "This field is required")


class InteractionRefused(Exception):
    """The acting user tried something a real Discord client could not send."""
