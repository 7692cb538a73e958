from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scope_description import ScopeDescription


T = TypeVar("T", bound="ConsentDto")


@_attrs_define
class ConsentDto:
    """What the consent page shows, or where it sends the browser at once.

    Attributes:
        client_id (str):  Example: Kilt Bot.
        redirect_origin (str): What to show of `redirect_uri`: its origin, or `scheme:` for a private-use scheme.
            Example: https://app.example.
        redirect_uri (str):  Example: https://app.example/callback.
        scopes (list[ScopeDescription]): The scopes asked, in words (empty with a `redirect_error`).
        redirect_error (None | str | Unset): When set, the request is refused, and this URL tells the app why (e.g.
            `…?error=unsupported_response_type&state=…`): the page offers it as a link and never
            follows it without the person's click, the redirect URI being registered nowhere
            (RFC 9700 §4.11.2).
    """

    client_id: str
    redirect_origin: str
    redirect_uri: str
    scopes: list[ScopeDescription]
    redirect_error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        redirect_origin = self.redirect_origin

        redirect_uri = self.redirect_uri

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.to_dict()
            scopes.append(scopes_item)

        redirect_error: None | str | Unset
        if isinstance(self.redirect_error, Unset):
            redirect_error = UNSET
        else:
            redirect_error = self.redirect_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "redirect_origin": redirect_origin,
                "redirect_uri": redirect_uri,
                "scopes": scopes,
            }
        )
        if redirect_error is not UNSET:
            field_dict["redirect_error"] = redirect_error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scope_description import ScopeDescription  # noqa: PLC0415

        d = dict(src_dict)
        client_id = d.pop("client_id")

        redirect_origin = d.pop("redirect_origin")

        redirect_uri = d.pop("redirect_uri")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = ScopeDescription.from_dict(scopes_item_data)

            scopes.append(scopes_item)

        def _parse_redirect_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redirect_error = _parse_redirect_error(d.pop("redirect_error", UNSET))

        consent_dto = cls(
            client_id=client_id,
            redirect_origin=redirect_origin,
            redirect_uri=redirect_uri,
            scopes=scopes,
            redirect_error=redirect_error,
        )

        consent_dto.additional_properties = d
        return consent_dto

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
