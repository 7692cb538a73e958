from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope import Scope

T = TypeVar("T", bound="AuthorizationServerMetadata")


@_attrs_define
class AuthorizationServerMetadata:
    """The authorization server's metadata (RFC 8414 §2).

    Attributes:
        authorization_endpoint (str): The web client's consent page. Example: https://lords.example.org/oauth/authorize.
        code_challenge_methods_supported (list[str]): Always `["S256"]`: PKCE is required, `plain` is refused. Example:
            ['S256'].
        grant_types_supported (list[str]): Always `["authorization_code", "refresh_token"]`. Example:
            ['authorization_code', 'refresh_token'].
        issuer (str): The server's public URL (`--public-url`), without a trailing slash. Example:
            https://lords.example.org.
        response_types_supported (list[str]): Always `["code"]`. Example: ['code'].
        revocation_endpoint (str):  Example: https://lords.example.org/oauth/revoke.
        revocation_endpoint_auth_methods_supported (list[str]): Always `["none"]`. Example: ['none'].
        scopes_supported (list[Scope]): Every scope the server supports (RFC 8414 §2). `bot:play` is one, held by bot
            accounts'
            personal tokens; an authorization request asking for it is refused (a bot account never
            signs in to approve anything). Example: ['account:read', 'game:read', 'game:play', 'lobby:write',
            'notifications:write', 'bot:play'].
        service_documentation (str): Where the flow and the scopes are described. Example:
            https://lords.example.org/docs/.
        token_endpoint (str):  Example: https://lords.example.org/oauth/token.
        token_endpoint_auth_methods_supported (list[str]): Always `["none"]`: public clients, no registration. Example:
            ['none'].
    """

    authorization_endpoint: str
    code_challenge_methods_supported: list[str]
    grant_types_supported: list[str]
    issuer: str
    response_types_supported: list[str]
    revocation_endpoint: str
    revocation_endpoint_auth_methods_supported: list[str]
    scopes_supported: list[Scope]
    service_documentation: str
    token_endpoint: str
    token_endpoint_auth_methods_supported: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        authorization_endpoint = self.authorization_endpoint

        code_challenge_methods_supported = self.code_challenge_methods_supported

        grant_types_supported = self.grant_types_supported

        issuer = self.issuer

        response_types_supported = self.response_types_supported

        revocation_endpoint = self.revocation_endpoint

        revocation_endpoint_auth_methods_supported = self.revocation_endpoint_auth_methods_supported

        scopes_supported = []
        for scopes_supported_item_data in self.scopes_supported:
            scopes_supported_item = scopes_supported_item_data.value
            scopes_supported.append(scopes_supported_item)

        service_documentation = self.service_documentation

        token_endpoint = self.token_endpoint

        token_endpoint_auth_methods_supported = self.token_endpoint_auth_methods_supported

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authorization_endpoint": authorization_endpoint,
                "code_challenge_methods_supported": code_challenge_methods_supported,
                "grant_types_supported": grant_types_supported,
                "issuer": issuer,
                "response_types_supported": response_types_supported,
                "revocation_endpoint": revocation_endpoint,
                "revocation_endpoint_auth_methods_supported": revocation_endpoint_auth_methods_supported,
                "scopes_supported": scopes_supported,
                "service_documentation": service_documentation,
                "token_endpoint": token_endpoint,
                "token_endpoint_auth_methods_supported": token_endpoint_auth_methods_supported,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        authorization_endpoint = d.pop("authorization_endpoint")

        code_challenge_methods_supported = cast(list[str], d.pop("code_challenge_methods_supported"))

        grant_types_supported = cast(list[str], d.pop("grant_types_supported"))

        issuer = d.pop("issuer")

        response_types_supported = cast(list[str], d.pop("response_types_supported"))

        revocation_endpoint = d.pop("revocation_endpoint")

        revocation_endpoint_auth_methods_supported = cast(
            list[str], d.pop("revocation_endpoint_auth_methods_supported")
        )

        scopes_supported = []
        _scopes_supported = d.pop("scopes_supported")
        for scopes_supported_item_data in _scopes_supported:
            scopes_supported_item = Scope(scopes_supported_item_data)

            scopes_supported.append(scopes_supported_item)

        service_documentation = d.pop("service_documentation")

        token_endpoint = d.pop("token_endpoint")

        token_endpoint_auth_methods_supported = cast(list[str], d.pop("token_endpoint_auth_methods_supported"))

        authorization_server_metadata = cls(
            authorization_endpoint=authorization_endpoint,
            code_challenge_methods_supported=code_challenge_methods_supported,
            grant_types_supported=grant_types_supported,
            issuer=issuer,
            response_types_supported=response_types_supported,
            revocation_endpoint=revocation_endpoint,
            revocation_endpoint_auth_methods_supported=revocation_endpoint_auth_methods_supported,
            scopes_supported=scopes_supported,
            service_documentation=service_documentation,
            token_endpoint=token_endpoint,
            token_endpoint_auth_methods_supported=token_endpoint_auth_methods_supported,
        )

        authorization_server_metadata.additional_properties = d
        return authorization_server_metadata

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
