<?php
// PHP's parse_url() as a parser for `url-grammar compare`, speaking the JSON-lines protocol of
// docs/compare-protocol.md: `php adapters/php_parse_url.php`. The mapping is documented in
// adapters/README.md#php-parse-url.
//
// parse_url only splits a string; PHP has no function that resolves a reference against a base.
// So with a base, an input that has a scheme of its own is answered alone (RFC 3986 5.2.2: a
// reference with a scheme ignores the base), and any other is "could not answer", even when
// parse_url would return false for it: that false says nothing of the URL the base would make.

/** The URL's own serialisation from parse_url's parts, in the order RFC 3986 writes them. */
function href(array $p): string {
    $s = $p['scheme'] . ':';
    if (isset($p['host'])) {
        $s .= '//';
        if (isset($p['user'])) {
            $s .= $p['user'] . (isset($p['pass']) ? ':' . $p['pass'] : '') . '@';
        }
        $s .= $p['host'] . (isset($p['port']) ? ':' . $p['port'] : '');
    }
    $s .= $p['path'] ?? '';
    if (isset($p['query'])) $s .= '?' . $p['query'];
    if (isset($p['fragment'])) $s .= '#' . $p['fragment'];
    return $s;
}

const NO_RESOLUTION = 'PHP has no reference resolution: parse_url cannot apply a base';

function answer(string $input, ?string $base): array {
    // With a base, an input without a scheme of its own (RFC 3986 section 3.1: a letter, then
    // letters, digits, "+", "-" or ".", then ":") is a relative reference, which only resolution
    // could answer. This is decided before parse_url runs, so that its false for such an input
    // ("///x", "//h:99999/p") is not mistaken for the URL failing.
    if ($base !== null && !preg_match('/^[A-Za-z][A-Za-z0-9+.-]*:/', $input)) return ['error' => NO_RESOLUTION];
    $p = parse_url($input);
    if ($p === false) return ['ok' => false, 'message' => 'parse_url returned false'];
    if (!isset($p['scheme'])) {
        // parse_url read no scheme where RFC 3986 sees one ("localhost:80" is a host and a port to
        // it): with a base, that relative reference again needs resolution.
        if ($base !== null) return ['error' => NO_RESOLUTION];
        return ['ok' => false, 'message' => 'no scheme: parse_url read a relative reference'];
    }
    $host = $p['host'] ?? '';
    $port = isset($p['port']) ? (string) $p['port'] : '';
    return [
        'ok' => true,
        // parse_url keeps no text of the whole: this is the parts joined again
        'href' => href($p),
        'protocol' => $p['scheme'] . ':',
        'username' => $p['user'] ?? '',
        'password' => $p['pass'] ?? '',
        'hostname' => $host,
        'port' => $port,
        'host' => $port === '' ? $host : $host . ':' . $port,
        'pathname' => $p['path'] ?? '',
        'search' => ($p['query'] ?? '') === '' ? '' : '?' . $p['query'],
        'hash' => ($p['fragment'] ?? '') === '' ? '' : '#' . $p['fragment'],
    ];
}

// JSON_INVALID_UTF8_SUBSTITUTE: a part that is not UTF-8 (parse_url works on bytes) becomes U+FFFD
// instead of making json_encode fail
$flags = JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE;
while (($line = fgets(STDIN)) !== false) {
    if (trim($line) === '') continue;
    $request = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    try {
        $response = answer($request['input'], $request['base'] ?? null);
    } catch (Throwable $e) {
        $response = ['error' => get_class($e) . ': ' . $e->getMessage()];
    }
    fwrite(STDOUT, json_encode(['id' => $request['id']] + $response, $flags) . "\n");
    fflush(STDOUT);
}
