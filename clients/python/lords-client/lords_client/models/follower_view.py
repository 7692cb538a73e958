from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clan import Clan

T = TypeVar("T", bound="FollowerView")


@_attrs_define
class FollowerView:
    """A card in an army, as the viewer may see it ([RULES](/docs/rules) §8).

    Attributes:
        active (Clan | None): The active end-of-skirmish power (a Scott's clan token), public once used
            ([RULES](/docs/rules) §5);
            `null` when none.
        card (int | None): `null` for a face-down Follower the viewer may not see.
        face_up (bool):
        kept (bool): Kept from the previous skirmish by a Macdonnell: power spent, discarded at the end of this
            skirmish.
    """

    active: Clan | None
    card: int | None
    face_up: bool
    kept: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active: None | str
        if isinstance(self.active, Clan):
            active = self.active.value
        else:
            active = self.active

        card: int | None
        card = self.card

        face_up = self.face_up

        kept = self.kept

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active": active,
                "card": card,
                "face_up": face_up,
                "kept": kept,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_active(data: object) -> Clan | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                active_type_1 = Clan(data)

                return active_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clan | None, data)

        active = _parse_active(d.pop("active"))

        def _parse_card(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        card = _parse_card(d.pop("card"))

        face_up = d.pop("face_up")

        kept = d.pop("kept")

        follower_view = cls(
            active=active,
            card=card,
            face_up=face_up,
            kept=kept,
        )

        follower_view.additional_properties = d
        return follower_view

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
