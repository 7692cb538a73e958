from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.supporter_swapped_event_type import SupporterSwappedEventType

T = TypeVar("T", bound="SupporterSwappedEvent")


@_attrs_define
class SupporterSwappedEvent:
    """[RULES](/docs/rules) §5 Cockburn: the card at `position` (`given`) takes the Supporter's place in the row
    and the Supporter joins the army face-up in its place.

        Attributes:
            given (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
            position (int):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            supporter (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
            type_ (SupporterSwappedEventType): Always `supporter_swapped` for this event.
    """

    given: int
    position: int
    seat: int
    supporter: int
    type_: SupporterSwappedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        given = self.given

        position = self.position

        seat = self.seat

        supporter = self.supporter

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "given": given,
                "position": position,
                "seat": seat,
                "supporter": supporter,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        given = d.pop("given")

        position = d.pop("position")

        seat = d.pop("seat")

        supporter = d.pop("supporter")

        type_ = SupporterSwappedEventType(d.pop("type"))

        supporter_swapped_event = cls(
            given=given,
            position=position,
            seat=seat,
            supporter=supporter,
            type_=type_,
        )

        supporter_swapped_event.additional_properties = d
        return supporter_swapped_event

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
