from enum import StrEnum


class Timing(StrEnum):
    END_OF_SKIRMISH = "end_of_skirmish"
    IMMEDIATE = "immediate"

    def __str__(self) -> str:
        return str(self.value)
