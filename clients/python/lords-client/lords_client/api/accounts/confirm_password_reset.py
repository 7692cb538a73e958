from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.password_reset_confirm import PasswordResetConfirm
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: PasswordResetConfirm,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/password-reset/confirm",
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PasswordResetConfirm,
) -> Response[Any | Problem]:
    """Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

     Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

    Args:
        body (PasswordResetConfirm): The body of `POST /v1/auth/password-reset/confirm`.

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
    client: AuthenticatedClient | Client,
    body: PasswordResetConfirm,
) -> Any | Problem | None:
    """Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

     Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

    Args:
        body (PasswordResetConfirm): The body of `POST /v1/auth/password-reset/confirm`.

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
    client: AuthenticatedClient | Client,
    body: PasswordResetConfirm,
) -> Response[Any | Problem]:
    """Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

     Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

    Args:
        body (PasswordResetConfirm): The body of `POST /v1/auth/password-reset/confirm`.

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
    client: AuthenticatedClient | Client,
    body: PasswordResetConfirm,
) -> Any | Problem | None:
    """Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

     Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
    ends every session, authorization and token of the account, as a password change does. The
    token works once; the account's other reset links stop working too. When the link went to
    the address the account still has, that address counts as verified. A failure changes
    nothing.

    Args:
        body (PasswordResetConfirm): The body of `POST /v1/auth/password-reset/confirm`.

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
