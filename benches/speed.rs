//! `cargo bench [-- NAME...]`: wall time of each binary on a deterministic max-size input,
//! against the reference C++ binary in `../shared/peers/` when that folder exists.
//!
//! Inputs are generated into the system's temporary folder, never into the repository. Each
//! command runs once to warm up, then `RUNS` times; the median counts. When `/usr/bin/time`
//! exists, one more run of each reports peak memory.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 9;

/// A benchmark: a binary, its input generator, and what to compare it with.
struct Case {
    binary: &'static str,
    exe: &'static str,
    /// File name of the reference C++ solution in `../shared/peers/`.
    peer: &'static str,
    /// Goal: our time / peer time at most this.
    peer_goal: f64,
    generate: fn(&mut Rng, &mut dyn Write) -> io::Result<()>,
}

const CASES: &[Case] = &[
    Case {
        binary: "marble_diamond",
        exe: env!("CARGO_BIN_EXE_marble_diamond"),
        peer: "marble_metaphysis",
        peer_goal: 1.0 / 3.0,
        generate: marble_boards,
    },
    Case {
        binary: "tic_tac_toe_nim",
        exe: env!("CARGO_BIN_EXE_tic_tac_toe_nim"),
        peer: "tictactoe_nim",
        peer_goal: 1.0 / 4.0,
        generate: nim_grids,
    },
    Case {
        binary: "hdu6597",
        exe: env!("CARGO_BIN_EXE_hdu6597"),
        peer: "hdu6597",
        peer_goal: 1.0 / 4.0,
        generate: partizan_boards,
    },
    Case {
        binary: "card_game",
        exe: env!("CARGO_BIN_EXE_card_game"),
        peer: "card_game",
        peer_goal: 1.0 / 4.0,
        generate: card_board,
    },
    Case {
        binary: "hyper_knights",
        exe: env!("CARGO_BIN_EXE_hyper_knights"),
        peer: "hyper_knights",
        peer_goal: 1.0 / 3.0,
        generate: knight_cases,
    },
];

/// SplitMix64: small, fast, and the same everywhere, so inputs are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`, nearly uniform for small `n`.
    fn below(&mut self, n: u64) -> u64 {
        ((self.next() >> 32) * n) >> 32
    }
}

/// 10^6 random boards in the problem's layout (about 45 MB).
fn marble_boards(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const BOARDS: usize = 1_000_000;
    writeln!(out, "{BOARDS}")?;
    for _ in 0..BOARDS {
        let bits = rng.next();
        let mut i = 0;
        out.write_all(b"\n")?;
        for row in 0..7i32 {
            let indent = (3 - row).unsigned_abs() as usize;
            let mut line = " ".repeat(indent);
            for k in 0..4 - indent {
                if k > 0 {
                    line.push(' ');
                }
                // Two marbles in three holes on average, as in mid-game positions.
                line.push(if (bits >> (2 * i)) & 3 == 0 { '.' } else { '*' });
                i += 1;
            }
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// 5 x 10^5 grids of random piles in 1..=10^9, three per line (about 45 MB).
fn nim_grids(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const GRIDS: usize = 500_000;
    writeln!(out, "{GRIDS}")?;
    for _ in 0..GRIDS {
        for _ in 0..3 {
            let [a, b, c] = [(); 3].map(|_| 1 + rng.below(1_000_000_000));
            writeln!(out, "{a} {b} {c}")?;
        }
    }
    Ok(())
}

/// 10^6 random boards in cases of 1 to 9 boards, rows written `O|.|X` (about 18 MB).
fn partizan_boards(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const BOARDS: u64 = 1_000_000;
    let mut sizes = Vec::new();
    let mut total = 0;
    while total < BOARDS {
        let n = (1 + rng.below(9)).min(BOARDS - total);
        sizes.push(n);
        total += n;
    }
    writeln!(out, "{}", sizes.len())?;
    for n in sizes {
        writeln!(out, "{n}")?;
        for _ in 0..3 * n {
            // Mostly pieces, some empty or banned cells.
            let [a, b, c] = [(); 3].map(|_| b"..#OOXX"[rng.below(7) as usize]);
            out.write_all(&[a, b'|', b, b'|', c, b'\n'])?;
        }
    }
    Ok(())
}

/// The largest board, 25 x 25, with random colours: the work is in the Grundy values.
fn card_board(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const SIDE: usize = 25;
    writeln!(out, "{SIDE} {SIDE}")?;
    for _ in 0..SIDE {
        let row: String = (0..SIDE)
            .map(|_| ['R', 'G', 'B'][rng.below(3) as usize])
            .collect();
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// The most the format allows: 200 cases of 1000 knights anywhere on the board (1.5 MB).
fn knight_cases(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const CASES: usize = 200;
    const KNIGHTS: usize = 1000;
    writeln!(out, "{CASES}")?;
    for _ in 0..CASES {
        writeln!(out, "{KNIGHTS}")?;
        for _ in 0..KNIGHTS {
            writeln!(out, "{} {}", rng.below(500), rng.below(500))?;
        }
    }
    Ok(())
}

/// Counts `*` bytes read from stdin in 1 MiB chunks: the floor for a program that must look
/// at every byte of the marble input.
fn count_stars() -> io::Result<()> {
    let mut buf = vec![0u8; 1 << 20];
    let mut stdin = io::stdin().lock();
    let mut stars = 0usize;
    loop {
        let n = stdin.read(&mut buf)?;
        if n == 0 {
            break;
        }
        stars += buf[..n].iter().filter(|&&b| b == b'*').count();
    }
    println!("{stars}");
    Ok(())
}

fn input_path(binary: &str) -> PathBuf {
    std::env::temp_dir()
        .join("combgames-bench")
        .join(format!("{binary}.in"))
}

fn run_once(program: &Path, args: &[&str], input: &Path, stdout: Stdio) -> Duration {
    let start = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdin(fs::File::open(input).expect("input opens"))
        .stdout(stdout)
        .status()
        .expect("program runs");
    let elapsed = start.elapsed();
    assert!(status.success(), "{} failed", program.display());
    elapsed
}

/// Median wall time over `RUNS` runs after one warm-up.
fn median_time(program: &Path, args: &[&str], input: &Path) -> Duration {
    run_once(program, args, input, Stdio::null());
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| run_once(program, args, input, Stdio::null()))
        .collect();
    times.sort();
    times[RUNS / 2]
}

/// Peak resident memory in KB, by `/usr/bin/time -f %M`, if that exists.
fn peak_memory_kb(program: &Path, input: &Path) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.is_file() {
        return None;
    }
    let output = Command::new(time)
        .args(["-f", "%M"])
        .arg(program)
        .stdin(fs::File::open(input).ok()?)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&output.stderr);
    text.lines().last()?.trim().parse().ok()
}

fn output_of(program: &Path, input: &Path) -> Vec<u8> {
    Command::new(program)
        .stdin(fs::File::open(input).expect("input opens"))
        .output()
        .expect("program runs")
        .stdout
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn bench(case: &Case, peers: &Path) -> io::Result<()> {
    let input = input_path(case.binary);
    fs::create_dir_all(input.parent().unwrap())?;
    // One large write: a file written in small pieces can read back slower (seen here).
    let mut text = Vec::new();
    (case.generate)(&mut Rng(0x5EED), &mut text)?;
    fs::write(&input, &text)?;
    drop(text);
    let bytes = fs::metadata(&input)?.len();
    let megabytes = bytes as f64 / 1e6;

    let ours = Path::new(case.exe);
    let time = median_time(ours, &[], &input);
    let memory = peak_memory_kb(ours, &input);
    println!(
        "{:<16} {:>10} bytes  {:8.2} ms  {:7.1} MB/s  peak {} KB",
        case.binary,
        bytes,
        ms(time),
        megabytes / time.as_secs_f64(),
        memory.map_or("?".into(), |kb| kb.to_string()),
    );

    let peer = peers.join(case.peer);
    if peer.is_file() {
        let peer_time = median_time(&peer, &[], &input);
        let ratio = time.as_secs_f64() / peer_time.as_secs_f64();
        let agree = output_of(ours, &input) == output_of(&peer, &input);
        println!(
            "  peer {:<20} {:8.2} ms  peak {} KB  ratio {:.3} (goal <= {:.3}: {})  outputs {}",
            case.peer,
            ms(peer_time),
            peak_memory_kb(&peer, &input).map_or("?".into(), |kb| kb.to_string()),
            ratio,
            case.peer_goal,
            if ratio <= case.peer_goal {
                "met"
            } else {
                "MISSED"
            },
            if agree { "agree" } else { "DIFFER" },
        );
    }
    if case.binary == "marble_diamond" {
        let me = std::env::current_exe()?;
        let floor = median_time(&me, &["--count-stars"], &input);
        let ratio = time.as_secs_f64() / floor.as_secs_f64();
        println!(
            "  count '*' in 1 MiB reads {:8.2} ms  ratio {:.3} (goal <= 2: {})",
            ms(floor),
            ratio,
            if ratio <= 2.0 { "met" } else { "MISSED" },
        );
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--count-stars") {
        return count_stars();
    }
    // Cargo passes `--bench`; other words pick benchmarks by name.
    let wanted: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let peers = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/peers");
    for case in CASES {
        if wanted.is_empty() || wanted.iter().any(|w| case.binary.contains(w.as_str())) {
            bench(case, &peers)?;
        }
    }
    Ok(())
}
