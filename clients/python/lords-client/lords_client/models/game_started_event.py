from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.edition_id import EditionId
from ..models.game_started_event_type import GameStartedEventType

if TYPE_CHECKING:
    from ..models.game_options import GameOptions


T = TypeVar("T", bound="GameStartedEvent")


@_attrs_define
class GameStartedEvent:
    """[RULES](/docs/rules) §2, §3.5: options fixed, edition recorded, initiative drawn at random.

    Attributes:
        edition (EditionId): The edition a game was created with ([RULES](/docs/rules) §1).
        initiative (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        options (GameOptions): The options a game was created with, defaults filled in ([RULES](/docs/rules) §2).
        type_ (GameStartedEventType): Always `game_started` for this event.
    """

    edition: EditionId
    initiative: int
    options: GameOptions
    type_: GameStartedEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        edition = self.edition.value

        initiative = self.initiative

        options = self.options.to_dict()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "edition": edition,
                "initiative": initiative,
                "options": options,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_options import GameOptions  # noqa: PLC0415

        d = dict(src_dict)
        edition = EditionId(d.pop("edition"))

        initiative = d.pop("initiative")

        options = GameOptions.from_dict(d.pop("options"))

        type_ = GameStartedEventType(d.pop("type"))

        game_started_event = cls(
            edition=edition,
            initiative=initiative,
            options=options,
            type_=type_,
        )

        game_started_event.additional_properties = d
        return game_started_event

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
