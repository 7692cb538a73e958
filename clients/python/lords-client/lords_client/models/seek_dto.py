from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.power_rule import PowerRule

T = TypeVar("T", bound="SeekDto")


@_attrs_define
class SeekDto:
    """An open request to play (service rules §9.10): the game's options, whom it admits, and
    when it was made.

        Attributes:
            age_s (int): Seconds since it was made. Example: 3600.
            bot_account (bool): Whether the seeker is a bot account (service rules §9.9).
            bots (bool): Whether bot accounts may sit at the game.
            created_at (datetime.datetime):
            expires_at (datetime.datetime): When it expires unpaired (`--seek-days` after it was made).
            game_id (None | UUID): The game it paired into; `null` while it is open. The answer to the seek that completed
                a table names the game at once.
            id (UUID):
            include_bruce (bool):
            max_timeouts (int):
            players (int):
            power_rule (PowerRule): Which face-up Followers may use their power ([RULES](/docs/rules) §4 Eligibility):
                `lowest_strength`, no other
                face-up Follower has a lower strength; `lowest_in_clan`, no other face-up Follower of the same
                clan has an equal or lower strength.
            provisional (bool): Fewer than 10 rated games behind the rating.
            rated (bool): Whether the game will be rated (service rules §9.7).
            rating (int): The seeker's displayed rating (service rules §9.7). Example: 1500.
            rating_max (int | None): The highest rating the seeker admits; `null`: any.
            rating_min (int | None): The lowest rating the seeker admits; `null`: any.
            target_score (int):
            turn_time_limit_s (int | None): Seconds per decision; `null`: no clock.
            username (str): Who seeks. Example: ailsa.
    """

    age_s: int
    bot_account: bool
    bots: bool
    created_at: datetime.datetime
    expires_at: datetime.datetime
    game_id: None | UUID
    id: UUID
    include_bruce: bool
    max_timeouts: int
    players: int
    power_rule: PowerRule
    provisional: bool
    rated: bool
    rating: int
    rating_max: int | None
    rating_min: int | None
    target_score: int
    turn_time_limit_s: int | None
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        age_s = self.age_s

        bot_account = self.bot_account

        bots = self.bots

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        id = str(self.id)

        include_bruce = self.include_bruce

        max_timeouts = self.max_timeouts

        players = self.players

        power_rule = self.power_rule.value

        provisional = self.provisional

        rated = self.rated

        rating = self.rating

        rating_max: int | None
        rating_max = self.rating_max

        rating_min: int | None
        rating_min = self.rating_min

        target_score = self.target_score

        turn_time_limit_s: int | None
        turn_time_limit_s = self.turn_time_limit_s

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "age_s": age_s,
                "bot_account": bot_account,
                "bots": bots,
                "created_at": created_at,
                "expires_at": expires_at,
                "game_id": game_id,
                "id": id,
                "include_bruce": include_bruce,
                "max_timeouts": max_timeouts,
                "players": players,
                "power_rule": power_rule,
                "provisional": provisional,
                "rated": rated,
                "rating": rating,
                "rating_max": rating_max,
                "rating_min": rating_min,
                "target_score": target_score,
                "turn_time_limit_s": turn_time_limit_s,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        age_s = d.pop("age_s")

        bot_account = d.pop("bot_account")

        bots = d.pop("bots")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_id_type_0 = UUID(data)

                return game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game_id = _parse_game_id(d.pop("game_id"))

        id = UUID(d.pop("id"))

        include_bruce = d.pop("include_bruce")

        max_timeouts = d.pop("max_timeouts")

        players = d.pop("players")

        power_rule = PowerRule(d.pop("power_rule"))

        provisional = d.pop("provisional")

        rated = d.pop("rated")

        rating = d.pop("rating")

        def _parse_rating_max(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rating_max = _parse_rating_max(d.pop("rating_max"))

        def _parse_rating_min(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rating_min = _parse_rating_min(d.pop("rating_min"))

        target_score = d.pop("target_score")

        def _parse_turn_time_limit_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s"))

        username = d.pop("username")

        seek_dto = cls(
            age_s=age_s,
            bot_account=bot_account,
            bots=bots,
            created_at=created_at,
            expires_at=expires_at,
            game_id=game_id,
            id=id,
            include_bruce=include_bruce,
            max_timeouts=max_timeouts,
            players=players,
            power_rule=power_rule,
            provisional=provisional,
            rated=rated,
            rating=rating,
            rating_max=rating_max,
            rating_min=rating_min,
            target_score=target_score,
            turn_time_limit_s=turn_time_limit_s,
            username=username,
        )

        seek_dto.additional_properties = d
        return seek_dto

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
