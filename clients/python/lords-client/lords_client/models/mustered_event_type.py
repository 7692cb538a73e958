from enum import StrEnum


class MusteredEventType(StrEnum):
    MUSTERED = "mustered"

    def __str__(self) -> str:
        return str(self.value)
