from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge_dto import ChallengeDto
from ...models.challenge_request import ChallengeRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: ChallengeRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChallengeDto | Problem | None:
    if response.status_code == 201:
        response_201 = ChallengeDto.from_dict(response.json())

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
) -> Response[ChallengeDto | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
) -> Response[ChallengeDto | Problem]:
    """Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

     Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

    Args:
        body (ChallengeRequest): What to challenge: the accounts, and the game's options (as `POST
            /v1/games` takes them).
            Unknown fields are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeDto | Problem]
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
    client: AuthenticatedClient,
    body: ChallengeRequest,
) -> ChallengeDto | Problem | None:
    """Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

     Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

    Args:
        body (ChallengeRequest): What to challenge: the accounts, and the game's options (as `POST
            /v1/games` takes them).
            Unknown fields are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeDto | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
) -> Response[ChallengeDto | Problem]:
    """Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

     Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

    Args:
        body (ChallengeRequest): What to challenge: the accounts, and the game's options (as `POST
            /v1/games` takes them).
            Unknown fields are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeDto | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
) -> ChallengeDto | Problem | None:
    """Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

     Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
    is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
    game is created with the challenger and them seated in random order; when one declines, the
    challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
    days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
    challenges nobody (it does not create games, service rules §9.9).

    Args:
        body (ChallengeRequest): What to challenge: the accounts, and the game's options (as `POST
            /v1/games` takes them).
            Unknown fields are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeDto | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
