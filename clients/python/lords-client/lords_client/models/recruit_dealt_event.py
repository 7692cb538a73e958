from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.recruit_dealt_event_type import RecruitDealtEventType

T = TypeVar("T", bound="RecruitDealtEvent")


@_attrs_define
class RecruitDealtEvent:
    """[RULES](/docs/rules) §3.3, §4: the top card of the draw pile into a recruit slot; `card` is `null` when
    dealt face-down.

        Attributes:
            card (int | None):
            face_up (bool):
            slot (int):
            type_ (RecruitDealtEventType): Always `recruit_dealt` for this event.
    """

    card: int | None
    face_up: bool
    slot: int
    type_: RecruitDealtEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card: int | None
        card = self.card

        face_up = self.face_up

        slot = self.slot

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "face_up": face_up,
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

        slot = d.pop("slot")

        type_ = RecruitDealtEventType(d.pop("type"))

        recruit_dealt_event = cls(
            card=card,
            face_up=face_up,
            slot=slot,
            type_=type_,
        )

        recruit_dealt_event.additional_properties = d
        return recruit_dealt_event

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
