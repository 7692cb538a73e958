from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_back_event_type import SeatBackEventType

T = TypeVar("T", bound="SeatBackEvent")


@_attrs_define
class SeatBackEvent:
    """Service rules §9.6: `seat`'s player ended their vacation early; its clock runs again.

    Attributes:
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        type_ (SeatBackEventType): Always `seat_back` for this event.
    """

    seat: int
    type_: SeatBackEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = SeatBackEventType(d.pop("type"))

        seat_back_event = cls(
            seat=seat,
            type_=type_,
        )

        seat_back_event.additional_properties = d
        return seat_back_event

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
