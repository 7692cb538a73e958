from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.seek_dto import SeekDto


T = TypeVar("T", bound="SeekPage")


@_attrs_define
class SeekPage:
    """A page of open seeks, oldest first.

    Attributes:
        next_cursor (None | str): Pass as `cursor` for the next page; `null` on the last page.
        seeks (list[SeekDto]):
    """

    next_cursor: None | str
    seeks: list[SeekDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        next_cursor: None | str
        next_cursor = self.next_cursor

        seeks = []
        for seeks_item_data in self.seeks:
            seeks_item = seeks_item_data.to_dict()
            seeks.append(seeks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "next_cursor": next_cursor,
                "seeks": seeks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seek_dto import SeekDto  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        seeks = []
        _seeks = d.pop("seeks")
        for seeks_item_data in _seeks:
            seeks_item = SeekDto.from_dict(seeks_item_data)

            seeks.append(seeks_item)

        seek_page = cls(
            next_cursor=next_cursor,
            seeks=seeks,
        )

        seek_page.additional_properties = d
        return seek_page

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
