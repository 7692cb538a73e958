from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MutedDto")


@_attrs_define
class MutedDto:
    """An account the caller muted.

    Attributes:
        muted_at (datetime.datetime):  Example: 2026-03-14T18:09:47.120Z.
        username (str):  Example: moray.
    """

    muted_at: datetime.datetime
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        muted_at = self.muted_at.isoformat()

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "muted_at": muted_at,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        muted_at = datetime.datetime.fromisoformat(d.pop("muted_at"))

        username = d.pop("username")

        muted_dto = cls(
            muted_at=muted_at,
            username=username,
        )

        muted_dto.additional_properties = d
        return muted_dto

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
