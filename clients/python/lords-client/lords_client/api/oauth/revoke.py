from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.o_auth_error import OAuthError
from ...models.o_auth_revoke_request import OAuthRevokeRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: OAuthRevokeRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/revoke",
    }

    if not isinstance(body, Unset):
        _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | OAuthError | Problem | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

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
) -> Response[Any | OAuthError | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthRevokeRequest | Unset = UNSET,
) -> Response[Any | OAuthError | Problem]:
    """Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

     Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

    Args:
        body (OAuthRevokeRequest | Unset): A revocation request (`application/x-www-form-
            urlencoded`, RFC 7009 §2.1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | OAuthError | Problem]
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
    body: OAuthRevokeRequest | Unset = UNSET,
) -> Any | OAuthError | Problem | None:
    """Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

     Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

    Args:
        body (OAuthRevokeRequest | Unset): A revocation request (`application/x-www-form-
            urlencoded`, RFC 7009 §2.1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | OAuthError | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthRevokeRequest | Unset = UNSET,
) -> Response[Any | OAuthError | Problem]:
    """Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

     Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

    Args:
        body (OAuthRevokeRequest | Unset): A revocation request (`application/x-www-form-
            urlencoded`, RFC 7009 §2.1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | OAuthError | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthRevokeRequest | Unset = UNSET,
) -> Any | OAuthError | Problem | None:
    """Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

     Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
    an access token or a refresh token is sent: its refresh tokens, and every access token it
    issued, at once; the streams opened with them end. 200 to every body: for an unknown or
    already revoked token too, and for a request that names no token, names it twice, is not
    form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
    revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
    nothing are limited per client address as failed token requests are
    (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
    `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.

    Args:
        body (OAuthRevokeRequest | Unset): A revocation request (`application/x-www-form-
            urlencoded`, RFC 7009 §2.1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | OAuthError | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
