from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PushKeys")


@_attrs_define
class PushKeys:
    """The keys of a push subscription, as the browser gives them.

    Attributes:
        auth (str): The authentication secret (16 bytes), base64url. Example: BTBZMqHH6r4Tts7J_aSIgg.
        p256dh (str): The browser's P-256 ECDH public key (65 bytes uncompressed), base64url. Example:
            BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4.
    """

    auth: str
    p256dh: str

    def to_dict(self) -> dict[str, Any]:
        auth = self.auth

        p256dh = self.p256dh

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "auth": auth,
                "p256dh": p256dh,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        auth = d.pop("auth")

        p256dh = d.pop("p256dh")

        push_keys = cls(
            auth=auth,
            p256dh=p256dh,
        )

        return push_keys
