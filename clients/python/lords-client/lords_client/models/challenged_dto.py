from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.challenge_answer import ChallengeAnswer
from ..models.decline_reason import DeclineReason

T = TypeVar("T", bound="ChallengedDto")


@_attrs_define
class ChallengedDto:
    """An account challenged, and its answer.

    Attributes:
        answer (ChallengeAnswer): An invitee's answer.
        bot_account (bool): Whether it is a bot account (service rules §9.9).
        reason (DeclineReason | None): Why it declined; `null` otherwise.
        username (str):  Example: morag.
    """

    answer: ChallengeAnswer
    bot_account: bool
    reason: DeclineReason | None
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        answer = self.answer.value

        bot_account = self.bot_account

        reason: None | str
        if isinstance(self.reason, DeclineReason):
            reason = self.reason.value
        else:
            reason = self.reason

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "answer": answer,
                "bot_account": bot_account,
                "reason": reason,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        answer = ChallengeAnswer(d.pop("answer"))

        bot_account = d.pop("bot_account")

        def _parse_reason(data: object) -> DeclineReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reason_type_1 = DeclineReason(data)

                return reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeclineReason | None, data)

        reason = _parse_reason(d.pop("reason"))

        username = d.pop("username")

        challenged_dto = cls(
            answer=answer,
            bot_account=bot_account,
            reason=reason,
            username=username,
        )

        challenged_dto.additional_properties = d
        return challenged_dto

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
