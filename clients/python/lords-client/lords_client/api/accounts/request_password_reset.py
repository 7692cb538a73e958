from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.password_reset_request import PasswordResetRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: PasswordResetRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/password-reset",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 202:
        response_202 = cast(Any, None)
        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
    body: PasswordResetRequest,
) -> Response[Any | Problem]:
    """Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

     Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

    Args:
        body (PasswordResetRequest): The body of `POST /v1/auth/password-reset`.

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
    body: PasswordResetRequest,
) -> Any | Problem | None:
    """Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

     Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

    Args:
        body (PasswordResetRequest): The body of `POST /v1/auth/password-reset`.

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
    body: PasswordResetRequest,
) -> Response[Any | Problem]:
    """Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

     Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

    Args:
        body (PasswordResetRequest): The body of `POST /v1/auth/password-reset`.

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
    body: PasswordResetRequest,
) -> Any | Problem | None:
    """Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

     Asks for a password reset: when an account has this address (verified or not, ignoring
    case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
    or not one has, in the same way (no account enumeration); a malformed address is 422.
    Requests are limited per address asked about and per client address (the login limiter's
    budget, `--login-max-failures` per `--login-window-seconds`), each counted.

    Args:
        body (PasswordResetRequest): The body of `POST /v1/auth/password-reset`.

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
