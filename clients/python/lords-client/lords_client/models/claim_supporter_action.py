from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.claim_supporter_action_type import ClaimSupporterActionType

T = TypeVar("T", bound="ClaimSupporterAction")


@_attrs_define
class ClaimSupporterAction:
    """[RULES](/docs/rules) §6.4: the Supporter you claim.

    Attributes:
        supporter (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
        type_ (ClaimSupporterActionType): Always `claim_supporter` for this action.
    """

    supporter: int
    type_: ClaimSupporterActionType

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

        type_ = ClaimSupporterActionType(d.pop("type"))

        claim_supporter_action = cls(
            supporter=supporter,
            type_=type_,
        )

        return claim_supporter_action
