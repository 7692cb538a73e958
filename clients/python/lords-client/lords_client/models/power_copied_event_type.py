from enum import StrEnum


class PowerCopiedEventType(StrEnum):
    POWER_COPIED = "power_copied"

    def __str__(self) -> str:
        return str(self.value)
