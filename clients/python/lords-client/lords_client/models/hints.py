from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Hints")


@_attrs_define
class Hints:
    """What the web client's first-game guide ("Learn by playing") remembers for an account, on
    every device: whether hints are off, which hints were dismissed, and which games are guide
    games (where hints show). The server keeps it as given; only its shape is checked.

        Attributes:
            dismissed (list[str]): The hints dismissed one at a time, by id (at most 200; each 1 to 64 letters, digits,
                `-`, `_` or `.`). Example: ['turn', 'power.lowest_strength'].
            off (bool): "Don't show hints": no hint is shown anywhere.
            games (list[UUID] | Unset): The games started from "Learn by playing" (at most 50; the client keeps the latest).
                Optional in `PUT`: left out, it is empty.
    """

    dismissed: list[str]
    off: bool
    games: list[UUID] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dismissed = self.dismissed

        off = self.off

        games: list[str] | Unset = UNSET
        if not isinstance(self.games, Unset):
            games = []
            for games_item_data in self.games:
                games_item = str(games_item_data)
                games.append(games_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dismissed": dismissed,
                "off": off,
            }
        )
        if games is not UNSET:
            field_dict["games"] = games

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        dismissed = cast(list[str], d.pop("dismissed"))

        off = d.pop("off")

        _games = d.pop("games", UNSET)
        games: list[UUID] | Unset = UNSET
        if _games is not UNSET:
            games = []
            for games_item_data in _games:
                games_item = UUID(games_item_data)

                games.append(games_item)

        hints = cls(
            dismissed=dismissed,
            off=off,
            games=games,
        )

        return hints
