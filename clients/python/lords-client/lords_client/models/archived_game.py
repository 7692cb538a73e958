from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.unrated_reason import UnratedReason
from ..models.visibility import Visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.archived_seat import ArchivedSeat
    from ..models.game_options import GameOptions


T = TypeVar("T", bound="ArchivedGame")


@_attrs_define
class ArchivedGame:
    """A finished game as the archive lists it.

    Attributes:
        finished_at (datetime.datetime):
        id (UUID):
        options (GameOptions): The options a game was created with, defaults filled in ([RULES](/docs/rules) §2).
        ranking (list[int]): Every seat, first place first ([RULES](/docs/rules) §7, service rules §9.3).
        rated (bool): Whether the game counts for ratings (chosen at creation).
        seats (list[ArchivedSeat]):
        unrated_reason (None | UnratedReason): Why a rated game changed no rating (service rules §9.7):
            `too_few_decisions` when a
            seated person took fewer than two decisions themselves; `null` otherwise.
        visibility (Visibility): Who may see a game. `public`: listed and shown to everyone, joined by anyone;
            `private`:
            listed only to its seated players, shown only to them and its creator (to anyone else it
            does not exist: 404 `game_not_found`), joined only with an invitation.
        winners (list[int]): The winning seats.
        places (list[int] | None | Unset): Each seat's place (indexed by seat), 1 first, equal for seats the ranking
            places equally.
    """

    finished_at: datetime.datetime
    id: UUID
    options: GameOptions
    ranking: list[int]
    rated: bool
    seats: list[ArchivedSeat]
    unrated_reason: None | UnratedReason
    visibility: Visibility
    winners: list[int]
    places: list[int] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        finished_at = self.finished_at.isoformat()

        id = str(self.id)

        options = self.options.to_dict()

        ranking = self.ranking

        rated = self.rated

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        unrated_reason: None | str
        if isinstance(self.unrated_reason, UnratedReason):
            unrated_reason = self.unrated_reason.value
        else:
            unrated_reason = self.unrated_reason

        visibility = self.visibility.value

        winners = self.winners

        places: list[int] | None | Unset
        if isinstance(self.places, Unset):
            places = UNSET
        elif isinstance(self.places, list):
            places = self.places

        else:
            places = self.places

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "finished_at": finished_at,
                "id": id,
                "options": options,
                "ranking": ranking,
                "rated": rated,
                "seats": seats,
                "unrated_reason": unrated_reason,
                "visibility": visibility,
                "winners": winners,
            }
        )
        if places is not UNSET:
            field_dict["places"] = places

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.archived_seat import ArchivedSeat  # noqa: PLC0415
        from ..models.game_options import GameOptions  # noqa: PLC0415

        d = dict(src_dict)
        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        id = UUID(d.pop("id"))

        options = GameOptions.from_dict(d.pop("options"))

        ranking = cast(list[int], d.pop("ranking"))

        rated = d.pop("rated")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = ArchivedSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_unrated_reason(data: object) -> None | UnratedReason:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unrated_reason_type_1 = UnratedReason(data)

                return unrated_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UnratedReason, data)

        unrated_reason = _parse_unrated_reason(d.pop("unrated_reason"))

        visibility = Visibility(d.pop("visibility"))

        winners = cast(list[int], d.pop("winners"))

        def _parse_places(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                places_type_0 = cast(list[int], data)

                return places_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        places = _parse_places(d.pop("places", UNSET))

        archived_game = cls(
            finished_at=finished_at,
            id=id,
            options=options,
            ranking=ranking,
            rated=rated,
            seats=seats,
            unrated_reason=unrated_reason,
            visibility=visibility,
            winners=winners,
            places=places,
        )

        archived_game.additional_properties = d
        return archived_game

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
