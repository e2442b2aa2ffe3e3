# Ruby's URI (the standard library's RFC 3986 parser) as a parser for `url-grammar compare`:
# URI.parse(input), or URI.parse(base).merge(input) with a base. It speaks the JSON-lines protocol
# of docs/compare-protocol.md: `ruby adapters/ruby_uri.rb`. The mapping is documented in
# adapters/README.md#ruby-uri.
require 'json'
require 'uri'

$stdin.binmode
$stdout.binmode
$stdout.sync = true # every response line is written through at once

def answer(text, base)
  # with a base, the input goes to merge as text, as the README says it is called (merge parses it
  # with the base's parser, the same RFC 3986 parser URI.parse uses)
  url = base.nil? ? URI.parse(text) : URI.parse(base).merge(text)
  return { ok: false, message: 'no scheme: URI.parse read a relative reference' } if url.scheme.nil?

  # URI's to_s leaves the port out when it is the scheme's default (port reads the default when
  # none was written), so the port is what to_s writes
  port = url.port && url.port != url.default_port ? url.port.to_s : ''
  host = url.host || '' # an IPv6 literal keeps its brackets here (hostname strips them)
  {
    ok: true,
    href: url.to_s,
    protocol: "#{url.scheme}:",
    username: url.user || '',
    password: url.password || '',
    hostname: host,
    port: port,
    host: port.empty? ? host : "#{host}:#{port}",
    # an opaque URI ("mailto:x") has no path, only the part between the scheme and the query
    pathname: url.opaque || url.path || '',
    search: url.query.nil? || url.query.empty? ? '' : "?#{url.query}",
    hash: url.fragment.nil? || url.fragment.empty? ? '' : "##{url.fragment}",
  }
rescue URI::Error, ArgumentError => e
  { ok: false, message: "#{e.class}: #{e.message}" }
end

$stdin.each_line("\n") do |raw|
  line = raw.force_encoding(Encoding::UTF_8).strip
  next if line.empty?

  request = JSON.parse(line)
  response =
    begin
      answer(request['input'], request['base'])
    rescue StandardError => e # the glue failed: "could not answer" this one request
      { error: "#{e.class}: #{e.message}" }
    end
  $stdout.write(JSON.generate({ id: request['id'] }.merge(response)), "\n")
end
