from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.challenge_dto import ChallengeDto


T = TypeVar("T", bound="ChallengeList")


@_attrs_define
class ChallengeList:
    """The caller's challenges of the last 7 days, newest first.

    Attributes:
        incoming (list[ChallengeDto]): Made to the caller.
        outgoing (list[ChallengeDto]): Made by the caller.
    """

    incoming: list[ChallengeDto]
    outgoing: list[ChallengeDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        incoming = []
        for incoming_item_data in self.incoming:
            incoming_item = incoming_item_data.to_dict()
            incoming.append(incoming_item)

        outgoing = []
        for outgoing_item_data in self.outgoing:
            outgoing_item = outgoing_item_data.to_dict()
            outgoing.append(outgoing_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "incoming": incoming,
                "outgoing": outgoing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_dto import ChallengeDto  # noqa: PLC0415

        d = dict(src_dict)
        incoming = []
        _incoming = d.pop("incoming")
        for incoming_item_data in _incoming:
            incoming_item = ChallengeDto.from_dict(incoming_item_data)

            incoming.append(incoming_item)

        outgoing = []
        _outgoing = d.pop("outgoing")
        for outgoing_item_data in _outgoing:
            outgoing_item = ChallengeDto.from_dict(outgoing_item_data)

            outgoing.append(outgoing_item)

        challenge_list = cls(
            incoming=incoming,
            outgoing=outgoing,
        )

        challenge_list.additional_properties = d
        return challenge_list

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
