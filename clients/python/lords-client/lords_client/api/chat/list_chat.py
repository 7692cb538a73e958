from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chat_page import ChatPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/chat".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChatPage | Problem | None:
    if response.status_code == 200:
        response_200 = ChatPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChatPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[ChatPage | Problem]:
    """The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

     The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

    Args:
        id (UUID):
        after (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatPage | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        after=after,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> ChatPage | Problem | None:
    """The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

     The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

    Args:
        id (UUID):
        after (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatPage | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[ChatPage | Problem]:
    """The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

     The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

    Args:
        id (UUID):
        after (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatPage | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> ChatPage | Problem | None:
    """The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

     The table's lines after the line `after`, oldest first, for the game's seated players: the
    lines of accounts you muted are left out, old ones included. The lines returned count as
    read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).

    Args:
        id (UUID):
        after (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatPage | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
