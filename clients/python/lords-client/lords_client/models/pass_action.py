from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.pass_action_type import PassActionType

T = TypeVar("T", bound="PassAction")


@_attrs_define
class PassAction:
    """[RULES](/docs/rules) §4 Pass: only with an empty hand and no recruit to take.

    Attributes:
        type_ (PassActionType): Always `pass` for this action.
    """

    type_: PassActionType

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PassActionType(d.pop("type"))

        pass_action = cls(
            type_=type_,
        )

        return pass_action
