from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PasswordResetRequest")


@_attrs_define
class PasswordResetRequest:
    """The body of `POST /v1/auth/password-reset`.

    Attributes:
        email (str): The address of the account (verified or not), in any letter case. Example: robert@example.org.
    """

    email: str

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password_reset_request = cls(
            email=email,
        )

        return password_reset_request
