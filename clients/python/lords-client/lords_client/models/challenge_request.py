from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.power_rule import PowerRule
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChallengeRequest")


@_attrs_define
class ChallengeRequest:
    """What to challenge: the accounts, and the game's options (as `POST /v1/games` takes them).
    Unknown fields are refused.

        Attributes:
            to (list[str]): The usernames challenged (ignoring case), 1 to 4, each once, not the caller's. Example:
                ['morag'].
            include_bruce (bool | None | Unset):
            max_timeouts (int | None | Unset):
            players (int | None | Unset): Seats at the game, 2 to 5; default: one for the challenger and one for each of
                `to`.
                More than that leaves seats for anyone to take once every invitee accepted.
            power_rule (None | PowerRule | Unset):
            rated (bool | None | Unset): Default `true`.
            target_score (int | None | Unset):
            turn_time_limit_s (int | None | Unset): Seconds per decision, 5 to 1209600. Left out: 259200 (3 days); `null`:
                no clock.
    """

    to: list[str]
    include_bruce: bool | None | Unset = UNSET
    max_timeouts: int | None | Unset = UNSET
    players: int | None | Unset = UNSET
    power_rule: None | PowerRule | Unset = UNSET
    rated: bool | None | Unset = UNSET
    target_score: int | None | Unset = UNSET
    turn_time_limit_s: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        to = self.to

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

        players: int | None | Unset
        if isinstance(self.players, Unset):
            players = UNSET
        else:
            players = self.players

        power_rule: None | str | Unset
        if isinstance(self.power_rule, Unset):
            power_rule = UNSET
        elif isinstance(self.power_rule, PowerRule):
            power_rule = self.power_rule.value
        else:
            power_rule = self.power_rule

        rated: bool | None | Unset
        if isinstance(self.rated, Unset):
            rated = UNSET
        else:
            rated = self.rated

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
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "to": to,
            }
        )
        if include_bruce is not UNSET:
            field_dict["include_bruce"] = include_bruce
        if max_timeouts is not UNSET:
            field_dict["max_timeouts"] = max_timeouts
        if players is not UNSET:
            field_dict["players"] = players
        if power_rule is not UNSET:
            field_dict["power_rule"] = power_rule
        if rated is not UNSET:
            field_dict["rated"] = rated
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        to = cast(list[str], d.pop("to"))

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

        def _parse_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        players = _parse_players(d.pop("players", UNSET))

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

        def _parse_rated(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        rated = _parse_rated(d.pop("rated", UNSET))

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

        challenge_request = cls(
            to=to,
            include_bruce=include_bruce,
            max_timeouts=max_timeouts,
            players=players,
            power_rule=power_rule,
            rated=rated,
            target_score=target_score,
            turn_time_limit_s=turn_time_limit_s,
        )

        challenge_request.additional_properties = d
        return challenge_request

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
