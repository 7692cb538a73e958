from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clan import Clan
from ..models.timing import Timing

T = TypeVar("T", bound="CardDto")


@_attrs_define
class CardDto:
    """
    Attributes:
        clan (Clan): The nine clans of [RULES](/docs/rules) §1.
        id (int): The card id, equal to its rank (1..=98). Example: 2.
        power (str): The clan's power as printed. Example: Muster another Follower.
        rank (int): Rank breaks ties (higher wins). Example: 2.
        strength (int):  Example: 1.
        timing (Timing): When a clan's power takes effect ([RULES](/docs/rules) §1): `immediate`, as the card is
            mustered;
            `end_of_skirmish`, once used it stays active and counts at the end of the skirmish.
    """

    clan: Clan
    id: int
    power: str
    rank: int
    strength: int
    timing: Timing
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clan = self.clan.value

        id = self.id

        power = self.power

        rank = self.rank

        strength = self.strength

        timing = self.timing.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clan": clan,
                "id": id,
                "power": power,
                "rank": rank,
                "strength": strength,
                "timing": timing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        clan = Clan(d.pop("clan"))

        id = d.pop("id")

        power = d.pop("power")

        rank = d.pop("rank")

        strength = d.pop("strength")

        timing = Timing(d.pop("timing"))

        card_dto = cls(
            clan=clan,
            id=id,
            power=power,
            rank=rank,
            strength=strength,
            timing=timing,
        )

        card_dto.additional_properties = d
        return card_dto

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
