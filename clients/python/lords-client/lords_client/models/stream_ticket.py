from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StreamTicket")


@_attrs_define
class StreamTicket:
    """A stream ticket: pass it as `?ticket=` to one stream request within `expires_in` seconds.

    Attributes:
        expires_in (int): Seconds left to use it. Example: 60.
        ticket (str): Opaque; good for one stream request. Never logged, stored only as a hash. Example:
            q5v0Jx3mZyT8fB2kL9cR4wH7nD1sA6eU0gP3iO8tY2M.
    """

    expires_in: int
    ticket: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_in = self.expires_in

        ticket = self.ticket

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_in": expires_in,
                "ticket": ticket,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expires_in = d.pop("expires_in")

        ticket = d.pop("ticket")

        stream_ticket = cls(
            expires_in=expires_in,
            ticket=ticket,
        )

        stream_ticket.additional_properties = d
        return stream_ticket

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
