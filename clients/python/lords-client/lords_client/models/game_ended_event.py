from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_ended_event_type import GameEndedEventType

T = TypeVar("T", bound="GameEndedEvent")


@_attrs_define
class GameEndedEvent:
    """[RULES](/docs/rules) §7: `scores` by seat; several `winners` when the victory is shared. Also service
    rules §9.3: when at most one unresigned seat remains (then `winners` is that seat, or
    empty). Resigned seats never win.

        Attributes:
            scores (list[int]):
            type_ (GameEndedEventType): Always `game_ended` for this event.
            winners (list[int]):
    """

    scores: list[int]
    type_: GameEndedEventType
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scores = self.scores

        type_ = self.type_.value

        winners = self.winners

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scores": scores,
                "type": type_,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))

        type_ = GameEndedEventType(d.pop("type"))

        winners = cast(list[int], d.pop("winners"))

        game_ended_event = cls(
            scores=scores,
            type_=type_,
            winners=winners,
        )

        game_ended_event.additional_properties = d
        return game_ended_event

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
