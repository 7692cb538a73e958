from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.makgill_muster_decision_kind import MakgillMusterDecisionKind

T = TypeVar("T", bound="MakgillMusterDecision")


@_attrs_define
class MakgillMusterDecision:
    """[RULES](/docs/rules) §5 Makgill: `muster` one more card from hand.

    Attributes:
        kind (MakgillMusterDecisionKind): Always `makgill_muster` for this decision.
    """

    kind: MakgillMusterDecisionKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = MakgillMusterDecisionKind(d.pop("kind"))

        makgill_muster_decision = cls(
            kind=kind,
        )

        makgill_muster_decision.additional_properties = d
        return makgill_muster_decision

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
