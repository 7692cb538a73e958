from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mustered_event_type import MusteredEventType

T = TypeVar("T", bound="MusteredEvent")


@_attrs_define
class MusteredEvent:
    """[RULES](/docs/rules) §4 Muster: the card joins the end of the army. `card` is `null` when mustered
    face-down, except for the mustering seat.

        Attributes:
            card (int | None):
            face_up (bool):
            seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            type_ (MusteredEventType): Always `mustered` for this event.
            use_power (bool):
    """

    card: int | None
    face_up: bool
    seat: int
    type_: MusteredEventType
    use_power: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card: int | None
        card = self.card

        face_up = self.face_up

        seat = self.seat

        type_ = self.type_.value

        use_power = self.use_power

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "face_up": face_up,
                "seat": seat,
                "type": type_,
                "use_power": use_power,
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

        face_up = d.pop("face_up")

        seat = d.pop("seat")

        type_ = MusteredEventType(d.pop("type"))

        use_power = d.pop("use_power")

        mustered_event = cls(
            card=card,
            face_up=face_up,
            seat=seat,
            type_=type_,
            use_power=use_power,
        )

        mustered_event.additional_properties = d
        return mustered_event

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
