from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_kind import NotificationKind

T = TypeVar("T", bound="PushSubscriptionDto")


@_attrs_define
class PushSubscriptionDto:
    """A saved subscription.

    Attributes:
        created_at (datetime.datetime):
        endpoint (str):  Example: https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O.
        id (UUID): Delete it with `DELETE /v1/me/push-subscriptions/{id}` (on logout, or when the browser
            unsubscribes).
        kinds (list[NotificationKind]): What is pushed to it: the kinds whose `push` is true in the account's
            notification
            settings (`GET /v1/me/notification-settings`), kept in step with them. Example: ['your_turn', 'reminder',
            'invited'].
    """

    created_at: datetime.datetime
    endpoint: str
    id: UUID
    kinds: list[NotificationKind]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        endpoint = self.endpoint

        id = str(self.id)

        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item = kinds_item_data.value
            kinds.append(kinds_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "endpoint": endpoint,
                "id": id,
                "kinds": kinds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        endpoint = d.pop("endpoint")

        id = UUID(d.pop("id"))

        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:
            kinds_item = NotificationKind(kinds_item_data)

            kinds.append(kinds_item)

        push_subscription_dto = cls(
            created_at=created_at,
            endpoint=endpoint,
            id=id,
            kinds=kinds,
        )

        push_subscription_dto.additional_properties = d
        return push_subscription_dto

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
