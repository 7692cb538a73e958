from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GameResult")


@_attrs_define
class GameResult:
    """How a finished game ended: every seat's points and the final order (the engine's
    `Game::scores`, `Game::ranking` and `Game::places` at the end).

        Attributes:
            places (list[int]): Each seat's place in the final ranking, indexed by seat, from 1: seats the ranking places
                equally share a place and the next is skipped (1, 1, 3), as the view's `places` (service
                rules §9.7).
            ranking (list[int]): Every seat, first place first: the winners, then the other unresigned seats, then the
                resigned ones, each group by score, ties by seat ([RULES](/docs/rules) §7, service rules §9.3).
            scores (list[int]): The claimed Supporters' strengths, by seat ([RULES](/docs/rules) §6.6).
    """

    places: list[int]
    ranking: list[int]
    scores: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        places = self.places

        ranking = self.ranking

        scores = self.scores

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "places": places,
                "ranking": ranking,
                "scores": scores,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        places = cast(list[int], d.pop("places"))

        ranking = cast(list[int], d.pop("ranking"))

        scores = cast(list[int], d.pop("scores"))

        game_result = cls(
            places=places,
            ranking=ranking,
            scores=scores,
        )

        game_result.additional_properties = d
        return game_result

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
