//! Move text written without the formatting machinery. Every game record writes every
//! move, so a move's notation is made as often as the move is played, and `write!` with
//! its padding logic costs more than a Leapfrog move itself. A game writes its moves'
//! numbers and separators to a [`MoveTextSink`]: straight into a `String` (a record's
//! moves, [`crate::Game::push_move_text`]) or, for `Display`, gathered on the stack by
//! [`Buffered`] and handed to the formatter in one call.

use std::fmt;

/// Where a move's text goes.
pub trait MoveTextSink {
    /// Adds one ASCII byte (a separator such as `-` or `x`).
    fn separator(&mut self, byte: u8);
    /// Adds `n` in decimal.
    fn number(&mut self, n: u32);
}

/// The decimal digits of `n`, at the end of `digits`.
#[inline]
fn decimal(n: u32, digits: &mut [u8; 10]) -> &[u8] {
    // Squares and spots are below 100: one or two digits, without a loop.
    if n < 10 {
        digits[9] = b'0' + n as u8;
        return &digits[9..];
    }
    if n < 100 {
        digits[8] = b'0' + (n / 10) as u8;
        digits[9] = b'0' + (n % 10) as u8;
        return &digits[8..];
    }
    let mut start = digits.len();
    let mut rest = n;
    while rest > 0 {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    &digits[start..]
}

impl MoveTextSink for String {
    #[inline]
    fn separator(&mut self, byte: u8) {
        debug_assert!(byte.is_ascii());
        self.push(char::from(byte));
    }

    #[inline]
    fn number(&mut self, n: u32) {
        // Squares and spots are below 100: their digits come from a table, without
        // arithmetic or a loop (a record writes two or more numbers a move).
        if let Some(&[tens, units]) = DIGIT_PAIRS.get(n as usize) {
            if n >= 10 {
                self.push(char::from(tens));
            }
            self.push(char::from(units));
            return;
        }
        let mut digits = [0u8; 10];
        for &digit in decimal(n, &mut digits) {
            self.push(char::from(digit));
        }
    }
}

/// The two decimal digits of each number below 100, `00` to `99`.
static DIGIT_PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0u8; 2]; 100];
    let mut n = 0;
    while n < 100 {
        pairs[n] = [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8];
        n += 1;
    }
    pairs
};

/// Bytes gathered before they are handed on.
const CAPACITY: usize = 32;

/// A move's text gathered on the stack and handed to a writer (a formatter) in pieces of
/// at most 32 bytes: one piece for any move but a long capture.
pub struct Buffered<'a, W: fmt::Write + ?Sized> {
    out: &'a mut W,
    bytes: [u8; CAPACITY],
    len: usize,
    /// The first failure of the writer.
    written: fmt::Result,
}

impl<'a, W: fmt::Write + ?Sized> Buffered<'a, W> {
    /// Text for `out`.
    pub fn new(out: &'a mut W) -> Buffered<'a, W> {
        Buffered {
            out,
            bytes: [0; CAPACITY],
            len: 0,
            written: Ok(()),
        }
    }

    /// Hands on what is gathered.
    ///
    /// # Errors
    /// The writer failed, now or before.
    pub fn finish(mut self) -> fmt::Result {
        self.flush();
        self.written
    }

    fn make_room(&mut self, bytes: usize) {
        if self.len + bytes > CAPACITY {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.written.is_ok() {
            // Only ASCII digits and separators are ever gathered.
            self.written = match std::str::from_utf8(&self.bytes[..self.len]) {
                Ok(text) => self.out.write_str(text),
                Err(_) => Err(fmt::Error),
            };
        }
        self.len = 0;
    }
}

impl<W: fmt::Write + ?Sized> MoveTextSink for Buffered<'_, W> {
    fn separator(&mut self, byte: u8) {
        debug_assert!(byte.is_ascii());
        self.make_room(1);
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    fn number(&mut self, n: u32) {
        let mut digits = [0u8; 10];
        let digits = decimal(n, &mut digits);
        self.make_room(digits.len());
        self.bytes[self.len..self.len + digits.len()].copy_from_slice(digits);
        self.len += digits.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text written both ways, checked to agree.
    fn text(write: impl Fn(&mut dyn MoveTextSink)) -> String {
        let mut direct = String::new();
        write(&mut direct);
        let mut formatted = String::new();
        let mut buffered = Buffered::new(&mut formatted);
        write(&mut buffered);
        buffered.finish().unwrap();
        assert_eq!(direct, formatted);
        direct
    }

    #[test]
    fn numbers_and_separators_read_as_format_writes_them() {
        for n in [0, 1, 9, 10, 19, 99, 100, 101, 999, 1000, 4_294_967_295] {
            assert_eq!(text(|t| t.number(n)), n.to_string());
        }
        let move_text = text(|t| {
            t.number(11);
            t.separator(b'-');
            t.number(15);
        });
        assert_eq!(move_text, "11-15");
    }

    #[test]
    fn long_text_is_handed_on_in_pieces() {
        let expected: Vec<String> = (1..=40).map(|n| n.to_string()).collect();
        let written = text(|t| {
            t.number(1);
            for n in 2..=40 {
                t.separator(b'x');
                t.number(n);
            }
        });
        assert_eq!(written, expected.join("x"));
    }
}
