from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chat_line import ChatLine
from ...models.chat_request import ChatRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: ChatRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/chat".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChatLine | Problem | None:
    if response.status_code == 201:
        response_201 = ChatLine.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChatLine | Problem]:
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
    body: ChatRequest,
) -> Response[ChatLine | Problem]:
    """Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

     Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

    Args:
        id (UUID):
        body (ChatRequest): The body of `POST /v1/games/{id}/chat`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatLine | Problem]
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
    body: ChatRequest,
) -> ChatLine | Problem | None:
    """Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

     Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

    Args:
        id (UUID):
        body (ChatRequest): The body of `POST /v1/games/{id}/chat`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatLine | Problem
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
    body: ChatRequest,
) -> Response[ChatLine | Problem]:
    """Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

     Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

    Args:
        id (UUID):
        body (ChatRequest): The body of `POST /v1/games/{id}/chat`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatLine | Problem]
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
    body: ChatRequest,
) -> ChatLine | Problem | None:
    """Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

     Says a line at the table (service rules §9.8), for the game's seated players once it has
    been dealt (active or over). The other seated players receive it live (a `chat` event on
    `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
    at most 10 lines a minute across its tables.

    Args:
        id (UUID):
        body (ChatRequest): The body of `POST /v1/games/{id}/chat`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatLine | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
