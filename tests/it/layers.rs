//! The crate's modules depend on each other one way (STYLE.md, "Layers point one way"): no two
//! module files need each other, no two top modules need each other, and each top module names
//! only the layers the table below lets it.
//!
//! The graph is read from the source with `syn`: every path a file names (`use` lines, paths in
//! code, and `crate::`/`super::` paths inside macro calls), followed through `use` re-exports to
//! the module that defines the item. A child module naming its parent's own items is no edge;
//! naming what the parent re-exports from a sibling is an edge to that sibling.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::TokenTree;
use syn::visit::Visit;

/// A module's absolute path: `crate::tables::http::games` is `["crate", "api", "games"]`.
type ModPath = Vec<String>;

/// The top modules, lowest layer first, each with the top modules it may name. A top module
/// missing here fails the test: a new one takes its place in the order.
///
/// Foundations; the event store; `api`, what every handler stands on; the feature rooms, each
/// over the ones before it; the HTTP shell and startup over them all; the tools on top. The
/// rules are a crate of their own, beneath everything.
const LAYERS: &[(&str, &[&str])] = &[
    // The retries' waits, what leaves the server (the SSRF guard, the HTTP and mail senders, Web Push crypto), the
    // transparency log's formats and key, configuration, logs and metrics, the shutdown signal.
    ("backoff", &[]),
    ("outbound", &[]),
    ("proofs", &[]),
    ("config", &["outbound", "proofs"]),
    ("telemetry", &["config"]),
    ("shutdown", &[]),
    // Append, chain, stream, read model, outboxes and wake-ups, the Citus placement.
    ("eventstore", &["outbound", "proofs", "config", "shutdown"]),
    // What every handler stands on: problem+json errors, the caller, request parsing, state.
    (
        "api",
        &[
            "eventstore",
            "outbound",
            "proofs",
            "config",
            "telemetry",
            "shutdown",
        ],
    ),
    // The feature rooms, each owning its handlers, its SQL and its workers.
    (
        "transparency",
        &["api", "eventstore", "proofs", "config", "shutdown"],
    ),
    (
        "tables",
        &["api", "eventstore", "proofs", "config", "shutdown"],
    ),
    (
        "play",
        &[
            "transparency",
            "tables",
            "api",
            "eventstore",
            "proofs",
            "config",
            "shutdown",
            "backoff",
        ],
    ),
    (
        "social",
        &["tables", "play", "api", "eventstore", "config", "shutdown"],
    ),
    (
        "matchmaking",
        &[
            "tables",
            "social",
            "api",
            "eventstore",
            "config",
            "shutdown",
        ],
    ),
    (
        "tournaments",
        &[
            "tables",
            "social",
            "api",
            "eventstore",
            "config",
            "shutdown",
        ],
    ),
    (
        "notify",
        &[
            "tables",
            "play",
            "social",
            "matchmaking",
            "api",
            "eventstore",
            "outbound",
            "proofs",
            "config",
            "telemetry",
            "shutdown",
            "backoff",
        ],
    ),
    (
        "accounts",
        &[
            "tables",
            "play",
            "notify",
            "api",
            "eventstore",
            "outbound",
            "proofs",
            "config",
            "shutdown",
        ],
    ),
    // The HTTP shell (routes, the OpenAPI document, middleware, rate limits, CORS, the web
    // client), and the process (the embedded PostgreSQL, the server's assembly, the commands).
    (
        "http",
        &[
            "accounts",
            "matchmaking",
            "tournaments",
            "tables",
            "play",
            "social",
            "transparency",
            "notify",
            "api",
            "eventstore",
            "outbound",
            "proofs",
            "config",
            "telemetry",
            "shutdown",
        ],
    ),
    (
        "startup",
        &[
            "http",
            "accounts",
            "tournaments",
            "tables",
            "play",
            "social",
            "transparency",
            "notify",
            "api",
            "eventstore",
            "outbound",
            "proofs",
            "config",
            "telemetry",
            "shutdown",
        ],
    ),
    // The tools: simulate, tournament, load, log-monitor, out of the server's code.
    (
        "tools",
        &[
            "startup",
            "http",
            "accounts",
            "api",
            "eventstore",
            "outbound",
            "proofs",
            "config",
        ],
    ),
];

/// What one module file defines and names.
#[derive(Default, Debug)]
struct Module {
    file: PathBuf,
    /// The items defined at the file's top (functions, types, constants, child modules...).
    defined: BTreeSet<String>,
    /// The file's top `use` declarations: local name → the absolute path it stands for.
    imports: BTreeMap<String, ModPath>,
    /// The file's top glob imports (`use a::b::*`), as absolute paths.
    globs: Vec<ModPath>,
    /// Every absolute path the file names.
    named: Vec<ModPath>,
}

/// A `mod name;` declaration, to read from its own file.
struct ChildDecl {
    name: String,
    path_attr: Option<String>,
}

/// Reads one module file.
struct Reader {
    /// The file's module path.
    file_scope: ModPath,
    /// The module being read: the file's, or an inline module's inside it.
    scope: ModPath,
    /// How many blocks (function bodies...) the visitor is inside.
    block_depth: usize,
    /// `use` declarations of inline modules and blocks, by scope.
    local_imports: BTreeMap<ModPath, BTreeMap<String, ModPath>>,
    /// Glob imports of inline modules and blocks, by scope.
    local_globs: BTreeMap<ModPath, Vec<ModPath>>,
    /// Paths that start with a plain name, resolved once the file's imports are all known.
    written: Vec<(ModPath, Vec<String>)>,
    module: Module,
    children: Vec<ChildDecl>,
}

impl Reader {
    fn at_file_top(&self) -> bool {
        self.block_depth == 0 && self.scope == self.file_scope
    }

    /// `crate::…`, `self::…` and `super::…` made absolute; `None` for other paths.
    fn absolute(&self, segments: &[String]) -> Option<ModPath> {
        let (mut base, mut rest): (ModPath, &[String]) = match segments.first()?.as_str() {
            "crate" => (vec!["crate".into()], &segments[1..]),
            "self" => (self.scope.clone(), &segments[1..]),
            "super" => (self.scope.clone(), segments),
            _ => return None,
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    fn imports_of(&self, scope: &ModPath) -> Option<&BTreeMap<String, ModPath>> {
        if *scope == self.file_scope {
            Some(&self.module.imports)
        } else {
            self.local_imports.get(scope)
        }
    }

    /// A path as written, made absolute against the imports known so far.
    fn resolve_written(&self, scope: &ModPath, segments: &[String]) -> Option<ModPath> {
        if let Some(p) = self.absolute(segments) {
            return Some(p);
        }
        let first = &segments[0];
        let imported = self
            .imports_of(scope)
            .and_then(|i| i.get(first))
            .or_else(|| self.module.imports.get(first));
        if let Some(target) = imported {
            let mut p = target.clone();
            p.extend(segments[1..].iter().cloned());
            return Some(p);
        }
        if self.module.defined.contains(first) {
            let mut p = self.file_scope.clone();
            p.extend(segments.iter().cloned());
            return Some(p);
        }
        None
    }

    fn record(&mut self, segments: Vec<String>) {
        if segments.is_empty() {
            return;
        }
        match self.absolute(&segments) {
            Some(p) => self.module.named.push(p),
            None => self.written.push((self.scope.clone(), segments)),
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.import(prefix, &n.ident, &n.ident),
            syn::UseTree::Rename(r) => self.import(prefix, &r.ident, &r.rename),
            syn::UseTree::Glob(_) => {
                if let Some(abs) = self.resolve_written(&self.scope.clone(), prefix) {
                    self.module.named.push(abs.clone());
                    if self.at_file_top() {
                        self.module.globs.push(abs);
                    } else {
                        self.local_globs
                            .entry(self.scope.clone())
                            .or_default()
                            .push(abs);
                    }
                }
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }

    fn import(&mut self, prefix: &[String], ident: &syn::Ident, local: &syn::Ident) {
        let mut full = prefix.to_vec();
        let local = if ident == "self" {
            prefix.last().cloned().unwrap_or_default()
        } else {
            full.push(ident.to_string());
            local.to_string()
        };
        let Some(abs) = self.resolve_written(&self.scope.clone(), &full) else {
            return;
        };
        self.module.named.push(abs.clone());
        if self.at_file_top() {
            self.module.imports.insert(local, abs);
        } else {
            self.local_imports
                .entry(self.scope.clone())
                .or_default()
                .insert(local, abs);
        }
    }
}

fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| {
        if !a.path().is_ident("path") {
            return None;
        }
        match &a.meta {
            syn::Meta::NameValue(syn::MetaNameValue {
                value:
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }),
                ..
            }) => Some(s.value()),
            _ => None,
        }
    })
}

fn item_name(item: &syn::Item) -> Option<String> {
    Some(match item {
        syn::Item::Const(i) => i.ident.to_string(),
        syn::Item::Enum(i) => i.ident.to_string(),
        syn::Item::Fn(i) => i.sig.ident.to_string(),
        syn::Item::Mod(i) => i.ident.to_string(),
        syn::Item::Static(i) => i.ident.to_string(),
        syn::Item::Struct(i) => i.ident.to_string(),
        syn::Item::Trait(i) => i.ident.to_string(),
        syn::Item::Type(i) => i.ident.to_string(),
        syn::Item::Union(i) => i.ident.to_string(),
        syn::Item::Macro(i) => i.ident.as_ref()?.to_string(),
        _ => return None,
    })
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if self.at_file_top()
            && let Some(name) = item_name(item)
        {
            self.module.defined.insert(name);
        }
        match item {
            syn::Item::Use(u) => self.use_tree(&mut Vec::new(), &u.tree),
            syn::Item::Mod(m) => match &m.content {
                None => self.children.push(ChildDecl {
                    name: m.ident.to_string(),
                    path_attr: path_attr(&m.attrs),
                }),
                Some((_, items)) => {
                    for a in &m.attrs {
                        self.visit_attribute(a);
                    }
                    self.scope.push(m.ident.to_string());
                    for i in items {
                        self.visit_item(i);
                    }
                    self.scope.pop();
                }
            },
            _ => syn::visit::visit_item(self, item),
        }
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        self.block_depth += 1;
        syn::visit::visit_block(self, block);
        self.block_depth -= 1;
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.record(path.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        syn::visit::visit_macro(self, mac);
        let mut tokens = Vec::new();
        flatten(mac.tokens.clone(), &mut tokens);
        for segments in crate_paths_in(&tokens) {
            self.record(segments);
        }
    }
}

fn flatten(stream: proc_macro2::TokenStream, out: &mut Vec<TokenTree>) {
    for t in stream {
        match t {
            TokenTree::Group(g) => flatten(g.stream(), out),
            other => out.push(other),
        }
    }
}

/// `crate::a::b` and `super::a` sequences in a macro call's tokens.
fn crate_paths_in(tokens: &[TokenTree]) -> Vec<Vec<String>> {
    let ident = |i: usize| match tokens.get(i) {
        Some(TokenTree::Ident(id)) => Some(id.to_string()),
        _ => None,
    };
    let colon = |i: usize| matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match ident(i) {
            Some(word) if word == "crate" || word == "super" => {
                let mut segments = vec![word];
                let mut j = i + 1;
                while colon(j)
                    && colon(j + 1)
                    && let Some(next) = ident(j + 2)
                {
                    segments.push(next);
                    j += 3;
                }
                found.push(segments);
                i = j;
            }
            _ => i += 1,
        }
    }
    found
}

/// Reads a module file and every module file it declares.
fn read_tree(file: &Path, path: ModPath, children_dir: &Path, out: &mut BTreeMap<ModPath, Module>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut reader = Reader {
        file_scope: path.clone(),
        scope: path.clone(),
        block_depth: 0,
        local_imports: BTreeMap::new(),
        local_globs: BTreeMap::new(),
        written: Vec::new(),
        module: Module {
            file: file.to_path_buf(),
            ..Module::default()
        },
        children: Vec::new(),
    };
    // Twice: a path may name an import or item declared further down the file.
    reader.visit_file(&ast);
    let written = std::mem::take(&mut reader.written);
    for (scope, segments) in written {
        if let Some(p) = reader.resolve_written(&scope, &segments) {
            reader.module.named.push(p);
            continue;
        }
        // A name a glob import may have brought in: what each glob's module defines under it.
        let globs = reader.module.globs.iter();
        for glob in globs.chain(reader.local_globs.get(&scope).into_iter().flatten()) {
            let mut p = glob.clone();
            p.extend(segments.iter().cloned());
            reader.module.named.push(p);
        }
    }
    for child in std::mem::take(&mut reader.children) {
        let mut child_path = path.clone();
        child_path.push(child.name.clone());
        let (child_file, grandchildren) = match child.path_attr {
            // `#[path]` is relative to the declaring file's directory.
            Some(p) => {
                let f = file.parent().unwrap_or(Path::new("")).join(p);
                let d = f.with_extension("");
                (f, d)
            }
            None => {
                let flat = children_dir.join(format!("{}.rs", child.name));
                if flat.exists() {
                    (flat, children_dir.join(&child.name))
                } else {
                    let dir = children_dir.join(&child.name);
                    (dir.join("mod.rs"), dir)
                }
            }
        };
        read_tree(&child_file, child_path, &grandchildren, out);
    }
    out.insert(path, reader.module);
}

/// The crate's modules, from `src/lib.rs` down.
fn crate_modules() -> BTreeMap<ModPath, Module> {
    modules_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The modules of the crate whose root is `src/lib.rs`.
fn modules_under(src: &Path) -> BTreeMap<ModPath, Module> {
    let mut modules = BTreeMap::new();
    read_tree(&src.join("lib.rs"), vec!["crate".into()], src, &mut modules);
    modules
}

/// The module that defines what `path` names, through re-exports.
fn defining_module(modules: &BTreeMap<ModPath, Module>, path: &[String], depth: usize) -> ModPath {
    // The longest prefix that is a module file.
    let mut n = path.len();
    while n > 1 && !modules.contains_key(&path[..n]) {
        n -= 1;
    }
    let module_path = path[..n].to_vec();
    let (Some(module), Some(name)) = (modules.get(&module_path), path.get(n)) else {
        return module_path;
    };
    if depth > 16 || module.defined.contains(name) {
        return module_path;
    }
    if let Some(target) = module.imports.get(name) {
        let mut p = target.clone();
        p.extend(path[n + 1..].iter().cloned());
        return defining_module(modules, &p, depth + 1);
    }
    for glob in &module.globs {
        let mut p = glob.clone();
        p.extend(path[n..].iter().cloned());
        let found = defining_module(modules, &p, depth + 1);
        if modules
            .get(&found)
            .is_some_and(|m| m.defined.contains(name) || m.imports.contains_key(name))
            || found.len() > p.len().saturating_sub(path.len() - n)
        {
            return found;
        }
    }
    module_path
}

/// File-to-file dependencies: `from → {to}`, without edges to oneself or to an ancestor.
fn file_graph(modules: &BTreeMap<ModPath, Module>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut graph: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, module) in modules {
        let edges = graph.entry(from.clone()).or_default();
        for named in &module.named {
            let to = defining_module(modules, named, 0);
            if to.len() <= from.len() && from[..to.len()] == to[..] {
                continue;
            }
            edges.insert(to);
        }
    }
    graph
}

fn display(path: &[String]) -> String {
    path.join("::")
}

/// The strongly connected components with more than one member (Tarjan).
fn cycles<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct State<N> {
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        on_stack: BTreeSet<N>,
        next: usize,
        found: Vec<Vec<N>>,
    }
    fn visit<N: Ord + Clone>(g: &BTreeMap<N, BTreeSet<N>>, v: &N, s: &mut State<N>) {
        s.index.insert(v.clone(), s.next);
        s.low.insert(v.clone(), s.next);
        s.next += 1;
        s.stack.push(v.clone());
        s.on_stack.insert(v.clone());
        for w in g.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(g, w, s);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(&w);
                let done = w == *v;
                component.push(w);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(graph, v, &mut s);
        }
    }
    s.found
}

/// Which files of the component name which others, for the failure message.
fn describe(
    component: &[ModPath],
    graph: &BTreeMap<ModPath, BTreeSet<ModPath>>,
    modules: &BTreeMap<ModPath, Module>,
) -> String {
    let members: BTreeSet<&ModPath> = component.iter().collect();
    let mut lines = Vec::new();
    for from in component {
        let to: Vec<String> = graph[from]
            .iter()
            .filter(|t| members.contains(t))
            .map(|t| display(t))
            .collect();
        lines.push(format!(
            "  {} ({}) → {}",
            display(from),
            modules[from].file.display(),
            to.join(", ")
        ));
    }
    lines.join("\n")
}

#[test]
fn the_graph_reader_finds_the_crate_modules_and_their_edges() {
    let modules = crate_modules();
    let graph = file_graph(&modules);
    let path = |s: &str| s.split("::").map(String::from).collect::<ModPath>();
    for m in [
        "crate::api",
        "crate::eventstore",
        "crate::play::actions",
        "crate::http::web_client",
    ] {
        assert!(modules.contains_key(&path(m)), "{m} is read");
    }
    // Known edges, one per way of naming: a `use` line, a re-export, a path in code.
    assert!(graph[&path("crate::startup")].contains(&path("crate::http")));
    assert!(graph[&path("crate::play::actions")].contains(&path("crate::eventstore::append")));
}

#[test]
fn no_two_module_files_depend_on_each_other() {
    let modules = crate_modules();
    let graph = file_graph(&modules);
    let found = cycles(&graph);
    let text: Vec<String> = found
        .iter()
        .map(|c| describe(c, &graph, &modules))
        .collect();
    assert!(
        found.is_empty(),
        "import cycles among files:\n{}",
        text.join("\n\n")
    );
}

#[test]
fn top_modules_name_only_the_layers_below_them() {
    let modules = crate_modules();
    let graph = file_graph(&modules);
    let allowed: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut offences = BTreeSet::new();
    for (from, to) in &graph {
        let Some(top) = from.get(1) else { continue };
        let Some(may) = allowed.get(top.as_str()) else {
            offences.insert(format!("crate::{top} has no place in LAYERS"));
            continue;
        };
        for target in to {
            let Some(other) = target.get(1) else { continue };
            if other != top && !may.contains(&other.as_str()) {
                offences.insert(format!(
                    "{} ({}) names crate::{other}",
                    display(from),
                    modules[from].file.display()
                ));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "names across the layers:\n{}",
        offences.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn top_modules_do_not_depend_on_each_other() {
    let modules = crate_modules();
    let mut tops: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in file_graph(&modules) {
        let Some(top) = from.get(1) else { continue };
        let entry = tops.entry(top.clone()).or_default();
        for t in to {
            if let Some(other) = t.get(1)
                && other != top
            {
                entry.insert(other.clone());
            }
        }
    }
    let found = cycles(&tops);
    assert!(found.is_empty(), "cycles among top modules: {found:?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle_and_passes_a_chain() {
    let g = |edges: &[(u8, u8)]| {
        let mut m: BTreeMap<u8, BTreeSet<u8>> = BTreeMap::new();
        for &(a, b) in edges {
            m.entry(a).or_default().insert(b);
            m.entry(b).or_default();
        }
        m
    };
    assert_eq!(
        cycles(&g(&[(1, 2), (2, 3), (3, 1), (3, 4)])),
        vec![vec![1, 2, 3]]
    );
    assert!(cycles(&g(&[(1, 2), (2, 3), (1, 3)])).is_empty());
}

#[test]
fn a_cycle_through_a_re_export_or_a_glob_import_is_found() {
    let dir = std::env::temp_dir().join(format!("lords-layers-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("c")).unwrap();
    let files = [
        // `a` names `b`'s item; `b` names `a`'s through the root's re-export.
        ("lib.rs", "mod a;\nmod b;\nmod c;\npub use a::X;\n"),
        (
            "a.rs",
            "pub struct X;\nfn f() -> crate::b::Y { crate::b::Y }\n",
        ),
        ("b.rs", "pub struct Y;\nfn g() -> crate::X { crate::X }\n"),
        // `c::d` names `c::e`'s item through the parent's glob, and `c::e` names `c::d`'s.
        ("c/mod.rs", "mod d;\nmod e;\npub use e::*;\n"),
        (
            "c/d.rs",
            "use super::*;\npub struct D;\nfn h() -> E { E }\n",
        ),
        (
            "c/e.rs",
            "pub struct E;\nfn k() -> super::d::D { super::d::D }\n",
        ),
    ];
    for (name, text) in files {
        std::fs::write(src.join(name), text).unwrap();
    }
    let modules = modules_under(&src);
    let found = cycles(&file_graph(&modules));
    std::fs::remove_dir_all(&dir).unwrap();
    let path = |s: &str| s.split("::").map(String::from).collect::<ModPath>();
    assert_eq!(
        found,
        vec![
            vec![path("crate::a"), path("crate::b")],
            vec![path("crate::c::d"), path("crate::c::e")]
        ]
    );
}

/// The rooms that own tables: the feature rooms and the event store.
const ROOMS_WITH_SQL: &[&str] = &[
    "eventstore",
    "tables",
    "play",
    "social",
    "transparency",
    "notify",
    "accounts",
    "matchmaking",
    "tournaments",
];

/// Every `.rs` file under `dir`.
fn rust_files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a source folder") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `text` runs SQL itself.
fn runs_sql(text: &str) -> bool {
    text.contains("sqlx::query") || text.contains("QueryBuilder")
}

#[test]
fn sql_lives_only_in_the_feature_rooms_and_the_event_store() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files_under(&src, &mut files);
    let mut found_in_rooms = 0;
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a source file");
        if !runs_sql(&text) {
            continue;
        }
        let room = file
            .strip_prefix(&src)
            .ok()
            .and_then(|p| p.components().next())
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or_default()
            .to_string();
        if ROOMS_WITH_SQL.contains(&room.as_str()) {
            found_in_rooms += 1;
        } else {
            offences.push(file.display().to_string());
        }
    }
    assert!(
        found_in_rooms >= 20,
        "found the rooms' SQL: {found_in_rooms} files"
    );
    assert!(
        offences.is_empty(),
        "SQL outside the feature rooms and the event store:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_sql_check_would_catch_a_query() {
    assert!(runs_sql("let n: i64 = sqlx::query_scalar(\"SELECT 1\")"));
    assert!(runs_sql("sqlx::QueryBuilder::new(\"INSERT\")"));
    assert!(!runs_sql("use sqlx::PgPool;"));
}

/// Public methods of each type's inherent `impl` blocks, over the whole crate.
fn public_methods() -> BTreeMap<String, usize> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files_under(&src, &mut files);
    let mut counts = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a source file");
        let ast = syn::parse_file(&text).expect("parse a source file");
        count_public_methods(&ast.items, &mut counts);
    }
    counts
}

fn count_public_methods(items: &[syn::Item], counts: &mut BTreeMap<String, usize>) {
    for item in items {
        match item {
            syn::Item::Impl(block) if block.trait_.is_none() => {
                let syn::Type::Path(ty) = &*block.self_ty else {
                    continue;
                };
                let Some(name) = ty.path.segments.last() else {
                    continue;
                };
                let public = block
                    .items
                    .iter()
                    .filter(|i| {
                        matches!(i, syn::ImplItem::Fn(f) if matches!(f.vis, syn::Visibility::Public(_)))
                    })
                    .count();
                *counts.entry(name.ident.to_string()).or_default() += public;
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    count_public_methods(inner, counts);
                }
            }
            _ => {}
        }
    }
}

#[test]
fn no_type_has_more_than_25_public_methods() {
    let counts = public_methods();
    assert!(
        counts.get("Store").is_some_and(|&n| n > 0),
        "found the store's methods: {counts:?}"
    );
    let over: Vec<_> = counts.iter().filter(|(_, n)| **n > 25).collect();
    assert!(
        over.is_empty(),
        "types with more than 25 public methods: {over:?}"
    );
}
