from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InvitationDto")


@_attrs_define
class InvitationDto:
    """An invitation just created.

    Attributes:
        code (None | str): The code to pass to `POST /v1/games/{id}/join` (256 random bits, base64url): shown once,
            the server keeps only its hash. `null` for an invitation by username. Example:
            Zm9yIHRoZSBCcnVjZSwgZm9yIFNjb3RsYW5kLCBmb3IgZnJlZWRvbSE.
        expires_at (datetime.datetime):
        game_id (UUID):
        id (UUID):
        username (None | str): The invitee of an invitation by username; `null` for a code. Example: morag.
        uses (int): How many joins it allows.
    """

    code: None | str
    expires_at: datetime.datetime
    game_id: UUID
    id: UUID
    username: None | str
    uses: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code: None | str
        code = self.code

        expires_at = self.expires_at.isoformat()

        game_id = str(self.game_id)

        id = str(self.id)

        username: None | str
        username = self.username

        uses = self.uses

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "expires_at": expires_at,
                "game_id": game_id,
                "id": id,
                "username": username,
                "uses": uses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        code = _parse_code(d.pop("code"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        game_id = UUID(d.pop("game_id"))

        id = UUID(d.pop("id"))

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))

        uses = d.pop("uses")

        invitation_dto = cls(
            code=code,
            expires_at=expires_at,
            game_id=game_id,
            id=id,
            username=username,
            uses=uses,
        )

        invitation_dto.additional_properties = d
        return invitation_dto

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
