from enum import StrEnum


class BotActedEventType(StrEnum):
    BOT_ACTED = "bot_acted"

    def __str__(self) -> str:
        return str(self.value)
