from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

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
        kinds (NotificationKinds): Every kind, each with its channels.
        time_zone (str): An IANA time zone name (`Europe/Paris`). Example: UTC.
        email_failing_since (datetime.datetime | None | Unset): Since when mail to your address has been failing (the
            SMTP server refused it, or was
            unreachable, for 3 days); `null` while mail goes through. Read-only: ignored on `PUT`.
    """

    digest_hour: int
    kinds: NotificationKinds
    time_zone: str
    email_failing_since: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        digest_hour = self.digest_hour

        kinds = self.kinds.to_dict()

        time_zone = self.time_zone

        email_failing_since: None | str | Unset
        if isinstance(self.email_failing_since, Unset):
            email_failing_since = UNSET
        elif isinstance(self.email_failing_since, datetime.datetime):
            email_failing_since = self.email_failing_since.isoformat()
        else:
            email_failing_since = self.email_failing_since

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "digest_hour": digest_hour,
                "kinds": kinds,
                "time_zone": time_zone,
            }
        )
        if email_failing_since is not UNSET:
            field_dict["email_failing_since"] = email_failing_since

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_kinds import NotificationKinds  # noqa: PLC0415

        d = dict(src_dict)
        digest_hour = d.pop("digest_hour")

        kinds = NotificationKinds.from_dict(d.pop("kinds"))

        time_zone = d.pop("time_zone")

        def _parse_email_failing_since(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                email_failing_since_type_0 = datetime.datetime.fromisoformat(data)

                return email_failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        email_failing_since = _parse_email_failing_since(d.pop("email_failing_since", UNSET))

        notification_settings = cls(
            digest_hour=digest_hour,
            kinds=kinds,
            time_zone=time_zone,
            email_failing_since=email_failing_since,
        )

        return notification_settings
