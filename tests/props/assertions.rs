//! The tests' own assertions: a failing `common::assert_errors` shows a long input by a
//! short excerpt around the lines its errors name, not whole.

use std::panic::{catch_unwind, AssertUnwindSafe};

/// The message of `assert_errors` failing on `input`, expecting `error` and no answer, where
/// the run prints `answers` and fails with `found`.
fn failure(input: &str, error: &str, answers: &str, found: &str) -> String {
    let run = |_: &str| (answers.to_string(), Some(found.to_string()));
    let cases = [(input, "", error)];
    let failed = catch_unwind(AssertUnwindSafe(|| common::assert_errors(run, &cases)));
    let payload = failed.expect_err("assert_errors passed a wrong error");
    payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn a_failure_on_a_long_input_shows_the_lines_its_errors_name() {
    let long = format!("2\n1 7\n200000 {}\n5\n", "1 ".repeat(200_000));
    let message = failure(
        &long,
        "line 3: expected a heap, found 1",
        "First\n",
        "line 4: expected the end",
    );
    assert!(message.len() < 1000, "{} bytes: {message}", message.len());
    for shown in [
        "of 400016 bytes, 4 lines:",
        "line 1: \"2\"",
        "line 2: \"1 7\"",
        "line 3: \"200000 1 1 1",
        "line 4: \"5\"",
        "the answers, line 1: 1 of 1 lines differ",
        "found: \"line 4: expected the end\"",
    ] {
        assert!(message.contains(shown), "{shown:?} not in {message}");
    }
}

#[test]
fn a_failure_on_a_short_input_shows_it_whole() {
    let message = failure("1\n0\n", "line 2: expected a heap", "", "line 2: no");
    assert!(message.contains("on the input \"1\\n0\\n\"\n"), "{message}");
    assert!(
        message.contains("the answers before it: as expected"),
        "{message}"
    );
}

#[test]
fn a_right_error_passes() {
    let run = |_: &str| (String::from("First\n"), Some(String::from("line 2: x")));
    common::assert_errors(run, &[("1\n1\n", "First\n", "line 2: x")]);
}
