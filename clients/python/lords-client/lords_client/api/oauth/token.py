from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.o_auth_error import OAuthError
from ...models.o_auth_token_request import OAuthTokenRequest
from ...models.o_auth_token_response import OAuthTokenResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: OAuthTokenRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/token",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OAuthError | OAuthTokenResponse | Problem | None:
    if response.status_code == 200:
        response_200 = OAuthTokenResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OAuthError.from_dict(response.json())

        return response_400

    if response.status_code == 429:
        response_429 = OAuthError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OAuthError | OAuthTokenResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenRequest,
) -> Response[OAuthError | OAuthTokenResponse | Problem]:
    """The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

     The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

    Args:
        body (OAuthTokenRequest): A token request (`application/x-www-form-urlencoded`, RFC 6749
            §4.1.3 and §6).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthTokenResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenRequest,
) -> OAuthError | OAuthTokenResponse | Problem | None:
    """The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

     The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

    Args:
        body (OAuthTokenRequest): A token request (`application/x-www-form-urlencoded`, RFC 6749
            §4.1.3 and §6).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthTokenResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenRequest,
) -> Response[OAuthError | OAuthTokenResponse | Problem]:
    """The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

     The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

    Args:
        body (OAuthTokenRequest): A token request (`application/x-www-form-urlencoded`, RFC 6749
            §4.1.3 and §6).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthTokenResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenRequest,
) -> OAuthError | OAuthTokenResponse | Problem | None:
    """The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

     The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
    `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
    again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
    `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
    detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
    lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
    not problem+json. Failed requests are limited per client address as failed sign-ins are
    (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
    `rate_limited` in the same shape, with `Retry-After`.

    Args:
        body (OAuthTokenRequest): A token request (`application/x-www-form-urlencoded`, RFC 6749
            §4.1.3 and §6).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthTokenResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
