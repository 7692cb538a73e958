from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.invitation_dto import InvitationDto
from ...models.invitation_request import InvitationRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: InvitationRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/invitations".format(
            id=quote(str(id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InvitationDto | Problem | None:
    if response.status_code == 200:
        response_200 = InvitationDto.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = InvitationDto.from_dict(response.json())

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
) -> Response[InvitationDto | Problem]:
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
    body: InvitationRequest | Unset = UNSET,
) -> Response[InvitationDto | Problem]:
    """A seated player invites to an open game: a code usable `uses` times until `expires_at`
    (private or public games), or one account by username.

     Inviting by username an account whose invitation to the game is still pending answers 200
    with that invitation, unchanged (the account is not told again). A game has at most
    `--max-pending-invitations-per-game` pending invitations by username (default 20), and an
    account creates at most `--max-invitations-per-hour` invitations an hour (default 60).
    A username that names no account that could join (422 `invalid_invitation`) counts as a
    failed login does, per account and per client address: past the login limiter's budget,
    invitations by username get 429 `rate_limited`, so usernames cannot be enumerated.

    Args:
        id (UUID):
        body (InvitationRequest | Unset): What to invite: a code usable `uses` times, or one
            account by `username`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvitationDto | Problem]
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
    body: InvitationRequest | Unset = UNSET,
) -> InvitationDto | Problem | None:
    """A seated player invites to an open game: a code usable `uses` times until `expires_at`
    (private or public games), or one account by username.

     Inviting by username an account whose invitation to the game is still pending answers 200
    with that invitation, unchanged (the account is not told again). A game has at most
    `--max-pending-invitations-per-game` pending invitations by username (default 20), and an
    account creates at most `--max-invitations-per-hour` invitations an hour (default 60).
    A username that names no account that could join (422 `invalid_invitation`) counts as a
    failed login does, per account and per client address: past the login limiter's budget,
    invitations by username get 429 `rate_limited`, so usernames cannot be enumerated.

    Args:
        id (UUID):
        body (InvitationRequest | Unset): What to invite: a code usable `uses` times, or one
            account by `username`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvitationDto | Problem
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
    body: InvitationRequest | Unset = UNSET,
) -> Response[InvitationDto | Problem]:
    """A seated player invites to an open game: a code usable `uses` times until `expires_at`
    (private or public games), or one account by username.

     Inviting by username an account whose invitation to the game is still pending answers 200
    with that invitation, unchanged (the account is not told again). A game has at most
    `--max-pending-invitations-per-game` pending invitations by username (default 20), and an
    account creates at most `--max-invitations-per-hour` invitations an hour (default 60).
    A username that names no account that could join (422 `invalid_invitation`) counts as a
    failed login does, per account and per client address: past the login limiter's budget,
    invitations by username get 429 `rate_limited`, so usernames cannot be enumerated.

    Args:
        id (UUID):
        body (InvitationRequest | Unset): What to invite: a code usable `uses` times, or one
            account by `username`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvitationDto | Problem]
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
    body: InvitationRequest | Unset = UNSET,
) -> InvitationDto | Problem | None:
    """A seated player invites to an open game: a code usable `uses` times until `expires_at`
    (private or public games), or one account by username.

     Inviting by username an account whose invitation to the game is still pending answers 200
    with that invitation, unchanged (the account is not told again). A game has at most
    `--max-pending-invitations-per-game` pending invitations by username (default 20), and an
    account creates at most `--max-invitations-per-hour` invitations an hour (default 60).
    A username that names no account that could join (422 `invalid_invitation`) counts as a
    failed login does, per account and per client address: past the login limiter's budget,
    invitations by username get 429 `rate_limited`, so usernames cannot be enumerated.

    Args:
        id (UUID):
        body (InvitationRequest | Unset): What to invite: a code usable `uses` times, or one
            account by `username`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvitationDto | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
