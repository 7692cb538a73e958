from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.muted_dto import MutedDto


T = TypeVar("T", bound="MutedList")


@_attrs_define
class MutedList:
    """The accounts the caller muted, by username.

    Attributes:
        muted (list[MutedDto]):
    """

    muted: list[MutedDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        muted = []
        for muted_item_data in self.muted:
            muted_item = muted_item_data.to_dict()
            muted.append(muted_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "muted": muted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.muted_dto import MutedDto  # noqa: PLC0415

        d = dict(src_dict)
        muted = []
        _muted = d.pop("muted")
        for muted_item_data in _muted:
            muted_item = MutedDto.from_dict(muted_item_data)

            muted.append(muted_item)

        muted_list = cls(
            muted=muted,
        )

        muted_list.additional_properties = d
        return muted_list

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
