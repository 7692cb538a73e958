from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clan import Clan
from ..models.power_activated_event_type import PowerActivatedEventType

T = TypeVar("T", bound="PowerActivatedEvent")


@_attrs_define
class PowerActivatedEvent:
    """[RULES](/docs/rules) §5: an end-of-skirmish power became active on the Follower at `position` (a Scott
    carries `clan` as its token).

        Attributes:
            clan (Clan): The nine clans of [RULES](/docs/rules) §1.
            position (int):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            type_ (PowerActivatedEventType): Always `power_activated` for this event.
    """

    clan: Clan
    position: int
    seat: int
    type_: PowerActivatedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clan = self.clan.value

        position = self.position

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clan": clan,
                "position": position,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        clan = Clan(d.pop("clan"))

        position = d.pop("position")

        seat = d.pop("seat")

        type_ = PowerActivatedEventType(d.pop("type"))

        power_activated_event = cls(
            clan=clan,
            position=position,
            seat=seat,
            type_=type_,
        )

        power_activated_event.additional_properties = d
        return power_activated_event

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
