from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope import Scope

T = TypeVar("T", bound="PersonalTokenCreated")


@_attrs_define
class PersonalTokenCreated:
    """A just created personal token with its secret, shown this once.

    Attributes:
        created_at (datetime.datetime):
        expires_at (datetime.datetime | None): `null`: it never expires.
        id (UUID):
        name (str):  Example: my scripts.
        scopes (list[Scope]):  Example: ['game:read', 'game:play'].
        token (str): The token to send as `Authorization: Bearer <token>`: `lords_pat_` and 43 characters.
            Never shown again: the server keeps only its hash. Example:
            lords_pat_3q2-7wXyV0b1Kc9mNpR4sT6uW8yA0cE2gI4kM6oQ8sU.
    """

    created_at: datetime.datetime
    expires_at: datetime.datetime | None
    id: UUID
    name: str
    scopes: list[Scope]
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        id = str(self.id)

        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "expires_at": expires_at,
                "id": id,
                "name": name,
                "scopes": scopes,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        id = UUID(d.pop("id"))

        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = Scope(scopes_item_data)

            scopes.append(scopes_item)

        token = d.pop("token")

        personal_token_created = cls(
            created_at=created_at,
            expires_at=expires_at,
            id=id,
            name=name,
            scopes=scopes,
            token=token,
        )

        personal_token_created.additional_properties = d
        return personal_token_created

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
