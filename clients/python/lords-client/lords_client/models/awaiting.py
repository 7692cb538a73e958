from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.claim_supporter_decision import ClaimSupporterDecision
    from ..models.cockburn_swap_decision import CockburnSwapDecision
    from ..models.fergusson_swap_decision import FergussonSwapDecision
    from ..models.makgill_muster_decision import MakgillMusterDecision
    from ..models.scott_copy_decision import ScottCopyDecision
    from ..models.turn_decision import TurnDecision
    from ..models.wemyss_discard_decision import WemyssDiscardDecision


T = TypeVar("T", bound="Awaiting")


@_attrs_define
class Awaiting:
    """Whose decision the game waits for, and what it is.

    Attributes:
        decision (ClaimSupporterDecision | CockburnSwapDecision | FergussonSwapDecision | MakgillMusterDecision |
            ScottCopyDecision | TurnDecision | WemyssDiscardDecision): What the awaited player must decide, picked by
            `kind`.
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        deadline (datetime.datetime | None | Unset): In the API's views at the current version: when this decision times
            out and a bot plays
            it (service rules §9.4), RFC 3339; `null` when the game has no clock.
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
    deadline: datetime.datetime | None | Unset = UNSET
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

        deadline: None | str | Unset
        if isinstance(self.deadline, Unset):
            deadline = UNSET
        elif isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
                "seat": seat,
            }
        )
        if deadline is not UNSET:
            field_dict["deadline"] = deadline

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

        def _parse_deadline(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        deadline = _parse_deadline(d.pop("deadline", UNSET))

        awaiting = cls(
            decision=decision,
            seat=seat,
            deadline=deadline,
        )

        awaiting.additional_properties = d
        return awaiting

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
