from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_acted_event_type import BotActedEventType
from ..models.bot_level import BotLevel

T = TypeVar("T", bound="BotActedEvent")


@_attrs_define
class BotActedEvent:
    """Service rules §9.5: the events after this one, up to the next decision, are the action a
    bot of `level` took for `seat`.

        Attributes:
            level (BotLevel): The built-in bots, weakest first: `random` (any legal action), `greedy` (the best action by
                a one-move heuristic), `mcts` (Monte Carlo over deals of the hidden cards consistent with
                what its seat sees).
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            type_ (BotActedEventType): Always `bot_acted` for this event.
    """

    level: BotLevel
    seat: int
    type_: BotActedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        level = self.level.value

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "level": level,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = BotLevel(d.pop("level"))

        seat = d.pop("seat")

        type_ = BotActedEventType(d.pop("type"))

        bot_acted_event = cls(
            level=level,
            seat=seat,
            type_=type_,
        )

        bot_acted_event.additional_properties = d
        return bot_acted_event

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
