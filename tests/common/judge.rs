//! Plays an interactive problem's player against its judge: `solve` in a thread, or a
//! program (the binary cargo built, a bundle) as a process, each byte between them kept for
//! the transcript. The judge is written with the same Reader and Writer as the player, and
//! asks [`Replies`] to pick each of its replies: every one in turn, game after game, so
//! that the player meets the whole game tree, or one at random.
//!
//! A game fails when the judge returns an error (a lost game, an illegal move, a protocol
//! error) or the player fails, panics, or waits for input while the judge waits for it;
//! the failure gives the judge's message and the transcript of the game.

pub use super::pipes::{PipeIn, PipeOut};
use super::pipes::{Pipes, Side};
use combgames::io::{Error, Reader, Result};
use combgames::write::Writer;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long a player process may take for a game before it is killed.
const PROCESS_LIMIT: Duration = Duration::from_secs(20);

/// Which reply a judge makes at each of its turns: every one in turn, or at random.
pub struct Replies {
    /// The state of a random generator, or `None` to try every reply.
    random: Option<u64>,
    /// Every reply: the game's choices so far, each `(chosen, out of)`, and those of the
    /// game before beyond them (the path to the next game starts with them).
    path: Vec<(u64, u64)>,
    turn: usize,
}

impl Replies {
    /// Every reply: game after game, the next path of the tree of replies, depth first.
    pub fn every() -> Replies {
        Replies {
            random: None,
            path: Vec::new(),
            turn: 0,
        }
    }

    /// Replies at random, from `seed`.
    pub fn random(seed: u64) -> Replies {
        Replies {
            random: Some(seed),
            ..Replies::every()
        }
    }

    /// The judge's reply, one of `0..n` (`n` at least 1).
    pub fn pick(&mut self, n: u64) -> u64 {
        assert!(n > 0, "a judge picks a reply out of none");
        if let Some(state) = &mut self.random {
            // SplitMix64.
            *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = *state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            return (z ^ (z >> 31)) % n;
        }
        if self.turn == self.path.len() {
            self.path.push((0, n));
        }
        let (chosen, of) = self.path[self.turn];
        assert_eq!(
            of, n,
            "the judge had {of} replies at its turn {} in the game before, now {n}: the same \
             replies must lead to the same game",
            self.turn
        );
        self.turn += 1;
        chosen
    }

    /// Moves to the next game: false when there is none (random replies play one game).
    pub fn next_game(&mut self) -> bool {
        if self.random.is_some() {
            return false;
        }
        self.path.truncate(self.turn);
        self.turn = 0;
        while let Some((chosen, of)) = self.path.pop() {
            if chosen + 1 < of {
                self.path.push((chosen + 1, of));
                return true;
            }
        }
        false
    }
}

/// The parts of a transcript, in order, each what one side wrote in a row.
type Parts = Vec<(Side, Vec<u8>)>;

/// What the judge sent and received, in order.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Parts>>);

impl Log {
    fn add(&self, side: Side, bytes: &[u8]) {
        let mut parts = self.0.lock().unwrap();
        match parts.last_mut() {
            Some((last, text)) if *last == side => text.extend_from_slice(bytes),
            _ => parts.push((side, bytes.to_vec())),
        }
    }

    /// The transcript, a line each: `> ` before the judge's lines, `< ` before the
    /// player's; a long one keeps its first 40 lines and its last 160.
    fn show(&self) -> String {
        let mut lines = Vec::new();
        for (side, text) in self.0.lock().unwrap().iter() {
            let mark = if *side == Side::Judge { "> " } else { "< " };
            for line in String::from_utf8_lossy(text).split_inclusive('\n') {
                let end = if line.ends_with('\n') {
                    ""
                } else {
                    " (no line end)"
                };
                lines.push(format!("{mark}{}{end}", line.trim_end_matches('\n')));
            }
        }
        if lines.is_empty() {
            lines.push("(nothing)".to_string());
        }
        if lines.len() > 200 {
            let cut = format!("... {} lines ...", lines.len() - 200);
            lines.splice(40..lines.len() - 160, [cut]);
        }
        lines.join("\n")
    }
}

/// The judge's input: what the player writes, logged as it is read.
pub struct FromPlayer {
    inner: Box<dyn Read + Send>,
    log: Log,
}

impl Read for FromPlayer {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.log.add(Side::Player, &buf[..n]);
        Ok(n)
    }
}

/// The judge's output to the player, logged as it is written.
pub struct ToPlayer {
    inner: Box<dyn Write + Send>,
    log: Log,
}

impl Write for ToPlayer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.log.add(Side::Judge, &buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// An interactive problem's judge: it sends `start` (a sample's `.in`, say) to the player
/// on its reader and writer, then plays, its replies picked by `Replies`; `Ok` if the
/// player played right. What it wrote last reaches the player when it returns.
pub type Judge =
    fn(start: &[u8], &mut Reader<FromPlayer>, &mut Writer<ToPlayer>, &mut Replies) -> Result<()>;

/// A problem's `solve` as it plays in a thread.
pub type Solve<'a> = dyn Fn(&mut Reader<PipeIn>, &mut Writer<PipeOut>) -> Result<()> + Sync + 'a;

/// Who plays against the judge.
#[derive(Clone, Copy)]
pub enum Player<'a> {
    /// A problem's `solve`, in a thread.
    Solve(&'a Solve<'a>),
    /// A program, as a process: the binary cargo built, or a bundle.
    Program(&'a Path),
}

/// Plays one game of `player` against `judge` from `start`, the judge's replies picked by
/// `replies`: the transcript, or why the game failed and its transcript.
pub fn game(
    player: Player,
    judge: Judge,
    start: &[u8],
    replies: &mut Replies,
) -> std::result::Result<String, String> {
    let log = Log::default();
    let played = match player {
        Player::Solve(solve) => game_in_thread(solve, (judge, start), replies, &log),
        Player::Program(exe) => game_with_process(exe, (judge, start), replies, &log),
    };
    let shown = || format!("transcript (> the judge, < the player):\n{}", log.show());
    played
        .map(|()| log.show())
        .map_err(|why| format!("{why}\n{}", shown()))
}

/// Plays `player` against `judge` from each of `starts` with every reply of the judge, game
/// after game, a few starts at a time: how many games in all, or a game that failed, with
/// its start and its transcript.
pub fn every_game(
    player: Player,
    judge: Judge,
    starts: &[String],
) -> std::result::Result<usize, String> {
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(None);
    let games = AtomicUsize::new(0);
    let every_game_from = |start: &String| {
        let mut replies = Replies::every();
        for played in 1.. {
            let shown = || format!("start {start:?}, game {played}");
            game(player, judge, start.as_bytes(), &mut replies)
                .map_err(|why| format!("{}: {why}", shown()))?;
            if !replies.next_game() {
                games.fetch_add(played, Ordering::Relaxed);
                break;
            }
        }
        Ok(())
    };
    // Games wait on each other's moves more than they compute: a few at once keep the
    // cores busy.
    thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                while let Some(start) = starts.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if failed.lock().unwrap().is_some() {
                        break;
                    }
                    if let Err(why) = every_game_from(start) {
                        failed.lock().unwrap().get_or_insert(why);
                    }
                }
            });
        }
    });
    match failed.into_inner().unwrap() {
        Some(why) => Err(why),
        None => Ok(games.into_inner()),
    }
}

/// Why a game failed, from the judge's verdict and the player's end: `Ok` if neither
/// failed. A player that ended without a fault before the game did, so that the judge
/// found the end of its output or could not send it a move, lost the game.
fn failure(
    judged: Result<()>,
    player: std::result::Result<(), String>,
) -> std::result::Result<(), String> {
    let stopped = |e: &Error| match e {
        Error::Io(e) => e.kind() == io::ErrorKind::BrokenPipe,
        Error::Parse { found, .. } => found == "end of input",
        Error::Rule { .. } => false,
    };
    match (judged, player) {
        (Ok(()), Ok(())) => Ok(()),
        (Err(judge), Ok(())) if stopped(&judge) => Err(format!(
            "the player stopped before the game ended: a lost game (the judge: {judge})"
        )),
        (Ok(()), Err(player)) => Err(format!("the judge is content, but the player {player}")),
        (Err(judge), Ok(())) => Err(format!("the judge says: {judge}")),
        (Err(judge), Err(player)) => Err(format!("the judge says: {judge}\nthe player {player}")),
    }
}

/// A game of `solve`, in a thread, against `judge` from `start`.
fn game_in_thread(
    solve: &Solve,
    (judge, start): (Judge, &[u8]),
    replies: &mut Replies,
    log: &Log,
) -> std::result::Result<(), String> {
    let pipes = Arc::new(Pipes::default());
    thread::scope(|scope| {
        let (input, output) = (
            PipeIn::new(&pipes, Side::Player),
            PipeOut::new(&pipes, Side::Player),
        );
        let player = scope.spawn(move || {
            let mut out = Writer::new(output);
            let played = solve(&mut Reader::new(input), &mut out);
            played.and_then(|()| Ok(out.flush()?))
        });
        let judged = {
            let input = Box::new(PipeIn::new(&pipes, Side::Judge));
            let output = Box::new(PipeOut::new(&pipes, Side::Judge));
            let mut rd = Reader::new(FromPlayer {
                inner: input,
                log: log.clone(),
            });
            let mut out = Writer::new(ToPlayer {
                inner: output,
                log: log.clone(),
            });
            judge(start, &mut rd, &mut out, replies).and_then(|()| Ok(out.flush()?))
        };
        let ended = match player.join() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("failed: {e}")),
            Err(panic) => {
                let message = (panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .or_else(|| panic.downcast_ref::<String>().cloned());
                Err(format!("panicked: {}", message.unwrap_or_default()))
            }
        };
        failure(judged, ended)
    })
}

/// A game of program `exe`, as a process, against `judge` from `start`.
fn game_with_process(
    exe: &Path,
    (judge, start): (Judge, &[u8]),
    replies: &mut Replies,
    log: &Log,
) -> std::result::Result<(), String> {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let (stdin, stdout) = (child.stdin.take().unwrap(), child.stdout.take().unwrap());
    let mut stderr = child.stderr.take().unwrap();
    let errors = thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    // The process ends by itself, or is killed after PROCESS_LIMIT: then the judge's read
    // ends too, and the test does not hang.
    let watch = thread::spawn(move || {
        let began = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return (status, false),
                _ if began.elapsed() > PROCESS_LIMIT => {
                    let _ = child.kill();
                    return (child.wait().expect("a killed child ends"), true);
                }
                _ => thread::sleep(Duration::from_micros(200)),
            }
        }
    });
    let judged = {
        let mut rd = Reader::new(FromPlayer {
            inner: Box::new(stdout),
            log: log.clone(),
        });
        let mut out = Writer::new(ToPlayer {
            inner: Box::new(stdin),
            log: log.clone(),
        });
        judge(start, &mut rd, &mut out, replies).and_then(|()| Ok(out.flush()?))
    };
    let (status, killed) = watch.join().unwrap();
    let stderr = errors.join().unwrap();
    let stderr = stderr.trim_end();
    let ended = match (status.success(), killed) {
        (true, _) => Ok(()),
        (false, true) => Err(format!(
            "was killed after {PROCESS_LIMIT:?}, stderr: {stderr}"
        )),
        (false, false) => Err(format!("ended with {status}, stderr: {stderr}")),
    };
    failure(judged, ended)
}
