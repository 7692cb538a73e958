from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ArmyStrength")


@_attrs_define
class ArmyStrength:
    """An army's strength as [RULES](/docs/rules) §6.2 counts it, as far as the viewer can know: a face-down
    Follower's strength (and clan) is known only to its owner until it is revealed.

        Attributes:
            doubled (bool): `known` is doubled: two or more cards, all of one clan ([RULES](/docs/rules) §6.2). Always
                `false`
                while a hidden card leaves it unknown.
            hidden_cards (int): The face-down Followers whose strength the viewer cannot know (their card is `null`).
            known (int): With no hidden card: the army's strength, doubled when `doubled`. With hidden cards: the
                sum of the strengths the viewer sees; the hidden cards add to it, and may double it.
    """

    doubled: bool
    hidden_cards: int
    known: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        doubled = self.doubled

        hidden_cards = self.hidden_cards

        known = self.known

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "doubled": doubled,
                "hidden_cards": hidden_cards,
                "known": known,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        doubled = d.pop("doubled")

        hidden_cards = d.pop("hidden_cards")

        known = d.pop("known")

        army_strength = cls(
            doubled=doubled,
            hidden_cards=hidden_cards,
            known=known,
        )

        army_strength.additional_properties = d
        return army_strength

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
