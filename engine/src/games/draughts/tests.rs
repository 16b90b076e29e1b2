//! Hand-built positions for each rule of the draughts family.
