//! The lab at its goals, timed in this process (medians of [`ROUNDS`] runs after a warm-up):
//! a table of 10^6 heaps from rules of O(moves) a heap, the pattern search over 10^6 values
//! (a periodic table, where every search runs and one period is proved, and a table of no
//! pattern, where every search runs to its end), and a grid of 2000 x 2000 from its rules
//! with its report and its PNG picture. Each is checked to find what it must, so that a
//! fast wrong answer is no figure.

use lab::grids::Grid;
use lab::patterns::{find, find_plane};
use lab::report::{picture, report, report_plane};
use lab::rules::{Family, Heap, Moves, PlaneMoves};
use lab::tables::{Table, Values};
use std::hint::black_box;
use std::time::Instant;

/// The bench's name, as `cargo bench -- NAME` picks it.
pub const NAME: &str = "lab";

/// Timed runs of each figure, after one warm-up run.
const ROUNDS: usize = 7;

/// Take 1, 3 or 4, declared a subtraction game (its moves are then listed twice: the rules'
/// and the family's, to check them).
struct Take;

impl Heap for Take {
    fn moves(&self, n: u64, to: &mut Moves) {
        [1, 3, 4]
            .iter()
            .filter(|&&s| s <= n)
            .for_each(|&s| to.heap(n - s));
    }

    fn family(&self) -> Family {
        Family::Subtraction(vec![1, 3, 4])
    }
}

/// Take 1 or 2, or take 1 and split the rest at a third: three moves, one to a sum of two
/// heaps.
fn three_moves_and_a_sum(n: u64, to: &mut Moves) {
    (1..=n.min(2)).for_each(|take| to.heap(n - take));
    if n >= 3 {
        to.sum(&[n / 3, n - 1 - n / 3]);
    }
}

/// The median of `ROUNDS` timed runs of `run` after a warm-up, in seconds.
// Benches run on the current toolchain only (`black_box` is newer than `rust-version`).
#[allow(clippy::incompatible_msrv)]
fn median<T>(mut run: impl FnMut() -> T) -> f64 {
    black_box(run());
    let mut times: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            black_box(run());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).expect("times"));
    times[ROUNDS / 2]
}

/// The figures printed so far, `name seconds`, for the README's sentence.
static FIGURES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Prints a figure with its goal, in seconds.
fn line(name: &str, seconds: f64, goal: f64) {
    let word = if seconds <= goal { "met" } else { "MISSED" };
    println!("  {name:<58} {seconds:7.3} s (goal <= {goal} s: {word})");
    let mut figures = FIGURES.lock().unwrap_or_else(|e| e.into_inner());
    figures.push(format!("{name}: {seconds:.3} s"));
}

/// Values of no pattern: a xorshift's, small.
fn noise(len: usize) -> Vec<u32> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 7) as u32
    };
    (0..len).map(|_| next()).collect()
}

/// Times the lab's goals and prints each figure.
pub fn bench() {
    println!("{NAME}: the lab's tables and searches, medians of {ROUNDS} runs in this process");
    let million = 1_000_000;
    let table = || Table::heaps(&Take, million, Values::Grundy).expect("rules");
    line(
        "10^6 heaps, take 1 3 4 (declared, checked)",
        median(table),
        1.0,
    );
    let sums = || Table::heaps(&three_moves_and_a_sum, million, Values::Grundy).expect("rules");
    line("10^6 heaps, a move to a sum", median(sums), 1.0);
    let periodic = table();
    let found = find(&periodic);
    assert_eq!(found[0].headline, "periodic: start 0, period 7");
    assert!(found[0].proof.is_some());
    line(
        "search of 10^6 values, periodic",
        median(|| find(&periodic)),
        1.0,
    );
    let none = Table::read(noise(million));
    assert_eq!(find(&none)[0].headline, "none up to 1000000");
    line(
        "search of 10^6 values, no pattern",
        median(|| find(&none)),
        1.0,
    );
    line("report of 10^6 values", median(|| report(&periodic)), 1.0);
    // A plane game of fixed steps, periodic after a border, its period proved by the box.
    let steps = [(-2i64, -1i64), (-3, 0), (0, -1)];
    let rules = |x: u64, y: u64, to: &mut PlaneMoves| {
        for &(dx, dy) in &steps {
            if x as i64 + dx >= 0 && y as i64 + dy >= 0 {
                to.cell((x as i64 + dx) as u64, (y as i64 + dy) as u64);
            }
        }
    };
    let side = 2000;
    // A step that raises a coordinate: the triangle x + y < 3999 is computed, twice the cells.
    let raising = [(-2i64, 1i64), (0, -3), (-3, 0)];
    let knight = |x: u64, y: u64, to: &mut PlaneMoves| {
        for &(dx, dy) in &raising {
            if x as i64 + dx >= 0 && y as i64 + dy >= 0 {
                to.cell((x as i64 + dx) as u64, (y as i64 + dy) as u64);
            }
        }
    };
    let triangle = || Grid::plane(&knight, side, side, Values::Grundy).expect("rules");
    let head = "periodic: x start 5, period 6; y start 0, period 6";
    assert_eq!(find_plane(&triangle())[0].headline, head);
    line("2000 x 2000, a step raising y", median(triangle), 2.0);
    let grid = || Grid::plane(&rules, side, side, Values::Grundy).expect("rules");
    let made = grid();
    let head = "periodic: x start 5, period 6; y start 2, period 2";
    assert_eq!(find_plane(&made)[0].headline, head);
    line("2000 x 2000 grid", median(grid), 2.0);
    let whole = || {
        let grid = grid();
        (report_plane(&grid, Some("lab.png")), picture(&grid))
    };
    line("2000 x 2000, report and PNG", median(whole), 2.0);
    let figures = FIGURES.lock().unwrap_or_else(|e| e.into_inner());
    super::report::sentence(
        super::report::Sentence::Lab,
        format!("The lab, medians in one process: {}.", figures.join("; ")),
    );
}
