//! The modules of `arena` and `agents` as a graph of `use crate::...` edges, read from
//! their sources: each shared piece has one owner below its users, so that no two
//! modules use each other. A circle is two modules A and B where A uses something of B
//! and B, through any path of modules, something of A.
//!
//! The reading is lexical, not the compiler's: comments and literals are blanked, every
//! `use` (with its braces) and every `crate::` / `super::` / `self::` path in code is
//! resolved to the file module that defines what it names, following `pub use`
//! re-exports to their source. Test modules count like the rest.
//! `cargo test -p arena --test module_edges -- --nocapture` prints the edges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from its crate's root: `[]` for `lib.rs`, `["external", "agent"]` for
/// `external/agent.rs`.
type ModulePath = Vec<String>;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    /// `::`.
    Path,
    Punct(char),
}

/// `text` with comments removed and the contents of string and character literals left
/// out, so that neither a doc link nor a format string reads as code.
fn blank(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let after_ident = i > 0 && ident(chars[i - 1]);
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
            continue;
        }
        if !after_ident && (c == 'r' || (c == 'b' && next == Some('r'))) {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) == Some(&'"') {
                j += 1;
                while j < chars.len() {
                    if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
                continue;
            }
        }
        if c == '"' {
            let mut j = i + 1;
            while j < chars.len() {
                match chars[j] {
                    '\\' => j += 2,
                    '"' => {
                        j += 1;
                        break;
                    }
                    _ => j += 1,
                }
            }
            out.push_str("\"\"");
            i = j;
            continue;
        }
        if c == '\'' {
            // A character literal ('x', '\n', '\u{7f}'); otherwise a lifetime.
            if next == Some('\\') {
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                out.push_str("' '");
                i = j + 1;
                continue;
            }
            if chars.get(i + 2) == Some(&'\'') {
                out.push_str("' '");
                i += 3;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(Token::Path);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

fn is_ident(token: Option<&Token>, word: &str) -> bool {
    matches!(token, Some(Token::Ident(w)) if w == word)
}

/// The paths of a use tree starting at `tokens[*at]`, each with the name it is known by
/// (its last segment, or its alias); `self` in braces names the prefix itself.
fn use_tree(
    tokens: &[Token],
    at: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut path = prefix.to_vec();
    loop {
        match tokens.get(*at) {
            Some(Token::Path) => *at += 1,
            Some(Token::Punct('{')) => {
                *at += 1;
                loop {
                    match tokens.get(*at) {
                        Some(Token::Punct('}')) => {
                            *at += 1;
                            return;
                        }
                        Some(Token::Punct(',')) => *at += 1,
                        None => return,
                        _ => use_tree(tokens, at, &path, out),
                    }
                }
            }
            Some(Token::Punct('*')) => {
                *at += 1;
                path.push("*".into());
                out.push((path, "*".into()));
                return;
            }
            Some(Token::Ident(word)) => {
                *at += 1;
                if word == "self" && !path.is_empty() && path.len() == prefix.len() {
                    let name = path.last().cloned().unwrap_or_default();
                    out.push((path, name));
                    return;
                }
                path.push(word.clone());
                if tokens.get(*at) == Some(&Token::Path) {
                    continue;
                }
                let mut name = word.clone();
                if is_ident(tokens.get(*at), "as") {
                    if let Some(Token::Ident(alias)) = tokens.get(*at + 1) {
                        name = alias.clone();
                    }
                    *at += 2;
                }
                out.push((path, name));
                return;
            }
            _ => return,
        }
    }
}

/// One file's `use` paths and code paths, each with the module it was written in (the
/// file's, or an inline module's below it), and its `pub use` re-exports by name.
struct Source {
    file: ModulePath,
    /// `(module written in, path as written)`.
    paths: Vec<(ModulePath, Vec<String>)>,
    /// `(name, path as written)` of the file's top-level `pub use` items.
    exports: Vec<(String, Vec<String>)>,
}

fn read_source(file: ModulePath, text: &str) -> Source {
    let tokens = tokens(&blank(text));
    let mut source = Source {
        file: file.clone(),
        paths: Vec::new(),
        exports: Vec::new(),
    };
    // Inline modules open: (name, brace depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut pending: Option<String> = None;
    let mut at = 0;
    while at < tokens.len() {
        let here: ModulePath = file
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        match &tokens[at] {
            Token::Punct('{') => {
                depth += 1;
                if let Some(name) = pending.take() {
                    inline.push((name, depth));
                }
                at += 1;
            }
            Token::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
                at += 1;
            }
            Token::Punct(';') => {
                pending = None;
                at += 1;
            }
            Token::Ident(word) if word == "mod" => {
                if let Some(Token::Ident(name)) = tokens.get(at + 1) {
                    pending = Some(name.clone());
                }
                at += 2;
            }
            Token::Ident(word) if word == "use" => {
                let public = at > 0
                    && (is_ident(tokens.get(at - 1), "pub")
                        || (tokens.get(at - 1) == Some(&Token::Punct(')'))
                            && at >= 4
                            && is_ident(tokens.get(at - 4), "pub")));
                at += 1;
                let mut tree = Vec::new();
                use_tree(&tokens, &mut at, &[], &mut tree);
                for (path, name) in tree {
                    if public && inline.is_empty() && name != "*" {
                        source.exports.push((name, path.clone()));
                    }
                    source.paths.push((here.clone(), path));
                }
            }
            Token::Ident(word)
                if ["crate", "super", "self"].contains(&word.as_str())
                    && tokens.get(at + 1) == Some(&Token::Path)
                    && (at == 0 || tokens[at - 1] != Token::Path) =>
            {
                let mut path = vec![word.clone()];
                at += 1;
                while tokens.get(at) == Some(&Token::Path) {
                    match tokens.get(at + 1) {
                        Some(Token::Ident(next)) => {
                            path.push(next.clone());
                            at += 2;
                        }
                        _ => break,
                    }
                }
                source.paths.push((here, path));
            }
            _ => at += 1,
        }
    }
    source
}

/// A crate's modules and the edges between them.
struct Crate {
    name: &'static str,
    sources: BTreeMap<ModulePath, Source>,
}

impl Crate {
    fn read(name: &'static str, src: &Path) -> Crate {
        let mut sources = BTreeMap::new();
        let mut folders = vec![src.to_path_buf()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                    continue;
                }
                if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                    continue;
                }
                let relative = path.strip_prefix(src).unwrap();
                let mut module: ModulePath = relative
                    .with_extension("")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                match module.last().map(String::as_str) {
                    // The binary is a crate of its own, which uses this one from outside.
                    Some("main") if module.len() == 1 => continue,
                    Some("lib") if module.len() == 1 => module.clear(),
                    Some("mod") => {
                        module.pop();
                    }
                    _ => {}
                }
                let text = std::fs::read_to_string(&path).unwrap();
                sources.insert(module.clone(), read_source(module, &text));
            }
        }
        Crate { name, sources }
    }

    /// `path` written in module `here`, from the crate's root; `None` for another
    /// crate's.
    fn absolute(&self, here: &[String], path: &[String]) -> Option<Vec<String>> {
        let mut base = here.to_vec();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A path from a module in scope: a child of the file's module.
                let mut child = base.clone();
                child.push(first.to_string());
                if !self.sources.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file module that defines what the absolute `path` names, through re-exports.
    fn owner(&self, path: &[String], hops: usize) -> ModulePath {
        let module = (0..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|prefix| self.sources.contains_key(prefix))
            .unwrap_or_default();
        if hops < 8 {
            if let Some(name) = path.get(module.len()) {
                let source = &self.sources[&module];
                if let Some((_, written)) = source.exports.iter().find(|(n, _)| n == name) {
                    if let Some(target) = self.absolute(&module, written) {
                        let mut target = target;
                        target.extend(path[module.len() + 1..].iter().cloned());
                        return self.owner(&target, hops + 1);
                    }
                }
            }
        }
        module
    }

    /// Every edge `user -> owner` between two different file modules.
    fn edges(&self) -> BTreeSet<(ModulePath, ModulePath)> {
        let mut edges = BTreeSet::new();
        for source in self.sources.values() {
            for (here, path) in &source.paths {
                let Some(absolute) = self.absolute(here, path) else {
                    continue;
                };
                let owner = self.owner(&absolute, 0);
                if owner != source.file {
                    edges.insert((source.file.clone(), owner));
                }
            }
        }
        edges
    }
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "(root)".into()
    } else {
        module.join("::")
    }
}

fn module(text: &str) -> ModulePath {
    text.split("::").map(String::from).collect()
}

/// The modules that `from` reaches through `edges`.
fn reached(edges: &BTreeSet<(ModulePath, ModulePath)>, from: &ModulePath) -> BTreeSet<ModulePath> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.clone()];
    while let Some(at) = stack.pop() {
        for (user, owner) in edges {
            if *user == at && seen.insert(owner.clone()) {
                stack.push(owner.clone());
            }
        }
    }
    seen
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The pairs that once used each other, by crate.
const ONCE_CIRCLES: [(&str, &str, &str); 6] = [
    ("arena", "config", "levels"),
    ("arena", "config", "limits"),
    ("arena", "config", "schedule"),
    ("arena", "external::agent", "external::hub"),
    ("arena", "external::lines", "external::process"),
    ("agents", "minimax", "multiplayer"),
];

#[test]
fn no_two_modules_use_each_other_in_the_pairs_that_once_did() {
    let crates = [
        Crate::read("arena", &root().join("arena/src")),
        Crate::read("agents", &root().join("agents/src")),
    ];
    let mut circles = Vec::new();
    for krate in &crates {
        let edges = krate.edges();
        // The crate's edges are printed whole, for a reader to check against the sources.
        for (user, owner) in &edges {
            println!("{}: {} -> {}", krate.name, name(user), name(owner));
        }
        for (crate_name, one, other) in ONCE_CIRCLES {
            if crate_name != krate.name {
                continue;
            }
            let (one, other) = (module(one), module(other));
            assert!(
                krate.sources.contains_key(&one) && krate.sources.contains_key(&other),
                "{crate_name}: {} or {} is gone: update the list",
                name(&one),
                name(&other)
            );
            let forth = reached(&edges, &one).contains(&other);
            let back = reached(&edges, &other).contains(&one);
            println!(
                "{crate_name}: {} reaches {}: {forth}; {} reaches {}: {back}",
                name(&one),
                name(&other),
                name(&other),
                name(&one)
            );
            if forth && back {
                circles.push(format!("{crate_name}: {} <-> {}", name(&one), name(&other)));
            }
        }
    }
    assert!(circles.is_empty(), "circles: {circles:?}");
}

#[test]
fn no_writer_of_a_calibration_reads_its_measurements() {
    let arena = Crate::read("arena", &root().join("arena/src"));
    let edges = arena.edges();
    let measure = module("calibrate::measure");
    let search = module("calibrate::search");
    // The files' formatting reaches neither the measurements nor the search that makes
    // them, by any path.
    let files = module("calibrate::files");
    let reached_from_files = reached(&edges, &files);
    let names: Vec<String> = reached_from_files.iter().map(|m| name(m)).collect();
    println!("calibrate::files reaches {}", names.join(", "));
    assert!(
        !reached_from_files.contains(&measure) && !reached_from_files.contains(&search),
        "calibrate::files reaches {names:?}"
    );
    // The calibration's driver writes the files: it runs the search and takes its
    // finished result, and uses nothing of the measurements itself.
    assert!(
        !edges.contains(&(module("calibrate"), measure.clone())),
        "calibrate (mod.rs) uses calibrate::measure"
    );
    // The finished result is the bottom of the pipeline: it uses no stage above it.
    let result = module("calibrate::result");
    for stage in [
        "calibrate::config",
        "calibrate::search",
        "calibrate::measure",
        "calibrate::files",
    ] {
        assert!(
            !reached(&edges, &result).contains(&module(stage)),
            "calibrate::result reaches {stage}"
        );
    }
}

#[test]
fn the_reading_finds_uses_and_skips_comments_and_literals() {
    let text = "//! [`crate::gone`]\nuse super::{lines::{self, Lines}, spec::Spec as S};\n\
                fn f() { let s = \"crate::inside\"; let c = '{'; crate::limits::cap(); }\n\
                #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::config::X;\n}\n\
                pub use self::spec::Protocol;\n";
    let source = read_source(module("external::process"), text);
    let written: Vec<String> = source
        .paths
        .iter()
        .map(|(here, path)| format!("{}: {}", name(here), path.join("::")))
        .collect();
    assert_eq!(
        written,
        [
            "external::process: super::lines",
            "external::process: super::lines::Lines",
            "external::process: super::spec::Spec",
            "external::process: crate::limits::cap",
            "external::process::tests: super::*",
            "external::process::tests: crate::config::X",
            "external::process: self::spec::Protocol",
        ]
    );
    assert_eq!(
        source.exports,
        [(
            "Protocol".to_string(),
            vec!["self".to_string(), "spec".into(), "Protocol".into()]
        )]
    );
}
