from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_format import TournamentFormat
from ..models.tournament_status import TournamentStatus

if TYPE_CHECKING:
    from ..models.tournament_me import TournamentMe
    from ..models.tournament_round import TournamentRound
    from ..models.tournament_standing import TournamentStanding


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
    """A tournament: its settings, its state, its standings and every round's tables.

    Attributes:
        bots_allowed (bool):
        created_at (datetime.datetime):
        created_by (str): Its creator's username.
        ended_at (datetime.datetime | None): When it finished or was cancelled.
        format_ (TournamentFormat): How players meet.
        id (UUID):
        max_players (int):
        me (None | TournamentMe): What it is to the caller; `null` without a token.
        min_players (int):
        name (str):
        pairings (list[TournamentRound]): Every round so far.
        players (list[TournamentStanding]): The standings, first first (registration order before the first round).
        rated (bool):
        round_ (int): The round being played (0 before the first).
        rounds (int | None): The rounds it plays; `null` for a round-robin until it starts.
        started_at (datetime.datetime | None):
        starts_at (datetime.datetime | None): When it starts by itself; `null`: when its creator starts it.
        status (TournamentStatus): Where a tournament is in its life.
        table_size (int):
        target_score (int):
        turn_time_limit_s (int):
    """

    bots_allowed: bool
    created_at: datetime.datetime
    created_by: str
    ended_at: datetime.datetime | None
    format_: TournamentFormat
    id: UUID
    max_players: int
    me: None | TournamentMe
    min_players: int
    name: str
    pairings: list[TournamentRound]
    players: list[TournamentStanding]
    rated: bool
    round_: int
    rounds: int | None
    started_at: datetime.datetime | None
    starts_at: datetime.datetime | None
    status: TournamentStatus
    table_size: int
    target_score: int
    turn_time_limit_s: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_me import TournamentMe  # noqa: PLC0415

        bots_allowed = self.bots_allowed

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        format_ = self.format_.value

        id = str(self.id)

        max_players = self.max_players

        me: dict[str, Any] | None
        if isinstance(self.me, TournamentMe):
            me = self.me.to_dict()
        else:
            me = self.me

        min_players = self.min_players

        name = self.name

        pairings = []
        for pairings_item_data in self.pairings:
            pairings_item = pairings_item_data.to_dict()
            pairings.append(pairings_item)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        rated = self.rated

        round_ = self.round_

        rounds: int | None
        rounds = self.rounds

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        starts_at: None | str
        if isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        status = self.status.value

        table_size = self.table_size

        target_score = self.target_score

        turn_time_limit_s = self.turn_time_limit_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bots_allowed": bots_allowed,
                "created_at": created_at,
                "created_by": created_by,
                "ended_at": ended_at,
                "format": format_,
                "id": id,
                "max_players": max_players,
                "me": me,
                "min_players": min_players,
                "name": name,
                "pairings": pairings,
                "players": players,
                "rated": rated,
                "round": round_,
                "rounds": rounds,
                "started_at": started_at,
                "starts_at": starts_at,
                "status": status,
                "table_size": table_size,
                "target_score": target_score,
                "turn_time_limit_s": turn_time_limit_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_me import TournamentMe  # noqa: PLC0415
        from ..models.tournament_round import TournamentRound  # noqa: PLC0415
        from ..models.tournament_standing import TournamentStanding  # noqa: PLC0415

        d = dict(src_dict)
        bots_allowed = d.pop("bots_allowed")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        format_ = TournamentFormat(d.pop("format"))

        id = UUID(d.pop("id"))

        max_players = d.pop("max_players")

        def _parse_me(data: object) -> None | TournamentMe:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_1 = TournamentMe.from_dict(data)

                return me_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TournamentMe, data)

        me = _parse_me(d.pop("me"))

        min_players = d.pop("min_players")

        name = d.pop("name")

        pairings = []
        _pairings = d.pop("pairings")
        for pairings_item_data in _pairings:
            pairings_item = TournamentRound.from_dict(pairings_item_data)

            pairings.append(pairings_item)

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = TournamentStanding.from_dict(players_item_data)

            players.append(players_item)

        rated = d.pop("rated")

        round_ = d.pop("round")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

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

        target_score = d.pop("target_score")

        turn_time_limit_s = d.pop("turn_time_limit_s")

        tournament = cls(
            bots_allowed=bots_allowed,
            created_at=created_at,
            created_by=created_by,
            ended_at=ended_at,
            format_=format_,
            id=id,
            max_players=max_players,
            me=me,
            min_players=min_players,
            name=name,
            pairings=pairings,
            players=players,
            rated=rated,
            round_=round_,
            rounds=rounds,
            started_at=started_at,
            starts_at=starts_at,
            status=status,
            table_size=table_size,
            target_score=target_score,
            turn_time_limit_s=turn_time_limit_s,
        )

        tournament.additional_properties = d
        return tournament

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
