from enum import StrEnum


class RecruitState(StrEnum):
    EMPTY = "empty"
    FACE_DOWN = "face_down"
    FACE_UP = "face_up"

    def __str__(self) -> str:
        return str(self.value)
