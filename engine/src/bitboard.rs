//! Small helpers for boards stored as bit sets, one bit per spot.

/// Iterates over the indices of the set bits of a `u64`, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn iterates_set_bits_in_order() {
        assert_eq!(Bits(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(Bits(0).count(), 0);
        assert_eq!(Bits(1 << 63).collect::<Vec<_>>(), vec![63]);
    }
}
