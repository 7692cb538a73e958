from enum import StrEnum


class SkirmishEndedEventType(StrEnum):
    SKIRMISH_ENDED = "skirmish_ended"

    def __str__(self) -> str:
        return str(self.value)
