//! Every rule of Chinese checkers on hand-built positions.
use super::*;
