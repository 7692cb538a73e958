from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tournament_format import TournamentFormat
from ..types import UNSET, Unset

T = TypeVar("T", bound="TournamentRequest")


@_attrs_define
class TournamentRequest:
    """A tournament to create (service rules §9.11). Unknown fields are refused.

    Attributes:
        format_ (TournamentFormat): How players meet.
        name (str): 1 to 80 characters, no control character. Example: Winter Swiss.
        bots_allowed (bool | None | Unset): Whether bot accounts may join (service rules §9.9). Default `false`.
        max_players (int | None | Unset): Swiss: up to 200 (default 64). A round-robin: 3 to 10 (default 10).
        min_players (int | None | Unset): Swiss: `table_size` to `max_players` (default `table_size`). A round-robin: 3
            to 10
            (default 3).
        rated (bool | None | Unset): Whether the games are rated (service rules §9.7). Default `true`.
        rounds (int | None | Unset): Swiss: 3 to 11, required. A round-robin: left out (its players decide it: n − 1 for
            an
            even number n of players, n for an odd one).
        starts_at (datetime.datetime | None | Unset): When registration closes and the first round starts, in the future
            (at most 90 days
            ahead). `null` or left out: when the creator starts it.
        table_size (int | None | Unset): Seats at each table, 2 to 5 (a round-robin: 2). Default 2.
        target_score (int | None | Unset): The games' target score, 10 to 100. Default: the rulebook's for `table_size`.
        turn_time_limit_s (int | None | Unset): Seconds per decision in every game, 5 to 1209600. Default 259200 (3
            days). A tournament
            game always has a clock.
    """

    format_: TournamentFormat
    name: str
    bots_allowed: bool | None | Unset = UNSET
    max_players: int | None | Unset = UNSET
    min_players: int | None | Unset = UNSET
    rated: bool | None | Unset = UNSET
    rounds: int | None | Unset = UNSET
    starts_at: datetime.datetime | None | Unset = UNSET
    table_size: int | None | Unset = UNSET
    target_score: int | None | Unset = UNSET
    turn_time_limit_s: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        name = self.name

        bots_allowed: bool | None | Unset
        if isinstance(self.bots_allowed, Unset):
            bots_allowed = UNSET
        else:
            bots_allowed = self.bots_allowed

        max_players: int | None | Unset
        if isinstance(self.max_players, Unset):
            max_players = UNSET
        else:
            max_players = self.max_players

        min_players: int | None | Unset
        if isinstance(self.min_players, Unset):
            min_players = UNSET
        else:
            min_players = self.min_players

        rated: bool | None | Unset
        if isinstance(self.rated, Unset):
            rated = UNSET
        else:
            rated = self.rated

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        table_size: int | None | Unset
        if isinstance(self.table_size, Unset):
            table_size = UNSET
        else:
            table_size = self.table_size

        target_score: int | None | Unset
        if isinstance(self.target_score, Unset):
            target_score = UNSET
        else:
            target_score = self.target_score

        turn_time_limit_s: int | None | Unset
        if isinstance(self.turn_time_limit_s, Unset):
            turn_time_limit_s = UNSET
        else:
            turn_time_limit_s = self.turn_time_limit_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "name": name,
            }
        )
        if bots_allowed is not UNSET:
            field_dict["bots_allowed"] = bots_allowed
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if min_players is not UNSET:
            field_dict["min_players"] = min_players
        if rated is not UNSET:
            field_dict["rated"] = rated
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if table_size is not UNSET:
            field_dict["table_size"] = table_size
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        format_ = TournamentFormat(d.pop("format"))

        name = d.pop("name")

        def _parse_bots_allowed(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        bots_allowed = _parse_bots_allowed(d.pop("bots_allowed", UNSET))

        def _parse_max_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_players = _parse_max_players(d.pop("max_players", UNSET))

        def _parse_min_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_players = _parse_min_players(d.pop("min_players", UNSET))

        def _parse_rated(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        rated = _parse_rated(d.pop("rated", UNSET))

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        def _parse_table_size(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        table_size = _parse_table_size(d.pop("table_size", UNSET))

        def _parse_target_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target_score = _parse_target_score(d.pop("target_score", UNSET))

        def _parse_turn_time_limit_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s", UNSET))

        tournament_request = cls(
            format_=format_,
            name=name,
            bots_allowed=bots_allowed,
            max_players=max_players,
            min_players=min_players,
            rated=rated,
            rounds=rounds,
            starts_at=starts_at,
            table_size=table_size,
            target_score=target_score,
            turn_time_limit_s=turn_time_limit_s,
        )

        return tournament_request
