//! nim_duel and its judge, against its rules (`rules.rs`): a player from the game search
//! wins against every reply of the judge from the side the search picks, and loses some
//! game from the other; solve takes the search's side and wins against every reply from
//! every start of up to 3 heaps of up to 3 stones, and against random replies from large
//! starts; the samples; and the judge's wrong moves.

common::binary!(nim_duel, "main.rs");
mod rules;
common::tests!(
    judge = judge::judge,
    the_judge_lets_the_search_win_from_its_side_only,
    wins_against_every_reply_from_every_small_start,
    wins_against_random_replies_from_large_starts,
    a_wrong_move_of_the_judge_is_an_error
);

mod judge;

use combgames::io::{Reader, Result};
use combgames::write::Writer;
use common::judge::{every_game, game, Player, Replies};
use common::search::{heaps_win, HeapMemo, Play};
use lab::rules::{Heap, Moves};
use nim_duel::{MAX_HEAP, MAX_HEAPS, SIDES};
use std::io::{Read, Write};

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

/// Every start of up to 3 heaps of 1 to 3 stones: the k digits of a code in base 3, + 1.
fn small_starts() -> Vec<(Vec<u64>, String)> {
    let heaps = |k, code: u64| (0..k).map(move |i| code / 3u64.pow(i) % 3 + 1);
    let start = |heaps: Vec<u64>| {
        let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let start = format!("{}\n{}\n", heaps.len(), line.join(" "));
        (heaps, start)
    };
    (1..=MAX_HEAPS.min(3) as u32)
        .flat_map(|k| (0..3u64.pow(k)).map(move |code| heaps(k, code).collect()))
        .map(start)
        .collect()
}

/// A player from the rules' game search alone: it takes the side the search says wins (the
/// other if `wrong_side`), then moves to a position the search says is lost, or makes the
/// first move of the rules when none is.
fn search_player<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    wrong_side: bool,
) -> Result<()> {
    let k = rd.usize("k")?;
    let mut heaps = (0..k)
        .map(|_| rd.u64("a heap"))
        .collect::<Result<Vec<_>>>()?;
    let first = heaps_win(&rules::Rules, &heaps, &SEARCH) != wrong_side;
    writeln!(out, "{}", SIDES[usize::from(first)])?;
    if !first {
        out.flush()?;
        let i = rd.usize("i")?;
        heaps[i - 1] -= rd.u64("x")?;
    }
    let mut moves = Moves::default();
    loop {
        let mut chosen = None;
        for i in 0..k {
            moves.clear();
            rules::Rules.moves(heaps[i], &mut moves);
            for &left in moves.singles() {
                let mut after = heaps.clone();
                after[i] = left;
                if chosen.is_none() || !heaps_win(&rules::Rules, &after, &SEARCH) {
                    chosen = Some((i, left));
                }
            }
        }
        let (i, left) = match chosen {
            Some(chosen) => chosen,
            None => return Ok(()),
        };
        writeln!(out, "{} {}", i + 1, heaps[i] - left)?;
        out.flush()?;
        heaps[i] = left;
        match rd.usize("i")? {
            0 => return rd.u64("x").map(|_| ()),
            i => heaps[i - 1] -= rd.u64("x")?,
        }
    }
}

fn the_judge_lets_the_search_win_from_its_side_only() {
    let starts: Vec<String> = small_starts().into_iter().map(|(_, s)| s).collect();
    let right = |rd: &mut _, out: &mut _| search_player(rd, out, false);
    every_game(Player::Solve(&right), judge::judge, &starts).unwrap_or_else(|why| panic!("{why}"));
    let wrong = |rd: &mut _, out: &mut _| search_player(rd, out, true);
    for start in &starts {
        let lost = every_game(
            Player::Solve(&wrong),
            judge::judge,
            std::slice::from_ref(start),
        );
        assert!(lost.is_err(), "{start:?}: the wrong side won every game");
    }
}

fn wins_against_every_reply_from_every_small_start() {
    let mut starts = Vec::new();
    for (heaps, start) in small_starts() {
        // The side, before the judge's first move: the search's.
        let (output, _) = common::run_solve(nim_duel::solve, &start);
        let wins = heaps_win(&rules::Rules, &heaps, &SEARCH);
        assert_eq!(
            output.lines().next(),
            Some(SIDES[usize::from(wins)]),
            "{start:?}"
        );
        starts.push(start);
    }
    let solve = |rd: &mut _, out: &mut _| nim_duel::solve(rd, out);
    every_game(Player::Solve(&solve), judge::judge, &starts).unwrap_or_else(|why| panic!("{why}"));
}

fn wins_against_random_replies_from_large_starts() {
    let solve = |rd: &mut _, out: &mut _| nim_duel::solve(rd, out);
    for seed in 0..12 {
        let heaps = [
            MAX_HEAP,
            MAX_HEAP - 1,
            MAX_HEAP / 8 + 3,
            seed % MAX_HEAP + 1,
        ];
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
    let heap = format!("expected a heap in 1..={MAX_HEAP}");
    let k = format!("expected the number of heaps k in 1..={MAX_HEAPS}");
    for (input, error) in [
        // Whatever the moves before: a heap 0 must take 0 stones, and heap k + 1 is none.
        (
            "2\n1 2\n0 1\n",
            "line 3: expected 0 stones of heap 0 in 0..=0, found 1",
        ),
        (
            "2\n1 2\n3 1\n",
            "line 3: expected the judge's heap in 0..=2, found 3",
        ),
    ] {
        let (output, found) = common::run_solve(nim_duel::solve, input);
        assert_eq!(found.as_deref(), Some(error), "{input:?}");
        let wins = heaps_win(&rules::Rules, &[1, 2], &SEARCH);
        assert_eq!(
            output.lines().next(),
            Some(SIDES[usize::from(wins)]),
            "{input:?}"
        );
    }
    common::assert_errors(
        |input| common::run_solve(nim_duel::solve, input),
        &[
            (
                "2\n1 0\n".to_string(),
                "",
                format!("line 2: {heap}, found 0"),
            ),
            (
                format!("{}\n", MAX_HEAPS + 1),
                "",
                format!("line 1: {k}, found {}", MAX_HEAPS + 1),
            ),
        ],
    );
}
