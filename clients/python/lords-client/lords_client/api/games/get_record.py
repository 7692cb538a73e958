from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_record import GameRecord
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/record".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameRecord | Problem | None:
    if response.status_code == 200:
        response_200 = GameRecord.from_dict(response.json())

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
) -> Response[GameRecord | Problem]:
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
) -> Response[GameRecord | Problem]:
    """A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

     A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameRecord | Problem]
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
) -> GameRecord | Problem | None:
    """A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

     A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameRecord | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[GameRecord | Problem]:
    """A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

     A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameRecord | Problem]
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
) -> GameRecord | Problem | None:
    """A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

     A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
    stream with each payload as stored and its hash chain, the game's salt (which every receipt
    its players were given commits under), the final head, and the game's leaf in the
    transparency log with its inclusion proof against the newest signed tree head
    (`transparency` is `null` for the few seconds before the game is logged). The same document
    as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
    the game ends.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameRecord | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
