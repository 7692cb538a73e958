from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RatingHistoryEntry")


@_attrs_define
class RatingHistoryEntry:
    """One rated game in a player's rating history: the rating after it. A private game the
    caller did not sit in shows only its day (service rules §9.7): `game_id` and `finished_at`
    are `null`, `finished_on` is set.

        Attributes:
            finished_at (datetime.datetime | None): When the game ended; `null` for a private game the caller did not sit
                in.
            finished_on (datetime.date): The day (UTC) the game ended, for every entry: all a stranger learns of when a
                private
                game was played. Example: 2026-12-07.
            mu (float):  Example: 26.1.
            rating (int):  Example: 1069.
            sigma (float):  Example: 7.2.
            game_id (None | Unset | UUID): The game; `null` for a private game the caller did not sit in.
    """

    finished_at: datetime.datetime | None
    finished_on: datetime.date
    mu: float
    rating: int
    sigma: float
    game_id: None | Unset | UUID = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        finished_on = self.finished_on.isoformat()

        mu = self.mu

        rating = self.rating

        sigma = self.sigma

        game_id: None | str | Unset
        if isinstance(self.game_id, Unset):
            game_id = UNSET
        elif isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "finished_at": finished_at,
                "finished_on": finished_on,
                "mu": mu,
                "rating": rating,
                "sigma": sigma,
            }
        )
        if game_id is not UNSET:
            field_dict["game_id"] = game_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        finished_on = datetime.date.fromisoformat(d.pop("finished_on"))

        mu = d.pop("mu")

        rating = d.pop("rating")

        sigma = d.pop("sigma")

        def _parse_game_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_id_type_0 = UUID(data)

                return game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        game_id = _parse_game_id(d.pop("game_id", UNSET))

        rating_history_entry = cls(
            finished_at=finished_at,
            finished_on=finished_on,
            mu=mu,
            rating=rating,
            sigma=sigma,
            game_id=game_id,
        )

        rating_history_entry.additional_properties = d
        return rating_history_entry

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
