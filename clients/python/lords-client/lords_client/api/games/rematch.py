from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_summary_dto import GameSummaryDto
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/rematch".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameSummaryDto | Problem | None:
    if response.status_code == 200:
        response_200 = GameSummaryDto.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = GameSummaryDto.from_dict(response.json())

        return response_201

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
) -> Response[GameSummaryDto | Problem]:
    """A rematch of a finished game, asked for by one of its players: a new open game with the same
    options and visibility. Seats rotate by one: the player of old seat `s` gets seat `s + 1`
    (the last seat gets seat 0), so over a series of rematches every player sits in every place
    of the turn order (the engine draws the first initiative at random, RULES §3.5; rotating
    spreads what is left of seat luck, who plays after whom). The requester is seated; every
    other player is invited by username with their rotated seat kept for them
    (`GET /v1/me/invitations`, 7 days). Each bot keeps its level in its rotated seat; when every
    other seat is a bot's, the rematch starts at once (`status` `active`), as a game created full
    does. Both games link to each other (`rematch`, `rematch_of`).

     Idempotent: once a rematch exists, asking again (any player) answers 200 with it.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummaryDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
) -> GameSummaryDto | Problem | None:
    """A rematch of a finished game, asked for by one of its players: a new open game with the same
    options and visibility. Seats rotate by one: the player of old seat `s` gets seat `s + 1`
    (the last seat gets seat 0), so over a series of rematches every player sits in every place
    of the turn order (the engine draws the first initiative at random, RULES §3.5; rotating
    spreads what is left of seat luck, who plays after whom). The requester is seated; every
    other player is invited by username with their rotated seat kept for them
    (`GET /v1/me/invitations`, 7 days). Each bot keeps its level in its rotated seat; when every
    other seat is a bot's, the rematch starts at once (`status` `active`), as a game created full
    does. Both games link to each other (`rematch`, `rematch_of`).

     Idempotent: once a rematch exists, asking again (any player) answers 200 with it.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameSummaryDto | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[GameSummaryDto | Problem]:
    """A rematch of a finished game, asked for by one of its players: a new open game with the same
    options and visibility. Seats rotate by one: the player of old seat `s` gets seat `s + 1`
    (the last seat gets seat 0), so over a series of rematches every player sits in every place
    of the turn order (the engine draws the first initiative at random, RULES §3.5; rotating
    spreads what is left of seat luck, who plays after whom). The requester is seated; every
    other player is invited by username with their rotated seat kept for them
    (`GET /v1/me/invitations`, 7 days). Each bot keeps its level in its rotated seat; when every
    other seat is a bot's, the rematch starts at once (`status` `active`), as a game created full
    does. Both games link to each other (`rematch`, `rematch_of`).

     Idempotent: once a rematch exists, asking again (any player) answers 200 with it.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummaryDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
) -> GameSummaryDto | Problem | None:
    """A rematch of a finished game, asked for by one of its players: a new open game with the same
    options and visibility. Seats rotate by one: the player of old seat `s` gets seat `s + 1`
    (the last seat gets seat 0), so over a series of rematches every player sits in every place
    of the turn order (the engine draws the first initiative at random, RULES §3.5; rotating
    spreads what is left of seat luck, who plays after whom). The requester is seated; every
    other player is invited by username with their rotated seat kept for them
    (`GET /v1/me/invitations`, 7 days). Each bot keeps its level in its rotated seat; when every
    other seat is a bot's, the rematch starts at once (`status` `active`), as a game created full
    does. Both games link to each other (`rematch`, `rematch_of`).

     Idempotent: once a rematch exists, asking again (any player) answers 200 with it.

    Args:
        id (UUID):

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
        )
    ).parsed
