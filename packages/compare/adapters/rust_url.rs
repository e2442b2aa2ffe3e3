// rust-url (the `url` crate, servo/rust-url, a WHATWG URL Standard parser) as a parser for
// `url-grammar compare`: Url::parse(input), or Url::parse(base) then base.join(input) with a base.
// It speaks the JSON-lines protocol of docs/compare-protocol.md. `node adapters/run.js rust-url`
// builds it on first use with Debian's cargo and rustc, offline, against Debian's packaged crates
// (/usr/share/cargo/registry); the mapping is documented in adapters/README.md#rust-url.
//
// Only the `url` crate is used, so the few JSON reading and writing steps the protocol needs are
// written out here.

use std::io::{self, BufRead, Write};
use url::Url;

/// One request: its id, input and base (null: none). Other members are read and dropped.
struct Request {
    id: u64,
    input: String,
    base: Option<String>,
}

/// A value of a request line, as far as the protocol needs it.
enum Value {
    Str(String),
    Int(u64),
    Other,
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Reader<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\r' | b'\n') {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> Result<(), String> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected '{}' at byte {}", c as char, self.i))
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.s.get(self.i..self.i + 4).ok_or("a short \\u escape")?;
        let text = std::str::from_utf8(digits).map_err(|_| "a bad \\u escape")?;
        let v = u32::from_str_radix(text, 16).map_err(|_| "a bad \\u escape")?;
        self.i += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, String> {
        self.eat(b'"')?;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let c = *self.s.get(self.i).ok_or("an unterminated string")?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).map_err(|_| "a string that is not UTF-8".to_string()),
                b'\\' => {
                    let e = *self.s.get(self.i).ok_or("an unterminated escape")?;
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let first = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&first) && self.s.get(self.i..self.i + 2) == Some(b"\\u") {
                                // a surrogate pair: both halves make one code point
                                let save = self.i;
                                self.i += 2;
                                let second = self.hex4()?;
                                if (0xDC00..0xE000).contains(&second) {
                                    0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                                } else {
                                    self.i = save;
                                    0xFFFD
                                }
                            } else {
                                first
                            };
                            char::from_u32(code).unwrap_or('\u{FFFD}') // a lone surrogate: U+FFFD
                        }
                        _ => return Err(format!("a bad escape \\{}", e as char)),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                _ => out.push(c),
            }
        }
    }

    /// Skips an object or array, strings inside it included.
    fn skip_nested(&mut self) -> Result<(), String> {
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err("an unterminated object or array".into()),
                Some(b'"') => {
                    self.string()?;
                    continue;
                }
                Some(b'{') | Some(b'[') => depth += 1,
                Some(b'}') | Some(b']') => depth -= 1,
                Some(_) => {}
            }
            self.i += 1;
            if depth == 0 {
                return Ok(());
            }
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        match self.peek() {
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(b'{') | Some(b'[') => {
                self.skip_nested()?;
                Ok(Value::Other)
            }
            Some(_) => {
                let start = self.i;
                while self.i < self.s.len() && !matches!(self.s[self.i], b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n') {
                    self.i += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
                Ok(word.parse::<u64>().map(Value::Int).unwrap_or(Value::Other))
            }
            None => Err("a missing value".into()),
        }
    }

    fn request(&mut self) -> Result<Request, String> {
        let (mut id, mut input, mut base) = (None, None, None);
        self.eat(b'{')?;
        if self.peek() != Some(b'}') {
            loop {
                let key = self.string()?;
                self.eat(b':')?;
                match (key.as_str(), self.value()?) {
                    ("id", Value::Int(n)) => id = Some(n),
                    ("input", Value::Str(s)) => input = Some(s),
                    ("base", Value::Str(s)) => base = Some(s),
                    _ => {}
                }
                if self.peek() == Some(b',') {
                    self.i += 1;
                } else {
                    break;
                }
            }
        }
        self.eat(b'}')?;
        match (id, input) {
            (Some(id), Some(input)) => Ok(Request { id, input, base }),
            _ => Err("a request needs an integer id and a string input".into()),
        }
    }
}

/// `v` as a JSON string: `"` and `\` escaped, control characters as \u escapes, the rest as UTF-8.
fn quote(out: &mut String, v: &str) {
    out.push('"');
    for c in v.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// "?" + query or "#" + fragment, "" when absent or empty (as the URL getters give them).
fn marked(mark: &str, part: Option<&str>) -> String {
    match part {
        Some(p) if !p.is_empty() => format!("{}{}", mark, p),
        _ => String::new(),
    }
}

/// The response members after the id, as JSON text (each with its leading comma).
fn answer(input: &str, base: Option<&str>) -> String {
    let parsed = match base {
        None => Url::parse(input),
        Some(b) => match Url::parse(b) {
            Ok(b) => b.join(input),
            Err(e) => {
                let mut out = String::from(",\"ok\":false,\"message\":");
                quote(&mut out, &format!("the base: {}", e));
                return out;
            }
        },
    };
    let u = match parsed {
        Ok(u) => u,
        Err(e) => {
            let mut out = String::from(",\"ok\":false,\"message\":");
            quote(&mut out, &e.to_string());
            return out;
        }
    };
    let hostname = u.host_str().unwrap_or(""); // an IPv6 address in brackets
    let port = u.port().map(|p| p.to_string()).unwrap_or_default(); // None for the scheme's default
    let host = if port.is_empty() { hostname.to_string() } else { format!("{}:{}", hostname, port) };
    let fields: [(&str, String); 11] = [
        ("href", u.as_str().to_string()),
        ("protocol", format!("{}:", u.scheme())),
        ("username", u.username().to_string()),
        ("password", u.password().unwrap_or("").to_string()),
        ("host", host),
        ("hostname", hostname.to_string()),
        ("port", port),
        ("pathname", u.path().to_string()),
        ("search", marked("?", u.query())),
        ("hash", marked("#", u.fragment())),
        ("origin", u.origin().ascii_serialization()),
    ];
    let mut out = String::from(",\"ok\":true");
    for (name, value) in fields.iter() {
        out.push(',');
        quote(&mut out, name);
        out.push(':');
        quote(&mut out, value);
    }
    out
}

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let mut line: Vec<u8> = Vec::new();
    loop {
        line.clear();
        // bytes up to LF: a U+2028 inside a JSON string is not a line end
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("rust-url adapter: reading standard input: {}", e);
                std::process::exit(1);
            }
        }
        if line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
            continue;
        }
        let request = match (Reader { s: &line, i: 0 }).request() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("rust-url adapter: a request line that is not a request: {}", e);
                std::process::exit(1);
            }
        };
        let body = answer(&request.input, request.base.as_deref());
        let text = format!("{{\"id\":{}{}}}\n", request.id, body);
        if output.write_all(text.as_bytes()).and_then(|_| output.flush()).is_err() {
            std::process::exit(1);
        }
    }
}
