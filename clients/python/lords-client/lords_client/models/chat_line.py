from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ChatLine")


@_attrs_define
class ChatLine:
    """One line said at a table.

    Attributes:
        id (int): Per game, increasing: page and resume after it. Example: 42.
        seat (int): The sender's seat. Example: 1.
        sent_at (datetime.datetime):  Example: 2026-03-14T18:09:47.120Z.
        text (str):  Example: Well played, Bruce..
        username (str): The sender's current username (`deleted-…` once the account is deleted). Example: moray.
    """

    id: int
    seat: int
    sent_at: datetime.datetime
    text: str
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        seat = self.seat

        sent_at = self.sent_at.isoformat()

        text = self.text

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "seat": seat,
                "sent_at": sent_at,
                "text": text,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        seat = d.pop("seat")

        sent_at = datetime.datetime.fromisoformat(d.pop("sent_at"))

        text = d.pop("text")

        username = d.pop("username")

        chat_line = cls(
            id=id,
            seat=seat,
            sent_at=sent_at,
            text=text,
            username=username,
        )

        chat_line.additional_properties = d
        return chat_line

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
