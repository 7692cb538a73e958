from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.discard_follower_action_type import DiscardFollowerActionType

if TYPE_CHECKING:
    from ..models.follower_ref import FollowerRef


T = TypeVar("T", bound="DiscardFollowerAction")


@_attrs_define
class DiscardFollowerAction:
    """[RULES](/docs/rules) §5 Wemyss: the Follower to discard.

    Attributes:
        target (FollowerRef): A Follower by place: the army's seat and the position in that army (0 = first mustered).
            Face-down Followers have no visible card id, so targets are always named by place.
        type_ (DiscardFollowerActionType): Always `discard_follower` for this action.
    """

    target: FollowerRef
    type_: DiscardFollowerActionType

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target": target,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.follower_ref import FollowerRef  # noqa: PLC0415

        d = dict(src_dict)
        target = FollowerRef.from_dict(d.pop("target"))

        type_ = DiscardFollowerActionType(d.pop("type"))

        discard_follower_action = cls(
            target=target,
            type_=type_,
        )

        return discard_follower_action
