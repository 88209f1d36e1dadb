//! nim_duel against its judge: every reply from every start of up to 3 heaps of up to 4
//! stones, random replies from large starts, the samples; and the judge's wrong moves.

common::binary!(nim_duel, "main.rs");
common::tests!(
    judge = judge::judge,
    wins_against_every_reply_from_every_small_start,
    wins_against_random_replies_from_large_starts,
    a_wrong_move_of_the_judge_is_an_error
);

mod judge;

use common::judge::{every_game, game, Player, Replies};

fn wins_against_every_reply_from_every_small_start() {
    // Every start of up to 3 heaps of 1 to 3 stones: the k digits of a code in base 3, + 1.
    let heaps = |k, code: u64| (0..k).map(move |i| (code / 3u64.pow(i) % 3 + 1).to_string());
    let start = |k, code| format!("{k}\n{}\n", heaps(k, code).collect::<Vec<_>>().join(" "));
    let starts: Vec<String> = (1..=3)
        .flat_map(|k| (0..3u64.pow(k)).map(move |c| start(k, c)))
        .collect();
    let solve = |rd: &mut _, out: &mut _| nim_duel::solve(rd, out);
    every_game(Player::Solve(&solve), judge::judge, &starts).unwrap_or_else(|why| panic!("{why}"));
}

fn wins_against_random_replies_from_large_starts() {
    let solve = |rd: &mut _, out: &mut _| nim_duel::solve(rd, out);
    for seed in 0..12 {
        let heaps = [1_000_000_000, 999_999_999, 123_456_789, seed];
        let heaps: Vec<String> = heaps[..=seed as usize % 4]
            .iter()
            .map(u64::to_string)
            .collect();
        let start = format!("{}\n{}\n", heaps.len(), heaps.join(" "));
        let mut replies = Replies::random(seed);
        let played = game(
            Player::Solve(&solve),
            judge::judge,
            start.as_bytes(),
            &mut replies,
        );
        played.unwrap_or_else(|why| panic!("{why}"));
    }
}

fn a_wrong_move_of_the_judge_is_an_error() {
    let run = |input: &str| common::run_solve(nim_duel::solve, input);
    let error = "line 3: expected the judge's stones in 1..=1, found 2";
    let expected = ("First\n2 1\n".into(), Some(error.into()));
    assert_eq!(run("2\n1 2\n1 2\n"), expected);
    let error = "line 3: expected 0 stones of heap 0 in 0..=0, found 1";
    assert_eq!(
        run("1\n1\n0 1\n"),
        ("First\n1 1\n".into(), Some(error.into()))
    );
}
