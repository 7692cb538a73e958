from enum import StrEnum


class PassActionType(StrEnum):
    PASS = "pass"

    def __str__(self) -> str:
        return str(self.value)
