from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EmailState")


@_attrs_define
class EmailState:
    """The account's address after `PUT /v1/me/email`.

    Attributes:
        email (str):  Example: robert@example.org.
        email_verified (bool): `false` until the mailed link is followed (`true` only when the account's own verified
            address was set again).
        verification_sent (bool): Whether a verification link was queued for the address.
    """

    email: str
    email_verified: bool
    verification_sent: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        email_verified = self.email_verified

        verification_sent = self.verification_sent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "email_verified": email_verified,
                "verification_sent": verification_sent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        email_verified = d.pop("email_verified")

        verification_sent = d.pop("verification_sent")

        email_state = cls(
            email=email,
            email_verified=email_verified,
            verification_sent=verification_sent,
        )

        email_state.additional_properties = d
        return email_state

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
