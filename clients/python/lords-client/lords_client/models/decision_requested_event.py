from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_requested_event_type import DecisionRequestedEventType

if TYPE_CHECKING:
    from ..models.claim_supporter_decision import ClaimSupporterDecision
    from ..models.cockburn_swap_decision import CockburnSwapDecision
    from ..models.fergusson_swap_decision import FergussonSwapDecision
    from ..models.makgill_muster_decision import MakgillMusterDecision
    from ..models.scott_copy_decision import ScottCopyDecision
    from ..models.turn_decision import TurnDecision
    from ..models.wemyss_discard_decision import WemyssDiscardDecision


T = TypeVar("T", bound="DecisionRequestedEvent")


@_attrs_define
class DecisionRequestedEvent:
    """A power now waits for `seat`'s choice, or claims wait at the end of a skirmish.

    Attributes:
        decision (ClaimSupporterDecision | CockburnSwapDecision | FergussonSwapDecision | MakgillMusterDecision |
            ScottCopyDecision | TurnDecision | WemyssDiscardDecision): What the awaited player must decide, picked by
            `kind`.
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        type_ (DecisionRequestedEventType): Always `decision_requested` for this event.
    """

    decision: (
        ClaimSupporterDecision
        | CockburnSwapDecision
        | FergussonSwapDecision
        | MakgillMusterDecision
        | ScottCopyDecision
        | TurnDecision
        | WemyssDiscardDecision
    )
    seat: int
    type_: DecisionRequestedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.cockburn_swap_decision import CockburnSwapDecision  # noqa: PLC0415
        from ..models.fergusson_swap_decision import FergussonSwapDecision  # noqa: PLC0415
        from ..models.makgill_muster_decision import MakgillMusterDecision  # noqa: PLC0415
        from ..models.scott_copy_decision import ScottCopyDecision  # noqa: PLC0415
        from ..models.turn_decision import TurnDecision  # noqa: PLC0415
        from ..models.wemyss_discard_decision import WemyssDiscardDecision  # noqa: PLC0415

        decision: dict[str, Any]
        if isinstance(self.decision, TurnDecision):
            decision = self.decision.to_dict()
        elif isinstance(self.decision, MakgillMusterDecision):
            decision = self.decision.to_dict()
        elif isinstance(self.decision, CockburnSwapDecision):
            decision = self.decision.to_dict()
        elif isinstance(self.decision, FergussonSwapDecision):
            decision = self.decision.to_dict()
        elif isinstance(self.decision, WemyssDiscardDecision):
            decision = self.decision.to_dict()
        elif isinstance(self.decision, ScottCopyDecision):
            decision = self.decision.to_dict()
        else:
            decision = self.decision.to_dict()

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim_supporter_decision import ClaimSupporterDecision  # noqa: PLC0415
        from ..models.cockburn_swap_decision import CockburnSwapDecision  # noqa: PLC0415
        from ..models.fergusson_swap_decision import FergussonSwapDecision  # noqa: PLC0415
        from ..models.makgill_muster_decision import MakgillMusterDecision  # noqa: PLC0415
        from ..models.scott_copy_decision import ScottCopyDecision  # noqa: PLC0415
        from ..models.turn_decision import TurnDecision  # noqa: PLC0415
        from ..models.wemyss_discard_decision import WemyssDiscardDecision  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_decision(
            data: object,
        ) -> (
            ClaimSupporterDecision
            | CockburnSwapDecision
            | FergussonSwapDecision
            | MakgillMusterDecision
            | ScottCopyDecision
            | TurnDecision
            | WemyssDiscardDecision
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_decision_type_0 = TurnDecision.from_dict(data)

                return componentsschemas_decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_decision_type_1 = MakgillMusterDecision.from_dict(data)

                return componentsschemas_decision_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_decision_type_2 = CockburnSwapDecision.from_dict(data)

                return componentsschemas_decision_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_decision_type_3 = FergussonSwapDecision.from_dict(data)

                return componentsschemas_decision_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_decision_type_4 = WemyssDiscardDecision.from_dict(data)

                return componentsschemas_decision_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_decision_type_5 = ScottCopyDecision.from_dict(data)

                return componentsschemas_decision_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_decision_type_6 = ClaimSupporterDecision.from_dict(data)

            return componentsschemas_decision_type_6

        decision = _parse_decision(d.pop("decision"))

        seat = d.pop("seat")

        type_ = DecisionRequestedEventType(d.pop("type"))

        decision_requested_event = cls(
            decision=decision,
            seat=seat,
            type_=type_,
        )

        decision_requested_event.additional_properties = d
        return decision_requested_event

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
