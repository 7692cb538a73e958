from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.kind_channels import KindChannels


T = TypeVar("T", bound="NotificationKinds")


@_attrs_define
class NotificationKinds:
    """Every kind, each with its channels.

    Attributes:
        chat (KindChannels): The channels of one kind.
        game_over (KindChannels): The channels of one kind.
        invited (KindChannels): The channels of one kind.
        reminder (KindChannels): The channels of one kind.
        your_turn (KindChannels): The channels of one kind.
    """

    chat: KindChannels
    game_over: KindChannels
    invited: KindChannels
    reminder: KindChannels
    your_turn: KindChannels

    def to_dict(self) -> dict[str, Any]:
        chat = self.chat.to_dict()

        game_over = self.game_over.to_dict()

        invited = self.invited.to_dict()

        reminder = self.reminder.to_dict()

        your_turn = self.your_turn.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chat": chat,
                "game_over": game_over,
                "invited": invited,
                "reminder": reminder,
                "your_turn": your_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kind_channels import KindChannels  # noqa: PLC0415

        d = dict(src_dict)
        chat = KindChannels.from_dict(d.pop("chat"))

        game_over = KindChannels.from_dict(d.pop("game_over"))

        invited = KindChannels.from_dict(d.pop("invited"))

        reminder = KindChannels.from_dict(d.pop("reminder"))

        your_turn = KindChannels.from_dict(d.pop("your_turn"))

        notification_kinds = cls(
            chat=chat,
            game_over=game_over,
            invited=invited,
            reminder=reminder,
            your_turn=your_turn,
        )

        return notification_kinds
