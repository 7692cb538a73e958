from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tie_break import TieBreak


T = TypeVar("T", bound="Placed")


@_attrs_define
class Placed:
    """A placed army at the end of a skirmish ([RULES](/docs/rules) §6.2–6.3).

    Attributes:
        army (list[int]): The army's cards as they were scored, first mustered first (all revealed).
        doubled (bool): Two or more cards, all of one clan (active Bruce cards and Scotts carrying a Bruce token
            count as any clan).
        place (int): 1 for first place; no two armies share a place, since no two cards share a rank.
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        strength (int): The army's strength, doubled when `doubled` ([RULES](/docs/rules) §6.2).
        tie_broken_by (None | TieBreak): Set when the next army placed has the same strength: the tie went to this army
            because
            its highest-ranked card outranks that army's ([RULES](/docs/rules) §6.3). `null` otherwise.
    """

    army: list[int]
    doubled: bool
    place: int
    seat: int
    strength: int
    tie_broken_by: None | TieBreak
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tie_break import TieBreak  # noqa: PLC0415

        army = self.army

        doubled = self.doubled

        place = self.place

        seat = self.seat

        strength = self.strength

        tie_broken_by: dict[str, Any] | None
        if isinstance(self.tie_broken_by, TieBreak):
            tie_broken_by = self.tie_broken_by.to_dict()
        else:
            tie_broken_by = self.tie_broken_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army": army,
                "doubled": doubled,
                "place": place,
                "seat": seat,
                "strength": strength,
                "tie_broken_by": tie_broken_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tie_break import TieBreak  # noqa: PLC0415

        d = dict(src_dict)
        army = cast(list[int], d.pop("army"))

        doubled = d.pop("doubled")

        place = d.pop("place")

        seat = d.pop("seat")

        strength = d.pop("strength")

        def _parse_tie_broken_by(data: object) -> None | TieBreak:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tie_broken_by_type_1 = TieBreak.from_dict(data)

                return tie_broken_by_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TieBreak, data)

        tie_broken_by = _parse_tie_broken_by(d.pop("tie_broken_by"))

        placed = cls(
            army=army,
            doubled=doubled,
            place=place,
            seat=seat,
            strength=strength,
            tie_broken_by=tie_broken_by,
        )

        placed.additional_properties = d
        return placed

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
