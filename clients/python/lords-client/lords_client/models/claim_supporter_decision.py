from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.claim_supporter_decision_kind import ClaimSupporterDecisionKind

T = TypeVar("T", bound="ClaimSupporterDecision")


@_attrs_define
class ClaimSupporterDecision:
    """[RULES](/docs/rules) §6.4: claim a Supporter (`claim_supporter`); `claims_left` counts this one.

    Attributes:
        claims_left (int):
        kind (ClaimSupporterDecisionKind): Always `claim_supporter` for this decision.
    """

    claims_left: int
    kind: ClaimSupporterDecisionKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        claims_left = self.claims_left

        kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "claims_left": claims_left,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        claims_left = d.pop("claims_left")

        kind = ClaimSupporterDecisionKind(d.pop("kind"))

        claim_supporter_decision = cls(
            claims_left=claims_left,
            kind=kind,
        )

        claim_supporter_decision.additional_properties = d
        return claim_supporter_decision

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
