from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_dto import GameDto
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    at: int | Unset = UNSET,
    after_version: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["at"] = at

    params["after_version"] = after_version

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GameDto | Problem | None:
    if response.status_code == 200:
        response_200 = GameDto.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | GameDto | Problem]:
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
    at: int | Unset = UNSET,
    after_version: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameDto | Problem]:
    """The caller's view of the game (a spectator's when not seated), with an `ETag`.

     The caller's view of the game (a spectator's when not seated), with an `ETag`.

    Args:
        id (UUID):
        at (int | Unset):
        after_version (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        at=at,
        after_version=after_version,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    at: int | Unset = UNSET,
    after_version: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | GameDto | Problem | None:
    """The caller's view of the game (a spectator's when not seated), with an `ETag`.

     The caller's view of the game (a spectator's when not seated), with an `ETag`.

    Args:
        id (UUID):
        at (int | Unset):
        after_version (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameDto | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        at=at,
        after_version=after_version,
        wait=wait,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    at: int | Unset = UNSET,
    after_version: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameDto | Problem]:
    """The caller's view of the game (a spectator's when not seated), with an `ETag`.

     The caller's view of the game (a spectator's when not seated), with an `ETag`.

    Args:
        id (UUID):
        at (int | Unset):
        after_version (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        at=at,
        after_version=after_version,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    at: int | Unset = UNSET,
    after_version: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | GameDto | Problem | None:
    """The caller's view of the game (a spectator's when not seated), with an `ETag`.

     The caller's view of the game (a spectator's when not seated), with an `ETag`.

    Args:
        id (UUID):
        at (int | Unset):
        after_version (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameDto | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            at=at,
            after_version=after_version,
            wait=wait,
            if_none_match=if_none_match,
        )
    ).parsed
