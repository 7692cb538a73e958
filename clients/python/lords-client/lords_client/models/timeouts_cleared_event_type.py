from enum import StrEnum


class TimeoutsClearedEventType(StrEnum):
    TIMEOUTS_CLEARED = "timeouts_cleared"

    def __str__(self) -> str:
        return str(self.value)
