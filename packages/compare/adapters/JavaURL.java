// Java's java.net.URL as a parser for `url-grammar compare`: new URL(input), or
// new URL(new URL(base), input) with a base. It speaks the JSON-lines protocol of
// docs/compare-protocol.md and runs as a single-file source program: `java adapters/JavaURL.java`.
// The mapping is documented in adapters/README.md#java-url.
//
// A single-file program cannot share code with adapters/JavaURI.java, and the JDK has no JSON API,
// so this file reads the request lines and writes the responses itself.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;

public class JavaURL {
  /** The members of a request line that matter: id, input, base (null when absent or JSON null). */
  static final class Request {
    Long id;
    String input;
    String base;
  }

  /** Reads one request object; throws IllegalArgumentException on anything else. */
  static final class RequestParser {
    private final String text;
    private int at;

    RequestParser(String text) {
      this.text = text;
    }

    private char next() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
      if (at >= text.length()) throw new IllegalArgumentException("the line ends early");
      return text.charAt(at);
    }

    private void take(char c) {
      if (next() != c) throw new IllegalArgumentException("'" + c + "' expected at " + at);
      at++;
    }

    private String str() {
      take('"');
      StringBuilder out = new StringBuilder();
      for (;;) {
        char c = text.charAt(at++);
        if (c == '"') return out.toString();
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char e = text.charAt(at++);
        if (e == 'u') {
          // a \\u escape is one UTF-16 unit; the two halves of a pair come as two and join here
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        } else {
          int k = "\"\\/bfnrt".indexOf(e);
          if (k < 0) throw new IllegalArgumentException("unknown escape \\" + e);
          out.append("\"\\/\b\f\n\r\t".charAt(k));
        }
      }
    }

    /** A value: a String, a Long, or null for JSON null and anything this program does not need. */
    private Object any() {
      char c = next();
      if (c == '"') return str();
      if (c == '{' || c == '[') {
        int depth = 0;
        do {
          char d = next();
          if (d == '"') {
            str();
            continue;
          }
          if (d == '{' || d == '[') depth++;
          else if (d == '}' || d == ']') depth--;
          at++;
        } while (depth > 0);
        return null;
      }
      int from = at;
      while (at < text.length() && ",]} \t\r\n".indexOf(text.charAt(at)) < 0) at++;
      String word = text.substring(from, at);
      try {
        return Long.valueOf(word);
      } catch (NumberFormatException e) {
        return null; // null, true, false, a number that is not an integer
      }
    }

    Request parse() {
      Request r = new Request();
      take('{');
      boolean first = true;
      while (next() != '}') {
        if (!first) take(',');
        first = false;
        String key = str();
        take(':');
        Object v = any();
        switch (key) {
          case "id": r.id = v instanceof Long ? (Long) v : null; break;
          case "input": r.input = v instanceof String ? (String) v : null; break;
          case "base": r.base = v instanceof String ? (String) v : null; break;
          default: break;
        }
      }
      if (r.id == null || r.input == null) throw new IllegalArgumentException("no integer id or no string input");
      return r;
    }
  }

  /** Builds one response line: members in order, strings escaped as JSON needs. */
  static final class Response {
    private final StringBuilder out = new StringBuilder("{");

    Response(long id) {
      out.append("\"id\":").append(id);
    }

    private static void quote(StringBuilder b, String s) {
      b.append('"');
      for (int k = 0; k < s.length(); k++) {
        char c = s.charAt(k);
        if (c == '"' || c == '\\') b.append('\\').append(c);
        else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
        else if (Character.isSurrogate(c)) b.append(String.format("\\u%04x", (int) c)); // pairs stay pairs; ASCII out
        else b.append(c);
      }
      b.append('"');
    }

    Response put(String key, String value) {
      out.append(',');
      quote(out, key);
      out.append(':');
      quote(out, value);
      return this;
    }

    Response put(String key, boolean value) {
      out.append(',');
      quote(out, key);
      out.append(':').append(value);
      return this;
    }

    String line() {
      return out.toString() + "}";
    }
  }

  static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** "?" + query or "#" + ref, "" for none or an empty one (as the URL getters give them). */
  static String marked(char mark, String part) {
    return part == null || part.isEmpty() ? "" : mark + part;
  }

  static Response answer(Request q) {
    Response r = new Response(q.id);
    URL u;
    try {
      u = q.base == null ? new URL(q.input) : new URL(new URL(q.base), q.input);
    } catch (MalformedURLException e) {
      return r.put("ok", false).put("message", "MalformedURLException: " + e.getMessage());
    }
    String userInfo = orEmpty(u.getUserInfo());
    int colon = userInfo.indexOf(':');
    String hostname = orEmpty(u.getHost()); // an IPv6 literal keeps its brackets
    String port = u.getPort() < 0 ? "" : String.valueOf(u.getPort());
    return r.put("ok", true)
        .put("href", u.toExternalForm())
        .put("protocol", u.getProtocol() + ":")
        .put("username", colon < 0 ? userInfo : userInfo.substring(0, colon))
        .put("password", colon < 0 ? "" : userInfo.substring(colon + 1))
        .put("host", port.isEmpty() ? hostname : hostname + ":" + port)
        .put("hostname", hostname)
        .put("port", port)
        .put("pathname", orEmpty(u.getPath()))
        .put("search", marked('?', u.getQuery()))
        .put("hash", marked('#', u.getRef()));
  }

  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
    // readLine also ends a line at a CR; the tool escapes CR and LF inside strings, so no request
    // line is cut in two
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.isBlank()) continue;
      Request q = new RequestParser(line).parse();
      String text;
      try {
        text = answer(q).line();
      } catch (RuntimeException e) { // the glue itself failed: "could not answer" this one
        text = new Response(q.id).put("error", e.getClass().getName() + ": " + e.getMessage()).line();
      }
      out.print(text);
      out.print('\n');
      out.flush();
    }
  }
}
