from enum import StrEnum


class SupportersDiscardedEventType(StrEnum):
    SUPPORTERS_DISCARDED = "supporters_discarded"

    def __str__(self) -> str:
        return str(self.value)
