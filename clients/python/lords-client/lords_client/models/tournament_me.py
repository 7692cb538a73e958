from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentMe")


@_attrs_define
class TournamentMe:
    """What the tournament is to the caller.

    Attributes:
        creator (bool): Whether the caller created it (and may start or cancel it while it is open).
        game_id (None | UUID): The caller's game of the current round; `null` without one (a bye, or not playing).
        joined (bool): Registered (withdrawn or not).
        withdrawn (bool):
    """

    creator: bool
    game_id: None | UUID
    joined: bool
    withdrawn: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        creator = self.creator

        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        joined = self.joined

        withdrawn = self.withdrawn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "creator": creator,
                "game_id": game_id,
                "joined": joined,
                "withdrawn": withdrawn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        creator = d.pop("creator")

        def _parse_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_id_type_0 = UUID(data)

                return game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game_id = _parse_game_id(d.pop("game_id"))

        joined = d.pop("joined")

        withdrawn = d.pop("withdrawn")

        tournament_me = cls(
            creator=creator,
            game_id=game_id,
            joined=joined,
            withdrawn=withdrawn,
        )

        tournament_me.additional_properties = d
        return tournament_me

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
