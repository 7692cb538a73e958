from enum import StrEnum


class Scope(StrEnum):
    ACCOUNTREAD = "account:read"
    BOTPLAY = "bot:play"
    GAMEPLAY = "game:play"
    GAMEREAD = "game:read"
    LOBBYWRITE = "lobby:write"
    NOTIFICATIONSWRITE = "notifications:write"

    def __str__(self) -> str:
        return str(self.value)
