from enum import StrEnum


class GameStatus(StrEnum):
    ABANDONED = "abandoned"
    ACTIVE = "active"
    FINISHED = "finished"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
