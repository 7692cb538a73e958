from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bot_seat import BotSeat
from ...models.game_summary_dto import GameSummaryDto
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: BotSeat,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/bots".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameSummaryDto | Problem | None:
    if response.status_code == 200:
        response_200 = GameSummaryDto.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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
) -> Response[GameSummaryDto | Problem]:
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
    body: BotSeat,
) -> Response[GameSummaryDto | Problem]:
    """A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

     A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

    Args:
        id (UUID):
        body (BotSeat): A seat given to a built-in bot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummaryDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: BotSeat,
) -> GameSummaryDto | Problem | None:
    """A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

     A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

    Args:
        id (UUID):
        body (BotSeat): A seat given to a built-in bot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameSummaryDto | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: BotSeat,
) -> Response[GameSummaryDto | Problem]:
    """A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

     A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

    Args:
        id (UUID):
        body (BotSeat): A seat given to a built-in bot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummaryDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: BotSeat,
) -> GameSummaryDto | Problem | None:
    """A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

     A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
    free seat when left out). When it was the last free seat, the game starts; a bot's
    decisions are taken by the server within about a second of becoming awaited. A seat kept
    for an invitee (a rematch's) is not given to a bot until the invitation expires or the
    invitee declines it (`POST /v1/me/invitations/{id}/decline`).

    Args:
        id (UUID):
        body (BotSeat): A seat given to a built-in bot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameSummaryDto | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
