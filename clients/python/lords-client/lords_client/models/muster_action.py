from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.muster_action_type import MusterActionType
from ..types import UNSET, Unset

T = TypeVar("T", bound="MusterAction")


@_attrs_define
class MusterAction:
    """[RULES](/docs/rules) §4 Muster: play a card from your hand into your army. Also answers a Makgill's
    "muster another Follower" ([RULES](/docs/rules) §5).

        Attributes:
            card (int): A card: its id is its rank in edition `standard-v1`, 1 to 98 ([RULES](/docs/rules) §1).
            face_up (bool):
            type_ (MusterActionType): Always `muster` for this action.
            use_power (bool | Unset): Use the card's power now: only face-up and when eligible ([RULES](/docs/rules) §4
                Eligibility). Default: False.
    """

    card: int
    face_up: bool
    type_: MusterActionType
    use_power: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        face_up = self.face_up

        type_ = self.type_.value

        use_power = self.use_power

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "face_up": face_up,
                "type": type_,
            }
        )
        if use_power is not UNSET:
            field_dict["use_power"] = use_power

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        face_up = d.pop("face_up")

        type_ = MusterActionType(d.pop("type"))

        use_power = d.pop("use_power", UNSET)

        muster_action = cls(
            card=card,
            face_up=face_up,
            type_=type_,
            use_power=use_power,
        )

        return muster_action
