from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.edition_id import EditionId

if TYPE_CHECKING:
    from ..models.card_dto import CardDto


T = TypeVar("T", bound="CardsResponse")


@_attrs_define
class CardsResponse:
    """
    Attributes:
        cards (list[CardDto]):
        edition (EditionId): The edition a game was created with ([RULES](/docs/rules) §1).
    """

    cards: list[CardDto]
    edition: EditionId
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)

        edition = self.edition.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "edition": edition,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_dto import CardDto  # noqa: PLC0415

        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = CardDto.from_dict(cards_item_data)

            cards.append(cards_item)

        edition = EditionId(d.pop("edition"))

        cards_response = cls(
            cards=cards,
            edition=edition,
        )

        cards_response.additional_properties = d
        return cards_response

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
