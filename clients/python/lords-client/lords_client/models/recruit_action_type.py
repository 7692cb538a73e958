from enum import StrEnum


class RecruitActionType(StrEnum):
    RECRUIT = "recruit"

    def __str__(self) -> str:
        return str(self.value)
