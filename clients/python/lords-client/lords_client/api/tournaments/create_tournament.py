from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournament import Tournament
from ...models.tournament_request import TournamentRequest
from ...types import Response


def _get_kwargs(
    *,
    body: TournamentRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Tournament | None:
    if response.status_code == 201:
        response_201 = Tournament.from_dict(response.json())

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
) -> Response[Problem | Tournament]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TournamentRequest,
) -> Response[Problem | Tournament]:
    """Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

     Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

    Args:
        body (TournamentRequest): A tournament to create (service rules §9.11). Unknown fields are
            refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
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
    body: TournamentRequest,
) -> Problem | Tournament | None:
    """Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

     Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

    Args:
        body (TournamentRequest): A tournament to create (service rules §9.11). Unknown fields are
            refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TournamentRequest,
) -> Response[Problem | Tournament]:
    """Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

     Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

    Args:
        body (TournamentRequest): A tournament to create (service rules §9.11). Unknown fields are
            refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TournamentRequest,
) -> Problem | Tournament | None:
    """Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

     Creates a tournament (service rules §9.11), open for registration until `starts_at` or
    until its creator starts it. Creating one does not register its creator. Bot accounts
    cannot create one.

    Args:
        body (TournamentRequest): A tournament to create (service rules §9.11). Unknown fields are
            refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
