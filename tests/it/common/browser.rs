//! Browser checks: a script under `web/tests/` run by Node against a test server, driving
//! Debian's Chromium through playwright-core. Needs Node (the pinned tools: `npm ci`, run here
//! when missing) and Chromium (`apt-get install chromium`; `.ci/run` installs it;
//! `LORDS_CHROMIUM` names another binary).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The repository: the scripts, `node_modules` and `target/screenshots/` are found from here.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where the scripts write their screenshots.
pub fn screenshots() -> PathBuf {
    root().join("target/screenshots")
}

/// `npm ci` once when `node_modules` lacks the pinned tools of these tests.
pub fn node_tools() {
    node_packages(&["typescript", "playwright-core", "axe-core"]);
}

/// `npm ci` (the versions pinned in `package-lock.json`) once when `node_modules` lacks any of
/// `packages`; every test that runs Node calls this first.
pub fn node_packages(packages: &[&str]) {
    static INSTALL: Mutex<()> = Mutex::new(());
    let _guard = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    let installed = packages.iter().all(|p| {
        root()
            .join("node_modules")
            .join(p)
            .join("package.json")
            .exists()
    });
    if !installed {
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
            .current_dir(root())
            .status()
            .expect("npm runs (Node and npm are needed for these tests)");
        assert!(status.success(), "npm ci failed");
    }
}

/// How many browser scripts run at once in the test process, whatever the number of test
/// threads.
static BROWSERS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// The Chromium the scripts drive.
pub fn chromium() -> PathBuf {
    let path = PathBuf::from(
        std::env::var("LORDS_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into()),
    );
    assert!(
        path.exists(),
        "{} is missing: `apt-get install chromium` (or set LORDS_CHROMIUM)",
        path.display()
    );
    path
}

/// Runs `web/tests/<script>` against the server at `address` and returns what it printed,
/// after asserting that it succeeded (`what` names the checks in the failure).
pub async fn run_script(script: &str, address: &str, what: &str) -> String {
    run_script_with(script, address, what, &[]).await
}

/// [`run_script`] with more environment variables for the script (what the test prepared).
pub async fn run_script_with(
    script: &str,
    address: &str,
    what: &str,
    env: &[(&str, &str)],
) -> String {
    node_tools();
    // A Chromium takes most of a core: past two at once on a small machine they thrash (the
    // suite runs more tests than cores, most of them waiting on the database, not computing).
    let _turn = BROWSERS
        .acquire()
        .await
        .expect("the browsers' semaphore is never closed");
    let output = tokio::process::Command::new("node")
        .arg(format!("web/tests/{script}"))
        .arg(address)
        .envs(env.iter().copied())
        .env("LORDS_CHROMIUM", chromium())
        .env("LORDS_SCREENSHOTS", screenshots())
        .current_dir(root())
        .kill_on_drop(true)
        .output()
        .await
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    println!("{stdout}");
    assert!(
        output.status.success(),
        "{what} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}
