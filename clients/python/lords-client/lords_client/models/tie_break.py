from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TieBreak")


@_attrs_define
class TieBreak:
    """How a tie in strength was broken ([RULES](/docs/rules) §6.3): by the rank of each army's highest-ranked card.

    Attributes:
        card (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
        over_card (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
    """

    card: int
    over_card: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        over_card = self.over_card

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "over_card": over_card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        over_card = d.pop("over_card")

        tie_break = cls(
            card=card,
            over_card=over_card,
        )

        tie_break.additional_properties = d
        return tie_break

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
