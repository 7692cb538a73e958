from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FollowerRef")


@_attrs_define
class FollowerRef:
    """A Follower by place: the army's seat and the position in that army (0 = first mustered).
    Face-down Followers have no visible card id, so targets are always named by place.

        Attributes:
            position (int):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
    """

    position: int
    seat: int

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "position": position,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        seat = d.pop("seat")

        follower_ref = cls(
            position=position,
            seat=seat,
        )

        return follower_ref
