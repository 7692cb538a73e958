from enum import StrEnum


class SkirmishStartedEventType(StrEnum):
    SKIRMISH_STARTED = "skirmish_started"

    def __str__(self) -> str:
        return str(self.value)
