from enum import StrEnum


class WebhookAttemptResult(StrEnum):
    HTTP_STATUS = "http_status"
    NETWORK_ERROR = "network_error"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
