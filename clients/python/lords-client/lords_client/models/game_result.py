from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.unrated_reason import UnratedReason
from ..types import UNSET, Unset

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
            unrated_reason (None | UnratedReason): Why a rated game changed no rating (service rules §9.7):
                `too_few_decisions` when a
                seated person took fewer than two decisions themselves. `null` when it changed them, and
                for an unrated game.
            own_decisions (list[int] | Unset): The decisions each seat's player took themselves, by seat (service rules
                §9.7): a
                decision a bot took for the seat (on a timeout, after a resignation, in a bot's seat)
                is not counted. Empty for games finished before the server counted them.
    """

    places: list[int]
    ranking: list[int]
    scores: list[int]
    unrated_reason: None | UnratedReason
    own_decisions: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        places = self.places

        ranking = self.ranking

        scores = self.scores

        unrated_reason: None | str
        if isinstance(self.unrated_reason, UnratedReason):
            unrated_reason = self.unrated_reason.value
        else:
            unrated_reason = self.unrated_reason

        own_decisions: list[int] | Unset = UNSET
        if not isinstance(self.own_decisions, Unset):
            own_decisions = self.own_decisions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "places": places,
                "ranking": ranking,
                "scores": scores,
                "unrated_reason": unrated_reason,
            }
        )
        if own_decisions is not UNSET:
            field_dict["own_decisions"] = own_decisions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        places = cast(list[int], d.pop("places"))

        ranking = cast(list[int], d.pop("ranking"))

        scores = cast(list[int], d.pop("scores"))

        def _parse_unrated_reason(data: object) -> None | UnratedReason:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unrated_reason_type_1 = UnratedReason(data)

                return unrated_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UnratedReason, data)

        unrated_reason = _parse_unrated_reason(d.pop("unrated_reason"))

        own_decisions = cast(list[int], d.pop("own_decisions", UNSET))

        game_result = cls(
            places=places,
            ranking=ranking,
            scores=scores,
            unrated_reason=unrated_reason,
            own_decisions=own_decisions,
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
