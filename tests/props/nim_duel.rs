//! nim_duel against its judge: every reply from every start of up to 3 heaps of up to 4
//! stones. (`judge.rs` plays it against random replies from large starts too.)

#[allow(dead_code)]
#[path = "../../src/bin/nim_duel.rs"]
mod nim_duel;

use crate::common::judge::{every_game, Player};
use crate::common::judged::nim_duel::judge;

#[test]
fn wins_against_every_reply_from_every_small_start() {
    // Every start of up to 3 heaps of 1 to 4 stones: the k digits of a code in base 4, + 1.
    let heaps = |k, code: u64| (0..k).map(move |i| (code / 4u64.pow(i) % 4 + 1).to_string());
    let start = |k, code| format!("{k}\n{}\n", heaps(k, code).collect::<Vec<_>>().join(" "));
    let starts: Vec<String> = (1..=3)
        .flat_map(|k| (0..4u64.pow(k)).map(move |c| start(k, c)))
        .collect();
    let solve = |rd: &mut _, out: &mut _| nim_duel::solve(rd, out);
    every_game(Player::Solve(&solve), judge, &starts).unwrap_or_else(|why| panic!("{why}"));
}
