from enum import StrEnum


class Status(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    NOT_STARTED = "not_started"

    def __str__(self) -> str:
        return str(self.value)
