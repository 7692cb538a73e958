from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PasswordResetConfirm")


@_attrs_define
class PasswordResetConfirm:
    """The body of `POST /v1/auth/password-reset/confirm`.

    Attributes:
        new_password (str): 8 to 128 characters (as at sign-up). Example: arbroath1320.
        token (str): The token of the mailed link `{public_url}/#/reset-password/{token}`. Example:
            kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo.
    """

    new_password: str
    token: str

    def to_dict(self) -> dict[str, Any]:
        new_password = self.new_password

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "new_password": new_password,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        new_password = d.pop("new_password")

        token = d.pop("token")

        password_reset_confirm = cls(
            new_password=new_password,
            token=token,
        )

        return password_reset_confirm
