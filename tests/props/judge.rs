//! The judge harness (`common::judge`), with the judge of the example nim_duel: every reply
//! explores each game of the tree once, a planted mistake deep in the tree fails with the
//! transcript to it, a player that fails, panics, does not flush, plays an illegal move or
//! stops early fails rather than hangs; a bundle that plays otherwise than the binary, a
//! player whose side is not the sample's `.out`, and a checked sample whose `.out` its
//! checker rejects, fail `common::judged`'s checks.

crate::binary!(nim_duel_judge, "../../examples/nim_duel/judge.rs");

use crate::common::bundling::{bundle_of, compile, manifest_dir, TempDir};
use crate::common::judge::{every_game, game, PipeIn, PipeOut, Player, Replies};
use crate::common::judged::{judge_sample, plays_as, Judged};
use crate::common::samples::{find_samples, Program};
use combgames::io::{Reader, Result};
use combgames::nim;
use combgames::write::Writer;
use nim_duel_judge::judge;
use std::io::{Read, Write};

/// nim_duel's play, from the rules and `nim::winning_moves`, except that it makes `blunder`
/// (a heap from 0 and the stones it takes) when the heaps are `at`.
fn play_with_blunder<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    (at, blunder): (&[u64], (usize, u64)),
) -> Result<()> {
    let k = rd.usize("k")?;
    let mut heaps = (0..k)
        .map(|_| rd.u64("a heap"))
        .collect::<Result<Vec<_>>>()?;
    let first = !nim::winning_moves(&heaps).is_empty();
    out.write_all(if first { b"First\n" } else { b"Second\n" })?;
    out.flush()?;
    let mut my_turn = first;
    loop {
        if my_turn {
            let (i, x) = match nim::winning_moves(&heaps).first() {
                _ if heaps == at => blunder,
                Some(&(i, left)) => (i, heaps[i] - left),
                // Lost: one stone of the first heap, or nothing left to say.
                None => match heaps.iter().position(|&h| h > 0) {
                    Some(i) => (i, 1),
                    None => return Ok(()),
                },
            };
            heaps[i] -= x;
            writeln!(out, "{} {x}", i + 1)?;
            out.flush()?;
        } else {
            let (i, x) = (rd.usize("i")?, rd.u64("x")?);
            if i == 0 {
                return Ok(());
            }
            heaps[i - 1] -= x;
        }
        my_turn = !my_turn;
    }
}

/// The heaps after each move of a transcript from `start`, with who made the move (`>` the
/// judge, `<` the player) and the move.
fn positions(start: &[u64], transcript: &str) -> Vec<(Vec<u64>, String)> {
    let mut heaps = start.to_vec();
    let moves = transcript.lines().filter_map(|line| {
        let (side, text) = (line.get(..1)?, line.get(2..)?);
        let (i, x) = text.split_once(' ')?;
        Some((
            side.to_string(),
            i.parse::<usize>().ok()?,
            x.parse::<u64>().ok()?,
            text,
        ))
    });
    let mut seen = Vec::new();
    // The start's two lines are no moves: `k` alone, then the heaps (more than two numbers,
    // or two that are not a move when k is 2: skipped as the first line of that side).
    for (side, i, x, text) in moves.skip(usize::from(start.len() == 2)) {
        seen.push((heaps.clone(), format!("{side} {text}")));
        if (1..=heaps.len()).contains(&i) && x <= heaps[i - 1] {
            heaps[i - 1] -= x;
        }
    }
    seen.push((heaps, String::new()));
    seen
}

#[test]
fn a_mistake_deep_in_the_tree_fails_with_the_transcript_to_it() {
    // From 3 4 5 the player takes heap 1 to 1; after the judge's 2 2 and the player's 3 2,
    // the judge's 3 1 leaves 1 2 2, where the player should empty heap 1 but takes a stone
    // of heap 2: the judge can then win. Its third move, after two of the judge's.
    let (start, at, blunder) = ([3, 4, 5], [1, 2, 2], (1, 1));
    let blundering = |rd: &mut _, out: &mut _| play_with_blunder(rd, out, (&at, blunder));
    let starts = ["3\n3 4 5\n".to_string()];
    let why = every_game(Player::Solve(&blundering), judge, &starts).unwrap_err();
    assert!(
        why.contains("expected a winning player, found no move left"),
        "{why}"
    );
    assert!(
        !why.contains("\nthe player"),
        "the player ends without a fault: {why}"
    );
    let transcript = why.split("transcript").nth(1).expect("a transcript");
    let seen = positions(&start, transcript);
    let blundered = seen
        .iter()
        .position(|(heaps, made)| heaps == &at && made == "< 2 1");
    let blundered = blundered.unwrap_or_else(|| panic!("no blunder in {why}"));
    assert!(
        blundered >= 4,
        "the blunder is the player's third move: {why}"
    );
    let (end, _) = seen.last().unwrap();
    assert!(end.iter().all(|&h| h == 0), "the game ends there: {why}");
    // Without the mistake, every game is won.
    let never = |rd: &mut _, out: &mut _| play_with_blunder(rd, out, (&[], (0, 1)));
    every_game(Player::Solve(&never), judge, &starts).unwrap();
}

/// The number of games the judge can make the player play from `heaps`, the player to move
/// if `players_turn`, by plain recursion: every move of the judge's, the player's first
/// winning move (or one stone of the first heap).
fn games_from(heaps: &mut Vec<u64>, players_turn: bool) -> usize {
    if heaps.iter().all(|&h| h == 0) {
        return 1;
    }
    if players_turn {
        let (i, x) = match nim::winning_moves(heaps).first() {
            Some(&(i, left)) => (i, heaps[i] - left),
            None => (heaps.iter().position(|&h| h > 0).unwrap(), 1),
        };
        heaps[i] -= x;
        let games = games_from(heaps, false);
        heaps[i] += x;
        return games;
    }
    let mut games = 0;
    for i in 0..heaps.len() {
        for x in 1..=heaps[i] {
            heaps[i] -= x;
            games += games_from(heaps, true);
            heaps[i] += x;
        }
    }
    games
}

#[test]
fn every_reply_plays_each_game_of_the_tree_once() {
    let never = |rd: &mut _, out: &mut _| play_with_blunder(rd, out, (&[], (0, 1)));
    for heaps in [
        vec![1],
        vec![3],
        vec![2, 2],
        vec![1, 2, 3],
        vec![2, 3, 3],
        vec![4, 1, 2],
    ] {
        let shown: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let start = format!("{}\n{}\n", heaps.len(), shown.join(" "));
        let players_turn = !nim::winning_moves(&heaps).is_empty();
        let expected = games_from(&mut heaps.clone(), players_turn);
        let played = every_game(Player::Solve(&never), judge, &[start]).unwrap();
        assert_eq!(played, expected, "{heaps:?}");
    }
}

/// Why a game of `player` from 3 heaps 1 2 4 fails.
fn failure(player: Player) -> String {
    game(player, judge, b"3\n1 2 4\n", &mut Replies::random(7)).unwrap_err()
}

#[test]
fn a_player_that_does_not_flush_fails_rather_than_hangs() {
    let silent = |rd: &mut Reader<_>, out: &mut Writer<_>| {
        rd.u64s_in::<4>(0..=9, "the start")?;
        out.write_all(b"First\n3 3\n")?;
        rd.u64s_in::<2>(0..=9, "the judge's move").map(|_| ())
    };
    let why = failure(Player::Solve(&silent));
    assert!(why.contains("both sides wait to read"), "{why}");
    assert!(why.ends_with("> 3\n> 1 2 4"), "{why}");
}

/// A player that reads the start of `failure`'s game, says `words` and stops.
fn saying(
    words: &'static [u8],
) -> impl Fn(&mut Reader<PipeIn>, &mut Writer<PipeOut>) -> Result<()> + Sync {
    move |rd, out| {
        rd.u64s_in::<4>(0..=9, "the start")?;
        out.write_all(words)?;
        Ok(out.flush()?)
    }
}

#[test]
fn illegal_moves_bad_sides_failures_and_panics_fail_with_the_transcript() {
    let greedy = saying(b"First\n3 5\n");
    let why = failure(Player::Solve(&greedy));
    assert!(
        why.contains("expected stones x of heap i in 1..=4, found 5"),
        "{why}"
    );
    assert!(why.ends_with("> 3\n> 1 2 4\n< First\n< 3 5"), "{why}");
    let unsure = saying(b"Third\n");
    let why = failure(Player::Solve(&unsure));
    assert!(
        why.contains("expected First or Second, found \"Third\""),
        "{why}"
    );
    let failing = |rd: &mut Reader<_>, _: &mut Writer<_>| rd.u64_in(4..=9, "k").map(|_| ());
    let why = failure(Player::Solve(&failing));
    assert!(
        why.contains("the player failed: line 1: expected k in 4..=9, found 3"),
        "{why}"
    );
    let panicking = |_: &mut Reader<_>, _: &mut Writer<_>| -> Result<()> { panic!("no idea") };
    let why = failure(Player::Solve(&panicking));
    assert!(why.contains("the player panicked: no idea"), "{why}");
}

#[test]
fn a_program_plays_as_a_process_as_it_would_in_a_thread() {
    // The binary plays as `play_with_blunder` without a blunder does.
    let exe = &Program::example("nim_duel").built().unwrap();
    let solve = |rd: &mut _, out: &mut _| play_with_blunder(rd, out, (&[], (0, 1)));
    for seed in 0..4 {
        let start = b"4\n10 20 30 999999999\n";
        let by_solve = game(
            Player::Solve(&solve),
            judge,
            start,
            &mut Replies::random(seed),
        );
        let by_binary = game(
            Player::Program(exe),
            judge,
            start,
            &mut Replies::random(seed),
        );
        assert_eq!(by_binary, by_solve);
        assert!(by_solve.unwrap().ends_with("> 0 0"));
    }
}

#[test]
fn a_bundle_that_plays_otherwise_than_the_binary_fails() {
    let temp = TempDir::new("plays-otherwise");
    let bundled = bundle_of(&manifest_dir(), "examples/nim_duel")
        .unwrap()
        .text;
    // The last winning move where there are several: right too, but not the binary's.
    let other = bundled.replace("moves.first()", "moves.last()");
    assert_ne!(other, bundled);
    let exe = compile(&temp.0, "nim_duel_last", &other, false).unwrap();
    let program = Program::example("nim_duel");
    let binary = &program.built().unwrap();
    let (mut samples, _) = find_samples();
    samples.retain(|sample| sample.program == program);
    assert!(plays_as(binary, binary, judge, &samples).is_ok());
    let failure = plays_as(&exe, binary, judge, &samples).unwrap_err();
    assert_eq!(
        failure.verdict, "differs from the binary",
        "{}",
        failure.details
    );
}

#[test]
fn a_player_that_stops_early_loses_with_the_transcript() {
    // The right side and a winning first move (4 to 3 leaves 1 2 3), then nothing.
    let quitter = saying(b"First\n3 1\n");
    let why = failure(Player::Solve(&quitter));
    assert!(
        why.starts_with("the player stopped before the game ended: a lost game"),
        "{why}"
    );
    assert!(why.contains("> 3\n> 1 2 4\n< First\n< 3 1"), "{why}");
}

#[test]
fn a_player_on_another_side_than_the_samples_out_fails() {
    let program = Program::example("nim_duel");
    let binary = &program.built().unwrap();
    let (mut samples, _) = find_samples();
    samples.retain(|sample| sample.program == program && sample.expected.is_some());
    assert!(!samples.is_empty(), "nim_duel's samples say their side");
    let temp = TempDir::new("other-side");
    for sample in &mut samples {
        assert!(judge_sample(Judged::Judge(judge), binary, sample).is_ok());
        let side = std::fs::read_to_string(sample.expected.as_ref().unwrap()).unwrap();
        let other = match side.as_str() {
            "First\n" => "Second\n",
            _ => "First\n",
        };
        let out = temp.0.join(format!("{}.out", sample.name));
        std::fs::write(&out, other).unwrap();
        sample.expected = Some(out);
        let failure = judge_sample(Judged::Judge(judge), binary, sample).unwrap_err();
        assert_eq!(failure.verdict, "wrong answer", "{}", failure.details);
        assert!(failure.details.contains("begins otherwise than the .out"));
    }
}

/// A checker that takes any output without a line `wrong`.
fn no_line_wrong(_input: &[u8], output: &[u8], _expected: Option<&[u8]>) -> Result<()> {
    let mut rd = Reader::new(output);
    while rd.has_more()? {
        rd.token_if("anything but `wrong`", |t| t != b"wrong")?;
    }
    Ok(())
}

#[test]
fn a_checked_samples_out_that_its_checker_rejects_fails() {
    let program = Program::example("nim_move");
    let binary = &program.built().unwrap();
    let (mut samples, _) = find_samples();
    samples.retain(|sample| sample.program == program);
    let temp = TempDir::new("wrong-out");
    let sample = &mut samples[0];
    for (out, right) in [("1 1\nLOSE\n", true), ("1 1\nwrong\n", false)] {
        let path = temp.0.join(format!("{}.out", sample.name));
        std::fs::write(&path, out).unwrap();
        sample.expected = Some(path);
        let judged = judge_sample(Judged::Checker(no_line_wrong), binary, sample);
        match judged {
            Ok(_) => assert!(right, "{out:?} passes"),
            Err(failure) => {
                assert!(!right, "{out:?}: {}", failure.details);
                assert_eq!(failure.verdict, "a wrong .out", "{}", failure.details);
                assert!(failure.details.contains("line 2"), "{}", failure.details);
            }
        }
    }
}
