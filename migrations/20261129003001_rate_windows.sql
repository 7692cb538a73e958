-- Published rate limits (docs/api.md, "Rate limits"): one row per caller and budget, counting
-- what every server process together has leased of the current fixed 60-second window.
-- `caller` names an account (`account:<uuid>`), an opaque token (`token:<sha-256>`) or a client
-- address (`address:<ip>`); `policy` is the budget (`reads`, `actions`, `lobby-writes`).
-- `window_start` is the window's first second since the epoch (a multiple of 60); the leasing
-- upsert starts the row over when a later window comes, and a sweep deletes rows of windows
-- gone by. `granted` is what the last lease obtained (the upsert returns it). Placement on
-- Citus in src/store/distribute.rs (LAYOUT): distributed on `caller`, alone.
CREATE TABLE rate_windows (
    caller       text    NOT NULL,
    policy       text    NOT NULL,
    window_start bigint  NOT NULL,
    used         integer NOT NULL,
    granted      integer NOT NULL,
    CONSTRAINT rate_windows_pkey PRIMARY KEY (caller, policy)
);
