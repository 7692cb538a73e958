from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthorizationDecision")


@_attrs_define
class AuthorizationDecision:
    """The person's answer on the consent page, with the request's parameters as received.

    Attributes:
        approve (bool): `true` to grant the scopes, `false` to refuse. Example: True.
        client_id (None | str | Unset):  Example: Kilt Bot.
        code_challenge (None | str | Unset):  Example: E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM.
        code_challenge_method (None | str | Unset):  Example: S256.
        redirect_uri (None | str | Unset):  Example: https://app.example/callback.
        response_type (None | str | Unset):  Example: code.
        scope (None | str | Unset):  Example: game:read game:play.
        state (None | str | Unset):  Example: af0ifjsldkj.
    """

    approve: bool
    client_id: None | str | Unset = UNSET
    code_challenge: None | str | Unset = UNSET
    code_challenge_method: None | str | Unset = UNSET
    redirect_uri: None | str | Unset = UNSET
    response_type: None | str | Unset = UNSET
    scope: None | str | Unset = UNSET
    state: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        approve = self.approve

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        code_challenge: None | str | Unset
        if isinstance(self.code_challenge, Unset):
            code_challenge = UNSET
        else:
            code_challenge = self.code_challenge

        code_challenge_method: None | str | Unset
        if isinstance(self.code_challenge_method, Unset):
            code_challenge_method = UNSET
        else:
            code_challenge_method = self.code_challenge_method

        redirect_uri: None | str | Unset
        if isinstance(self.redirect_uri, Unset):
            redirect_uri = UNSET
        else:
            redirect_uri = self.redirect_uri

        response_type: None | str | Unset
        if isinstance(self.response_type, Unset):
            response_type = UNSET
        else:
            response_type = self.response_type

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        else:
            state = self.state

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "approve": approve,
            }
        )
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if code_challenge is not UNSET:
            field_dict["code_challenge"] = code_challenge
        if code_challenge_method is not UNSET:
            field_dict["code_challenge_method"] = code_challenge_method
        if redirect_uri is not UNSET:
            field_dict["redirect_uri"] = redirect_uri
        if response_type is not UNSET:
            field_dict["response_type"] = response_type
        if scope is not UNSET:
            field_dict["scope"] = scope
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        approve = d.pop("approve")

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("client_id", UNSET))

        def _parse_code_challenge(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code_challenge = _parse_code_challenge(d.pop("code_challenge", UNSET))

        def _parse_code_challenge_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code_challenge_method = _parse_code_challenge_method(d.pop("code_challenge_method", UNSET))

        def _parse_redirect_uri(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redirect_uri = _parse_redirect_uri(d.pop("redirect_uri", UNSET))

        def _parse_response_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        response_type = _parse_response_type(d.pop("response_type", UNSET))

        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))

        def _parse_state(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        state = _parse_state(d.pop("state", UNSET))

        authorization_decision = cls(
            approve=approve,
            client_id=client_id,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
            redirect_uri=redirect_uri,
            response_type=response_type,
            scope=scope,
            state=state,
        )

        return authorization_decision
