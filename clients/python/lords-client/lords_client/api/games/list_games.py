from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_page import GamePage
from ...models.game_status import GameStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: GameStatus | Unset = UNSET,
    mine: bool | Unset = UNSET,
    awaiting_me: bool | Unset = UNSET,
    watchable: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["mine"] = mine

    params["awaiting_me"] = awaiting_me

    params["watchable"] = watchable

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GamePage | Problem | None:
    if response.status_code == 200:
        response_200 = GamePage.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GamePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: GameStatus | Unset = UNSET,
    mine: bool | Unset = UNSET,
    awaiting_me: bool | Unset = UNSET,
    watchable: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[GamePage | Problem]:
    """Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

     Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

    Args:
        status (GameStatus | Unset): Where a game is in its life, as listed. `open`: waiting for
            players (its `View.status` is
            `not_started` and `GameDto.view` is `null`); `active`: being played (`View.status`
            `active`);
            `finished`: over, everything public (`View.status` `finished`); `abandoned`: every player
            left
            before it started (it never had a view). `View.status` is the engine's word for the same
            life
            without the lobby: it has no `open` or `abandoned`.
        mine (bool | Unset):
        awaiting_me (bool | Unset):
        watchable (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        mine=mine,
        awaiting_me=awaiting_me,
        watchable=watchable,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: GameStatus | Unset = UNSET,
    mine: bool | Unset = UNSET,
    awaiting_me: bool | Unset = UNSET,
    watchable: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> GamePage | Problem | None:
    """Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

     Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

    Args:
        status (GameStatus | Unset): Where a game is in its life, as listed. `open`: waiting for
            players (its `View.status` is
            `not_started` and `GameDto.view` is `null`); `active`: being played (`View.status`
            `active`);
            `finished`: over, everything public (`View.status` `finished`); `abandoned`: every player
            left
            before it started (it never had a view). `View.status` is the engine's word for the same
            life
            without the lobby: it has no `open` or `abandoned`.
        mine (bool | Unset):
        awaiting_me (bool | Unset):
        watchable (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        mine=mine,
        awaiting_me=awaiting_me,
        watchable=watchable,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: GameStatus | Unset = UNSET,
    mine: bool | Unset = UNSET,
    awaiting_me: bool | Unset = UNSET,
    watchable: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[GamePage | Problem]:
    """Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

     Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

    Args:
        status (GameStatus | Unset): Where a game is in its life, as listed. `open`: waiting for
            players (its `View.status` is
            `not_started` and `GameDto.view` is `null`); `active`: being played (`View.status`
            `active`);
            `finished`: over, everything public (`View.status` `finished`); `abandoned`: every player
            left
            before it started (it never had a view). `View.status` is the engine's word for the same
            life
            without the lobby: it has no `open` or `abandoned`.
        mine (bool | Unset):
        awaiting_me (bool | Unset):
        watchable (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        mine=mine,
        awaiting_me=awaiting_me,
        watchable=watchable,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: GameStatus | Unset = UNSET,
    mine: bool | Unset = UNSET,
    awaiting_me: bool | Unset = UNSET,
    watchable: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> GamePage | Problem | None:
    """Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

     Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).

    Args:
        status (GameStatus | Unset): Where a game is in its life, as listed. `open`: waiting for
            players (its `View.status` is
            `not_started` and `GameDto.view` is `null`); `active`: being played (`View.status`
            `active`);
            `finished`: over, everything public (`View.status` `finished`); `abandoned`: every player
            left
            before it started (it never had a view). `View.status` is the engine's word for the same
            life
            without the lobby: it has no `open` or `abandoned`.
        mine (bool | Unset):
        awaiting_me (bool | Unset):
        watchable (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            mine=mine,
            awaiting_me=awaiting_me,
            watchable=watchable,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
