from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ArmyScore")


@_attrs_define
class ArmyScore:
    """An army's total at the end of a skirmish ([RULES](/docs/rules) §6.2).

    Attributes:
        doubled (bool): Two or more cards, all of one clan.
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        strength (int):
    """

    doubled: bool
    seat: int
    strength: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        doubled = self.doubled

        seat = self.seat

        strength = self.strength

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "doubled": doubled,
                "seat": seat,
                "strength": strength,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        doubled = d.pop("doubled")

        seat = d.pop("seat")

        strength = d.pop("strength")

        army_score = cls(
            doubled=doubled,
            seat=seat,
            strength=strength,
        )

        army_score.additional_properties = d
        return army_score

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
