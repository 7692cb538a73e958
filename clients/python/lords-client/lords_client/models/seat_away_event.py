from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_away_event_type import SeatAwayEventType

T = TypeVar("T", bound="SeatAwayEvent")


@_attrs_define
class SeatAwayEvent:
    """Service rules §9.6: `seat`'s player is on vacation until `until_ms` (milliseconds since
    the Unix epoch): the clock of a decision awaited from it is paused until then.

        Attributes:
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            type_ (SeatAwayEventType): Always `seat_away` for this event.
            until_ms (int):
    """

    seat: int
    type_: SeatAwayEventType
    until_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_.value

        until_ms = self.until_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "type": type_,
                "until_ms": until_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = SeatAwayEventType(d.pop("type"))

        until_ms = d.pop("until_ms")

        seat_away_event = cls(
            seat=seat,
            type_=type_,
            until_ms=until_ms,
        )

        seat_away_event.additional_properties = d
        return seat_away_event

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
