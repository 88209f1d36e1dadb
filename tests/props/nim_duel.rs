//! nim_duel against its judge: every reply from every start of up to 3 heaps of up to 4
//! stones, and random replies from large starts.

#[allow(dead_code)]
#[path = "../../src/bin/nim_duel.rs"]
mod nim_duel;

use crate::common::judge::{every_game, game, Player, Replies};
use crate::common::{self, judged::nim_duel::judge};

/// What the judge sends first: k, then the heaps.
fn start(heaps: &[u64]) -> String {
    let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
    format!("{}\n{}\n", heaps.len(), heaps.join(" "))
}

#[test]
fn wins_against_every_reply_from_every_small_start() {
    let codes = (1..=3).flat_map(|k| (0..4u64.pow(k)).map(move |code| (k, code)));
    let heaps = |(k, code)| {
        (0..k)
            .map(|i| code / 4u64.pow(i) % 4 + 1)
            .collect::<Vec<_>>()
    };
    let starts: Vec<String> = codes.map(|c| start(&heaps(c))).collect();
    let solve = |rd: &mut _, out: &mut _| nim_duel::solve(rd, out);
    every_game(Player::Solve(&solve), judge, &starts).unwrap_or_else(|why| panic!("{why}"));
}

#[test]
fn wins_against_random_replies_from_large_starts() {
    let solve = |rd: &mut _, out: &mut _| nim_duel::solve(rd, out);
    for seed in 0..12 {
        let heaps: Vec<u64> = (0..seed % 5 + 1)
            .map(|i| 1_000_000_000 - i * seed)
            .collect();
        let start = start(&heaps);
        let played = game(
            Player::Solve(&solve),
            judge,
            start.as_bytes(),
            &mut Replies::random(seed),
        );
        played.unwrap_or_else(|why| panic!("{why}"));
    }
}

#[test]
fn a_wrong_move_of_the_judge_is_an_error() {
    #[allow(clippy::redundant_closure)] // `solve` must take readers of any lifetime
    let run = |input: &str| common::run_solve(|rd, out| nim_duel::solve(rd, out), input);
    let error = "line 3: expected the judge's stones in 1..=1, found 2";
    assert_eq!(
        run("2\n1 2\n1 2\n"),
        ("First\n2 1\n".into(), Some(error.into()))
    );
}
