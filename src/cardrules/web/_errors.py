"""The API's one exception: an error answer with its status, code and player message."""

from __future__ import annotations

from typing import Any

from cardrules.errors import (
    AmbiguousMoveError,
    CardrulesError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidRecordError,
    UnknownOptionError,
)
from cardrules.web._bodies import ErrorBody, ErrorDetail, plain

__all__ = ["ApiError", "from_cardrules"]


class ApiError(Exception):
    """An error answer: HTTP *status*, a stable *code*, a *message* in player words, and the rule or field."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        field: str | None = None,
        retry_after: int | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.detail = ErrorDetail(code, message, rule, field)
        self.retry_after = retry_after
        """For a 429: the seconds to wait, sent as the ``Retry-After`` header."""

    def body(self) -> dict[str, Any]:
        """The JSON body of the answer."""
        data: dict[str, Any] = plain(ErrorBody(self.detail))
        return data


def from_cardrules(exc: CardrulesError, field: str | None = None) -> ApiError:
    """The answer for a library error: the rule and the reason for an illegal move, the message otherwise."""
    if isinstance(exc, IllegalMoveError):
        return ApiError(422, "illegal_move", exc.reason, rule=exc.rule.id, field=field)
    if isinstance(exc, AmbiguousMoveError):
        return ApiError(422, "ambiguous_move", str(exc), field=field)
    if isinstance(exc, InvalidNotationError):
        return ApiError(422, "bad_notation", str(exc), field=field)
    if isinstance(exc, UnknownOptionError):
        return ApiError(422, "unknown_option", str(exc), field=field)
    if isinstance(exc, InvalidOptionError):
        return ApiError(422, "bad_option", str(exc), field=field)
    if isinstance(exc, InvalidRecordError):
        return ApiError(422, "invalid_record", str(exc), field=field or exc.path)
    return ApiError(422, "refused", str(exc), field=field)
