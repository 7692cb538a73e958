from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.report_request import ReportRequest
from ...types import Response


def _get_kwargs(
    id: UUID,
    line: int,
    *,
    body: ReportRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/chat/{line}/report".format(
            id=quote(str(id), safe=""),
            line=quote(str(line), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    line: int,
    *,
    client: AuthenticatedClient,
    body: ReportRequest,
) -> Response[Any | Problem]:
    """Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

     Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

    Args:
        id (UUID):
        line (int):
        body (ReportRequest): The body of `POST /v1/games/{id}/chat/{line}/report`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        line=line,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    line: int,
    *,
    client: AuthenticatedClient,
    body: ReportRequest,
) -> Any | Problem | None:
    """Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

     Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

    Args:
        id (UUID):
        line (int):
        body (ReportRequest): The body of `POST /v1/games/{id}/chat/{line}/report`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        id=id,
        line=line,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    line: int,
    *,
    client: AuthenticatedClient,
    body: ReportRequest,
) -> Response[Any | Problem]:
    """Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

     Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

    Args:
        id (UUID):
        line (int):
        body (ReportRequest): The body of `POST /v1/games/{id}/chat/{line}/report`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        line=line,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    line: int,
    *,
    client: AuthenticatedClient,
    body: ReportRequest,
) -> Any | Problem | None:
    """Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

     Reports a line to the operator (service rules §9.8), as one of the game's seated players.
    Reporting the same line again changes nothing.

    Args:
        id (UUID):
        line (int):
        body (ReportRequest): The body of `POST /v1/games/{id}/chat/{line}/report`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            line=line,
            client=client,
            body=body,
        )
    ).parsed
