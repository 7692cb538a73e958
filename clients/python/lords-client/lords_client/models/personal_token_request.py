from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scope import Scope
from ..types import UNSET, Unset

T = TypeVar("T", bound="PersonalTokenRequest")


@_attrs_define
class PersonalTokenRequest:
    """A personal token to create.

    Attributes:
        name (str): What the token is for, to recognise it in the list: 1 to 64 characters on one line,
            at least one of them visible (spaces around it are dropped). Example: my scripts.
        scopes (list[Scope]): The scopes it holds: at least one. `bot:play` only on a bot account. Example:
            ['game:read', 'game:play'].
        expires_in_days (int | None | Unset): Days until it expires, 1 to 365; null or absent: it never expires.
            Example: 90.
    """

    name: str
    scopes: list[Scope]
    expires_in_days: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        expires_in_days: int | None | Unset
        if isinstance(self.expires_in_days, Unset):
            expires_in_days = UNSET
        else:
            expires_in_days = self.expires_in_days

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = Scope(scopes_item_data)

            scopes.append(scopes_item)

        def _parse_expires_in_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_days = _parse_expires_in_days(d.pop("expires_in_days", UNSET))

        personal_token_request = cls(
            name=name,
            scopes=scopes,
            expires_in_days=expires_in_days,
        )

        return personal_token_request
