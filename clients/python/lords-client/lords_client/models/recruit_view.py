from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.recruit_state import RecruitState

T = TypeVar("T", bound="RecruitView")


@_attrs_define
class RecruitView:
    """A recruit slot ([RULES](/docs/rules) §4).

    Attributes:
        card (int | None): The card when face-up (or in the full view once the game is over); otherwise `null`.
        slot (int):
        state (RecruitState): Whether a recruit slot is empty, face-down or face-up.
    """

    card: int | None
    slot: int
    state: RecruitState
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card: int | None
        card = self.card

        slot = self.slot

        state = self.state.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "slot": slot,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_card(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        card = _parse_card(d.pop("card"))

        slot = d.pop("slot")

        state = RecruitState(d.pop("state"))

        recruit_view = cls(
            card=card,
            slot=slot,
            state=state,
        )

        recruit_view.additional_properties = d
        return recruit_view

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
