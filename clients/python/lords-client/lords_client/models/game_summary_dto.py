from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status import GameStatus
from ..models.visibility import Visibility

if TYPE_CHECKING:
    from ..models.game_link import GameLink
    from ..models.game_options import GameOptions
    from ..models.game_result import GameResult
    from ..models.listed_awaiting import ListedAwaiting
    from ..models.seat_dto import SeatDto


T = TypeVar("T", bound="GameSummaryDto")


@_attrs_define
class GameSummaryDto:
    """A game as listed.

    Attributes:
        awaiting (ListedAwaiting | None): Whose decision is awaited, the same object as a view's `awaiting` without the
            `decision`
            (a listing does not replay the game; the view has it); `null` while the game is not
            `active`.
        created_at (datetime.datetime):
        deadline (datetime.datetime | None): When the awaited decision times out (service rules §9.4); `null` when the
            game has no
            clock or no decision is awaited from a player.
        id (UUID):
        options (GameOptions): The options a game was created with, defaults filled in ([RULES](/docs/rules) §2).
        rated (bool): Whether the game is rated (service rules §9.7): chosen at creation (`rated`), kept by a
            rematch. Once a rated game is finished, every seat's rating changes, exactly once, unless
            a seated person took fewer than two decisions themselves: then `result.unrated_reason`
            says so and no rating changes.
        rematch (GameLink | None): The rematch of this game (`POST /v1/games/{id}/rematch`), once a player asked for
            one;
            `null` until then.
        rematch_of (GameLink | None): The finished game this one is the rematch of; `null` for a game created as new.
        result (GameResult | None): Once the game is `finished`: every seat's score (`scores`, by seat), the final order
            (`ranking`, seats, first place first: the winners, then the other unresigned seats, then
            the resigned ones, each group by score, ties by seat) and each seat's place (`places`, by
            seat, from 1; tied seats share a place, service rules §9.7). `null` until then, and for a game
            finished before the server kept results whose events could not say (then `winners`
            still does).
        seats (list[SeatDto]): Seat order; seat 0 created the game (in a rematch the seats rotate, and seats kept for
            invited players may be missing while it is open).
        status (GameStatus): Where a game is in its life, as listed. `open`: waiting for players (its `View.status` is
            `not_started` and `GameDto.view` is `null`); `active`: being played (`View.status` `active`);
            `finished`: over, everything public (`View.status` `finished`); `abandoned`: every player left
            before it started (it never had a view). `View.status` is the engine's word for the same life
            without the lobby: it has no `open` or `abandoned`.
        updated_at (datetime.datetime):
        version (int): The number of events in the game's stream.
        visibility (Visibility): Who may see a game. `public`: listed and shown to everyone, joined by anyone;
            `private`:
            listed only to its seated players, shown only to them and its creator (to anyone else it
            does not exist: 404 `game_not_found`), joined only with an invitation.
        winners (list[int] | None): The winning seats once the game is `finished` (several when the victory is shared,
            [RULES](/docs/rules) §7); `null` until then.
    """

    awaiting: ListedAwaiting | None
    created_at: datetime.datetime
    deadline: datetime.datetime | None
    id: UUID
    options: GameOptions
    rated: bool
    rematch: GameLink | None
    rematch_of: GameLink | None
    result: GameResult | None
    seats: list[SeatDto]
    status: GameStatus
    updated_at: datetime.datetime
    version: int
    visibility: Visibility
    winners: list[int] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_link import GameLink  # noqa: PLC0415
        from ..models.game_result import GameResult  # noqa: PLC0415
        from ..models.listed_awaiting import ListedAwaiting  # noqa: PLC0415

        awaiting: dict[str, Any] | None
        if isinstance(self.awaiting, ListedAwaiting):
            awaiting = self.awaiting.to_dict()
        else:
            awaiting = self.awaiting

        created_at = self.created_at.isoformat()

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        id = str(self.id)

        options = self.options.to_dict()

        rated = self.rated

        rematch: dict[str, Any] | None
        if isinstance(self.rematch, GameLink):
            rematch = self.rematch.to_dict()
        else:
            rematch = self.rematch

        rematch_of: dict[str, Any] | None
        if isinstance(self.rematch_of, GameLink):
            rematch_of = self.rematch_of.to_dict()
        else:
            rematch_of = self.rematch_of

        result: dict[str, Any] | None
        if isinstance(self.result, GameResult):
            result = self.result.to_dict()
        else:
            result = self.result

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        status = self.status.value

        updated_at = self.updated_at.isoformat()

        version = self.version

        visibility = self.visibility.value

        winners: list[int] | None
        if isinstance(self.winners, list):
            winners = self.winners

        else:
            winners = self.winners

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "awaiting": awaiting,
                "created_at": created_at,
                "deadline": deadline,
                "id": id,
                "options": options,
                "rated": rated,
                "rematch": rematch,
                "rematch_of": rematch_of,
                "result": result,
                "seats": seats,
                "status": status,
                "updated_at": updated_at,
                "version": version,
                "visibility": visibility,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_link import GameLink  # noqa: PLC0415
        from ..models.game_options import GameOptions  # noqa: PLC0415
        from ..models.game_result import GameResult  # noqa: PLC0415
        from ..models.listed_awaiting import ListedAwaiting  # noqa: PLC0415
        from ..models.seat_dto import SeatDto  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_awaiting(data: object) -> ListedAwaiting | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                awaiting_type_1 = ListedAwaiting.from_dict(data)

                return awaiting_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListedAwaiting | None, data)

        awaiting = _parse_awaiting(d.pop("awaiting"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        id = UUID(d.pop("id"))

        options = GameOptions.from_dict(d.pop("options"))

        rated = d.pop("rated")

        def _parse_rematch(data: object) -> GameLink | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rematch_type_1 = GameLink.from_dict(data)

                return rematch_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameLink | None, data)

        rematch = _parse_rematch(d.pop("rematch"))

        def _parse_rematch_of(data: object) -> GameLink | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rematch_of_type_1 = GameLink.from_dict(data)

                return rematch_of_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameLink | None, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of"))

        def _parse_result(data: object) -> GameResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = GameResult.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameResult | None, data)

        result = _parse_result(d.pop("result"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatDto.from_dict(seats_item_data)

            seats.append(seats_item)

        status = GameStatus(d.pop("status"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        visibility = Visibility(d.pop("visibility"))

        def _parse_winners(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winners_type_0 = cast(list[int], data)

                return winners_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        winners = _parse_winners(d.pop("winners"))

        game_summary_dto = cls(
            awaiting=awaiting,
            created_at=created_at,
            deadline=deadline,
            id=id,
            options=options,
            rated=rated,
            rematch=rematch,
            rematch_of=rematch_of,
            result=result,
            seats=seats,
            status=status,
            updated_at=updated_at,
            version=version,
            visibility=visibility,
            winners=winners,
        )

        game_summary_dto.additional_properties = d
        return game_summary_dto

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
