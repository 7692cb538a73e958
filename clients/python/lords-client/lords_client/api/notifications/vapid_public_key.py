from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.vapid_public_key import VapidPublicKey
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/push/vapid-public-key",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | VapidPublicKey | None:
    if response.status_code == 200:
        response_200 = VapidPublicKey.from_dict(response.json())

        return response_200

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

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
) -> Response[Problem | VapidPublicKey]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | VapidPublicKey]:
    """The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

     The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VapidPublicKey]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | VapidPublicKey | None:
    """The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

     The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VapidPublicKey
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | VapidPublicKey]:
    """The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

     The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VapidPublicKey]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | VapidPublicKey | None:
    """The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

     The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
    kept; the same on every server process.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VapidPublicKey
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
