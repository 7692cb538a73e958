from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.authorization_decision import AuthorizationDecision
from ...models.problem import Problem
from ...models.redirect_to import RedirectTo
from ...types import Response


def _get_kwargs(
    *,
    body: AuthorizationDecision,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/oauth/authorizations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RedirectTo | None:
    if response.status_code == 200:
        response_200 = RedirectTo.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = RedirectTo.from_dict(response.json())

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
) -> Response[Problem | RedirectTo]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AuthorizationDecision,
) -> Response[Problem | RedirectTo]:
    """The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

     The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

    Args:
        body (AuthorizationDecision): The person's answer on the consent page, with the request's
            parameters as received.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RedirectTo]
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
    body: AuthorizationDecision,
) -> Problem | RedirectTo | None:
    """The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

     The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

    Args:
        body (AuthorizationDecision): The person's answer on the consent page, with the request's
            parameters as received.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RedirectTo
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AuthorizationDecision,
) -> Response[Problem | RedirectTo]:
    """The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

     The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

    Args:
        body (AuthorizationDecision): The person's answer on the consent page, with the request's
            parameters as received.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RedirectTo]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AuthorizationDecision,
) -> Problem | RedirectTo | None:
    """The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

     The signed-in person approves or denies an authorization request (the consent page's
    buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
    authorization code (single use, valid 60 seconds, bound to the account, the client, the
    redirect URI, the PKCE challenge and the scopes): 201 with
    `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
    yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying
    answers 200 with
    `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with
    `error=unsupported_response_type`. `state`
    is left out when the request had none.

    Args:
        body (AuthorizationDecision): The person's answer on the consent page, with the request's
            parameters as received.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RedirectTo
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
