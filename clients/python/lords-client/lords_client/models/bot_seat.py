from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotSeat")


@_attrs_define
class BotSeat:
    """A seat given to a built-in bot.

    Attributes:
        level (BotLevel): The built-in bots, weakest first: `random` (any legal action), `greedy` (the best action by
            a one-move heuristic), `mcts` (Monte Carlo over deals of the hidden cards consistent with
            what its seat sees).
        seat (int | None | Unset): The seat; for `POST /v1/games/{id}/bots` it may be left out (the lowest free seat).
    """

    level: BotLevel
    seat: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        level = self.level.value

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = BotLevel(d.pop("level"))

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        bot_seat = cls(
            level=level,
            seat=seat,
        )

        return bot_seat
