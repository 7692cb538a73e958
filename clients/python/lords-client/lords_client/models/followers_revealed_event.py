from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.followers_revealed_event_type import FollowersRevealedEventType

if TYPE_CHECKING:
    from ..models.revealed_follower import RevealedFollower


T = TypeVar("T", bound="FollowersRevealedEvent")


@_attrs_define
class FollowersRevealedEvent:
    """[RULES](/docs/rules) §6.1: every face-down Follower turned face-up.

    Attributes:
        followers (list[RevealedFollower]):
        type_ (FollowersRevealedEventType): Always `followers_revealed` for this event.
    """

    followers: list[RevealedFollower]
    type_: FollowersRevealedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        followers = []
        for followers_item_data in self.followers:
            followers_item = followers_item_data.to_dict()
            followers.append(followers_item)

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "followers": followers,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.revealed_follower import RevealedFollower  # noqa: PLC0415

        d = dict(src_dict)
        followers = []
        _followers = d.pop("followers")
        for followers_item_data in _followers:
            followers_item = RevealedFollower.from_dict(followers_item_data)

            followers.append(followers_item)

        type_ = FollowersRevealedEventType(d.pop("type"))

        followers_revealed_event = cls(
            followers=followers,
            type_=type_,
        )

        followers_revealed_event.additional_properties = d
        return followers_revealed_event

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
