from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_summary import RatingSummary


T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    """A player's public profile.

    Attributes:
        bot (bool): Whether this is a built-in bot's rated profile (`random`, `greedy`, `mcts`) or a bot
            account (an account that plays through the API with its token).
        games_played (int): Finished games the player sat in, private ones included (only their number is shown).
            Example: 31.
        games_won (int): Of those, the games the player won (alone or in a shared victory). Example: 12.
        joined_at (datetime.datetime): When the account was created.
        rating (RatingSummary): A rating as shown (service rules §9.7): Weng–Lin's `mu` and `sigma`, the displayed
            rating
            `round(1500 + 60·(mu − 3·sigma))`, and the rated games behind it (provisional under 10).
        username (str):  Example: robert_bruce.
    """

    bot: bool
    games_played: int
    games_won: int
    joined_at: datetime.datetime
    rating: RatingSummary
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        games_played = self.games_played

        games_won = self.games_won

        joined_at = self.joined_at.isoformat()

        rating = self.rating.to_dict()

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "games_played": games_played,
                "games_won": games_won,
                "joined_at": joined_at,
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

        games_played = d.pop("games_played")

        games_won = d.pop("games_won")

        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        rating = RatingSummary.from_dict(d.pop("rating"))

        username = d.pop("username")

        profile = cls(
            bot=bot,
            games_played=games_played,
            games_won=games_won,
            joined_at=joined_at,
            rating=rating,
            username=username,
        )

        profile.additional_properties = d
        return profile

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
