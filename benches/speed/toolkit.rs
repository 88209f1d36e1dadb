//! The toolkit at the reader's speed: four problems whose game theory is O(1) a number, each
//! written on the library as its README shows a user, with its input generator and a plain
//! check of its answers written apart from the library. Each input is 10^6 numbers of 18 or
//! 19 digits; the goal is at most 4 times the I/O floor. Beside them, the toolkit's O(1)
//! calls one by one ([`calls`]), and the win/lose sieve against `grundy_by_index`
//! ([`sieve`]).

use crate::checks;
use crate::inputs::Rng;
use combgames::io::{self, Reader, Result};
use combgames::nim;
use combgames::octal::OctalGame;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The problems by name, for `--problem NAME`.
pub const NAMES: [&str; 4] = ["wythoff", "moore", "turtles", "kayles"];

/// Runs problem `name` on stdin and stdout, as a binary's `main` would; `None` if there is
/// no such problem.
pub fn run(name: &str) -> Option<ExitCode> {
    match name {
        "wythoff" => Some(io::run(wythoff)),
        "moore" => Some(io::run(moore)),
        "turtles" => Some(io::run(turtles)),
        "kayles" => {
            let game = OctalGame::new("0.77").expect("Kayles has a period");
            Some(io::run(|rd, out| kayles(rd, out, &game)))
        }
        _ => None,
    }
}

/// The largest number of the inputs, 10^18.
const MAX: u64 = 1_000_000_000_000_000_000;

/// Wythoff's game, until the end of the input: lines `a b`, two piles of 0 to 10^18. A move
/// takes any number from one pile, or the same number from both; who cannot move loses.
/// Print `First` if the player to move wins, else `Second`.
pub fn wythoff<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let answers = Lines::new(["Second", "First"]);
    while rd.has_more()? {
        let [a, b] = rd.u64s_in::<2>(0..=MAX, "a pile")?;
        out.line(&answers, usize::from(nim::wythoff_partner(a) != b))?;
    }
    Ok(())
}

/// Moore's Nim_k: T cases (at most 10^5), each `n k` (1 <= k <= n <= 100), then n heaps of 0
/// to 10^18. A move takes stones from 1 to k heaps; who cannot move loses. Print `First` if
/// the player to move wins, else `Second`.
pub fn moore<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let answers = Lines::new(["Second", "First"]);
    let mut heaps = Vec::new();
    for _ in 0..rd.u64_in(1..=100_000, "the number of cases T")? {
        let n = rd.u64_in(1..=100, "the number of heaps n")?;
        let k = rd.usize_in(1..=n as usize, "the most heaps a move takes from, k")?;
        heaps.clear();
        rd.u64s_each(n, 0..=MAX, "a heap", |[h]| {
            heaps.push(h);
            Ok(())
        })?;
        out.line(&answers, usize::from(nim::moore_wins(&heaps, k)))?;
    }
    rd.expect_end()
}

/// Mock Turtles: T cases (at most 10^5), each `n` (at most 100), then the n distinct
/// positions of the heads coins, 0 to 10^18. A move turns one, two or three coins, the
/// rightmost from heads to tails; who cannot move loses. Print `First` if the player to move
/// wins, else `Second`.
pub fn turtles<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let answers = Lines::new(["Second", "First"]);
    for _ in 0..rd.u64_in(1..=100_000, "the number of cases T")? {
        let (n, mut value) = (rd.u64_in(1..=100, "the number of heads n")?, 0);
        rd.u64s_each(n, 0..=MAX, "a position", |[p]| {
            value ^= combgames::coins::mock_turtles_value(p);
            Ok(())
        })?;
        out.line(&answers, usize::from(value != 0))?;
    }
    rd.expect_end()
}

/// Kayles: T cases (at most 10^5), each `k a1 .. ak`: k rows (at most 100) of 1 to 10^18
/// pins. A move knocks down one pin or two adjacent ones; who cannot move loses. Print
/// `First` if the player to move wins, else `Second`.
pub fn kayles<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    game: &OctalGame,
) -> Result<()> {
    let answers = Lines::new(["Second", "First"]);
    for _ in 0..rd.u64_in(1..=100_000, "the number of cases T")? {
        let (k, mut sum) = (rd.u64_in(1..=100, "the number of rows k")?, 0);
        rd.u64s_each(k, 1..=MAX, "a row", |[a]| {
            sum ^= game.grundy(a);
            Ok(())
        })?;
        out.line(&answers, usize::from(sum != 0))?;
    }
    rd.expect_end()
}

/// Cases of the toolkit's problems: 10^5 (10^6 for Wythoff's lines).
const CASES: usize = 100_000;

/// A number of 18 or 19 digits up to 10^18 (below 2^59 when `small`, for sums of heaps that
/// must stay below 10^18).
fn big(rng: &mut Rng, small: bool) -> u64 {
    match small {
        true => (1 << 57) + rng.next() % (1 << 58),
        false => MAX / 10 + rng.next() % (MAX - MAX / 10),
    }
}

/// Writes `lines`, each a list of numbers.
fn write_lines(lines: impl Iterator<Item = Vec<u64>>, out: &mut dyn Write) -> std::io::Result<()> {
    let mut text = String::new();
    for line in lines {
        text.clear();
        for (i, x) in line.iter().enumerate() {
            text.push_str(if i == 0 { "" } else { " " });
            text.push_str(&x.to_string());
        }
        text.push('\n');
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// 10^6 lines `a b`: a third losing pairs (in either order), a third their neighbours, a
/// third at random.
pub fn wythoff_input(rng: &mut Rng, out: &mut dyn Write) -> std::io::Result<()> {
    let lines = (0..10 * CASES).map(|i| {
        let (a, b) = nim::wythoff_pair(big(rng, false) / 3);
        let (a, b) = match i % 3 {
            0 => (a, b),
            1 => (a, b + 1 - rng.below(3)),
            _ => (big(rng, false), big(rng, false)),
        };
        if rng.below(2) == 0 {
            vec![a, b]
        } else {
            vec![b, a]
        }
    });
    write_lines(lines, out)
}

/// 10^5 cases `n k` and 10 heaps, k from 1 to 4; half are lost: 10 - k heaps at random and k
/// that bring every digit's count of ones to a multiple of k + 1.
pub fn moore_input(rng: &mut Rng, out: &mut dyn Write) -> std::io::Result<()> {
    let mut lines = vec![vec![CASES as u64]];
    for case in 0..CASES {
        let k = 1 + rng.below(4) as usize;
        let mut heaps: Vec<u64> = (0..10).map(|_| big(rng, true)).collect();
        if case % 2 == 0 {
            heaps[10 - k..].iter_mut().for_each(|h| *h = 0);
            for digit in 0..64 {
                let ones = heaps.iter().filter(|&&h| h >> digit & 1 == 1).count();
                let missing = (k + 1 - ones % (k + 1)) % (k + 1);
                heaps[10 - k..10 - k + missing]
                    .iter_mut()
                    .for_each(|h| *h |= 1 << digit);
            }
        }
        lines.push(vec![10, k as u64]);
        lines.push(heaps);
    }
    write_lines(lines.into_iter(), out)
}

/// 10^5 cases of 8 heads coins; half are lost: 7 at random and the coin worth their XOR.
pub fn turtles_input(rng: &mut Rng, out: &mut dyn Write) -> std::io::Result<()> {
    let mut lines = vec![vec![CASES as u64]];
    for case in 0..CASES {
        let mut coins: Vec<u64> = (0..7).map(|_| big(rng, true)).collect();
        let value = |p: u64| u128::from(p) << 1 | u128::from(p.count_ones() % 2 == 0);
        let sum = coins.iter().fold(0, |s, &p| s ^ value(p));
        coins.push(match case % 2 {
            0 => (sum >> 1) as u64,
            _ => big(rng, true),
        });
        lines.push(vec![8]);
        lines.push(coins);
    }
    write_lines(lines.into_iter(), out)
}

/// 10^5 cases `k a1 .. ak` of 10 rows at random.
pub fn kayles_input(rng: &mut Rng, out: &mut dyn Write) -> std::io::Result<()> {
    let first = vec![CASES as u64];
    let cases = (0..CASES).map(|_| {
        let rows = (0..10).map(|_| big(rng, false));
        [10].into_iter().chain(rows).collect()
    });
    write_lines([first].into_iter().chain(cases), out)
}

/// Wythoff's answers by the plain rule: `(a, b)`, `a <= b`, is lost exactly when `a` is
/// `floor(k phi)` for `k = b - a`, that is `(k + sqrt(5 k^2)) / 2` rounded down, with the
/// square root found by bisection.
pub fn check_wythoff(input: &[u8], output: &[u8]) -> std::result::Result<String, String> {
    let isqrt = |n: u128| {
        let (mut low, mut high) = (0u128, 1u128 << 64);
        while high - low > 1 {
            let mid = (low + high) / 2;
            if mid * mid <= n {
                low = mid;
            } else {
                high = mid;
            }
        }
        low
    };
    let (mut tokens, mut expected) = (checks::tokens(input), Vec::new());
    while let Some(a) = tokens.next() {
        let (a, b) = (checks::number(Some(a))?, checks::number(tokens.next())?);
        let (low, k) = (u128::from(a.min(b)), u128::from(a.max(b) - a.min(b)));
        expected.push(low != (k + isqrt(5 * k * k)) / 2);
    }
    checks::compare(output, &expected, "cases of Wythoff's game")
}

/// Moore's answers by counting each digit's ones.
pub fn check_moore(input: &[u8], output: &[u8]) -> std::result::Result<String, String> {
    let mut tokens = checks::tokens(input);
    let mut expected = Vec::new();
    for _ in 0..checks::number(tokens.next())? {
        let (n, k) = (
            checks::number(tokens.next())?,
            checks::number(tokens.next())?,
        );
        let mut ones = [0; 64];
        for _ in 0..n {
            let heap = checks::number(tokens.next())?;
            (0..64).for_each(|digit| ones[digit] += heap >> digit & 1);
        }
        expected.push(ones.iter().any(|&count| count % (k + 1) != 0));
    }
    checks::compare(output, &expected, "cases of Moore's Nim")
}

/// Mock Turtles' answers: a coin at `p` is worth whichever of `2p` and `2p + 1` has an odd
/// number of ones.
pub fn check_turtles(input: &[u8], output: &[u8]) -> std::result::Result<String, String> {
    let mut tokens = checks::tokens(input);
    let mut expected = Vec::new();
    let odious = |v: u128| v.count_ones() % 2 == 1;
    for _ in 0..checks::number(tokens.next())? {
        let mut sum = 0u128;
        for _ in 0..checks::number(tokens.next())? {
            let twice = u128::from(checks::number(tokens.next())?) * 2;
            sum ^= if odious(twice) { twice } else { twice + 1 };
        }
        expected.push(sum != 0);
    }
    checks::compare(output, &expected, "cases of Mock Turtles")
}

/// Kayles' answers from a plain table of values by the mex over the moves, to 1000 pins,
/// and its period of 12, which the table shows holds from 100 pins to 1000.
pub fn check_kayles(input: &[u8], output: &[u8]) -> std::result::Result<String, String> {
    let mut table: Vec<usize> = Vec::new();
    for n in 0..1000 {
        let mut seen = [false; 128];
        for take in 1..=n.min(2) {
            (0..=n - take).for_each(|left| seen[table[left] ^ table[n - take - left]] = true);
        }
        table.push(seen.iter().position(|&s| !s).unwrap());
    }
    if (100..1000).any(|n| table[n] != table[n - 12]) {
        return Err("Kayles' values do not repeat every 12 from 100 pins".into());
    }
    let value = |n: u64| table[if n < 1000 { n } else { 988 + (n - 988) % 12 } as usize];
    let mut tokens = checks::tokens(input);
    let mut expected = Vec::new();
    for _ in 0..checks::number(tokens.next())? {
        let mut sum = 0;
        for _ in 0..checks::number(tokens.next())? {
            sum ^= value(checks::number(tokens.next())?);
        }
        expected.push(sum != 0);
    }
    checks::compare(output, &expected, "cases of Kayles")
}

/// The name of the per-call timings, [`calls`].
pub const CALLS: &str = "calls";

/// The name of the win/lose sieve's timings, [`sieve`].
pub const SIEVE: &str = "sieve";

/// The median of `rounds` timed runs of `run` after a warm-up, in seconds.
// Benches run on the current toolchain only (`black_box` is newer than `rust-version`).
#[allow(clippy::incompatible_msrv)]
fn median<T>(rounds: usize, mut run: impl FnMut() -> T) -> f64 {
    std::hint::black_box(run());
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = std::time::Instant::now();
            std::hint::black_box(run());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).expect("times"));
    times[rounds / 2]
}

/// Times the win/lose table of subtract-a-square by `sieve::win_lose_by_sizes` to 10^6 and
/// 10^7 against its goals (20 ms and 0.3 s), and against the same table from
/// `game::grundy_by_index` (the Grundy values, then whether each is 0) to 10^6, the two
/// checked equal: medians of 11 runs, 3 for `grundy_by_index`, which takes seconds.
pub fn sieve() {
    use combgames::game::grundy_by_index;
    use combgames::sieve::win_lose_by_sizes;
    println!("{SIEVE}: the win/lose table of subtract-a-square, medians in this process");
    let squares =
        |len: usize| -> Vec<usize> { (1..).map(|k| k * k).take_while(|&s| s < len).collect() };
    let by_grundy = |len: usize| {
        let sizes = squares(len);
        let grundy = grundy_by_index(len, |n, grundy, values| {
            (sizes.iter().take_while(|&&s| s <= n)).for_each(|&s| values.push(grundy[n - s]));
        });
        grundy.iter().map(|&g| g != 0).collect::<Vec<bool>>()
    };
    let million = 1_000_000;
    let sizes = squares(million);
    assert!(win_lose_by_sizes(million, &sizes) == by_grundy(million));
    let mut figures = Vec::new();
    let mut line = |name: &str, seconds: f64, goal: Option<f64>| {
        let word = match goal {
            Some(goal) if seconds <= goal => format!(" (goal <= {goal} s: met)"),
            Some(goal) => format!(" (goal <= {goal} s: MISSED)"),
            None => String::new(),
        };
        println!("  {name:<48} {seconds:8.4} s{word}");
        figures.push(format!("{name} {:.1} ms", seconds * 1e3));
        seconds
    };
    let sieve = line(
        "win_lose_by_sizes, 10^6",
        median(11, || win_lose_by_sizes(million, &sizes)),
        Some(0.02),
    );
    let ten_million = 10 * million;
    let sizes = squares(ten_million);
    line(
        "win_lose_by_sizes, 10^7",
        median(11, || win_lose_by_sizes(ten_million, &sizes)),
        Some(0.3),
    );
    let grundy = line(
        "grundy_by_index, 10^6",
        median(3, || by_grundy(million)),
        None,
    );
    println!("  the sieve is {:.0} times faster at 10^6", grundy / sieve);
    super::report::sentence(
        super::report::Sentence::Sieve,
        format!(
            "The win/lose table of subtract-a-square, medians in one process: {} ({:.0} times \
             faster).",
            figures.join(", "),
            grundy / sieve
        ),
    );
}

/// Times the toolkit's O(1) calls one by one: 10^7 calls each on arguments of 18 or 19
/// digits, after a warm-up, the best of five runs, in nanoseconds a call (the loop's own
/// cost included: about 1 ns).
// Benches run on the current toolchain only (`black_box` is newer than `rust-version`).
#[allow(clippy::incompatible_msrv)]
pub fn calls() {
    let mut rng = Rng(0xCA11);
    let args: Vec<u64> = (0..1 << 16).map(|_| big(&mut rng, false)).collect();
    let kayles = OctalGame::new("0.77").expect("Kayles has a period");
    let mut timed = Vec::new();
    let mut time = |name: &str, call: &dyn Fn(u64) -> u64| {
        let mut best = f64::MAX;
        for _ in 0..6 {
            let start = std::time::Instant::now();
            let mut sum = 0u64;
            for i in 0..10_000_000 {
                sum = sum.wrapping_add(call(std::hint::black_box(args[i & 0xffff])));
            }
            std::hint::black_box(sum);
            best = best.min(start.elapsed().as_secs_f64() * 1e9 / 1e7);
        }
        println!("  {name:<40} {best:6.2} ns a call");
        timed.push(format!("`{name}` {best:.1} ns"));
    };
    println!("{CALLS}: the toolkit's calls on numbers of 18 or 19 digits");
    time("nim::wythoff_pair(k)", &|k| nim::wythoff_pair(k / 8).0);
    time("nim::wythoff_partner(x)", &|x| nim::wythoff_partner(x));
    time("coins::mock_turtles_value(p)", &|p| {
        combgames::coins::mock_turtles_value(p) as u64
    });
    time("OctalGame::grundy(n), Kayles", &|n| {
        u64::from(kayles.grundy(n))
    });
    time("nim::fibonacci_nim_first_move(n)", &|n| {
        nim::fibonacci_nim_first_move(n).unwrap_or(0)
    });
    super::report::sentence(
        super::report::Sentence::Calls,
        format!("A call on 18 or 19 digits: {}.", timed.join(", ")),
    );
}
