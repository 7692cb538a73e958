from enum import StrEnum


class ArchiveStatus(StrEnum):
    FINISHED = "finished"

    def __str__(self) -> str:
        return str(self.value)
