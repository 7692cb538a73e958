from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.follower_discarded_event_type import FollowerDiscardedEventType

if TYPE_CHECKING:
    from ..models.follower_ref import FollowerRef


T = TypeVar("T", bound="FollowerDiscardedEvent")


@_attrs_define
class FollowerDiscardedEvent:
    """[RULES](/docs/rules) §5 Wemyss: the target Follower is discarded and revealed.

    Attributes:
        card (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        target (FollowerRef): A Follower by place: the army's seat and the position in that army (0 = first mustered).
            Face-down Followers have no visible card id, so targets are always named by place.
        type_ (FollowerDiscardedEventType): Always `follower_discarded` for this event.
    """

    card: int
    seat: int
    target: FollowerRef
    type_: FollowerDiscardedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        seat = self.seat

        target = self.target.to_dict()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
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
        card = d.pop("card")

        seat = d.pop("seat")

        target = FollowerRef.from_dict(d.pop("target"))

        type_ = FollowerDiscardedEventType(d.pop("type"))

        follower_discarded_event = cls(
            card=card,
            seat=seat,
            target=target,
            type_=type_,
        )

        follower_discarded_event.additional_properties = d
        return follower_discarded_event

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
