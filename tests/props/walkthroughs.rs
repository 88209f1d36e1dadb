//! The games of README.md's walk-throughs that are no example, their rules as the README
//! shows them (a part of this file), and the check that every report the README shows is
//! the lab's own: each ```` ```text ```` block of README.md begins with the command that
//! prints it, `$ ...`, and its lines are the report's, in order (a line ending in `...`
//! begins one; a line `...` leaves lines out).

use crate::common::bundling::manifest_dir;
use lab::rules::{takes_all, Family, Heap, Moves, Plane, PlaneFamily, PlaneMoves, Residues};
use lab::tables::Values;
use std::fs;

#[allow(dead_code)]
#[path = "../../examples/power_cards/rules.rs"]
pub mod power_cards;

#[allow(dead_code)]
#[path = "../../examples/leapers/rules.rs"]
mod leapers;

#[allow(dead_code)]
#[path = "../../examples/candles/rules.rs"]
mod candles;

/// Cards: a move takes a power of two, but never 2. No family declared.
pub struct Cards;

impl Heap for Cards {
    fn moves(&self, n: u64, to: &mut Moves) {
        let mut take = 1;
        while take <= n {
            if take != 2 {
                to.heap(n - take);
            }
            take *= 2;
        }
    }
}

/// The same game with the declaration the lab proposes, pasted.
pub struct Declared;

impl Heap for Declared {
    fn moves(&self, n: u64, to: &mut Moves) {
        Cards.moves(n, to)
    }

    fn family(&self) -> Family {
        Family::Residues(Residues {
            is_move: |s| takes_all(&Self, s),
            from: 4,
            modulus: 12,
            classes: vec![4, 8],
        })
    }
}

/// Two piles: take any number from one, or `k` from one and `l` from the other with
/// `|k - l| < 2`. No family declared.
pub struct Piles;

impl Plane for Piles {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        (0..x).for_each(|left| to.cell(left, y));
        (0..y).for_each(|left| to.cell(x, left));
        for k in 1..=x {
            let near = k.saturating_sub(1).max(1)..=(k + 1).min(y);
            near.for_each(|l| to.cell(x - k, y - l));
        }
    }
}

/// The same game, declared as what the lab names it: Fraenkel's 2-Wythoff.
pub struct Wythoff2;

impl Plane for Wythoff2 {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        Piles.moves(x, y, to)
    }

    fn family(&self) -> PlaneFamily {
        PlaneFamily::Wythoff(2)
    }
}

/// A picture's file, which the README leaves out: under the system's temporary folder.
fn image() -> String {
    let dir = std::env::temp_dir().join(format!("combgames-readme-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir.join("lab.png").to_string_lossy().into_owned()
}

/// Each report the README shows, in its order: the command that prints it, and the report.
fn reports() -> Vec<(&'static str, String)> {
    use lab::report::{explore, explore_plane};
    let heaps = |game: &dyn Heap, n| explore(game, n, Values::Grundy).unwrap();
    let win_lose = |game: &dyn Plane, n| explore_plane(game, n, n, Values::WinLose, &image());
    let plane = |game: &dyn Plane, n| explore_plane(game, n, n, Values::Grundy, &image());
    vec![
        (
            "$ cd examples/power_cards && cargo test -q --test lab -- 3000",
            heaps(&power_cards::Rules, 3000),
        ),
        (
            "$ cd examples/leapers && cargo test -q --test lab -- 60 60",
            plane(&leapers::Rules, 60).unwrap(),
        ),
        ("$ cargo test -q --test lab -- 3000", heaps(&Cards, 3000)),
        ("$ cargo test -q --test lab -- 3000", heaps(&Declared, 3000)),
        (
            "$ cargo test -q --test lab -- 100 --win-lose",
            win_lose(&Piles, 100).unwrap(),
        ),
        (
            "$ cargo test -q --test lab -- 100 --win-lose",
            win_lose(&Wythoff2, 100).unwrap(),
        ),
        (
            "$ cd examples/candles && cargo test -q --test lab -- 60",
            lab::misere_report::explore(&candles::Rules, 60).unwrap(),
        ),
    ]
}

/// The ```` ```text ```` blocks of `page`.
fn text_blocks(page: &str) -> Vec<String> {
    let text = fs::read_to_string(manifest_dir().join(page)).unwrap();
    let parts = text.split("```text\n").skip(1);
    parts
        .map(|b| b.split("```").next().unwrap().to_string())
        .collect()
}

#[test]
fn the_readme_shows_the_labs_own_reports() {
    let shown = text_blocks("README.md");
    let reports = reports();
    assert_eq!(shown.len(), reports.len(), "README.md's reports of the lab");
    for (block, (command, report)) in shown.iter().zip(&reports) {
        let mut lines = block.lines();
        assert_eq!(lines.next(), Some(*command), "README.md's report block");
        let mut said = report.lines();
        for line in lines.filter(|&l| l != "...") {
            let found = match line.strip_suffix("...") {
                Some(start) => said.any(|l| l.starts_with(start)),
                None => said.any(|l| l == line),
            };
            assert!(
                found,
                "{command}: README.md's line {line:?} is not the lab's, in order"
            );
        }
    }
}
