from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.consent_dto import ConsentDto
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    response_type: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    redirect_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["response_type"] = response_type

    params["client_id"] = client_id

    params["redirect_uri"] = redirect_uri

    params["scope"] = scope

    params["state"] = state

    params["code_challenge"] = code_challenge

    params["code_challenge_method"] = code_challenge_method

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/oauth/consent",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ConsentDto | Problem | None:
    if response.status_code == 200:
        response_200 = ConsentDto.from_dict(response.json())

        return response_200

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ConsentDto | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    response_type: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    redirect_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: str | Unset = UNSET,
) -> Response[ConsentDto | Problem]:
    """Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

     Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

    Args:
        response_type (str | Unset):
        client_id (str | Unset):
        redirect_uri (str | Unset):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsentDto | Problem]
    """

    kwargs = _get_kwargs(
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    response_type: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    redirect_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: str | Unset = UNSET,
) -> ConsentDto | Problem | None:
    """Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

     Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

    Args:
        response_type (str | Unset):
        client_id (str | Unset):
        redirect_uri (str | Unset):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsentDto | Problem
    """

    return sync_detailed(
        client=client,
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    response_type: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    redirect_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: str | Unset = UNSET,
) -> Response[ConsentDto | Problem]:
    """Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

     Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

    Args:
        response_type (str | Unset):
        client_id (str | Unset):
        redirect_uri (str | Unset):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsentDto | Problem]
    """

    kwargs = _get_kwargs(
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    response_type: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    redirect_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: str | Unset = UNSET,
) -> ConsentDto | Problem | None:
    """Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

     Checks an authorization request for the consent page (public: the page may ask before the
    person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
    redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
    §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
    empty scope, or `bot:play` is 422 `invalid_request`.

    Args:
        response_type (str | Unset):
        client_id (str | Unset):
        redirect_uri (str | Unset):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsentDto | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            response_type=response_type,
            client_id=client_id,
            redirect_uri=redirect_uri,
            scope=scope,
            state=state,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
        )
    ).parsed
