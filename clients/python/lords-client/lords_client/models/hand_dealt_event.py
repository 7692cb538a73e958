from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_dealt_event_type import HandDealtEventType

T = TypeVar("T", bound="HandDealtEvent")


@_attrs_define
class HandDealtEvent:
    """[RULES](/docs/rules) §3.2: cards from the top of the draw pile into a hand; `cards` is `null` for
    everyone but that seat.

        Attributes:
            cards (list[int] | None):
            count (int):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            type_ (HandDealtEventType): Always `hand_dealt` for this event.
    """

    cards: list[int] | None
    count: int
    seat: int
    type_: HandDealtEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards: list[int] | None
        if isinstance(self.cards, list):
            cards = self.cards

        else:
            cards = self.cards

        count = self.count

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "count": count,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_cards(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_0 = cast(list[int], data)

                return cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        cards = _parse_cards(d.pop("cards"))

        count = d.pop("count")

        seat = d.pop("seat")

        type_ = HandDealtEventType(d.pop("type"))

        hand_dealt_event = cls(
            cards=cards,
            count=count,
            seat=seat,
            type_=type_,
        )

        hand_dealt_event.additional_properties = d
        return hand_dealt_event

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
