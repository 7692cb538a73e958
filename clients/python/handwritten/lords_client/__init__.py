"""A client for Lords of Scotland Online: the generated API (`lords_client.api`, `lords_client.models`)
and, hand-written over it, `Session` for bots and scripts."""

from .client import AuthenticatedClient, Client
from .session import Action, ApiError, Decision, RetryAfter, Session, State, Turn

__all__ = (
    "Action",
    "ApiError",
    "AuthenticatedClient",
    "Client",
    "Decision",
    "RetryAfter",
    "Session",
    "State",
    "Turn",
)
