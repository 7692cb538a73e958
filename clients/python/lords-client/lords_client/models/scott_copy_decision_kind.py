from enum import StrEnum


class ScottCopyDecisionKind(StrEnum):
    SCOTT_COPY = "scott_copy"

    def __str__(self) -> str:
        return str(self.value)
