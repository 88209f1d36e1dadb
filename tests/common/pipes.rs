//! Two one-way pipes in memory between a judge and a player in threads, for
//! `judge::game`. A move written in one piece may arrive in several; and when both sides
//! wait to read, which over real pipes would hang for ever, both reads fail at once.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;

/// Times a reader looks again for input before it sleeps.
const SPINS: usize = 50;

/// A side of the game: who wrote a part of a transcript, or holds a pipe's end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    Judge = 0,
    Player = 1,
}

/// The pipes both ways, and what each side is doing.
#[derive(Default)]
pub struct Pipes {
    state: Mutex<PipeState>,
    changed: Condvar,
}

/// The bytes under way and the state of each side.
#[derive(Default)]
struct PipeState {
    /// What each side wrote that the other has not read, by `Side`.
    written: [VecDeque<u8>; 2],
    /// Whether each side closed its output, and its input.
    closed: [bool; 2],
    gone: [bool; 2],
    /// Whether each side waits to read.
    waiting: [bool; 2],
    /// Reads so far: a read of the player's gets at most 1, 2, 3, 1, ... bytes, so that a
    /// move arrives in pieces.
    reads: usize,
    /// Writes and closes so far, to see one without waiting.
    writes: usize,
    /// Whether both sides waited to read at once: every read and write fails since.
    stuck: bool,
}

/// The input of one side.
pub struct PipeIn {
    pipes: Arc<Pipes>,
    side: Side,
}

/// The output of one side.
pub struct PipeOut {
    pipes: Arc<Pipes>,
    side: Side,
}

impl PipeIn {
    /// The input of `side`.
    pub fn new(pipes: &Arc<Pipes>, side: Side) -> PipeIn {
        PipeIn {
            pipes: Arc::clone(pipes),
            side,
        }
    }
}

impl PipeOut {
    /// The output of `side`.
    pub fn new(pipes: &Arc<Pipes>, side: Side) -> PipeOut {
        PipeOut {
            pipes: Arc::clone(pipes),
            side,
        }
    }
}

fn other(side: Side) -> usize {
    1 - side as usize
}

impl Read for PipeIn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (me, from) = (self.side as usize, other(self.side));
        let mut state = self.pipes.state.lock().unwrap();
        let mut spun = false;
        loop {
            if !state.written[from].is_empty() {
                state.reads += 1;
                let most = match self.side {
                    Side::Player => state.reads % 3 + 1,
                    Side::Judge => usize::MAX,
                };
                let n = buf.len().min(most).min(state.written[from].len());
                for (to, b) in buf.iter_mut().zip(state.written[from].drain(..n)) {
                    *to = b;
                }
                return Ok(n);
            }
            if state.closed[from] {
                return Ok(0);
            }
            if state.waiting[from] || state.stuck {
                state.stuck = true;
                self.pipes.changed.notify_all();
                let why = "both sides wait to read: one did not flush what it wrote, or waits \
                           for more than the other sent";
                return Err(io::Error::new(io::ErrorKind::WouldBlock, why));
            }
            if !spun {
                // A short wait for the other side first, as waking a sleeping thread costs
                // more; then the checks above again.
                spun = true;
                let writes = state.writes;
                drop(state);
                for _ in 0..SPINS {
                    thread::yield_now();
                    if self.pipes.state.lock().unwrap().writes != writes {
                        break;
                    }
                }
                state = self.pipes.state.lock().unwrap();
                continue;
            }
            // Checked and marked in one hold of the lock: the other side sees it.
            state.waiting[me] = true;
            state = self.pipes.changed.wait(state).unwrap();
            state.waiting[me] = false;
        }
    }
}

impl Write for PipeOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let me = self.side as usize;
        let mut state = self.pipes.state.lock().unwrap();
        if state.stuck {
            // What a side writes once both waited (its writer's drop, say) came too late.
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "both sides waited",
            ));
        }
        if state.gone[other(self.side)] {
            let why = "the other side closed its input";
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, why));
        }
        state.written[me].extend(buf);
        state.writes += 1;
        // The other side has something to read: it no longer waits.
        state.waiting[other(self.side)] = false;
        self.pipes.changed.notify_all();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for PipeIn {
    fn drop(&mut self) {
        self.pipes.state.lock().unwrap().gone[self.side as usize] = true;
    }
}

impl Drop for PipeOut {
    fn drop(&mut self) {
        let mut state = self.pipes.state.lock().unwrap();
        state.closed[self.side as usize] = true;
        state.writes += 1;
        state.waiting[other(self.side)] = false;
        self.pipes.changed.notify_all();
    }
}
