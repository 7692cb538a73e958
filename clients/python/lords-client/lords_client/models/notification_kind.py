from enum import StrEnum


class NotificationKind(StrEnum):
    CHAT = "chat"
    GAME_ENDED = "game_ended"
    GAME_STARTED = "game_started"
    INVITED = "invited"
    REMINDER = "reminder"
    TIMED_OUT = "timed_out"
    VACATION = "vacation"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
