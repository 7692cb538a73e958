from enum import StrEnum


class SupporterSwappedEventType(StrEnum):
    SUPPORTER_SWAPPED = "supporter_swapped"

    def __str__(self) -> str:
        return str(self.value)
