from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.personal_token_created import PersonalTokenCreated
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/tokens/rotate",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PersonalTokenCreated | Problem | None:
    if response.status_code == 201:
        response_201 = PersonalTokenCreated.from_dict(response.json())

        return response_201

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
) -> Response[PersonalTokenCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[PersonalTokenCreated | Problem]:
    """Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

     Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PersonalTokenCreated | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> PersonalTokenCreated | Problem | None:
    """Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

     Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PersonalTokenCreated | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[PersonalTokenCreated | Problem]:
    """Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

     Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PersonalTokenCreated | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> PersonalTokenCreated | Problem | None:
    """Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

     Replaces the personal token this request is made with by a new one (the same name, scopes
    and expiry), in one transaction: a bot rotates its credential without an operator. The
    answer holds the new token, shown this once; the old one is refused from the commit on and
    the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
    tokens hold.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PersonalTokenCreated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
