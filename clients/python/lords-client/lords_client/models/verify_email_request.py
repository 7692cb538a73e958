from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VerifyEmailRequest")


@_attrs_define
class VerifyEmailRequest:
    """The body of `POST /v1/me/email/verify`.

    Attributes:
        token (str): The token of the mailed link `{public_url}/#/verify-email/{token}`. Example:
            kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo.
    """

    token: str

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        verify_email_request = cls(
            token=token,
        )

        return verify_email_request
