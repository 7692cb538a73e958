from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_created import WebhookCreated
from ...models.webhook_request import WebhookRequest
from ...types import Response


def _get_kwargs(
    *,
    body: WebhookRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookCreated | None:
    if response.status_code == 201:
        response_201 = WebhookCreated.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | WebhookCreated]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Response[Problem | WebhookCreated]:
    """Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

     Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

    Args:
        body (WebhookRequest): An endpoint to register.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
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
    body: WebhookRequest,
) -> Problem | WebhookCreated | None:
    """Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

     Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

    Args:
        body (WebhookRequest): An endpoint to register.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Response[Problem | WebhookCreated]:
    """Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

     Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

    Args:
        body (WebhookRequest): An endpoint to register.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Problem | WebhookCreated | None:
    """Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

     Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
    Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
    exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
    timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
    `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.

    Args:
        body (WebhookRequest): An endpoint to register.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
