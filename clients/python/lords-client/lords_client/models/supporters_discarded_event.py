from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.supporters_discarded_event_type import SupportersDiscardedEventType

T = TypeVar("T", bound="SupportersDiscardedEvent")


@_attrs_define
class SupportersDiscardedEvent:
    """[RULES](/docs/rules) §3.4: the whole row had one strength and was discarded to be dealt again.

    Attributes:
        cards (list[int]):
        type_ (SupportersDiscardedEventType): Always `supporters_discarded` for this event.
    """

    cards: list[int]
    type_: SupportersDiscardedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[int], d.pop("cards"))

        type_ = SupportersDiscardedEventType(d.pop("type"))

        supporters_discarded_event = cls(
            cards=cards,
            type_=type_,
        )

        supporters_discarded_event.additional_properties = d
        return supporters_discarded_event

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
