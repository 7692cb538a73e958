from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_summary_dto import GameSummaryDto


T = TypeVar("T", bound="ReceivedInvitationDto")


@_attrs_define
class ReceivedInvitationDto:
    """An invitation by username to the caller.

    Attributes:
        expires_at (datetime.datetime):
        game (GameSummaryDto): A game as listed.
        id (UUID):
        inviter (str): The username of the player who invited the caller.
        seat (int | None): The seat kept for the caller (a rematch's rotated seat); `null` for any free seat.
    """

    expires_at: datetime.datetime
    game: GameSummaryDto
    id: UUID
    inviter: str
    seat: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_at = self.expires_at.isoformat()

        game = self.game.to_dict()

        id = str(self.id)

        inviter = self.inviter

        seat: int | None
        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_at": expires_at,
                "game": game,
                "id": id,
                "inviter": inviter,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_summary_dto import GameSummaryDto  # noqa: PLC0415

        d = dict(src_dict)
        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        game = GameSummaryDto.from_dict(d.pop("game"))

        id = UUID(d.pop("id"))

        inviter = d.pop("inviter")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        received_invitation_dto = cls(
            expires_at=expires_at,
            game=game,
            id=id,
            inviter=inviter,
            seat=seat,
        )

        received_invitation_dto.additional_properties = d
        return received_invitation_dto

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
