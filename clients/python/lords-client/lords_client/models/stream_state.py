from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.awaited_game import AwaitedGame
    from ..models.challenge_dto import ChallengeDto
    from ..models.received_invitation_dto import ReceivedInvitationDto
    from ..models.unread_chat import UnreadChat


T = TypeVar("T", bound="StreamState")


@_attrs_define
class StreamState:
    """The data of the `state` event that opens `/v1/me/stream` without `Last-Event-ID`. Its `id:`
    is the caller's last notification id at that moment: the notifications that follow it come
    next (some may repeat what the state already shows).

        Attributes:
            challenges (list[ChallengeDto]): The open challenges made to the caller, as `GET /v1/challenges` lists them.
            chat (list[UnreadChat]): The caller's active games whose chat holds lines of other players it has not read
                (through `GET /v1/games/{id}/chat` or its game stream), lines of muted accounts left out.
            games (list[AwaitedGame]): The active games awaiting a decision of the caller, nearest deadline first (at most
                100).
            invitations (list[ReceivedInvitationDto]): The caller's live invitations by username, as `GET
                /v1/me/invitations` lists them.
    """

    challenges: list[ChallengeDto]
    chat: list[UnreadChat]
    games: list[AwaitedGame]
    invitations: list[ReceivedInvitationDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenges = []
        for challenges_item_data in self.challenges:
            challenges_item = challenges_item_data.to_dict()
            challenges.append(challenges_item)

        chat = []
        for chat_item_data in self.chat:
            chat_item = chat_item_data.to_dict()
            chat.append(chat_item)

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        invitations = []
        for invitations_item_data in self.invitations:
            invitations_item = invitations_item_data.to_dict()
            invitations.append(invitations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenges": challenges,
                "chat": chat,
                "games": games,
                "invitations": invitations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.awaited_game import AwaitedGame  # noqa: PLC0415
        from ..models.challenge_dto import ChallengeDto  # noqa: PLC0415
        from ..models.received_invitation_dto import ReceivedInvitationDto  # noqa: PLC0415
        from ..models.unread_chat import UnreadChat  # noqa: PLC0415

        d = dict(src_dict)
        challenges = []
        _challenges = d.pop("challenges")
        for challenges_item_data in _challenges:
            challenges_item = ChallengeDto.from_dict(challenges_item_data)

            challenges.append(challenges_item)

        chat = []
        _chat = d.pop("chat")
        for chat_item_data in _chat:
            chat_item = UnreadChat.from_dict(chat_item_data)

            chat.append(chat_item)

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = AwaitedGame.from_dict(games_item_data)

            games.append(games_item)

        invitations = []
        _invitations = d.pop("invitations")
        for invitations_item_data in _invitations:
            invitations_item = ReceivedInvitationDto.from_dict(invitations_item_data)

            invitations.append(invitations_item)

        stream_state = cls(
            challenges=challenges,
            chat=chat,
            games=games,
            invitations=invitations,
        )

        stream_state.additional_properties = d
        return stream_state

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
