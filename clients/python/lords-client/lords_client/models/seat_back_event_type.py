from enum import StrEnum


class SeatBackEventType(StrEnum):
    SEAT_BACK = "seat_back"

    def __str__(self) -> str:
        return str(self.value)
