from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.armies_scored_event_type import ArmiesScoredEventType

if TYPE_CHECKING:
    from ..models.army_score import ArmyScore
    from ..models.claim_right import ClaimRight


T = TypeVar("T", bound="ArmiesScoredEvent")


@_attrs_define
class ArmiesScoredEvent:
    """[RULES](/docs/rules) §6.2–6.4: army strengths, the placement, and each placed player's claims.

    Attributes:
        armies (list[ArmyScore]):
        placement (list[ClaimRight]):
        type_ (ArmiesScoredEventType): Always `armies_scored` for this event.
    """

    armies: list[ArmyScore]
    placement: list[ClaimRight]
    type_: ArmiesScoredEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        armies = []
        for armies_item_data in self.armies:
            armies_item = armies_item_data.to_dict()
            armies.append(armies_item)

        placement = []
        for placement_item_data in self.placement:
            placement_item = placement_item_data.to_dict()
            placement.append(placement_item)

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "armies": armies,
                "placement": placement,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_score import ArmyScore  # noqa: PLC0415
        from ..models.claim_right import ClaimRight  # noqa: PLC0415

        d = dict(src_dict)
        armies = []
        _armies = d.pop("armies")
        for armies_item_data in _armies:
            armies_item = ArmyScore.from_dict(armies_item_data)

            armies.append(armies_item)

        placement = []
        _placement = d.pop("placement")
        for placement_item_data in _placement:
            placement_item = ClaimRight.from_dict(placement_item_data)

            placement.append(placement_item)

        type_ = ArmiesScoredEventType(d.pop("type"))

        armies_scored_event = cls(
            armies=armies,
            placement=placement,
            type_=type_,
        )

        armies_scored_event.additional_properties = d
        return armies_scored_event

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
