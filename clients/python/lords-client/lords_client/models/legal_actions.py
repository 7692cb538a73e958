from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.claim_supporter_action import ClaimSupporterAction
    from ..models.copy_power_action import CopyPowerAction
    from ..models.discard_follower_action import DiscardFollowerAction
    from ..models.muster_action import MusterAction
    from ..models.pass_action import PassAction
    from ..models.recruit_action import RecruitAction
    from ..models.swap_follower_action import SwapFollowerAction
    from ..models.swap_supporter_action import SwapSupporterAction


T = TypeVar("T", bound="LegalActions")


@_attrs_define
class LegalActions:
    """The actions the caller may submit now.

    Attributes:
        actions (list[ClaimSupporterAction | CopyPowerAction | DiscardFollowerAction | MusterAction | PassAction |
            RecruitAction | SwapFollowerAction | SwapSupporterAction]): Each exactly as `POST /v1/games/{id}/actions`
            accepts it; empty when no decision of the
            caller's is awaited.
        version (int):
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
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.copy_power_action import CopyPowerAction  # noqa: PLC0415
        from ..models.discard_follower_action import DiscardFollowerAction  # noqa: PLC0415
        from ..models.muster_action import MusterAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.recruit_action import RecruitAction  # noqa: PLC0415
        from ..models.swap_follower_action import SwapFollowerAction  # noqa: PLC0415
        from ..models.swap_supporter_action import SwapSupporterAction  # noqa: PLC0415

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

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "actions": actions,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim_supporter_action import ClaimSupporterAction  # noqa: PLC0415
        from ..models.copy_power_action import CopyPowerAction  # noqa: PLC0415
        from ..models.discard_follower_action import DiscardFollowerAction  # noqa: PLC0415
        from ..models.muster_action import MusterAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.recruit_action import RecruitAction  # noqa: PLC0415
        from ..models.swap_follower_action import SwapFollowerAction  # noqa: PLC0415
        from ..models.swap_supporter_action import SwapSupporterAction  # noqa: PLC0415

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

        version = d.pop("version")

        legal_actions = cls(
            actions=actions,
            version=version,
        )

        legal_actions.additional_properties = d
        return legal_actions

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
