from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.followers_swapped_event_type import FollowersSwappedEventType

if TYPE_CHECKING:
    from ..models.follower_ref import FollowerRef


T = TypeVar("T", bound="FollowersSwappedEvent")


@_attrs_define
class FollowersSwappedEvent:
    """[RULES](/docs/rules) §5 Fergusson: the card at `position` (`given`) goes face-up to `target`'s place, and
    the target Follower comes to `position` with its facing and state. `taken` is `null` when
    face-down, except for the two seats involved.

        Attributes:
            given (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
            position (int):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            taken (int | None):
            taken_face_up (bool):
            target (FollowerRef): A Follower by place: the army's seat and the position in that army (0 = first mustered).
                Face-down Followers have no visible card id, so targets are always named by place.
            type_ (FollowersSwappedEventType): Always `followers_swapped` for this event.
    """

    given: int
    position: int
    seat: int
    taken: int | None
    taken_face_up: bool
    target: FollowerRef
    type_: FollowersSwappedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        given = self.given

        position = self.position

        seat = self.seat

        taken: int | None
        taken = self.taken

        taken_face_up = self.taken_face_up

        target = self.target.to_dict()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "given": given,
                "position": position,
                "seat": seat,
                "taken": taken,
                "taken_face_up": taken_face_up,
                "target": target,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.follower_ref import FollowerRef  # noqa: PLC0415

        d = dict(src_dict)
        given = d.pop("given")

        position = d.pop("position")

        seat = d.pop("seat")

        def _parse_taken(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        taken = _parse_taken(d.pop("taken"))

        taken_face_up = d.pop("taken_face_up")

        target = FollowerRef.from_dict(d.pop("target"))

        type_ = FollowersSwappedEventType(d.pop("type"))

        followers_swapped_event = cls(
            given=given,
            position=position,
            seat=seat,
            taken=taken,
            taken_face_up=taken_face_up,
            target=target,
            type_=type_,
        )

        followers_swapped_event.additional_properties = d
        return followers_swapped_event

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
