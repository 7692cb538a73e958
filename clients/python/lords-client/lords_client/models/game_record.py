from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_options import GameOptions
    from ..models.record_event import RecordEvent
    from ..models.record_head import RecordHead
    from ..models.record_inclusion import RecordInclusion
    from ..models.record_seat import RecordSeat


T = TypeVar("T", bound="GameRecord")


@_attrs_define
class GameRecord:
    """A finished game's record.

    Attributes:
        events (list[RecordEvent]): The whole stream, in order.
        format_ (str): Always `lords-record-v1`. Example: lords-record-v1.
        game_id (UUID):
        head (RecordHead): The final head of the stream.
        options (GameOptions): The options a game was created with, defaults filled in ([RULES](/docs/rules) §2).
        salt (None | str): The game's salt, hex (32 bytes): each receipt's commitment is
            `SHA-256(b"lords-head-v1\\x00" ‖ salt ‖ the hash of the event at its version)`. `null`
            for a game created before games had one.
        seats (list[RecordSeat]): In seat order.
        transparency (None | RecordInclusion): The game's leaf in the transparency log and its inclusion proof against
            the newest
            signed tree head; `null` until the sequencer has logged the game (within seconds of its
            end).
    """

    events: list[RecordEvent]
    format_: str
    game_id: UUID
    head: RecordHead
    options: GameOptions
    salt: None | str
    seats: list[RecordSeat]
    transparency: None | RecordInclusion
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_inclusion import RecordInclusion  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        format_ = self.format_

        game_id = str(self.game_id)

        head = self.head.to_dict()

        options = self.options.to_dict()

        salt: None | str
        salt = self.salt

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        transparency: dict[str, Any] | None
        if isinstance(self.transparency, RecordInclusion):
            transparency = self.transparency.to_dict()
        else:
            transparency = self.transparency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "format": format_,
                "game_id": game_id,
                "head": head,
                "options": options,
                "salt": salt,
                "seats": seats,
                "transparency": transparency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_options import GameOptions  # noqa: PLC0415
        from ..models.record_event import RecordEvent  # noqa: PLC0415
        from ..models.record_head import RecordHead  # noqa: PLC0415
        from ..models.record_inclusion import RecordInclusion  # noqa: PLC0415
        from ..models.record_seat import RecordSeat  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = RecordEvent.from_dict(events_item_data)

            events.append(events_item)

        format_ = d.pop("format")

        game_id = UUID(d.pop("game_id"))

        head = RecordHead.from_dict(d.pop("head"))

        options = GameOptions.from_dict(d.pop("options"))

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = RecordSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_transparency(data: object) -> None | RecordInclusion:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                transparency_type_1 = RecordInclusion.from_dict(data)

                return transparency_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecordInclusion, data)

        transparency = _parse_transparency(d.pop("transparency"))

        game_record = cls(
            events=events,
            format_=format_,
            game_id=game_id,
            head=head,
            options=options,
            salt=salt,
            seats=seats,
            transparency=transparency,
        )

        game_record.additional_properties = d
        return game_record

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
