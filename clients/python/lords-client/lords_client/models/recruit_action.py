from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.recruit_action_type import RecruitActionType

T = TypeVar("T", bound="RecruitAction")


@_attrs_define
class RecruitAction:
    """[RULES](/docs/rules) §4 Recruit: take the card of a recruit slot into your hand (not with 10 or more
    cards in hand).

        Attributes:
            slot (int): The recruit slot, 0 (leftmost) to 4.
            type_ (RecruitActionType): Always `recruit` for this action.
    """

    slot: int
    type_: RecruitActionType

    def to_dict(self) -> dict[str, Any]:
        slot = self.slot

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slot = d.pop("slot")

        type_ = RecruitActionType(d.pop("type"))

        recruit_action = cls(
            slot=slot,
            type_=type_,
        )

        return recruit_action
