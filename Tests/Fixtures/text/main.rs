// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
use std::collections::HashMap;
use std::io::{self, BufRead};

#[derive(Debug, Default)]
struct Counter {
    words: HashMap<String, usize>,
}

impl Counter {
    fn add_line(&mut self, line: &str) {
        for word in line.split_whitespace() {
            *self.words.entry(word.to_lowercase()).or_insert(0) += 1;
        }
    }
}

fn main() -> io::Result<()> {
    let mut counter = Counter::default();
    for line in io::stdin().lock().lines() {
        counter.add_line(&line?);
    }
    let mut pairs: Vec<_> = counter.words.iter().collect();
    pairs.sort_by(|a, b| b.1.cmp(a.1));
    println!("{:?}", &pairs[..pairs.len().min(10)]);
    Ok(())
}
