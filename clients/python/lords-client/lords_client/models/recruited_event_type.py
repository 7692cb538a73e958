from enum import StrEnum


class RecruitedEventType(StrEnum):
    RECRUITED = "recruited"

    def __str__(self) -> str:
        return str(self.value)
