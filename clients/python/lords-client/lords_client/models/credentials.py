from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Credentials")


@_attrs_define
class Credentials:
    """
    Attributes:
        password (str): 8 to 128 characters. Example: bannockburn1314.
        username (str): 3 to 32 characters of `A-Z a-z 0-9 _ -`, unique ignoring case. Example: robert_bruce.
    """

    password: str
    username: str

    def to_dict(self) -> dict[str, Any]:
        password = self.password

        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "password": password,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        password = d.pop("password")

        username = d.pop("username")

        credentials = cls(
            password=password,
            username=username,
        )

        return credentials
