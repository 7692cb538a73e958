from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_deletion import AccountDeletion
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AccountDeletion,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/me",
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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
    *,
    client: AuthenticatedClient,
    body: AccountDeletion,
) -> Response[Any | Problem]:
    """Deletes the caller's account for good (the in-app account deletion app stores require):
    the username becomes an anonymous placeholder (`deleted-<8 hex>`) wherever it is shown, no
    password logs in any more, every refresh token is revoked and every access token already
    issued is refused from now on (401). Its webhooks and push subscriptions are deleted with
    their pending deliveries, and its stream tickets too; its open Server-Sent Events streams
    end within seconds. Seats in open (not started) games are released as
    `POST /v1/games/{id}/leave` does. The old username is free again: a new account may take
    it, and is a different account. Event streams do not change: they name seats, not
    accounts, and `lords verify --all` still passes.

     Seats in active games are resigned (service rules §9.3, as `POST /v1/games/{id}/resign`):
    those games go on with a bot in the seat, or end at once when one player is left.

    Wrong passwords are limited per username and per client address as logins are.

    Args:
        body (AccountDeletion): The body of `DELETE /v1/me`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
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
    body: AccountDeletion,
) -> Any | Problem | None:
    """Deletes the caller's account for good (the in-app account deletion app stores require):
    the username becomes an anonymous placeholder (`deleted-<8 hex>`) wherever it is shown, no
    password logs in any more, every refresh token is revoked and every access token already
    issued is refused from now on (401). Its webhooks and push subscriptions are deleted with
    their pending deliveries, and its stream tickets too; its open Server-Sent Events streams
    end within seconds. Seats in open (not started) games are released as
    `POST /v1/games/{id}/leave` does. The old username is free again: a new account may take
    it, and is a different account. Event streams do not change: they name seats, not
    accounts, and `lords verify --all` still passes.

     Seats in active games are resigned (service rules §9.3, as `POST /v1/games/{id}/resign`):
    those games go on with a bot in the seat, or end at once when one player is left.

    Wrong passwords are limited per username and per client address as logins are.

    Args:
        body (AccountDeletion): The body of `DELETE /v1/me`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AccountDeletion,
) -> Response[Any | Problem]:
    """Deletes the caller's account for good (the in-app account deletion app stores require):
    the username becomes an anonymous placeholder (`deleted-<8 hex>`) wherever it is shown, no
    password logs in any more, every refresh token is revoked and every access token already
    issued is refused from now on (401). Its webhooks and push subscriptions are deleted with
    their pending deliveries, and its stream tickets too; its open Server-Sent Events streams
    end within seconds. Seats in open (not started) games are released as
    `POST /v1/games/{id}/leave` does. The old username is free again: a new account may take
    it, and is a different account. Event streams do not change: they name seats, not
    accounts, and `lords verify --all` still passes.

     Seats in active games are resigned (service rules §9.3, as `POST /v1/games/{id}/resign`):
    those games go on with a bot in the seat, or end at once when one player is left.

    Wrong passwords are limited per username and per client address as logins are.

    Args:
        body (AccountDeletion): The body of `DELETE /v1/me`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AccountDeletion,
) -> Any | Problem | None:
    """Deletes the caller's account for good (the in-app account deletion app stores require):
    the username becomes an anonymous placeholder (`deleted-<8 hex>`) wherever it is shown, no
    password logs in any more, every refresh token is revoked and every access token already
    issued is refused from now on (401). Its webhooks and push subscriptions are deleted with
    their pending deliveries, and its stream tickets too; its open Server-Sent Events streams
    end within seconds. Seats in open (not started) games are released as
    `POST /v1/games/{id}/leave` does. The old username is free again: a new account may take
    it, and is a different account. Event streams do not change: they name seats, not
    accounts, and `lords verify --all` still passes.

     Seats in active games are resigned (service rules §9.3, as `POST /v1/games/{id}/resign`):
    those games go on with a bot in the seat, or end at once when one player is left.

    Wrong passwords are limited per username and per client address as logins are.

    Args:
        body (AccountDeletion): The body of `DELETE /v1/me`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
