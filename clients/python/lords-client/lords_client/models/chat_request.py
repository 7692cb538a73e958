from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChatRequest")


@_attrs_define
class ChatRequest:
    """The body of `POST /v1/games/{id}/chat`.

    Attributes:
        text (str): 1 to 500 characters (Unicode scalar values) on one line: no control or format character
            (Unicode Cc, Cf), line breaks and tabs included. Example: Well played, Bruce..
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

        chat_request = cls(
            text=text,
        )

        return chat_request
