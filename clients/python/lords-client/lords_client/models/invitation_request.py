from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InvitationRequest")


@_attrs_define
class InvitationRequest:
    """What to invite: a code usable `uses` times, or one account by `username`.

    Attributes:
        expires_in_s (int | None | Unset): Seconds until the invitation expires, 60 to 2,592,000 (default 604,800: 7
            days). Example: 604800.
        username (None | str | Unset): Invite this account (ignoring case) instead of issuing a code: the invitation
            shows up in
            its `GET /v1/me/invitations`, and it joins with no code. Example: morag.
        uses (int | None | Unset): How many joins the code allows, 1 to 100 (default 1). An invitation by `username` is
            used
            once: there `uses` is only checked for its range. Example: 1.
    """

    expires_in_s: int | None | Unset = UNSET
    username: None | str | Unset = UNSET
    uses: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expires_in_s: int | None | Unset
        if isinstance(self.expires_in_s, Unset):
            expires_in_s = UNSET
        else:
            expires_in_s = self.expires_in_s

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username

        uses: int | None | Unset
        if isinstance(self.uses, Unset):
            uses = UNSET
        else:
            uses = self.uses

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expires_in_s is not UNSET:
            field_dict["expires_in_s"] = expires_in_s
        if username is not UNSET:
            field_dict["username"] = username
        if uses is not UNSET:
            field_dict["uses"] = uses

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_expires_in_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_s = _parse_expires_in_s(d.pop("expires_in_s", UNSET))

        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))

        def _parse_uses(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uses = _parse_uses(d.pop("uses", UNSET))

        invitation_request = cls(
            expires_in_s=expires_in_s,
            username=username,
            uses=uses,
        )

        return invitation_request
