from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.archive_result import ArchiveResult
from ...models.archive_status import ArchiveStatus
from ...models.player_games_page import PlayerGamesPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    username: str,
    *,
    status: ArchiveStatus | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: ArchiveResult | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["opponent"] = opponent

    json_result: str | Unset = UNSET
    if not isinstance(result, Unset):
        json_result = result.value

    params["result"] = json_result

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{username}/games".format(
            username=quote(str(username), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerGamesPage | Problem | None:
    if response.status_code == 200:
        response_200 = PlayerGamesPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerGamesPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    username: str,
    *,
    client: AuthenticatedClient,
    status: ArchiveStatus | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: ArchiveResult | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[PlayerGamesPage | Problem]:
    """A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

     A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

    Args:
        username (str):
        status (ArchiveStatus | Unset): Which games the archive lists: finished ones (the only
            choice).
        opponent (str | Unset):
        result (ArchiveResult | Unset): Games the player won (among the winners) or did not.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGamesPage | Problem]
    """

    kwargs = _get_kwargs(
        username=username,
        status=status,
        opponent=opponent,
        result=result,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    username: str,
    *,
    client: AuthenticatedClient,
    status: ArchiveStatus | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: ArchiveResult | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> PlayerGamesPage | Problem | None:
    """A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

     A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

    Args:
        username (str):
        status (ArchiveStatus | Unset): Which games the archive lists: finished ones (the only
            choice).
        opponent (str | Unset):
        result (ArchiveResult | Unset): Games the player won (among the winners) or did not.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGamesPage | Problem
    """

    return sync_detailed(
        username=username,
        client=client,
        status=status,
        opponent=opponent,
        result=result,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    username: str,
    *,
    client: AuthenticatedClient,
    status: ArchiveStatus | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: ArchiveResult | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[PlayerGamesPage | Problem]:
    """A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

     A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

    Args:
        username (str):
        status (ArchiveStatus | Unset): Which games the archive lists: finished ones (the only
            choice).
        opponent (str | Unset):
        result (ArchiveResult | Unset): Games the player won (among the winners) or did not.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGamesPage | Problem]
    """

    kwargs = _get_kwargs(
        username=username,
        status=status,
        opponent=opponent,
        result=result,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    username: str,
    *,
    client: AuthenticatedClient,
    status: ArchiveStatus | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: ArchiveResult | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> PlayerGamesPage | Problem | None:
    """A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

     A player's finished games, newest first: seats, scores, places, ranking and rating changes.
    Public games are listed to everyone, private ones only to the players seated in them. Pages
    are stable: games that finish meanwhile come before the first page, never inside a later one.

    Args:
        username (str):
        status (ArchiveStatus | Unset): Which games the archive lists: finished ones (the only
            choice).
        opponent (str | Unset):
        result (ArchiveResult | Unset): Games the player won (among the winners) or did not.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGamesPage | Problem
    """

    return (
        await asyncio_detailed(
            username=username,
            client=client,
            status=status,
            opponent=opponent,
            result=result,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
