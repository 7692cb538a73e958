from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scott_copy_decision_kind import ScottCopyDecisionKind

T = TypeVar("T", bound="ScottCopyDecision")


@_attrs_define
class ScottCopyDecision:
    """[RULES](/docs/rules) §5 Scott: choose the power to copy (`copy_power`).

    Attributes:
        kind (ScottCopyDecisionKind): Always `scott_copy` for this decision.
        position (int):
    """

    kind: ScottCopyDecisionKind
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
        kind = ScottCopyDecisionKind(d.pop("kind"))

        position = d.pop("position")

        scott_copy_decision = cls(
            kind=kind,
            position=position,
        )

        scott_copy_decision.additional_properties = d
        return scott_copy_decision

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
