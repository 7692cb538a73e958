from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_drawn_event_type import CardDrawnEventType

T = TypeVar("T", bound="CardDrawnEvent")


@_attrs_define
class CardDrawnEvent:
    """[RULES](/docs/rules) §5 Forsyth: the top card of the draw pile into the hand; `card` is `null` for
    everyone but that seat.

        Attributes:
            card (int | None):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            type_ (CardDrawnEventType): Always `card_drawn` for this event.
    """

    card: int | None
    seat: int
    type_: CardDrawnEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card: int | None
        card = self.card

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_card(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        card = _parse_card(d.pop("card"))

        seat = d.pop("seat")

        type_ = CardDrawnEventType(d.pop("type"))

        card_drawn_event = cls(
            card=card,
            seat=seat,
            type_=type_,
        )

        card_drawn_event.additional_properties = d
        return card_drawn_event

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
