from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_state import DeliveryState
from ..models.notification_kind import NotificationKind

if TYPE_CHECKING:
    from ..models.webhook_attempt_dto import WebhookAttemptDto


T = TypeVar("T", bound="WebhookDeliveryDto")


@_attrs_define
class WebhookDeliveryDto:
    """One notification delivered (or being delivered) to the endpoint.

    Attributes:
        attempts (list[WebhookAttemptDto]): Oldest first.
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None): When it was delivered or given up; `null` while `pending`.
        kind (NotificationKind): What a notification says.
        message_id (str): The `webhook-id` header: the same on every attempt. Example:
            msg_0195f3c26f1e7a4b9c1d2f8e5a7b3c10_7.
        next_attempt_at (datetime.datetime | None): When it is tried next; `null` unless `pending`.
        state (DeliveryState): The state of a delivery.
    """

    attempts: list[WebhookAttemptDto]
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    kind: NotificationKind
    message_id: str
    next_attempt_at: datetime.datetime | None
    state: DeliveryState
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        kind = self.kind.value

        message_id = self.message_id

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        state = self.state.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "created_at": created_at,
                "finished_at": finished_at,
                "kind": kind,
                "message_id": message_id,
                "next_attempt_at": next_attempt_at,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_attempt_dto import WebhookAttemptDto  # noqa: PLC0415

        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = WebhookAttemptDto.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        kind = NotificationKind(d.pop("kind"))

        message_id = d.pop("message_id")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        state = DeliveryState(d.pop("state"))

        webhook_delivery_dto = cls(
            attempts=attempts,
            created_at=created_at,
            finished_at=finished_at,
            kind=kind,
            message_id=message_id,
            next_attempt_at=next_attempt_at,
            state=state,
        )

        webhook_delivery_dto.additional_properties = d
        return webhook_delivery_dto

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
