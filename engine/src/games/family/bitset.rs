//! Sets of squares as machine words, the representation every draughts engine of the
//! family plays on: `u64` for boards up to 10x10 (and the 64 squares of the all-squares
//! games), `u128` for 12x12.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares: `u64` for boards up to 10x10, `u128` for 12x12.
pub trait BitSet:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Bits in the set type.
    const WIDTH: i32;
    /// The empty set.
    const EMPTY: Self;
    /// The set holding bit `index` alone (`index` below [`BitSet::WIDTH`]).
    fn bit(index: u32) -> Self;
    /// Shifted towards higher bits by `by` (towards lower bits when negative).
    fn shifted(self, by: i32) -> Self;
    /// How many bits are set.
    fn count(self) -> u32;
    /// The lowest set bit; the set must not be empty.
    fn lowest(self) -> u32;
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// From the low 128 bits of a mask.
    fn from_u128(mask: u128) -> Self;

    /// Whether bit `index` is set; `index` must be below [`BitSet::WIDTH`].
    #[inline]
    fn contains(self, index: u32) -> bool {
        !(self & Self::bit(index)).is_empty()
    }

    /// The `n`-th set bit, lowest first; the set must have more than `n` bits.
    #[inline]
    fn nth(self, n: u32) -> u32 {
        let mut rest = self;
        for _ in 0..n {
            rest = rest.without_lowest();
        }
        rest.lowest()
    }

    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;

    /// Bits 0 to 63, and bits 64 to 127 (zero for a 64-bit set).
    fn halves(self) -> (u64, u64);

    /// Whether bit `index` is set; any index outside the type is not.
    #[inline]
    fn has(self, index: i32) -> bool {
        (0..Self::WIDTH).contains(&index) && !(self & Self::bit(index as u32)).is_empty()
    }

    /// The set bits, lowest first.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

macro_rules! bit_set {
    ($t:ty, $width:expr) => {
        impl BitSet for $t {
            const WIDTH: i32 = $width;
            const EMPTY: Self = 0;
            #[inline]
            fn bit(index: u32) -> Self {
                1 << index
            }
            #[inline]
            fn shifted(self, by: i32) -> Self {
                if by >= 0 {
                    self << by
                } else {
                    self >> -by
                }
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn from_u128(mask: u128) -> Self {
                mask as $t
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn halves(self) -> (u64, u64) {
                (self as u64, (self >> 32 >> 32) as u64)
            }
        }
    };
}

bit_set!(u64, 64);
bit_set!(u128, 128);

/// Finding the `n`-th set bit with BMI2's PDEP, which deposits the single bit `1 << n` at
/// the place of the set's `n`-th set bit: three cycles where the walk of
/// [`BitSet::nth`] takes one step a bit and ends where no branch predictor guesses.
/// Random playouts pick their move this way on every ply.
#[cfg(target_arch = "x86_64")]
pub(crate) mod pdep {
    use super::BitSet;
    use std::sync::atomic::{AtomicU8, Ordering};

    /// [`BitSet::nth`] by PDEP.
    #[target_feature(enable = "bmi2")]
    #[inline]
    pub(crate) fn nth<B: BitSet>(bits: B, n: u32) -> u32 {
        use core::arch::x86_64::_pdep_u64;
        let (low, high) = bits.halves();
        if B::WIDTH == 64 {
            return _pdep_u64(1 << n, low).trailing_zeros();
        }
        let below = low.count_ones();
        if n < below {
            _pdep_u64(1 << n, low).trailing_zeros()
        } else {
            64 + _pdep_u64(1 << (n - below), high).trailing_zeros()
        }
    }

    /// Whether this machine has PDEP and runs it in hardware. AMD processors before
    /// Zen 3 (family 0x19) run it in microcode, tens of cycles for each set bit, which
    /// is slower than the walk; so do those of unknown make, to be safe.
    pub(crate) fn is_fast() -> bool {
        // 0: not asked yet, 1: no, 2: yes.
        static KNOWN: AtomicU8 = AtomicU8::new(0);
        match KNOWN.load(Ordering::Relaxed) {
            1 => false,
            2 => true,
            _ => {
                let fast = detect();
                KNOWN.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
                fast
            }
        }
    }

    fn detect() -> bool {
        use core::arch::x86_64::__cpuid;
        if !std::is_x86_feature_detected!("bmi2") {
            return false;
        }
        let vendor = __cpuid(0);
        let vendor = [vendor.ebx, vendor.edx, vendor.ecx];
        let words = |name: &[u8; 12]| {
            [0, 4, 8]
                .map(|at| u32::from_le_bytes([name[at], name[at + 1], name[at + 2], name[at + 3]]))
        };
        if vendor == words(b"GenuineIntel") {
            return true;
        }
        if vendor != words(b"AuthenticAMD") {
            return false;
        }
        let signature = __cpuid(1).eax;
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        family >= 0x19
    }
}

/// Iterates over the squares (bit indices) of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: BitSet> Iterator for Squares<B> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            return None;
        }
        let index = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(index)
    }
}
