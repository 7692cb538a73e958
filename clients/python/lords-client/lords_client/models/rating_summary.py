from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingSummary")


@_attrs_define
class RatingSummary:
    """A rating as shown (service rules §9.7): Weng–Lin's `mu` and `sigma`, the displayed rating
    `round(1500 + 60·(mu − 3·sigma))`, and the rated games behind it (provisional under 10).

        Attributes:
            games (int): Rated games played. Example: 12.
            mu (float):  Example: 27.4.
            provisional (bool): Fewer than 10 rated games: the rating still moves a lot, and the leaderboard leaves it out.
            rating (int): The displayed rating; the start (no rated game yet) is 1500. Example: 1226.
            sigma (float):  Example: 5.1.
    """

    games: int
    mu: float
    provisional: bool
    rating: int
    sigma: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        mu = self.mu

        provisional = self.provisional

        rating = self.rating

        sigma = self.sigma

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "mu": mu,
                "provisional": provisional,
                "rating": rating,
                "sigma": sigma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = d.pop("games")

        mu = d.pop("mu")

        provisional = d.pop("provisional")

        rating = d.pop("rating")

        sigma = d.pop("sigma")

        rating_summary = cls(
            games=games,
            mu=mu,
            provisional=provisional,
            rating=rating,
            sigma=sigma,
        )

        rating_summary.additional_properties = d
        return rating_summary

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
