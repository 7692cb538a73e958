from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NotificationPayload")


@_attrs_define
class NotificationPayload:
    """By kind. `your_turn` (one per awaited decision): `{version, seat, decision, deadline,
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

    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        notification_payload = cls()

        notification_payload.additional_properties = d
        return notification_payload

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
