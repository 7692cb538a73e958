from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_attempt_result import WebhookAttemptResult

T = TypeVar("T", bound="WebhookAttemptDto")


@_attrs_define
class WebhookAttemptDto:
    """One attempt to deliver.

    Attributes:
        attempt (int): From 1.
        attempted_at (datetime.datetime):
        duration_ms (int):
        result (WebhookAttemptResult): How an attempt went. Deliberately coarse: which network error it was (refused,
            reset,
            unreachable, ...) is not told, so that the record cannot serve to scan a network.
        status_code (int | None): The endpoint's HTTP status when `result` is `http_status`; `null` otherwise. Example:
            200.
    """

    attempt: int
    attempted_at: datetime.datetime
    duration_ms: int
    result: WebhookAttemptResult
    status_code: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        attempted_at = self.attempted_at.isoformat()

        duration_ms = self.duration_ms

        result = self.result.value

        status_code: int | None
        status_code = self.status_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt": attempt,
                "attempted_at": attempted_at,
                "duration_ms": duration_ms,
                "result": result,
                "status_code": status_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        attempted_at = datetime.datetime.fromisoformat(d.pop("attempted_at"))

        duration_ms = d.pop("duration_ms")

        result = WebhookAttemptResult(d.pop("result"))

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        webhook_attempt_dto = cls(
            attempt=attempt,
            attempted_at=attempted_at,
            duration_ms=duration_ms,
            result=result,
            status_code=status_code,
        )

        webhook_attempt_dto.additional_properties = d
        return webhook_attempt_dto

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
