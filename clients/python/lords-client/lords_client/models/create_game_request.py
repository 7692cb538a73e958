from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.power_rule import PowerRule
from ..models.visibility import Visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_bot_seat import CreateBotSeat


T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    """The body of `POST /v1/games`: the game's options ([RULES](/docs/rules) §2) and its visibility; every field
    but `players` may be left out, and unknown fields are rejected.

        Attributes:
            players (int):
            bots (list[CreateBotSeat] | None | Unset): Seats given to bots: distinct seats from 1 to `players` − 1 (the
                creator
                takes seat 0). With every other seat a bot's, the game starts at once.
            include_bruce (bool | None | Unset): Default `false` (the rulebook sets Bruce aside for first games).
            max_timeouts (int | None | Unset): Timeouts in a row after which a seat is abandoned (treated as resigned,
                service rules
                §9.4): 1 to 10, default 3.
            power_rule (None | PowerRule | Unset): Default `lowest_strength` for 2–3 players, `lowest_in_clan` for 4–5.
            rated (bool | None | Unset): Whether the game is rated (service rules §9.7). Default: `true` when no seat is
                given
                to a bot at creation (`bots` left out or empty), `false` otherwise. A bot given a seat
                later (`POST /v1/games/{id}/bots`) does not change it; a bot's seat in a rated game is
                rated as its level's profile.
            target_score (int | None | Unset): Points that end the game ([RULES](/docs/rules) §6.6); default 40.
            turn_time_limit_s (int | None | Unset): Seconds each decision may take (service rules §9.4): 5 to 1209600 (14
                days). Left out:
                259200 (3 days); `null`: no clock. When a decision passes its deadline a bot plays it.
            visibility (None | Unset | Visibility): Default `public`. A `private` game is listed and shown only to its
                seated players and
                joined only with an invitation (`POST /v1/games/{id}/invitations`).
    """

    players: int
    bots: list[CreateBotSeat] | None | Unset = UNSET
    include_bruce: bool | None | Unset = UNSET
    max_timeouts: int | None | Unset = UNSET
    power_rule: None | PowerRule | Unset = UNSET
    rated: bool | None | Unset = UNSET
    target_score: int | None | Unset = UNSET
    turn_time_limit_s: int | None | Unset = UNSET
    visibility: None | Unset | Visibility = UNSET

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        bots: list[dict[str, Any]] | None | Unset
        if isinstance(self.bots, Unset):
            bots = UNSET
        elif isinstance(self.bots, list):
            bots = []
            for bots_type_0_item_data in self.bots:
                bots_type_0_item = bots_type_0_item_data.to_dict()
                bots.append(bots_type_0_item)

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

        visibility: None | str | Unset
        if isinstance(self.visibility, Unset):
            visibility = UNSET
        elif isinstance(self.visibility, Visibility):
            visibility = self.visibility.value
        else:
            visibility = self.visibility

        field_dict: dict[str, Any] = {}

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
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s
        if visibility is not UNSET:
            field_dict["visibility"] = visibility

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_bot_seat import CreateBotSeat  # noqa: PLC0415

        d = dict(src_dict)
        players = d.pop("players")

        def _parse_bots(data: object) -> list[CreateBotSeat] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                bots_type_0 = []
                _bots_type_0 = data
                for bots_type_0_item_data in _bots_type_0:
                    bots_type_0_item = CreateBotSeat.from_dict(bots_type_0_item_data)

                    bots_type_0.append(bots_type_0_item)

                return bots_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateBotSeat] | None | Unset, data)

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

        def _parse_visibility(data: object) -> None | Unset | Visibility:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                visibility_type_1 = Visibility(data)

                return visibility_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | Visibility, data)

        visibility = _parse_visibility(d.pop("visibility", UNSET))

        create_game_request = cls(
            players=players,
            bots=bots,
            include_bruce=include_bruce,
            max_timeouts=max_timeouts,
            power_rule=power_rule,
            rated=rated,
            target_score=target_score,
            turn_time_limit_s=turn_time_limit_s,
            visibility=visibility,
        )

        return create_game_request
