from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.action_result import ActionResult
from ...models.claim_supporter_action import ClaimSupporterAction
from ...models.copy_power_action import CopyPowerAction
from ...models.discard_follower_action import DiscardFollowerAction
from ...models.muster_action import MusterAction
from ...models.pass_action import PassAction
from ...models.problem import Problem
from ...models.recruit_action import RecruitAction
from ...models.swap_follower_action import SwapFollowerAction
from ...models.swap_supporter_action import SwapSupporterAction
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: ClaimSupporterAction
    | CopyPowerAction
    | DiscardFollowerAction
    | MusterAction
    | PassAction
    | RecruitAction
    | SwapFollowerAction
    | SwapSupporterAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/actions".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, RecruitAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MusterAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PassAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CopyPowerAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SwapSupporterAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SwapFollowerAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DiscardFollowerAction):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionResult | Problem | None:
    if response.status_code == 200:
        response_200 = ActionResult.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

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
) -> Response[ActionResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ClaimSupporterAction
    | CopyPowerAction
    | DiscardFollowerAction
    | MusterAction
    | PassAction
    | RecruitAction
    | SwapFollowerAction
    | SwapSupporterAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ActionResult | Problem]:
    """Submits one action for the caller's seat.

     Submits one action for the caller's seat.

    Args:
        id (UUID):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (ClaimSupporterAction | CopyPowerAction | DiscardFollowerAction | MusterAction |
            PassAction | RecruitAction | SwapFollowerAction | SwapSupporterAction): What a seat
            submits, one of the listed shapes picked by `type`; unknown fields are rejected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ClaimSupporterAction
    | CopyPowerAction
    | DiscardFollowerAction
    | MusterAction
    | PassAction
    | RecruitAction
    | SwapFollowerAction
    | SwapSupporterAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ActionResult | Problem | None:
    """Submits one action for the caller's seat.

     Submits one action for the caller's seat.

    Args:
        id (UUID):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (ClaimSupporterAction | CopyPowerAction | DiscardFollowerAction | MusterAction |
            PassAction | RecruitAction | SwapFollowerAction | SwapSupporterAction): What a seat
            submits, one of the listed shapes picked by `type`; unknown fields are rejected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ClaimSupporterAction
    | CopyPowerAction
    | DiscardFollowerAction
    | MusterAction
    | PassAction
    | RecruitAction
    | SwapFollowerAction
    | SwapSupporterAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ActionResult | Problem]:
    """Submits one action for the caller's seat.

     Submits one action for the caller's seat.

    Args:
        id (UUID):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (ClaimSupporterAction | CopyPowerAction | DiscardFollowerAction | MusterAction |
            PassAction | RecruitAction | SwapFollowerAction | SwapSupporterAction): What a seat
            submits, one of the listed shapes picked by `type`; unknown fields are rejected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ClaimSupporterAction
    | CopyPowerAction
    | DiscardFollowerAction
    | MusterAction
    | PassAction
    | RecruitAction
    | SwapFollowerAction
    | SwapSupporterAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ActionResult | Problem | None:
    """Submits one action for the caller's seat.

     Submits one action for the caller's seat.

    Args:
        id (UUID):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (ClaimSupporterAction | CopyPowerAction | DiscardFollowerAction | MusterAction |
            PassAction | RecruitAction | SwapFollowerAction | SwapSupporterAction): What a seat
            submits, one of the listed shapes picked by `type`; unknown fields are rejected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    ).parsed
