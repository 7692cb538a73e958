from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.power_rule import PowerRule
from ..types import UNSET, Unset

T = TypeVar("T", bound="GameOptions")


@_attrs_define
class GameOptions:
    """The options a game was created with, defaults filled in ([RULES](/docs/rules) §2).

    Attributes:
        include_bruce (bool):
        players (int):
        power_rule (PowerRule): Which face-up Followers may use their power ([RULES](/docs/rules) §4 Eligibility):
            `lowest_strength`, no other
            face-up Follower has a lower strength; `lowest_in_clan`, no other face-up Follower of the same
            clan has an equal or lower strength.
        target_score (int):
        max_timeouts (int | None | Unset): Timeouts in a row after which a seat is abandoned (service rules §9.4);
            absent in games
            created before clocks existed, which means 3.
        turn_time_limit_s (int | None | Unset): Seconds per decision (service rules §9.4); absent when the game has no
            clock.
    """

    include_bruce: bool
    players: int
    power_rule: PowerRule
    target_score: int
    max_timeouts: int | None | Unset = UNSET
    turn_time_limit_s: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        include_bruce = self.include_bruce

        players = self.players

        power_rule = self.power_rule.value

        target_score = self.target_score

        max_timeouts: int | None | Unset
        if isinstance(self.max_timeouts, Unset):
            max_timeouts = UNSET
        else:
            max_timeouts = self.max_timeouts

        turn_time_limit_s: int | None | Unset
        if isinstance(self.turn_time_limit_s, Unset):
            turn_time_limit_s = UNSET
        else:
            turn_time_limit_s = self.turn_time_limit_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "include_bruce": include_bruce,
                "players": players,
                "power_rule": power_rule,
                "target_score": target_score,
            }
        )
        if max_timeouts is not UNSET:
            field_dict["max_timeouts"] = max_timeouts
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        include_bruce = d.pop("include_bruce")

        players = d.pop("players")

        power_rule = PowerRule(d.pop("power_rule"))

        target_score = d.pop("target_score")

        def _parse_max_timeouts(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_timeouts = _parse_max_timeouts(d.pop("max_timeouts", UNSET))

        def _parse_turn_time_limit_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s", UNSET))

        game_options = cls(
            include_bruce=include_bruce,
            players=players,
            power_rule=power_rule,
            target_score=target_score,
            max_timeouts=max_timeouts,
            turn_time_limit_s=turn_time_limit_s,
        )

        game_options.additional_properties = d
        return game_options

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
