from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level import BotLevel

T = TypeVar("T", bound="SeatDto")


@_attrs_define
class SeatDto:
    """A seat and who holds it.

    Attributes:
        bot (BotLevel | None): The bot holding the seat (`random`, `greedy`, `mcts`); `null` for a player.
        bot_account (bool): Whether a bot account holds the seat: an account that plays through the API with its
            token (service rules §9.9); `false` for a person and for a built-in bot.
        seat (int):
        username (str): The player's username; for a bot's seat `"<level> bot"`.
    """

    bot: BotLevel | None
    bot_account: bool
    seat: int
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot: None | str
        if isinstance(self.bot, BotLevel):
            bot = self.bot.value
        else:
            bot = self.bot

        bot_account = self.bot_account

        seat = self.seat

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "bot_account": bot_account,
                "seat": seat,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_bot(data: object) -> BotLevel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_1 = BotLevel(data)

                return bot_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None, data)

        bot = _parse_bot(d.pop("bot"))

        bot_account = d.pop("bot_account")

        seat = d.pop("seat")

        username = d.pop("username")

        seat_dto = cls(
            bot=bot,
            bot_account=bot_account,
            seat=seat,
            username=username,
        )

        seat_dto.additional_properties = d
        return seat_dto

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
