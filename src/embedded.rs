//! The embedded PostgreSQL cluster used when no `DATABASE_URL` is given.
