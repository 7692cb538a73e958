from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bot_conversion import BotConversion
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/bot",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BotConversion | Problem | None:
    if response.status_code == 200:
        response_200 = BotConversion.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[BotConversion | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[BotConversion | Problem]:
    """Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

     Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotConversion | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> BotConversion | Problem | None:
    """Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

     Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotConversion | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[BotConversion | Problem]:
    """Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

     Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotConversion | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> BotConversion | Problem | None:
    """Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

     Makes the caller's account a bot account, for good: a program that plays through the API
    with a token, as lichess's Bot API does. Only an account that never sat at a game may
    become one. Every session (first-party and OAuth) is revoked and every token deleted; the
    answer holds the account (`bot: true`) and a new personal token holding every scope
    (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
    account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
    operator issues a new one if it is lost: `lords accounts bot-token`). People
    seat the bot by inviting its username; it learns of the invitation on
    `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotConversion | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
