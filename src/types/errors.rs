//! Type errors, worded as OCaml words them, and the "did you mean" hint.

/// OCaml's edit distance for hints (`Misc.edit_distance`): insertions,
/// deletions, substitutions and transpositions of adjacent characters each
/// cost 1; `None` when it exceeds `cutoff`.
pub fn edit_distance(a: &str, b: &str, cutoff: usize) -> Option<usize> {
    let a = a.as_bytes();
    let b = b.as_bytes();
    if a.len().abs_diff(b.len()) > cutoff {
        return None;
    }
    // d[i][j]: distance between a[..i] and b[..j]; three rows suffice.
    let width = b.len() + 1;
    let mut prev2 = vec![0usize; width];
    let mut prev: Vec<usize> = (0..width).collect();
    let mut cur = vec![0usize; width];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= cutoff).then_some(d)
}

/// The closest names to `name` among `candidates`, as OCaml's
/// `Misc.spellcheck` chooses them: the allowed distance grows with the
/// length of the name, and all the names at the best distance are kept.
pub fn spellcheck<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Vec<String> {
    let cutoff = match name.len() {
        0..=2 => 0,
        3 | 4 => 1,
        5 | 6 => 2,
        _ => 3,
    };
    let mut best: Vec<String> = Vec::new();
    let mut best_dist = usize::MAX;
    for c in candidates {
        if c == name {
            continue;
        }
        if let Some(d) = edit_distance(name, c, cutoff) {
            if d < best_dist {
                best = vec![c.to_string()];
                best_dist = d;
            } else if d == best_dist && !best.iter().any(|b| b == c) {
                best.push(c.to_string());
            }
        }
    }
    best.sort();
    best
}

/// `Hint: Did you mean x, y or z?`, or nothing.
pub fn did_you_mean(choices: &[String]) -> Option<String> {
    match choices {
        [] => None,
        [one] => Some(format!("Hint: Did you mean {}?", one)),
        [rest @ .., last] => Some(format!(
            "Hint: Did you mean {} or {}?",
            rest.join(", "),
            last
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("prnt_int", "print_int", 3), Some(1));
        assert_eq!(edit_distance("lenght", "length", 2), Some(1));
        assert_eq!(edit_distance("abc", "xyz", 1), None);
    }

    #[test]
    fn hints() {
        let names = ["print_int", "print_string", "prerr_int", "List"];
        let found = spellcheck("prnt_int", names.iter().copied());
        assert_eq!(
            did_you_mean(&found).as_deref(),
            Some("Hint: Did you mean print_int?")
        );
        assert!(spellcheck("zz", names.iter().copied()).is_empty());
    }
}
