from enum import StrEnum


class EditionId(StrEnum):
    STANDARD_V1 = "standard-v1"

    def __str__(self) -> str:
        return str(self.value)
