from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deck_shuffled_event_type import DeckShuffledEventType

T = TypeVar("T", bound="DeckShuffledEvent")


@_attrs_define
class DeckShuffledEvent:
    """A shuffle and its resulting order, top card first: [RULES](/docs/rules) §3.1 (the whole deck) or the
    discard pile reshuffled into a new draw pile ([RULES](/docs/rules) §6). `commitment` is
    `SHA-256(order ‖ salt)` (order as one byte per card id, salt as bytes), public from the
    start; `order` and `salt` are `null` until the game is over.

        Attributes:
            commitment (str): Lowercase hex SHA-256.
            order (list[int] | None):
            salt (None | str): 16 random bytes, lowercase hex.
            size (int):
            type_ (DeckShuffledEventType): Always `deck_shuffled` for this event.
    """

    commitment: str
    order: list[int] | None
    salt: None | str
    size: int
    type_: DeckShuffledEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        order: list[int] | None
        if isinstance(self.order, list):
            order = self.order

        else:
            order = self.order

        salt: None | str
        salt = self.salt

        size = self.size

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment": commitment,
                "order": order,
                "salt": salt,
                "size": size,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        commitment = d.pop("commitment")

        def _parse_order(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                order_type_0 = cast(list[int], data)

                return order_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        order = _parse_order(d.pop("order"))

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

        size = d.pop("size")

        type_ = DeckShuffledEventType(d.pop("type"))

        deck_shuffled_event = cls(
            commitment=commitment,
            order=order,
            salt=salt,
            size=size,
            type_=type_,
        )

        deck_shuffled_event.additional_properties = d
        return deck_shuffled_event

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
