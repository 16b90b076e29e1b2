//! The 121-hole star in cube coordinates: hole numbers, the six points, and the tables of
//! neighbours and rays that move generation reads, built once per board shape.
//!
//! Cube coordinates `(x, y, z)` with `x + y + z = 0`; a hole is on the star when
//! `(x ≥ −4 ∧ y ≥ −4 ∧ z ≥ −4) ∨ (x ≤ 4 ∧ y ≤ 4 ∧ z ≤ 4)`. Rows run along `z`, from
//! `z = −8` at the top to `z = 8` at the bottom, and each row from left to right by
//! increasing `x`. Holes are numbered 1 to 121 in that order (row lengths 1, 2, 3, 4, 13,
//! 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1); bit `n − 1` of a [`Holes`] set is hole `n`.

use std::fmt;
use std::sync::LazyLock;

/// A set of holes, one bit per hole of the star (bit `n − 1` is hole `n`).
pub type Holes = u128;

/// Holes on the full star.
pub const HOLES: usize = 121;
/// How many rows the star has.
pub const ROWS: usize = 17;
/// The longest ray from a hole to the edge of the star.
pub const MAX_RAY: usize = 16;
/// Marks "no hole" in the tables.
pub const NO_HOLE: u8 = u8::MAX;

/// The six directions, as cube coordinate steps, in turning order.
pub const DIRECTIONS: [(i8, i8, i8); 6] = [
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
    (0, -1, 1),
];

/// A hole's cube coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// The x coordinate.
    pub x: i8,
    /// The y coordinate.
    pub y: i8,
    /// The z coordinate: the row, −8 at the top.
    pub z: i8,
}

impl Cube {
    /// The coordinate along `axis` (0 = x, 1 = y, 2 = z).
    pub const fn axis(self, axis: usize) -> i8 {
        match axis {
            0 => self.x,
            1 => self.y,
            _ => self.z,
        }
    }
}

/// Whether `(x, y, z)` is a hole of the full star.
pub const fn on_star(x: i8, y: i8, z: i8) -> bool {
    x + y + z == 0 && ((x >= -4 && y >= -4 && z >= -4) || (x <= 4 && y <= 4 && z <= 4))
}

/// One of the six points of the star, in circular (clockwise) order from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// The top point (`z ≤ −5`), holes 1 to 10.
    ZMinus,
    /// The upper right point (`x ≥ 5`).
    XPlus,
    /// The lower right point (`y ≤ −5`).
    YMinus,
    /// The bottom point (`z ≥ 5`), holes 112 to 121.
    ZPlus,
    /// The lower left point (`x ≤ −5`).
    XMinus,
    /// The upper left point (`y ≥ 5`).
    YPlus,
}

impl Point {
    /// The six points in circular order.
    pub const ALL: [Point; 6] = [
        Point::ZMinus,
        Point::XPlus,
        Point::YMinus,
        Point::ZPlus,
        Point::XMinus,
        Point::YPlus,
    ];

    /// The point across the star.
    pub const fn opposite(self) -> Point {
        Point::ALL[(self as usize + 3) % 6]
    }

    /// The axis (0 = x, 1 = y, 2 = z) and sign that point outwards to this point.
    pub const fn axis_and_sign(self) -> (usize, i8) {
        match self {
            Point::ZMinus => (2, -1),
            Point::XPlus => (0, 1),
            Point::YMinus => (1, -1),
            Point::ZPlus => (2, 1),
            Point::XMinus => (0, -1),
            Point::YPlus => (1, 1),
        }
    }

    /// How far `cube` is, in rows, from this point's tip: 0 at the tip, 16 at the
    /// opposite tip.
    pub const fn rows_from_tip(self, cube: Cube) -> u8 {
        let (axis, sign) = self.axis_and_sign();
        (8 - sign * cube.axis(axis)) as u8
    }

    /// Whether `cube` lies in this point's triangle with `side` holes a side: 4 for the
    /// 10-hole point, 5 for the 15-hole camp that adds the next row of the hexagon.
    pub const fn contains(self, cube: Cube, side: i8) -> bool {
        let (axis, sign) = self.axis_and_sign();
        let mut other = 0;
        while other < 3 {
            if other != axis && sign * cube.axis(other) < -4 {
                return false;
            }
            other += 1;
        }
        sign * cube.axis(axis) >= 9 - side
    }
}

/// The shape of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardShape {
    /// The full 121-hole star.
    Star,
    /// The 81-hole diamond (rule R3): the hexagon and the top and bottom points only.
    Diamond,
}

impl BoardShape {
    /// The name the options use.
    pub const fn name(self) -> &'static str {
        match self {
            BoardShape::Star => "star",
            BoardShape::Diamond => "diamond",
        }
    }

    /// Whether the hole at `cube` is on this board.
    const fn has(self, cube: Cube) -> bool {
        match self {
            BoardShape::Star => true,
            BoardShape::Diamond => cube.x.abs() <= 4 && cube.y.abs() <= 4,
        }
    }
}

/// The holes met walking from a hole in one direction, nearest first, up to the edge.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// How many holes the ray has.
    pub len: u8,
    /// The holes (0-based), nearest first; the first `len` are valid.
    pub holes: [u8; MAX_RAY],
}

/// The tables of one board shape.
pub struct Geometry {
    /// The board's shape.
    pub shape: BoardShape,
    /// The holes on the board.
    pub board: Holes,
    /// Each hole's coordinates (0-based hole index).
    pub cube: [Cube; HOLES],
    /// The holes next to each hole, on this board.
    pub adjacent: [Holes; HOLES],
    /// The hole next to each hole in each direction, or [`NO_HOLE`].
    pub neighbour: [[u8; 6]; HOLES],
    /// The hole two away in each direction (where a hop lands), or [`NO_HOLE`].
    pub hop_landing: [[u8; 6]; HOLES],
    /// The ray from each hole in each direction, for equidistant jumps.
    pub rays: [[Ray; 6]; HOLES],
    /// The first hole (0-based) of each row, and one past the last row.
    pub row_start: [u8; ROWS + 1],
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({})", self.shape.name())
    }
}

/// Every hole of the full star in numbering order.
fn star_holes() -> Vec<Cube> {
    let mut holes = Vec::with_capacity(HOLES);
    for z in -8..=8i8 {
        for x in -8..=8i8 {
            let y = -x - z;
            if on_star(x, y, z) {
                holes.push(Cube { x, y, z });
            }
        }
    }
    holes
}

impl Geometry {
    fn build(shape: BoardShape) -> Geometry {
        let cubes = star_holes();
        assert_eq!(cubes.len(), HOLES);
        let index = |x: i8, y: i8, z: i8| -> Option<u8> {
            cubes
                .iter()
                .position(|c| *c == Cube { x, y, z })
                .filter(|&i| shape.has(cubes[i]))
                .map(|i| i as u8)
        };
        let empty_ray = Ray {
            len: 0,
            holes: [NO_HOLE; MAX_RAY],
        };
        let mut geometry = Geometry {
            shape,
            board: 0,
            cube: [Cube { x: 0, y: 0, z: 0 }; HOLES],
            adjacent: [0; HOLES],
            neighbour: [[NO_HOLE; 6]; HOLES],
            hop_landing: [[NO_HOLE; 6]; HOLES],
            rays: [[empty_ray; 6]; HOLES],
            row_start: [0; ROWS + 1],
        };
        let mut row = 0;
        for (hole, &cube) in cubes.iter().enumerate() {
            geometry.cube[hole] = cube;
            while (cube.z + 8) as usize >= row {
                geometry.row_start[row] = hole as u8;
                row += 1;
            }
            if !shape.has(cube) {
                continue;
            }
            geometry.board |= 1 << hole;
            for (d, &(dx, dy, dz)) in DIRECTIONS.iter().enumerate() {
                let ray = &mut geometry.rays[hole][d];
                let (mut x, mut y, mut z) = (cube.x, cube.y, cube.z);
                loop {
                    x += dx;
                    y += dy;
                    z += dz;
                    match index(x, y, z) {
                        Some(next) => {
                            ray.holes[ray.len as usize] = next;
                            ray.len += 1;
                        }
                        None => break,
                    }
                }
                if ray.len >= 1 {
                    geometry.neighbour[hole][d] = ray.holes[0];
                    geometry.adjacent[hole] |= 1 << ray.holes[0];
                }
                if ray.len >= 2 {
                    geometry.hop_landing[hole][d] = ray.holes[1];
                }
            }
        }
        geometry.row_start[ROWS] = HOLES as u8;
        geometry
    }

    /// The tables of `shape`, built on first use.
    pub fn of(shape: BoardShape) -> &'static Geometry {
        static STAR: LazyLock<Geometry> = LazyLock::new(|| Geometry::build(BoardShape::Star));
        static DIAMOND: LazyLock<Geometry> = LazyLock::new(|| Geometry::build(BoardShape::Diamond));
        match shape {
            BoardShape::Star => &STAR,
            BoardShape::Diamond => &DIAMOND,
        }
    }

    /// The holes of `point`'s triangle with `side` holes a side (4 or 5), on this board.
    pub fn triangle(&self, point: Point, side: i8) -> Holes {
        (0..HOLES)
            .filter(|&hole| point.contains(self.cube[hole], side))
            .fold(0, |set, hole| set | 1 << hole)
            & self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_has_the_printed_rows() {
        let star = Geometry::of(BoardShape::Star);
        let lengths: Vec<u8> = star.row_start.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(
            lengths,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
        assert_eq!(star.board.count_ones(), 121);
        assert_eq!(Geometry::of(BoardShape::Diamond).board.count_ones(), 81);
    }

    #[test]
    fn points_have_ten_holes_and_camps_fifteen() {
        let star = Geometry::of(BoardShape::Star);
        for point in Point::ALL {
            assert_eq!(star.triangle(point, 4).count_ones(), 10, "{point:?}");
            assert_eq!(star.triangle(point, 5).count_ones(), 15, "{point:?}");
            assert_eq!(
                star.triangle(point, 4) & star.triangle(point.opposite(), 5),
                0
            );
        }
        assert_eq!(star.triangle(Point::ZMinus, 4), (1 << 10) - 1);
        assert_eq!(star.triangle(Point::ZPlus, 4), ((1 << 10) - 1) << 111);
    }

    #[test]
    fn neighbours_are_symmetric() {
        for shape in [BoardShape::Star, BoardShape::Diamond] {
            let g = Geometry::of(shape);
            for hole in 0..HOLES {
                for d in 0..6 {
                    let n = g.neighbour[hole][d];
                    if n != NO_HOLE {
                        assert_eq!(g.neighbour[n as usize][(d + 3) % 6], hole as u8);
                    }
                }
            }
        }
    }
}
