from enum import StrEnum


class FollowersRevealedEventType(StrEnum):
    FOLLOWERS_REVEALED = "followers_revealed"

    def __str__(self) -> str:
        return str(self.value)
