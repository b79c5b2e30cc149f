//! Serial codes over HTTP: listing, search, guarded edits, reveal, and stock counters.

mod edit;
mod list;
mod reveal;
