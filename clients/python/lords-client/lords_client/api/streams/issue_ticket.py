from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_ticket import StreamTicket
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/stream-tickets",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | StreamTicket | None:
    if response.status_code == 200:
        response_200 = StreamTicket.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[Problem | StreamTicket]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | StreamTicket]:
    """A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

     A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicket]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Problem | StreamTicket | None:
    """A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

     A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicket
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | StreamTicket]:
    """A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

     A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicket]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Problem | StreamTicket | None:
    """A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

     A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
    EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
    carries the authority of the access token it is issued with: it opens nothing once that
    token's session has ended (logout, password change, account deletion) or the token has
    expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
    (`--max-stream-tickets-per-account`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicket
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
