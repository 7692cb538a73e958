from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.email_choice import EmailChoice

T = TypeVar("T", bound="KindChannels")


@_attrs_define
class KindChannels:
    """The channels of one kind.

    Attributes:
        email (EmailChoice): How a kind reaches the account by mail.
        push (bool): Whether Web Push delivers it to the account's subscriptions.
    """

    email: EmailChoice
    push: bool

    def to_dict(self) -> dict[str, Any]:
        email = self.email.value

        push = self.push

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "push": push,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = EmailChoice(d.pop("email"))

        push = d.pop("push")

        kind_channels = cls(
            email=email,
            push=push,
        )

        return kind_channels
