from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VacationStarted")


@_attrs_define
class VacationStarted:
    """A vacation started.

    Attributes:
        days_left (int): Whole days left once this vacation's are spent.
        started_at (datetime.datetime):
        until (datetime.datetime): When it ends: the clocks of decisions awaited from you stay paused until then.
    """

    days_left: int
    started_at: datetime.datetime
    until: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        days_left = self.days_left

        started_at = self.started_at.isoformat()

        until = self.until.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "days_left": days_left,
                "started_at": started_at,
                "until": until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days_left = d.pop("days_left")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        until = datetime.datetime.fromisoformat(d.pop("until"))

        vacation_started = cls(
            days_left=days_left,
            started_at=started_at,
            until=until,
        )

        vacation_started.additional_properties = d
        return vacation_started

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
