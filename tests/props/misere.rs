//! `combgames::misere` against a plain misère search of whole positions
//! (`common::search`): the quotient built from the code the lab prints (`misere_report::code`,
//! read back here as a solution's `main` would hold it) decides every sum of heaps as the
//! search does, heaps past the printed table by their period included, and every winning
//! move it finds leaves a sum the search says is lost.

use combgames::misere::{MisereQuotient, Tables};
use common::search::{heaps_win, HeapMemo, Play};
use lab::misere::{analyse, Reach};
use lab::misere_report::code;
use lab::rules::{Heap, Moves};
use proptest::collection::vec;
use proptest::prelude::*;

/// 0.75: take one token, leaving the rest as one heap, two or none; or two, leaving two
/// heaps or none (the 8-element quotient R8).
fn r8(n: u64, to: &mut Moves) {
    if n >= 1 {
        to.heap(n - 1);
        (1..=(n - 1) / 2).for_each(|a| to.sum(&[a, n - 1 - a]));
    }
    if n == 2 {
        to.heap(0);
    }
    if n >= 2 {
        (1..=(n - 2) / 2).for_each(|a| to.sum(&[a, n - 2 - a]));
    }
}

/// Kayles: knock down one pin or two adjacent ones of a row, leaving two rows.
fn kayles(n: u64, to: &mut Moves) {
    for take in 1..=n.min(2) {
        (0..=(n - take) / 2).for_each(|a| to.sum(&[a, n - take - a]));
    }
}

static R8: HeapMemo = HeapMemo::new(Play::Misere);
static KAYLES: HeapMemo = HeapMemo::new(Play::Misere);

/// The strings of the field `name` of the printed code: `name: &["..."],`, or `name: &[`,
/// lines of strings, then `],`.
fn strings(lines: &[String], name: &str) -> Vec<String> {
    let key = format!("{name}: &[");
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&key))
        .unwrap();
    let mut found = Vec::new();
    for line in &lines[start..] {
        found.extend(line.split('"').skip(1).step_by(2).map(str::to_string));
        if line.trim_end().ends_with("],") {
            break;
        }
    }
    found
}

/// The number of the field `name` of the printed code.
fn number(lines: &[String], name: &str) -> u64 {
    let line = lines
        .iter()
        .find(|l| l.trim_start().starts_with(&format!("{name}:")))
        .unwrap();
    line.trim()
        .trim_start_matches(&format!("{name}:"))
        .trim()
        .trim_end_matches(',')
        .parse()
        .unwrap()
}

/// The quotient the lab prints for `game`'s heaps up to `heaps`, read back.
fn pasted<G: Heap>(game: &G, heaps: usize) -> MisereQuotient {
    let misere = analyse(
        game,
        heaps,
        Reach {
            genus: 0,
            ..Reach::default()
        },
    )
    .unwrap();
    let lines = code(&misere.quotient, misere.period);
    let texts: Vec<Vec<String>> = ["products", "parents", "p", "heaps"]
        .iter()
        .map(|name| strings(&lines, name))
        .collect();
    let refs: Vec<Vec<&str>> = texts
        .iter()
        .map(|t| t.iter().map(String::as_str).collect())
        .collect();
    MisereQuotient::new(&Tables {
        elements: number(&lines, "elements") as usize,
        generators: number(&lines, "generators") as usize,
        products: &refs[0],
        parents: &refs[1],
        p: &refs[2],
        heaps: &refs[3],
        start: number(&lines, "start"),
        period: number(&lines, "period"),
    })
}

thread_local! {
    static QUOTIENTS: (MisereQuotient, MisereQuotient) = (pasted(&r8, 30), pasted(&kayles, 120));
}

/// Every sum of heaps of total size up to 24, as the search says; and heaps far past the
/// printed table have the elements of the lab's quotient computed that far.
#[test]
fn pasted_quotients_decide_every_small_sum() {
    QUOTIENTS.with(|(r8q, kayles_q)| {
        let mut sums: Vec<Vec<u64>> = vec![Vec::new()];
        let mut all = Vec::new();
        while let Some(sum) = sums.pop() {
            let total: u64 = sum.iter().sum();
            for h in *sum.last().unwrap_or(&1)..=24 - total {
                let mut more = sum.clone();
                more.push(h);
                sums.push(more);
            }
            all.push(sum);
        }
        for sum in &all {
            assert_eq!(r8q.wins(sum), heaps_win(&r8, sum, &R8), "0.75: {sum:?}");
            assert_eq!(
                kayles_q.wins(sum),
                heaps_win(&kayles, sum, &KAYLES),
                "Kayles: {sum:?}"
            );
        }
        let far = analyse(
            &r8,
            200,
            Reach {
                genus: 0,
                ..Reach::default()
            },
        )
        .unwrap();
        for n in 0..=200u64 {
            assert_eq!(
                r8q.is_p(r8q.heap(n)),
                far.quotient.p[far.quotient.heaps[n as usize] as usize]
            );
        }
    });
}

/// The options of a heap of `n` of `rules`, labelled by their parts.
fn listed(rules: fn(u64, &mut Moves), n: u64, o: &mut combgames::misere::Options<Vec<u64>>) {
    let mut to = Moves::default();
    rules(n, &mut to);
    for &m in to.singles() {
        o.add(vec![m], &[m]);
    }
    for parts in to.sums() {
        o.add(parts.to_vec(), parts);
    }
}

proptest! {
    #![proptest_config(common::cases(64))]

    /// A winning move exactly when the search says the sum is won and it has a move (with
    /// none, the player to move has already won), and the sum it leaves is lost.
    #[test]
    fn winning_moves_leave_lost_sums(heaps in vec(1u64..16, 0..5), kayles_game in any::<bool>()) {
        QUOTIENTS.with(|(r8q, kayles_q)| {
            let (q, rules, memo): (_, fn(u64, &mut Moves), _) = match kayles_game {
                true => (kayles_q, kayles, &KAYLES),
                false => (r8q, r8, &R8),
            };
            let wins = heaps_win(&rules, &heaps, memo);
            let has_move = heaps.iter().any(|&n| {
                let mut to = Moves::default();
                rules(n, &mut to);
                !to.is_empty()
            });
            match q.winning_move(&heaps, |n, o| listed(rules, n, o)) {
                None => prop_assert!(!wins || !has_move),
                Some((i, parts)) => {
                    prop_assert!(wins);
                    let mut after = heaps.clone();
                    after.remove(i);
                    after.extend(parts);
                    prop_assert!(!heaps_win(&rules, &after, memo));
                }
            }
            Ok(())
        })?;
    }
}
