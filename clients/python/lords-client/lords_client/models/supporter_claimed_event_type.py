from enum import StrEnum


class SupporterClaimedEventType(StrEnum):
    SUPPORTER_CLAIMED = "supporter_claimed"

    def __str__(self) -> str:
        return str(self.value)
