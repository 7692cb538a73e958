from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_dto import EventDto
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id_query

    params["ticket"] = ticket

    params["chat_after"] = chat_after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/stream".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventDto | Problem | None:
    if response.status_code == 200:
        response_200 = EventDto.from_dict(response.text)

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventDto | Problem]:
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
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[EventDto | Problem]:
    """The game's events as the caller may see them, as Server-Sent Events named `game`: `id:` the
    seq, `data:` the `EventDto` exactly as `GET /v1/games/{id}/events` shows it to the caller at
    that moment (redacted while the game is on; everything once it is over). Spectators too.
    Resumes after `Last-Event-ID` (or `?last_event_id=`); an event named `heartbeat`
    (`data: {}`, no `id:`) fills each silence of 15 seconds. The stream ends after the game's
    `game_ended` event (at once when it was already sent).

     A seated player's stream also carries the table's chat (service rules §9.8): each line as an
    event named `chat` whose `data:` is a `ChatLine` and which has no `id:` (chat lines are not
    game events: `Last-Event-ID` stays the last seq), from `?chat_after=` (else from the lines
    said after the stream opened). Lines of accounts the caller muted are not sent. Spectators'
    streams carry no chat.

    Args:
        id (UUID):
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id_query=last_event_id_query,
        ticket=ticket,
        chat_after=chat_after,
        last_event_id_header=last_event_id_header,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> EventDto | Problem | None:
    """The game's events as the caller may see them, as Server-Sent Events named `game`: `id:` the
    seq, `data:` the `EventDto` exactly as `GET /v1/games/{id}/events` shows it to the caller at
    that moment (redacted while the game is on; everything once it is over). Spectators too.
    Resumes after `Last-Event-ID` (or `?last_event_id=`); an event named `heartbeat`
    (`data: {}`, no `id:`) fills each silence of 15 seconds. The stream ends after the game's
    `game_ended` event (at once when it was already sent).

     A seated player's stream also carries the table's chat (service rules §9.8): each line as an
    event named `chat` whose `data:` is a `ChatLine` and which has no `id:` (chat lines are not
    game events: `Last-Event-ID` stays the last seq), from `?chat_after=` (else from the lines
    said after the stream opened). Lines of accounts the caller muted are not sent. Spectators'
    streams carry no chat.

    Args:
        id (UUID):
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventDto | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        last_event_id_query=last_event_id_query,
        ticket=ticket,
        chat_after=chat_after,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[EventDto | Problem]:
    """The game's events as the caller may see them, as Server-Sent Events named `game`: `id:` the
    seq, `data:` the `EventDto` exactly as `GET /v1/games/{id}/events` shows it to the caller at
    that moment (redacted while the game is on; everything once it is over). Spectators too.
    Resumes after `Last-Event-ID` (or `?last_event_id=`); an event named `heartbeat`
    (`data: {}`, no `id:`) fills each silence of 15 seconds. The stream ends after the game's
    `game_ended` event (at once when it was already sent).

     A seated player's stream also carries the table's chat (service rules §9.8): each line as an
    event named `chat` whose `data:` is a `ChatLine` and which has no `id:` (chat lines are not
    game events: `Last-Event-ID` stays the last seq), from `?chat_after=` (else from the lines
    said after the stream opened). Lines of accounts the caller muted are not sent. Spectators'
    streams carry no chat.

    Args:
        id (UUID):
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventDto | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id_query=last_event_id_query,
        ticket=ticket,
        chat_after=chat_after,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> EventDto | Problem | None:
    """The game's events as the caller may see them, as Server-Sent Events named `game`: `id:` the
    seq, `data:` the `EventDto` exactly as `GET /v1/games/{id}/events` shows it to the caller at
    that moment (redacted while the game is on; everything once it is over). Spectators too.
    Resumes after `Last-Event-ID` (or `?last_event_id=`); an event named `heartbeat`
    (`data: {}`, no `id:`) fills each silence of 15 seconds. The stream ends after the game's
    `game_ended` event (at once when it was already sent).

     A seated player's stream also carries the table's chat (service rules §9.8): each line as an
    event named `chat` whose `data:` is a `ChatLine` and which has no `id:` (chat lines are not
    game events: `Last-Event-ID` stays the last seq), from `?chat_after=` (else from the lines
    said after the stream opened). Lines of accounts the caller muted are not sent. Spectators'
    streams carry no chat.

    Args:
        id (UUID):
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventDto | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            last_event_id_query=last_event_id_query,
            ticket=ticket,
            chat_after=chat_after,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
