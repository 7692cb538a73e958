from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel

T = TypeVar("T", bound="CreateBotSeat")


@_attrs_define
class CreateBotSeat:
    """A seat given to a built-in bot when the game is created: the seat (1 to `players` − 1) and
    the bot's level.

        Attributes:
            level (BotLevel): The built-in bots, weakest first: `random` (any legal action), `greedy` (the best action by
                a one-move heuristic), `mcts` (Monte Carlo over deals of the hidden cards consistent with
                what its seat sees).
            seat (int):
    """

    level: BotLevel
    seat: int

    def to_dict(self) -> dict[str, Any]:
        level = self.level.value

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = BotLevel(d.pop("level"))

        seat = d.pop("seat")

        create_bot_seat = cls(
            level=level,
            seat=seat,
        )

        return create_bot_seat
