from enum import StrEnum


class DiscardFollowerActionType(StrEnum):
    DISCARD_FOLLOWER = "discard_follower"

    def __str__(self) -> str:
        return str(self.value)
