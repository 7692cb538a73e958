from enum import StrEnum


class CopyPowerActionType(StrEnum):
    COPY_POWER = "copy_power"

    def __str__(self) -> str:
        return str(self.value)
