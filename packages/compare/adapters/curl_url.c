/*
 * libcurl's URL API (curl_url_set / curl_url_get) as a parser for `url-grammar compare`, speaking
 * the JSON-lines protocol of docs/compare-protocol.md. adapters/run.js builds it once with
 * `gcc ... -lcurl` into a cache directory; adapters/README.md#curl-url-api documents the mapping.
 *
 * The JSON here is only what the protocol needs: a request is one object whose members are
 * "id" (an integer), "input" (a string) and "base" (a string or null); other members are skipped.
 * Strings are decoded to UTF-8 (\uXXXX escapes and surrogate pairs included) and written back with
 * ", \ and the control characters escaped; bytes that are not UTF-8 are written as U+FFFD.
 */
#define _POSIX_C_SOURCE 200809L
#include <curl/curl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable byte buffer. */
typedef struct {
  char *data;
  size_t len, cap;
} buf;

static void buf_put(buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (b->len + n + 1 > cap) cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d) {
      fputs("curl-url-api: out of memory\n", stderr);
      exit(70);
    }
    b->data = d;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

static void buf_str(buf *b, const char *s) { buf_put(b, s, strlen(s)); }

static void put_utf8(buf *b, unsigned long cp) {
  char u[4];
  if (cp < 0x80) {
    u[0] = (char)cp;
    buf_put(b, u, 1);
  } else if (cp < 0x800) {
    u[0] = (char)(0xC0 | (cp >> 6));
    u[1] = (char)(0x80 | (cp & 0x3F));
    buf_put(b, u, 2);
  } else if (cp < 0x10000) {
    u[0] = (char)(0xE0 | (cp >> 12));
    u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    u[2] = (char)(0x80 | (cp & 0x3F));
    buf_put(b, u, 3);
  } else {
    u[0] = (char)(0xF0 | (cp >> 18));
    u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    u[3] = (char)(0x80 | (cp & 0x3F));
    buf_put(b, u, 4);
  }
}

/* ---- reading a request ---- */

typedef struct {
  const char *p, *end;
} reader;

static void skip_ws(reader *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n')) r->p++;
}

static int hex4(reader *r, unsigned long *out) {
  if (r->end - r->p < 4) return 0;
  unsigned long v = 0;
  for (int i = 0; i < 4; i++) {
    char c = r->p[i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= (unsigned long)(c - '0');
    else if (c >= 'a' && c <= 'f') v |= (unsigned long)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= (unsigned long)(c - 'A' + 10);
    else return 0;
  }
  r->p += 4;
  *out = v;
  return 1;
}

/* A JSON string at r->p (on its opening quote) into out, as UTF-8. *has_nul is set when it holds
 * U+0000, which a C string cannot carry. Returns 0 when it is not a well-formed string. */
static int read_string(reader *r, buf *out, int *has_nul) {
  if (r->p >= r->end || *r->p != '"') return 0;
  r->p++;
  out->len = 0;
  buf_put(out, "", 0);
  while (r->p < r->end) {
    const char *start = r->p;
    while (r->p < r->end && *r->p != '"' && *r->p != '\\') r->p++;
    buf_put(out, start, (size_t)(r->p - start));
    if (r->p >= r->end) return 0;
    if (*r->p == '"') {
      r->p++;
      return 1;
    }
    r->p++; /* the backslash */
    if (r->p >= r->end) return 0;
    char e = *r->p++;
    unsigned long cp;
    switch (e) {
      case '"': buf_put(out, "\"", 1); break;
      case '\\': buf_put(out, "\\", 1); break;
      case '/': buf_put(out, "/", 1); break;
      case 'b': buf_put(out, "\b", 1); break;
      case 'f': buf_put(out, "\f", 1); break;
      case 'n': buf_put(out, "\n", 1); break;
      case 'r': buf_put(out, "\r", 1); break;
      case 't': buf_put(out, "\t", 1); break;
      case 'u':
        if (!hex4(r, &cp)) return 0;
        if (cp >= 0xD800 && cp <= 0xDBFF && r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u') {
          reader look = {r->p + 2, r->end};
          unsigned long lo;
          if (hex4(&look, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            r->p = look.p;
          }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD; /* a lone surrogate (never sent) */
        if (cp == 0) *has_nul = 1;
        put_utf8(out, cp);
        break;
      default: return 0;
    }
  }
  return 0;
}

/* Skips any JSON value (for members the protocol may add later). */
static int skip_value(reader *r) {
  skip_ws(r);
  if (r->p >= r->end) return 0;
  if (*r->p == '"') {
    buf tmp = {0};
    int nul = 0, ok = read_string(r, &tmp, &nul);
    free(tmp.data);
    return ok;
  }
  if (*r->p == '{' || *r->p == '[') {
    int depth = 0;
    while (r->p < r->end) {
      if (*r->p == '"') {
        if (!skip_value(r)) return 0;
        continue;
      }
      if (*r->p == '{' || *r->p == '[') depth++;
      if (*r->p == '}' || *r->p == ']') depth--;
      r->p++;
      if (depth == 0) return 1;
    }
    return 0;
  }
  while (r->p < r->end && !strchr(",}] \t\r\n", *r->p)) r->p++;
  return 1;
}

typedef struct {
  long long id;
  buf input, base;
  int has_id, has_input, has_base, nul;
} request;

static int read_request(const char *line, size_t n, request *q) {
  reader r = {line, line + n};
  buf key = {0};
  int ok = 0;
  q->has_id = q->has_input = q->has_base = q->nul = 0;
  skip_ws(&r);
  if (r.p >= r.end || *r.p != '{') goto done;
  r.p++;
  skip_ws(&r);
  if (r.p < r.end && *r.p == '}') goto done;
  for (;;) {
    int nul = 0;
    skip_ws(&r);
    if (!read_string(&r, &key, &nul)) goto done;
    skip_ws(&r);
    if (r.p >= r.end || *r.p != ':') goto done;
    r.p++;
    skip_ws(&r);
    if (strcmp(key.data, "id") == 0) {
      char *stop;
      q->id = strtoll(r.p, &stop, 10);
      if (stop == r.p) goto done;
      r.p = stop;
      q->has_id = 1;
    } else if (strcmp(key.data, "input") == 0) {
      if (!read_string(&r, &q->input, &q->nul)) goto done;
      q->has_input = 1;
    } else if (strcmp(key.data, "base") == 0) {
      if (r.end - r.p >= 4 && strncmp(r.p, "null", 4) == 0) {
        r.p += 4;
        q->has_base = 0;
      } else {
        if (!read_string(&r, &q->base, &q->nul)) goto done;
        q->has_base = 1;
      }
    } else if (!skip_value(&r)) {
      goto done;
    }
    skip_ws(&r);
    if (r.p < r.end && *r.p == ',') {
      r.p++;
      continue;
    }
    if (r.p < r.end && *r.p == '}') break;
    goto done;
  }
  ok = q->has_id && q->has_input;
done:
  free(key.data);
  return ok;
}

/* ---- writing a response ---- */

/* Length of the UTF-8 sequence at s (0 when it is not a well-formed one). */
static int utf8_len(const unsigned char *s) {
  if (s[0] < 0x80) return 1;
  int n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
  if (n == 0) return 0;
  for (int i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  if (n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) return 0;
  if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))) return 0;
  return n;
}

static void put_json_string(buf *b, const char *s) {
  buf_put(b, "\"", 1);
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    char esc[8];
    if (*p == '"' || *p == '\\') {
      esc[0] = '\\';
      esc[1] = (char)*p;
      buf_put(b, esc, 2);
      p++;
    } else if (*p < 0x20) {
      snprintf(esc, sizeof esc, "\\u%04x", *p);
      buf_put(b, esc, 6);
      p++;
    } else {
      int n = utf8_len(p);
      if (n == 0) {
        buf_str(b, "\\ufffd");
        p++;
      } else {
        buf_put(b, (const char *)p, (size_t)n);
        p += n;
      }
    }
  }
  buf_put(b, "\"", 1);
}

static void put_member(buf *b, const char *name, const char *value) {
  buf_str(b, ",\"");
  buf_str(b, name);
  buf_str(b, "\":");
  put_json_string(b, value);
}

/* curl_url_get of one part as text (to free with free()): prefix + value + suffix, or "" when the
 * URL has none of that part (or it is empty). */
static char *part_text(CURLU *h, CURLUPart part, unsigned flags, const char *prefix, const char *suffix) {
  char *v = NULL;
  buf t = {0};
  buf_str(&t, "");
  if (curl_url_get(h, part, &v, flags) == CURLUE_OK && v && *v) {
    buf_str(&t, prefix);
    buf_str(&t, v);
    buf_str(&t, suffix);
  }
  curl_free(v);
  return t.data;
}

static void put_part(buf *b, CURLU *h, const char *name, CURLUPart part, unsigned flags, const char *prefix,
                     const char *suffix) {
  char *t = part_text(h, part, flags, prefix, suffix);
  put_member(b, name, t);
  free(t);
}

/* The rest of a failure's answer: the message is `what` and libcurl's text for `rc`. Frees `h`. */
static void answer_failure(buf *out, CURLU *h, const char *what, CURLUcode rc) {
  buf_str(out, ",\"ok\":false,\"message\":");
  buf msg = {0};
  buf_str(&msg, what);
  buf_str(&msg, curl_url_strerror(rc));
  put_json_string(out, msg.data);
  free(msg.data);
  buf_str(out, "}");
  curl_url_cleanup(h);
}

static void answer(request *q, buf *out) {
  char idtext[32];
  snprintf(idtext, sizeof idtext, "%lld", q->id);
  buf_str(out, "{\"id\":");
  buf_str(out, idtext);
  if (q->nul) {
    /* curl_url_set takes a C string: the input cannot reach the parser whole */
    buf_str(out, ",\"error\":\"the input or base holds U+0000, which a C string cannot carry\"}");
    return;
  }
  CURLU *h = curl_url();
  if (!h) {
    buf_str(out, ",\"error\":\"curl_url() returned NULL\"}");
    return;
  }
  const unsigned set_flags = CURLU_NON_SUPPORT_SCHEME;
  CURLUcode rc = CURLUE_OK;
  const char *what = "";
  if (q->has_base) {
    rc = curl_url_set(h, CURLUPART_URL, q->base.data, set_flags);
    what = "base: ";
  }
  if (rc == CURLUE_OK) {
    /* on a handle that holds the base, a relative input is resolved against it */
    rc = curl_url_set(h, CURLUPART_URL, q->input.data, set_flags);
    what = "";
  }
  if (rc != CURLUE_OK) {
    answer_failure(out, h, what, rc);
    return;
  }
  char *href = NULL;
  rc = curl_url_get(h, CURLUPART_URL, &href, CURLU_PUNYCODE);
  if (rc != CURLUE_OK) {
    /* e.g. a host that IDNA conversion refuses */
    answer_failure(out, h, "curl_url_get(CURLUPART_URL): ", rc);
    return;
  }
  buf_str(out, ",\"ok\":true");
  put_member(out, "href", href);
  curl_free(href);
  put_part(out, h, "protocol", CURLUPART_SCHEME, 0, "", ":");
  put_part(out, h, "username", CURLUPART_USER, 0, "", "");
  put_part(out, h, "password", CURLUPART_PASSWORD, 0, "", "");
  put_part(out, h, "hostname", CURLUPART_HOST, CURLU_PUNYCODE, "", "");
  put_part(out, h, "port", CURLUPART_PORT, 0, "", "");
  {
    /* host: hostname, then ":" and the port when there is one */
    char *host = part_text(h, CURLUPART_HOST, CURLU_PUNYCODE, "", "");
    char *port = part_text(h, CURLUPART_PORT, 0, ":", "");
    buf hp = {0};
    buf_str(&hp, host);
    buf_str(&hp, port);
    put_member(out, "host", hp.data);
    free(hp.data);
    free(host);
    free(port);
  }
  put_part(out, h, "pathname", CURLUPART_PATH, 0, "", "");
  put_part(out, h, "search", CURLUPART_QUERY, 0, "?", "");
  put_part(out, h, "hash", CURLUPART_FRAGMENT, 0, "#", "");
  buf_str(out, "}");
  curl_url_cleanup(h);
}

int main(void) {
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  request q = {0};
  buf out = {0};
  /* libcurl converts a host to punycode through libidn2 from the locale's encoding, as the curl
   * tool does after setlocale: without a UTF-8 locale every non-ASCII host fails to convert */
  if (!setlocale(LC_ALL, "C.UTF-8")) setlocale(LC_ALL, "");
  while ((n = getline(&line, &cap, stdin)) != -1) {
    size_t i = 0;
    while (i < (size_t)n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')) i++;
    if (i == (size_t)n) continue;
    if (!read_request(line, (size_t)n, &q)) {
      fprintf(stderr, "curl-url-api: a request line that is not a request: %.200s\n", line);
      return 2;
    }
    out.len = 0;
    answer(&q, &out);
    buf_put(&out, "\n", 1);
    fwrite(out.data, 1, out.len, stdout);
    fflush(stdout);
  }
  free(line);
  free(out.data);
  free(q.input.data);
  free(q.base.data);
  return 0;
}
