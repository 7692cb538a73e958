from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.turn_started_event_type import TurnStartedEventType

T = TypeVar("T", bound="TurnStartedEvent")


@_attrs_define
class TurnStartedEvent:
    """[RULES](/docs/rules) §4: `seat` is to act in turn `turn` (1–5) of the skirmish.

    Attributes:
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        turn (int):
        type_ (TurnStartedEventType): Always `turn_started` for this event.
    """

    seat: int
    turn: int
    type_: TurnStartedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        turn = self.turn

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "turn": turn,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        turn = d.pop("turn")

        type_ = TurnStartedEventType(d.pop("type"))

        turn_started_event = cls(
            seat=seat,
            turn=turn,
            type_=type_,
        )

        turn_started_event.additional_properties = d
        return turn_started_event

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
