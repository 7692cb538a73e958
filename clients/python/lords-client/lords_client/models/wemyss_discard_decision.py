from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.wemyss_discard_decision_kind import WemyssDiscardDecisionKind

T = TypeVar("T", bound="WemyssDiscardDecision")


@_attrs_define
class WemyssDiscardDecision:
    """[RULES](/docs/rules) §5 Wemyss (or a Scott copying it): `discard_follower`.

    Attributes:
        kind (WemyssDiscardDecisionKind): Always `wemyss_discard` for this decision.
        position (int):
    """

    kind: WemyssDiscardDecisionKind
    position: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        position = self.position

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = WemyssDiscardDecisionKind(d.pop("kind"))

        position = d.pop("position")

        wemyss_discard_decision = cls(
            kind=kind,
            position=position,
        )

        wemyss_discard_decision.additional_properties = d
        return wemyss_discard_decision

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
