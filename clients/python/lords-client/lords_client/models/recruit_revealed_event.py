from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.recruit_revealed_event_type import RecruitRevealedEventType

T = TypeVar("T", bound="RecruitRevealedEvent")


@_attrs_define
class RecruitRevealedEvent:
    """[RULES](/docs/rules) §4: the initiative holder's action turned the leftmost face-down recruit face-up.

    Attributes:
        card (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
        slot (int):
        type_ (RecruitRevealedEventType): Always `recruit_revealed` for this event.
    """

    card: int
    slot: int
    type_: RecruitRevealedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        slot = self.slot

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        slot = d.pop("slot")

        type_ = RecruitRevealedEventType(d.pop("type"))

        recruit_revealed_event = cls(
            card=card,
            slot=slot,
            type_=type_,
        )

        recruit_revealed_event.additional_properties = d
        return recruit_revealed_event

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
