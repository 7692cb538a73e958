from enum import StrEnum


class RecruitDealtEventType(StrEnum):
    RECRUIT_DEALT = "recruit_dealt"

    def __str__(self) -> str:
        return str(self.value)
