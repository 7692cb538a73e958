from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OAuthTokenResponse")


@_attrs_define
class OAuthTokenResponse:
    """A token response (RFC 6749 §5.1), sent with `Cache-Control: no-store`.

    Attributes:
        access_token (str): An opaque access token (`lords_oat_…`), sent as `Authorization: Bearer <access_token>`.
            Example: lords_oat_q2Pd0tVqJ8hZl3m9Yw4rKc7sXn1bFg6aEo5uTi8yRzM.
        expires_in (int): Seconds until the access token expires (3600). Example: 3600.
        refresh_token (str): A refresh token for `grant_type=refresh_token`, usable once (each refresh returns a new
            one); presenting a used one again revokes the authorization. Example:
            kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo.
        scope (str): The access token's scopes, space-separated. Example: game:read game:play.
        token_type (str): Always `Bearer`. Example: Bearer.
    """

    access_token: str
    expires_in: int
    refresh_token: str
    scope: str
    token_type: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        expires_in = self.expires_in

        refresh_token = self.refresh_token

        scope = self.scope

        token_type = self.token_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "access_token": access_token,
                "expires_in": expires_in,
                "refresh_token": refresh_token,
                "scope": scope,
                "token_type": token_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        expires_in = d.pop("expires_in")

        refresh_token = d.pop("refresh_token")

        scope = d.pop("scope")

        token_type = d.pop("token_type")

        o_auth_token_response = cls(
            access_token=access_token,
            expires_in=expires_in,
            refresh_token=refresh_token,
            scope=scope,
            token_type=token_type,
        )

        o_auth_token_response.additional_properties = d
        return o_auth_token_response

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
