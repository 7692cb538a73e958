from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.skirmish_started_event_type import SkirmishStartedEventType

T = TypeVar("T", bound="SkirmishStartedEvent")


@_attrs_define
class SkirmishStartedEvent:
    """[RULES](/docs/rules) §6.7: a new skirmish; `initiative` holds the Victor's Initiative for it.

    Attributes:
        initiative (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        skirmish (int):
        type_ (SkirmishStartedEventType): Always `skirmish_started` for this event.
    """

    initiative: int
    skirmish: int
    type_: SkirmishStartedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        initiative = self.initiative

        skirmish = self.skirmish

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "initiative": initiative,
                "skirmish": skirmish,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        initiative = d.pop("initiative")

        skirmish = d.pop("skirmish")

        type_ = SkirmishStartedEventType(d.pop("type"))

        skirmish_started_event = cls(
            initiative=initiative,
            skirmish=skirmish,
            type_=type_,
        )

        skirmish_started_event.additional_properties = d
        return skirmish_started_event

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
