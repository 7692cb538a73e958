from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.chat_line import ChatLine


T = TypeVar("T", bound="ChatPage")


@_attrs_define
class ChatPage:
    """A page of a table's chat, oldest first.

    Attributes:
        lines (list[ChatLine]):
        next_after (int): Pass it as `after` for the next page (and as the stream's `chat_after`): the last line's
            id, or the `after` asked for when the page is empty. Example: 42.
    """

    lines: list[ChatLine]
    next_after: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        next_after = self.next_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lines": lines,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_line import ChatLine  # noqa: PLC0415

        d = dict(src_dict)
        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = ChatLine.from_dict(lines_item_data)

            lines.append(lines_item)

        next_after = d.pop("next_after")

        chat_page = cls(
            lines=lines,
            next_after=next_after,
        )

        chat_page.additional_properties = d
        return chat_page

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
