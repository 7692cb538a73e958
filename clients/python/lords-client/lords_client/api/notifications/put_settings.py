from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.notification_settings import NotificationSettings
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: NotificationSettings,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/me/notification-settings",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NotificationSettings | Problem | None:
    if response.status_code == 200:
        response_200 = NotificationSettings.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[NotificationSettings | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationSettings,
) -> Response[NotificationSettings | Problem]:
    """Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

     Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

    Args:
        body (NotificationSettings): What the account is told, and how. Example: {'digest_hour':
            8, 'email_failing_since': None, 'kinds': {'chat': {'email': 'off', 'push': False},
            'game_over': {'email': 'off', 'push': False}, 'invited': {'email': 'immediately', 'push':
            True}, 'reminder': {'email': 'immediately', 'push': True}, 'your_turn': {'email':
            'immediately', 'push': True}}, 'time_zone': 'UTC'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationSettings | Problem]
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
    body: NotificationSettings,
) -> NotificationSettings | Problem | None:
    """Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

     Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

    Args:
        body (NotificationSettings): What the account is told, and how. Example: {'digest_hour':
            8, 'email_failing_since': None, 'kinds': {'chat': {'email': 'off', 'push': False},
            'game_over': {'email': 'off', 'push': False}, 'invited': {'email': 'immediately', 'push':
            True}, 'reminder': {'email': 'immediately', 'push': True}, 'your_turn': {'email':
            'immediately', 'push': True}}, 'time_zone': 'UTC'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationSettings | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationSettings,
) -> Response[NotificationSettings | Problem]:
    """Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

     Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

    Args:
        body (NotificationSettings): What the account is told, and how. Example: {'digest_hour':
            8, 'email_failing_since': None, 'kinds': {'chat': {'email': 'off', 'push': False},
            'game_over': {'email': 'off', 'push': False}, 'invited': {'email': 'immediately', 'push':
            True}, 'reminder': {'email': 'immediately', 'push': True}, 'your_turn': {'email':
            'immediately', 'push': True}}, 'time_zone': 'UTC'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationSettings | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NotificationSettings,
) -> NotificationSettings | Problem | None:
    """Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

     Replaces the caller's notification settings with the whole document (every kind, the
    digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
    subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
    saved.

    Args:
        body (NotificationSettings): What the account is told, and how. Example: {'digest_hour':
            8, 'email_failing_since': None, 'kinds': {'chat': {'email': 'off', 'push': False},
            'game_over': {'email': 'off', 'push': False}, 'invited': {'email': 'immediately', 'push':
            True}, 'reminder': {'email': 'immediately', 'push': True}, 'your_turn': {'email':
            'immediately', 'push': True}}, 'time_zone': 'UTC'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationSettings | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
