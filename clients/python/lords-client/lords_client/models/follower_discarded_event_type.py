from enum import StrEnum


class FollowerDiscardedEventType(StrEnum):
    FOLLOWER_DISCARDED = "follower_discarded"

    def __str__(self) -> str:
        return str(self.value)
