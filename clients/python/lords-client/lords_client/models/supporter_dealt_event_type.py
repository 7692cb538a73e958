from enum import StrEnum


class SupporterDealtEventType(StrEnum):
    SUPPORTER_DEALT = "supporter_dealt"

    def __str__(self) -> str:
        return str(self.value)
