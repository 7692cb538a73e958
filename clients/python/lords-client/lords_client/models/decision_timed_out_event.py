from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_timed_out_event_type import DecisionTimedOutEventType

T = TypeVar("T", bound="DecisionTimedOutEvent")


@_attrs_define
class DecisionTimedOutEvent:
    """Service rules §9.4: the decision awaited from `seat` passed its deadline; `consecutive`
    counts this one among the seat's timeouts in a row. A bot's action follows.

        Attributes:
            consecutive (int):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            type_ (DecisionTimedOutEventType): Always `decision_timed_out` for this event.
    """

    consecutive: int
    seat: int
    type_: DecisionTimedOutEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        consecutive = self.consecutive

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "consecutive": consecutive,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        consecutive = d.pop("consecutive")

        seat = d.pop("seat")

        type_ = DecisionTimedOutEventType(d.pop("type"))

        decision_timed_out_event = cls(
            consecutive=consecutive,
            seat=seat,
            type_=type_,
        )

        decision_timed_out_event.additional_properties = d
        return decision_timed_out_event

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
