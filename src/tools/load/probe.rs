//! Figures read from Linux's `/proc`: a process's memory (VmHWM, VmRSS) and CPU time, and how
//! busy the whole machine was. Names the shared statistics only: the server is read from
//! outside, as any process. Missing files (another OS, a gone process) give `None`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::tools::stats::rounded;

/// Clock ticks per second of `/proc/<pid>/stat` (`getconf CLK_TCK`; 100 on Linux).
const TICKS_PER_S: f64 = 100.0;

#[derive(Debug, Clone, Serialize)]
pub struct ServerFigures {
    pub pid: u32,
    /// VmHWM at the end: the peak resident set over the process's life.
    pub peak_rss_mb: Option<f64>,
    /// The largest VmRSS seen by sampling every 250 ms during the run.
    pub sampled_max_rss_mb: Option<f64>,
    /// User + system CPU the server used during the measured window.
    pub cpu_s: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MachineFigures {
    pub cpus: usize,
    /// Share of all CPUs busy (not idle or waiting for I/O) during the measured window.
    pub busy_share: Option<f64>,
    pub loadavg_1m: Option<f64>,
}

/// A kB field of `/proc/<pid>/status` (`VmHWM`, `VmRSS`), in MB.
pub fn status_mb(pid: u32, field: &str) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(rounded(kb / 1024.0, 1))
}

/// User + system CPU seconds of a process (`self` for this one).
pub fn cpu_s(pid: &str) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces; the fields after it are plain.
    let after = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / TICKS_PER_S)
}

/// (busy, total) jiffies of all CPUs since boot.
pub fn machine_jiffies() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let line = text.lines().next()?.strip_prefix("cpu ")?;
    let v: Vec<u64> = line
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    let total: u64 = v.iter().take(8).sum();
    let idle = v.get(3)? + v.get(4)?;
    Some((total - idle, total))
}

pub fn loadavg_1m() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Samples a process's VmRSS until dropped; `max_mb` is the largest sample.
pub struct RssSampler {
    max_kb: Arc<AtomicU64>,
    task: tokio::task::JoinHandle<()>,
}

impl RssSampler {
    pub fn start(pid: u32) -> RssSampler {
        let max_kb = Arc::new(AtomicU64::new(0));
        let max = max_kb.clone();
        let task = tokio::spawn(async move {
            loop {
                if let Some(mb) = status_mb(pid, "VmRSS:") {
                    max.fetch_max((mb * 1024.0) as u64, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        });
        RssSampler { max_kb, task }
    }

    pub fn max_mb(&self) -> Option<f64> {
        let kb = self.max_kb.load(Ordering::Relaxed);
        (kb > 0).then(|| rounded(kb as f64 / 1024.0, 1))
    }
}

impl Drop for RssSampler {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_memory_and_cpu_figures() {
        let pid = std::process::id();
        assert!(status_mb(pid, "VmHWM:").is_some_and(|mb| mb > 0.0));
        assert!(cpu_s("self").is_some());
        let (busy, total) = machine_jiffies().unwrap();
        assert!(busy <= total);
    }
}
