from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.copy_power_action_type import CopyPowerActionType

if TYPE_CHECKING:
    from ..models.follower_ref import FollowerRef


T = TypeVar("T", bound="CopyPowerAction")


@_attrs_define
class CopyPowerAction:
    """[RULES](/docs/rules) §5 Scott: the face-up Follower whose power the Scott copies.

    Attributes:
        target (FollowerRef): A Follower by place: the army's seat and the position in that army (0 = first mustered).
            Face-down Followers have no visible card id, so targets are always named by place.
        type_ (CopyPowerActionType): Always `copy_power` for this action.
    """

    target: FollowerRef
    type_: CopyPowerActionType

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

        type_ = CopyPowerActionType(d.pop("type"))

        copy_power_action = cls(
            target=target,
            type_=type_,
        )

        return copy_power_action
