from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.swap_supporter_action_type import SwapSupporterActionType

T = TypeVar("T", bound="SwapSupporterAction")


@_attrs_define
class SwapSupporterAction:
    """[RULES](/docs/rules) §5 Cockburn: the Supporter that joins your army.

    Attributes:
        supporter (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
        type_ (SwapSupporterActionType): Always `swap_supporter` for this action.
    """

    supporter: int
    type_: SwapSupporterActionType

    def to_dict(self) -> dict[str, Any]:
        supporter = self.supporter

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "supporter": supporter,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        supporter = d.pop("supporter")

        type_ = SwapSupporterActionType(d.pop("type"))

        swap_supporter_action = cls(
            supporter=supporter,
            type_=type_,
        )

        return swap_supporter_action
