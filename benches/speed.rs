//! `cargo bench [-- NAME...]`: wall time of each binary on deterministic inputs, against the
//! reference C++ binary in `../shared/peers/` and the I/O floor built from
//! `../shared/tools/io_floor.c`, when those exist.
//!
//! Two more cases are problems with no binary and no peer (`speed/problems.rs`), written on
//! the library as a user would, to time its general calls against the I/O floor: the bench
//! runs them as processes like the binaries, re-running itself as `--problem NAME`, and
//! checks their answers with plain code of its own (`speed/checks.rs`).
//!
//! Beside the C floor, the bench times the same job done by a Rust program built as our
//! binaries are, itself re-run as `--rust-floor BYTES` ([`rust_floor`]): what the process
//! start-up and standard library of any Rust binary add to the floor, which no change to
//! a solution can take back.
//!
//! A round runs each program of a comparison once, in turn, so that a busy machine slows
//! all alike; there are at least `MIN_ROUNDS` rounds after a warm-up round, more for quick
//! programs (up to `ROUND_BUDGET` of timing). A time is a median over the rounds, and a
//! ratio the median over the rounds of the two programs' ratio in that round. Each
//! figure is printed with its goal and `met` or `MISSED`. Inputs (`inputs.rs`) are written to
//! the system's temporary folder, never into the repository. When `/usr/bin/time` exists,
//! one more run of each program reports its peak memory.
//!
//! One more, `nim_duel`, times an interactive binary's exchanges with a judge over pipes
//! against the same player in C (`speed/interactive.rs`), `sieve` times the win/lose sieve
//! against `grundy_by_index` (`speed/toolkit.rs`), and `lab` times the lab's tables,
//! searches and pictures in this process against their goals (`speed/lab.rs`).
//!
//! To add a benchmark: write its generator in `speed/inputs.rs` and add a [`Case`] to
//! [`CASES`] (a new binary or problem), or an [`Extra`] to a case's list (another input of a
//! binary).

#[path = "speed/checks.rs"]
mod checks;
#[path = "speed/inputs.rs"]
mod inputs;
#[path = "speed/interactive.rs"]
mod interactive;
#[path = "speed/lab.rs"]
mod lab;
#[path = "speed/problems.rs"]
mod problems;
#[path = "speed/report.rs"]
mod report;
#[path = "speed/toolkit.rs"]
mod toolkit;

use inputs::{Generate, Rng};
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// Timed rounds per comparison, after one warm-up round, at least.
const MIN_ROUNDS: usize = 11;

/// Quick comparisons get more rounds, up to this much time or `MAX_ROUNDS`: their medians
/// are steadier for it on a busy machine.
const ROUND_BUDGET: Duration = Duration::from_secs(2);
const MAX_ROUNDS: usize = 101;

/// Goal for any other whitespace layout: its time / the standard layout's at most this.
const LAYOUT_GOAL: f64 = 1.3;

/// Goal for an input's cost over the I/O floor against a reference input's (`Case::costs`).
const COST_GOAL: f64 = 1.5;

/// A binary or a problem, its max-size input, and what to compare it with.
struct Case {
    /// The binary's name, or the problem's in `speed/problems.rs`.
    name: &'static str,
    /// Its input, in a few words, for the README (`10^6 boards`): the bench adds its size.
    about: &'static str,
    program: Program,
    /// The reference C++ solution, if there is one.
    peer: Option<Peer>,
    /// Goal: our time / the I/O floor's at most this; `None` for a binary whose time is
    /// computing, not input.
    floor_goal: Option<f64>,
    generate: Generate,
    /// The same input in other whitespace layouts, each timed against `generate`'s.
    layouts: &'static [(&'static str, Generate)],
    /// The same input in layouts that vary line by line and group by group
    /// (`inputs::VARIATIONS`), and the goal for each: our time / the I/O floor's on it.
    varied: Option<(inputs::GenerateVaried, f64)>,
    /// Other inputs of as many items: the first is the reference; the case's input and the
    /// others each cost (our time less the I/O floor's on it) at most [`COST_GOAL`] times
    /// the reference's cost.
    costs: &'static [(&'static str, Generate)],
    /// Other inputs, each timed against the peer.
    extras: &'static [Extra],
    /// A plain check of the answers on `generate`'s input, for a case with no peer.
    check: Option<checks::Check>,
    /// Another problem of `speed/problems.rs` timed side by side on this case's input, and
    /// the goal: our time / its time at most this.
    versus: Option<(&'static str, f64)>,
}

/// What a case runs.
enum Program {
    /// A problem of the workspace, by name: its release executable ([`release_binary`]).
    Binary(&'static str),
    /// The problem of the case's name in `speed/problems.rs`, run by the bench itself.
    Problem,
}

/// A reference C++ solution.
struct Peer {
    /// Its file name in `../shared/peers/`.
    file: &'static str,
    /// Goal: our time / the peer's at most this, on the max-size input.
    goal: f64,
}

/// Another input of a binary, timed against the peer.
struct Extra {
    name: &'static str,
    generate: Generate,
    /// Goal: our time / the peer's at most this.
    peer_goal: f64,
}

const CASES: &[Case] = &[
    Case {
        name: "marble_diamond",
        about: "10^6 boards",
        program: Program::Binary("marble_diamond"),
        peer: Some(Peer {
            file: "marble_metaphysis",
            goal: 1.0 / 3.0,
        }),
        floor_goal: Some(1.5),
        generate: inputs::marble_boards,
        layouts: &[
            ("trailing spaces", inputs::marble_trailing_spaces),
            ("tabs", inputs::marble_tabs),
            ("no spaces", inputs::marble_no_spaces),
            ("one line per board", inputs::marble_one_line),
            ("CRLF", inputs::marble_crlf),
        ],
        varied: Some((inputs::marble_varied, 3.0)),
        costs: &[],
        extras: &[Extra {
            name: "one board",
            generate: inputs::marble_one_board,
            peer_goal: 1.2,
        }],
        check: None,
        versus: None,
    },
    Case {
        name: "tic_tac_toe_nim",
        about: "5 x 10^5 grids",
        program: Program::Binary("tic_tac_toe_nim"),
        peer: Some(Peer {
            file: "tictactoe_nim",
            goal: 1.0 / 4.0,
        }),
        floor_goal: Some(2.5),
        generate: inputs::nim_grids,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[],
        check: None,
        versus: None,
    },
    Case {
        name: "hdu6597",
        about: "199,901 cases, 10^6 boards",
        program: Program::Binary("hdu6597"),
        peer: Some(Peer {
            file: "hdu6597",
            goal: 1.0 / 4.0,
        }),
        floor_goal: Some(1.5),
        generate: inputs::partizan_boards,
        layouts: &[
            ("cells separated by tabs", inputs::partizan_tabs),
            ("cells separated by spaces", inputs::partizan_spaces),
            ("rows O.X", inputs::partizan_adjacent),
        ],
        varied: Some((inputs::partizan_varied, 4.0)),
        costs: &[],
        extras: &[],
        check: None,
        versus: None,
    },
    Case {
        name: "card_game",
        about: "a random 25x25 board",
        program: Program::Binary("card_game"),
        peer: Some(Peer {
            file: "card_game",
            goal: 1.0 / 4.0,
        }),
        floor_goal: None,
        generate: inputs::card_board,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[Extra {
            name: "25x25, 95% G",
            generate: inputs::card_board_mostly_green,
            peer_goal: 0.15,
        }],
        check: None,
        versus: None,
    },
    Case {
        name: "hyper_knights",
        about: "200 cases of 1000 knights",
        program: Program::Binary("hyper_knights"),
        peer: Some(Peer {
            file: "hyper_knights",
            goal: 1.0 / 3.0,
        }),
        floor_goal: Some(2.0),
        generate: inputs::knight_cases,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[Extra {
            name: "one knight at 1 0",
            generate: inputs::knight_one,
            peer_goal: 1.2,
        }],
        check: None,
        versus: None,
    },
    Case {
        name: "grids",
        about: "10^6 4x4 grids of `.#` by `cells_each`",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(1.6),
        generate: inputs::fill_grids,
        layouts: &[],
        varied: Some((inputs::grids_varied, 3.0)),
        costs: &[],
        extras: &[],
        check: Some(checks::grids),
        versus: None,
    },
    Case {
        name: "numbers",
        about: "lines `k a1 .. ak` by `u64_in`, 5 x 10^6 numbers",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(3.0),
        generate: inputs::nim_lines,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[],
        check: Some(checks::numbers),
        versus: None,
    },
    Case {
        name: "pairs",
        about: "10^6 lines of two 19-digit piles by `u64s_in`",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(4.0),
        generate: inputs::pairs_19,
        layouts: &[],
        varied: None,
        costs: &[
            ("piles of 16 digits", inputs::pairs_16),
            ("piles of 17 to 20 digits", inputs::pairs_17_to_20),
        ],
        extras: &[],
        check: Some(checks::pairs),
        versus: None,
    },
    Case {
        name: "until",
        about: "the same, then `0 0`, by `u64s_until`",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(4.4),
        generate: inputs::pairs_until_0_0,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[],
        check: Some(checks::until),
        versus: Some(("pairs", 1.1)),
    },
    Case {
        name: "wythoff",
        about: "10^6 Wythoff positions, piles to 10^18",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(4.0),
        generate: toolkit::wythoff_input,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[],
        check: Some(toolkit::check_wythoff),
        versus: None,
    },
    Case {
        name: "moore",
        about: "10^5 Moore's Nim_k cases, 10 heaps to 10^18",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(4.0),
        generate: toolkit::moore_input,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[],
        check: Some(toolkit::check_moore),
        versus: None,
    },
    Case {
        name: "turtles",
        about: "10^5 Mock Turtles rows, 8 heads to 10^18",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(4.0),
        generate: toolkit::turtles_input,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[],
        check: Some(toolkit::check_turtles),
        versus: None,
    },
    Case {
        name: "kayles",
        about: "10^5 sums of 10 Kayles rows to 10^18 pins",
        program: Program::Problem,
        peer: None,
        floor_goal: Some(4.0),
        generate: toolkit::kayles_input,
        layouts: &[],
        varied: None,
        costs: &[],
        extras: &[],
        check: Some(toolkit::check_kayles),
        versus: None,
    },
];

impl Case {
    /// The case's program on `input`; `itself` is the bench's executable.
    fn run<'a>(&self, itself: &'a Path, input: &'a Path) -> Run<'a> {
        match self.program {
            Program::Binary(name) => Run::of(release_binary(name), input),
            Program::Problem => Run {
                args: vec!["--problem".into(), self.name.into()],
                ..Run::of(itself, input)
            },
        }
    }
}

/// One program run: an executable, its arguments, and the file on its stdin.
#[derive(Clone)]
struct Run<'a> {
    program: &'a Path,
    args: Vec<String>,
    input: &'a Path,
}

impl Run<'_> {
    fn of<'a>(program: &'a Path, input: &'a Path) -> Run<'a> {
        Run {
            program,
            args: Vec::new(),
            input,
        }
    }

    fn time(&self) -> Duration {
        let start = Instant::now();
        let status = Command::new(self.program)
            .args(&self.args)
            .stdin(fs::File::open(self.input).expect("input opens"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("program runs");
        let elapsed = start.elapsed();
        assert!(status.success(), "{} failed", self.program.display());
        elapsed
    }

    fn output(&self) -> Vec<u8> {
        Command::new(self.program)
            .args(&self.args)
            .stdin(fs::File::open(self.input).expect("input opens"))
            .output()
            .expect("program runs")
            .stdout
    }

    /// Peak resident memory in KB, by `/usr/bin/time -f %M`, if that exists.
    fn peak_memory_kb(&self) -> Option<u64> {
        let time = Path::new("/usr/bin/time");
        if !time.is_file() {
            return None;
        }
        let output = Command::new(time)
            .args(["-f", "%M"])
            .arg(self.program)
            .args(&self.args)
            .stdin(fs::File::open(self.input).ok()?)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&output.stderr);
        text.lines().last()?.trim().parse().ok()
    }
}

/// Wall times of programs timed in turn, round after round.
struct Rounds {
    /// `times[i][r]`: program i in round r, in seconds.
    times: Vec<Vec<f64>>,
}

impl Rounds {
    /// Times `runs` in turn, round after round, after a warm-up round: an odd number of
    /// rounds, at least [`MIN_ROUNDS`], as many as fit in [`ROUND_BUDGET`].
    fn of(runs: &[Run]) -> Rounds {
        let warm_up: Duration = runs.iter().map(Run::time).sum();
        let fit = (ROUND_BUDGET.as_secs_f64() / warm_up.as_secs_f64().max(1e-6)) as usize;
        let rounds = fit.clamp(MIN_ROUNDS, MAX_ROUNDS) | 1;
        let mut times = vec![Vec::with_capacity(rounds); runs.len()];
        for _ in 0..rounds {
            for (run, times) in runs.iter().zip(&mut times) {
                times.push(run.time().as_secs_f64());
            }
        }
        Rounds { times }
    }

    /// The median time of program `i`, in ms.
    fn median_ms(&self, i: usize) -> f64 {
        median(self.times[i].clone()) * 1e3
    }

    /// The median over the rounds of program `i`'s time / program `j`'s in the same round:
    /// the two ran side by side, so what slowed one slowed the other.
    fn ratio(&self, i: usize, j: usize) -> f64 {
        let ratios = self.times[i].iter().zip(&self.times[j]);
        median(ratios.map(|(a, b)| a / b).collect())
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn memory(kb: Option<u64>) -> String {
    kb.map_or("?".into(), |kb| format!("{kb} KB"))
}

/// `ratio (goal <= G: met)`, or `MISSED`.
fn verdict(ratio: f64, goal: f64) -> String {
    let word = if ratio <= goal { "met" } else { "MISSED" };
    format!("{ratio:.3} (goal <= {goal:.3}: {word})")
}

/// Writes `generate`'s input to the bench folder as `name`, in one large write (a file
/// written in small pieces can read back slower).
fn write_input(name: &str, generate: Generate) -> io::Result<PathBuf> {
    let path = bench_dir().join(format!("{name}.in"));
    let mut text = Vec::new();
    generate(&mut Rng(0x5EED), &mut text)?;
    fs::write(&path, &text)?;
    Ok(path)
}

/// Writes the case's other inputs `named`, each as `CASE-NAME`: their paths.
fn write_inputs(case: &Case, named: &[(&str, Generate)]) -> io::Result<Vec<PathBuf>> {
    let name = |name: &str| format!("{}-{}", case.name, name.replace(' ', "-"));
    (named.iter())
        .map(|(n, generate)| write_input(&name(n), *generate))
        .collect()
}

fn bench_dir() -> PathBuf {
    std::env::temp_dir().join("combgames-bench")
}

/// Builds the I/O floor from `../shared/tools/io_floor.c`, if it and a C compiler exist.
fn build_floor() -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/io_floor.c");
    if !source.is_file() {
        return None;
    }
    let floor = bench_dir().join("io_floor");
    let built = Command::new("cc")
        .args(["-O3", "-march=native", "-o"])
        .arg(&floor)
        .arg(&source)
        .status();
    match built {
        Ok(status) if status.success() => Some(floor),
        _ => {
            println!("(could not build the I/O floor from {})", source.display());
            None
        }
    }
}

fn bench(case: &Case, peers: &Path, floor: Option<&Path>, itself: &Path) -> io::Result<()> {
    let floor_path = floor;
    let input = write_input(case.name, case.generate)?;
    let bytes = fs::metadata(&input)?.len();
    let ours = case.run(itself, &input);
    let our_output = ours.output();
    // Wrong answers fail the bench before any timing.
    let checked = match case.check {
        Some(check) => match check(&fs::read(&input)?, &our_output) {
            Ok(what) => Some(what),
            Err(why) => {
                let message = format!("{}: WRONG answers: {why}", case.name);
                return Err(io::Error::new(io::ErrorKind::Other, message));
            }
        },
        None => None,
    };

    let peer_path = case.peer.as_ref().map(|peer| peers.join(peer.file));
    let peer = (peer_path.as_deref())
        .filter(|path| path.is_file())
        .map(|path| Run::of(path, &input));
    let floor = match (floor, case.floor_goal) {
        (Some(floor), Some(goal)) => Some((
            Run {
                args: vec![our_output.len().to_string()],
                ..Run::of(floor, &input)
            },
            goal,
        )),
        _ => None,
    };
    let rust_floor = case.floor_goal.map(|_| Run {
        args: vec!["--rust-floor".into(), our_output.len().to_string()],
        ..Run::of(itself, &input)
    });
    let versus = case.versus.map(|(name, _)| Run {
        args: vec!["--problem".into(), name.into()],
        ..Run::of(itself, &input)
    });
    let mut runs = vec![ours.clone()];
    runs.extend(versus);
    runs.extend(peer.clone());
    runs.extend(floor.iter().map(|(run, _)| run.clone()));
    runs.extend(rust_floor);
    let rounds = Rounds::of(&runs);
    let time = rounds.median_ms(0);
    println!(
        "{:<16} {:>10} bytes  {:8.2} ms  {:7.1} MB/s  peak {}",
        case.name,
        bytes,
        time,
        bytes as f64 / 1e3 / time,
        memory(ours.peak_memory_kb()),
    );
    if let Some(what) = checked {
        println!("  answers checked: {what}");
    }
    let mut next = 1;
    if let Some((name, goal)) = case.versus {
        println!(
            "  {name:<32} {:8.2} ms  on this input, ours/{name} {}",
            rounds.median_ms(next),
            verdict(rounds.ratio(0, next), goal),
        );
        next += 1;
    }
    if let (Some(peer), Some(Peer { file, goal })) = (&peer, &case.peer) {
        let agree = our_output == peer.output();
        println!(
            "  peer {:<22} {:8.2} ms  peak {}  ours/peer {}  outputs {}",
            file,
            rounds.median_ms(next),
            memory(peer.peak_memory_kb()),
            verdict(rounds.ratio(0, next), *goal),
            if agree { "agree" } else { "DIFFER" },
        );
        next += 1;
    }
    if let Some((_, goal)) = &floor {
        println!(
            "  I/O floor, {:>10} bytes out {:8.2} ms  ours/floor {}",
            our_output.len(),
            rounds.median_ms(next),
            verdict(rounds.ratio(0, next), *goal),
        );
        next += 1;
    }
    if case.floor_goal.is_some() {
        // Against the C floor when it was timed, the one just before.
        let to_floor = match floor {
            Some(_) => format!("Rust/floor {:.3}, ", rounds.ratio(next, next - 1)),
            None => String::new(),
        };
        println!(
            "  the same job in Rust             {:8.2} ms  {}ours/Rust {:.3}",
            rounds.median_ms(next),
            to_floor,
            rounds.ratio(0, next),
        );
    }
    let mut at = 1 + usize::from(case.versus.is_some());
    let peer_row = peer.as_ref().map(|_| {
        at += 1;
        (rounds.median_ms(at - 1), rounds.ratio(0, at - 1))
    });
    let floor_row = floor
        .as_ref()
        .map(|_| (rounds.median_ms(at), rounds.ratio(0, at)));
    report::speed_row(case.name, case.about, bytes, time, peer_row, floor_row);
    if let Some((name, _)) = case.versus {
        report::sentence(
            report::Sentence::Until,
            format!(
                "`{}` takes {:.2} times the time of `{name}` on the same input.",
                case.name,
                rounds.ratio(0, 1)
            ),
        );
    }
    bench_layouts(case, &ours, &our_output)?;
    if let (Some(varied), Some(floor)) = (case.varied, floor_path) {
        bench_varied(case, varied, &ours, &our_output, floor)?;
    }
    if let Some(floor) = floor_path {
        bench_costs(case, &ours, &our_output, floor)?;
    }
    for extra in case.extras {
        bench_extra(case, extra, peers, itself)?;
    }
    Ok(())
}

/// Times the case's other inputs of as many items, each with the I/O floor on it, with the
/// case's input and its floor, all interleaved: each input's cost (our time less the
/// floor's) against the first one's, the reference.
fn bench_costs(case: &Case, ours: &Run, answers: &[u8], floor: &Path) -> io::Result<()> {
    if case.costs.is_empty() {
        return Ok(());
    }
    let paths = write_inputs(case, case.costs)?;
    let inputs: Vec<&Path> = paths
        .iter()
        .map(PathBuf::as_path)
        .chain([ours.input])
        .collect();
    let mut runs = Vec::new();
    for &input in &inputs {
        runs.push(Run {
            input,
            ..ours.clone()
        });
        runs.push(Run {
            args: vec![answers.len().to_string()],
            ..Run::of(floor, input)
        });
    }
    let rounds = Rounds::of(&runs);
    let cost = |k: usize, r: usize| rounds.times[2 * k][r] - rounds.times[2 * k + 1][r];
    let all = 0..rounds.times[0].len();
    let names = case
        .costs
        .iter()
        .map(|(name, _)| *name)
        .chain(["this input"]);
    println!("  cost over the I/O floor, against the first input's:");
    let reference = case.costs[0].0;
    for (k, name) in names.enumerate() {
        let ratio = median(all.clone().map(|r| cost(k, r) / cost(0, r)).collect());
        if k > 0 && k < case.costs.len() {
            report::sentence(
                report::Sentence::Digits,
                format!(
                    "On `{}`, {name} cost {ratio:.2} times {reference} over the I/O floor.",
                    case.name
                ),
            );
        }
        println!(
            "    {:<28} {:8.2} ms  ours/floor {:.3}  cost {:.2} ms, {}",
            name,
            rounds.median_ms(2 * k),
            rounds.ratio(2 * k, 2 * k + 1),
            median(all.clone().map(|r| cost(k, r)).collect()) * 1e3,
            match k {
                0 => "the reference".to_string(),
                _ => format!("ratio {}", verdict(ratio, COST_GOAL)),
            },
        );
    }
    Ok(())
}

/// Times the case's other layouts against its standard one, all interleaved.
fn bench_layouts(case: &Case, standard: &Run, answers: &[u8]) -> io::Result<()> {
    if case.layouts.is_empty() {
        return Ok(());
    }
    let paths = write_inputs(case, case.layouts)?;
    let mut runs = vec![standard.clone()];
    runs.extend(paths.iter().map(|path| Run::of(standard.program, path)));
    let rounds = Rounds::of(&runs);
    println!(
        "  other layouts, ours against the standard layout's {:.2} ms:",
        rounds.median_ms(0)
    );
    for (i, ((name, _), run)) in case.layouts.iter().zip(&runs[1..]).enumerate() {
        report::layout_ratio(rounds.ratio(i + 1, 0));
        let same = run.output() == answers;
        println!(
            "    {:<26} {:>10} bytes {:8.2} ms  ratio {}  answers {}",
            name,
            fs::metadata(run.input)?.len(),
            rounds.median_ms(i + 1),
            verdict(rounds.ratio(i + 1, 0), LAYOUT_GOAL),
            if same { "identical" } else { "DIFFER" },
        );
    }
    Ok(())
}

/// Times the case's input in each varied layout against the standard layout and against
/// the I/O floor on the same varied input, all interleaved: answers must be the same.
fn bench_varied(
    case: &Case,
    (generate, goal): (inputs::GenerateVaried, f64),
    standard: &Run,
    answers: &[u8],
    floor: &Path,
) -> io::Result<()> {
    println!("  layouts that vary line by line (goal: ours/floor <= {goal:.1} on each):");
    let mut ratios = Vec::new();
    for (name, vary) in inputs::VARIATIONS {
        let path = bench_dir().join(format!(
            "{}-varied-{}.in",
            case.name,
            name.replace(' ', "-")
        ));
        let mut text = Vec::new();
        generate(&vary, &mut Rng(0x5EED), &mut text)?;
        fs::write(&path, &text)?;
        let ours = Run::of(standard.program, &path);
        let ours = Run {
            args: standard.args.clone(),
            ..ours
        };
        let floor = Run {
            args: vec![answers.len().to_string()],
            ..Run::of(floor, &path)
        };
        let same = ours.output() == answers;
        let rounds = Rounds::of(&[standard.clone(), ours, floor]);
        ratios.push(rounds.ratio(1, 2));
        println!(
            "    {:<38} {:>9} bytes {:8.2} ms  /standard {:.3}  ours/floor {}  answers {}",
            name,
            text.len(),
            rounds.median_ms(1),
            rounds.ratio(1, 0),
            verdict(rounds.ratio(1, 2), goal),
            if same { "identical" } else { "DIFFER" },
        );
    }
    report::varied_row(case.name, &ratios);
    Ok(())
}

/// Times another input of the case against the peer.
fn bench_extra(case: &Case, extra: &Extra, peers: &Path, itself: &Path) -> io::Result<()> {
    let input = write_input(
        &format!("{}-{}", case.name, extra.name.replace(' ', "-")),
        extra.generate,
    )?;
    let ours = case.run(itself, &input);
    let peer_path = case.peer.as_ref().map(|peer| peers.join(peer.file));
    let peer_path = match peer_path.filter(|path| path.is_file()) {
        Some(path) => path,
        None => {
            let time = Rounds::of(&[ours]).median_ms(0);
            println!("  {:<28} {:8.2} ms  (no peer)", extra.name, time);
            return Ok(());
        }
    };
    let peer = Run::of(&peer_path, &input);
    let agree = ours.output() == peer.output();
    let rounds = Rounds::of(&[ours, peer]);
    let bytes = fs::metadata(&input)?.len();
    let peer_row = Some((rounds.median_ms(1), rounds.ratio(0, 1)));
    report::speed_row(
        case.name,
        extra.name,
        bytes,
        rounds.median_ms(0),
        peer_row,
        None,
    );
    println!(
        "  {:<28} {:8.2} ms  peer {:8.2} ms  ours/peer {}  outputs {}",
        extra.name,
        rounds.median_ms(0),
        rounds.median_ms(1),
        verdict(rounds.ratio(0, 1), extra.peer_goal),
        if agree { "agree" } else { "DIFFER" },
    );
    Ok(())
}

/// The I/O floor's job (`../shared/tools/io_floor.c`) in Rust, built as our binaries are:
/// reads all of stdin in 64 KiB reads, looking at every byte once (counting `\n`), then
/// writes `out_bytes` bytes to stdout in 64 KiB writes.
fn rust_floor(out_bytes: usize) -> io::Result<()> {
    let mut buf = vec![0u8; 1 << 16];
    let mut stdin = io::stdin().lock();
    let mut lines = 0;
    loop {
        match stdin.read(&mut buf) {
            Ok(0) => break,
            // Counted in byte lanes, 255 bytes at a time, so that it vectorises well.
            Ok(n) => {
                for run in buf[..n].chunks(255) {
                    lines += usize::from(run.iter().fold(0u8, |c, &b| c + u8::from(b == b'\n')));
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    for (i, b) in buf.iter_mut().enumerate() {
        *b = if i % 64 == 63 { b'\n' } else { b'x' };
    }
    let mut stdout = io::stdout().lock();
    let mut left = out_bytes;
    while left > 0 {
        let chunk = left.min(buf.len());
        stdout.write_all(&buf[..chunk])?;
        left -= chunk;
    }
    eprintln!("{lines} lines");
    Ok(())
}

fn main() -> ExitCode {
    // Cargo passes `--bench`; other words pick benchmarks by name.
    let args: Vec<String> = std::env::args().skip(1).collect();
    match &args[..] {
        [flag, bytes] if flag == "--rust-floor" => {
            let bytes = bytes.parse().expect("--rust-floor takes a byte count");
            return exit_code(rust_floor(bytes));
        }
        [flag, name] if flag == "--problem" => {
            let run = problems::run(name).or_else(|| toolkit::run(name));
            return run.unwrap_or_else(|| {
                let known = [&problems::NAMES[..], &toolkit::NAMES[..]]
                    .concat()
                    .join(", ");
                eprintln!("error: no problem named {name:?}; known: {known}");
                ExitCode::FAILURE
            });
        }
        _ => {}
    }
    let wanted: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let picks = |name: &str| wanted.iter().any(|w| name.contains(w.as_str()));
    let names = || {
        let tools = [interactive::NAME, toolkit::CALLS, toolkit::SIEVE, lab::NAME];
        (CASES.iter().map(|c| c.name)).chain(tools)
    };
    if let Some(unknown) = wanted
        .iter()
        .find(|w| !names().any(|name| name.contains(w.as_str())))
    {
        let known: Vec<&str> = names().collect();
        eprintln!(
            "error: no benchmark named {unknown:?}; known: {}.\n\
             A name picks every benchmark whose name contains it. To add one, write its \
             input generator in benches/speed/inputs.rs and a Case in CASES in \
             benches/speed.rs.",
            known.join(", ")
        );
        return ExitCode::from(2);
    }
    let result = bench_all(|name| wanted.is_empty() || picks(name));
    if result.is_ok() {
        report::write_readme(Path::new(env!("CARGO_MANIFEST_DIR")), wanted.is_empty());
    }
    exit_code(result)
}

/// Benchmarks the cases `picked` picks by name.
fn bench_all(picked: impl Fn(&str) -> bool) -> io::Result<()> {
    fs::create_dir_all(bench_dir())?;
    let peers = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/peers");
    let floor = build_floor();
    let itself = std::env::current_exe()?;
    for case in CASES {
        if picked(case.name) {
            bench(case, &peers, floor.as_deref(), &itself)?;
        }
    }
    if picked(interactive::NAME) {
        interactive::bench(&bench_dir())?;
    }
    if picked(toolkit::CALLS) {
        toolkit::calls();
    }
    if picked(toolkit::SIEVE) {
        toolkit::sieve();
    }
    if picked(lab::NAME) {
        lab::bench();
    }
    Ok(())
}

/// The release executable of the workspace's binary `name`, built first by `cargo build
/// --release` (quick when it is current): the problems are packages of their own, which
/// `cargo bench` does not build for the crate's bench.
fn release_binary(name: &str) -> &'static Path {
    static BUILT: std::sync::Mutex<Vec<(String, &'static Path)>> =
        std::sync::Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, exe)) = built.iter().find(|(n, _)| n == name) {
        return exe;
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "-q", "--release", "--bin", name])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status();
    assert!(
        status.map_or(false, |s| s.success()),
        "cargo build --release --bin {name} failed"
    );
    // The bench runs from target/release/deps/.
    let itself = std::env::current_exe().expect("the bench's path");
    let dir = itself
        .parent()
        .and_then(Path::parent)
        .expect("target/release");
    let exe: &'static Path = Box::leak(dir.join(name).into_boxed_path());
    built.push((name.to_string(), exe));
    exe
}

/// Success, or the error on stderr and a failure.
fn exit_code(result: io::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
