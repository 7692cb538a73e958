from enum import StrEnum


class MusterActionType(StrEnum):
    MUSTER = "muster"

    def __str__(self) -> str:
        return str(self.value)
