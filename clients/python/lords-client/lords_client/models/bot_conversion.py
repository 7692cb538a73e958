from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.me_dto import MeDto
    from ..models.personal_token_created import PersonalTokenCreated


T = TypeVar("T", bound="BotConversion")


@_attrs_define
class BotConversion:
    """The answer of `POST /v1/me/bot`.

    Attributes:
        account (MeDto): The caller's account, with what its first-game guide remembers.
        token (PersonalTokenCreated): A just created personal token with its secret, shown this once.
    """

    account: MeDto
    token: PersonalTokenCreated
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account = self.account.to_dict()

        token = self.token.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account": account,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.me_dto import MeDto  # noqa: PLC0415
        from ..models.personal_token_created import PersonalTokenCreated  # noqa: PLC0415

        d = dict(src_dict)
        account = MeDto.from_dict(d.pop("account"))

        token = PersonalTokenCreated.from_dict(d.pop("token"))

        bot_conversion = cls(
            account=account,
            token=token,
        )

        bot_conversion.additional_properties = d
        return bot_conversion

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
