from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NotesRequest")


@_attrs_define
class NotesRequest:
    """The body of `PUT /v1/games/{id}/notes`.

    Attributes:
        text (str): 0 to 4000 characters (Unicode scalar values): lines separated by line feeds, tabs
            allowed, no other control or format character (Unicode Cc, Cf). Empty clears the notes. Example: Moray kept two
            Highlanders.
            Bruce next turn?.
    """

    text: str

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

        notes_request = cls(
            text=text,
        )

        return notes_request
