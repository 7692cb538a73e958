from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentStanding")


@_attrs_define
class TournamentStanding:
    """A player's standing (service rules §9.11): points, then the tie-breaks in order.

    Attributes:
        bot_account (bool):
        buchholz (float): The first tie-break: the sum of the points of everyone the player shared a table with.
            Example: 4.0.
        byes (int):
        game_score (int): The second tie-break: the sum of the player's scores in its games.
        points (float): Tournament points: at a table of n, n − 1 for first down to 0 for last; ties share
            (halves); a bye scores as a win. Example: 2.5.
        rank (int): 1 for the first, no two alike.
        registered_at (datetime.datetime): The third tie-break: the earlier registration.
        username (str):  Example: ailsa.
        withdrawn (bool): Withdrawn: no longer paired; results kept.
    """

    bot_account: bool
    buchholz: float
    byes: int
    game_score: int
    points: float
    rank: int
    registered_at: datetime.datetime
    username: str
    withdrawn: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot_account = self.bot_account

        buchholz = self.buchholz

        byes = self.byes

        game_score = self.game_score

        points = self.points

        rank = self.rank

        registered_at = self.registered_at.isoformat()

        username = self.username

        withdrawn = self.withdrawn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot_account": bot_account,
                "buchholz": buchholz,
                "byes": byes,
                "game_score": game_score,
                "points": points,
                "rank": rank,
                "registered_at": registered_at,
                "username": username,
                "withdrawn": withdrawn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot_account = d.pop("bot_account")

        buchholz = d.pop("buchholz")

        byes = d.pop("byes")

        game_score = d.pop("game_score")

        points = d.pop("points")

        rank = d.pop("rank")

        registered_at = datetime.datetime.fromisoformat(d.pop("registered_at"))

        username = d.pop("username")

        withdrawn = d.pop("withdrawn")

        tournament_standing = cls(
            bot_account=bot_account,
            buchholz=buchholz,
            byes=byes,
            game_score=game_score,
            points=points,
            rank=rank,
            registered_at=registered_at,
            username=username,
            withdrawn=withdrawn,
        )

        tournament_standing.additional_properties = d
        return tournament_standing

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
