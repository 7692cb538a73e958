from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_kind import NotificationKind

if TYPE_CHECKING:
    from ..models.notification_payload import NotificationPayload


T = TypeVar("T", bound="Notification")


@_attrs_define
class Notification:
    """One notification of the caller: the `data:` of a `/v1/me/stream` event named `notification`
    whose `id:` is its `id`.

        Attributes:
            created_at (datetime.datetime):  Example: 2026-03-14T18:09:47.120Z.
            game_id (None | UUID): The game it is about. Example: 0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10.
            id (int): Per account, strictly increasing: resume after it with `Last-Event-ID`. Example: 7.
            kind (NotificationKind): What a notification says.
            payload (NotificationPayload): By kind. `your_turn` (one per awaited decision): `{version, seat, decision,
                deadline,
                receipt, actions, continuation}` (the awaited `Decision`; `deadline` is `null` without a
                clock; `receipt` is the signed `Receipt` of `version`, absent for games created before
                games had receipts; `actions` the seat's legal `Action`s; `continuation` is `true` when
                the seat just acted and is awaited again). `game_started`: `{version, seat,
                players}`. `game_ended`: `{version, seat, place, score, scores, won, winners}` (`place`
                from 1; `scores` by seat; `winners` are seats). `seat` is always the caller's seat.
                `invited` (an invitation by username, a rematch's included): `{invitation_id, inviter_id,
                seat, expires_at}` (`seat` the one kept for the caller, or `null`); join with
                `POST /v1/games/{game_id}/join`, no code needed. `chat` (another seated player said a
                line at the table): `{line_id, seat, username, text}`.
    """

    created_at: datetime.datetime
    game_id: None | UUID
    id: int
    kind: NotificationKind
    payload: NotificationPayload
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        id = self.id

        kind = self.kind.value

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "game_id": game_id,
                "id": id,
                "kind": kind,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_payload import NotificationPayload  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        id = d.pop("id")

        kind = NotificationKind(d.pop("kind"))

        payload = NotificationPayload.from_dict(d.pop("payload"))

        notification = cls(
            created_at=created_at,
            game_id=game_id,
            id=id,
            kind=kind,
            payload=payload,
        )

        notification.additional_properties = d
        return notification

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
