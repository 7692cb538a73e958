from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.power_rule import PowerRule
from ..types import UNSET, Unset

T = TypeVar("T", bound="OptionsRequest")


@_attrs_define
class OptionsRequest:
    """The options asked for when creating a game ([RULES](/docs/rules) §2); every field but `players` may be left
    out, and unknown fields are rejected.

        Attributes:
            players (int):
            include_bruce (bool | None | Unset): Default `false` (the rulebook sets Bruce aside for first games).
            max_timeouts (int | None | Unset): Timeouts in a row after which the seat is abandoned (treated as resigned);
                default 3.
            power_rule (None | PowerRule | Unset): Default `lowest_strength` for 2–3 players, `lowest_in_clan` for 4–5.
            target_score (int | None | Unset): Points that end the game ([RULES](/docs/rules) §6.6); default 40.
            turn_time_limit_s (int | None | Unset): Seconds each decision may take before it times out and a bot plays it
                (service rules
                §9.4): 5 s to 14 days. Left out: 259200 (3 days); `null`: no clock.
    """

    players: int
    include_bruce: bool | None | Unset = UNSET
    max_timeouts: int | None | Unset = UNSET
    power_rule: None | PowerRule | Unset = UNSET
    target_score: int | None | Unset = UNSET
    turn_time_limit_s: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        include_bruce: bool | None | Unset
        if isinstance(self.include_bruce, Unset):
            include_bruce = UNSET
        else:
            include_bruce = self.include_bruce

        max_timeouts: int | None | Unset
        if isinstance(self.max_timeouts, Unset):
            max_timeouts = UNSET
        else:
            max_timeouts = self.max_timeouts

        power_rule: None | str | Unset
        if isinstance(self.power_rule, Unset):
            power_rule = UNSET
        elif isinstance(self.power_rule, PowerRule):
            power_rule = self.power_rule.value
        else:
            power_rule = self.power_rule

        target_score: int | None | Unset
        if isinstance(self.target_score, Unset):
            target_score = UNSET
        else:
            target_score = self.target_score

        turn_time_limit_s: int | None | Unset
        if isinstance(self.turn_time_limit_s, Unset):
            turn_time_limit_s = UNSET
        else:
            turn_time_limit_s = self.turn_time_limit_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if include_bruce is not UNSET:
            field_dict["include_bruce"] = include_bruce
        if max_timeouts is not UNSET:
            field_dict["max_timeouts"] = max_timeouts
        if power_rule is not UNSET:
            field_dict["power_rule"] = power_rule
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        def _parse_include_bruce(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        include_bruce = _parse_include_bruce(d.pop("include_bruce", UNSET))

        def _parse_max_timeouts(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_timeouts = _parse_max_timeouts(d.pop("max_timeouts", UNSET))

        def _parse_power_rule(data: object) -> None | PowerRule | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                power_rule_type_1 = PowerRule(data)

                return power_rule_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PowerRule | Unset, data)

        power_rule = _parse_power_rule(d.pop("power_rule", UNSET))

        def _parse_target_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target_score = _parse_target_score(d.pop("target_score", UNSET))

        def _parse_turn_time_limit_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s", UNSET))

        options_request = cls(
            players=players,
            include_bruce=include_bruce,
            max_timeouts=max_timeouts,
            power_rule=power_rule,
            target_score=target_score,
            turn_time_limit_s=turn_time_limit_s,
        )

        return options_request
