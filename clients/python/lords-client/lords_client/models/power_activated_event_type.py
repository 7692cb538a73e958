from enum import StrEnum


class PowerActivatedEventType(StrEnum):
    POWER_ACTIVATED = "power_activated"

    def __str__(self) -> str:
        return str(self.value)
