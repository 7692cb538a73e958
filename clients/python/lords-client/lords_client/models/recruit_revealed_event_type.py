from enum import StrEnum


class RecruitRevealedEventType(StrEnum):
    RECRUIT_REVEALED = "recruit_revealed"

    def __str__(self) -> str:
        return str(self.value)
