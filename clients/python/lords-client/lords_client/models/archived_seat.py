from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ArchivedSeat")


@_attrs_define
class ArchivedSeat:
    """A seat of an archived game.

    Attributes:
        bot (bool): Whether a built-in bot held the seat.
        seat (int):
        username (str): The player's username; for a bot's seat, its level (the bot's profile). Example: robert_bruce.
        place (int | None | Unset): The seat's place in the final ranking, 1 first; seats placed equally share it.
        rating_after (int | None | Unset):
        rating_before (int | None | Unset): The displayed rating before and after the game; `null` when the game is
            unrated or its
            ratings are not applied yet.
        rating_change (int | None | Unset):
        score (int | None | Unset): The seat's points at the end ([RULES](/docs/rules) §6.6).
    """

    bot: bool
    seat: int
    username: str
    place: int | None | Unset = UNSET
    rating_after: int | None | Unset = UNSET
    rating_before: int | None | Unset = UNSET
    rating_change: int | None | Unset = UNSET
    score: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        seat = self.seat

        username = self.username

        place: int | None | Unset
        if isinstance(self.place, Unset):
            place = UNSET
        else:
            place = self.place

        rating_after: int | None | Unset
        if isinstance(self.rating_after, Unset):
            rating_after = UNSET
        else:
            rating_after = self.rating_after

        rating_before: int | None | Unset
        if isinstance(self.rating_before, Unset):
            rating_before = UNSET
        else:
            rating_before = self.rating_before

        rating_change: int | None | Unset
        if isinstance(self.rating_change, Unset):
            rating_change = UNSET
        else:
            rating_change = self.rating_change

        score: int | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "seat": seat,
                "username": username,
            }
        )
        if place is not UNSET:
            field_dict["place"] = place
        if rating_after is not UNSET:
            field_dict["rating_after"] = rating_after
        if rating_before is not UNSET:
            field_dict["rating_before"] = rating_before
        if rating_change is not UNSET:
            field_dict["rating_change"] = rating_change
        if score is not UNSET:
            field_dict["score"] = score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        seat = d.pop("seat")

        username = d.pop("username")

        def _parse_place(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        place = _parse_place(d.pop("place", UNSET))

        def _parse_rating_after(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rating_after = _parse_rating_after(d.pop("rating_after", UNSET))

        def _parse_rating_before(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rating_before = _parse_rating_before(d.pop("rating_before", UNSET))

        def _parse_rating_change(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rating_change = _parse_rating_change(d.pop("rating_change", UNSET))

        def _parse_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

        archived_seat = cls(
            bot=bot,
            seat=seat,
            username=username,
            place=place,
            rating_after=rating_after,
            rating_before=rating_before,
            rating_change=rating_change,
            score=score,
        )

        archived_seat.additional_properties = d
        return archived_seat

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
