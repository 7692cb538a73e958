from enum import StrEnum


class EmailChoice(StrEnum):
    DIGEST = "digest"
    IMMEDIATELY = "immediately"
    OFF = "off"

    def __str__(self) -> str:
        return str(self.value)
