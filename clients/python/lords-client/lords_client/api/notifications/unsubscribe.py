from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    token: str,
    *,
    body: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/unsubscribe/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: str,
) -> Response[Any | Problem | str]:
    """One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

     One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

    Args:
        token (str):
        body (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        token=token,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: str,
) -> Any | Problem | str | None:
    """One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

     One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

    Args:
        token (str):
        body (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return sync_detailed(
        token=token,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: str,
) -> Response[Any | Problem | str]:
    """One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

     One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

    Args:
        token (str):
        body (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        token=token,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: str,
) -> Any | Problem | str | None:
    """One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

     One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
    `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
    link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
    nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
    saying what is now off.

    Args:
        token (str):
        body (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
            body=body,
        )
    ).parsed
