from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clan import Clan
from ..models.power_copied_event_type import PowerCopiedEventType

if TYPE_CHECKING:
    from ..models.follower_ref import FollowerRef


T = TypeVar("T", bound="PowerCopiedEvent")


@_attrs_define
class PowerCopiedEvent:
    """[RULES](/docs/rules) §5 Scott: the Scott at `position` uses the power of `target`'s clan.

    Attributes:
        clan (Clan): The nine clans of [RULES](/docs/rules) §1.
        position (int):
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        target (FollowerRef): A Follower by place: the army's seat and the position in that army (0 = first mustered).
            Face-down Followers have no visible card id, so targets are always named by place.
        type_ (PowerCopiedEventType): Always `power_copied` for this event.
    """

    clan: Clan
    position: int
    seat: int
    target: FollowerRef
    type_: PowerCopiedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clan = self.clan.value

        position = self.position

        seat = self.seat

        target = self.target.to_dict()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clan": clan,
                "position": position,
                "seat": seat,
                "target": target,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.follower_ref import FollowerRef  # noqa: PLC0415

        d = dict(src_dict)
        clan = Clan(d.pop("clan"))

        position = d.pop("position")

        seat = d.pop("seat")

        target = FollowerRef.from_dict(d.pop("target"))

        type_ = PowerCopiedEventType(d.pop("type"))

        power_copied_event = cls(
            clan=clan,
            position=position,
            seat=seat,
            target=target,
            type_=type_,
        )

        power_copied_event.additional_properties = d
        return power_copied_event

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
