from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LogoutRequest")


@_attrs_define
class LogoutRequest:
    """
    Attributes:
        refresh_token (None | str | Unset): The session to end (its whole refresh-token family). Absent or null (or no
            body, or a
            `null` body): every session of the account. Example: kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo.
    """

    refresh_token: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        refresh_token: None | str | Unset
        if isinstance(self.refresh_token, Unset):
            refresh_token = UNSET
        else:
            refresh_token = self.refresh_token

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if refresh_token is not UNSET:
            field_dict["refresh_token"] = refresh_token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_refresh_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refresh_token = _parse_refresh_token(d.pop("refresh_token", UNSET))

        logout_request = cls(
            refresh_token=refresh_token,
        )

        return logout_request
