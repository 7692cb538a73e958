from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.me_dto import MeDto
from ...models.problem import Problem
from ...models.verify_email_request import VerifyEmailRequest
from ...types import Response


def _get_kwargs(
    *,
    body: VerifyEmailRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/email/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MeDto | Problem | None:
    if response.status_code == 200:
        response_200 = MeDto.from_dict(response.json())

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

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[MeDto | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: VerifyEmailRequest,
) -> Response[MeDto | Problem]:
    """Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

     Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

    Args:
        body (VerifyEmailRequest): The body of `POST /v1/me/email/verify`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MeDto | Problem]
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
    body: VerifyEmailRequest,
) -> MeDto | Problem | None:
    """Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

     Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

    Args:
        body (VerifyEmailRequest): The body of `POST /v1/me/email/verify`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MeDto | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: VerifyEmailRequest,
) -> Response[MeDto | Problem]:
    """Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

     Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

    Args:
        body (VerifyEmailRequest): The body of `POST /v1/me/email/verify`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MeDto | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: VerifyEmailRequest,
) -> MeDto | Problem | None:
    """Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

     Verifies the caller's address with the token of the link mailed to it. The token must be
    one of the caller's, unused, unexpired, and sent to the address the account has now.
    Answers the account as `GET /v1/me` does. A failure changes nothing.

    Args:
        body (VerifyEmailRequest): The body of `POST /v1/me/email/verify`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MeDto | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
