from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hints import Hints
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: Hints,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/me/hints",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Hints | Problem | None:
    if response.status_code == 200:
        response_200 = Hints.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Hints | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: Hints,
) -> Response[Hints | Problem]:
    """Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

     Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

    Args:
        body (Hints): What the web client's first-game guide ("Learn by playing") remembers for an
            account, on
            every device: whether hints are off, which hints were dismissed, and which games are guide
            games (where hints show). The server keeps it as given; only its shape is checked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hints | Problem]
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
    body: Hints,
) -> Hints | Problem | None:
    """Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

     Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

    Args:
        body (Hints): What the web client's first-game guide ("Learn by playing") remembers for an
            account, on
            every device: whether hints are off, which hints were dismissed, and which games are guide
            games (where hints show). The server keeps it as given; only its shape is checked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hints | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: Hints,
) -> Response[Hints | Problem]:
    """Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

     Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

    Args:
        body (Hints): What the web client's first-game guide ("Learn by playing") remembers for an
            account, on
            every device: whether hints are off, which hints were dismissed, and which games are guide
            games (where hints show). The server keeps it as given; only its shape is checked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hints | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: Hints,
) -> Hints | Problem | None:
    """Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

     Replaces what the first-game guide remembers for the caller (the whole document, as
    `GET /v1/me` gives it in `hints`); answers the document saved.

    Args:
        body (Hints): What the web client's first-game guide ("Learn by playing") remembers for an
            account, on
            every device: whether hints are off, which hints were dismissed, and which games are guide
            games (where hints show). The server keeps it as given; only its shape is checked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hints | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
