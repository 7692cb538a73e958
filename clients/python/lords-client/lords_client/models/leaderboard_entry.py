from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_summary import RatingSummary


T = TypeVar("T", bound="LeaderboardEntry")


@_attrs_define
class LeaderboardEntry:
    """A leaderboard line.

    Attributes:
        bot (bool):
        rank (int): 1 for the best displayed rating; equal ratings share a rank. Example: 1.
        rating (RatingSummary): A rating as shown (service rules §9.7): Weng–Lin's `mu` and `sigma`, the displayed
            rating
            `round(1500 + 60·(mu − 3·sigma))`, and the rated games behind it (provisional under 10).
        username (str):  Example: robert_bruce.
    """

    bot: bool
    rank: int
    rating: RatingSummary
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        rank = self.rank

        rating = self.rating.to_dict()

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "rank": rank,
                "rating": rating,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_summary import RatingSummary  # noqa: PLC0415

        d = dict(src_dict)
        bot = d.pop("bot")

        rank = d.pop("rank")

        rating = RatingSummary.from_dict(d.pop("rating"))

        username = d.pop("username")

        leaderboard_entry = cls(
            bot=bot,
            rank=rank,
            rating=rating,
            username=username,
        )

        leaderboard_entry.additional_properties = d
        return leaderboard_entry

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
