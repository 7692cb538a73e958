from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="QuickSeekRequest")


@_attrs_define
class QuickSeekRequest:
    """Quick play: a seek with the house's options.

    Attributes:
        players (int):
    """

    players: int

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        quick_seek_request = cls(
            players=players,
        )

        return quick_seek_request
