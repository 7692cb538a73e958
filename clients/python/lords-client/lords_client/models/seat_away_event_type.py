from enum import StrEnum


class SeatAwayEventType(StrEnum):
    SEAT_AWAY = "seat_away"

    def __str__(self) -> str:
        return str(self.value)
