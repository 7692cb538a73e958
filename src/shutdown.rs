//! The shutdown signal: fired once when the server starts stopping, awaited by long polls,
//! streams and the background workers.

use tokio::sync::watch;

/// The receiving side of the shutdown signal (in [`AppState::shutdown`]).
#[derive(Clone, Debug)]
pub struct ShutdownSignal(watch::Receiver<bool>);

impl ShutdownSignal {
    /// A signal that fires when `trigger` is fired.
    pub fn new() -> (ShutdownSignal, watch::Sender<bool>) {
        let (tx, rx) = watch::channel(false);
        (ShutdownSignal(rx), tx)
    }

    pub fn is_shutting_down(&self) -> bool {
        *self.0.borrow()
    }

    /// Resolves once shutdown has begun. Use it in `tokio::select!` against a long poll.
    pub async fn wait(&self) {
        let mut rx = self.0.clone();
        // A dropped sender means the application is gone: treat as shut down.
        let _ = rx.wait_for(|down| *down).await;
    }
}
