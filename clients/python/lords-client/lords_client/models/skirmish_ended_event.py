from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.skirmish_ended_event_type import SkirmishEndedEventType

T = TypeVar("T", bound="SkirmishEndedEvent")


@_attrs_define
class SkirmishEndedEvent:
    """[RULES](/docs/rules) §6.5: the listed cards go to the discard pile (row, recruits, Followers); Followers
    in `kept` stay face-up with their power spent.

        Attributes:
            discarded (list[int]):
            kept (list[int]):
            skirmish (int):
            type_ (SkirmishEndedEventType): Always `skirmish_ended` for this event.
    """

    discarded: list[int]
    kept: list[int]
    skirmish: int
    type_: SkirmishEndedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discarded = self.discarded

        kept = self.kept

        skirmish = self.skirmish

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discarded": discarded,
                "kept": kept,
                "skirmish": skirmish,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        discarded = cast(list[int], d.pop("discarded"))

        kept = cast(list[int], d.pop("kept"))

        skirmish = d.pop("skirmish")

        type_ = SkirmishEndedEventType(d.pop("type"))

        skirmish_ended_event = cls(
            discarded=discarded,
            kept=kept,
            skirmish=skirmish,
            type_=type_,
        )

        skirmish_ended_event.additional_properties = d
        return skirmish_ended_event

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
