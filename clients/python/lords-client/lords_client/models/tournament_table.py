from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_table_player import TournamentTablePlayer


T = TypeVar("T", bound="TournamentTable")


@_attrs_define
class TournamentTable:
    """One table of a round, and its game.

    Attributes:
        game_id (UUID):
        players (list[TournamentTablePlayer]): In seat order.
        status (None | str): The game's status (`active` or `finished`); `null` for the moment it is being made.
        table (int): 1, 2, … within the round.
    """

    game_id: UUID
    players: list[TournamentTablePlayer]
    status: None | str
    table: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = str(self.game_id)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        status: None | str
        status = self.status

        table = self.table

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "players": players,
                "status": status,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_table_player import TournamentTablePlayer  # noqa: PLC0415

        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = TournamentTablePlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status = _parse_status(d.pop("status"))

        table = d.pop("table")

        tournament_table = cls(
            game_id=game_id,
            players=players,
            status=status,
            table=table,
        )

        tournament_table.additional_properties = d
        return tournament_table

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
