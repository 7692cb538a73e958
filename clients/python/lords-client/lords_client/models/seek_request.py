from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.power_rule import PowerRule
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeekRequest")


@_attrs_define
class SeekRequest:
    """What to seek: a game's options (as `POST /v1/games` takes them), whether it is rated, and
    whom it admits. Unknown fields are refused.

        Attributes:
            players (int):
            bots (bool | None | Unset): Whether bot accounts may sit at the game. Default: `false` for a rated seek, `true`
                otherwise. A bot account's seek must allow them.
            include_bruce (bool | None | Unset): Default `false`.
            max_timeouts (int | None | Unset): Default 3.
            power_rule (None | PowerRule | Unset): Default `lowest_strength` for 2–3 players, `lowest_in_clan` for 4–5.
            rated (bool | None | Unset): Default `true`.
            rating_max (int | None | Unset): Admit only opponents rated at most this, 0 to 10000 and not below `rating_min`.
            rating_min (int | None | Unset): Admit only opponents rated at least this (service rules §9.7's displayed
                rating), 0 to
                10000.
            target_score (int | None | Unset): Default 40.
            turn_time_limit_s (int | None | Unset): Seconds per decision, 5 to 1209600. Left out: 259200 (3 days); `null`:
                no clock.
    """

    players: int
    bots: bool | None | Unset = UNSET
    include_bruce: bool | None | Unset = UNSET
    max_timeouts: int | None | Unset = UNSET
    power_rule: None | PowerRule | Unset = UNSET
    rated: bool | None | Unset = UNSET
    rating_max: int | None | Unset = UNSET
    rating_min: int | None | Unset = UNSET
    target_score: int | None | Unset = UNSET
    turn_time_limit_s: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        bots: bool | None | Unset
        if isinstance(self.bots, Unset):
            bots = UNSET
        else:
            bots = self.bots

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

        rated: bool | None | Unset
        if isinstance(self.rated, Unset):
            rated = UNSET
        else:
            rated = self.rated

        rating_max: int | None | Unset
        if isinstance(self.rating_max, Unset):
            rating_max = UNSET
        else:
            rating_max = self.rating_max

        rating_min: int | None | Unset
        if isinstance(self.rating_min, Unset):
            rating_min = UNSET
        else:
            rating_min = self.rating_min

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
                "players": players,
            }
        )
        if bots is not UNSET:
            field_dict["bots"] = bots
        if include_bruce is not UNSET:
            field_dict["include_bruce"] = include_bruce
        if max_timeouts is not UNSET:
            field_dict["max_timeouts"] = max_timeouts
        if power_rule is not UNSET:
            field_dict["power_rule"] = power_rule
        if rated is not UNSET:
            field_dict["rated"] = rated
        if rating_max is not UNSET:
            field_dict["rating_max"] = rating_max
        if rating_min is not UNSET:
            field_dict["rating_min"] = rating_min
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        def _parse_bots(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        bots = _parse_bots(d.pop("bots", UNSET))

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

        def _parse_rated(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        rated = _parse_rated(d.pop("rated", UNSET))

        def _parse_rating_max(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rating_max = _parse_rating_max(d.pop("rating_max", UNSET))

        def _parse_rating_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rating_min = _parse_rating_min(d.pop("rating_min", UNSET))

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

        seek_request = cls(
            players=players,
            bots=bots,
            include_bruce=include_bruce,
            max_timeouts=max_timeouts,
            power_rule=power_rule,
            rated=rated,
            rating_max=rating_max,
            rating_min=rating_min,
            target_score=target_score,
            turn_time_limit_s=turn_time_limit_s,
        )

        seek_request.additional_properties = d
        return seek_request

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
