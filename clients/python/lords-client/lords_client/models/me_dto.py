from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.language import Language

if TYPE_CHECKING:
    from ..models.hints import Hints
    from ..models.vacation_dto import VacationDto


T = TypeVar("T", bound="MeDto")


@_attrs_define
class MeDto:
    """The caller's account, with what its first-game guide remembers.

    Attributes:
        bot (bool): Whether this is a bot account (`POST /v1/me/bot`): it plays through the API with its
            token and never signs in with a password.
        created_at (datetime.datetime):
        email (None | str): The address mail goes to (`PUT /v1/me/email`), as given; `null` until one is set. Example:
            robert@example.org.
        email_verified (bool): Whether the address was verified (its link followed). Only verified addresses get
            notifications by mail; verification and password-reset mails go to any.
        hints (Hints): What the web client's first-game guide ("Learn by playing") remembers for an account, on
            every device: whether hints are off, which hints were dismissed, and which games are guide
            games (where hints show). The server keeps it as given; only its shape is checked.
        id (UUID):
        language (Language): A language the service writes in.
        username (str):  Example: robert_bruce.
        vacation (VacationDto): An account's vacation days and its vacation under way (in `GET /v1/me`).
    """

    bot: bool
    created_at: datetime.datetime
    email: None | str
    email_verified: bool
    hints: Hints
    id: UUID
    language: Language
    username: str
    vacation: VacationDto
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        created_at = self.created_at.isoformat()

        email: None | str
        email = self.email

        email_verified = self.email_verified

        hints = self.hints.to_dict()

        id = str(self.id)

        language = self.language.value

        username = self.username

        vacation = self.vacation.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "created_at": created_at,
                "email": email,
                "email_verified": email_verified,
                "hints": hints,
                "id": id,
                "language": language,
                "username": username,
                "vacation": vacation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hints import Hints  # noqa: PLC0415
        from ..models.vacation_dto import VacationDto  # noqa: PLC0415

        d = dict(src_dict)
        bot = d.pop("bot")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        hints = Hints.from_dict(d.pop("hints"))

        id = UUID(d.pop("id"))

        language = Language(d.pop("language"))

        username = d.pop("username")

        vacation = VacationDto.from_dict(d.pop("vacation"))

        me_dto = cls(
            bot=bot,
            created_at=created_at,
            email=email,
            email_verified=email_verified,
            hints=hints,
            id=id,
            language=language,
            username=username,
            vacation=vacation,
        )

        me_dto.additional_properties = d
        return me_dto

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
