// Java's java.net.URI (RFC 2396 with the IPv6 amendments of RFC 2732) as a parser for
// `url-grammar compare`: new URI(input), or new URI(base).resolve(new URI(input)) with a base. It
// speaks the JSON-lines protocol of docs/compare-protocol.md and runs as a single-file source
// program: `java adapters/JavaURI.java`. The mapping is documented in adapters/README.md#java-uri.
//
// The JDK has no JSON library, so this file has the small reader and writer the protocol needs.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

public class JavaURI {
  /** One request's members (id, input, base); any other member is read and dropped. */
  static final class Request {
    long id = -1;
    String input;
    String base;
  }

  /** A reader for the one shape of object the protocol sends. */
  static final class Reader {
    final String s;
    int i;

    Reader(String s) {
      this.s = s;
    }

    void ws() {
      while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) i++;
    }

    void expect(char c) {
      ws();
      if (i >= s.length() || s.charAt(i) != c) throw new IllegalArgumentException("expected '" + c + "' at " + i);
      i++;
    }

    String string() {
      expect('"');
      StringBuilder b = new StringBuilder();
      while (true) {
        if (i >= s.length()) throw new IllegalArgumentException("unterminated string");
        char c = s.charAt(i++);
        if (c == '"') return b.toString();
        if (c != '\\') {
          b.append(c);
          continue;
        }
        char e = s.charAt(i++);
        switch (e) {
          case '"': b.append('"'); break;
          case '\\': b.append('\\'); break;
          case '/': b.append('/'); break;
          case 'b': b.append('\b'); break;
          case 'f': b.append('\f'); break;
          case 'n': b.append('\n'); break;
          case 'r': b.append('\r'); break;
          case 't': b.append('\t'); break;
          case 'u':
            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); // pairs join in the UTF-16 string
            i += 4;
            break;
          default: throw new IllegalArgumentException("bad escape \\" + e);
        }
      }
    }

    /** Any value, as a String (strings), a Long (integers), or null (anything else). */
    Object value() {
      ws();
      char c = s.charAt(i);
      if (c == '"') return string();
      if (c == '{' || c == '[') {
        int depth = 0;
        do {
          char d = s.charAt(i);
          if (d == '"') {
            string();
            continue;
          }
          if (d == '{' || d == '[') depth++;
          if (d == '}' || d == ']') depth--;
          i++;
        } while (depth > 0);
        return null;
      }
      int start = i;
      while (i < s.length() && ",}] \t\r\n".indexOf(s.charAt(i)) < 0) i++;
      String word = s.substring(start, i);
      return word.matches("-?[0-9]+") ? Long.valueOf(word) : null;
    }

    Request request() {
      Request r = new Request();
      expect('{');
      ws();
      if (s.charAt(i) == '}') throw new IllegalArgumentException("empty request");
      while (true) {
        String key = string();
        expect(':');
        Object v = value();
        if (key.equals("id") && v instanceof Long) r.id = (Long) v;
        else if (key.equals("input") && v instanceof String) r.input = (String) v;
        else if (key.equals("base") && v instanceof String) r.base = (String) v;
        ws();
        if (s.charAt(i) == ',') {
          i++;
          continue;
        }
        expect('}');
        break;
      }
      if (r.id < 0 || r.input == null) throw new IllegalArgumentException("a request needs an id and an input");
      return r;
    }
  }

  static void writeString(StringBuilder b, String v) {
    b.append('"');
    for (int k = 0; k < v.length(); k++) {
      char c = v.charAt(k);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) b.append(String.format("\\u%04x", (int) c)); // surrogates as escapes: ASCII-safe, pairs intact
      else b.append(c);
    }
    b.append('"');
  }

  static String json(long id, Map<String, Object> m) {
    StringBuilder b = new StringBuilder("{\"id\":").append(id);
    for (Map.Entry<String, Object> e : m.entrySet()) {
      b.append(',');
      writeString(b, e.getKey());
      b.append(':');
      Object v = e.getValue();
      if (v == null) b.append("null");
      else if (v instanceof Boolean) b.append(v.toString());
      else writeString(b, v.toString());
    }
    return b.append('}').toString();
  }

  static String or(String v) {
    return v == null ? "" : v;
  }

  static Map<String, Object> answer(String input, String base) {
    Map<String, Object> r = new LinkedHashMap<>();
    URI u;
    try {
      u = new URI(input);
      if (base != null) u = new URI(base).resolve(u);
    } catch (URISyntaxException e) {
      r.put("ok", false);
      r.put("message", "URISyntaxException: " + e.getMessage());
      return r;
    }
    if (u.getScheme() == null) {
      r.put("ok", false);
      r.put("message", "no scheme: new URI read a relative reference");
      return r;
    }
    r.put("ok", true);
    r.put("href", u.toString());
    r.put("protocol", u.getScheme() + ":");
    if (u.isOpaque()) {
      // "mailto:x?y": one scheme-specific part, no authority, path or query
      r.put("username", "");
      r.put("password", "");
      r.put("hostname", "");
      r.put("port", "");
      r.put("host", "");
      r.put("pathname", u.getRawSchemeSpecificPart());
      r.put("search", null);
    } else {
      if (u.getRawAuthority() != null && u.getHost() == null) {
        // a registry-based authority ("http://a_b/"): Java keeps it whole, without user, host or port
        r.put("username", null);
        r.put("password", null);
        r.put("hostname", null);
        r.put("port", null);
        r.put("host", null);
      } else {
        String userInfo = or(u.getRawUserInfo());
        int colon = userInfo.indexOf(':');
        r.put("username", colon < 0 ? userInfo : userInfo.substring(0, colon));
        r.put("password", colon < 0 ? "" : userInfo.substring(colon + 1));
        String host = or(u.getHost()); // an IPv6 literal keeps its brackets
        String port = u.getPort() < 0 ? "" : Integer.toString(u.getPort());
        r.put("hostname", host);
        r.put("port", port);
        r.put("host", port.isEmpty() ? host : host + ":" + port);
      }
      r.put("pathname", or(u.getRawPath()));
      String q = u.getRawQuery();
      r.put("search", q == null || q.isEmpty() ? "" : "?" + q);
    }
    String f = u.getRawFragment();
    r.put("hash", f == null || f.isEmpty() ? "" : "#" + f);
    return r;
  }

  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
    // readLine splits at CR as well as LF; the tool escapes both inside JSON strings, so a line
    // of the protocol is never split in two
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      Request q = new Reader(line).request();
      Map<String, Object> res;
      try {
        res = answer(q.input, q.base);
      } catch (RuntimeException e) { // the glue failed: "could not answer" this request
        res = new LinkedHashMap<>();
        res.put("error", e.getClass().getName() + ": " + e.getMessage());
      }
      out.write(json(q.id, res));
      out.write('\n');
      out.flush();
    }
  }
}
