from enum import StrEnum


class DeclineReason(StrEnum):
    CASUAL = "casual"
    GENERIC = "generic"
    LATER = "later"
    NOT_BOTS = "not_bots"
    RATED = "rated"
    TOO_FAST = "too_fast"
    TOO_SLOW = "too_slow"

    def __str__(self) -> str:
        return str(self.value)
