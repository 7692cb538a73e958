from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_dto import EventDto


T = TypeVar("T", bound="EventPage")


@_attrs_define
class EventPage:
    """A page of events.

    Attributes:
        complete (bool): Whether everything is shown (the game is over): hashes and shuffles included.
        events (list[EventDto]):
        next_after (int | None): Pass as `after` for the next page; `null` when this page reached the end.
    """

    complete: bool
    events: list[EventDto]
    next_after: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        complete = self.complete

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        next_after: int | None
        next_after = self.next_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "complete": complete,
                "events": events,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_dto import EventDto  # noqa: PLC0415

        d = dict(src_dict)
        complete = d.pop("complete")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventDto.from_dict(events_item_data)

            events.append(events_item)

        def _parse_next_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_after = _parse_next_after(d.pop("next_after"))

        event_page = cls(
            complete=complete,
            events=events,
            next_after=next_after,
        )

        event_page.additional_properties = d
        return event_page

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
