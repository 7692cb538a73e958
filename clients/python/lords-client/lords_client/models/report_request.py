from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReportRequest")


@_attrs_define
class ReportRequest:
    """The body of `POST /v1/games/{id}/chat/{line}/report`.

    Attributes:
        reason (str): Why the operator should look at the line: 1 to 500 characters. Example: insults.
    """

    reason: str

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        report_request = cls(
            reason=reason,
        )

        return report_request
