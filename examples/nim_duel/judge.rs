//! The judge of nim_duel: it plays the other side, each move one `replies` picks.

use combgames::io::{describe, Reader, Result};
use combgames::write::Writer;
use common::judge::Replies;
use std::io::{Read, Write};

/// Plays nim_duel from `start` (k, then the heaps) against the player on `rd` and `out`:
/// `Ok` if the player wins.
pub fn judge<R: Read, W: Write>(
    start: &[u8],
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    replies: &mut Replies,
) -> Result<()> {
    let mut given = Reader::new(start);
    let k = given.usize("k")?;
    let mut heaps = (0..k)
        .map(|_| given.u64("a heap"))
        .collect::<Result<Vec<_>>>()?;
    out.write_all(start)?;
    out.flush()?;
    // The side, a line as written; each move, a line with nothing after it.
    let side = rd.line("First or Second")?.to_vec();
    let mut players_turn = match &side[..] {
        b"First" => true,
        b"Second" => false,
        _ => return Err(rd.error("First or Second", describe(&side))),
    };
    loop {
        out.flush()?;
        match (players_turn, heaps.iter().sum::<u64>()) {
            (true, 0) => return Err(rd.error("a winning player", "no move left".into())),
            (true, _) => {
                let i = rd.usize_in(1..=k, "a heap i")?;
                heaps[i - 1] -= rd.u64_in(1..=heaps[i - 1], "stones x of heap i")?;
                rd.expect_line_end()?;
            }
            (false, 0) => return Ok(out.write_all(b"0 0\n")?),
            (false, _) => {
                let nonempty: Vec<usize> = (0..k).filter(|&i| heaps[i] > 0).collect();
                let i = nonempty[replies.pick(nonempty.len() as u64) as usize];
                let x = 1 + replies.pick(heaps[i]);
                heaps[i] -= x;
                writeln!(out, "{} {x}", i + 1)?;
            }
        }
        players_turn = !players_turn;
    }
}
