from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentTablePlayer")


@_attrs_define
class TournamentTablePlayer:
    """One player of a round's table.

    Attributes:
        place (int | None): The tournament place at the table (resigned and abandoned seats share the last);
            `null` until the game ends.
        points (float | None): The tournament points the table gave; `null` until the game ends.
        score (int | None): The player's score in the game; `null` until the game ends.
        seat (int): The player's seat in the game (0 plays first).
        username (str):
    """

    place: int | None
    points: float | None
    score: int | None
    seat: int
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        place: int | None
        place = self.place

        points: float | None
        points = self.points

        score: int | None
        score = self.score

        seat = self.seat

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "place": place,
                "points": points,
                "score": score,
                "seat": seat,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        def _parse_points(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        points = _parse_points(d.pop("points"))

        def _parse_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        score = _parse_score(d.pop("score"))

        seat = d.pop("seat")

        username = d.pop("username")

        tournament_table_player = cls(
            place=place,
            points=points,
            score=score,
            seat=seat,
            username=username,
        )

        tournament_table_player.additional_properties = d
        return tournament_table_player

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
