from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_abandoned_event_type import SeatAbandonedEventType

T = TypeVar("T", bound="SeatAbandonedEvent")


@_attrs_define
class SeatAbandonedEvent:
    """Service rules §9.4: `max_timeouts` timeouts in a row: the seat is treated as resigned.

    Attributes:
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        type_ (SeatAbandonedEventType): Always `seat_abandoned` for this event.
    """

    seat: int
    type_: SeatAbandonedEventType
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

        type_ = SeatAbandonedEventType(d.pop("type"))

        seat_abandoned_event = cls(
            seat=seat,
            type_=type_,
        )

        seat_abandoned_event.additional_properties = d
        return seat_abandoned_event

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
