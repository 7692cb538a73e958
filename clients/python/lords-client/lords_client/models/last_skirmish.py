from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.claim import Claim
    from ..models.placed import Placed


T = TypeVar("T", bound="LastSkirmish")


@_attrs_define
class LastSkirmish:
    """The last scored skirmish ([RULES](/docs/rules) §6): every army was revealed when it was scored, so all of it
    is public.

        Attributes:
            claims (list[Claim]): The Supporters claimed at its end, in the order they were claimed ([RULES](/docs/rules)
                §6.4); it grows
                while claims are awaited.
            placement (list[Placed]): The placed armies, first place first ([RULES](/docs/rules) §6.3); a player with no
                Follower is not placed.
            skirmish (int): Its number, from 1.
    """

    claims: list[Claim]
    placement: list[Placed]
    skirmish: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        claims = []
        for claims_item_data in self.claims:
            claims_item = claims_item_data.to_dict()
            claims.append(claims_item)

        placement = []
        for placement_item_data in self.placement:
            placement_item = placement_item_data.to_dict()
            placement.append(placement_item)

        skirmish = self.skirmish

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "claims": claims,
                "placement": placement,
                "skirmish": skirmish,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim import Claim  # noqa: PLC0415
        from ..models.placed import Placed  # noqa: PLC0415

        d = dict(src_dict)
        claims = []
        _claims = d.pop("claims")
        for claims_item_data in _claims:
            claims_item = Claim.from_dict(claims_item_data)

            claims.append(claims_item)

        placement = []
        _placement = d.pop("placement")
        for placement_item_data in _placement:
            placement_item = Placed.from_dict(placement_item_data)

            placement.append(placement_item)

        skirmish = d.pop("skirmish")

        last_skirmish = cls(
            claims=claims,
            placement=placement,
            skirmish=skirmish,
        )

        last_skirmish.additional_properties = d
        return last_skirmish

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
