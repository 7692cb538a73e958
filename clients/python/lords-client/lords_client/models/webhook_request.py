from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.notification_kind import NotificationKind

T = TypeVar("T", bound="WebhookRequest")


@_attrs_define
class WebhookRequest:
    """An endpoint to register.

    Attributes:
        kinds (list[NotificationKind]): The notification kinds to deliver (at least one). Example: ['your_turn',
            'game_ended'].
        url (str): Where deliveries are POSTed: `https://` (or `http://`), no user or password, no
            fragment, at most 2048 bytes. Its host must resolve to a public address unless the
            operator allows it (`LORDS_WEBHOOK_ALLOW`); this is checked again at every delivery. Example:
            https://hooks.example.org/lords.
    """

    kinds: list[NotificationKind]
    url: str

    def to_dict(self) -> dict[str, Any]:
        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item = kinds_item_data.value
            kinds.append(kinds_item)

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kinds": kinds,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:
            kinds_item = NotificationKind(kinds_item_data)

            kinds.append(kinds_item)

        url = d.pop("url")

        webhook_request = cls(
            kinds=kinds,
            url=url,
        )

        return webhook_request
