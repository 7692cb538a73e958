from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.recruited_event_type import RecruitedEventType

T = TypeVar("T", bound="RecruitedEvent")


@_attrs_define
class RecruitedEvent:
    """[RULES](/docs/rules) §4 Recruit; the refill is a following `recruit_dealt` (or none when no card is left).
    `card` is `null` for a face-down recruit, except for the recruiting seat.

        Attributes:
            card (int | None):
            face_up (bool):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            slot (int):
            type_ (RecruitedEventType): Always `recruited` for this event.
    """

    card: int | None
    face_up: bool
    seat: int
    slot: int
    type_: RecruitedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card: int | None
        card = self.card

        face_up = self.face_up

        seat = self.seat

        slot = self.slot

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "face_up": face_up,
                "seat": seat,
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_card(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        card = _parse_card(d.pop("card"))

        face_up = d.pop("face_up")

        seat = d.pop("seat")

        slot = d.pop("slot")

        type_ = RecruitedEventType(d.pop("type"))

        recruited_event = cls(
            card=card,
            face_up=face_up,
            seat=seat,
            slot=slot,
            type_=type_,
        )

        recruited_event.additional_properties = d
        return recruited_event

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
