from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.claim_supporter_action import ClaimSupporterAction
    from ..models.claim_supporter_decision import ClaimSupporterDecision
    from ..models.cockburn_swap_decision import CockburnSwapDecision
    from ..models.copy_power_action import CopyPowerAction
    from ..models.discard_follower_action import DiscardFollowerAction
    from ..models.fergusson_swap_decision import FergussonSwapDecision
    from ..models.makgill_muster_decision import MakgillMusterDecision
    from ..models.muster_action import MusterAction
    from ..models.pass_action import PassAction
    from ..models.recruit_action import RecruitAction
    from ..models.scott_copy_decision import ScottCopyDecision
    from ..models.swap_follower_action import SwapFollowerAction
    from ..models.swap_supporter_action import SwapSupporterAction
    from ..models.turn_decision import TurnDecision
    from ..models.wemyss_discard_decision import WemyssDiscardDecision


T = TypeVar("T", bound="AwaitedGame")


@_attrs_define
class AwaitedGame:
    """A game awaiting the caller's decision, with what a bot needs to take it in one request.

    Attributes:
        actions (list[ClaimSupporterAction | CopyPowerAction | DiscardFollowerAction | MusterAction | PassAction |
            RecruitAction | SwapFollowerAction | SwapSupporterAction]): The caller's legal actions, each exactly as `POST
            /v1/games/{id}/actions` accepts it.
        deadline (datetime.datetime | None): When the decision times out; `null` without a clock.
        decision (ClaimSupporterDecision | CockburnSwapDecision | FergussonSwapDecision | MakgillMusterDecision |
            ScottCopyDecision | TurnDecision | WemyssDiscardDecision): What the awaited player must decide, picked by
            `kind`.
        game_id (UUID):
        seat (int): The caller's seat.
        version (int): The version to act on (`If-Match`).
    """

    actions: list[
        ClaimSupporterAction
        | CopyPowerAction
        | DiscardFollowerAction
        | MusterAction
        | PassAction
        | RecruitAction
        | SwapFollowerAction
        | SwapSupporterAction
    ]
    deadline: datetime.datetime | None
    decision: (
        ClaimSupporterDecision
        | CockburnSwapDecision
        | FergussonSwapDecision
        | MakgillMusterDecision
        | ScottCopyDecision
        | TurnDecision
        | WemyssDiscardDecision
    )
    game_id: UUID
    seat: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.cockburn_swap_decision import CockburnSwapDecision  # noqa: PLC0415
        from ..models.copy_power_action import CopyPowerAction  # noqa: PLC0415
        from ..models.discard_follower_action import DiscardFollowerAction  # noqa: PLC0415
        from ..models.fergusson_swap_decision import FergussonSwapDecision  # noqa: PLC0415
        from ..models.makgill_muster_decision import MakgillMusterDecision  # noqa: PLC0415
        from ..models.muster_action import MusterAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.recruit_action import RecruitAction  # noqa: PLC0415
        from ..models.scott_copy_decision import ScottCopyDecision  # noqa: PLC0415
        from ..models.swap_follower_action import SwapFollowerAction  # noqa: PLC0415
        from ..models.swap_supporter_action import SwapSupporterAction  # noqa: PLC0415
        from ..models.turn_decision import TurnDecision  # noqa: PLC0415
        from ..models.wemyss_discard_decision import WemyssDiscardDecision  # noqa: PLC0415

        actions = []
        for actions_item_data in self.actions:
            actions_item: dict[str, Any]
            if isinstance(actions_item_data, RecruitAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, MusterAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, PassAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, CopyPowerAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, SwapSupporterAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, SwapFollowerAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, DiscardFollowerAction):
                actions_item = actions_item_data.to_dict()
            else:
                actions_item = actions_item_data.to_dict()

            actions.append(actions_item)

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

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

        game_id = str(self.game_id)

        seat = self.seat

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "actions": actions,
                "deadline": deadline,
                "decision": decision,
                "game_id": game_id,
                "seat": seat,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim_supporter_action import ClaimSupporterAction  # noqa: PLC0415
        from ..models.claim_supporter_decision import ClaimSupporterDecision  # noqa: PLC0415
        from ..models.cockburn_swap_decision import CockburnSwapDecision  # noqa: PLC0415
        from ..models.copy_power_action import CopyPowerAction  # noqa: PLC0415
        from ..models.discard_follower_action import DiscardFollowerAction  # noqa: PLC0415
        from ..models.fergusson_swap_decision import FergussonSwapDecision  # noqa: PLC0415
        from ..models.makgill_muster_decision import MakgillMusterDecision  # noqa: PLC0415
        from ..models.muster_action import MusterAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.recruit_action import RecruitAction  # noqa: PLC0415
        from ..models.scott_copy_decision import ScottCopyDecision  # noqa: PLC0415
        from ..models.swap_follower_action import SwapFollowerAction  # noqa: PLC0415
        from ..models.swap_supporter_action import SwapSupporterAction  # noqa: PLC0415
        from ..models.turn_decision import TurnDecision  # noqa: PLC0415
        from ..models.wemyss_discard_decision import WemyssDiscardDecision  # noqa: PLC0415

        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:

            def _parse_actions_item(
                data: object,
            ) -> (
                ClaimSupporterAction
                | CopyPowerAction
                | DiscardFollowerAction
                | MusterAction
                | PassAction
                | RecruitAction
                | SwapFollowerAction
                | SwapSupporterAction
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_0 = RecruitAction.from_dict(data)

                    return componentsschemas_action_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_1 = MusterAction.from_dict(data)

                    return componentsschemas_action_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_2 = PassAction.from_dict(data)

                    return componentsschemas_action_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_3 = CopyPowerAction.from_dict(data)

                    return componentsschemas_action_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_4 = SwapSupporterAction.from_dict(data)

                    return componentsschemas_action_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_5 = SwapFollowerAction.from_dict(data)

                    return componentsschemas_action_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_6 = DiscardFollowerAction.from_dict(data)

                    return componentsschemas_action_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_7 = ClaimSupporterAction.from_dict(data)

                return componentsschemas_action_type_7

            actions_item = _parse_actions_item(actions_item_data)

            actions.append(actions_item)

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

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

        game_id = UUID(d.pop("game_id"))

        seat = d.pop("seat")

        version = d.pop("version")

        awaited_game = cls(
            actions=actions,
            deadline=deadline,
            decision=decision,
            game_id=game_id,
            seat=seat,
            version=version,
        )

        awaited_game.additional_properties = d
        return awaited_game

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
