from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.notification import Notification
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id_query

    params["ticket"] = ticket

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/me/stream",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Notification | Problem | None:
    if response.status_code == 200:
        response_200 = Notification.from_dict(response.text)

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
) -> Response[Notification | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Notification | Problem]:
    """The caller's notifications as they happen, as Server-Sent Events named `notification`: `id:`
    the notification's id, `data:` the `Notification` (its `kind` says what it is).

     - With `Last-Event-ID` (or `?last_event_id=`): every notification after it first, then each
      new one, whichever server process wrote it.
    - Without: the stream starts now. Its first event, named `state`, is what awaits the caller
      (`StreamState`: the games awaiting its decisions with their legal actions, its invitations
      and open challenges, its unread chat); its `id:` is the caller's last notification id, and
      the notifications after it follow (but for a `your_turn` of a decision the state names:
      one `your_turn`, or one state entry, per decision).

    An event named `heartbeat` (`data: {}`, no `id:`) fills each silence of 15 seconds.

    Args:
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Notification | Problem]
    """

    kwargs = _get_kwargs(
        last_event_id_query=last_event_id_query,
        ticket=ticket,
        last_event_id_header=last_event_id_header,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Notification | Problem | None:
    """The caller's notifications as they happen, as Server-Sent Events named `notification`: `id:`
    the notification's id, `data:` the `Notification` (its `kind` says what it is).

     - With `Last-Event-ID` (or `?last_event_id=`): every notification after it first, then each
      new one, whichever server process wrote it.
    - Without: the stream starts now. Its first event, named `state`, is what awaits the caller
      (`StreamState`: the games awaiting its decisions with their legal actions, its invitations
      and open challenges, its unread chat); its `id:` is the caller's last notification id, and
      the notifications after it follow (but for a `your_turn` of a decision the state names:
      one `your_turn`, or one state entry, per decision).

    An event named `heartbeat` (`data: {}`, no `id:`) fills each silence of 15 seconds.

    Args:
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Notification | Problem
    """

    return sync_detailed(
        client=client,
        last_event_id_query=last_event_id_query,
        ticket=ticket,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Notification | Problem]:
    """The caller's notifications as they happen, as Server-Sent Events named `notification`: `id:`
    the notification's id, `data:` the `Notification` (its `kind` says what it is).

     - With `Last-Event-ID` (or `?last_event_id=`): every notification after it first, then each
      new one, whichever server process wrote it.
    - Without: the stream starts now. Its first event, named `state`, is what awaits the caller
      (`StreamState`: the games awaiting its decisions with their legal actions, its invitations
      and open challenges, its unread chat); its `id:` is the caller's last notification id, and
      the notifications after it follow (but for a `your_turn` of a decision the state names:
      one `your_turn`, or one state entry, per decision).

    An event named `heartbeat` (`data: {}`, no `id:`) fills each silence of 15 seconds.

    Args:
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Notification | Problem]
    """

    kwargs = _get_kwargs(
        last_event_id_query=last_event_id_query,
        ticket=ticket,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Notification | Problem | None:
    """The caller's notifications as they happen, as Server-Sent Events named `notification`: `id:`
    the notification's id, `data:` the `Notification` (its `kind` says what it is).

     - With `Last-Event-ID` (or `?last_event_id=`): every notification after it first, then each
      new one, whichever server process wrote it.
    - Without: the stream starts now. Its first event, named `state`, is what awaits the caller
      (`StreamState`: the games awaiting its decisions with their legal actions, its invitations
      and open challenges, its unread chat); its `id:` is the caller's last notification id, and
      the notifications after it follow (but for a `your_turn` of a decision the state names:
      one `your_turn`, or one state entry, per decision).

    An event named `heartbeat` (`data: {}`, no `id:`) fills each silence of 15 seconds.

    Args:
        last_event_id_query (int | Unset):
        ticket (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Notification | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            last_event_id_query=last_event_id_query,
            ticket=ticket,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
