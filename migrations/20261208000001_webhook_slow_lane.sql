-- The webhook slow lane: an endpoint's attempts that timed out in a row, counted by the
-- delivery worker as it records each attempt (0 again once one gets an answer in time). An
-- endpoint with `--webhook-slow-after` of them is served by the slow lane's few slots, so
-- endpoints that hold every request do not take the slots the others need. On Citus the
-- column follows the reference table.
ALTER TABLE webhook_endpoints ADD COLUMN timeouts_in_a_row integer NOT NULL DEFAULT 0;
