//! The checker of nim_move: each answer a move that leaves a nim-sum of 0, or `LOSE` when
//! no move does.

use combgames::io::{Reader, Result};

/// Checks nim_move's `output` on `input` (an expected output would tell nothing more).
pub fn check(input: &[u8], output: &[u8], _expected: Option<&[u8]>) -> Result<()> {
    let (mut rd, mut answers) = (Reader::new(input), Reader::new(output));
    for _ in 0..rd.u64("T")? {
        let k = rd.usize("k")?;
        let heaps = (0..k)
            .map(|_| rd.u64("a heap"))
            .collect::<Result<Vec<_>>>()?;
        let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        let answer = String::from_utf8_lossy(answers.token("an answer")?).into_owned();
        let i = match (answer.as_str(), answer.parse::<usize>()) {
            ("LOSE", _) if sum == 0 => continue,
            (_, Ok(i)) if (1..=k).contains(&i) && sum != 0 => i,
            _ if sum == 0 => return Err(answers.error("LOSE", answer)),
            _ => return Err(answers.error(&format!("a winning move of heap 1 to {k}"), answer)),
        };
        let x = answers.u64_in(1..=heaps[i - 1], "stones x of heap i")?;
        if sum ^ heaps[i - 1] ^ (heaps[i - 1] - x) != 0 {
            return Err(answers.error("a move to a nim-sum of 0", format!("{i} {x}")));
        }
    }
    answers.expect_end()
}
