from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.challenge_state import ChallengeState
from ..models.power_rule import PowerRule

if TYPE_CHECKING:
    from ..models.challenged_dto import ChallengedDto


T = TypeVar("T", bound="ChallengeDto")


@_attrs_define
class ChallengeDto:
    """A challenge: who asked whom, for which game, and where it stands.

    Attributes:
        challenger (str):  Example: ailsa.
        challenger_bot_account (bool):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        game_id (None | UUID): The game, once every invitee accepted; `null` before. With more seats than players
            named, the game waits in the lobby for anyone to take the others.
        id (UUID):
        include_bruce (bool):
        max_timeouts (int):
        players (int):
        power_rule (PowerRule): Which face-up Followers may use their power ([RULES](/docs/rules) §4 Eligibility):
            `lowest_strength`, no other
            face-up Follower has a lower strength; `lowest_in_clan`, no other face-up Follower of the same
            clan has an equal or lower strength.
        rated (bool):
        state (ChallengeState): Where a challenge stands.
        target_score (int):
        to (list[ChallengedDto]): The accounts challenged, in the order named.
        turn_time_limit_s (int | None): Seconds per decision; `null`: no clock.
    """

    challenger: str
    challenger_bot_account: bool
    created_at: datetime.datetime
    expires_at: datetime.datetime
    game_id: None | UUID
    id: UUID
    include_bruce: bool
    max_timeouts: int
    players: int
    power_rule: PowerRule
    rated: bool
    state: ChallengeState
    target_score: int
    to: list[ChallengedDto]
    turn_time_limit_s: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenger = self.challenger

        challenger_bot_account = self.challenger_bot_account

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

        rated = self.rated

        state = self.state.value

        target_score = self.target_score

        to = []
        for to_item_data in self.to:
            to_item = to_item_data.to_dict()
            to.append(to_item)

        turn_time_limit_s: int | None
        turn_time_limit_s = self.turn_time_limit_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenger": challenger,
                "challenger_bot_account": challenger_bot_account,
                "created_at": created_at,
                "expires_at": expires_at,
                "game_id": game_id,
                "id": id,
                "include_bruce": include_bruce,
                "max_timeouts": max_timeouts,
                "players": players,
                "power_rule": power_rule,
                "rated": rated,
                "state": state,
                "target_score": target_score,
                "to": to,
                "turn_time_limit_s": turn_time_limit_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenged_dto import ChallengedDto  # noqa: PLC0415

        d = dict(src_dict)
        challenger = d.pop("challenger")

        challenger_bot_account = d.pop("challenger_bot_account")

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

        rated = d.pop("rated")

        state = ChallengeState(d.pop("state"))

        target_score = d.pop("target_score")

        to = []
        _to = d.pop("to")
        for to_item_data in _to:
            to_item = ChallengedDto.from_dict(to_item_data)

            to.append(to_item)

        def _parse_turn_time_limit_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s"))

        challenge_dto = cls(
            challenger=challenger,
            challenger_bot_account=challenger_bot_account,
            created_at=created_at,
            expires_at=expires_at,
            game_id=game_id,
            id=id,
            include_bruce=include_bruce,
            max_timeouts=max_timeouts,
            players=players,
            power_rule=power_rule,
            rated=rated,
            state=state,
            target_score=target_score,
            to=to,
            turn_time_limit_s=turn_time_limit_s,
        )

        challenge_dto.additional_properties = d
        return challenge_dto

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
