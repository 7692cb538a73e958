from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountDeletion")


@_attrs_define
class AccountDeletion:
    """The body of `DELETE /v1/me`.

    Attributes:
        password (str): The account's password now. Example: bannockburn1314.
    """

    password: str

    def to_dict(self) -> dict[str, Any]:
        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        password = d.pop("password")

        account_deletion = cls(
            password=password,
        )

        return account_deletion
