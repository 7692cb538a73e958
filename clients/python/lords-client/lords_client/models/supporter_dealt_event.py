from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.supporter_dealt_event_type import SupporterDealtEventType

T = TypeVar("T", bound="SupporterDealtEvent")


@_attrs_define
class SupporterDealtEvent:
    """[RULES](/docs/rules) §3.4: the top card of the draw pile into the Supporter row.

    Attributes:
        card (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
        type_ (SupporterDealtEventType): Always `supporter_dealt` for this event.
    """

    card: int
    type_: SupporterDealtEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        type_ = SupporterDealtEventType(d.pop("type"))

        supporter_dealt_event = cls(
            card=card,
            type_=type_,
        )

        supporter_dealt_event.additional_properties = d
        return supporter_dealt_event

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
