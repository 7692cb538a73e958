from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_format import TournamentFormat
from ..models.tournament_status import TournamentStatus

T = TypeVar("T", bound="TournamentSummary")


@_attrs_define
class TournamentSummary:
    """One tournament of the list.

    Attributes:
        bots_allowed (bool):
        created_at (datetime.datetime):
        created_by (str):
        format_ (TournamentFormat): How players meet.
        id (UUID):
        max_players (int):
        name (str):
        players (int): Registered players.
        rated (bool):
        round_ (int):
        rounds (int | None):
        starts_at (datetime.datetime | None):
        status (TournamentStatus): Where a tournament is in its life.
        table_size (int):
        turn_time_limit_s (int | None):
    """

    bots_allowed: bool
    created_at: datetime.datetime
    created_by: str
    format_: TournamentFormat
    id: UUID
    max_players: int
    name: str
    players: int
    rated: bool
    round_: int
    rounds: int | None
    starts_at: datetime.datetime | None
    status: TournamentStatus
    table_size: int
    turn_time_limit_s: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bots_allowed = self.bots_allowed

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        format_ = self.format_.value

        id = str(self.id)

        max_players = self.max_players

        name = self.name

        players = self.players

        rated = self.rated

        round_ = self.round_

        rounds: int | None
        rounds = self.rounds

        starts_at: None | str
        if isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        status = self.status.value

        table_size = self.table_size

        turn_time_limit_s: int | None
        turn_time_limit_s = self.turn_time_limit_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bots_allowed": bots_allowed,
                "created_at": created_at,
                "created_by": created_by,
                "format": format_,
                "id": id,
                "max_players": max_players,
                "name": name,
                "players": players,
                "rated": rated,
                "round": round_,
                "rounds": rounds,
                "starts_at": starts_at,
                "status": status,
                "table_size": table_size,
                "turn_time_limit_s": turn_time_limit_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bots_allowed = d.pop("bots_allowed")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        format_ = TournamentFormat(d.pop("format"))

        id = UUID(d.pop("id"))

        max_players = d.pop("max_players")

        name = d.pop("name")

        players = d.pop("players")

        rated = d.pop("rated")

        round_ = d.pop("round")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        def _parse_starts_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        starts_at = _parse_starts_at(d.pop("starts_at"))

        status = TournamentStatus(d.pop("status"))

        table_size = d.pop("table_size")

        def _parse_turn_time_limit_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s"))

        tournament_summary = cls(
            bots_allowed=bots_allowed,
            created_at=created_at,
            created_by=created_by,
            format_=format_,
            id=id,
            max_players=max_players,
            name=name,
            players=players,
            rated=rated,
            round_=round_,
            rounds=rounds,
            starts_at=starts_at,
            status=status,
            table_size=table_size,
            turn_time_limit_s=turn_time_limit_s,
        )

        tournament_summary.additional_properties = d
        return tournament_summary

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
