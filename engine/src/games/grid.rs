//! Square names and board rows for the small games played on every point of a grid
//! (Konane on 8x8, Alquerque on 5x5): point `file + rank * width` is bit `file + rank *
//! width` of a set, a1 is bit 0, and a board is written as rows from the top rank down.
//!
//! A board string is the rows separated by `/`, from the last rank to the first, each
//! from file a onwards: `w` a White piece, `b` a Black piece, `.` an empty point, and a
//! digit a run of that many empty points (read only; rows are written with dots).

use crate::games::family::Colour;

/// The name of point `index` on a grid `width` points wide: `a1`, `d5`, ...
pub fn point_name(width: u32, index: u32) -> String {
    let file = (b'a' + (index % width) as u8) as char;
    format!("{file}{}", index / width + 1)
}

/// The point named `text` (`a1` to the grid's last file and rank), if it is one.
pub fn parse_point(width: u32, height: u32, text: &str) -> Option<u32> {
    let bytes = text.as_bytes();
    if bytes.len() < 2 || !bytes[0].is_ascii_lowercase() {
        return None;
    }
    let file = (bytes[0] - b'a') as u32;
    let rank: u32 = text[1..].parse().ok()?;
    if file >= width || rank == 0 || rank > height || text[1..].starts_with('0') {
        return None;
    }
    Some(file + (rank - 1) * width)
}

/// Writes the board of `pieces` (White, Black) as rows from the top, separated by `/`.
pub fn write_rows(width: u32, height: u32, pieces: [u64; 2]) -> String {
    let mut out = String::with_capacity(((width + 1) * height) as usize);
    for rank in (0..height).rev() {
        for file in 0..width {
            let bit = 1u64 << (file + rank * width);
            out.push(if pieces[0] & bit != 0 {
                'w'
            } else if pieces[1] & bit != 0 {
                'b'
            } else {
                '.'
            });
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads a board written by [`write_rows`] (digits for runs of empty points allowed).
///
/// # Errors
/// A row of the wrong length, the wrong number of rows, or an unknown character; the
/// message says which.
pub fn parse_rows(width: u32, height: u32, text: &str) -> Result<[u64; 2], String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != height as usize {
        return Err(format!(
            "{height} rows separated by '/', not {}",
            rows.len()
        ));
    }
    let mut pieces = [0u64; 2];
    for (row_index, row) in rows.iter().enumerate() {
        let rank = height - 1 - row_index as u32;
        let mut file = 0u32;
        for c in row.chars() {
            let (colour, run) = match c {
                'w' => (Some(Colour::White), 1),
                'b' => (Some(Colour::Black), 1),
                '.' => (None, 1),
                '1'..='9' => (None, c as u32 - '0' as u32),
                _ => {
                    return Err(format!(
                        "w, b, '.' or a digit in each row, not {c:?} (rank {})",
                        rank + 1
                    ))
                }
            };
            if file + run > width {
                return Err(format!(
                    "{width} points in each row, rank {} has more",
                    rank + 1
                ));
            }
            if let Some(colour) = colour {
                pieces[colour.index()] |= 1u64 << (file + rank * width);
            }
            file += run;
        }
        if file != width {
            return Err(format!(
                "{width} points in each row, but rank {} has {}",
                rank + 1,
                file
            ));
        }
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_rows_round_trip() {
        assert_eq!(point_name(8, 0), "a1");
        assert_eq!(point_name(5, 24), "e5");
        assert_eq!(parse_point(8, 8, "d5"), Some(35));
        assert_eq!(parse_point(5, 5, "f1"), None);
        assert_eq!(parse_point(5, 5, "a6"), None);
        assert_eq!(parse_point(5, 5, "a05"), None);
        let pieces = parse_rows(5, 5, "bbbbb/bbbbb/bb.ww/wwwww/wwwww").unwrap();
        assert_eq!(write_rows(5, 5, pieces), "bbbbb/bbbbb/bb.ww/wwwww/wwwww");
        assert_eq!(parse_rows(5, 5, "5/5/2w2/5/b4").unwrap(), {
            let mut p = [0u64; 2];
            p[0] = 1 << 12;
            p[1] = 1;
            p
        });
        assert!(parse_rows(5, 5, "5/5/5/5").is_err());
        assert!(parse_rows(5, 5, "6/5/5/5/5").is_err());
        assert!(parse_rows(5, 5, "4/5/5/5/5").is_err());
        assert!(parse_rows(5, 5, "x4/5/5/5/5").is_err());
    }
}
