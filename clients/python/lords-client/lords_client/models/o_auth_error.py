from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.o_auth_error_code import OAuthErrorCode

T = TypeVar("T", bound="OAuthError")


@_attrs_define
class OAuthError:
    """The error body of the token and revocation endpoints (RFC 6749 §5.2), not problem+json.

    Attributes:
        error (OAuthErrorCode): An error code of the token and revocation endpoints (RFC 6749 §5.2).
        error_description (str): In English, for the app's developer. Example: the authorization code is unknown,
            expired, already used, or issued for another client, redirect URI or code_verifier.
    """

    error: OAuthErrorCode
    error_description: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error = self.error.value

        error_description = self.error_description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "error": error,
                "error_description": error_description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        error = OAuthErrorCode(d.pop("error"))

        error_description = d.pop("error_description")

        o_auth_error = cls(
            error=error,
            error_description=error_description,
        )

        o_auth_error.additional_properties = d
        return o_auth_error

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
