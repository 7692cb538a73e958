from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VacationEnded")


@_attrs_define
class VacationEnded:
    """A vacation ended early.

    Attributes:
        days_left (int): Whole days left, the returned ones included.
        returned_days (int): The unused whole days given back.
    """

    days_left: int
    returned_days: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        days_left = self.days_left

        returned_days = self.returned_days

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "days_left": days_left,
                "returned_days": returned_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days_left = d.pop("days_left")

        returned_days = d.pop("returned_days")

        vacation_ended = cls(
            days_left=days_left,
            returned_days=returned_days,
        )

        vacation_ended.additional_properties = d
        return vacation_ended

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
