from enum import StrEnum


class FollowersSwappedEventType(StrEnum):
    FOLLOWERS_SWAPPED = "followers_swapped"

    def __str__(self) -> str:
        return str(self.value)
