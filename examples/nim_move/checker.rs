//! The checker of nim_move: each answer a line of its own, a move `i x` that leaves a
//! nim-sum of 0, or `LOSE` when no move does.

use combgames::io::{describe, Reader, Result};

/// Checks nim_move's `output` on `input` (an expected output would tell nothing more).
pub fn check(input: &[u8], output: &[u8], _expected: Option<&[u8]>) -> Result<()> {
    let (mut rd, mut answers) = (Reader::new(input), Reader::new(output));
    for _ in 0..rd.u64("T")? {
        let k = rd.usize("k")?;
        let heaps = (0..k)
            .map(|_| rd.u64("a heap"))
            .collect::<Result<Vec<_>>>()?;
        let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        // The line as written: a blank line, or a space too many, is a wrong answer.
        let answer = String::from_utf8_lossy(answers.line("an answer")?).into_owned();
        let words: Vec<&str> = answer.split(' ').collect();
        let right = match (sum, &words[..]) {
            (0, ["LOSE"]) => true,
            (0, _) => false,
            (_, [i, x]) => match (i.parse::<usize>(), x.parse::<u64>()) {
                (Ok(i), Ok(x)) if (1..=k).contains(&i) && (1..=heaps[i - 1]).contains(&x) => {
                    sum ^ heaps[i - 1] ^ (heaps[i - 1] - x) == 0
                }
                _ => false,
            },
            _ => false,
        };
        if !right {
            let expected = match sum {
                0 => "LOSE".to_string(),
                _ => format!("a winning move i x, i in 1..={k}"),
            };
            return Err(answers.error(&expected, describe(answer.as_bytes())));
        }
    }
    answers.expect_end()
}
