from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.email_request import EmailRequest
from ...models.email_state import EmailState
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: EmailRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/me/email",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EmailState | Problem | None:
    if response.status_code == 200:
        response_200 = EmailState.from_dict(response.json())

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
) -> Response[EmailState | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: EmailRequest,
) -> Response[EmailState | Problem]:
    """Sets the caller's address, unverified, and mails it a link with a single-use token (valid
    24 hours) to verify it (`POST /v1/me/email/verify`). The request's language
    (`Accept-Language`) becomes the language of the account's mails. Setting the same address
    again sends a new link (the earlier ones still work until they expire); setting the
    account's own verified address again changes nothing and sends nothing.

     An address belongs to at most one account, ignoring case: one another account has verified,
    or holds with a verification link still valid, is `email_taken`; an unverified claim whose
    links all expired is taken over. Requests that send a link are limited per account as
    logins are.

    Args:
        body (EmailRequest): The body of `PUT /v1/me/email`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailState | Problem]
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
    body: EmailRequest,
) -> EmailState | Problem | None:
    """Sets the caller's address, unverified, and mails it a link with a single-use token (valid
    24 hours) to verify it (`POST /v1/me/email/verify`). The request's language
    (`Accept-Language`) becomes the language of the account's mails. Setting the same address
    again sends a new link (the earlier ones still work until they expire); setting the
    account's own verified address again changes nothing and sends nothing.

     An address belongs to at most one account, ignoring case: one another account has verified,
    or holds with a verification link still valid, is `email_taken`; an unverified claim whose
    links all expired is taken over. Requests that send a link are limited per account as
    logins are.

    Args:
        body (EmailRequest): The body of `PUT /v1/me/email`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailState | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EmailRequest,
) -> Response[EmailState | Problem]:
    """Sets the caller's address, unverified, and mails it a link with a single-use token (valid
    24 hours) to verify it (`POST /v1/me/email/verify`). The request's language
    (`Accept-Language`) becomes the language of the account's mails. Setting the same address
    again sends a new link (the earlier ones still work until they expire); setting the
    account's own verified address again changes nothing and sends nothing.

     An address belongs to at most one account, ignoring case: one another account has verified,
    or holds with a verification link still valid, is `email_taken`; an unverified claim whose
    links all expired is taken over. Requests that send a link are limited per account as
    logins are.

    Args:
        body (EmailRequest): The body of `PUT /v1/me/email`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailState | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: EmailRequest,
) -> EmailState | Problem | None:
    """Sets the caller's address, unverified, and mails it a link with a single-use token (valid
    24 hours) to verify it (`POST /v1/me/email/verify`). The request's language
    (`Accept-Language`) becomes the language of the account's mails. Setting the same address
    again sends a new link (the earlier ones still work until they expire); setting the
    account's own verified address again changes nothing and sends nothing.

     An address belongs to at most one account, ignoring case: one another account has verified,
    or holds with a verification link still valid, is `email_taken`; an unverified claim whose
    links all expired is taken over. Requests that send a link are limited per account as
    logins are.

    Args:
        body (EmailRequest): The body of `PUT /v1/me/email`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailState | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
