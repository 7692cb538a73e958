from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.notification_kinds import NotificationKinds


T = TypeVar("T", bound="NotificationSettings")


@_attrs_define
class NotificationSettings:
    """What the account is told, and how.

    Example:
        {'digest_hour': 8, 'email_failing_since': None, 'kinds': {'chat': {'email': 'off', 'push': False}, 'game_over':
            {'email': 'off', 'push': False}, 'invited': {'email': 'immediately', 'push': True}, 'reminder': {'email':
            'immediately', 'push': True}, 'your_turn': {'email': 'immediately', 'push': True}}, 'time_zone': 'UTC'}

    Attributes:
        digest_hour (int): The hour (0–23, in `time_zone`) the daily digest is sent at, when a kind is `digest`.
        email_failing_since (datetime.datetime | None): Since when mail to your address has been failing (the SMTP
            server refused it, or was
            unreachable, for 3 days); `null` while mail goes through. Read-only: ignored on `PUT`.
        kinds (NotificationKinds): Every kind, each with its channels.
        time_zone (str): An IANA time zone name (`Europe/Paris`). Example: UTC.
    """

    digest_hour: int
    email_failing_since: datetime.datetime | None
    kinds: NotificationKinds
    time_zone: str

    def to_dict(self) -> dict[str, Any]:
        digest_hour = self.digest_hour

        email_failing_since: None | str
        if isinstance(self.email_failing_since, datetime.datetime):
            email_failing_since = self.email_failing_since.isoformat()
        else:
            email_failing_since = self.email_failing_since

        kinds = self.kinds.to_dict()

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "digest_hour": digest_hour,
                "email_failing_since": email_failing_since,
                "kinds": kinds,
                "time_zone": time_zone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_kinds import NotificationKinds  # noqa: PLC0415

        d = dict(src_dict)
        digest_hour = d.pop("digest_hour")

        def _parse_email_failing_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                email_failing_since_type_0 = datetime.datetime.fromisoformat(data)

                return email_failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        email_failing_since = _parse_email_failing_since(d.pop("email_failing_since"))

        kinds = NotificationKinds.from_dict(d.pop("kinds"))

        time_zone = d.pop("time_zone")

        notification_settings = cls(
            digest_hour=digest_hour,
            email_failing_since=email_failing_since,
            kinds=kinds,
            time_zone=time_zone,
        )

        return notification_settings
